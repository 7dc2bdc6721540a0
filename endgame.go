package oware

import (
	"math/bits"
	"strconv"
	"strings"
)

// This file holds the legal moves with feeding (R2, R7) and the forbidden
// grand slam, the endings of the game (R8–R11, D3, D5) and the Outcome
// that reports them, and the repetition history (R10, D1, D2).

// movable returns the moves that R2 and R7 allow the player to move at b,
// ignoring whether the game has ended.
//
// The six pits of the mover's side are six bytes of one word. A pit may be
// played when it holds at least 1 seed (R2) or, when the opponent's side is
// empty (R7), at least as many seeds as it takes to reach that side: 6 from
// the first pit of a side down to 1 from the last.
func (b Board) movable() MoveSet {
	mover := b.ToMove()
	thresholds := uint64(0x7f7f_7f7f_7f7f) // R2: at least 1 seed in every pit
	if b.sideEmpty(mover.Opponent()) {
		thresholds = 0x7f7e_7d7c_7b7a // R7: at least 6, 5, 4, 3, 2, 1 seeds
	}
	return pitsOver(b.side(mover), thresholds) << mover.firstPit()
}

// pitsOver returns the pits of a side, one per byte, that hold at least
// 0x80 - t seeds, where t holds one such threshold per byte, as a MoveSet
// of the side's first six bits. Adding t to each byte sets the byte's top
// bit exactly when the pit holds at least its threshold (a pit holds at
// most 48, so no byte carries into the next); the multiplication then
// gathers the six top bits into six adjacent bits.
func pitsOver(side, t uint64) MoveSet {
	tops := (side + t) & 0x8080_8080_8080
	return MoveSet((tops>>7)*(1<<56|1<<49|1<<42|1<<35|1<<28|1<<21)>>56) & 0x3f
}

// forbiddenMoves returns the moves that GrandSlamForbidden allows the
// player to move at b, ignoring whether the game has ended: every
// non-empty pit whose move leaves the opponent a seed or, when none does,
// every non-empty pit.
func (r *ruleset) forbiddenMoves(b Board) MoveSet {
	mover := b.ToMove()
	side, opponent := b.side(mover), b.side(mover.Opponent())
	all := pitsOver(side, 0x7f7f_7f7f_7f7f) << mover.firstPit()
	switch {
	case opponent == 0:
		// The moves that feed (R7), but for a lap that takes back all it
		// fed: a move without a lap puts at most one seed in each of the
		// empty pits, and takes none.
		keep := b.movable()
		for s := keep; s != 0; s &= s - 1 {
			pit := bits.TrailingZeros16(uint16(s))
			if b.byteAt(pit) < NumPits {
				continue // no lap: it feeds and takes nothing
			}
			if after, _ := r.move(b, pit); after.sideEmpty(mover.Opponent()) {
				keep &^= 1 << pit
			}
		}
		if keep == 0 {
			return all // no move leaves the opponent a seed: any may be played
		}
		return keep
	case (opponent+0x7d7d_7d7d_7d7d)&0x8080_8080_8080 != 0:
		// A pit of 3 seeds or more is never captured, and only sowing
		// passes seeds into a pit: no move can take all the opponent has.
		return all
	}
	// Without a lap, a move passes one seed into each of the opponent's
	// pits up to its last, and takes them all exactly when those pits hold
	// all the opponent's seeds, 1 or 2 in each, with none empty: a run of
	// pits from the opponent's first, ending at the pit of the last seed.
	// From the mover's k-th pit (0–5) with fewer than 11 seeds, the last
	// seed lands on the opponent's pit n-1 of a run of n exactly when
	// the pit holds 5+n-k seeds: one comparison of the six pits at once.
	laps := pitsOver(side, 0x7575_7575_7575) // 11 seeds or more: sown in laps, played out below
	keep := all
	if n := runLength(opponent); n > 0 {
		target := uint64(5+n)*0x0101_0101_0101 - 0x0504_0302_0100 // byte k: 5+n-k
		keep &^= pitsOver(emptyBytes(side^target), 0) &^ laps << mover.firstPit()
	}
	for s := laps << mover.firstPit(); s != 0; s &= s - 1 {
		pit := bits.TrailingZeros16(uint16(s))
		if after, _ := r.move(b, pit); after.sideEmpty(mover.Opponent()) { // a lap: see what it leaves
			keep &^= 1 << pit
		}
	}
	if keep == 0 {
		return all
	}
	return keep
}

