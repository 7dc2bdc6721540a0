package tablebase

import (
	"encoding/binary"

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

// northWords returns northPits(b) as two little-endian words, pits 0–7
// in lo and 8–11 in hi, turned in registers rather than copied a pit at
// a time.
func northWords(b oware.Board) (lo, hi uint64) {
	c := b.PitCounts()
	w := binary.LittleEndian.Uint64(c[0:8])
	south := w & (1<<48 - 1)
	north := w>>48 | uint64(binary.LittleEndian.Uint32(c[8:12]))<<16
	return north | south<<48, south >> 16
}

// validWords reports whether the pits of lo and hi (as northWords gives
// them) are a valid board, as pits.valid does: one of pits 6–11 empty.
func validWords(lo, hi uint64) bool {
	return zeroByte(lo>>48|hi<<16|0xffff<<48) != 0
}

// northPits returns the pits of b relative to North, North's first,
// written as the two words that pits.rank reads.
func northPits(b oware.Board) pits {
	lo, hi := northWords(b)
	var p pits
	binary.LittleEndian.PutUint64(p[0:8], lo)
	binary.LittleEndian.PutUint32(p[8:12], uint32(hi))
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
