package engine

import "github.com/seed3966233f/oware"

// Evaluate returns the static worth of p for the player to move, in units
// where a captured seed is SeedValue. Finished positions score ±Win or 0
// (a draw). Otherwise the score is SeedValue times the difference of
// captured seeds, plus the worth of each pit of the mover's side minus
// that of each pit of the opponent's. A pit's worth is half a unit per
// seed, rounded up (seeds that R9 and R10 would give to the side that
// holds them, but also seeds for the opponent to capture), less 2 units
// when it is empty (a move fewer, and a side that may have to be fed),
// plus 1 unit when it holds 1 seed and 2 when it holds 2 (small moves that
// keep the other pits back), plus 1 unit from 12 seeds on (a sowing that
// goes round the board). The weights were chosen by matches between
// variants of the evaluation (see the README).
func Evaluate(p oware.Position) Score {
	if o := p.Outcome(); o.Over() {
		return Score(terminal(o, p.Board().ToMove(), 0))
	}
	if !p.Valid() {
		return 0
	}
	return Score(evaluate(p.Board()))
}

// pitWorth is the worth of a pit of the mover's side by its seeds, in
// the units of Evaluate; a pit of the opponent's side counts the opposite.
// It has 64 entries: an index masked to 6 bits needs no bounds check.
var pitWorth = func() (t [64]int) {
	for n := 0; n <= oware.NumSeeds; n++ {
		t[n] = (n + 1) / 2
		switch {
		case n == 0:
			t[n] -= 2
		case n == 1:
			t[n]++
		case n == 2:
			t[n] += 2
		case n >= 12:
			t[n]++
		}
	}
	return t
}()

// evaluate is Evaluate of a board whose game goes on.
func evaluate(b oware.Board) int {
	w := &pitWorth
	// South's pits minus North's, then seen from the mover. Pit with a
	// constant compiles to a shift.
	v := SeedValue*(b.Score(oware.South)-b.Score(oware.North)) +
		w[b.Pit(0)&63] + w[b.Pit(1)&63] + w[b.Pit(2)&63] + w[b.Pit(3)&63] + w[b.Pit(4)&63] + w[b.Pit(5)&63] -
		w[b.Pit(6)&63] - w[b.Pit(7)&63] - w[b.Pit(8)&63] - w[b.Pit(9)&63] - w[b.Pit(10)&63] - w[b.Pit(11)&63]
	if b.ToMove() == oware.North {
		return -v
	}
	return v
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
