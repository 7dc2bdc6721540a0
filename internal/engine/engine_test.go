package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name string
		pos  string
		want int
	}{
		// Symmetric: equal scores, seeds and pits.
		{"opening", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0},
		// South: scores 22-17 gives 4*5 = 20; seeds 3+5 against 1 gives 7;
		// two non-empty pits against one gives 2*(2-1) = 2; 29 in all.
		{"south ahead, south to move", "0-0-0-0-3-5-1-0-0-0-0-0-22-17-S", 29},
		{"south ahead, north to move", "0-0-0-0-3-5-1-0-0-0-0-0-22-17-N", -29},
		// R8: South has 25. The mover, North, has lost.
		{"finished, loser to move", "0-0-0-0-0-0-0-0-0-0-0-0-25-23-N", -Win},
		{"finished, winner to move", "0-0-0-0-0-0-0-0-0-0-0-0-25-23-S", Win},
		// R9: North to move with an empty side; tallies 24-24.
		{"finished, draw", "4-0-0-0-0-0-0-0-0-0-0-0-20-24-N", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Evaluate(oware.MustParsePosition(tt.pos)))
		})
	}
	assert.Equal(t, 0, Evaluate(oware.Position{}), "zero Position")
}

func TestSearchErrors(t *testing.T) {
	_, err := Search(oware.Start(), 0)
	assert.ErrorIs(t, err, ErrDepth)
	_, err = Search(oware.Start(), MaxDepth+1)
	assert.ErrorIs(t, err, ErrDepth)
	_, err = Search(oware.MustParsePosition("0-0-0-0-0-0-0-0-0-0-0-0-25-23-N"), 3)
	assert.ErrorIs(t, err, ErrGameOver)
	_, err = Search(oware.Position{}, 3)
	assert.ErrorIs(t, err, ErrGameOver)
}

// TestSearchTakesTheWin: South has 23; F sows its one seed into pit 6,
// which then holds 2, and capturing them gives 25 (R8). The other move, A,
// wins nothing.
func TestSearchTakesTheWin(t *testing.T) {
	p := oware.MustParsePosition("1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	for _, depth := range []int{1, 4} {
		r, err := Search(p, depth)
		require.NoError(t, err)
		assert.Equal(t, "F", r.Move.String(), "depth %d", depth)
		assert.Equal(t, Win-1, r.Score, "a win one ply from the root")
		assert.Equal(t, 1, r.Depth, "the search stops once the game is decided")
	}
}

// TestSearchLooksAhead: F captures 2 at once (pit 6 goes from 1 to 2), and
// so does a one-ply search. But after F (or E) North sows pit 11's three
// seeds into pits 0, 1 and 2, making them 3, 3 and 3, and captures 9 to
// reach 27 (R8). A, B and C all spoil that capture (pit 2 ends with 4, 4
// and 1 seeds), so a two-ply search picks one of them.
func TestSearchLooksAhead(t *testing.T) {
	p := oware.MustParsePosition("2-2-2-0-1-1-1-0-0-0-0-3-18-18-S")
	r, err := Search(p, 1)
	require.NoError(t, err)
	assert.Equal(t, "F", r.Move.String())
	// After F: scores 20-18 (+8), South's seeds 2+2+2+1 = 7 against North's
	// 3 (+4), four non-empty pits against one (+6).
	assert.Equal(t, 18, r.Score)

	for _, depth := range []int{2, 3, 6} {
		r, err := Search(p, depth)
		require.NoError(t, err)
		assert.Contains(t, []string{"A", "B", "C"}, r.Move.String(), "depth %d", depth)
		assert.Greater(t, r.Score, -Win+MaxDepth, "depth %d: South is not lost", depth)
	}
}

// TestSearchMatchesMinimax checks the search (alpha-beta, table, move
// ordering) against a plain minimax with the same evaluation, which has
// none of them, along a random game.
func TestSearchMatchesMinimax(t *testing.T) {
	rng := prng.New(3)
	p := oware.Start()
	for ply := 0; ply < 60 && p.Moves().Len() > 0; ply++ {
		depth := 1 + ply%4
		r, err := Search(p, depth)
		require.NoError(t, err)
		want := minimax(p, depth, 0)
		require.Equal(t, want, r.Score, "ply %d, %s, depth %d", ply, p.Board(), depth)
		child, err := p.Play(r.Move)
		require.NoError(t, err)
		assert.Equal(t, want, -minimax(child, depth-1, 1), "the move chosen has the minimax score")
		m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
		p, err = p.Play(m)
		require.NoError(t, err)
	}
}

func minimax(p oware.Position, depth, ply int) int {
	if o := p.Outcome(); o.Over() {
		return terminal(o, p.Board().ToMove(), ply)
	}
	if depth == 0 {
		return Evaluate(p)
	}
	best := -Win - 1
	for m := range p.Moves().All() {
		child, _ := p.Play(m)
		best = max(best, -minimax(child, depth-1, ply+1))
	}
	return best
}

func TestSearchIsDeterministic(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	first, err := Search(p, 7)
	require.NoError(t, err)
	_, err = Search(oware.Start(), 9) // fills the pooled table with other entries
	require.NoError(t, err)
	again, err := Search(p, 7)
	require.NoError(t, err)
	assert.Equal(t, first, again)
	require.NotEmpty(t, first.PV)
	assert.Equal(t, first.Move, first.PV[0])
	q := p
	for _, m := range first.PV {
		q, err = q.Play(m)
		require.NoError(t, err, "the principal variation is a line of legal moves")
	}
}

// TestBeatsRandomMover: a four-ply search wins at least 19 of 20 games
// against a player who picks uniformly among the legal moves.
func TestBeatsRandomMover(t *testing.T) {
	rng := prng.New(11)
	wins := 0
	for g := 0; g < 20; g++ {
		me := oware.Player(g % 2)
		p := oware.Start()
		for p.Moves().Len() > 0 {
			var m oware.Move
			if p.Board().ToMove() == me {
				r, err := Search(p, 4)
				require.NoError(t, err)
				m = r.Move
			} else {
				m, _ = p.Moves().Nth(rng.IntN(p.Moves().Len()))
			}
			var err error
			p, err = p.Play(m)
			require.NoError(t, err)
		}
		if w, ok := p.Outcome().Winner(); ok && w == me {
			wins++
		}
	}
	assert.GreaterOrEqual(t, wins, 19)
}
