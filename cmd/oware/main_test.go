package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	for _, c := range commands() {
		assert.Contains(t, out, "  "+c.name+" ")
	}
	status, _, errOut := runCmd(t, "", "plya")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `unknown command "plya"`)
}

// TestHelpCommand: "oware help COMMAND" prints that command's synopsis and
// flags on stdout.
func TestHelpCommand(t *testing.T) {
	status, out, errOut := runCmd(t, "", "help", "play")
	require.Equal(t, exitOK, status)
	assert.Empty(t, errOut)
	assert.True(t, strings.HasPrefix(out, "usage: oware play "+playUsage+"\n"), out)
	assert.Contains(t, out, "-time duration")
	assert.Contains(t, out, "undo (take back your last move and the reply), hint")
	assert.NotContains(t, out, "commands:")
	for _, c := range commands() {
		status, out, _ := runCmd(t, "", "help", c.name)
		assert.Equal(t, exitOK, status, c.name)
		assert.Regexp(t, "^usage: oware "+c.name+"( .*)?\n", out, c.name)
	}
	status, out, _ = runCmd(t, "", "help", "help")
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, "commands:")

	status, _, errOut = runCmd(t, "", "help", "plya")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `oware help: unknown command "plya"`)
	status, _, _ = runCmd(t, "", "help", "play", "perft")
	assert.Equal(t, exitUsage, status)
}

func TestParseFlagsNegativeNumbers(t *testing.T) {
	for _, tt := range []struct {
		args []string
		pos  []string
		j    int
	}{
		{[]string{"-1"}, []string{"-1"}, 1},
		{[]string{"-j", "3", "-1", "x"}, []string{"-1", "x"}, 3},
		{[]string{"-1", "-j", "3"}, []string{"-1"}, 3},
		{[]string{"-j", "-2", "5"}, []string{"5"}, -2},
		{[]string{"-v", "-3"}, []string{"-3"}, 1},
		{[]string{"--", "-j", "-4"}, []string{"-j", "-4"}, 1},
	} {
		fs := newFlags("t", "", &bytes.Buffer{})
		j := fs.Int("j", 1, "")
		fs.Bool("v", false, "")
		pos, status, err := parseFlags(fs, tt.args)
		require.NoError(t, err, "%q", tt.args)
		assert.Equal(t, exitOK, status)
		assert.Equal(t, tt.pos, pos, "%q", tt.args)
		assert.Equal(t, tt.j, *j, "%q", tt.args)
	}
}

func TestParseFlagsInterspersed(t *testing.T) {
	for _, args := range [][]string{
		{"-j", "3", "7", "pos"},
		{"7", "-j", "3", "pos"},
		{"7", "pos", "-j=3"},
	} {
		fs := newFlags("t", "", &bytes.Buffer{})
		j := fs.Int("j", 1, "")
		pos, status, err := parseFlags(fs, args)
		require.NoError(t, err, "%q", args)
		assert.Equal(t, exitOK, status)
		assert.Equal(t, []string{"7", "pos"}, pos, "%q", args)
		assert.Equal(t, 3, *j, "%q", args)
	}
	fs := newFlags("t", "", &bytes.Buffer{})
	j := fs.Int("j", 1, "")
	pos, _, err := parseFlags(fs, []string{"--", "-j", "2"})
	require.NoError(t, err)
	assert.Equal(t, []string{"-j", "2"}, pos, "after --, flags are arguments")
	assert.Equal(t, 1, *j)

	fs = newFlags("t", "", &bytes.Buffer{})
	fs.Int("j", 1, "")
	_, status, err := parseFlags(fs, []string{"-k"})
	assert.Error(t, err)
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
		{[]string{"replay", missing}, exitFail},
		{[]string{"play", "-load", missing}, exitFail},
		{[]string{"vectors", "-o", missing}, exitFail},
		{[]string{"help", "play"}, exitOK},
		{[]string{"play", "-h"}, exitOK},
		{[]string{"perft", "0"}, exitOK},
		{[]string{"play", "-level", "1"}, exitOK},
	} {
		status, _, _ := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
	}
}

// TestFlagErrors: a flag that is unknown, lacks its value or has a value of
// the wrong kind is reported in the command's words, once, before the
// usage message; nothing of package flag's own wording shows.
func TestFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "-time", "5"}, "oware play: -time 5: a duration needs its unit, such as 5s or 300ms\n"},
		{[]string{"play", "-time", "1.5"}, "oware play: -time 1.5: a duration needs its unit, such as 1.5s or 300ms\n"},
		{[]string{"play", "-time", "soon"}, "oware play: -time soon: want a duration, such as 1s, 300ms or 2m\n"},
		{[]string{"play", "-time"}, "oware play: -time needs a value: want a duration, such as 1s, 300ms or 2m\n"},
		{[]string{"play", "-level=x"}, "oware play: -level x: want a whole number\n"},
		{[]string{"play", "-nope"}, "oware play: unknown flag -nope\n"},
		{[]string{"play", "---x"}, `oware play: "---x" is not a flag: a flag is a dash and a name, such as -h` + "\n"},
		{[]string{"match", "-seed", "-1"}, "oware match: -seed -1: want a whole number, 0 or more\n"},
		{[]string{"replay", "-q=maybe", "x"}, "oware replay: -q=maybe: want true or false\n"},
		{[]string{"perft", "3", "-j", "99999999999999999999"}, "oware perft: -j 99999999999999999999: want a whole number\n"},
		{[]string{"show", "-rules"}, "oware show: -rules needs a value: want the rules: abapa, "},
	} {
		status, out, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, exitUsage, status, "%q", tt.args)
		assert.Empty(t, out)
		assert.True(t, strings.HasPrefix(errOut, tt.want), "%q: %s", tt.args, errOut)
		assert.Equal(t, 1, strings.Count(errOut, "usage: oware "+tt.args[0]+" "), "%q: one usage message", tt.args)
		for _, words := range []string{"flag provided", "invalid value", "parse error", "needs an argument", "bad flag syntax"} {
			assert.NotContains(t, errOut, words, "%q", tt.args)
		}
	}
	// -h prints the usage alone, with exitOK.
	status, _, errOut := runCmd(t, "", "play", "-h")
	assert.Equal(t, exitOK, status)
	assert.True(t, strings.HasPrefix(errOut, "usage: oware play "), errOut)
}
