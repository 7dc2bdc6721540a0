package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
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

// repetitionEnds counts the games that minimax saw end by repetition (R10).
var repetitionEnds int

func minimax(p oware.Position, depth, ply int) int {
	if o := p.Outcome(); o.Over() {
		if o.Reason() == oware.Repetition {
			repetitionEnds++
		}
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

// TestSearchEqualsNegamaxWithHistory checks that the table never reuses a
// score that depends on the path (R10): on positions of random games and on
// random endgames taken deep into capture-free stretches, where boards recur
// and repetition ends games, the search's score equals a plain negamax of
// the same depth, and its move has that score.
func TestSearchEqualsNegamaxWithHistory(t *testing.T) {
	rng := prng.New(20261201)
	positions := 0
	check := func(p oware.Position, depth int) {
		t.Helper()
		r, err := Search(p, depth)
		require.NoError(t, err)
		want := minimax(p, depth, 0)
		require.Equal(t, want, r.Score, "%s, depth %d", p, depth)
		child, err := p.Play(r.Move)
		require.NoError(t, err)
		require.Equal(t, want, -minimax(child, depth-1, 1), "%s, depth %d: the move has the score", p, depth)
		positions++
	}
	for g := 0; g < 10; g++ {
		p := oware.Start()
		for ply := 0; ply < 200 && p.Moves().Len() > 0; ply++ {
			if ply%5 == 0 {
				check(p, 1+ply%6)
			}
			p = randomChild(rng, p)
		}
	}
	deep, repeated, looping := 0, 0, 0
	for deep < 400 {
		p, ok := quietWalk(rng, oware.PositionFrom(boardgen.Endgame(rng, 2, 5)), 20+rng.IntN(200))
		if !ok {
			continue
		}
		deep++
		if p.Repetitions() > 1 {
			repeated++
		}
		before := repetitionEnds
		check(p, 8+rng.IntN(6))
		if repetitionEnds > before {
			looping++
		}
	}
	t.Logf("%d positions, %d of them deep in capture-free endgame stretches, %d at a repeated board, %d with R10 endings in the tree",
		positions, deep, repeated, looping)
	assert.Greater(t, deep, 200)
	assert.Greater(t, looping, 100, "the endgames do repeat boards")
}

// randomChild plays a random legal move of p.
func randomChild(rng *prng.Source, p oware.Position) oware.Position {
	m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
	child, _ := p.Play(m)
	return child
}

// quietWalk plays plies random moves from p that neither capture nor end
// the game, and reports whether it could.
func quietWalk(rng *prng.Source, p oware.Position, plies int) (oware.Position, bool) {
	for ; plies > 0; plies-- {
		var calm []oware.Position
		for _, c := range p.Children() {
			if c.Board().SideSeeds(oware.South)+c.Board().SideSeeds(oware.North) ==
				p.Board().SideSeeds(oware.South)+p.Board().SideSeeds(oware.North) && !c.Outcome().Over() {
				calm = append(calm, c)
			}
		}
		if len(calm) == 0 {
			return p, false
		}
		p = calm[rng.IntN(len(calm))]
	}
	return p, true
}

// TestSearchWithinStops: a search to depth 40 from the opening ends when
// Stop says so, with the result of the last iteration it completed, which
// is what Search of that depth returns. The stop counts its calls, so the
// test does not depend on the machine's speed.
func TestSearchWithinStops(t *testing.T) {
	p := oware.Start()
	for _, polls := range []int{1, 2, 5, 40} {
		calls := 0
		var seen []int
		r, err := SearchWithin(p, Limits{
			Depth:    MaxDepth,
			Stop:     func() bool { calls++; return calls >= polls },
			Progress: func(r Result) { seen = append(seen, r.Depth) },
		})
		require.NoError(t, err)
		assert.True(t, r.Stopped, "polls %d", polls)
		assert.Equal(t, polls, calls, "no call after the stop")
		assert.Less(t, r.Depth, MaxDepth)
		want := make([]int, r.Depth)
		for i := range want {
			want[i] = i + 1
		}
		assert.Equal(t, want, seen, "polls %d: one progress report per completed iteration", polls)
		plain, err := Search(p, r.Depth)
		require.NoError(t, err)
		assert.Equal(t, plain.Move, r.Move, "polls %d", polls)
		assert.Equal(t, plain.Score, r.Score, "polls %d", polls)
		assert.Equal(t, plain.PV, r.PV, "polls %d", polls)
	}
	// The first iteration always completes: a stop that is always true
	// still gives a move, one ply deep, and is asked once.
	calls := 0
	r, err := SearchWithin(p, Limits{Depth: MaxDepth, Stop: func() bool { calls++; return true }})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	assert.True(t, r.Stopped)
	assert.Equal(t, 1, calls)
}

// TestSearchWithinUnstopped: a stop that never fires changes nothing.
func TestSearchWithinUnstopped(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	plain, err := Search(p, 6)
	require.NoError(t, err)
	r, err := SearchWithin(p, Limits{Depth: 6, Stop: func() bool { return false }})
	require.NoError(t, err)
	assert.Equal(t, plain, r)
	assert.False(t, r.Stopped)
	_, err = SearchWithin(p, Limits{Depth: 0})
	assert.ErrorIs(t, err, ErrDepth)
}

// TestProbe checks Limits.Probe: a result it knows counts as a finished
// game, at the positions a capture has just made.
func TestProbe(t *testing.T) {
	// Seed 003's capture: South's F takes 5 seeds; every other move takes
	// nothing.
	p, err := oware.ParsePosition("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S")
	require.NoError(t, err)
	r, err := SearchWithin(p, Limits{Depth: 1})
	require.NoError(t, err)
	require.Equal(t, oware.Move(5), r.Move, "without a probe, the capture")
	var asked []string
	lose := func(q oware.Position) (int, bool) {
		asked = append(asked, q.Board().String())
		return 3, true // North, to move after the capture, wins
	}
	r, err = SearchWithin(p, Limits{Depth: 1, Probe: lose})
	require.NoError(t, err)
	assert.NotEqual(t, oware.Move(5), r.Move, "the capture loses")
	assert.Equal(t, []string{"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"}, asked, "asked after the capture only")
	win := func(oware.Position) (int, bool) { return -1, true }
	r, err = SearchWithin(p, Limits{Depth: 3, Probe: win})
	require.NoError(t, err)
	assert.Equal(t, oware.Move(5), r.Move)
	assert.Equal(t, Win-1, r.Score, "a win one ply deep")
	unknown := func(oware.Position) (int, bool) { return 0, false }
	r, err = SearchWithin(p, Limits{Depth: 1, Probe: unknown})
	require.NoError(t, err)
	assert.Equal(t, oware.Move(5), r.Move)
}