// emptyBytes returns a word whose byte i has its top bit set exactly
// where byte i of x, one of six pits or counts below 0x80, is 0: setting
// each top bit and taking 1 from each byte borrows from no other byte,
// and leaves the top bit clear exactly where the byte was 0.
func emptyBytes(x uint64) uint64 {
	const lows, highs = 0x0101_0101_0101, 0x8080_8080_8080
	return ^((x | highs) - lows) & highs
}

// runLength returns how many of a side's pits, one per byte, the first in
// the lowest, hold seeds before its first empty one, or 0 when a pit after
// that empty one holds seeds.
func runLength(side uint64) int {
	n := 0
	for ; side&0xff != 0; side >>= 8 {
		n++
	}
	if side != 0 {
		return 0
	}
	return n
}

// legal returns the legal moves at b under r, when b occurs for the
// reps-th time since the last capture, quiet plies after it (needed only
// under MaxQuietPlies), and plies plies after the position the game was
// set up from; and, when there are none, why the game is over. Every
// position's moves come from it.
func (r *ruleset) legal(b Board, reps uint32, quiet int, plies uint32) (MoveSet, Reason) {
	switch {
	case b.majority() && !r.NoMajority:
		return 0, Majority // R8
	case r.limits && r.MaxQuietPlies != 0 && quiet >= int(r.MaxQuietPlies):
		return 0, QuietLimit
	case reps >= r.repeatAt && r.repeats(b, reps): // the first test inline: repeats is a call
		return 0, Repetition // R10, D2
	}
	var moves MoveSet // r.movable(b), with the common case inline on this path
	if r.GrandSlam != GrandSlamForbidden {
		moves = b.movable()
	} else {
		moves = r.forbiddenMoves(b)
	}
	switch {
	case moves == 0:
		return 0, NoMove // R9
	case r.limits && r.MaxPlies != 0 && plies >= uint32(r.MaxPlies):
		return 0, PlyLimit
	}
	return moves, NotOver
}

// movable returns the moves that r allows the player to move at b,
// ignoring whether the game has ended.
func (r *ruleset) movable(b Board) MoveSet {
	if r.GrandSlam == GrandSlamForbidden {
		return r.forbiddenMoves(b)
	}
	return b.movable()
}

// majority reports whether a player has captured 25 seeds or more (R8).
func (b Board) majority() bool {
	// Both scores at once: adding 0x80-25 sets a byte's top bit when it is
	// at least 25 (a score is at most 48, so no carry).
	return (b.hi>>(8*(scoreByte-8))&0xffff+(0x80-WinningScore)*0x0101)&0x8080 != 0
}

// repeats reports whether the reps-th occurrence of b ends the game under
// r (R10, D2).
func (r *ruleset) repeats(b Board, reps uint32) bool {
	return reps >= r.repeatAt && (r.RepeatWithEmptySide || !b.sideEmpty(South) && !b.sideEmpty(North))
}

// outcome returns the outcome of a game that ended at b, which occurs for
// the reps-th time, for reason (D3, R11).
func (r *ruleset) outcome(b Board, reason Reason, reps uint32) Outcome {
	o := Outcome{reason: reason}
	switch {
	case reason == Majority && (r.MajoritySweep == SweepNone ||
		r.MajoritySweep == SweepIfStuck && r.movable(b) != 0 && !r.repeats(b, reps)):
		o.tallies = [2]uint8{b.byteAt(scoreByte), b.byteAt(scoreByte + 1)} // D3
	case reason == Repetition && r.EvenSplit:
		rest := uint8(b.onBoard())
		o.tallies = [2]uint8{b.byteAt(scoreByte) + rest/2, b.byteAt(scoreByte+1) + rest/2}
		o.half = rest%2 == 1
	default: // R9, R10, the limits and the sweeps: each takes their own side
		o.tallies = [2]uint8{
			b.byteAt(scoreByte) + uint8(b.SideSeeds(South)),
			b.byteAt(scoreByte+1) + uint8(b.SideSeeds(North)),
		}
	}
	return o
}

