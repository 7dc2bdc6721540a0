package engine

import "github.com/seed3966233f/oware"

// Evaluate returns the static worth of p for the player to move, in units
// where a captured seed is SeedValue. Finished positions score ±Win or 0
// (a draw). Otherwise the score is the difference of captured seeds, plus
// one unit for every seed the mover holds on their own side more than the
// opponent does (seeds that R9 and R10 would give them), plus two units for
// every non-empty pit the mover has more than the opponent (moves to
// choose from, and no empty side to be fed). The weights were chosen by
// matches between variants of the evaluation.
func Evaluate(p oware.Position) int {
	if o := p.Outcome(); o.Over() {
		return terminal(o, p.Board().ToMove(), 0)
	}
	if !p.Valid() {
		return 0
	}
	return evaluate(p.Board())
}

// pitWorth is the worth of a pit of the mover's side by its seeds, in
// the units of Evaluate; a pit of the opponent's side counts the opposite.
var pitWorth = func() (t [64]int) { // 64 entries: an index masked to 6 bits needs no bounds check
	for n := range t {
		t[n] = n
		if n > 0 {
			t[n] += 2
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
