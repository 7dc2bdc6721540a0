package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"
)

// The opening from South's side, and after South's A from North's side.
const (
	openingSouth = "    f  e  d  c  b  a\n" +
		"N   4  4  4  4  4  4   North 0\n" +
		"S   4  4  4  4  4  4   South 0\n" +
		"    A  B  C  D  E  F\n" +
		"South to move\n"
	afterANorth = "    F  E  D  C  B  A\n" +
		"S   4  5  5  5  5  0   South 0\n" +
		"N   4  4  4  4  4  4   North 0\n" +
		"    a  b  c  d  e  f\n" +
		"North to move\n"
)

// TestPlayScripted drives a game with input that is not a move, the
// other side's pit, an own pit in lower case, then the end of the input.
func TestPlayScripted(t *testing.T) {
	status, out, errOut := runCmd(t, "hello world\n7\n\nhelp\nc\n", "play", "-level", "1")
	require.Equal(t, exitOK, status, errOut)
	testkit.InOrder(t, out,
		"You play South (pits A-F) by the abapa rules; the computer plays North, up to 1 ply deep and 1s a move.\n",
		openingSouth,
		"Your move (A B C D E F): \"hello world\" is not a pit or a command. Type one of your pits: A B C D E F.\n",
		"Your move (A B C D E F): Pit 7 is b, one of North's pits. Type one of your pits: A B C D E F.\n",
		"Your move (A B C D E F): Your move (A B C D E F): \nYour pits are A-F, on the bottom row; the computer's are a-f, on top.\n",
		"These are the abapa rules.", "unless that would take every seed the computer has", "Whoever captures 25 seeds wins at once.",
		`"undo" takes back your last move, "hint"`,
		// The rule sheet's worked sowing (R3): the four seeds of pit 2 go
		// to pits 3, 4, 5 and 6.
		"Your move (A B C D E F): South plays C (4 seeds)\n\n"+
			"    f  e  d  c  b  a\n"+
			"N   4  4  4  4  4  5   North 0\n"+
			"S   4  4  0  5  5  5   South 0\n"+
			"    A  B  C  D  E  F\n"+
			"North to move\n",
		"The computer looked 1 ply ahead (evaluation ",
		"North plays ",
		"Your move (A B ",
		"\nEnd of input: the game is left unfinished.\n")
	assert.True(t, strings.HasSuffix(out, "\nEnd of input: the game is left unfinished.\n"))
}

func TestPlayToTheEnd(t *testing.T) {
	// South has 23; F makes pit 6 (a) hold 2 and captures it: 25 (R8). The
	// empty pit B is refused first (R2).
	status, out, errOut := runCmd(t, "B\nf\n", "play", "-start", "1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	require.Equal(t, exitOK, status, errOut)
	testkit.InOrder(t, out,
		"Your move (A F): Pit B is empty. Type one of your pits: A F.\n",
		"Your move (A F): South plays F (1 seed) and captures 2 from a\n")
	assert.True(t, strings.HasSuffix(out, "Game over: South wins 25-18 (majority, R8). You win!\n"), out)
}

// TestPlayCapturesByLetter: North's c sows pits 9, 10, 11, 0 and 1, making
// A and B hold 2 and 3; the capture names them by letter, last seed first.
func TestPlayCapturesByLetter(t *testing.T) {
	status, out, _ := runCmd(t, "C\n", "play", "-side", "N", "-start", "1-2-0-0-4-1-0-0-5-0-0-0-15-20-N")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "North plays c (5 seeds) and captures 5 from B and A\n")
}

func TestPlayFeeding(t *testing.T) {
	status, out, _ := runCmd(t, "A\nquit\n", "play", "-start", "1-0-0-3-2-1-0-0-0-0-0-0-20-21-S")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "Your move (D E F): North has no seeds, and A would not give them any: "+
		"you must sow a pit that reaches their side (R7). Type one of your pits: D E F.\n")
	assert.True(t, strings.HasSuffix(out, "You stopped the game.\n"))
}

