package engine

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// smallTables are the tables of abapa up to 6 seeds, solved in memory
// once for the tests.
var smallTables = sync.OnceValues(func() (*tablebase.Tables, error) {
	return tablebase.Compute(context.Background(), oware.Rules{}, 6, tablebase.BuildOptions{})
})

func tables(t *testing.T) *tablebase.Tables {
	t.Helper()
	tb, err := smallTables()
	require.NoError(t, err)
	return tb
}

// decides reports whether the value v of b decides the game: who wins
// (the final margin of the same sign at both bounds), or a draw (an exact
// margin of 0).
func decides(v tablebase.Value, b oware.Board) bool {
	lo, hi := v.Margin(b)
	return lo > 0 || hi < 0 || lo == 0 && hi == 0
}

// probeOf returns an engine that asks tb's bounds in the search as
// Options.Tables does, without playing their move at the root.
func probeOf(t *testing.T, tb *tablebase.Tables) *Engine {
	t.Helper()
	e, err := New(Options{TableSize: MinTableSize, ProbeSeeds: tb.MaxSeeds(oware.Rules{}), Probe: func(p oware.Position) (int, int, bool) {
		v, err := tb.Probe(p)
		return v.Lo(), v.Hi(), err == nil
	}})
	require.NoError(t, err)
	return e
}

// TestTableMove: with tables, where they decide the game at a position
// met for the first time, the engine plays one of their best moves, even
// at depth 1, where the search (with the tables) sometimes does not, and
// says so with their value; where they do not decide it, it plays the
// search's move.
func TestTableMove(t *testing.T) {
	tb := tables(t)
	e, err := New(Options{TableSize: MinTableSize, Tables: tb})
	require.NoError(t, err)
	searcher := probeOf(t, tb)
	rng := prng.New(7)
	decided, undecided, differs := 0, 0, 0
	for decided < 40 || undecided < 10 {
		p := oware.PositionFrom(boardgen.Endgame(rng, 2, 6))
		if p.Moves().Len() < 2 {
			continue
		}
		best, v, err := tb.BestMoves(p)
		require.NoError(t, err)
		r, err := e.Search(context.Background(), p, Limits{Depth: 1})
		require.NoError(t, err)
		plain, err := searcher.Search(context.Background(), p, Limits{Depth: 1})
		require.NoError(t, err)
		if !decides(v, p.Board()) {
			undecided++
			assert.Equal(t, plain.Move, r.Move, "%s: the bounds do not decide", p)
			assert.False(t, r.TableMove)
			continue
		}
		if best.Len() == p.Moves().Len() {
			continue // every move is best: nothing to tell
		}
		decided++
		assert.True(t, best.Contains(r.Move), "%s: %s is not among the tables' best moves %s", p, r.Move, best)
		assert.True(t, r.TableMove, "%s", p)
		probed, err := tb.Probe(p)
		require.NoError(t, err)
		assert.Equal(t, probed, r.TableValue, "%s", p)
		assert.Equal(t, r.Move, r.PV[0])
		if best.Contains(plain.Move) {
			assert.Equal(t, plain.Move, r.Move, "%s: the search's move, a best one, stands", p)
			assert.Equal(t, plain.PV, r.PV)
		} else {
			differs++
			assert.Equal(t, []oware.Move{r.Move}, r.PV)
		}
	}
	assert.Positive(t, differs, "a search of depth 1 alone misses a best move somewhere")
}

// TestTableMoveOnlyWhereNothingRecurs: the tables' best move replaces the
// search's only where no earlier board can recur; after a move that
// captured nothing, a repetition (R10) that the tables do not see could
// follow it.
func TestTableMoveOnlyWhereNothingRecurs(t *testing.T) {
	tb := tables(t)
	rng := prng.New(3)
	found := 0
	for tries := 0; found < 20 && tries < 100000; tries++ {
		before := oware.PositionFrom(boardgen.Endgame(rng, 2, 6))
		if before.Moves().Len() == 0 {
			continue
		}
		m, _ := before.Moves().Nth(rng.IntN(before.Moves().Len()))
		p, err := before.Play(m)
		require.NoError(t, err)
		if p.QuietPlies() != 1 || p.Moves().Len() < 2 {
			continue
		}
		best, v, err := tb.BestMoves(p)
		require.NoError(t, err)
		others := p.Moves() &^ best
		if !decides(v, p.Board()) || others.Len() == 0 {
			continue
		}
		other, _ := others.Nth(0)
		found++
		got := tableMove(tb, p, Result{Move: other, PV: []oware.Move{other}})
		assert.Equal(t, other, got.Move, "%s after %s: the search's move stands", p.Board(), m)
		assert.False(t, got.TableMove)
		fresh := oware.PositionFrom(p.Board())
		got = tableMove(tb, fresh, Result{Move: other, PV: []oware.Move{other}})
		assert.True(t, best.Contains(got.Move), "%s with no history: one of the tables' best moves %s, not %s", fresh.Board(), best, got.Move)
		assert.True(t, got.TableMove)
	}
	require.Equal(t, 20, found)
}

