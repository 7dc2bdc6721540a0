package tablebase

import (
	"github.com/seed3966233f/oware"
)

// This file is the one place where the tables meet the rules: the children
// of a board, asked of package oware. Everything else works on pits.

// child is what one legal move leads to.
type child struct {
	pits     pits  // the board after the move, relative to its mover
	move     uint8 // the pit sown, 0–5 from the mover's first pit
	captured uint8 // the seeds the move captured
}

// children returns the children of the board p of n seeds under rules r,
// South to move, in out, and their number. When the board has no legal
// move it returns 0 and the board's own value for its mover.
//
// The board is given scores below 25 on both sides, so that R8 never ends
// the game here; a capture that reaches 25 is looked up in the tables by
// the caller, by the child's pits, and its outcome is not read.
func children(r *oware.Rules, p *pits, n int, out *[6]child) (count int, value int8) {
	ps := [oware.NumPits]int{
		int(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4]), int(p[5]),
		int(p[6]), int(p[7]), int(p[8]), int(p[9]), int(p[10]), int(p[11]),
	}
	south := (oware.NumSeeds - n) / 2
	b, err := oware.NewBoard(ps, [2]int{south, oware.NumSeeds - n - south}, oware.South)
	if err != nil {
		panic("tablebase: board of " + itoa(n) + " seeds: " + err.Error()) // unreachable: the counts add up to 48
	}
	pos := r.Position(b)
	if pos.Moves() == 0 {
		return 0, terminalValue(pos.Outcome(), b)
	}
	for m, c := range pos.Children() {
		cb := c.Board()
		out[count] = child{
			pits: pits{ // North's side first: North moves next
				uint8(cb.Pit(6)), uint8(cb.Pit(7)), uint8(cb.Pit(8)), uint8(cb.Pit(9)), uint8(cb.Pit(10)), uint8(cb.Pit(11)),
				uint8(cb.Pit(0)), uint8(cb.Pit(1)), uint8(cb.Pit(2)), uint8(cb.Pit(3)), uint8(cb.Pit(4)), uint8(cb.Pit(5)),
			},
			move:     uint8(m),
			captured: uint8(cb.Score(oware.South) - south),
		}
		count++
	}
	return count, 0
}

// terminalValue returns the value of a finished game at b for South: the
// seeds South takes from the board minus those North takes.
func terminalValue(o oware.Outcome, b oware.Board) int8 {
	s := o.Tally(oware.South) - b.Score(oware.South)
	t := o.Tally(oware.North) - b.Score(oware.North)
	return int8(s - t)
}
