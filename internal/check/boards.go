package check

import (
	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
)

// board returns the board of pits with random scores below 25 that make
// up the 48 seeds, and mover to move.
func (g *Generator) board(pits [oware.NumPits]int, mover oware.Player) oware.Board {
	return boardgen.Board(g.rng, pits, mover, false)
}

// scatter drops n seeds at random into the pits from first to first+count-1.
func (g *Generator) scatter(pits *[oware.NumPits]int, n, first, count int) {
	boardgen.Scatter(g.rng, pits, n, first, count)
}

// player returns South or North at random.
func (g *Generator) player() oware.Player { return oware.Player(g.rng.IntN(2)) }

// fewSeeds returns a board with lo to hi seeds at random places.
func (g *Generator) fewSeeds(lo, hi int) oware.Board {
	var pits [oware.NumPits]int
	g.scatter(&pits, lo+g.rng.IntN(hi-lo+1), 0, oware.NumPits)
	return g.board(pits, g.player())
}

// starved returns a board on which the opponent of the mover has no seed
// and the mover 1 to 12 (R7; R9 when no move can feed).
func (g *Generator) starved() oware.Board {
	var pits [oware.NumPits]int
	mover := g.player()
	g.scatter(&pits, 1+g.rng.IntN(12), oware.PitsPerSide*int(mover), oware.PitsPerSide)
	return g.board(pits, mover)
}

// laps returns a game whose first move sows 12 to 35 seeds (R4).
func (g *Generator) laps() Case {
	var pits [oware.NumPits]int
	mover := g.player()
	pit := oware.PitsPerSide*int(mover) + g.rng.IntN(oware.PitsPerSide)
	pits[pit] = 12 + g.rng.IntN(24)
	g.scatter(&pits, g.rng.IntN(oware.NumSeeds-pits[pit]+1), 0, oware.NumPits)
	return g.playOut(g.board(pits, mover), []oware.Move{oware.Move(pit)})
}

// grandSlam returns a game whose first move would capture every seed of
// the opponent (R6): the mover's pit reaches the opponent's pits up to the
// last seed's, which hold 1 or 2 seeds each; the rest of that side is
// empty. When North moves, the sowing crosses from pit 11 to pit 0.
func (g *Generator) grandSlam() Case {
	var pits [oware.NumPits]int
	mover := g.player()
	own, opp := oware.PitsPerSide*int(mover), oware.PitsPerSide*int(mover.Opponent())
	from := g.rng.IntN(oware.PitsPerSide)
	reach := g.rng.IntN(oware.PitsPerSide) // the last seed's pit, from the opponent's first
	pits[own+from] = oware.PitsPerSide - from + reach
	for i := range reach + 1 {
		pits[opp+i] = 1 + g.rng.IntN(2)
	}
	for i := range oware.PitsPerSide {
		if i != from {
			pits[own+i] = g.rng.IntN(4)
		}
	}
	return g.playOut(g.board(pits, mover), []oware.Move{oware.Move(own + from)})
}

// majority returns a game whose first move captures exactly what the mover
// lacks to reach 25 (R8): the game ends there.
func (g *Generator) majority() Case {
	for range tries {
		var pits [oware.NumPits]int
		g.scatter(&pits, 8+g.rng.IntN(23), 0, oware.NumPits)
		b := g.board(pits, g.player())
		if c, ok := g.winningCapture(b); ok {
			return c
		}
	}
	return g.playOut(g.rules.Start().Board(), nil)
}

// winningCapture finds a capture at b and returns the case that plays it
// with the mover's score set to 25 minus the capture.
func (g *Generator) winningCapture(b oware.Board) (Case, bool) {
	p := g.rules.Position(b)
	mover := b.ToMove()
	for m := range p.Moves().All() {
		e, _ := p.Explain(m)
		won := oware.WinningScore - e.Captured()
		lost := b.Score(oware.South) + b.Score(oware.North) - won
		if e.Captured() == 0 || lost < 0 || lost >= oware.WinningScore {
			continue
		}
		scores := [2]int{}
		scores[mover], scores[mover.Opponent()] = won, lost
		wb, err := oware.NewBoard(b.Pits(), scores, mover)
		if err == nil {
			return Case{Start: wb, Moves: []oware.Move{m}, rules: g.rules}, true
		}
	}
	return Case{}, false
}
