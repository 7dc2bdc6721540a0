// Command oware plays Oware (abapa rules, or another program's with -rules)
// and checks implementations of its rules against package oware.
//
// Usage:
//
//	oware                                  a demonstration game between two computer players
//	oware demo [-south LEVEL] [-north LEVEL]
//	                                       the same, at other levels
//	oware play [-level N] [-time DURATION] [-side S|N] [-rules NAME] [-tablebase DIR] [-start POSITION | -load FILE]
//	                                       play against the computer in the terminal
//	oware show [-svg] [-side S|N] [-rules NAME] [-o FILE] POSITION [MOVE]
//	                                       draw a position, or what a move did, as text or SVG
//	oware perft [-j N] [-divide] [-json] [-rules NAME] DEPTH [POSITION]
//	                                       count the move sequences of DEPTH plies
//	oware replay [-q | -s | -json] [-format F] [-rules NAME] FILE... ("-" for stdin)
//	                                       verify game records
//	oware convert [-from F] [-to F] [-rules NAME] [-o FILE] FILE... ("-" for stdin)
//	                                       convert records: ogn, playstrategy, openspiel
//	oware oracle [-rules NAME] [-tablebase DIR]
//	                                       answer JSON-lines rules queries on stdin
//	oware vectors [-rules NAME] [-seed N] [-games N] [-endgames N] [-o FILE]
//	                                       write the conformance vectors to stdout
//	oware match [-games N] [-level N] [-seed N] [-json] [-rules NAME]
//	                                       the computer against a random mover
//	oware match -engine CMD [-engine CMD | -level N] [-openings N] [-plies N] [-movetime D] [-grace D] [-maxplies N] [-o FILE] [-seed N] [-json] [-rules NAME]
//	                                       engines that speak oware uci's protocol against each other
//	oware check [-rules NAME] [-games N] [-seed S] [-timeout D] [-json] -- CMD [ARGS...]
//	                                       find where another implementation differs
//	oware version                          the version and revision it was built from
//	oware tablebase build -rules NAME -seeds N -dir DIR [-j N]
//	oware tablebase probe -dir DIR [-rules NAME] POSITION
//	oware tablebase stats -dir DIR
//	                                       build endgame tables, probe a position, show each level
//	oware uci [-rules NAME] [-hash MB] [-tablebase DIR | -endgame N]
//	                                       the engine, speaking Aalina's and Aualé's protocol
//	oware serve [-addr HOST:PORT] [-rules NAME] [-tablebase DIR]
//	                                       the analysis board in the browser, on 127.0.0.1:8080
//	oware help [COMMAND]                   the list of commands, or a command's flags
//
// Positions are written as position strings, such as the opening
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S": the seeds of pits 0 to 11, South's and
// North's captures and the side to move; a PlayStrategy FEN is read too.
// Moves are pit letters: A–F for South's pits 0–5, a–f for North's pits
// 6–11.
//
// The exit status is 2 for a usage error (an unknown command or flag, a bad
// number, a malformed position or FEN), 1 when a check fails or on an I/O
// error (an illegal game record, a file that cannot be read or written),
// and 0 otherwise.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
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
		{"show", "draw a position, or what a move did, as a diagram or an SVG picture", runShow},
		{"perft", "count the move sequences of a given depth", runPerft},
		{"replay", "verify game records", runReplay},
		{"convert", "convert game records between OGN, PlayStrategy and OpenSpiel", runConvert},
		{"oracle", "answer JSON-lines rules queries on stdin", runOracle},
		{"vectors", "write the conformance vectors to stdout", runVectors},
		{"match", "the computer against a uniformly random mover", runMatch},
		{"check", "find where another implementation of the rules differs", runCheck},
		{"version", "the version and revision the command was built from", runVersion},
		{"tablebase", "build and probe endgame tables: perfect play with few seeds", runTablebase},
		{"uci", "the engine, speaking the protocol of Aalina and Aualé (UCI for Oware)", runUCI},
		{"serve", "the analysis board in the browser: see every rule, play and analyse", runServe},
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
		if len(args) > 1 {
			return help(args[1:], stdout, stderr)
		}
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

// help writes the help of the command args[0] to stdout: its synopsis and
// flags.
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		fmt.Fprintf(stderr, "oware help: want one command, not %d\n", len(args))
		return exitUsage
	}
	if args[0] == "help" {
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run([]string{"-h"}, nil, stdout, stdout)
		}
	}
	fmt.Fprintf(stderr, "oware help: unknown command %q\n\n", args[0])
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
	fmt.Fprintln(w, "\n\"oware help COMMAND\" describes a command and its flags.")
}

