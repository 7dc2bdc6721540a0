package oware

import (
	"iter"
	"math/bits"
)

// This file holds a move: sowing (R3, R4) and its inverse, the one step
// that plays a move under any rules (sowing, then the capture of
// capture.go), the record of what that step did, and the Effect that
// Position.Explain makes of the record.
//
// Seeds from pit p go into p+1, p+2, … (11 wraps to 0), skipping p itself on
// every lap. A Board holds one pit per byte, and no pit ever holds more
// than 48 seeds, so a whole sowing is one addition per word of the Board:
// sowPlan holds, for every pit of origin and every seed count, the change
// of every pit packed the same way (the origin loses its seeds, each pit
// sown gains one per seed), and the pit of the last seed. Subtracting the
// same change undoes the sowing exactly, which is how the repetition
// history rebuilds earlier positions from the moves played.

// sowing is the effect of sowing one pit: the change of pits 0–7 (lo) and
// of pits 8–11 (hi, in its low four bytes) as words to add to a Board's,
// the pit of the last seed, and whether it lands across the board.
type sowing struct {
	lo, hi uint64
	last   int
	// across: the last seed lands on the other side than the pit of
	// origin, the opponent's, where a capture may happen (R5).
	across bool
	// times is the number of seeds the pit of the last seed receives,
	// one a lap (R4).
	times uint8
}

// sowPlan[p][n] is the sowing of n seeds from pit p.
var sowPlan = makeSowPlan()

func makeSowPlan() *[NumPits][NumSeeds + 1]sowing {
	var plan [NumPits][NumSeeds + 1]sowing
	for p := 0; p < NumPits; p++ {
		for n := 1; n <= NumSeeds; n++ {
			var change [NumPits]int
			change[p] = -n
			pit := p
			s := sowing{}
			for seed := 0; seed < n; seed++ {
				pit = nextSownPit(pit, p)
				change[pit]++
			}
			s.last, s.across, s.times = pit, pit/PitsPerSide != p/PitsPerSide, uint8(change[pit])
			// The words are added modulo 2⁶⁴: the origin's negative change
			// borrows across bytes, and exactly cancels when added to a
			// word whose origin byte holds n.
			for i, c := range change {
				if i < 8 {
					s.lo += uint64(c) << (8 * i)
				} else {
					s.hi += uint64(c) << (8 * (i - 8))
				}
			}
			plan[p][n] = s
		}
	}
	return &plan
}

// nextSownPit returns the pit that receives the seed after the one dropped
// in pit at, when sowing from origin: the next pit counter-clockwise (R3),
// passing over the pit of origin (R4).
func nextSownPit(at, origin int) int {
	at = (at + 1) % NumPits
	if at == origin {
		at = (at + 1) % NumPits
	}
	return at
}

// unsow returns the board from which the player who did not move at b
// sowed seeds seeds from pit, without a capture, to reach b: the turn
// passes back and the sowing is subtracted.
func (b Board) unsow(pit int, seeds uint8) Board { return b.unsown(&sowPlan[pit][seeds]) }

// unsown returns the board from which the player who did not move at b
// made the sowing s, without a capture.
func (b Board) unsown(s *sowing) Board {
	b.hi ^= sideBit
	b.lo -= s.lo
	b.hi -= s.hi
	return b
}

// Children returns an iterator over the legal moves of b under r, b met
// for the first time, in ascending pit order, each with the board it
// leads to: the moves and boards of r.Position(b).Children(), without the
// history and legal moves that every Position computes. It is the loop of
// programs that walk boards by the million, such as package tablebase. It
// yields nothing where the game is over at r.Position(b) (D5) and for
// the zero Board. The iterator may be used any number of times, from any
// number of goroutines; it does not allocate.
func (r Rules) Children(b Board) iter.Seq2[Move, Board] {
	return func(yield func(Move, Board) bool) {
		rs := r.set()
		if !b.Valid() {
			return
		}
		moves, _ := rs.legal(b, 1, 0, 0) // met for the first time: no repetition, no ply counted
		for s := moves; s != 0; s &= s - 1 {
			pit := bits.TrailingZeros16(uint16(s))
			after, _ := rs.move(b, pit)
			if !yield(Move(pit), after) {
				return
			}
		}
	}
}

