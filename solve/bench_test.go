package solve

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// benchNodes is the node budget of one solve of BenchmarkSearch: enough
// for the lines to reach the depths where Play's history spills, few
// enough for many iterations.
const benchNodes = 20_000

// BenchmarkSearch searches an abapa endgame of 8 seeds whose tables'
// bounds do not decide it, from an empty transposition table each time,
// within benchNodes, and reports the time and the allocations per node
// searched.
func BenchmarkSearch(b *testing.B) {
	var r oware.Rules // abapa
	tabs := eightSeeds(b)
	p := r.Position(normalize(oware.MustParseBoard("0-0-0-0-1-0-0-1-2-0-2-2-19-21-N")))
	m := newMemory(16<<20, DefaultTreeSize)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for b.Loop() {
		m.clear()
		s := newSearcher(r, tabs, nil, m)
		s.ctx, s.budget = context.Background(), benchNodes
		s.enter(&p, true)
		s.solve(&p)
		nodes += s.nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// TestSearchAllocs: the search allocates nothing of its own once its
// searcher has grown: what it allocates is Play's, a block of history
// where a capture-free stretch reaches a multiple of 16 plies, once for
// all the children of a node (Position.Children): about one node in
// fifteen here (those at depths 16, 32, … of a stretch, which a tree has
// more of than of the depths before them), pinned at one in eight.
func TestSearchAllocs(t *testing.T) {
	var r oware.Rules // abapa
	tabs := tablesFor(t, "abapa")
	p := r.Position(normalize(oware.MustParseBoard("0-0-0-0-1-0-0-1-2-0-2-2-19-21-N")))
	s := newSearcher(r, tabs, nil, newMemory(1<<20, DefaultTreeSize))
	s.ctx = context.Background()
	var nodes uint64
	search := func() {
		s.clear()
		s.clearLine()
		s.nodes, s.stop = 0, false
		s.budget = 5_000
		s.enter(&p, true)
		s.solve(&p)
		nodes = s.nodes
	}
	search() // grows the line
	allocs := testing.AllocsPerRun(5, search)
	require.Equal(t, uint64(5_000), nodes, "the search ends within its budget: too easy a position")
	require.LessOrEqual(t, allocs, float64(nodes)/8, "%v allocations in %d nodes", allocs, nodes)
	// The search left the root on the line; clearLine takes it off, and
	// its count with it.
	requireOnLine(t, s)
	s.clearLine()
	requireOnLine(t, s)
	t.Logf("%v allocations in %d nodes", allocs, nodes)
}

// BenchmarkSearchDeep asks one question of an abapa board of 8 seeds met
// for the first time whose cycle bounds leave two values, from an empty
// transposition table each time, within deepNodes: the regime of the
// builds' searches, whose lines go through the same boards with other
// histories, a hundred plies and more. The tree has grown to its size
// before the timer starts, as in a solver that has answered a question
// before. It reports the time per node searched.
func BenchmarkSearchDeep(b *testing.B) {
	benchDeep(b, oware.Rules{}, eightSeeds(b), "0-0-0-0-0-1-0-0-0-1-1-5-20-20-S", deepNodes)
}

// BenchmarkSearchLarge asks BenchmarkSearchDeep's question within
// largeNodes, in a tree sized to them (treeFor), as a build at a budget
// of two million positions a board does: a tree of millions of nodes,
// far larger than the caches.
func BenchmarkSearchLarge(b *testing.B) {
	benchDeep(b, oware.Rules{}, eightSeeds(b), "0-0-0-0-0-1-0-0-0-1-1-5-20-20-S", largeNodes)
}

// BenchmarkSearchAalina asks, as BenchmarkSearchDeep does, one question
// of a board of 8 seeds met for the first time whose cycle bounds leave
// it open, not settled within deepNodes, under Aalina's rules, where
// every board of a stretch is one occurrence from ending the game: the
// regime of the builds of aalina's tables, whose searches read those
// perils at every position (prior).
func BenchmarkSearchAalina(b *testing.B) {
	r, err := oware.ParseRules("aalina")
	require.NoError(b, err)
	tabs, err := aalinaEight()
	require.NoError(b, err)
	benchDeep(b, r, tabs, "0-0-0-6-0-0-0-0-2-0-0-0-20-20-S", deepNodes)
}

// benchDeep asks, as BenchmarkSearchDeep does, whether the value of board
// under r, met for the first time, reaches the upper bound of tabs for
// it, within budget nodes.
func benchDeep(b *testing.B, r oware.Rules, tabs *Tables, board string, budget uint64) {
	p := r.Position(normalize(oware.MustParseBoard(board)))
	q, n := relOf(p.Board())
	_, tau := tabs.levels[n].fresh(q.index(n))
	m := newMemory(DefaultTableSize, treeFor(budget))
	var nodes uint64
	ask := func() {
		m.clear()
		s := newSearcher(r, tabs, nil, m)
		s.ctx, s.budget = context.Background(), budget
		s.enter(&p, true)
		s.test(&p, int(tau), false)
		nodes += s.nodes
	}
	ask() // grows the tree, as a solver's first question does once
	nodes = 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ask()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// aalinaEight computes once aalina's tables to 8 seeds with the cycle
// bounds alone.
var aalinaEight = sync.OnceValues(func() (*Tables, error) {
	r, err := oware.ParseRules("aalina")
	if err != nil {
		return nil, err
	}
	return Compute(context.Background(), r, 8, BuildOptions{BoardNodes: 1})
})

// deepNodes is the node budget of one question of BenchmarkSearchDeep.
const deepNodes = 200_000

// largeNodes is the node budget of one question of BenchmarkSearchLarge.
const largeNodes = 1 << 21