// newFlags returns a flag set for a subcommand that reports to stderr.
func newFlags(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("oware "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, strings.TrimSpace("usage: oware "+name+" "+args))
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after the positional
// arguments too ("perft 11 -j 2"), and returns the positional arguments. A
// "--" ends the flags. A negative number that is not a flag's value is an
// argument ("perft -1"), so that the command can say what is wrong with
// it. On an error it says what is wrong in the command's words, with the
// usage message; the status is exitOK for -h.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {} // the flag package's own words are replaced below
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		head, tail := cutAtNumber(fs, args)
		if err := fs.Parse(head); err != nil {
			fs.Usage = usage
			fs.SetOutput(out)
			if errors.Is(err, flag.ErrHelp) {
				fs.Usage()
				return nil, exitOK, err
			}
			return nil, usageError(out, fs, "%s", flagProblem(fs, err)), err
		}
		rest := fs.Args()
		switch {
		case len(rest) == 0 && len(tail) == 0:
			return pos, exitOK, nil
		case len(rest) == 0:
			pos, args = append(pos, tail[0]), tail[1:]
		case len(head) > len(rest) && head[len(head)-len(rest)-1] == "--":
			return append(append(pos, rest...), tail...), exitOK, nil
		default:
			pos = append(pos, rest[0])
			args = append(slices.Clip(rest[1:]), tail...)
		}
	}
}

// The errors of package flag, which flagProblem words anew.
var (
	unknownFlag  = regexp.MustCompile(`^flag provided but not defined: (-.*)$`)
	missingValue = regexp.MustCompile(`^flag needs an argument: -(.*)$`)
	badValue     = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-([^:]*): (.*)$`)
	badSyntax    = regexp.MustCompile(`^bad flag syntax: (.*)$`)
)

// flagProblem says what is wrong with the flags that fs could not parse,
// err telling it in the words of package flag: an unknown flag, a flag
// without its value, or a value of the wrong kind, such as "-time 5: a
// duration needs its unit, such as 5s or 300ms".
func flagProblem(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := unknownFlag.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("unknown flag %s", m[1])
	}
	if m := badSyntax.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%q is not a flag: a flag is a dash and a name, such as -h", m[1])
	}
	if m := missingValue.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("-%s needs a value: %s", m[1], wantValue(fs.Lookup(m[1]), ""))
	}
	if m := badValue.FindStringSubmatch(msg); m != nil {
		value, uerr := strconv.Unquote(m[1])
		if uerr != nil {
			value = m[1]
		}
		sep := " "
		if strings.HasPrefix(msg, "invalid boolean") {
			sep = "="
		}
		f := fs.Lookup(m[2])
		if f != nil {
			if _, builtin := f.Value.(flag.Getter); !builtin {
				return fmt.Sprintf("-%s%s%q: %s", m[2], sep, value, m[3]) // a flag of its own: its own words
			}
		}
		return fmt.Sprintf("-%s%s%s: %s", m[2], sep, value, wantValue(f, value))
	}
	return msg
}

// wantValue says what kind of value the flag f takes, given that value
// (possibly "") was not one.
func wantValue(f *flag.Flag, value string) string {
	if f == nil {
		return "see the usage below"
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "see the usage below"
	}
	switch g.Get().(type) {
	case time.Duration:
		if _, err := strconv.ParseFloat(value, 64); err == nil {
			return fmt.Sprintf("a duration needs its unit, such as %ss or 300ms", value)
		}
		return "want a duration, such as 1s, 300ms or 2m"
	case bool:
		return "want true or false"
	case int, int64:
		return "want a whole number"
	case uint, uint64:
		return "want a whole number, 0 or more"
	case float64:
		return "want a number"
	}
	return "want " + f.Usage
}

// cutAtNumber cuts args before the first negative number that is an
// argument, not a flag's value nor a flag, and not after a "--".
func cutAtNumber(fs *flag.FlagSet, args []string) (head, tail []string) {
	for i, a := range args {
		if a == "--" {
			break
		}
		if negativeNumber(a) && fs.Lookup(a[1:]) == nil && (i == 0 || !takesValue(fs, args[i-1])) {
			return args[:i], args[i:]
		}
	}
	return args, nil
}

// takesValue tells whether the argument s is a flag of fs that takes the
// next argument as its value: a flag that is not boolean, without "=".
func takesValue(fs *flag.FlagSet, s string) bool {
	if !strings.HasPrefix(s, "-") || strings.Contains(s, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimPrefix(strings.TrimPrefix(s, "-"), "-"))
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// negativeNumber tells whether s is a minus sign and digits.
func negativeNumber(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// fail writes an error message for command name and returns exitFail.
func fail(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "oware %s: %v\n", name, err)
	return exitFail
}

// usageError writes a usage message for command name and returns
// exitUsage.
func usageError(stderr io.Writer, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return exitUsage
}

// isSet reports whether the flag of the given name was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