// TestTablesInSearch: Options.Tables reach the search as a Probe of their
// bounds up to their highest level does, and change some searches; under
// rules they do not hold they change nothing.
func TestTablesInSearch(t *testing.T) {
	tb := tables(t)
	withTables, err := New(Options{TableSize: MinTableSize, Tables: tb})
	require.NoError(t, err)
	withProbe := probeOf(t, tb)
	awari, err := oware.ParseRules("awari")
	require.NoError(t, err)
	rng := prng.New(5)
	differs := 0
	for range 12 {
		b := boardgen.Endgame(rng, 7, 10)
		p := oware.PositionFrom(b)
		if p.Moves().Len() < 2 {
			continue
		}
		got, err := withTables.Search(context.Background(), p, Limits{Depth: 6})
		require.NoError(t, err)
		want, err := withProbe.Search(context.Background(), p, Limits{Depth: 6})
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s", p)
		plain, err := searchDepth(p, 6)
		require.NoError(t, err)
		if plain.Score != got.Score || plain.Nodes != got.Nodes {
			differs++
		}
		q := awari.Position(b)
		got, err = withTables.Search(context.Background(), q, Limits{Depth: 6})
		require.NoError(t, err)
		want, err = searchDepth(q, 6)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s under awari, which the tables do not hold", q)
	}
	assert.Positive(t, differs, "the tables change some search")
}

// TestSetTables: tables given after New are used from the next search on,
// and nil takes them away.
func TestSetTables(t *testing.T) {
	tb := tables(t)
	e, err := New(Options{TableSize: MinTableSize})
	require.NoError(t, err)
	assert.Nil(t, e.Tables())
	// South's F captures North's a (R5) and leaves one seed: a win by 2
	// that the tables know and a search of depth 1 does not see.
	p := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	r, err := e.Search(context.Background(), p, Limits{Depth: 1})
	require.NoError(t, err)
	assert.False(t, r.TableMove)
	e.SetTables(tb)
	assert.Same(t, tb, e.Tables())
	r, err = e.Search(context.Background(), p, Limits{Depth: 1})
	require.NoError(t, err)
	assert.True(t, r.TableMove)
	assert.Equal(t, "F", r.Move.String())
	lo, hi := r.TableValue.Margin(p.Board())
	assert.Equal(t, [2]int{2, 2}, [2]int{lo, hi}, "South wins by 2")
	e.SetTables(nil)
	assert.Nil(t, e.Tables())
	r, err = e.Search(context.Background(), p, Limits{Depth: 1})
	require.NoError(t, err)
	assert.False(t, r.TableMove)
}