// Parents returns an iterator over the un-moves of b under r: every board
// a, with the other player to move, and move m such that m is legal at
// r.Position(a) (a met for the first time), captures nothing and leads to
// b. "Captures nothing" means that no score changes: the moves whose
// capture a grand slam annulled (R6) are among them, captures and
// board-game-rs's lone seeds are not. Only such moves can be undone from
// the board alone: a capture's seeds could have come from any pits.
//
// The pit sown is empty at b (R3, R4), and every pit holds at least the
// seeds it received, laps included (R4): un-sowing each empty pit of the
// side that just moved, one seed count after another, finds every
// candidate, and the rules keep those whose move is legal there (R2, R7,
// and the preset's own legality, such as awari's forbidden starving
// moves) and captures nothing (R5, R6). The moves come in ascending pit
// order, then ascending seed count.
//
// It yields nothing for the zero Board. The iterator may be used any
// number of times, from any number of goroutines; it does not allocate.
func (r Rules) Parents(b Board) iter.Seq2[Move, Board] {
	return func(yield func(Move, Board) bool) {
		rs := r.set()
		if !b.Valid() {
			return
		}
		// A move that captures nothing changes no score, so the game was
		// over at every parent if R8 ends it at b. Otherwise a move that
		// leaves the player to move at b a seed is legal at its parent
		// under every rule (R2, R7, and awari's forbidden starving moves
		// leave a seed); only a move that starves them needs the rules'
		// full test.
		if b.majority() && !rs.NoMajority {
			return
		}
		starved := b.sideEmpty(b.ToMove())
		lo, hi := b.lo, b.hi
		// Sixteen entries, so that an index masked with 15 needs no check.
		pits := [16]uint8{
			uint8(lo), uint8(lo >> 8), uint8(lo >> 16), uint8(lo >> 24), uint8(lo >> 32), uint8(lo >> 40),
			uint8(lo >> 48), uint8(lo >> 56), uint8(hi), uint8(hi >> 8), uint8(hi >> 16), uint8(hi >> 24),
		}
		sower := b.ToMove().Opponent() // the side that sowed
		// The pit sown is empty after the move.
		empty := emptyBytes(b.side(sower))
		for ; empty != 0; empty &= empty - 1 {
			pit := sower.firstPit() + bits.TrailingZeros64(empty)/8
			plan := &sowPlan[pit]
			for seeds := 1; seeds <= NumSeeds; seeds++ {
				sw := &plan[seeds]
				if pits[sw.last&15] < sw.times {
					break // its last seed's pit holds fewer than it received; and so for every larger count: pits only receive more
				}
				a := b.unsown(sw)
				if rs.captures(sw, pits[sw.last&15]) {
					if rs.alwaysScores {
						continue // a capture: not a move to b
					}
					if _, rec := rs.move(a, pit); rec&recScored != 0 {
						continue // a capture, or the lone seeds: not a move to b
					}
				}
				if starved {
					if moves, _ := rs.legal(a, 1, 0, 0); !moves.Contains(Move(pit)) {
						continue
					}
				}
				if !yield(Move(pit), a) {
					return
				}
			}
		}
	}
}

// record is what one move did, kept in one word by the step that plays
// it, so that nothing has to be computed twice: the pit of the last seed
// (bits 0–3), the length of the run of pits that the capture rule found
// (R5), ending at that pit (bits 4–6), which of them held 3 seeds rather
// than 2 (bits 8–13, the pit of the last seed first), and flags (bits
// 16–19).
type record uint32

// The flags of a record.
const (
	recScored   record = 1 << (16 + iota) // a score changed: a capture, or the lone seeds; the history starts again (D2)
	recAnnulled                           // the run would have taken every seed of the opponent and was annulled (R6)
	recLone                               // the lone seeds rule took the last two seeds
	recFed                                // the opponent's side was empty before the move and is not after it (R7); set by Explain
)

// last returns the pit of the last seed.
func (rec record) last() int { return int(rec & 0xf) }

// run returns the length of the run.
func (rec record) run() int { return int(rec >> 4 & 7) }

// three reports whether pit last-i of the run held 3 seeds.
func (rec record) three(i int) bool { return rec>>(8+i)&1 != 0 }

// runSeeds returns the seeds of the run.
func (rec record) runSeeds() int { return 2*rec.run() + bits.OnesCount32(uint32(rec>>8&0x3f)) }

