package solve

import (
	"context"
	"testing"

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
	tabs, err := Compute(context.Background(), r, 8, BuildOptions{BoardNodes: 1})
	if err != nil {
		b.Fatal(err)
	}
	p := r.Position(normalize(oware.MustParseBoard("0-0-0-0-1-0-0-1-2-0-2-2-19-21-N")))
	tt := newTable(16 << 20)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for b.Loop() {
		tt.clear()
		s := newSearcher(r, tabs, nil, tt)
		s.ctx, s.budget = context.Background(), benchNodes
		s.enter(&p, true)
		s.solve(&p)
		nodes += s.nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}
