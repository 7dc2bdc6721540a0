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
