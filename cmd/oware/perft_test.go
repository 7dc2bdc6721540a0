package main

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/term"
)

// TestPerftSplitMatchesPerft: however the tree is shared out, the counts
// are those of oware.Perft, and the per-move counts add up.
func TestPerftSplitMatchesPerft(t *testing.T) {
	positions := []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S", // must feed (R7)
		"0-0-0-0-0-0-0-0-4-0-0-0-24-20-S", // already over (R9)
		"2-1-0-0-0-1-0-0-0-4-1-0-19-20-N", // a win in one (R8)
		"3-0-5-1-7-2-0-4-4-1-6-3-6-6-N",
	}
	for _, s := range positions {
		p := oware.MustParsePosition(s)
		for depth := 0; depth <= 6; depth++ {
			want := oware.Perft(p, depth)
			for _, workers := range []int{1, 2, 3, 64} {
				got := perftSplit(p, depth, workers, nil)
				require.Equal(t, want, got.total, "%s depth %d, %d workers", s, depth, workers)
				var sum uint64
				for _, mc := range got.moves {
					sum += mc.leaves
				}
				if depth > 0 {
					assert.Equal(t, want, sum, "%s depth %d: per-move counts", s, depth)
					assert.Len(t, got.moves, p.Moves().Len())
				}
				assert.LessOrEqual(t, got.workers, workers)
			}
		}
	}
}

func TestPerftCommand(t *testing.T) {
	// The published ladder from the opening: 5219 leaves at depth 5.
	status, out, _ := runCmd(t, "", "perft", "5")
	require.Equal(t, exitOK, status)
	assert.Regexp(t, `^perft 5 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: 5219 leaves\n`+
		`[0-9.]+[µnm]?s, [0-9.]+ M leaves/s, [12] workers?\n$`, out)

	// From the opening each move leads to 6 replies: depth 2 is 6 x 6.
	status, out, _ = runCmd(t, "", "perft", "-divide", "-j", "1", "2")
	require.Equal(t, exitOK, status)
	assert.Regexp(t, "^A 6\nB 6\nC 6\nD 6\nE 6\nF 6\nperft 2 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: 36 leaves\n.*, 1 worker\n$", out)

	// North's side is empty: D, E and F feed it; each then has replies.
	status, out, _ = runCmd(t, "", "perft", "1", "1-0-0-3-2-1-0-0-0-0-0-0-20-21-S", "-j", "2")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "perft 1 1-0-0-3-2-1-0-0-0-0-0-0-20-21-S: 3 leaves\n")

	// Depth 0 counts the position itself: one leaf.
	status, out, _ = runCmd(t, "", "perft", "0")
	require.Equal(t, exitOK, status)
	assert.Regexp(t, "^perft 0 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: 1 leaf\n", out)

	// A PlayStrategy FEN: the opening, 6 moves.
	status, out, _ = runCmd(t, "", "perft", "1", "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1")
	require.Equal(t, exitOK, status)
	assert.Regexp(t, "^perft 1 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: 6 leaves\n", out)
}

func TestPerftCommandErrors(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"perft"}, exitUsage, "want DEPTH"},
		{[]string{"perft", "x"}, exitUsage, `depth "x"`},
		{[]string{"perft", "-1"}, exitUsage, "oware perft: flag provided but not defined: -1\n"},
		{[]string{"perft", "-j", "2", "-1"}, exitUsage, "flag provided but not defined: -1"},
		{[]string{"perft", "-j", "-1", "2"}, exitUsage, `invalid value "-1" for flag -j: want a whole number, 0 or more`},
		{[]string{"perft", "-k"}, exitUsage, "oware perft: flag provided but not defined: -k\nusage: oware perft "},
		{[]string{"perft", "31"}, exitUsage, `depth "31"`},
		{[]string{"perft", "3", "4-4-4"}, exitUsage, `oware perft: "4-4-4" is not a position string or a FEN: at byte 5, too few fields`},
		{[]string{"perft", "3", "4S,4S 0 0 S"}, exitUsage, `"4S,4S 0 0 S" is not a position string or a FEN`},
		{[]string{"perft", "3", "pos", "extra"}, exitUsage, "want DEPTH"},
	} {
		status, _, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Contains(t, errOut, tt.stderr, "%q", tt.args)
	}
}

