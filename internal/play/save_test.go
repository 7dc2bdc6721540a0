package play

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// TestSaveInterrupted (issue 26 #14): Ctrl-C while the game is written
// stops the write, the file as it was, and offers to save the game
// elsewhere; at the offer, it leaves.
func TestSaveInterrupted(t *testing.T) {
	file := filepath.Join(t.TempDir(), "slow.ogn")
	writing := make(chan struct{})
	saved := writeSaved
	t.Cleanup(func() { writeSaved = saved })
	writeSaved = func(ctx context.Context, name string, write func(io.Writer) error) error {
		writing <- struct{}{}
		<-ctx.Done() // a disk that never answers, until the write is cancelled
		return ctx.Err()
	}
	s := startPipeSession(t, Options{Level: 1})
	s.waitFor("Your move (A B C D E F): ")
	s.typeLine("save " + file)
	<-writing
	s.interrupt()
	s.waitFor("The game was not saved: interrupted.\nStopped. Type a file name to save the game in, or just press Enter to leave: ")
	s.typeLine(file)
	<-writing
	s.interrupt()
	s.waitFor("\nThe game was not saved.\n")
	_, err := s.wait()
	assert.NoError(t, err)
	assert.NoFileExists(t, file)
}

// TestSaveThroughALink (issue 26 #21): a symbolic link is followed, even
// one that names no file yet, which the save makes; the link stays.
func TestSaveThroughALink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "games", "mine.ogn")
	require.NoError(t, os.Mkdir(filepath.Dir(target), 0o755))
	link := filepath.Join(dir, "link.ogn")
	require.NoError(t, os.Symlink(filepath.Join("games", "mine.ogn"), link))
	out, err := playGame(t, "save "+link+"\nquit\n", Options{Level: 1})
	require.NoError(t, err)
	assert.Contains(t, out, "Saved the game in "+link+".")
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is still a link")
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Contains(t, string(data), `[South "You"]`)
}

// TestSaveDash (issue 26 #21): "save -" is refused, since "-" is the
// standard input of other commands; ./- names the file, and the command
// that resumes a game names it so.
func TestSaveDash(t *testing.T) {
	t.Chdir(t.TempDir())
	out, err := playGame(t, "save -\nsave ./-\nsave -x.ogn\nquit\n", Options{Level: 1})
	require.NoError(t, err)
	assert.Contains(t, out, `The game was not saved: "-" is not a file name here; write ./- for a file of that name.`)
	assert.Contains(t, out, "Saved the game in ./-. To resume it: oware play -load ./-\n")
	assert.Contains(t, out, "Saved the game in -x.ogn. To resume it: oware play -load ./-x.ogn\n")
	assert.FileExists(t, "-")
	assert.FileExists(t, "-x.ogn")
}

// TestLoadBothYou (issue 26 #21): a record that names both players "You"
// does not tell the person's side, which -side then must.
func TestLoadBothYou(t *testing.T) {
	file := filepath.Join(t.TempDir(), "both.ogn")
	require.NoError(t, os.WriteFile(file, []byte("[South \"You\"]\n[North \"You\"]\n\n1. C e *\n"), 0o644))
	_, err := playGame(t, "quit\n", Options{Level: 1, Load: file})
	assert.EqualError(t, err, file+`: the record names both players "You"; say which side is yours with -side`)
	out, err := playGame(t, "quit\n", Options{Level: 1, Load: file, Side: side(oware.North)})
	require.NoError(t, err)
	assert.Contains(t, out, "You play North (pits a-f)")
}

