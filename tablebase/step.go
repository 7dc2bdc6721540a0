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
	return oware.PackBoard(*p, [2]uint8{uint8(south), uint8(oware.NumSeeds - n - south)}, oware.South)
}

// southPits returns the pits of b relative to South, South's first.
func southPits(b oware.Board) pits { return b.PitCounts() }

// northPits returns the pits of b relative to North, North's first.
func northPits(b oware.Board) pits {
	c := b.PitCounts()
	var p pits
	copy(p[:6], c[6:])
	copy(p[6:], c[:6])
	return p
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