// TestPlayAsNorth: the computer, South, moves first; at level 1 every
// opening move scores the same but A and B, which keep South's seeds at
// home (24 against 24, five non-empty pits against six: -2), and A comes
// first. The board is drawn from North's side. North's pits can be typed
// in upper case.
func TestPlayAsNorth(t *testing.T) {
	status, out, _ := runCmd(t, "A\nquit\n", "play", "-side", "n", "-level", "1")
	require.Equal(t, exitOK, status)
	testkit.InOrder(t, out,
		"You play North (pits a-f) by the abapa rules; the computer plays South, up to 1 ply deep and 1s a move.\n",
		"    F  E  D  C  B  A\n"+
			"S   4  4  4  4  4  4   South 0\n"+
			"N   4  4  4  4  4  4   North 0\n"+
			"    a  b  c  d  e  f\n"+
			"South to move\n",
		"The computer looked 1 ply ahead (evaluation +0.00 seeds for it).\nSouth plays A (4 seeds)\n\n"+afterANorth,
		"Your move (a b c d e f): North plays a (4 seeds)\n\n"+
			"    F  E  D  C  B  A\n"+
			"S   4  5  5  5  5  0   South 0\n"+
			"N   0  5  5  5  5  4   North 0\n"+
			"    a  b  c  d  e  f\n"+
			"South to move\n")
}

func TestPlayFinishedStart(t *testing.T) {
	// D4: the set-up position is already over (R9, 24-24).
	status, out, _ := runCmd(t, "", "play", "-start", "0-0-0-0-0-0-0-0-4-0-0-0-24-20-S")
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasSuffix(out, "Game over: draw 24-24 (no move, R9). A draw.\n"), out)
	assert.NotContains(t, out, "Your move")
}

// TestPlayStartFEN: the FEN of the README's table, North to move.
func TestPlayStartFEN(t *testing.T) {
	status, out, _ := runCmd(t, "", "play", "-side", "N", "-start", "3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "    F  E  D  C  B  A\n"+
		"S   1  0  0  0 10  0   South 13\n"+
		"N   2  0  5  0  0  3   North 14\n"+
		"    a  b  c  d  e  f\n"+
		"North to move\n\nYour move (a c f): ")
}

func TestPlayUndo(t *testing.T) {
	status, out, _ := runCmd(t, "undo\nC\nundo\nundo\nquit\n", "play", "-level", "1")
	require.Equal(t, exitOK, status)
	testkit.InOrder(t, out,
		"Your move (A B C D E F): There is no move of yours to take back.\n",
		"South plays C (4 seeds)",
		"North plays ",
		"Taken back: C and ", ".\n\n"+openingSouth,
		"Your move (A B C D E F): There is no move of yours to take back.\n",
		"You stopped the game.\n")

	// As North, undo goes back to the computer's first move, not before.
	status, out, _ = runCmd(t, "b\nundo\nquit\n", "play", "-side", "N", "-level", "1")
	require.Equal(t, exitOK, status)
	testkit.InOrder(t, out, "South plays A (4 seeds)", "North plays b (4 seeds)", "South plays ",
		"Your move (", "Taken back: b and ", ".\n\n"+afterANorth+"\nYour move (a b c d e f): You stopped the game.\n")
}

// TestPlayHint: at level 1 the computer would open with A (see
// TestPlayAsNorth).
func TestPlayHint(t *testing.T) {
	status, out, _ := runCmd(t, "hint\nquit\n", "play", "-level", "1")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "Your move (A B C D E F): Hint: the computer would play A (it looked 1 ply ahead).\nYour move")
}

// savedCe is the record of a game after South's C and North's e.
const savedCe = `[Variant "Oware Abapa"]
[South "You"]
[North "oware play, level 1, 1s a move"]
[Result "*"]

1. C e *
`

func TestPlaySaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.ogn")
	require.NoError(t, os.WriteFile(file, []byte(savedCe), 0o644))
	status, out, errOut := runCmd(t, "undo\nsave "+file+"\ny\nquit\n", "play", "-level", "1", "-load", file)
	require.Equal(t, exitOK, status, errOut)
	// After C (pits 3, 4, 5, 6) and e (pits 11, 0, 1, 2), undo takes both
	// back: the opening.
	testkit.InOrder(t, out,
		"Resumed the game saved in "+file+" after 2 plies.\n",
		"    f  e  d  c  b  a\n"+
			"N   5  0  4  4  4  5   North 0\n"+
			"S   5  5  1  5  5  5   South 0\n"+
			"    A  B  C  D  E  F\n"+
			"South to move\n",
		"Your move (A B C D E F): Taken back: C and e.\n\n"+openingSouth,
		"Your move (A B C D E F): "+file+" exists. Replace it? (y/N): Saved the game in "+file+". To resume it: oware play -load "+file+"\n")
	saved, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[South \"You\"]\n[North \"oware play, level 1, 1s a move\"]\n[Result \"*\"]\n\n*\n", string(saved))

	// The human's side comes from the record unless -side says otherwise.
	north := strings.ReplaceAll(strings.ReplaceAll(savedCe, `"You"`, `"them"`), `"oware play, level 1, 1s a move"`, `"You"`)
	require.NoError(t, os.WriteFile(file, []byte(north), 0o644))
	_, out, _ = runCmd(t, "quit\n", "play", "-level", "1", "-load", file)
	assert.Contains(t, out, "You play North (pits a-f)")
	_, out, _ = runCmd(t, "quit\n", "play", "-level", "1", "-load", file, "-side", "S")
	assert.Contains(t, out, "You play South (pits A-F)")
}

// TestPlaySaveSetUp: a game from a set-up position is saved with its FEN
// tag, and a save that fails leaves the game going.
func TestPlaySaveSetUp(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.ogn")
	status, out, _ := runCmd(t, "save "+file+"\nsave "+filepath.Join(file, "no")+"\nsave\nquit\n",
		"play", "-level", "2", "-start", "1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	require.Equal(t, exitOK, status)
	testkit.InOrder(t, out, "Saved the game in ", "Your move (A F): The game was not saved: write "+filepath.Join(file, "no")+": not a directory.\n",
		"Your move (A F): Give a file name: \"save FILE\".\n", "You stopped the game.\n")
	saved, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[South \"You\"]\n[North \"oware play, level 2, 1s a move\"]\n[Result \"*\"]\n"+
		"[FEN \"1-0-0-0-0-1-1-0-0-4-0-0-23-18-S\"]\n\n*\n", string(saved))
}

func TestPlayErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.ogn")
	require.NoError(t, os.WriteFile(bad, []byte("1. C C *\n"), 0o644))
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"play", "-side", "east"}, exitUsage, `oware play: invalid value "east" for flag -side: oware: player "East": byte 0: not "South", "North", "S" or "N"`},
		{[]string{"play", "-level", "41"}, exitUsage, `invalid value "41" for flag -level: want a whole number from 1 to 40`},
		{[]string{"play", "-level", "0"}, exitUsage, `invalid value "0" for flag -level: want a whole number from 1 to 40`},
		{[]string{"play", "-time", "0s"}, exitUsage, `invalid value "0s" for flag -time: want a duration above 0`},
		{[]string{"play", "-time", "soon"}, exitUsage, "oware play: invalid value \"soon\" for flag -time: want a duration, such as 1s, 300ms or 2m\nusage: oware play "},
		{[]string{"play", "-start", "4-4"}, exitUsage, `oware play: -start "4-4" is not a position string or a FEN: at byte 3, too few fields`},
		{[]string{"play", "-start", "4S/4S 0 0 S"}, exitUsage, `oware play: -start "4S/4S 0 0 S" is not a position string or a FEN: at byte 2, North's row has only 1 of its 6 pits`},
		{[]string{"play", "-start", "4-4-4-4-4-4-4-4-4-4-4-4-0-1-S"}, exitUsage, "at byte 0, total is 49"},
		{[]string{"play", "-start", "x", "-load", "y"}, exitUsage, "-start and -load: give one or the other"},
		{[]string{"play", "-load", filepath.Join(t.TempDir(), "none.ogn")}, exitFail, "oware play: open "},
		{[]string{"play", "-load", bad}, exitFail, "oware play: "},
		{[]string{"play", "extra"}, exitUsage, `unexpected argument "extra"`},
	} {
		status, _, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Contains(t, errOut, tt.stderr, "%q", tt.args)
	}
}
