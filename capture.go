package oware

// capture applies the capture rule (R5) and the grand slam rule (R6) to b,
// the board just after the player to move sowed their last seed into pit
// last. It returns the board after the capture, the lowest pit of the
// captured run (the run is from..last; from is last+1 when nothing is
// taken), and whether a grand slam annulled the capture. When the capture
// is annulled the board is returned unchanged, seeds still sown (R6).
func (b Board) capture(last int) (after Board, from int, annulled bool) {
	mover := b.ToMove()
	opponent := mover.Opponent()
	first := opponent.firstPit()
	from = last + 1
	if last < first || last >= first+PitsPerSide {
		return b, from, false // R5: the last seed fell on the mover's side
	}
	// R5: take the pit of the last seed if it now holds 2 or 3 seeds, then
	// each pit before it while it is the opponent's and holds 2 or 3.
	seeds := 0
	for from > first && (b.byteAt(from-1) == 2 || b.byteAt(from-1) == 3) {
		from--
		seeds += int(b.byteAt(from))
	}
	if seeds == 0 {
		return b, from, false
	}
	after = b
	for i := from; i <= last; i++ {
		after.setByte(i, 0)
	}
	if after.sideEmpty(opponent) {
		return b, from, true // R6: taking every seed is annulled
	}
	after.hi += uint64(seeds) << (8 * (scoreByte - 8 + uint(mover)))
	return after, from, false
}

// capturedRun returns the pits that the capture rule takes (R5) when the
// last seed falls in pit last of b, the board just after sowing, from the
// pit of the last seed backwards with the seeds of each, and whether the
// grand slam rule annuls taking them (R6). [Position.Explain] reports it.
func (b Board) capturedRun(last int) (run []Capture, annulled bool) {
	_, from, annulled := b.capture(last)
	for i := last; i >= from; i-- {
		run = append(run, Capture{Pit: i, Seeds: int(b.byteAt(i))})
	}
	return run, annulled
}

// play is [Board.play] under rules r: the capture follows r's grand slam
// rule, and r's lone seeds rule applies after it.
func (r *Rules) play(b Board, pit int) (Board, bool) {
	if r.GrandSlam == GrandSlamAnnulled && !r.LoneSeeds {
		return b.play(pit) // abapa's capture
	}
	sown, last := b.sow(pit)
	after, _, _ := r.capture(sown, last, b.ToMove())
	captured := after != sown // a capture takes seeds; nothing else changes the board
	after.hi ^= sideBit       // the turn passes
	return after, captured
}

// capture applies the capture rules of r to sown, the board after mover
// sowed their last seed into pit last: [Board.capture] with r's grand slam
// rule, then r's lone seeds rule. It reports whether a grand slam was
// annulled and whether the lone seeds rule applied.
func (r *Rules) capture(sown Board, last int, mover Player) (after Board, annulled, lone bool) {
	after, _, annulled = sown.capture(last)
	if annulled && r.capturesAll(sown, mover) {
		after, annulled = sown.takeAll(mover), false
	}
	if r.LoneSeeds {
		after, lone = after.loneSeeds(mover)
	}
	return after, annulled, lone
}

// capturesAll reports whether r lets a capture take every seed of the
// opponent's side, at sown, the board after the mover sowed.
func (r *Rules) capturesAll(sown Board, mover Player) bool {
	switch r.GrandSlam {
	case GrandSlamCaptures, GrandSlamForbidden: // forbidden unless forced, and then it captures
		return true
	case GrandSlamCapturesIfOwnRowEmpty:
		return sown.sideEmpty(mover)
	}
	return false
}

// takeAll returns b with every seed of the mover's opponent captured by the
// mover.
func (b Board) takeAll(mover Player) Board {
	opponent := mover.Opponent()
	seeds := b.SideSeeds(opponent)
	for i := opponent.firstPit(); i < opponent.firstPit()+PitsPerSide; i++ {
		b.setByte(i, 0)
	}
	b.setByte(scoreByte+int(mover), b.byteAt(scoreByte+int(mover))+uint8(seeds))
	return b
}

// loneSeeds applies the lone seeds rule of board-game-rs to b, the board
// after mover's move: when the board holds just two seeds, one in each of
// two pits whose distance, counted from the mover's first pit onwards, is
// 5 or 6, each player takes one. It reports whether the rule applied.
func (b Board) loneSeeds(mover Player) (Board, bool) {
	if b.byteAt(scoreByte)+b.byteAt(scoreByte+1) != NumSeeds-2 { // two seeds on the board
		return b, false
	}
	first, last := -1, -1
	for k := 0; k < NumPits; k++ {
		switch b.byteAt((mover.firstPit() + k) % NumPits) {
		case 1:
			if first < 0 {
				first = k
			}
			last = k
		case 2:
			return b, false
		}
	}
	if d := last - first; d != 5 && d != 6 {
		return b, false
	}
	b.lo, b.hi = 0, b.hi&^0xffff_ffff+0x0101<<32 // the pits emptied, one seed to each score
	return b, true
}
