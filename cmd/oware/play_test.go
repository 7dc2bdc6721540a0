package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/engine"
)

// TestPlayScripted drives a game with illegal input, then a legal move,
// then the end of the input.
func TestPlayScripted(t *testing.T) {
	status, out, errOut := runCmd(t, "hello\nd\n\nhelp\nC\n", "play", "-level", "1")
	require.Equal(t, exitOK, status, errOut)
	want := []string{
		"You play South (pits A-F); the computer plays North at level 1.\n",
		"Your move {A B C D E F}: Not a legal move: move \"hello\": byte 0: not a pit letter A-F, a-f or number 0-11. Type one of {A B C D E F}.\n",
		"Your move {A B C D E F}: Not a legal move: South plays d: pit is not on the mover's side. Your pits are A-F.\n",
		"The legal moves now are {A B C D E F}.",
		// Seed 003: the four seeds of pit 2 go to pits 3, 4, 5 and 6.
		"South plays C (4 seeds)\n\n" +
			"    f  e  d  c  b  a\n" +
			"N   4  4  4  4  4  5   North 0\n" +
			"S   4  4  0  5  5  5   South 0\n" +
			"    A  B  C  D  E  F\n" +
			"North to move\n",
		"The computer looked 1 ply ahead (evaluation +0.50 seeds for it).\n",
		"North plays ",
		"Your move {A B ",
		"\nEnd of input: the game is left unfinished.\n",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w)
		require.GreaterOrEqual(t, i, 0, "missing, in order: %q\nin:\n%s", w, out)
		at += i + len(w)
	}
	assert.Equal(t, len(out), at, "nothing after the end of input")
}

func TestPlayToTheEnd(t *testing.T) {
	// South has 23; F makes pit 6 hold 2 and captures it: 25 (R8). The
	// empty pit B is refused first (R2).
	status, out, errOut := runCmd(t, "B\nF\n", "play", "-start", "1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "Your move {A F}: Not a legal move: South plays B: pit is empty.\n")
	assert.Contains(t, out, "South plays F (1 seed) and captures 2: pit 6 (2)\n")
	assert.True(t, strings.HasSuffix(out, "Game over: South wins 25-18 (majority, R8). You win!\n"), out)
}

func TestPlayFeedingHint(t *testing.T) {
	status, out, _ := runCmd(t, "A\nquit\n", "play", "-start", "1-0-0-3-2-1-0-0-0-0-0-0-20-21-S")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "Your move {D E F}: Not a legal move: South plays A: move does not feed the opponent. "+
		"North has no seeds: sow a pit that reaches their side (R7).\n")
	assert.True(t, strings.HasSuffix(out, "You stopped the game.\n"))
}

func TestPlayAsNorth(t *testing.T) {
	// The computer, South, moves first; then the input ends.
	status, out, _ := runCmd(t, "", "play", "-side", "n", "-level", "2")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "You play North (pits a-f); the computer plays South at level 2.\n")
	south := strings.Index(out, "\nSouth plays ")
	prompt := strings.Index(out, "Your move {a b c d e f}: ")
	require.GreaterOrEqual(t, south, 0)
	assert.Greater(t, prompt, south)
}

func TestPlayFinishedStart(t *testing.T) {
	// D4: the set-up position is already over (R9, 24-24).
	status, out, _ := runCmd(t, "", "play", "-start", "0-0-0-0-0-0-0-0-4-0-0-0-24-20-S")
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasSuffix(out, "Game over: draw 24-24 (no move, R9). A draw.\n"), out)
	assert.NotContains(t, out, "Your move")
}

func TestRating(t *testing.T) {
	assert.Equal(t, "evaluation +0.50 seeds for it", rating(2))
	assert.Equal(t, "evaluation -3.25 seeds for it", rating(-13))
	assert.Equal(t, "it sees a forced win", rating(engine.Win-7))
	assert.Equal(t, "it sees a forced loss", rating(-engine.Win+3))
}

func TestPlayErrors(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"play", "-side", "east"}, exitUsage, `-side "east": want S or N`},
		{[]string{"play", "-level", "41"}, exitUsage, "-level 41: want 1 to 40"},
		{[]string{"play", "-start", "4-4"}, exitFail, `oware play: position "4-4"`},
		{[]string{"play", "extra"}, exitUsage, `unexpected argument "extra"`},
	} {
		status, _, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Contains(t, errOut, tt.stderr, "%q", tt.args)
	}
}
