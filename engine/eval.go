package engine

import "github.com/seed3966233f/oware"

// Evaluate returns the static worth of p for the player to move, in units
// where a captured seed is SeedValue. Finished positions score ±Win or 0
// (a draw). Otherwise the score is SeedValue times the difference of
// captured seeds, plus the worth of each of the twelve pits, read from a
// table by the pit's seeds, its side (the mover's or the opponent's) and
// the phase of the game (the seeds left on the board: up to 20, 21 to 34,
// 35 or more). The tables hold the weights chosen by hand, the same for
// every phase and for both sides but for the sign: a pit is worth half a
// unit per seed, rounded up (seeds that R9 and R10 would give to the side
// that holds them, but also seeds for the opponent to capture), less 2
// units when it is empty (a move fewer, and a side that may have to be
// fed), plus 1 unit when it holds 1 seed and 2 when it holds 2 (small
// moves that keep the other pits back), plus 1 unit from 12 seeds on (a
// sowing that goes round the board). They were chosen by matches between
// variants of the evaluation (docs/engine.md, "The evaluation"), which
// also tells how to fit them to games instead (weights.go).
func Evaluate(p oware.Position) Score {
	if o := p.Outcome(); o.Over() {
		return Score(terminal(o, p.Board().ToMove(), 0))
	}
	if !p.Valid() {
		return 0
	}
	return Score(evaluate(p.Board()))
}

// evalPhases is the number of phases of the game that the weights of
// the pits tell apart, by the seeds left on the board (evalPhase).
const evalPhases = 3

// evalPhase is the phase of the game by the seeds on the board: 0 up to
// 20 seeds, 1 from 21 to 34, 2 from 35 on. It has 64 entries: an index
// masked to 6 bits needs no bounds check.
var evalPhase = func() (t [64]uint8) {
	for n := range t {
		switch {
		case n <= 20:
			t[n] = 0
		case n <= 34:
			t[n] = 1
		default:
			t[n] = 2
		}
	}
	return t
}()

// evaluate is Evaluate of a board whose game goes on.
func evaluate(b oware.Board) int {
	south, north := b.Score(oware.South), b.Score(oware.North)
	w := &evalWeights[evalPhase[(oware.NumSeeds-south-north)&63]]
	// The mover's pits count by w[0], the opponent's by w[1]. Pit with a
	// constant compiles to a shift.
	s, n := &w[0], &w[1]
	v := SeedValue * (south - north)
	if b.ToMove() == oware.North {
		s, n, v = n, s, -v
	}
	return v + int(s[b.Pit(0)&63]+s[b.Pit(1)&63]+s[b.Pit(2)&63]+s[b.Pit(3)&63]+s[b.Pit(4)&63]+s[b.Pit(5)&63]+
		n[b.Pit(6)&63]+n[b.Pit(7)&63]+n[b.Pit(8)&63]+n[b.Pit(9)&63]+n[b.Pit(10)&63]+n[b.Pit(11)&63])
}

// pits returns the seeds of b's pits, as b.Pits does, faster.
func pits(b oware.Board) [oware.NumPits]int {
	return [oware.NumPits]int{b.Pit(0), b.Pit(1), b.Pit(2), b.Pit(3), b.Pit(4), b.Pit(5),
		b.Pit(6), b.Pit(7), b.Pit(8), b.Pit(9), b.Pit(10), b.Pit(11)}
}

// terminal scores a finished game for player pl, found ply plies below the
// root.
func terminal(o oware.Outcome, pl oware.Player, ply int) int {
	w, ok := o.Winner()
	switch {
	case !ok:
		return 0
	case w == pl:
		return Win - ply
	default:
		return -Win + ply
	}
}