// Reason tells why a game ended.
type Reason uint8

// The ways a game can end.
const (
	NotOver    Reason = iota // the game goes on
	Majority                 // R8: a player has captured 25 seeds or more
	NoMove                   // R9: the player to move has no legal move
	Repetition               // R10: a position occurred for the third time since the last capture
	// QuietLimit: the rules' limit of plies without a capture was reached
	// (Rules.MaxQuietPlies); each player takes the seeds of their side.
	QuietLimit
	// PlyLimit: the rules' limit of plies was reached (Rules.MaxPlies);
	// the game is drawn whatever the tallies.
	PlyLimit
)

// reasonNames are the names of the reasons, indexed by Reason.
var reasonNames = [...]string{"not over", "majority", "no move", "repetition", "quiet limit", "ply limit"}

// String returns the reason's name: "not over", "majority", "no move",
// "repetition", "quiet limit" or "ply limit", and "Reason(n)" for any
// other value.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// Rule returns the rule that ends the game for this reason: "R8", "R9" or
// "R10"; "" for NotOver, for the limits of other rules than abapa's, and
// for a value that is not a reason.
func (r Reason) Rule() string {
	switch r {
	case Majority:
		return "R8"
	case NoMove:
		return "R9"
	case Repetition:
		return "R10"
	}
	return ""
}

