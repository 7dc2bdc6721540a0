package ogn_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// cycle is 12 plies after which the set-up of club.ogn's second game
// (one seed in C, one in d, South to move) comes back.
const cycle = "C d D e E f F a A b B c"

// TestReplayStartsFreshHistory: a Start reached by play, whose history
// already holds two occurrences of itself, is replayed as a set-up position
// with a fresh history (D4), as its FEN tag would give it.
func TestReplayStartsFreshHistory(t *testing.T) {
	p := oware.MustParsePosition("0-0-1-0-0-0-0-0-0-1-0-0-23-23-S")
	for _, ply := range plies(t, cycle) {
		var err error
		p, err = p.Play(ply.Move)
		require.NoError(t, err)
	}
	require.Equal(t, 2, p.Repetitions())

	g := ogn.Game{Start: p.Board(), Moves: plies(t, cycle), Result: ogn.Result{Kind: ogn.Unfinished}}
	effects, err := g.Replay()
	require.NoError(t, err)
	assert.Equal(t, 1, g.StartPosition().Repetitions())
	assert.Equal(t, 2, effects[11].After().Repetitions())
	assert.False(t, effects[11].Outcome().Over())

	// Twelve more plies make the third occurrence (R10).
	g.Moves = append(g.Moves, plies(t, cycle)...)
	g.Result = ogn.Result{Kind: ogn.Draw}
	o, err := g.Outcome()
	require.NoError(t, err)
	assert.Equal(t, oware.Repetition, o.Reason())
	assert.True(t, o.Draw())
	assert.Equal(t, 2, p.Repetitions(), "the Start is not changed")
}

func TestReplayZeroStartIsOpening(t *testing.T) {
	g := ogn.Game{Moves: plies(t, "F e")}
	effects, err := g.Replay()
	require.NoError(t, err)
	assert.Equal(t, oware.Start().Board(), g.StartPosition().Board())
	assert.Equal(t, [12]int{5, 5, 5, 4, 4, 0, 5, 5, 5, 5, 0, 5}, effects[1].After().Board().Pits())
}

func TestReplayUnrecordedResult(t *testing.T) {
	// NoResult states no result, so that a finished game is not checked against it.
	g := ogn.Game{Start: oware.MustParseBoard("0-0-1-0-0-0-0-0-0-1-0-0-23-23-S"),
		Moves: plies(t, cycle+" "+cycle)}
	o, err := g.Outcome()
	require.NoError(t, err)
	assert.Equal(t, oware.Repetition, o.Reason())

	g.Result = ogn.Result{Kind: ogn.Unfinished}
	_, err = g.Outcome()
	assert.ErrorIs(t, err, ogn.ErrResult)

	g.Result = ogn.Result{Kind: ogn.Tallies, South: 49}
	_, err = g.Replay()
	assert.ErrorIs(t, err, ogn.ErrResult)
	assert.EqualError(t, err, `ogn: result disagrees with the outcome: ? is not a result`)
}

func TestReplayTallyResult(t *testing.T) {
	g := readRecords(t, "nomove.ogn")[0]
	for result, ok := range map[ogn.Result]bool{
		{Kind: ogn.NorthWins}: true, {Kind: ogn.Tallies, South: 17, North: 31}: true,
		{Kind: ogn.SouthWins}: false, {Kind: ogn.Draw}: false, {Kind: ogn.Unfinished}: false,
		{Kind: ogn.Tallies, South: 31, North: 17}: false, {Kind: ogn.Tallies, South: 17, North: 30}: false,
		{}: true,
	} {
		g.Result = result
		_, err := g.Replay()
		if ok {
			assert.NoError(t, err, result)
		} else {
			assert.ErrorIs(t, err, ogn.ErrResult, result)
		}
	}
}

// TestReplayFinishedStart: a FEN start that is already finished (D4) takes
// no move (D5).
func TestReplayFinishedStart(t *testing.T) {
	g, err := ogn.ParseGame("[FEN \"4-4-4-4-4-3-0-0-0-0-0-0-25-0-N\"]\n[Result \"1-0\"]")
	require.NoError(t, err)
	o, err := g.Outcome()
	require.NoError(t, err)
	assert.Equal(t, oware.Majority, o.Reason())

	g, err = ogn.ParseGame("[FEN \"4-4-4-4-4-3-0-0-0-0-0-0-25-0-N\"]\n[Result \"1-0\"] 1. a")
	require.NoError(t, err)
	_, err = g.Replay()
	assert.ErrorIs(t, err, oware.ErrGameOver)
}

func TestReplayDoesNotChangeGame(t *testing.T) {
	g := readRecords(t, "bad-marks.ogn")[1]
	before := append([]ogn.Ply(nil), g.Moves...)
	_, err := g.Replay()
	assert.Error(t, err)
	_ = g.String()
	assert.Equal(t, before, g.Moves)
}
