package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
)

// refRules are the rules the reference solver (ref_test.go) covers: the
// reference model's moves are abapa's, which aalina's share; only the
// repetition (R10) differs: the third occurrence, or the second, and
// whether it ends the game while a side is empty.
var refRules = []struct {
	name    string
	limit   int
	emptyOK bool
}{
	{"abapa", 3, false},
	{"aalina", 2, true},
}

// refBudget is the most nodes the reference solver searches for one
// position; the positions beyond it are left out.
const refBudget = 50_000

// refCase is a position for the reference solver: the board its stretch
// starts from, the quiet moves played since, and where they lead: a board
// (by id) and the count of every board met.
type refCase struct {
	start refPos
	moves []int
	at    int
	hist  map[int]int
}

// position returns the case as a position of package oware under r,
// played through Play from its start with scores below 25.
func (c refCase) position(t require.TestingT, r oware.Rules) oware.Position {
	seeds := c.start.side(0) + c.start.side(1)
	south := (48 - seeds) / 2
	b, err := oware.NewBoard(c.start.pits, [2]int{south, 48 - seeds - south}, oware.Player(c.start.mover))
	require.NoError(t, err)
	p := r.Position(b)
	for _, m := range c.moves {
		p, err = p.Play(oware.Move(m))
		require.NoError(t, err)
	}
	return p
}

// refWalk returns the case of start after up to plies random quiet moves,
// stopping before a move that would end the game by repetition; ok is
// false when the game is over there.
func refWalk(s *refSolver, start refPos, plies int, pick func(int) int) (c refCase, ok bool) {
	v := s.id(start)
	c = refCase{start: start, at: v, hist: map[int]int{v: 1}}
	for range plies {
		nd := s.nodes[c.at]
		var quiet []int
		for k, m := range nd.moves {
			if m.captured == 0 && !s.ends(nd.children[k], c.hist[nd.children[k]]+1) {
				quiet = append(quiet, k)
			}
		}
		if len(quiet) == 0 {
			break
		}
		k := quiet[pick(len(quiet))]
		w := nd.children[k]
		c.hist[w]++
		c.moves = append(c.moves, nd.moves[k].pit)
		c.at = w
	}
	return c, !s.nodes[c.at].over
}

// refValue returns the reference solver's value of c, or false beyond
// refBudget.
func refValue(s *refSolver, c refCase) (int, bool) {
	s.count, s.budget = 0, refBudget
	hist := s.history()
	for id, k := range c.hist {
		hist[id] = k
	}
	v, err := s.valueOf(c.at, hist)
	if len(s.memo) > 1<<20 {
		s.memo = map[string][2]int{}
	}
	return v, err == nil
}

// refCases returns every board of 0 to 2 seeds with South to move, met
// for the first time, and the ends of walks random quiet walks of 2 and 3
// seeds, with the reference solver's values, those beyond its budget
// left out.
func refCases(t *testing.T, s *refSolver, rng *rand.Rand, walks int) ([]refCase, []int) {
	var cases []refCase
	for n := 0; n <= 2; n++ {
		compositions(n, func(p [12]int) {
			c, _ := refWalk(s, refPos{p, 0}, 0, rng.IntN)
			cases = append(cases, c)
		})
	}
	for n := 2; n <= 3; n++ {
		for range walks {
			var p [12]int
			for range n {
				p[rng.IntN(12)]++
			}
			if c, ok := refWalk(s, refPos{p, rng.IntN(2)}, rng.IntN(40), rng.IntN); ok {
				cases = append(cases, c)
			}
		}
	}
	var kept []refCase
	var values []int
	for _, c := range cases {
		if v, ok := refValue(s, c); ok {
			kept = append(kept, c)
			values = append(values, v)
		}
	}
	t.Logf("%d positions, %d beyond the reference solver's budget", len(kept), len(cases)-len(kept))
	require.Greater(t, len(kept), len(cases)/2)
	return kept, values
}

// compositions calls f with every way to put n seeds in 12 pits.
func compositions(n int, f func([12]int)) {
	var p [12]int
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 11 {
			p[11] = left
			f(p)
			return
		}
		for x := 0; x <= left; x++ {
			p[i] = x
			rec(i+1, left-x)
		}
	}
	rec(0, n)
}

