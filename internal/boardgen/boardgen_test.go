package boardgen_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
)

// draws is rapid's draws as a boardgen.Source.
type draws struct{ t *rapid.T }

func (d draws) IntN(n int) int { return rapid.IntRange(0, n-1).Draw(d.t, "n") }

func TestPile(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pit := rapid.IntRange(0, oware.NumPits-1).Draw(t, "pit")
		n := rapid.IntRange(1, oware.NumSeeds).Draw(t, "seeds")
		mover := oware.Player(rapid.IntRange(0, 1).Draw(t, "mover"))
		b := boardgen.Pile(draws{t}, pit, n, mover)
		assert.Equal(t, n, b.Pit(pit), "the pile")
		assert.Equal(t, mover, b.ToMove())
		assert.Less(t, b.Score(oware.South), oware.WinningScore)
		assert.Less(t, b.Score(oware.North), oware.WinningScore)
	})
	// A pile of 48 leaves nothing for the other pits or the scores.
	b := boardgen.Pile(prng.New(1), 4, oware.NumSeeds, oware.South)
	assert.Equal(t, "0-0-0-0-48-0-0-0-0-0-0-0-0-0-S", b.String())
}

func TestWon(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var pits [oware.NumPits]int
		boardgen.Scatter(draws{t}, &pits, rapid.IntRange(0, 30).Draw(t, "seeds"), 0, oware.NumPits)
		onBoard := 0
		for _, n := range pits {
			onBoard += n
		}
		b, ok := boardgen.Won(draws{t}, pits, oware.North)
		if onBoard > oware.NumSeeds-oware.WinningScore {
			assert.False(t, ok, "no room for 25")
			return
		}
		require.True(t, ok)
		assert.Equal(t, pits, b.Pits())
		assert.GreaterOrEqual(t, max(b.Score(oware.South), b.Score(oware.North)), oware.WinningScore)
		assert.Equal(t, oware.Majority, oware.PositionFrom(b).Outcome().Reason(), "the game is won at the start (D4)")
	})
	// Both winners, and scores from 25 to all the rest, come up.
	seen := map[[2]int]bool{}
	var pits [oware.NumPits]int
	pits[0], pits[7] = 2, 1 // 45 left to score
	src := prng.New(1)
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
