package tablebase

import (
	"testing"

	"github.com/seed3966233f/oware"
)

// fakeTables returns tables of zeros up to n seeds under r, made in
// memory, for measuring probes without building.
func fakeTables(r oware.Rules, n int) *Tables {
	s := set{rules: r}
	for m := 0; m <= n; m++ {
		w := entryWidth(r)
		s.levels = append(s.levels, &level{rules: r, seeds: m, width: w, data: make([]byte, uint64(w)*Entries(m))})
		s.sizes = append(s.sizes, 0)
	}
	return &Tables{sets: []set{s}}
}

// BenchmarkProbeBoards probes boards of 20 seeds, South and North to move,
// in tables held in memory (zeros: a probe costs the same whatever the
// entries say), so that the measure is of the probe alone.
func BenchmarkProbeBoards(b *testing.B) {
	r, _ := oware.ParseRules("awari")
	tb := fakeTables(r, 20)
	var ps []oware.Position
	p := unrank(20, 12345)
	for len(ps) < 1024 {
		var pits [12]int
		mover := oware.Player(len(ps) % 2)
		for i, s := range p {
			pits[(i+6*int(mover))%12] = int(s)
		}
		board, err := oware.NewBoard(pits, [2]int{14, 14}, mover)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, r.Position(board))
		for range 9973 { // spread over the level
			if !p.nextValid() {
				p = unrank(20, 0)
			}
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tb.Probe(ps[i&1023]); err != nil {
			b.Fatal(err)
		}
	}
}