// TestAgreesWithReference: on every board of up to 2 seeds met for the
// first time, and on positions of 2 and 3 seeds with a history after
// random quiet moves, under abapa (R10: the third occurrence) and aalina
// (the second, with a side empty too), the solver finds the value of the
// independent reference solver, with the tables and without, and with
// every proof kept and shared between histories (see keep); the tables'
// bounds of a board met for the first time hold its value; and the
// bounds the search starts from at a position with its history (the
// cycle bounds widened by the boards one occurrence from ending the
// game) hold its value.
func TestAgreesWithReference(t *testing.T) {
	for _, rr := range refRules {
		t.Run(rr.name, func(t *testing.T) {
			r, err := oware.ParseRules(rr.name)
			require.NoError(t, err)
			require.Equal(t, rr.limit, r.RepeatLimit())
			require.Equal(t, rr.emptyOK, r.RepeatWithEmptySide())
			tabs, err := Compute(context.Background(), r, 3, BuildOptions{BoardNodes: 1})
			require.NoError(t, err)
			with, err := New(r, Options{Tables: tabs, TableSize: 1 << 20})
			require.NoError(t, err)
			without, err := New(r, Options{TableSize: 1 << 20})
			require.NoError(t, err)
			every, err := New(r, Options{Tables: tabs, TableSize: 1 << 20})
			require.NoError(t, err)
			every.mutate = func(s *searcher) { s.shareMin = 1 } // every proof kept and shared
			cases, values := refCases(t, newRefSolver(rr.limit, rr.emptyOK), rand.New(rand.NewPCG(27, uint64(rr.limit))), 60)
			for i, c := range cases {
				p, want := c.position(t, r), values[i]
				res, err := with.Solve(context.Background(), p, Limits{})
				require.NoError(t, err)
				require.Equal(t, Value{int8(want), int8(want)}, res.Value, "%v with tables", p)
				res, err = without.Solve(context.Background(), p, Limits{})
				require.NoError(t, err)
				require.Equal(t, Value{int8(want), int8(want)}, res.Value, "%v without tables", p)
				res, err = every.Solve(context.Background(), p, Limits{})
				require.NoError(t, err)
				require.Equal(t, Value{int8(want), int8(want)}, res.Value, "%v with every proof kept", p)
				if p.QuietPlies() == 0 {
					v, err := tabs.Probe(p)
					require.NoError(t, err)
					require.True(t, v.Lo() <= want && want <= v.Hi(), "%v: the tables say %v, the reference %d", p, v, want)
				}
				s, root, err := with.start(context.Background(), p, Limits{})
				require.NoError(t, err)
				lo, hi := s.prior(&root)
				with.done(s)
				require.True(t, lo <= want && want <= hi, "%v: the search starts from %d..%d, the reference says %d", p, lo, hi, want)
			}
		})
	}
}

// TestHistoryMatters: a transposition table keyed by the board alone, as
// if a position's value did not depend on its history (R10), and cycle
// bounds taken as they are at every history, without the widening for
// the boards one occurrence from ending the game, and kept proofs taken
// under any history, each give wrong values
// on positions the reference solver solves, under both rules; the solver
// as it is gives none (TestAgreesWithReference).
func TestHistoryMatters(t *testing.T) {
	if testTableSeeds < 7 {
		// Its positions need the 7-seed tables to meet the errors it
		// counts; it checks no concurrency, and runs in full without the
		// race detector.
		t.Skip("under the race detector: the tests' tables stop at", testTableSeeds, "seeds")
	}
	broken := []struct {
		name   string
		mutate func(*searcher)
	}{
		{"board-keyed table", func(s *searcher) { s.forget = true }},
		{"cycle bounds trusted", func(s *searcher) { s.trust = true }},
		{"kept proofs taken under any history", func(s *searcher) { s.shareMin, s.loose = 1, true }},
	}
	wrong := make([]int, len(broken))
	for _, rr := range refRules {
		r, err := oware.ParseRules(rr.name)
		require.NoError(t, err)
		tabs, err := Compute(context.Background(), r, 3, BuildOptions{BoardNodes: 1})
		require.NoError(t, err)
		cases, values := refCases(t, newRefSolver(rr.limit, rr.emptyOK), rand.New(rand.NewPCG(28, uint64(rr.limit))), 60)
		for k, b := range broken {
			sv, err := New(r, Options{Tables: tabs, TableSize: 1 << 20})
			require.NoError(t, err)
			sv.mutate = b.mutate
			for i, c := range cases {
				res, err := sv.Solve(context.Background(), c.position(t, r), Limits{Nodes: 100_000})
				require.NoError(t, err)
				if res.Value.Exact() && res.Value.Lo() != values[i] {
					wrong[k]++
				}
			}
		}
	}
	for k, b := range broken {
		t.Logf("%s: %d wrong values", b.name, wrong[k])
		require.Positive(t, wrong[k], b.name)
	}
}

