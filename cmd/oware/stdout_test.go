package main

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStdoutFull (issue 26 #6): every command whose standard output
// cannot be written (/dev/full) says so and exits with status 1: those of
// the issue and the others that write there (all but serve, whose help is
// the case of its own).
func TestStdoutFull(t *testing.T) {
	needUnix(t)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	tables := smallTables(t)
	const club = "../../ogn/testdata/club.ogn"
	cases := [][]string{
		{"replay", "-json", club},
		{"replay", club},
		{"replay", "-q", club},
		{"replay", "-s", club},
		{"perft", "3"},
		{"perft", "-json", "3"},
		{"demo", "-south", "1", "-north", "1"},
		{"match", "-games", "1", "-level", "1"},
		{"match", "-games", "1", "-level", "1", "-json"},
		{"tablebase", "stats", "-dir", tables},
		{"tablebase", "probe", "-dir", tables, "-rules", "awari", "0-0-0-0-0-1-2-1-0-0-0-0-22-22-S"},
		{"version"},
		{"help"},
		{"help", "play"},
		{"play", "-h"},
		{"show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"convert", club},
		{"vectors", "-games", "1", "-endgames", "0"},
		{"tablebase", "build", "-rules", "awari", "-seeds", "1", "-dir", t.TempDir()},
		{"oracle"},
		{"uci", "-endgame", "0", "-hash", "1"},
		{"play"},
		{"check", "-games", "1", "--", os.Args[0], "oracle"}, // the subject is the command too, by the environment
	}
	// What the commands that read their standard input read.
	stdin := map[string]string{
		"oracle": `{"id":1,"moves":["F"]}` + "\n",
		"uci":    "uci\nisready\nposition startpos\ngo depth 1\n",
		"play":   "quit\n",
	}
	for _, args := range cases {
		cmd := command(args...)
		cmd.Stdout = full
		cmd.Stdin = strings.NewReader(stdin[args[0]])
		var errOut strings.Builder
		cmd.Stderr = &errOut
		err := cmd.Run()
		require.Error(t, err, "%q", args)
		assert.Equal(t, exitFail, cmd.ProcessState.ExitCode(), "%q: %s", args, errOut.String())
		assert.Contains(t, errOut.String(), "no space left on device", "%q", args)
		assert.Equal(t, 1, strings.Count(errOut.String(), "\n"), "%q: one message: %s", args, errOut.String())
	}
}

// failAfter is a writer that fails with "no space left on device" once it
// has taken n bytes.
type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errors.New("no space left on device")
	}
	f.n -= len(p)
	return len(p), nil
}

// TestOutputFailureStops (issue 26 #6, #19): once the standard output
// fails, replay and convert stop reading, and say so once.
func TestOutputFailureStops(t *testing.T) {
	games := strings.Repeat("1. F e 2. A b *\n\n", 100000)
	for _, args := range [][]string{{"replay", "-"}, {"replay", "-json", "-"}, {"convert", "-"}, {"convert", "-to", "openspiel", "-"}} {
		in := &countingReader{r: strings.NewReader(games)}
		var errOut strings.Builder
		status := run(args, in, &failAfter{n: 1000}, &errOut)
		assert.Equal(t, exitFail, status, "%q", args)
		assert.Equal(t, 1, strings.Count(errOut.String(), "\n"), "%q: one message: %s", args, errOut.String())
		assert.Contains(t, errOut.String(), "no space left on device", "%q", args)
		assert.Less(t, in.n, int64(len(games)/2), "%q: the input is not read on", args)
	}
}
