package oware

// capture applies the capture rule (R5) and the grand slam rule (R6) to k,
// the board just after the player to move sowed their last seed into pit
// last. It returns the board after the capture, the lowest pit of the
// captured run (the run is from..last; from is last+1 when nothing is
// taken), and whether a grand slam annulled the capture. When the capture
// is annulled the board is returned unchanged, seeds still sown (R6).
func (k Key) capture(last int) (after Key, from int, annulled bool) {
	mover := k.ToMove()
	opponent := mover.Opponent()
	first := opponent.firstPit()
	from = last + 1
	if last < first || last >= first+6 {
		return k, from, false // R5: the last seed fell on the mover's side
	}
	// R5: take the pit of the last seed if it now holds 2 or 3 seeds, then
	// each pit before it while it is the opponent's and holds 2 or 3.
	seeds := 0
	for from > first && (k.byteAt(from-1) == 2 || k.byteAt(from-1) == 3) {
		from--
		seeds += int(k.byteAt(from))
	}
	if seeds == 0 {
		return k, from, false
	}
	after = k
	for i := from; i <= last; i++ {
		after.setByte(i, 0)
	}
	if after.sideEmpty(opponent) {
		return k, from, true // R6: taking every seed is annulled
	}
	after.hi += uint64(seeds) << (8 * (scoreByte - 8 + uint(mover)))
	return after, from, false
}
