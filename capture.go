package oware

// This file holds capture (R5), the grand slam (R6) under each of the
// rules' GrandSlam knobs, and the lone seeds of board-game-rs.

// Capture is one captured pit and the seeds taken from it (R5).
type Capture struct {
	Pit   int // the pit, 0–11
	Seeds int // the seeds taken from it: 2 or 3
}

// capture applies the capture rules of r to sown, the board just after
// the player to move sowed their last seed into pit last: the capture rule
// (R5), the grand slam rule r chose (R6), then r's lone seeds rule. It
// returns the board after them and their record.
func (r *ruleset) capture(sown Board, last int) (Board, record) {
	rec := record(last)
	mover := sown.ToMove()
	opponent := mover.Opponent()
	first := opponent.firstPit()
	after := sown
	// R5: take the pit of the last seed if it is the opponent's and now
	// holds 2 or 3 seeds, then each pit before it while it is the
	// opponent's and holds 2 or 3.
	run := 0
	for at := last; at >= first && at < first+PitsPerSide; at-- {
		c := sown.byteAt(at)
		if c != 2 && c != 3 {
			break
		}
		rec |= record(c&1) << (8 + run)
		rec += 1 << 4 // one more pit in the run
		run++
		after.setByte(at, 0)
	}
	if run > 0 {
		if after.sideEmpty(opponent) && !r.takesAll(sown, mover) {
			after = sown // R6: taking every seed is annulled
			rec |= recAnnulled
		} else {
			after.hi += uint64(rec.runSeeds()) << (8 * (scoreByte - 8 + uint(mover)))
			rec |= recScored
		}
	}
	if r.LoneSeeds && after.loneSeeds(mover) {
		after.lo, after.hi = 0, after.hi&^0xffff_ffff+0x0101<<32 // the pits emptied, one seed to each score
		rec |= recScored | recLone
	}
	return after, rec
}

// takesAll reports whether r lets a capture take every seed of the
// opponent's side at sown, the board after the mover sowed (R6).
func (r *ruleset) takesAll(sown Board, mover Player) bool {
	switch r.GrandSlam {
	case GrandSlamForbidden: // forbidden unless forced, and then it captures
		return true
	case GrandSlamCapturesIfOwnRowEmpty:
		return sown.sideEmpty(mover)
	}
	return false
}

// loneSeeds reports whether the lone seeds rule of board-game-rs applies
// to b, the board after mover's move: the board holds just two seeds, one
// in each of two pits whose distance, counted from the mover's first pit
// onwards, is 5 or 6.
func (b Board) loneSeeds(mover Player) bool {
	if b.onBoard() != 2 {
		return false
	}
	first, last := -1, -1
	for k := range NumPits {
		switch b.byteAt((mover.firstPit() + k) % NumPits) {
		case 1:
			if first < 0 {
				first = k
			}
			last = k
		case 2:
			return false
		}
	}
	d := last - first
	return d == 5 || d == 6
}