// move plays pit, a move of the player to move at b, under r: sowing (R3,
// R4), then the capture rules (R5, R6 and the knobs), then the turn
// passes. It returns the new board and the record of the move. Play,
// Explain, Children, Perft and the legality of awari's moves all play
// moves through it.
func (r *ruleset) move(b Board, pit int) (Board, record) {
	s := &sowPlan[pit][b.byteAt(pit)]
	b.lo += s.lo
	b.hi += s.hi
	rec := record(s.last)
	if r.captures(s, b.byteAt(s.last)) {
		b, rec = r.capture(b, s.last)
	}
	b.hi ^= sideBit // the turn passes
	return b, rec
}

// captures reports whether the capture rules of r have anything to look
// at after sowing s left c seeds in the pit of the last seed: only a last
// seed on the opponent's side that makes its pit hold 2 or 3 captures
// (R5); the lone seeds rule looks at every move.
func (r *ruleset) captures(s *sowing, c uint8) bool {
	return s.across && (c == 2 || c == 3) || r.LoneSeeds
}

// Effect tells what a move did, every step of the rules that it went
// through, for user interfaces that animate moves and for programs that
// check their own implementation step by step. [Position.Explain] makes it
// from the same computation that plays the move; its methods expand what
// that computation recorded. The zero Effect is no move's: its After is
// the zero Position.
type Effect struct {
	after Position
	move  Move
	seeds uint8 // the seeds taken from the pit
	rec   record
}

// Move returns the move.
func (e Effect) Move() Move { return e.move }

// Player returns who played it.
func (e Effect) Player() Player { return e.move.Player() }

// Seeds returns the seeds taken from the pit (R3).
func (e Effect) Seeds() int { return int(e.seeds) }

// Sown returns an iterator over the pits that received the seeds, one per
// seed in sowing order; the pit of origin is skipped on every lap (R3,
// R4).
func (e Effect) Sown() iter.Seq[int] {
	origin, n := int(e.move), int(e.seeds)
	return func(yield func(int) bool) {
		for i, at := 0, origin; i < n; i++ {
			at = nextSownPit(at, origin)
			if !yield(at) {
				return
			}
		}
	}
}

// Last returns the pit of the last seed.
func (e Effect) Last() int { return e.rec.last() }

// run returns an iterator over the run of the capture rule, from the pit
// of the last seed backwards, or over nothing unless shown. It is one
// closure, so that a loop that ranges over it where it is made allocates
// nothing.
func (e Effect) run(shown bool) iter.Seq[Capture] {
	rec := e.rec
	return func(yield func(Capture) bool) {
		for i := range rec.run() {
			if !shown {
				return
			}
			seeds := 2
			if rec.three(i) {
				seeds = 3
			}
			if !yield(Capture{Pit: rec.last() - i, Seeds: seeds}) {
				return
			}
		}
	}
}

// Captures returns an iterator over the captured pits, from the pit of the
// last seed backwards, with the seeds taken from each (R5). It yields
// nothing when nothing is taken or a grand slam annulled the capture; the
// two seeds of the lone seeds rule are not among them.
func (e Effect) Captures() iter.Seq[Capture] { return e.run(e.rec&recAnnulled == 0) }

// Captured returns the seeds captured by the move (R5): 0 after a grand
// slam, and not counting the lone seeds.
func (e Effect) Captured() int {
	if e.rec&recAnnulled != 0 {
		return 0
	}
	return e.rec.runSeeds()
}

// GrandSlam reports that the move would have taken every seed of the
// opponent's side, so the capture was annulled (R6); [Effect.Annulled]
// lists what it would have taken. Under rules where such a capture takes
// everything it is false, and Captures lists what was taken.
func (e Effect) GrandSlam() bool { return e.rec&recAnnulled != 0 }

// Annulled returns an iterator over the pits and seeds that an annulled
// grand slam would have taken (R6), from the pit of the last seed
// backwards; it yields nothing for any other move.
func (e Effect) Annulled() iter.Seq[Capture] { return e.run(e.rec&recAnnulled != 0) }

// Fed reports that the opponent's side was empty before the move and
// holds seeds after it (R7). Under rules where a move may take every seed
// it fed (a grand slam that captures, the lone seeds), such a move has not
// fed the opponent.
func (e Effect) Fed() bool { return e.rec&recFed != 0 }

// LoneSeeds reports that the move left two lone seeds, which the players
// took, one each (Rules.LoneSeeds).
func (e Effect) LoneSeeds() bool { return e.rec&recLone != 0 }

// After returns the position after the move.
func (e Effect) After() Position { return e.after }

// Outcome returns the outcome after the move: the move ended the game when
// it is Over.
func (e Effect) Outcome() Outcome { return e.after.Outcome() }
