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

	g := ogn.Game{Start: p.Board(), Moves: plies(t, cycle), Result: "*"}
	positions, err := g.Replay()
	require.NoError(t, err)
	assert.Equal(t, 1, positions[0].Repetitions())
	assert.Equal(t, 2, positions[12].Repetitions())
	assert.False(t, positions[12].Outcome().Over())

	// Twelve more plies make the third occurrence (R10).
	g.Moves = append(g.Moves, plies(t, cycle)...)
	g.Result = "1/2-1/2"
	o, err := g.Outcome()
	require.NoError(t, err)
	assert.Equal(t, oware.Repetition, o.Reason())
	assert.True(t, o.Draw())
	assert.Equal(t, 2, p.Repetitions(), "the Start is not changed")
}

func TestReplayZeroStartIsOpening(t *testing.T) {
	g := ogn.Game{Moves: plies(t, "F e")}
	positions, err := g.Replay()
	require.NoError(t, err)
	assert.Equal(t, oware.Start().Board(), positions[0].Board())
	assert.Equal(t, [12]int{5, 5, 5, 4, 4, 0, 5, 5, 5, 5, 0, 5}, positions[2].Board().Pits())
}

func TestReplayUnrecordedResult(t *testing.T) {
	// "" states no result, so that a finished game is not checked against it.
	g := ogn.Game{Start: oware.MustParseBoard("0-0-1-0-0-0-0-0-0-1-0-0-23-23-S"),
		Moves: plies(t, cycle+" "+cycle)}
	o, err := g.Outcome()
	require.NoError(t, err)
	assert.Equal(t, oware.Repetition, o.Reason())

	g.Result = "*"
	_, err = g.Outcome()
	assert.ErrorIs(t, err, ogn.ErrResult)

	g.Result = "nonsense"
	_, err = g.Replay()
	assert.ErrorIs(t, err, ogn.ErrResult)
	assert.EqualError(t, err, `ogn: result disagrees with the outcome: "nonsense" is not a result`)
}

func TestReplayTallyResult(t *testing.T) {
	g := readRecords(t, "nomove.ogn")[0]
	for result, ok := range map[string]bool{
		"0-1": true, "17-31": true, "1-0": false, "1/2-1/2": false, "*": false, "31-17": false, "17-30": false,
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
