package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/seed3966233f/oware/internal/cli"
	"github.com/stretchr/testify/require"
)

// Exit statuses.
const (
	exitOK    = cli.ExitOK
	exitFail  = cli.ExitFailure
	exitUsage = cli.ExitUsage
)

// runCmd runs the command line with the given stdin and returns the exit
// status, stdout and stderr.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

func TestUsage(t *testing.T) {
	status, out, _ := runCmd(t, "", "help")
	assert.Equal(t, exitOK, status)
	for _, c := range program().Commands {
		assert.Contains(t, out, "  "+c.Name+" ")
	}
	status, _, errOut := runCmd(t, "", "plya")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `oware: unknown command "plya"`)
	assert.Contains(t, errOut, "commands:", "the list of commands follows")
}

// TestHelpCommand: "oware help COMMAND" and "oware COMMAND -h" print that
// command's synopsis, help text and flags on stdout.
func TestHelpCommand(t *testing.T) {
	status, out, errOut := runCmd(t, "", "help", "play")
	require.Equal(t, exitOK, status)
	assert.Empty(t, errOut)
	assert.True(t, strings.HasPrefix(out, "usage: oware play "+playCommand.Usage[0]+"\n"), out)
	assert.Contains(t, out, "-time DURATION")
	assert.Contains(t, out, "undo (take back your last move and the reply), hint")
	assert.NotContains(t, out, "commands:")
	_, dashH, _ := runCmd(t, "", "play", "-h")
	assert.Equal(t, out, dashH, "-h prints the same help")
	for _, c := range program().Commands {
		status, out, _ := runCmd(t, "", "help", c.Name)
		assert.Equal(t, exitOK, status, c.Name)
		assert.Regexp(t, "^usage: oware "+c.Name+"( .*)?\n", out, c.Name)
		assert.Contains(t, out, "\n"+strings.TrimSpace(c.Long)+"\n", c.Name)
	}
	status, out, _ = runCmd(t, "", "help", "tablebase", "build")
	assert.Equal(t, exitOK, status)
	assert.True(t, strings.HasPrefix(out, "usage: oware tablebase build -rules NAME"), out)
	status, out, _ = runCmd(t, "", "help", "help")
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, "commands:")

	status, _, errOut = runCmd(t, "", "help", "plya")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `oware help: unknown command "plya"`)
	status, _, _ = runCmd(t, "", "help", "play", "perft")
	assert.Equal(t, exitUsage, status)
}

// TestExitStatus: 2 for every usage error, a malformed position or FEN
// among them; 1 for a failed check or an I/O error; 0 otherwise.
func TestExitStatus(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing", "file")
	for _, tt := range []struct {
		args   []string
		status int
	}{
		{[]string{"plya"}, exitUsage},
		{[]string{"help", "plya"}, exitUsage},
		{[]string{"play", "-nope"}, exitUsage},
		{[]string{"play", "-start", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X"}, exitUsage},
		{[]string{"play", "-start", "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S 0 0 S 1"}, exitUsage},
		{[]string{"perft", "2", "4-4-4-4-4-4-4-4-4-4-4-4-0-0"}, exitUsage},
		{[]string{"perft", "-1"}, exitUsage},
		{[]string{"demo", "-south", "0"}, exitUsage},
		{[]string{"match", "-games", "0"}, exitUsage},
		{[]string{"tablebase"}, exitUsage},
		{[]string{"tablebase", "bild"}, exitUsage},
		{[]string{"replay", missing}, exitFail},
		{[]string{"play", "-load", missing}, exitFail},
		{[]string{"vectors", "-o", missing}, exitFail},
		{[]string{"help", "play"}, exitOK},
		{[]string{"play", "-h"}, exitOK},
		{[]string{"tablebase", "-h"}, exitOK},
		{[]string{"perft", "0"}, exitOK},
		{[]string{"play", "-level", "1"}, exitOK},
	} {
		status, _, _ := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
	}
}

// TestFlagErrors: a flag that is unknown, lacks its value or has a value
// refused is reported once, in package flag's words with the reason its
// value gives, before the command's synopsis.
func TestFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "-time", "5"}, `oware play: invalid value "5" for flag -time: a duration needs its unit, such as 5s or 300ms` + "\n"},
		{[]string{"play", "-time", "1.5"}, `oware play: invalid value "1.5" for flag -time: a duration needs its unit, such as 1.5s or 300ms` + "\n"},
		{[]string{"play", "-time", "soon"}, `oware play: invalid value "soon" for flag -time: want a duration, such as 1s, 300ms or 2m` + "\n"},
		{[]string{"play", "-time", "0s"}, `oware play: invalid value "0s" for flag -time: want a duration above 0, such as 1s` + "\n"},
		{[]string{"play", "-time"}, "oware play: flag needs an argument: -time\n"},
		{[]string{"play", "-level=x"}, `oware play: invalid value "x" for flag -level: want a whole number from 1 to 40` + "\n"},
		{[]string{"play", "-level", "41"}, `oware play: invalid value "41" for flag -level: want a whole number from 1 to 40` + "\n"},
		{[]string{"play", "-nope"}, "oware play: flag provided but not defined: -nope\n"},
		{[]string{"play", "-side", "east"}, `oware play: invalid value "east" for flag -side: oware: player "East": byte 0: not "South", "North", "S" or "N"`},
		{[]string{"match", "-seed", "-1"}, `oware match: invalid value "-1" for flag -seed: parse error` + "\n"},
		{[]string{"replay", "-q=maybe", "x"}, `oware replay: invalid boolean value "maybe" for -q: parse error` + "\n"},
		{[]string{"perft", "3", "-j", "99999999999999999999"}, `oware perft: invalid value "99999999999999999999" for flag -j: want a whole number, 0 or more` + "\n"},
		{[]string{"show", "-rules", "chess", "x"}, `oware show: invalid value "chess" for flag -rules: oware: rules "chess"`},
		{[]string{"perft", "-1"}, "oware perft: flag provided but not defined: -1\n"},
	} {
		status, out, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, exitUsage, status, "%q", tt.args)
		assert.Empty(t, out)
		assert.True(t, strings.HasPrefix(errOut, tt.want), "%q: %s", tt.args, errOut)
		assert.Equal(t, 1, strings.Count(errOut, "usage: oware "+tt.args[0]+" "), "%q: one usage message", tt.args)
		assert.Contains(t, errOut, `"oware help `+tt.args[0]+`" describes the command and its flags.`)
	}
}