// onTerminalForTest makes every writer count as a terminal for the rest of
// the test, and the clock move on by a second at each reading, so that
// every update of a progress line shows.
func onTerminalForTest(t *testing.T) {
	saved := onTerminal
	onTerminal = func(io.Writer) bool { return true }
	t.Cleanup(func() { onTerminal = saved })
	useClock(t, &testkit.Clock{Step: time.Second})
}

// TestPerftProgress: on a terminal, stderr shows the count as each root
// move is done, with the running total, and the line is erased at the end;
// off a terminal nothing shows.
func TestPerftProgress(t *testing.T) {
	status, out, errOut := runCmd(t, "", "perft", "-j", "1", "2")
	require.Equal(t, exitOK, status)
	assert.Empty(t, errOut, "silent off a terminal")
	plain := out

	onTerminalForTest(t)
	status, out, errOut = runCmd(t, "", "perft", "-j", "1", "2")
	require.Equal(t, exitOK, status)
	assert.Equal(t, strings.SplitN(plain, "\n", 2)[0], strings.SplitN(out, "\n", 2)[0], "stdout is the same")
	// From the opening, each of the 6 moves has 6 replies.
	testkit.InOrder(t, errOut,
		term.ClearLine+"perft 2: 1 of 6 moves done, 1 of 6 subtrees, 6 leaves so far (",
		term.ClearLine+"perft 2: 2 of 6 moves done, 2 of 6 subtrees, 12 leaves so far (",
		term.ClearLine+"perft 2: 6 of 6 moves done, 6 of 6 subtrees, 36 leaves so far (")
	assert.True(t, strings.HasSuffix(errOut, ")"+term.ClearLine), "the line is erased: %q", errOut)

	// Split two plies down among two workers: 36 subtrees, 190 leaves.
	status, _, errOut = runCmd(t, "", "perft", "-j", "2", "3")
	require.Equal(t, exitOK, status)
	assert.Equal(t, 36, strings.Count(errOut, term.ClearLine+"perft 3: "), errOut)
	assert.Contains(t, errOut, term.ClearLine+"perft 3: 6 of 6 moves done, 36 of 36 subtrees, 190 leaves so far (")
}

// TestPerftJSON: one object per legal move at the root, in pit order, then
// a summary.
func TestPerftJSON(t *testing.T) {
	for _, j := range []string{"1", "2"} {
		status, out, errOut := runCmd(t, "", "perft", "-json", "-j", j, "-rules", "openspiel", "13", "0-1-0-1-0-1-0-0-1-0-0-0-22-22-N")
		require.Equal(t, exitOK, status, errOut)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		// North's only pit with a seed is c (8).
		require.Len(t, lines, 2, out)
		assert.Equal(t, `{"kind":"move","move":"c","leaves":2475}`, lines[0])
		var sum struct {
			Kind, Position, Rules string
			Depth, Workers        int
			Leaves                uint64
			Seconds               float64
		}
		require.NoError(t, json.Unmarshal([]byte(lines[1]), &sum))
		assert.Equal(t, "summary", sum.Kind)
		assert.Equal(t, "0-1-0-1-0-1-0-0-1-0-0-0-22-22-N", sum.Position)
		assert.Equal(t, "openspiel", sum.Rules)
		assert.Equal(t, 13, sum.Depth)
		assert.Equal(t, uint64(2475), sum.Leaves, "the README's count under openspiel")
		assert.GreaterOrEqual(t, sum.Seconds, 0.0)
	}
	status, out, _ := runCmd(t, "", "perft", "-json", "2")
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasPrefix(out, `{"kind":"move","move":"A","leaves":6}`+"\n"+`{"kind":"move","move":"B","leaves":6}`+"\n"), out)
	assert.Equal(t, 7, strings.Count(out, "\n"))
}
