package oware

// Sowing (R3, R4) and its inverse.
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
// and the pit of the last seed.
type sowing struct {
	lo, hi uint64
	last   int
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
			for seed := 0; seed < n; seed++ {
				pit = nextSownPit(pit, p)
				change[pit]++
			}
			// The words are added modulo 2⁶⁴: the origin's negative change
			// borrows across bytes, and exactly cancels when added to a
			// word whose origin byte holds n.
			s := sowing{last: pit}
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

// sow empties pit and sows its seeds (R3, R4). It returns the new board and
// the pit of the last seed. The pit must hold at least one seed. The side
// to move is not changed.
func (b Board) sow(pit int) (Board, int) {
	s := &sowPlan[pit][b.byteAt(pit)]
	b.lo += s.lo
	b.hi += s.hi
	return b, s.last
}

// unsow returns the board from which the player who did not move at b
// sowed seeds seeds from pit, without a capture, to reach b: the turn
// passes back and the sowing is subtracted.
func (b Board) unsow(pit int, seeds uint8) Board {
	s := &sowPlan[pit][seeds]
	b.hi ^= sideBit
	b.lo -= s.lo
	b.hi -= s.hi
	return b
}

// sownPits returns the pits that receive the seeds of pit, one entry per
// seed in sowing order, for a board whose pit holds at least one seed.
func (b Board) sownPits(pit int) []int {
	n := int(b.byteAt(pit))
	pits := make([]int, n)
	for i, at := 0, pit; i < n; i++ {
		at = nextSownPit(at, pit)
		pits[i] = at
	}
	return pits
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
