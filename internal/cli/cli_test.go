package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testProgram is a program of two commands and a command of subcommands,
// whose runs record their flags and arguments.
func testProgram(got *[]string) *Program {
	run := func(name string) func(fs *flag.FlagSet) Func {
		return func(fs *flag.FlagSet) Func {
			var j int
			IntVar(fs, &j, "j", 1, 1, 8, "`N` workers")
			v := fs.Bool("v", false, "tell more")
			return func(_ context.Context, s Streams, args []string) error {
				*got = append(*got, fmt.Sprintf("%s j=%d v=%t %q", name, j, *v, args))
				switch {
				case len(args) > 0 && args[0] == "usage":
					return Usagef("want %s", "something else")
				case len(args) > 0 && args[0] == "fail":
					return errors.New("it broke")
				case len(args) > 0 && args[0] == "reported":
					fmt.Fprintln(s.Stderr, "told already")
					return ErrReported
				}
				_, err := fmt.Fprintln(s.Stdout, "done")
				return err
			}
		}
	}
	return &Program{
		Name:    "prog",
		Default: "one",
		Commands: []*Command{
			{Name: "one", Usage: []string{"[-j N] [-v] ARG..."}, Short: "the first", Long: "One does the first thing.", Flags: run("one")},
			{Name: "two", Short: "the second", Flags: run("two")},
			{Name: "group", Short: "a group", Commands: []*Command{
				{Name: "sub", Usage: []string{"[-j N]"}, Short: "a subcommand", Flags: run("group sub")},
			}},
		},
	}
}

// runProg runs the test program and returns its status, output, error
// output and what the commands saw.
func runProg(t *testing.T, args ...string) (int, string, string, []string) {
	t.Helper()
	var got []string
	var out, errOut bytes.Buffer
	status := testProgram(&got).Run(context.Background(), args, Streams{strings.NewReader(""), &out, &errOut})
	return status, out.String(), errOut.String(), got
}

// TestExitStatuses: what a command returns becomes the status in one
// place: nil 0, a usage error 2 with the synopsis, ErrReported 1 without
// a word, any other error 1 after the command's name.
func TestExitStatuses(t *testing.T) {
	for _, tt := range []struct {
		args           []string
		status         int
		stdout, stderr string
	}{
		{nil, ExitOK, "done\n", ""},
		{[]string{"one", "x"}, ExitOK, "done\n", ""},
		{[]string{"one", "usage"}, ExitUsage, "", "prog one: want something else\nusage: prog one [-j N] [-v] ARG...\n\"prog help one\" describes the command and its flags.\n"},
		{[]string{"one", "fail"}, ExitFailure, "", "prog one: it broke\n"},
		{[]string{"one", "reported"}, ExitFailure, "", "told already\n"},
		{[]string{"one", "-k"}, ExitUsage, "", "prog one: flag provided but not defined: -k\nusage: prog one [-j N] [-v] ARG...\n\"prog help one\" describes the command and its flags.\n"},
		{[]string{"one", "-j", "9"}, ExitUsage, "", "prog one: invalid value \"9\" for flag -j: want a whole number from 1 to 8\nusage: prog one [-j N] [-v] ARG...\n\"prog help one\" describes the command and its flags.\n"},
		{[]string{"two", "usage"}, ExitUsage, "", "prog two: want something else\nusage: prog two\n\"prog help two\" describes the command and its flags.\n"},
		{[]string{"group", "sub", "fail"}, ExitFailure, "", "prog group sub: it broke\n"},
		{[]string{"group"}, ExitUsage, "", "prog group: want a command: sub\nusage: prog group sub [-j N]\n\"prog help group\" describes the command and its flags.\n"},
		{[]string{"group", "bus"}, ExitUsage, "", "prog group: unknown command \"bus\": want sub\nusage: prog group sub [-j N]\n\"prog help group\" describes the command and its flags.\n"},
	} {
		status, out, errOut, _ := runProg(t, tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Equal(t, tt.stdout, out, "%q", tt.args)
		assert.Equal(t, tt.stderr, errOut, "%q", tt.args)
	}
	status, _, errOut, _ := runProg(t, "three")
	assert.Equal(t, ExitUsage, status)
	assert.True(t, strings.HasPrefix(errOut, "prog: unknown command \"three\"\n\nusage: prog [command] [flags] [arguments]\n\ncommands:\n  one       the first\n"), errOut)
}

// TestInterspersedFlags: flags may come before or after the arguments; a
// "--" ends them; a negative number is a flag, as package flag reads it.
func TestInterspersedFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-j", "3", "7", "pos"}, `one j=3 v=false ["7" "pos"]`},
		{[]string{"7", "-j", "3", "pos"}, `one j=3 v=false ["7" "pos"]`},
		{[]string{"7", "pos", "-j=3", "-v"}, `one j=3 v=true ["7" "pos"]`},
		{[]string{"--", "-j", "2"}, `one j=1 v=false ["-j" "2"]`},
		{[]string{"x", "--", "-j", "2"}, `one j=1 v=false ["x" "-j" "2"]`},
		{[]string{"-v", "x", "-j", "2", "--", "-v"}, `one j=2 v=true ["x" "-v"]`},
	} {
		status, _, errOut, got := runProg(t, append([]string{"one"}, tt.args...)...)
		require.Equal(t, ExitOK, status, "%q: %s", tt.args, errOut)
		assert.Equal(t, []string{tt.want}, got, "%q", tt.args)
	}
	status, _, errOut, got := runProg(t, "one", "-1")
	assert.Equal(t, ExitUsage, status)
	assert.Contains(t, errOut, "flag provided but not defined: -1")
	assert.Empty(t, got, "the command does not run")
}