// TestSetTableSize: a new size takes effect, rounded down to a power of
// two; one out of range is refused and the table kept; the searches give
// what an engine made with that size gives.
func TestSetTableSize(t *testing.T) {
	e, err := New(Options{})
	require.NoError(t, err)
	require.NoError(t, e.SetTableSize(3*MinTableSize))
	assert.Equal(t, 2*MinTableSize, e.TableSize())
	for _, size := range []int{-1, 1, MinTableSize - 1, MaxTableSize + 1} {
		err := e.SetTableSize(size)
		assert.ErrorIs(t, err, ErrTableSize, "size %d", size)
		assert.Equal(t, 2*MinTableSize, e.TableSize(), "size %d: the table is kept", size)
	}
	require.NoError(t, e.SetTableSize(0))
	assert.Equal(t, DefaultTableSize, e.TableSize())
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	fresh, err := New(Options{TableSize: DefaultTableSize})
	require.NoError(t, err)
	want, err := fresh.Search(context.Background(), p, Limits{Depth: 9})
	require.NoError(t, err)
	got, err := e.Search(context.Background(), p, Limits{Depth: 9})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestSolvedMove: with tables and a time limit, at a position of few
// seeds with a history (R10) that the tables' first-met values do not
// see, the engine asks package solve and, where it proves the value,
// plays a move of perfect play with that history (each move's value as
// package solve's Solver gives it, which its tests check against an
// independent reference solver). After F, f and A from
// 0-0-0-0-0-1-0-0-0-0-0-1-23-23-S North's one move a holds the draw, 0.
// A search by depth alone never asks (it stays deterministic).
func TestSolvedMove(t *testing.T) {
	tb := tables(t)
	e, err := New(Options{TableSize: MinTableSize, Tables: tb})
	require.NoError(t, err)
	p := oware.MustParsePosition("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S")
	for _, m := range []oware.Move{5, 11, 0} {
		p, err = p.Play(m)
		require.NoError(t, err)
	}
	r, err := e.Search(context.Background(), p, Limits{Time: time.Second})
	require.NoError(t, err)
	assert.True(t, r.Solved)
	assert.Equal(t, "0", r.SolvedValue.String())
	assert.Equal(t, oware.Move(6), r.Move)
	r, err = e.Search(context.Background(), p, Limits{Depth: 4})
	require.NoError(t, err)
	assert.False(t, r.Solved)
	// On the clock too, with a quarter of the time it aims at.
	r, err = e.Search(context.Background(), p, Limits{Clock: 20 * time.Second})
	require.NoError(t, err)
	assert.True(t, r.Solved, "on the clock")
	assert.Equal(t, oware.Move(6), r.Move, "on the clock")

	// With NoSolve it is never asked, with the same time at the same
	// position.
	off, err := New(Options{TableSize: MinTableSize, Tables: tb, NoSolve: true})
	require.NoError(t, err)
	r, err = off.Search(context.Background(), p, Limits{Time: time.Second})
	require.NoError(t, err)
	assert.False(t, r.Solved)
	r, err = off.Search(context.Background(), p, Limits{Clock: 20 * time.Second})
	require.NoError(t, err)
	assert.False(t, r.Solved)

	sv, err := solve.New(oware.Rules{}, solve.Options{Plain: tb, TableSize: 1 << 20})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(27, 2))
	solved := 0
	for range 20 {
		var pits [oware.NumPits]int
		for range 5 {
			pits[rng.IntN(oware.NumPits)]++
		}
		b, err := oware.NewBoard(pits, [2]int{21, 22}, oware.Player(rng.IntN(2)))
		require.NoError(t, err)
		q := oware.PositionFrom(b)
		for range rng.IntN(12) {
			var quiet []oware.Move
			for m, c := range q.Children() {
				if c.Board().Score(oware.South)+c.Board().Score(oware.North) == 43 && !c.Outcome().Over() {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				break
			}
			q, _ = q.Play(quiet[rng.IntN(len(quiet))])
		}
		if q.Outcome().Over() {
			continue
		}
		r, err := e.Search(context.Background(), q, Limits{Time: 200 * time.Millisecond})
		require.NoError(t, err)
		if !r.Solved {
			continue
		}
		solved++
		moves, err := sv.SolveMoves(context.Background(), q, solve.Limits{}, nil)
		require.NoError(t, err)
		for _, m := range moves {
			if m.Move == r.Move {
				assert.Equal(t, r.SolvedValue, m.Value, "%v: %v", q, r.Move)
			}
		}
	}
	assert.Positive(t, solved)
}

// TestSolvedMoveWithHistoryTables: with package solve's tables
// (Options.History), the solver that the engine asks at the root starts
// from their exact values of the boards met for the first time: right
// after a capture, where the endgame tables say only -2..2, it proves the
// draw with no time to search (its context already done), where without
// them it does not; its move is one that a search without those tables,
// given the time, also finds to draw.
func TestSolvedMoveWithHistoryTables(t *testing.T) {
	tb := tables(t)
	hist, err := solve.Compute(context.Background(), oware.Rules{}, 6, solve.BuildOptions{BoardNodes: 1, Workers: 1})
	require.NoError(t, err)
	p := oware.MustParsePosition("1-0-0-0-0-1-1-1-1-0-0-1-21-21-S")
	v, err := tb.Probe(p)
	require.NoError(t, err)
	require.Equal(t, "-2..2", v.String())
	done, cancel := context.WithCancel(context.Background())
	cancel()
	assert.False(t, solvedMove(done, tb, nil, p, Result{Move: 0}).Solved)
	r := solvedMove(done, tb, hist, p, Result{Move: 0})
	require.True(t, r.Solved)
	assert.Equal(t, "0", r.SolvedValue.String())
	a, err := solve.Analyse(context.Background(), p, solve.Options{Plain: tb}, solve.Limits{})
	require.NoError(t, err)
	assert.Equal(t, "0", a.Value.String())
	assert.Contains(t, a.Moves, solve.MoveValue{Move: r.Move, Value: a.Value})

	e, err := New(Options{TableSize: MinTableSize, Tables: tb, History: hist})
	require.NoError(t, err)
	r, err = e.Search(context.Background(), p, Limits{Time: 200 * time.Millisecond})
	require.NoError(t, err)
	assert.True(t, r.Solved)
	assert.Contains(t, a.Moves, solve.MoveValue{Move: r.Move, Value: a.Value})

	// Given later, as a program that builds them meanwhile does.
	e, err = New(Options{TableSize: MinTableSize, Tables: tb})
	require.NoError(t, err)
	assert.Nil(t, e.History())
	e.SetHistory(hist)
	assert.Same(t, hist, e.History())
	r, err = e.Search(context.Background(), p, Limits{Time: 200 * time.Millisecond})
	require.NoError(t, err)
	assert.True(t, r.Solved)
	assert.Contains(t, a.Moves, solve.MoveValue{Move: r.Move, Value: a.Value})
	e.SetHistory(nil)
	assert.Nil(t, e.History())
}
