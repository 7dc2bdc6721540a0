package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

func TestShortestCycle(t *testing.T) {
	// 1 seed in pit 0 and 1 in pit 6. Each ply moves seeds forward by one
	// pit or more, and the board comes back only when they have gone 12
	// pits in all: at least 12 plies, and 12 do it (each side sows its seed
	// six times, till the two have changed places). Worked out by hand.
	b := oware.MustParseBoard("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S")
	path := shortestCycle(oware.Rules{}, b, 40)
	require.Len(t, path, 12)
	p := oware.PositionFrom(b)
	for _, m := range path {
		var err error
		p, err = p.Play(m)
		require.NoError(t, err)
	}
	assert.Equal(t, b, p.Board())
	assert.Equal(t, 2, p.Repetitions())
	assert.Nil(t, shortestCycle(oware.Rules{}, b, 11), "no cycle of 11 plies")
}

func TestCandidatesAreSmallerAndLegal(t *testing.T) {
	g := NewGenerator(rules(t), 3)
	for range numKinds {
		c := g.Next()
		n := 0
		for cand := range candidates(c, true) {
			n++
			assert.True(t, smaller(cand, c), "%s is not smaller than %s", cand.Line(), c.Line())
			assert.Len(t, cand.positions(), len(cand.Moves)+1, "every move is legal")
			if n > 300 {
				break
			}
		}
		assert.Positive(t, n, c.Line())
	}
}

func TestUpTo(t *testing.T) {
	c := Case{Start: oware.Start().Board(), Moves: []oware.Move{5, 6, 0}}
	assert.Equal(t, []oware.Move{5, 6}, upTo(c, &Divergence{Ply: 2}).Moves)
	assert.Empty(t, upTo(c, &Divergence{Ply: 0}).Moves)
	assert.Len(t, upTo(c, &SubjectError{Err: ErrCrashed}).Moves, 3, "a crash may come at any ply")
}

// TestRefusedMoveShrinks: a case's refused move counts as a ply; it stays
// through shrinking unless the divergence comes before it, and a failure
// to answer loses it first.
func TestRefusedMoveShrinks(t *testing.T) {
	c := Case{Start: oware.Start().Board(), Moves: []oware.Move{5, 6}, Refused: "12"}
	assert.Equal(t, 3, c.Plies())
	assert.Equal(t, "12", upTo(c, &Divergence{Ply: 3}).Refused, "the divergence is on the refused move")
	cut := upTo(c, &Divergence{Ply: 2})
	assert.Equal(t, "", cut.Refused)
	assert.Equal(t, []oware.Move{5, 6}, cut.Moves)
	assert.True(t, smaller(cut, c), "one ply fewer")
	var first Case
	for cand := range candidates(c, true) {
		first = cand
		break
	}
	assert.Equal(t, Case{Start: c.Start, Moves: c.Moves}, first, "a failure to answer loses the refused move first")
	n := 0
	for cand := range candidates(c, false) {
		assert.Equal(t, "12", cand.Refused, cand.Line())
		n++
	}
	assert.Positive(t, n)
	// A refused move that the start of a candidate allows is played.
	legal := Case{Start: oware.Start().Board(), Refused: "F"}.legalized()
	assert.Equal(t, []oware.Move{5}, legal.Moves)
	assert.Empty(t, legal.Refused)
	// A later start keeps the refused move alone.
	late := Case{Start: oware.Start().Board(), Moves: []oware.Move{5}, Refused: "F"}
	found := false
	for cand := range candidates(late, false) {
		found = found || len(cand.Moves) == 0 && cand.Refused == "F" && cand.Start.ToMove() == oware.North
	}
	assert.True(t, found, "the position before the refused move, as a start")
}
