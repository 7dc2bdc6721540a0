package engine

import (
	"context"
	"testing"

	"github.com/seed3966233f/oware"
)

// benchPositions are positions of a game between built-in players: the
// opening, the early and late middle game and an endgame.
var benchPositions = []string{
	"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
	"3-0-5-1-7-2-0-4-4-1-6-3-6-6-N",
	"7-1-0-8-6-0-1-0-1-0-11-8-2-3-S",
	"1-4-0-0-0-4-0-0-1-0-16-11-8-3-S",
	"1-1-0-0-0-0-1-1-0-3-0-15-13-13-S",
}

func benchSearch(b *testing.B, depth int) {
	var ps []oware.Position
	for _, s := range benchPositions {
		ps = append(ps, oware.MustParsePosition(s))
	}
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		for _, p := range ps {
			r, err := e.Search(context.Background(), p, Limits{Depth: depth})
			if err != nil {
				b.Fatal(err)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkSearch(b *testing.B) {
	b.Run("depth=12", func(b *testing.B) { benchSearch(b, 12) })
}

func BenchmarkSearchOpening(b *testing.B) {
	p := oware.Start()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		r, err := searchDepth(p, 12)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
