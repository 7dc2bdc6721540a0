package solve

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// walk returns a position of n seeds under r after up to plies random
// moves that capture nothing, from a random board, with the history they
// make; it is the zero Position when the walk ends the game.
func walk(rng *rand.Rand, r oware.Rules, n, plies int) oware.Position {
	var pits [oware.NumPits]int
	for range n {
		pits[rng.IntN(oware.NumPits)]++
	}
	b, err := oware.NewBoard(pits, [2]int{(48 - n) / 2, 48 - n - (48-n)/2}, oware.Player(rng.IntN(2)))
	if err != nil {
		panic(err)
	}
	p := r.Position(b)
	for range plies {
		var quiet []oware.Move
		for m, c := range p.Children() {
			if seedsOf(c) == n && !c.Outcome().Over() {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 {
			break
		}
		p, _ = p.Play(quiet[rng.IntN(len(quiet))])
	}
	if p.Outcome().Over() {
		return oware.Position{}
	}
	return p
}

// seedsOf returns the seeds on p's board.
func seedsOf(p oware.Position) int {
	b := p.Board()
	return oware.NumSeeds - b.Score(oware.South) - b.Score(oware.North)
}

// solvedPositions returns up to count positions of 3 to 5 seeds with a
// history under the named rules that the solver solves within a budget,
// with their results.
func solvedPositions(t *testing.T, sv *Solver, r oware.Rules, count int) ([]oware.Position, []Result) {
	t.Helper()
	rng := rand.New(rand.NewPCG(27, 1))
	var ps []oware.Position
	var rs []Result
	for tries := 0; len(ps) < count && tries < 20*count; tries++ {
		p := walk(rng, r, 3+rng.IntN(3), rng.IntN(30))
		if !p.Valid() {
			continue
		}
		res, err := sv.Solve(context.Background(), p, Limits{Nodes: 20_000})
		require.NoError(t, err)
		if res.Value.Exact() && res.LineComplete {
			ps = append(ps, p)
			rs = append(rs, res)
		}
	}
	require.NotEmpty(t, ps)
	return ps, rs
}

// TestBestOfMoves: every solved value is the best of its moves' values,
// each the seeds the move captures minus the solved value of the position
// it leads to, with the history Play gives it; SolveMoves gives the same
// moves' values; and a line of perfect play keeps the value at every
// move and, played through Play, ends with the result it claims. Under
// abapa (R10) and aalina.
func TestBestOfMoves(t *testing.T) {
	for _, name := range []string{"abapa", "aalina"} {
		t.Run(name, func(t *testing.T) {
			tabs := tablesFor(t, name)
			r := tabs.Rules()
			sv, err := New(r, Options{Tables: tabs, TableSize: 1 << 20})
			require.NoError(t, err)
			ps, rs := solvedPositions(t, sv, r, 12/testScale)
			lim := Limits{Nodes: 100_000}
			checked := 0
			for k, p := range ps {
				v := rs[k].Value.Lo()
				moves, err := sv.SolveMoves(context.Background(), p, lim, nil)
				require.NoError(t, err)
				require.Equal(t, p.LegalMoves(), movesOf(moves))
				exact := true
				for _, mv := range moves {
					exact = exact && mv.Value.Exact()
				}
				if !exact {
					continue // beyond the budget
				}
				checked++
				best := -100
				mover := p.Board().ToMove()
				for _, mv := range moves {
					c, err := p.Play(mv.Move)
					require.NoError(t, err)
					cr, err := sv.Solve(context.Background(), c, lim)
					require.NoError(t, err)
					require.True(t, cr.Value.Exact(), "%v after %v", p, mv.Move)
					captured := c.Board().Score(mover) - p.Board().Score(mover)
					want := captured - cr.Value.Lo()
					require.Equal(t, Value{int8(want), int8(want)}, mv.Value, "%v: move %v", p, mv.Move)
					best = max(best, want)
				}
				require.Equal(t, v, best, "%v", p)
				checkLine(t, p, rs[k])
			}
			require.Greater(t, checked, len(ps)/2)
		})
	}
}

// movesOf returns the moves of a list of move values.
func movesOf(ms []MoveValue) []oware.Move {
	var out []oware.Move
	for _, m := range ms {
		out = append(out, m.Move)
	}
	return out
}

// checkLine plays res's line from p through Play, R8 aside (the scores
// put back below 25 after each capture, which clears the history anyway),
// and checks that it ends the game with the mover at p taking res.Value
// more of the seeds on p's board than the opponent.
func checkLine(t *testing.T, p oware.Position, res Result) {
	t.Helper()
	q := p
	mover := p.Board().ToMove()
	taken := 0 // the seeds the mover at p took, minus the opponent's
	for _, m := range res.Line {
		next, err := q.Play(m)
		require.NoError(t, err, "%v: line %v", p, res.Line)
		pl := q.Board().ToMove()
		if c := next.Board().Score(pl) - q.Board().Score(pl); c > 0 {
			if pl == mover {
				taken += c
			} else {
				taken -= c
			}
			next = next.Rules().Position(normalize(next.Board()))
		}
		q = next
	}
	require.True(t, q.Outcome().Over(), "%v: the line %v does not end the game", p, res.Line)
	o := q.Outcome()
	b := q.Board()
	taken += (o.Tally(mover) - b.Score(mover)) - (o.Tally(mover.Opponent()) - b.Score(mover.Opponent()))
	require.Equal(t, res.Value.Lo(), taken, "%v: the line %v ends %v", p, res.Line, o)
}

// TestBudget: a search cut short by its budget, its context or a proof
// tree that outgrows its limit returns bounds that hold the value, and no
// line; the tree stays within its limit.
func TestBudget(t *testing.T) {
	tabs := tablesFor(t, "aalina")
	r := tabs.Rules()
	sv, err := New(r, Options{Tables: tabs, TableSize: 1 << 20})
	require.NoError(t, err)
	ps, rs := solvedPositions(t, sv, r, 10)
	full := 0
	for k, p := range ps {
		v := rs[k].Value.Lo()
		for _, nodes := range []uint64{1, 10, 100} {
			fresh, _ := New(r, Options{Tables: tabs, TableSize: 1 << 20})
			res, err := fresh.Solve(context.Background(), p, Limits{Nodes: nodes})
			require.NoError(t, err)
			require.True(t, res.Value.Lo() <= v && v <= res.Value.Hi(), "%v: %v within %d nodes, value %d", p, res.Value, nodes, v)
			if !res.Value.Exact() {
				require.Empty(t, res.Line)
			}
		}
		for _, most := range []int{16, 64, 256} {
			var s *searcher
			small, _ := New(r, Options{Tables: tabs, TableSize: 1 << 20})
			small.mutate = func(sr *searcher) { sr.proof.most, s = most, sr }
			res, err := small.Solve(context.Background(), p, Limits{})
			require.NoError(t, err)
			require.True(t, res.Value.Lo() <= v && v <= res.Value.Hi(), "%v: %v with trees of %d nodes, value %d", p, res.Value, most, v)
			require.LessOrEqual(t, len(s.proof.nodes), most)
			require.LessOrEqual(t, len(s.proof.expanded), most/2+1)
			if !res.Value.Exact() {
				require.True(t, s.stop, "%v: unsettled but not stopped", p)
				require.Empty(t, res.Line)
				full++
			}
		}
	}
	require.Positive(t, full, "no proof tree was full: too easy positions")
	// Options.TreeSize bounds the tree the same way, and Analyse passes
	// it; a tree of TreeBytesPerPosition a position of the budget never
	// stops the search before the budget.
	full, analyseFull := 0, 0
	for k, p := range ps {
		v := rs[k].Value.Lo()
		for _, c := range []struct{ size, most int }{{1, 6}, {64 * 108, 70}, {256 * 108, 262}} {
			var s *searcher
			small, _ := New(r, Options{Tables: tabs, TableSize: 1 << 20, TreeSize: c.size})
			small.mutate = func(sr *searcher) { s = sr }
			res, err := small.Solve(context.Background(), p, Limits{})
			require.NoError(t, err)
			require.True(t, res.Value.Lo() <= v && v <= res.Value.Hi(), "%v: %v with trees of %d bytes, value %d", p, res.Value, c.size, v)
			require.Equal(t, c.most, s.proof.most)
			require.LessOrEqual(t, len(s.proof.nodes), s.proof.most)
			require.LessOrEqual(t, len(s.proof.expanded), s.proof.most/2+1)
			if !res.Value.Exact() {
				require.True(t, s.stop, "%v: unsettled but not stopped", p)
				full++
			}
			a, err := Analyse(context.Background(), p, Options{Tables: tabs, TreeSize: c.size}, Limits{})
			require.NoError(t, err)
			require.True(t, a.Value.Lo() <= v && v <= a.Value.Hi())
			if !a.Value.Exact() {
				analyseFull++
				a, err := Analyse(context.Background(), p, Options{Tables: tabs}, Limits{})
				require.NoError(t, err)
				require.True(t, a.Value.Exact(), "%v: Analyse did not solve it with the default tree", p)
			}
		}
		for _, budget := range []uint64{1, 5, 40} {
			var s *searcher
			sized, _ := New(r, Options{Tables: tabs, TableSize: 1 << 20, TreeSize: int(budget) * TreeBytesPerPosition})
			sized.mutate = func(sr *searcher) { s = sr }
			res, err := sized.Solve(context.Background(), p, Limits{Nodes: budget})
			require.NoError(t, err)
			require.True(t, res.Value.Lo() <= v && v <= res.Value.Hi())
			if !res.Value.Exact() {
				require.GreaterOrEqual(t, s.nodes, budget, "%v: the tree of %d positions ended the search first", p, budget)
			}
		}
	}
	require.Positive(t, full, "no proof tree of Options.TreeSize was full: too easy positions")
	require.Positive(t, analyseFull, "no proof tree of Analyse's Options.TreeSize was full: too easy positions")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fresh, _ := New(r, Options{TableSize: 1 << 20})
	res, err := fresh.Solve(ctx, ps[0], Limits{})
	require.NoError(t, err)
	v := rs[0].Value.Lo()
	require.True(t, res.Value.Lo() <= v && v <= res.Value.Hi())
}

// TestTreeSize: a tree holds what its size allows, a Solver's is
// DefaultTreeSize unless told, and a build's grows with its budget; a
// build's table is DefaultBuildTableSize unless told.
func TestTreeSize(t *testing.T) {
	require.Equal(t, 1<<22+6, treeNodes(DefaultTreeSize))
	require.Equal(t, 1006, treeNodes(108_107)) // 1,000 nodes of 108 bytes, and 107 bytes over
	require.Equal(t, oware.PitsPerSide, treeNodes(1))
	require.Equal(t, 648, TreeBytesPerPosition)
	require.Equal(t, DefaultTreeSize, treeFor(0))
	require.Equal(t, DefaultTreeSize, treeFor(100_000))
	require.Equal(t, 679_477_248, treeFor(1_048_576)) // 648 bytes a position
	require.Equal(t, math.MaxInt, treeFor(math.MaxUint64))
	require.Equal(t, DefaultBoardNodes*TreeBytesPerPosition, BuildOptions{}.treeSize())
	require.Equal(t, 4<<20*TreeBytesPerPosition, BuildOptions{BoardNodes: 4 << 20}.treeSize())
	require.Equal(t, 5000, BuildOptions{BoardNodes: 4 << 20, TreeSize: 5000}.treeSize())
	require.Equal(t, 4<<20, BuildOptions{}.tableSize())
	require.Equal(t, 5000, BuildOptions{TableSize: 5000}.tableSize())
	r, err := oware.ParseRules("abapa")
	require.NoError(t, err)
	sv, err := New(r, Options{})
	require.NoError(t, err)
	require.Equal(t, 1<<22+6, sv.pool.Get().(*memory).proof.most)
}

// TestConcurrent: a Solver answers from several goroutines at once, each
// the same as alone.
func TestConcurrent(t *testing.T) {
	tabs := tablesFor(t, "abapa")
	r := tabs.Rules()
	sv, err := New(r, Options{Tables: tabs, TableSize: 1 << 20})
	require.NoError(t, err)
	ps, rs := solvedPositions(t, sv, r, 8)
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(ps))
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k, p := range ps {
				res, err := sv.Solve(context.Background(), p, Limits{})
				if err != nil {
					errs <- err
				} else if res.Value != rs[k].Value {
					errs <- &MissingTableError{Seeds: k}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

// TestSolveErrors: what a Solver refuses.
func TestSolveErrors(t *testing.T) {
	playstrategy, _ := oware.ParseRules("playstrategy") // a limit of plies
	_, err := New(playstrategy, Options{})
	require.ErrorIs(t, err, ErrUnsupportedRules)
	aalina, _ := oware.ParseRules("aalina")
	_, err = New(aalina, Options{Tables: tablesFor(t, "abapa")})
	require.Error(t, err)
	sv, err := New(oware.Rules{}, Options{TableSize: 1 << 16})
	require.NoError(t, err)
	_, err = sv.Solve(context.Background(), oware.Position{}, Limits{})
	require.ErrorIs(t, err, ErrInvalidPosition)
	_, err = sv.Solve(context.Background(), aalina.Start(), Limits{})
	require.ErrorIs(t, err, ErrUnsupportedRules)
	_, err = sv.SolveMoves(context.Background(), aalina.Start(), Limits{}, nil)
	require.ErrorIs(t, err, ErrUnsupportedRules)

	// A finished game: its result, and no move.
	over := oware.MustParsePosition("0-0-0-0-0-0-1-1-0-0-0-0-23-23-S")
	require.True(t, over.Outcome().Over())
	res, err := sv.Solve(context.Background(), over, Limits{})
	require.NoError(t, err)
	require.Equal(t, "-2", res.Value.String())
	require.True(t, res.LineComplete)
	require.Empty(t, res.Line)
	moves, err := sv.SolveMoves(context.Background(), over, Limits{}, nil)
	require.NoError(t, err)
	require.Empty(t, moves)
}