// TestHelp: "help", "-h" and "help COMMAND" print to stdout, with status
// 0, the list of commands or a command's synopsis, help text and flags.
func TestHelp(t *testing.T) {
	status, list, errOut, _ := runProg(t, "help")
	require.Equal(t, ExitOK, status, errOut)
	assert.Equal(t, "usage: prog [command] [flags] [arguments]\n\ncommands:\n  one       the first\n  two       the second\n  group     a group\n\n\"prog help COMMAND\" describes a command and its flags.\n", list)
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help", "help"}} {
		status, out, _, _ := runProg(t, args...)
		assert.Equal(t, ExitOK, status, "%q", args)
		assert.Equal(t, list, out, "%q", args)
	}
	want := "usage: prog one [-j N] [-v] ARG...\n\nOne does the first thing.\n\nFlags:\n  -j N\n    \tN workers (default 1)\n  -v\ttell more\n"
	for _, args := range [][]string{{"help", "one"}, {"one", "-h"}, {"one", "x", "-help"}} {
		status, out, errOut, got := runProg(t, args...)
		assert.Equal(t, ExitOK, status, "%q", args)
		assert.Equal(t, want, out, "%q", args)
		assert.Empty(t, errOut)
		assert.Empty(t, got, "the command does not run")
	}
	status, out, _, _ := runProg(t, "help", "group")
	assert.Equal(t, ExitOK, status)
	assert.Equal(t, "usage: prog group sub [-j N]\n\n\"prog help group sub\" describes prog group sub: a subcommand.\n", out)
	_, dashH, _, _ := runProg(t, "group", "-h")
	assert.Equal(t, out, dashH)
	status, out, _, _ = runProg(t, "help", "group", "sub")
	assert.Equal(t, ExitOK, status)
	assert.True(t, strings.HasPrefix(out, "usage: prog group sub [-j N]\n"), out)
	status, _, errOut, _ = runProg(t, "help", "one", "two")
	assert.Equal(t, ExitUsage, status)
	assert.Contains(t, errOut, "prog help: want one command, not one two\n")
}

// TestStdoutFailure: a command whose standard output cannot be written
// fails, whatever it returns, and says so.
func TestStdoutFailure(t *testing.T) {
	var got []string
	var errOut bytes.Buffer
	full := failingWriter{}
	status := testProgram(&got).Run(context.Background(), []string{"one"}, Streams{strings.NewReader(""), full, &errOut})
	assert.Equal(t, ExitFailure, status)
	assert.Equal(t, "prog one: no space left on device\n", errOut.String())

	// A command that ignores the error of its writes fails all the same.
	p := &Program{Name: "prog", Commands: []*Command{{Name: "quiet", Flags: func(*flag.FlagSet) Func {
		return func(_ context.Context, s Streams, _ []string) error {
			fmt.Fprintln(s.Stdout, "lost")
			fmt.Fprintln(s.Stdout, "lost too")
			return nil
		}
	}}}}
	errOut.Reset()
	status = p.Run(context.Background(), []string{"quiet"}, Streams{strings.NewReader(""), full, &errOut})
	assert.Equal(t, ExitFailure, status)
	assert.Equal(t, "prog quiet: writing the standard output: no space left on device\n", errOut.String())

	errOut.Reset()
	status = p.Run(context.Background(), []string{"help"}, Streams{strings.NewReader(""), full, &errOut})
	assert.Equal(t, ExitFailure, status, "help too")
	assert.Equal(t, "prog help: writing the standard output: no space left on device\n", errOut.String())
}

