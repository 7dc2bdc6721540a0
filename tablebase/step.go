package tablebase

import (
	"github.com/seed3966233f/oware"
)

// This file is where the tables meet the rules: boards made from pits and
// read back, and the moves of a board, asked of package oware
// (Rules.Children and Rules.Parents). Everything else works on pits and
// indexes.

// boardOf returns the board of p, a board of n seeds relative to its
// mover, with South to move and scores below 25 on both sides, so that
// R8 never ends the game at it; a capture that reaches 25 is looked up
// in the tables by its pits, whatever its scores.
func boardOf(p *pits, n int) oware.Board {
	south := (oware.NumSeeds - n) / 2
	b, err := oware.NewBoard([oware.NumPits]int{
		int(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4]), int(p[5]),
		int(p[6]), int(p[7]), int(p[8]), int(p[9]), int(p[10]), int(p[11]),
	}, [2]int{south, oware.NumSeeds - n - south}, oware.South)
	if err != nil {
		panic("tablebase: board of " + itoa(n) + " seeds: " + err.Error()) // unreachable: the counts add up to 48
	}
	return b
}

// southPits returns the pits of b relative to South, South's first.
// The pits are read by constant index, which folds the checks away.
func southPits(b oware.Board) pits {
	return pits{
		uint8(b.Pit(0)), uint8(b.Pit(1)), uint8(b.Pit(2)), uint8(b.Pit(3)), uint8(b.Pit(4)), uint8(b.Pit(5)),
		uint8(b.Pit(6)), uint8(b.Pit(7)), uint8(b.Pit(8)), uint8(b.Pit(9)), uint8(b.Pit(10)), uint8(b.Pit(11)),
	}
}

// northPits returns the pits of b relative to North, North's first.
func northPits(b oware.Board) pits {
	return pits{
		uint8(b.Pit(6)), uint8(b.Pit(7)), uint8(b.Pit(8)), uint8(b.Pit(9)), uint8(b.Pit(10)), uint8(b.Pit(11)),
		uint8(b.Pit(0)), uint8(b.Pit(1)), uint8(b.Pit(2)), uint8(b.Pit(3)), uint8(b.Pit(4)), uint8(b.Pit(5)),
	}
}

// terminalValue returns the value of board b, South to move, where the
// game is over under rules r: the seeds South takes from the board minus
// those North takes.
func terminalValue(r oware.Rules, b oware.Board) int8 {
	o := r.Position(b).Outcome()
	s := o.Tally(oware.South) - b.Score(oware.South)
	t := o.Tally(oware.North) - b.Score(oware.North)
	return int8(s - t)
}
