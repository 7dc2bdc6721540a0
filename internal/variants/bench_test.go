package variants

import (
	"math/rand/v2"
	"testing"

	"github.com/seed3966233f/oware"
)

// BenchmarkPlayout plays random games from the opening under each preset,
// to compare their cost with abapa's.
func BenchmarkPlayout(b *testing.B) {
	for _, name := range oware.RulesNames() {
		rules, _ := oware.ParseRules(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			rng := rand.New(rand.NewPCG(1, 2))
			start := rules.Start()
			plies := 0
			for b.Loop() {
				p := start
				for moves := p.Moves(); moves != 0; moves = p.Moves() {
					m, _ := moves.Nth(rng.IntN(moves.Len()))
					p, _ = p.Play(m)
					plies++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
		})
	}
}

// BenchmarkPlay plays one move at each of the same 256 positions, met in
// random abapa games, under each preset: the cost of the rules alone,
// without the different lengths and phases of each preset's games.
func BenchmarkPlay(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var boards []oware.Board
	for len(boards) < 256 {
		for p := oware.Start(); p.Moves() != 0 && len(boards) < 256; {
			boards = append(boards, p.Board())
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
		}
	}
	for _, name := range oware.RulesNames() {
		rules, _ := oware.ParseRules(name)
		var positions []oware.Position
		var moves []oware.Move
		for _, bd := range boards {
			p := rules.Position(bd)
			if m, ok := p.Moves().Nth(rng.IntN(max(p.Moves().Len(), 1))); ok {
				positions, moves = append(positions, p), append(moves, m)
			}
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var p oware.Position
			for i := 0; b.Loop(); i++ {
				p, _ = positions[i%len(positions)].Play(moves[i%len(moves)])
			}
			_ = p
		})
	}
}
