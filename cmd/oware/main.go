// Command oware plays Oware (abapa rules, or another program's with -rules)
// and checks implementations of its rules against package oware.
//
// "oware help" lists the commands and "oware help COMMAND" describes one;
// docs/cli.md, written from the same help texts, is the command
// reference. Each command is a table entry in its own file (package
// internal/cli runs them): its synopsis, its help text, its flags and one
// call to the package that does the work.
package main

//go:generate go test -run ^TestCommandReference$ -update

import (
	"context"
	"io"
	"os"

	"github.com/seed3966233f/oware/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args (without the program's name) and returns
// the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return program().Run(context.Background(), args, cli.Streams{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// program returns the oware command's table of commands.
func program() *cli.Program {
	return &cli.Program{
		Name:    "oware",
		Long:    introduction,
		Default: "demo",
		Commands: []*cli.Command{
			demoCommand, playCommand, showCommand, perftCommand, replayCommand, convertCommand,
			oracleCommand, vectorsCommand, matchCommand, checkCommand, versionCommand,
			tablebaseCommand, uciCommand, serveCommand,
		},
	}
}

// introduction opens the command reference.
const introduction = `
The oware command plays Oware, by the abapa rules or another program's
(-rules), and checks other implementations of the rules. Run without
arguments, it plays a demonstration game.

Positions are written as position strings, such as the opening
4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: the seeds of pits 0 to 11, South's and
North's captures and the side to move. A PlayStrategy FEN
(4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1) is read wherever a
position is. Moves are pit letters: A-F for South's pits 0-5, a-f for
North's pits 6-11.

Flags can come before or after the arguments ("oware perft 11 -j 2");
a "--" ends them. The exit status is 2 for a mistake in the command line
(an unknown command or flag, a value refused, a malformed position or
FEN), 1 for a failure (a check that fails, an illegal game record, a file
that cannot be read or written, the standard output among them), and 0
otherwise.

A file that a command writes (-o, play's save) is written whole or not at
all: a new file, written beside it, replaces it once complete, so that an
error, a full disk or a signal leaves the file as it was. The new file
keeps the permissions of the one it replaces, and its owner and group
where the process may give them; other hard links to the old file keep
the old contents. A symbolic link is followed to the file it names.
`
