package boardgen_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
)

// TestPile: every pile from 1 to 48 seeds in every pit, with either side
// to move, keeps its seeds, and the scores stay below 25.
func TestPile(t *testing.T) {
	src := prng.New(1)
	for pit := range oware.NumPits {
		for n := 1; n <= oware.NumSeeds; n++ {
			mover := oware.Player(n % 2)
			b := boardgen.Pile(src, pit, n, mover)
			require.Equal(t, n, b.Pit(pit), "the pile")
			require.Equal(t, mover, b.ToMove())
			require.Less(t, b.Score(oware.South), oware.WinningScore, b)
			require.Less(t, b.Score(oware.North), oware.WinningScore, b)
		}
	}
	// A pile of 48 leaves nothing for the other pits or the scores.
	b := boardgen.Pile(prng.New(1), 4, oware.NumSeeds, oware.South)
	assert.Equal(t, "0-0-0-0-48-0-0-0-0-0-0-0-0-0-S", b.String())
}

// TestWon: a start won by 25 or more whenever the pits leave room for it,
// with the pits as given.
func TestWon(t *testing.T) {
	src := prng.New(1)
	for onBoard := range 31 {
		var pits [oware.NumPits]int
		boardgen.Scatter(src, &pits, onBoard, 0, oware.NumPits)
		b, ok := boardgen.Won(src, pits, oware.North)
		if onBoard > oware.NumSeeds-oware.WinningScore {
			assert.False(t, ok, "no room for 25 beside %d seeds", onBoard)
			continue
		}
		require.True(t, ok, onBoard)
		assert.Equal(t, pits, b.Pits())
		assert.GreaterOrEqual(t, max(b.Score(oware.South), b.Score(oware.North)), oware.WinningScore)
		assert.Equal(t, oware.Majority, oware.PositionFrom(b).Outcome().Reason(), "the game is won at the start (D4)")
	}
	// Both winners, and scores from 25 to all the rest, come up.
	seen := map[[2]int]bool{}
	var pits [oware.NumPits]int
	pits[0], pits[7] = 2, 1 // 45 left to score
	for range 2000 {
		b, ok := boardgen.Won(src, pits, oware.South)
		require.True(t, ok)
		seen[[2]int{b.Score(oware.South), b.Score(oware.North)}] = true
	}
	for s := oware.WinningScore; s <= 45; s++ {
		assert.True(t, seen[[2]int{s, 45 - s}], "South %d", s)
		assert.True(t, seen[[2]int{45 - s, s}], "North %d", s)
	}
}
