// Package cli runs the commands of a program in the manner of the go
// command (cmd/go/internal/base) and cli/cli: a table of commands, each
// with its synopsis, its help text and its flags, which are package
// flag's; one place, [Program.Run], that turns what a command returns into
// the exit status; and the command reference, written from the help texts
// ([Program.WriteMarkdown]).
//
// A command returns an error, never a status: nil for success, a
// [*UsageError] for a mistake in the command line (status 2, with the
// command's usage), [ErrReported] for a failure the command has already
// told (status 1), and any other error for a failure, which Run prints
// after the command's name (status 1). A command whose standard output
// could not be written fails too, whatever it returned; one whose reader
// has gone (a broken pipe, as with "| head") ends as the signal of a
// broken pipe ends a program, in silence.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/seed3966233f/oware/internal/outfile"
)

// Exit statuses.
const (
	ExitOK      = 0 // the command did what was asked
	ExitFailure = 1 // a failure: a check failed, a file could not be read or written
	ExitUsage   = 2 // a mistake in the command line
)

// Streams are the standard streams of a command.
type Streams struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// Func runs a command, its flags parsed, with its arguments.
type Func func(ctx context.Context, s Streams, args []string) error

// Command is a command of a program, or one of its subcommands.
type Command struct {
	// Name is the word that calls the command: "play"; for a subcommand,
	// its own word: "build" of "oware tablebase build".
	Name string
	// Usage is the synopsis: the arguments after the command's words,
	// such as "[-level N] FILE"; each further element is another form.
	// A command of subcommands has theirs.
	Usage []string
	// Short says in a line what the command does, for the list of
	// commands.
	Short string
	// Long is the help text, shown between the synopsis and the flags:
	// paragraphs separated by blank lines, and lines that start with a tab
	// shown as they are (examples, tables).
	Long string
	// Flags defines the command's flags on fs and returns the function
	// that runs the command. It is called once per run, so that no flag
	// value outlives the run.
	Flags func(fs *flag.FlagSet) Func
	// Commands are the subcommands of a command that has some instead of
	// Flags.
	Commands []*Command
	// Signals are the signals, among those that end a program (interrupt,
	// terminate, hang-up and a broken pipe), that the command catches
	// itself. On any other, Run removes the temporary files of package
	// outfile and the program ends as the signal would have ended it. A
	// command that runs other programs lists the broken pipe, which a
	// write to one of them that has ended would otherwise raise.
	Signals []os.Signal
}

// Program is a program of commands.
type Program struct {
	// Name is the program's name, "oware".
	Name string
	// Long is the introduction of the command reference.
	Long string
	// Commands are the commands, in the order of the list of commands.
	Commands []*Command
	// Default is the command run without arguments.
	Default string
}

// UsageError is a mistake in the way a command was called, such as an
// unknown flag, a flag's value refused or an argument missing: the exit
// status is 2, and the command's usage follows the message.
type UsageError struct {
	Err error
}

// Error returns the message of e.Err.
func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns e.Err.
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a *UsageError with the message that fmt.Errorf makes;
// %w wraps an error as there.
func Usagef(format string, a ...any) error {
	return &UsageError{Err: fmt.Errorf(format, a...)}
}

// ErrReported is the error of a command that failed and has said why
// itself, as replay does for each invalid game: the exit status is 1 and
// nothing more is printed.
var ErrReported = errors.New("cli: failure reported")

// Run runs the command line args (without the program's name) with the
// streams s and returns the exit status: the one place where errors
// become statuses.
func (p *Program) Run(ctx context.Context, args []string, s Streams) int {
	out := &checkedWriter{w: s.Stdout}
	s.Stdout = out
	cmd, path, err := p.run(ctx, args, s)
	if errors.Is(out.err, syscall.EPIPE) {
		// The reader of the standard output has gone, as "| head" does:
		// the program ends as the broken pipe would have ended it, in
		// silence, its temporary files removed.
		outfile.RemoveTemps()
		reraise(syscall.SIGPIPE)
	}
	if err == nil && out.err != nil {
		err = fmt.Errorf("writing the standard output: %w", out.err)
	}
	var ue *UsageError
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrReported):
		return ExitFailure
	case errors.As(err, &ue):
		fmt.Fprintf(s.Stderr, "%s: %v\n", path, err)
		p.usage(s.Stderr, cmd, path)
		return ExitUsage
	}
	fmt.Fprintf(s.Stderr, "%s: %v\n", path, err)
	return ExitFailure
}

