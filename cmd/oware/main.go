// Command oware plays Oware (abapa rules) and checks implementations of its
// rules against package oware.
//
// Usage:
//
//	oware                                  a demonstration game between two computer players
//	oware play [-level N] [-side S|N] [-start POSITION]
//	                                       play against the computer in the terminal
//	oware perft [-j N] [-divide] DEPTH [POSITION]
//	                                       count the move sequences of DEPTH plies
//	oware replay [-q | -s] [-format F] FILE...
//	                                       verify game records ("-" reads stdin)
//	oware convert [-from F] [-to F] [-o FILE] FILE...
//	                                       convert records: ogn, playstrategy, openspiel
//	oware oracle                           answer JSON-lines rules queries on stdin
//	oware vectors [-seed N] [-games N] [-endgames N] [-o FILE]
//	                                       write the conformance vectors to stdout
//	oware match [-games N] [-level N] [-seed N]
//	                                       the computer against a random mover
//	oware check [-rules NAME] [-games N] [-seed S] [-timeout D] -- CMD [ARGS...]
//	                                       find where another implementation differs
//
// Positions are written as position strings, such as the opening
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S": the seeds of pits 0 to 11, South's and
// North's captures and the side to move. Moves are pit letters: A–F for
// South's pits 0–5, a–f for North's pits 6–11.
//
// The exit status is 0 on success, 1 when a command fails (an illegal game
// record, an I/O error) and 2 for a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// command is a subcommand: it runs with its arguments and streams and
// returns an exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands returns the subcommands, in the order of the usage message.
func commands() []command {
	return []command{
		{"demo", "a demonstration game between two computer players (the default)", runDemo},
		{"play", "play against the computer in the terminal", runPlay},
		{"perft", "count the move sequences of a given depth", runPerft},
		{"replay", "verify game records", runReplay},
		{"convert", "convert game records between OGN, PlayStrategy and OpenSpiel", runConvert},
		{"oracle", "answer JSON-lines rules queries on stdin", runOracle},
		{"vectors", "write the conformance vectors to stdout", runVectors},
		{"match", "the computer against a uniformly random mover", runMatch},
		{"check", "find where another implementation of the rules differs", runCheck},
	}
}

// run runs the command line args (without the program name) and returns the
// exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runDemo(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "oware: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

// usage writes the list of commands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: oware [command] [flags] [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n\"oware COMMAND -h\" describes a command's flags.")
}

// newFlags returns a flag set for a subcommand that reports to stderr.
func newFlags(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("oware "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: oware %s %s\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after the positional
// arguments too ("perft 11 -j 2"), and returns the positional arguments. A
// "--" ends the flags. The status is exitOK for -h.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, err
			}
			return nil, exitUsage, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, exitOK, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), exitOK, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// fail writes an error message for command name and returns exitFail.
func fail(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "oware %s: %s\n", name, strings.TrimPrefix(err.Error(), "oware: "))
	return exitFail
}

// usageError writes a usage message for command name and returns
// exitUsage.
func usageError(stderr io.Writer, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return exitUsage
}
