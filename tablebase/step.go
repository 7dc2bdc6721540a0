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
	left := uint8(oware.NumSeeds - n) // n is 0 to 48: the seeds captured, halved without a sign
	return oware.PackBoard(*p, [2]uint8{left / 2, left - left/2}, oware.South)
}

// moverWords returns the pits of b relative to its mover, the mover's
// first, as two little-endian words, pits 0–7 in lo and 8–11 in hi (as
// wordRanks.rankEmpty takes them).
func moverWords(b oware.Board) (lo, hi uint64) {
	lo, hi = southWords(b)
	if b.ToMove() == oware.North {
		lo, hi = turnWords(lo, hi)
	}
	return lo, hi
}

// southWords returns the pits of b relative to South, South's first, as
// moverWords does.
func southWords(b oware.Board) (lo, hi uint64) {
	c := b.PitCounts()
	return binary.LittleEndian.Uint64(c[0:8]), uint64(binary.LittleEndian.Uint32(c[8:12]))
}

// turnWords returns the words of pits lo and hi (see moverWords) with
// the two sides' pits swapped, in registers: relative to the other
// player. turnWords(southWords(b)) gives b's pits relative to North.
func turnWords(lo, hi uint64) (uint64, uint64) {
	south := lo & (1<<48 - 1)
	return lo>>48 | hi<<16 | south<<48, south >> 16
}

// emptyPits returns a word whose bytes 0 to 5 flag the empty ones among
// pits 6 to 11 of lo and hi (see moverWords) in their top bit (zeroByte
// may flag a pit after an empty one too), and whose bytes 6 and 7 are 0.
// It is not 0 exactly when the pits are a valid board, as pits.valid
// says (one of pits 6–11 empty), and wordRanks.rankEmpty takes it, so
// that a caller that checked the board first does not compute it twice.
func emptyPits(lo, hi uint64) uint64 { return zeroByte(lo>>48 | hi<<16 | 0xffff<<48) }

// wordsPits returns the pits whose words are lo and hi (see moverWords).
func wordsPits(lo, hi uint64) pits {
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