// run finds the command of args and runs it. It returns the command (nil
// for the program itself) and its words, for the messages.
func (p *Program) run(ctx context.Context, args []string, s Streams) (*Command, string, error) {
	if len(args) == 0 && p.Default != "" {
		args = []string{p.Default}
	}
	if len(args) == 0 || isHelp(args[0]) {
		if len(args) > 0 && args[0] == "help" {
			return nil, p.Name + " help", p.help(s.Stdout, args[1:])
		}
		return nil, p.Name, p.help(s.Stdout, nil)
	}
	cmd, path, rest, err := p.lookup(args)
	var hr *helpRequest
	switch {
	case errors.As(err, &hr):
		return cmd, path, writeHelp(s.Stdout, path, cmd)
	case err != nil:
		return cmd, path, err
	}
	fs := flag.NewFlagSet(path, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // Run tells of the errors, and help prints the flags
	fs.Usage = func() {}
	run := cmd.Flags(fs)
	pos, err := parse(fs, rest)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return cmd, path, writeHelp(s.Stdout, path, cmd)
	case err != nil:
		return cmd, path, &UsageError{Err: err}
	}
	defer handleSignals(cmd.Signals)()
	return cmd, path, run(ctx, s, pos)
}

// lookup finds the command that args call, through its subcommands, and
// returns it with its words and the arguments that follow them.
func (p *Program) lookup(args []string) (*Command, string, []string, error) {
	cmd := find(p.Commands, args[0])
	if cmd == nil {
		return nil, p.Name, nil, Usagef("unknown command %q", args[0])
	}
	path := p.Name + " " + cmd.Name
	args = args[1:]
	for cmd.Commands != nil {
		if len(args) == 0 {
			return cmd, path, nil, Usagef("want a command: %s", names(cmd.Commands))
		}
		if isHelp(args[0]) {
			return cmd, path, nil, &helpRequest{}
		}
		sub := find(cmd.Commands, args[0])
		if sub == nil {
			return cmd, path, nil, Usagef("unknown command %q: want %s", args[0], names(cmd.Commands))
		}
		cmd, path, args = sub, path+" "+sub.Name, args[1:]
	}
	return cmd, path, args, nil
}

// helpRequest is the "error" of "-h" after a command of subcommands.
type helpRequest struct{}

func (*helpRequest) Error() string { return "help requested" }

// find returns the command of cmds named name, or nil.
func find(cmds []*Command, name string) *Command {
	i := slices.IndexFunc(cmds, func(c *Command) bool { return c.Name == name })
	if i < 0 {
		return nil
	}
	return cmds[i]
}

// names lists the names of cmds: "build, probe or stats".
func names(cmds []*Command) string {
	var ns []string
	for _, c := range cmds {
		ns = append(ns, c.Name)
	}
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " or " + ns[len(ns)-1]
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// parse parses args with fs, allowing flags after the arguments too
// ("perft 11 -j 2"): package flag stops at the first argument, so each
// argument is set aside and the rest parsed again. A "--" ends the flags:
// what follows it is arguments, whatever it looks like.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		switch n := len(args) - len(rest); {
		case len(rest) == 0:
			return pos, nil
		case n > 0 && args[n-1] == "--":
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// checkedWriter writes to w and keeps the first error, after which it
// writes no more.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

// Unwrap returns the writer written to, so that a terminal is found
// behind it (see package internal/term).
func (c *checkedWriter) Unwrap() io.Writer { return c.w }

// IsSet reports whether the flag of the given name was given.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