// MarshalText implements [encoding.TextMarshaler] with the reason's name.
// Any other value is a [*RangeError] wrapping ErrRange.
func (r Reason) MarshalText() ([]byte, error) {
	if int(r) >= len(reasonNames) {
		return nil, &RangeError{Type: "Reason", Value: int(r)}
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the names
// that MarshalText writes. Anything else is a [*ParseError] wrapping
// ErrSyntax. On an error r is unchanged.
func (r *Reason) UnmarshalText(text []byte) error {
	for i, name := range reasonNames {
		if string(text) == name {
			*r = Reason(i)
			return nil
		}
	}
	return &ParseError{What: "reason", Input: string(text), Msg: `not "not over", "majority", "no move", "repetition", "quiet limit" or "ply limit"`, Err: ErrSyntax}
}

// Outcome is the result of a game: whether it is over, why, and the final
// tallies (D3) from which the winner follows (R11). Outcomes are comparable.
// The zero Outcome means that the game goes on.
type Outcome struct {
	reason  Reason
	tallies [2]uint8
	half    bool // each tally has half a seed more (Rules.EvenSplit of an odd number)
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.reason != NotOver }

// Reason returns why the game ended, or NotOver.
func (o Outcome) Reason() Reason { return o.reason }

// Tally returns p's final tally (D3): the captures after R8, the captures
// plus the seeds on p's side after R9 and R10. It is 0 while the game goes
// on and for an invalid player. Under rules that split the seeds evenly
// (Rules.EvenSplit), an odd seed is halved: then [Outcome.HalfSeed]
// reports the half that each tally has beyond what Tally says.
func (o Outcome) Tally(p Player) int {
	if !p.Valid() {
		return 0
	}
	return int(o.tallies[p])
}

// HalfSeed reports whether each tally holds half a seed more than
// [Outcome.Tally] says, as when awari's even split shares an odd seed.
func (o Outcome) HalfSeed() bool { return o.half }

// Winner returns the player with the higher tally (R11). It reports false
// while the game goes on and when the game is drawn.
func (o Outcome) Winner() (Player, bool) {
	switch {
	case o.Draw() || !o.Over():
		return 0, false
	case o.tallies[South] > o.tallies[North]:
		return South, true
	default:
		return North, true
	}
}

// Draw reports whether the game ended drawn: with equal tallies, 24–24
// (R11), or by a limit of plies that draws whatever the tallies (PlyLimit).
func (o Outcome) Draw() bool {
	return o.Over() && (o.tallies[South] == o.tallies[North] || o.reason == PlyLimit)
}

// String describes the outcome, such as "South wins 26-22 (majority, R8)",
// "North wins 26-22 (no move, R9)", "draw 24-24 (repetition, R10)" or "not
// over": its text form, see [Outcome.AppendText].
func (o Outcome) String() string {
	b, _ := o.AppendText(make([]byte, 0, 40))
	return string(b)
}

// AppendText implements [encoding.TextAppender]. It appends "not over"
// while the game goes on; otherwise the winner and " wins " with the
// winner's tally first, or "draw " with South's first, the tallies joined
// by "-" (each with ".5" when it holds half a seed), then in parentheses
// the reason and, when one of R8–R10 ended the game, that rule: "South
// wins 26-22 (majority, R8)", "North wins 27-21 (no move, R9)", "draw
// 24-24 (repetition, R10)", "North wins 24.5-23.5 (repetition, R10)",
// "draw 30-18 (ply limit)". It never fails, and [Outcome.UnmarshalText]
// reads the text back.
func (o Outcome) AppendText(b []byte) ([]byte, error) {
	if !o.Over() {
		return append(b, "not over"...), nil
	}
	first := South
	if w, ok := o.Winner(); ok {
		b = append(b, w.String()...)
		b = append(b, " wins "...)
		first = w
	} else {
		b = append(b, "draw "...)
	}
	b = o.appendTally(b, first)
	b = append(b, '-')
	b = o.appendTally(b, first.Opponent())
	b = append(b, " ("...)
	b = append(b, o.reason.String()...)
	if rule := o.reason.Rule(); rule != "" {
		b = append(b, ", "...)
		b = append(b, rule...)
	}
	return append(b, ')'), nil
}

// appendTally appends p's tally, with ".5" when it holds half a seed.
func (o Outcome) appendTally(b []byte, p Player) []byte {
	b = strconv.AppendInt(b, int64(o.tallies[p]), 10)
	if o.half {
		b = append(b, ".5"...)
	}
	return b
}

// MarshalText implements [encoding.TextMarshaler] with the text of
// [Outcome.AppendText].
func (o Outcome) MarshalText() ([]byte, error) { return o.AppendText(make([]byte, 0, 40)) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the text
// that [Outcome.AppendText] writes, exactly, and refuses any outcome that
// the rules cannot produce: the tallies of R8 have one of 25 or more and
// add up to at most 48, those of every other ending add up to 48 (D3),
// only an even split after a repetition holds half seeds, and the winner
// is the player with the higher tally (R11). Anything else is a
// [*ParseError] wrapping ErrSyntax. On an error o is unchanged.
func (o *Outcome) UnmarshalText(text []byte) error {
	out, at, msg := parseOutcome(string(text))
	if msg != "" {
		return &ParseError{What: "outcome", Input: string(text), Offset: at, Msg: msg, Err: ErrSyntax}
	}
	*o = out
	return nil
}

// parseOutcome reads the text of an outcome, or tells what is wrong and
// where.
func parseOutcome(s string) (o Outcome, at int, msg string) {
	if s == "not over" {
		return o, 0, ""
	}
	first := South
	rest, ok := strings.CutPrefix(s, "draw ")
	if !ok {
		var winner string
		if winner, rest, ok = strings.Cut(s, " wins "); !ok || winner != "South" && winner != "North" {
			return o, 0, `not "not over", "draw …" or "South wins …" or "North wins …"`
		}
		if winner == "North" {
			first = North
		}
	}
	at = len(s) - len(rest)
	tallies, paren, ok := strings.Cut(rest, " (")
	a, b, ok2 := strings.Cut(tallies, "-")
	if !ok || !ok2 {
		return o, at, `tallies are not "N-N" followed by " ("`
	}
	var halves [2]bool
	for i, t := range [2]string{a, b} {
		whole, half := strings.CutSuffix(t, ".5")
		n, ok := parseCount(whole)
		if !ok {
			return o, at, "a tally is not a whole number from 0 to 48, or one and a half"
		}
		o.tallies[first^Player(i)], halves[i] = uint8(n), half
	}
	if halves[0] != halves[1] {
		return Outcome{}, at, "only both tallies hold half a seed"
	}
	o.half = halves[0]
	at = len(s) - len(paren) - 1 // the "("
	inside, ok := strings.CutSuffix(paren, ")")
	name, rule, _ := strings.Cut(inside, ", ")
	if !ok || o.reason.UnmarshalText([]byte(name)) != nil || o.reason == NotOver || rule != o.reason.Rule() {
		return Outcome{}, at, `not a reason and its rule in parentheses, such as "(majority, R8)" or "(ply limit)"`
	}
	if msg := o.problem(); msg != "" {
		return Outcome{}, 0, msg
	}
	if canonical, _ := o.AppendText(nil); string(canonical) != s {
		return Outcome{}, 0, "this outcome is written " + strconv.Quote(string(canonical))
	}
	return o, 0, ""
}

// problem tells why o cannot end a game (D3), or returns "" when it can.
func (o Outcome) problem() string {
	sum := int(o.tallies[South]) + int(o.tallies[North])
	if o.half {
		sum++
	}
	switch {
	case o.half && o.reason != Repetition:
		return "only an even split after a repetition holds half seeds"
	case o.reason == NotOver && sum != 0:
		return "a game that goes on has no tallies"
	case o.reason == Majority && (max(o.tallies[South], o.tallies[North]) < WinningScore || sum > NumSeeds):
		return "after R8 one tally is 25 or more and they add up to at most 48 (D3)"
	case o.reason != NotOver && o.reason != Majority && sum != NumSeeds:
		return "after R9 and R10 the tallies add up to 48 (D3)"
	}
	return ""
}

// The repetition history (R10, D1, D2).
//
// A position remembers the moves played since the last capture. Sowing is
// all that such a move does, and sowing can be undone exactly (sow.go), so
// the moves are enough to rebuild every earlier position of the stretch,
// newest first, from the current one: two bytes a move instead of sixteen
// a position. Each move also records how many times the position it was
// played from had occurred, so counting the occurrences of a new position
// means finding its latest earlier occurrence. That count saturates at
// maxReps in a move; the exact count of a position whose latest
// occurrence saturated is found by going on to earlier occurrences until
// one that did not, each adding one.
//
// The latest recentCap moves are held inline, so that playing a move copies
// a small value and allocates nothing. Older moves go, sixteen at a time,
// into immutable chunks that every position descending from them shares.
// Bloom filters let the search skip what cannot hold a position: one inline
// over the recent positions, and one in each chunk. The chunks form a
// Fenwick tree: chunk number i (counting from 1) filters its own positions
// and those of the lowbit(i)-1 chunks before it, its filter sized to match,
// and links to the chunk before that range. A search follows those links,
// checking about log₂(chunks)/2 filters, and looks inside a range only when
// its filter says the position may be there; so the cost of a move barely
// grows with the length of a capture-free stretch.

// recentCap is how many moves a Position holds inline.
const recentCap = 16

// step is a move of the current capture-free stretch: the pit sown (bits
// 0–3), its seeds (bits 4–9), and how many times the position it was played
// from had occurred (bits 10–15, saturating at maxReps).
type step uint16

// maxReps is the largest occurrence count a step keeps; maxReps means that
// many or more.
const maxReps = 63

func makeStep(pit int, seeds uint8, reps uint32) step {
	return step(pit) | step(seeds)<<4 | step(min(reps, maxReps))<<10
}

func (s step) pit() int     { return int(s & 0xf) }
func (s step) seeds() uint8 { return uint8(s >> 4 & 0x3f) }
func (s step) reps() uint32 { return uint32(s >> 10) }

// undo returns the board from which s led to b.
func (s step) undo(b Board) Board { return b.unsow(s.pit(), s.seeds()) }

// history is the part of a Position's past that R10 needs. Its positions
// are the current one, P(n), and the earlier ones of the stretch:
// P(0) … P(n-1) rebuilt from recent, and before them those of older.
type history struct {
	reps   uint32          // occurrences of P(n), itself included; 0 only in a position that is not valid
	n      uint8           // how many moves of recent are in use
	recent [recentCap]step // recent[i] is the move from P(i) to P(i+1)
	seen   [2]uint64       // Bloom filter of P(0) … P(n-1)
	older  *chunk          // the positions before P(0), newest chunk first; nil if none
}

// chunk is a full block of recentCap moves of the stretch, immutable once
// made, with its node of the Fenwick tree of filters.
type chunk struct {
	steps  [recentCap]step // steps[i] leads from the chunk's i-th position to the next
	keys   chunkKeys       // the Bloom keys of those positions, to build filters from
	end    Board           // the position the last step leads to
	prev   *chunk          // the chunk before this one, or nil
	skip   *chunk          // the newest chunk before the range that filter covers, or nil
	index  uint32          // 1 for the oldest chunk of the stretch, then 2, 3, …
	filter []uint64        // Bloom filter of the positions of chunks index-lowbit(index)+1 … index
}

// chunkKeys are the Bloom keys of a chunk's positions.
type chunkKeys [recentCap]bloomKey

// filterWords is the size of a chunk's share of a Bloom filter, in words:
// sixteen bits a position.
const filterWords = recentCap / 4

// newChunk returns a chunk whose filter covers width chunks. The filter is
// allocated with the chunk for the common widths: one allocation a chunk.
func newChunk(width uint32) *chunk {
	switch width {
	case 1:
		c := new(struct {
			chunk
			f [filterWords]uint64
		})
		c.filter = c.f[:]
		return &c.chunk
	case 2:
		c := new(struct {
			chunk
			f [2 * filterWords]uint64
		})
		c.filter = c.f[:]
		return &c.chunk
	case 4:
		c := new(struct {
			chunk
			f [4 * filterWords]uint64
		})
		c.filter = c.f[:]
		return &c.chunk
	}
	return &chunk{filter: make([]uint64, filterWords*int(width))}
}

// length returns the number of moves in h: the plies since the last
// capture, or since the position the history starts from.
func (h *history) length() int {
	n := int(h.n)
	if h.older != nil {
		n += recentCap * int(h.older.index)
	}
	return n
}

// freshHistory returns the history of a position that has no past: it is
// the first occurrence of itself (D2).
func freshHistory() history { return history{reps: 1} }

// played turns h, the history of the board from, into the history of the
// board to that sowing pit from it leads to without a capture, counting
// to's occurrences. It allocates a chunk once every recentCap moves.
func (h *history) played(from Board, pit int, to Board) {
	reps := h.next(from, to)
	if h.n == recentCap {
		h.spill(from)
	}
	h.recent[h.n] = makeStep(pit, from.byteAt(pit), h.reps)
	h.n++
	bloomKeyOf(from.Hash()).addTo(h.seen[:])
	h.reps = reps
}

// next returns the occurrence count of the board to, reached without a
// capture from from, the current position of h. It does not change h.
func (h *history) next(from, to Board) uint32 {
	// from itself is not to: the side to move differs.
	return h.occurrences(from, to) + 1
}

// spill moves the recent moves into a new chunk that ends at cur, P(n),
// which becomes P(0) of an empty recent.
func (h *history) spill(cur Board) {
	index := uint32(1)
	if h.older != nil {
		index = h.older.index + 1
	}
	width := index & -index // the chunks that c's filter covers
	c := newChunk(width)
	c.steps, c.end, c.prev, c.index = h.recent, cur, h.older, index
	for i, b := recentCap-1, cur; i >= 0; i-- {
		b = c.steps[i].undo(b)
		c.keys[i] = bloomKeyOf(b.Hash())
	}
	d := c
	for range width {
		d.keys.addTo(c.filter)
		d = d.prev
	}
	c.skip = d
	h.startAfter(c)
}

// startAfter makes h the history whose older moves are the chunks up to
// c, which ends at its current position, and whose recent ones are none:
// what spill leaves. A history that spilled into c, as a position's
// children do each from a copy of it, can share c this way.
func (h *history) startAfter(c *chunk) { h.older, h.n, h.seen = c, 0, [2]uint64{} }

// occurrences returns how many times b occurred among P(0) … P(n-1), the
// positions of h before cur, its current one: the count of its latest
// occurrence, or 0.
func (h *history) occurrences(cur, b Board) uint32 {
	key := bloomKeyOf(b.Hash())
	var later uint32 // occurrences passed whose count saturated
	if key.in(h.seen[:]) {
		for i := int(h.n) - 1; i >= 0; i-- {
			cur = h.recent[i].undo(cur)
			if cur == b {
				if n := h.recent[i].reps(); n < maxReps {
					return n + later
				}
				later++
			}
		}
	}
	for c := h.older; c != nil; c = c.skip {
		if !key.in(c.filter) {
			continue // the common case, without a call
		}
		if n, ok := c.find(b, key, &later); ok {
			return n
		}
	}
	return later // only when no count saturated: later is then 0
}

// find looks for the latest occurrence of b, whose Bloom key is key, in the
// range of chunks that c's filter covers, and returns its count plus
// *later, going on past occurrences whose count saturated, which it adds
// to *later.
func (c *chunk) find(b Board, key bloomKey, later *uint32) (uint32, bool) {
	if !key.in(c.filter) {
		return 0, false
	}
	cur := c.end
	for i := recentCap - 1; i >= 0; i-- {
		cur = c.steps[i].undo(cur)
		if cur == b {
			if n := c.steps[i].reps(); n < maxReps {
				return n + *later, true
			}
			*later++
		}
	}
	// The rest of the range, newest first: the Fenwick nodes below c.
	low := c.index - c.index&-c.index
	for d := c.prev; d != nil && d.index > low; d = d.skip {
		if n, ok := d.find(b, key, later); ok {
			return n, true
		}
	}
	return 0, false
}

// stretch returns the board where p's history starts and the moves played
// from it to p, oldest first.
func (p Position) stretch() (Board, []Move) {
	h := &p.hist
	total := h.length()
	line := make([]Move, total)
	b := p.board
	for i := int(h.n) - 1; i >= 0; i-- {
		total--
		line[total], b = Move(h.recent[i].pit()), h.recent[i].undo(b)
	}
	for c := h.older; c != nil; c = c.prev {
		for i := recentCap - 1; i >= 0; i-- {
			total--
			line[total], b = Move(c.steps[i].pit()), c.steps[i].undo(b)
		}
	}
	return b, line
}

// Bloom filters of board hashes, blocked: a board sets three bits of one
// 64-bit word, chosen by independent parts of its hash. The filter's length
// in words is a power of two.

// bloomKey is where a board goes in a Bloom filter: the word it selects
// (its hash's high bits, cut to the filter's length) and its three bits.
type bloomKey struct{ word, bits uint64 }

// bloomKeyOf returns the bloomKey of the board of hash h.
func bloomKeyOf(h uint64) bloomKey {
	return bloomKey{h >> 40, 1<<(h&63) | 1<<(h>>6&63) | 1<<(h>>12&63)}
}

// addTo adds k's board to the filter f.
func (k bloomKey) addTo(f []uint64) { f[k.word&uint64(len(f)-1)] |= k.bits }

// addTo adds the boards of keys to the filter f, which is not empty.
func (keys *chunkKeys) addTo(f []uint64) {
	if len(f) == 0 {
		return // cannot happen; it tells the compiler that no index is out of range
	}
	for i := range keys {
		f[keys[i].word&uint64(len(f)-1)] |= keys[i].bits
	}
}

// in reports whether the filter f may hold k's board.
func (k bloomKey) in(f []uint64) bool { return f[k.word&uint64(len(f)-1)]&k.bits == k.bits }