// TestSolveProperty: on random positions of 1 to 3 seeds after random
// quiet moves, under abapa and aalina, the solver's value is the
// reference solver's, wherever the reference solves within its budget.
func TestSolveProperty(t *testing.T) {
	solvers := map[string]*Solver{}
	refs := map[string]*refSolver{}
	for _, rr := range refRules {
		r, err := oware.ParseRules(rr.name)
		require.NoError(t, err)
		sv, err := New(r, Options{TableSize: 1 << 20})
		require.NoError(t, err)
		solvers[rr.name], refs[rr.name] = sv, newRefSolver(rr.limit, rr.emptyOK)
	}
	rapid.Check(t, func(rt *rapid.T) {
		rr := rapid.SampledFrom(refRules).Draw(rt, "rules")
		n := rapid.IntRange(1, 3).Draw(rt, "seeds")
		var p [12]int
		for i := range n {
			p[rapid.IntRange(0, 11).Draw(rt, "pit")]++
			_ = i
		}
		mover := rapid.IntRange(0, 1).Draw(rt, "mover")
		plies := rapid.IntRange(0, 30).Draw(rt, "plies")
		s := refs[rr.name]
		c, ok := refWalk(s, refPos{p, mover}, plies, func(k int) int { return rapid.IntRange(0, k-1).Draw(rt, "move") })
		if !ok {
			return
		}
		want, ok := refValue(s, c)
		if !ok {
			return
		}
		sv := solvers[rr.name]
		pos := c.position(rt, sv.rules)
		res, err := sv.Solve(context.Background(), pos, Limits{})
		require.NoError(rt, err)
		require.Equal(rt, Value{int8(want), int8(want)}, res.Value, "%v", pos)
	})
}

// TestAnalyse: Analyse, and Solver.Analyse with the tables of this
// package, give the reference solver's values of a position with its
// history and of its moves (each the seeds it captures minus the value
// after it, by Play), under abapa and aalina; and both refuse rules
// without a repetition rule.
func TestAnalyse(t *testing.T) {
	for _, rr := range refRules {
		r, err := oware.ParseRules(rr.name)
		require.NoError(t, err)
		sv, err := New(r, Options{Tables: tablesFor(t, rr.name), TableSize: 1 << 20})
		require.NoError(t, err)
		s := newRefSolver(rr.limit, rr.emptyOK)
		cases, values := refCases(t, s, rand.New(rand.NewPCG(29, uint64(rr.limit))), 10)
		for i, c := range cases {
			p := c.position(t, r)
			a, err := Analyse(context.Background(), p, Options{}, Limits{})
			require.NoError(t, err)
			withTables, err := sv.Analyse(context.Background(), p, Limits{})
			require.NoError(t, err)
			require.Equal(t, a, withTables, "%v", p)
			require.Equal(t, Value{int8(values[i]), int8(values[i])}, a.Value, "%v", p)
			nd := s.nodes[c.at]
			require.Len(t, a.Moves, len(nd.moves), "%v", p)
			for k, m := range nd.moves {
				require.Equal(t, oware.Move(m.pit), a.Moves[k].Move)
				var want int
				w := nd.children[k]
				switch {
				case m.captured > 0:
					s.count, s.budget = 0, refBudget
					x, err := s.freshValue(w)
					if err != nil {
						continue // beyond the reference solver's budget
					}
					want = m.captured - x
				case s.ends(w, c.hist[w]+1):
					want = -m.child.split()
				default:
					hist := s.history()
					for id, n := range c.hist {
						hist[id] = n
					}
					hist[w]++
					s.count, s.budget = 0, refBudget
					x, err := s.valueOf(w, hist)
					if err != nil {
						continue // beyond the reference solver's budget
					}
					want = -x
				}
				require.Equal(t, Value{int8(want), int8(want)}, a.Moves[k].Value, "%v move %v", p, a.Moves[k].Move)
			}
		}
	}
	lone, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	_, err = Analyse(context.Background(), lone.Start(), Options{}, Limits{})
	require.ErrorIs(t, err, ErrUnsupportedRules)
	sv, err := New(oware.Rules{}, Options{}) // abapa, the zero Rules
	require.NoError(t, err)
	_, err = sv.Analyse(context.Background(), lone.Start(), Limits{})
	require.ErrorIs(t, err, ErrUnsupportedRules)
	_, err = sv.Analyse(context.Background(), oware.Position{}, Limits{})
	require.ErrorIs(t, err, ErrInvalidPosition)
}
