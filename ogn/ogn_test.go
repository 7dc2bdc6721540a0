package ogn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// short is the record of the package documentation: four moves each, two
// captures of 2 seeds.
const short = `[Variant "Oware Abapa"]
[Event "Club evening"]
[South "Ama"]
[North "Kofi"]
[Result "*"]

1. F e 2. D b {North threatens B} 3. B d+2 4. A+2 a *
`

func TestParseShort(t *testing.T) {
	g, err := ogn.ParseGame(short)
	require.NoError(t, err)
	assert.Equal(t, []ogn.Tag{{"Event", "Club evening"}, {"South", "Ama"}, {"North", "Kofi"}}, g.Tags)
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result)
	assert.Equal(t, oware.Start().Board(), g.Start)
	want := []ogn.Ply{
		{Move: 5}, {Move: 10}, {Move: 3}, {Move: 7, Comments: []string{"North threatens B"}},
		{Move: 1}, {Move: 9, Captured: 2}, {Move: 0, Captured: 2}, {Move: 6},
	}
	assert.Equal(t, want, g.Moves)

	effects, err := g.Replay()
	require.NoError(t, err)
	require.Len(t, effects, 8)
	last := effects[7].After()
	assert.Equal(t, 2, effects[5].Captured(), "d+2")
	assert.Equal(t, 2, last.Board().Score(oware.South))
	assert.Equal(t, 2, last.Board().Score(oware.North))
	assert.Equal(t, oware.South, last.Board().ToMove())
	assert.False(t, last.Outcome().Over())
}

func TestWriteShortIsCanonical(t *testing.T) {
	g, err := ogn.ParseGame(short)
	require.NoError(t, err)
	assert.Equal(t, short, g.String())
}

func TestReplayIllegalMove(t *testing.T) {
	// 3. F: South's pit F was emptied by 1. F and has received no seed.
	g, err := ogn.ParseGame("1. F e 2. F")
	require.NoError(t, err)
	effects, err := g.Replay()
	var re *ogn.ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, oware.Move(5), re.Move)
	assert.ErrorIs(t, err, oware.ErrEmptyPit)
	var me *oware.MoveError
	assert.ErrorAs(t, err, &me)
	assert.Len(t, effects, 2)
	assert.Equal(t, "ogn: ply 3 (F): South plays F: pit is empty", err.Error())
}

func TestReplayCaptureMarks(t *testing.T) {
	for _, tc := range []struct {
		text string
		ply  int
	}{
		{"1. F e 2. D b 3. B d 4. A+2 a", 6},   // missing mark
		{"1. F e 2. D b 3. B d+3 4. A+2 a", 6}, // wrong number
		{"1. F+1 e", 1},                        // mark on a quiet move
	} {
		g, err := ogn.ParseGame(tc.text)
		require.NoError(t, err, tc.text)
		_, err = g.Replay()
		assert.ErrorIs(t, err, ogn.ErrCaptureMark, tc.text)
		var re *ogn.ReplayError
		require.ErrorAs(t, err, &re, tc.text)
		assert.Equal(t, tc.ply, re.Ply, tc.text)
	}
}

func TestReplayResult(t *testing.T) {
	g, err := ogn.ParseGame("[Result \"1-0\"]\n1. F e")
	require.NoError(t, err)
	_, err = g.Replay()
	assert.ErrorIs(t, err, ogn.ErrResult)
	assert.Equal(t, `ogn: result disagrees with the outcome: recorded "1-0", but the game is not over`, err.Error())
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		text         string
		line, column int
		want         error
	}{
		{"1. F g", 1, 6, ogn.ErrSyntax},
		{"1. F+0 e", 1, 6, ogn.ErrSyntax},
		{"1. F {never closed", 1, 6, ogn.ErrSyntax},
		{"1. F (e (a) e", 1, 6, ogn.ErrSyntax},
		{"[Variant \"Kalah\"]\n1. F", 1, 1, ogn.ErrVariant},
		{"[Result \"0-1\"]\n1. F e 1-0", 2, 8, ogn.ErrResult},
		{"[FEN \"4-4\"]", 1, 1, oware.ErrSyntax},
		{"1. F e * F", 1, 10, ogn.ErrSyntax},
	} {
		_, err := ogn.ParseGame(tc.text)
		var pe *ogn.ParseError
		require.ErrorAs(t, err, &pe, tc.text)
		assert.Equal(t, tc.line, pe.Line, tc.text)
		assert.Equal(t, tc.column, pe.Column, tc.text)
		assert.True(t, errors.Is(err, tc.want), "%q: %v", tc.text, err)
		assert.True(t, strings.HasPrefix(err.Error(), "ogn: "), err.Error())
	}
}