// TestSaveOverThePlyLimit (issue 26 #5): a game of more plies than -load
// reads is not saved, with the reason; one of as many as it reads is
// saved and resumed.
func TestSaveOverThePlyLimit(t *testing.T) {
	limit := ogn.DefaultLimits.Plies
	g := longGame(t, limit+1)
	file := filepath.Join(t.TempDir(), "long.ogn")
	err := g.saveTo(file)
	assert.EqualError(t, err, "the game has 10001 plies: a saved game holds at most 10000 plies, which is all that oware play -load reads")
	assert.ErrorIs(t, err, errTooLong)
	assert.NoFileExists(t, file)

	g.line, g.moves = g.line[:limit+1], g.moves[:limit]
	require.NoError(t, g.saveTo(file))
	h := &game{}
	require.NoError(t, h.load(file, true))
	assert.Equal(t, g.moves, h.moves)
}

// longGame returns a game of plies moves under board-game-rs's rules,
// which know no repetition: the same capture-free cycle of a few seeds,
// found by a search, played again and again.
func longGame(t *testing.T, plies int) *game {
	t.Helper()
	rules, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	start := rules.Position(oware.MustParsePosition("1-0-1-0-0-0-1-0-1-0-0-0-22-22-S").Board())
	cycle := findCycle(t, start, 16)
	g := &game{rules: rules, human: oware.South, level: 1, limit: time.Second, line: []oware.Position{start}}
	for len(g.moves) < plies {
		m := cycle[len(g.moves)%len(cycle)]
		next, err := g.now().Play(m)
		require.NoError(t, err, "ply %d", len(g.moves)+1)
		g.line, g.moves = append(g.line, next), append(g.moves, m)
	}
	require.False(t, g.now().Outcome().Over())
	return g
}

// findCycle returns moves that lead from p back to its board, capturing
// nothing, in at most depth plies.
func findCycle(t *testing.T, p oware.Position, depth int) []oware.Move {
	t.Helper()
	var path []oware.Move
	var walk func(q oware.Position) bool
	walk = func(q oware.Position) bool {
		if len(path) > 0 && q.Board() == p.Board() {
			return true
		}
		if len(path) == depth {
			return false
		}
		for m, next := range q.Children() {
			if next.Board().Score(oware.South)+next.Board().Score(oware.North) != p.Board().Score(oware.South)+p.Board().Score(oware.North) || next.Outcome().Over() {
				continue
			}
			path = append(path, m)
			if walk(next) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	require.True(t, walk(p), "a cycle from %s", p.Board())
	return path
}

// TestLoadRestoresLevelAndTime (issue 26 #26): a resumed game is played
// at the level and time its record names, unless others are given.
func TestLoadRestoresLevelAndTime(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.ogn")
	_, err := playGame(t, "save "+file+"\nquit\n", Options{Level: 3, Time: 50 * time.Millisecond})
	require.NoError(t, err)
	var outs []string
	for _, opt := range []Options{{Load: file}, {Load: file, Level: 5}, {Load: file, Time: time.Second}} {
		var b strings.Builder
		opt.In, opt.Out = strings.NewReader("quit\n"), &b
		require.NoError(t, Run(opt))
		outs = append(outs, b.String())
	}
	assert.Contains(t, outs[0], "the computer plays North, up to 3 plies deep and 50ms a move.\n")
	assert.Contains(t, outs[1], "the computer plays North, up to 5 plies deep and 50ms a move.\n")
	assert.Contains(t, outs[2], "the computer plays North, up to 3 plies deep and 1s a move.\n")

	for _, name := range []string{"oware play, level 3, 50ms a move", "oware play, level 40, 1m30s a move"} {
		level, limit, ok := computerOf(name)
		require.True(t, ok, name)
		assert.Equal(t, name, (&game{level: level, limit: limit, human: oware.North}).playerName(oware.South))
	}
	for _, name := range []string{"Kofi", "oware play, level 0, 1s a move", "oware play, level 41, 1s a move", "oware play, level 3, 0s a move",
		"oware play, level 3, -1s a move", "oware play, level 3, soon a move", "oware play, level 3, 1s a move, or two", "oware play, level 03, 1s a move"} {
		_, _, ok := computerOf(name)
		assert.False(t, ok, name)
	}
}
