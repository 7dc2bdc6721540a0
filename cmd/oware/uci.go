package main

import (
	"fmt"
	"io"

	"github.com/seed3966233f/oware/uci"
)

// uciUsage is the synopsis of oware uci.
const uciUsage = "[-rules NAME] [-hash MB] [-tablebase DIR | -endgame N]"

// runUCI serves the built-in engine over the protocol of Aalina and Aualé
// (package uci) on stdin and stdout until "quit" or the end of stdin.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("uci", uciUsage, stderr)
	rulesName := rulesFlag(fs)
	hash := fs.Int("hash", uci.DefaultHashMB, fmt.Sprintf("the size of the transposition table in MB, %d to %d (the Hash option)", uci.MinHashMB, uci.MaxHashMB))
	tablesDir := fs.String("tablebase", "", "play endgames perfectly from the tables in DIR (oware tablebase build)")
	endgame := fs.Int("endgame", uci.DefaultEndgame, fmt.Sprintf("without -tablebase, solve the endgames of up to N seeds when starting, 0 to %d (0: none)", uci.MaxEndgame))
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *hash < uci.MinHashMB || *hash > uci.MaxHashMB:
		return usageError(stderr, fs, "-hash %d: want %d to %d", *hash, uci.MinHashMB, uci.MaxHashMB)
	case *endgame < 0 || *endgame > uci.MaxEndgame:
		return usageError(stderr, fs, "-endgame %d: want 0 to %d", *endgame, uci.MaxEndgame)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	tables, status := openTables(fs, "uci", *tablesDir, rules, stderr)
	if status != exitOK {
		return status
	}
	srv, err := uci.NewEngineServer(uci.EngineConfig{Rules: rules, HashMB: *hash, Tables: tables, Endgame: *endgame})
	if err == nil {
		err = srv.Serve(stdin, stdout)
	}
	if err != nil {
		return fail(stderr, "uci", err)
	}
	return exitOK
}
