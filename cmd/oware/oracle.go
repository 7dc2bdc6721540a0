package main

import (
	"io"

	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/tablebase"
)

// runOracle serves the oracle protocol (see package internal/oracle) on
// stdin and stdout until the end of stdin.
func runOracle(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("oracle", "[-rules NAME] [-tablebase DIR]", stderr)
	rulesName := rulesFlag(fs)
	tables := fs.String("tablebase", "", "answer \"values\" from the endgame tables in DIR (oware tablebase build)")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) > 0 {
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	o := oracle.Oracle{Rules: rules}
	if *tables != "" {
		if o.Tables, err = tablebase.Open(*tables); err != nil {
			return fail(stderr, "oracle", err)
		}
	}
	if err := o.Serve(stdin, stdout); err != nil {
		return fail(stderr, "oracle", err)
	}
	return exitOK
}