// failingWriter fails every write as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestRangeFlags: IntVar and DurationVar refuse what lies outside their
// range, in words, and keep the value for what lies in it.
func TestRangeFlags(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(&bytes.Buffer{})
	var n, m int
	var d, e time.Duration
	IntVar(fs, &n, "n", 5, 1, 40, "")
	IntVar(fs, &m, "m", 0, 0, math.MaxInt, "")
	DurationVar(fs, &d, "d", time.Second, 1, "")
	DurationVar(fs, &e, "e", time.Second, time.Millisecond, "")
	assert.Equal(t, 5, n)
	assert.Equal(t, time.Second, d)
	for _, tt := range []struct{ arg, err string }{
		{"-n=0", `invalid value "0" for flag -n: want a whole number from 1 to 40`},
		{"-n=41", `invalid value "41" for flag -n: want a whole number from 1 to 40`},
		{"-n=x", `invalid value "x" for flag -n: want a whole number from 1 to 40`},
		{"-n=99999999999999999999", `invalid value "99999999999999999999" for flag -n: want a whole number from 1 to 40`},
		{"-m=-1", `invalid value "-1" for flag -m: want a whole number, 0 or more`},
		{"-d=5", `invalid value "5" for flag -d: a duration needs its unit, such as 5s or 300ms`},
		{"-d=soon", `invalid value "soon" for flag -d: want a duration, such as 1s, 300ms or 2m`},
		{"-d=0s", `invalid value "0s" for flag -d: want a duration above 0, such as 1s`},
		{"-e=999us", `invalid value "999us" for flag -e: want a duration of 1ms or more`},
	} {
		assert.EqualError(t, fs.Parse([]string{tt.arg}), tt.err)
	}
	require.NoError(t, fs.Parse([]string{"-n", "40", "-m", "0x10", "-d", "1ns", "-e", "1ms"}))
	assert.Equal(t, []any{40, 16, time.Nanosecond, time.Millisecond}, []any{n, m, d, e})
}

// TestMarkdown: a help text's paragraphs are escaped, so that they read in
// Markdown as in the terminal, and its lines that start with a tab become
// code blocks, blank lines within them kept.
func TestMarkdown(t *testing.T) {
	text := "\nA *star*, an_underscore, <tag> and [link](x) | pipe.\n# not a heading\n- not an item\n3. not a number\n\n\t$ prog one\n\n\toutput\nAfter.\n"
	assert.Equal(t, "A \\*star\\*, an\\_underscore, \\<tag\\> and \\[link\\](x) \\| pipe.\n\\# not a heading\n\\- not an item\n3\\. not a number\n\n"+
		"```\n$ prog one\n\noutput\n```\n\nAfter.\n\n", markdown(text))

	var got []string
	var b strings.Builder
	require.NoError(t, testProgram(&got).WriteMarkdown(&b))
	md := b.String()
	for _, want := range []string{
		"# The `prog` command\n",
		"| [`prog one`](#prog-one) | the first |\n",
		"## `prog one`\n\n```\nprog one [-j N] [-v] ARG...\n```\n\nOne does the first thing.\n\nFlags:\n\n```\n  -j N\n    \tN workers (default 1)\n  -v\ttell more\n```\n",
		"## `prog two`\n\n```\nprog two\n```\n\nthe second.\n",
		"## `prog group`\n\n```\nprog group sub [-j N]\n```\n",
		"### `prog group sub`\n",
	} {
		assert.Contains(t, md, want)
	}
	assert.False(t, strings.HasSuffix(md, "\n\n"), "one line break at the end")
}
