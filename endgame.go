package oware

import (
	"iter"
	"math/bits"
	"strconv"
)

// This file holds feeding (R7), the endings of the game (R8–R11, D3, D5)
// and the repetition history (R10, D1, D2).

// MoveSet is a set of moves, one bit per pit. It is a small value that
// needs no allocation: [Position.Moves] returns the legal moves as a
// MoveSet. The zero MoveSet is empty.
type MoveSet uint16

// Len returns the number of moves in s.
func (s MoveSet) Len() int { return bits.OnesCount16(uint16(s)) }

// Contains reports whether m is in s.
func (s MoveSet) Contains(m Move) bool { return m.Valid() && s&(1<<m) != 0 }

// All returns an iterator over the moves of s in ascending pit order.
func (s MoveSet) All() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for ; s != 0; s &= s - 1 {
			if !yield(Move(bits.TrailingZeros16(uint16(s)))) {
				return
			}
		}
	}
}

// Nth returns the move at index i of s in ascending pit order, so that
// s.Nth(rand.IntN(s.Len())) picks a uniformly random move. It reports false
// if i is not in [0, s.Len()).
func (s MoveSet) Nth(i int) (Move, bool) {
	if i < 0 || i >= s.Len() {
		return 0, false
	}
	// Each half of the board is looked up in a table, without a loop whose
	// length a branch predictor would have to guess.
	south := uint8(s & 0x3f)
	if c := bits.OnesCount8(south); i >= c {
		return Move(6 + nthBit[s>>6&0x3f][i-c]), true
	}
	return Move(nthBit[south][i]), true
}

// nthBit[m][i] is the position of the i-th set bit of the 6-bit mask m.
var nthBit = func() (t [64][6]uint8) {
	for m := range t {
		i := 0
		for b := 0; b < 6; b++ {
			if m&(1<<b) != 0 {
				t[m][i] = uint8(b)
				i++
			}
		}
	}
	return t
}()

// AppendTo appends the moves of s to dst in ascending pit order and returns
// the extended slice. It does not allocate when dst has room for them.
func (s MoveSet) AppendTo(dst []Move) []Move {
	for ; s != 0; s &= s - 1 {
		dst = append(dst, Move(bits.TrailingZeros16(uint16(s))))
	}
	return dst
}

// String returns the moves as pit letters in braces, such as "{A C F}".
func (s MoveSet) String() string {
	b := []byte{'{'}
	for m := range s.All() {
		if len(b) > 1 {
			b = append(b, ' ')
		}
		b = append(b, m.String()...)
	}
	return string(append(b, '}'))
}

// movable returns the moves that R2 and R7 allow the player to move at k,
// ignoring whether the game has ended.
//
// The six pits of the mover's side are six bytes of one word. A pit may be
// played when it holds at least 1 seed (R2) or, when the opponent's side is
// empty (R7), at least as many seeds as it takes to reach that side: 6 from
// the first pit of a side down to 1 from the last. Adding 0x80 - threshold
// to each byte sets the byte's top bit exactly when the pit holds at least
// threshold seeds (a pit holds at most 48, so no byte carries into the
// next); the multiplication then gathers the six top bits into six
// adjacent bits.
func (k Key) movable() MoveSet {
	mover := k.ToMove()
	thresholds := uint64(0x7f7f_7f7f_7f7f) // R2: at least 1 seed in every pit
	if k.sideEmpty(mover.Opponent()) {
		thresholds = 0x7f7e_7d7c_7b7a // R7: at least 6, 5, 4, 3, 2, 1 seeds
	}
	tops := (k.side(mover) + thresholds) & 0x8080_8080_8080
	gathered := (tops >> 7) * (1<<56 | 1<<49 | 1<<42 | 1<<35 | 1<<28 | 1<<21) >> 56
	return MoveSet(gathered&0x3f) << mover.firstPit()
}

// legal returns the legal moves at k, which occurs for the reps-th time
// since the last capture, and, when there are none, why the game is over.
func (k Key) legal(reps uint8) (MoveSet, Reason) {
	// Both scores at once: adding 0x80-25 sets a byte's top bit when it is
	// at least 25 (a score is at most 48, so no carry).
	if (k.w[1]>>(8*(scoreByte-8))&0xffff+(0x80-winScore)*0x0101)&0x8080 != 0 {
		return 0, Majority // R8
	}
	if reps >= 3 && !k.sideEmpty(South) && !k.sideEmpty(North) {
		return 0, Repetition // R10, D2
	}
	if s := k.movable(); s != 0 {
		return s, NotOver
	}
	return 0, NoMove // R9
}

// Moves returns the legal moves (R2, R7) as a MoveSet, without allocating.
// It is empty when the game is over (D5) and for the zero Position.
func (p Position) Moves() MoveSet {
	return p.moves
}

// LegalMoves returns the legal moves (R2, R7) in ascending pit order. It is
// empty when the game is over (D5). [Position.Moves] gives the same moves
// without allocating.
func (p Position) LegalMoves() []Move {
	s := p.Moves()
	return s.AppendTo(make([]Move, 0, s.Len()))
}

// Reason tells why a game ended.
type Reason uint8

// The ways a game can end.
const (
	NotOver    Reason = iota // the game goes on
	Majority                 // R8: a player has captured 25 seeds or more
	NoMove                   // R9: the player to move has no legal move
	Repetition               // R10: a position occurred for the third time since the last capture
)

// String returns the reason's name: "not over", "majority", "no move" or
// "repetition".
func (r Reason) String() string {
	switch r {
	case NotOver:
		return "not over"
	case Majority:
		return "majority"
	case NoMove:
		return "no move"
	case Repetition:
		return "repetition"
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// Rule returns the rule that ends the game for this reason: "R8", "R9" or
// "R10"; "" for NotOver.
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

// Outcome is the result of a game: whether it is over, why, and the final
// tallies (D3) from which the winner follows (R11). Outcomes are comparable.
// The zero Outcome means that the game goes on.
type Outcome struct {
	reason  Reason
	tallies [2]uint8
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.reason != NotOver }

// Reason returns why the game ended, or NotOver.
func (o Outcome) Reason() Reason { return o.reason }

// Tally returns p's final tally (D3): the captures after R8, the captures
// plus the seeds on p's side after R9 and R10. It is 0 while the game goes
// on and for an invalid player.
func (o Outcome) Tally(p Player) int {
	if !p.Valid() {
		return 0
	}
	return int(o.tallies[p])
}

// Winner returns the player with the higher tally (R11). It reports false
// while the game goes on and when the game is drawn.
func (o Outcome) Winner() (Player, bool) {
	switch {
	case !o.Over() || o.tallies[South] == o.tallies[North]:
		return 0, false
	case o.tallies[South] > o.tallies[North]:
		return South, true
	default:
		return North, true
	}
}

// Draw reports whether the game ended with equal tallies, 24–24 (R11).
func (o Outcome) Draw() bool { return o.Over() && o.tallies[South] == o.tallies[North] }

// String describes the outcome, such as "South wins 26-22 (majority, R8)",
// "draw 24-24 (repetition, R10)" or "not over".
func (o Outcome) String() string {
	if !o.Over() {
		return "not over"
	}
	var b []byte
	if w, ok := o.Winner(); ok {
		b = append(b, w.String()...)
		b = append(b, " wins "...)
	} else {
		b = append(b, "draw "...)
	}
	b = strconv.AppendInt(b, int64(o.tallies[South]), 10)
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(o.tallies[North]), 10)
	b = append(b, " ("...)
	b = append(b, o.reason.String()...)
	b = append(b, ", "...)
	b = append(b, o.reason.Rule()...)
	return string(append(b, ')'))
}

// Outcome returns the outcome of the game at p: the zero Outcome while the
// game goes on (and for the zero Position).
func (p Position) Outcome() Outcome {
	if !p.Valid() {
		return Outcome{}
	}
	return p.key.outcome(p.reason)
}

// outcome returns the outcome at k for the given reason, with the tallies
// of D3.
func (k Key) outcome(reason Reason) Outcome {
	o := Outcome{reason: reason}
	switch reason {
	case Majority:
		o.tallies = [2]uint8{k.byteAt(scoreByte), k.byteAt(scoreByte + 1)}
	case NoMove, Repetition:
		o.tallies = [2]uint8{
			k.byteAt(scoreByte) + uint8(k.sideSeeds(South)),
			k.byteAt(scoreByte+1) + uint8(k.sideSeeds(North)),
		}
	}
	return o
}

// The repetition history (R10, D1, D2).
//
// A position remembers the moves played since the last capture. Sowing is
// all that such a move does, and sowing can be undone exactly (subtract what
// sow added), so the moves are enough to rebuild every earlier position of
// the stretch, newest first, from the current one: two bytes a move instead
// of sixteen a position. The latest recentCap moves are held inline, so that
// playing a move copies a small value and allocates nothing; older positions
// go, rebuilt, into immutable chunks that every position descending from
// them shares. Each remembered position carries how many times it had
// occurred when it was reached, so counting the occurrences of a new
// position means finding its latest earlier occurrence. Bloom filters, one
// inline over the recent positions and one in each chunk over it and all
// older chunks, let the search skip what cannot hold the position; so the
// cost of a move does not grow with the length of a capture-free stretch.

// recentCap is how many moves a Position holds inline.
const recentCap = 16

// step is a move of the current capture-free stretch: the pit sown (bits
// 0–3), its seeds (bits 4–9), and how many times the position it was played
// from had occurred (bits 10–15, saturating at maxReps).
type step uint16

// maxReps is the largest occurrence count kept. Only positions with an
// empty side, where R10 does not apply, can occur more than three times.
const maxReps = 63

func makeStep(pit int, seeds, reps uint8) step {
	return step(pit) | step(seeds)<<4 | step(reps)<<10
}

func (s step) pit() int     { return int(s & 0xf) }
func (s step) seeds() uint8 { return uint8(s >> 4 & 0x3f) }
func (s step) reps() uint8  { return uint8(s >> 10) }

// unplay returns the position from which s led to k: the turn passes back
// and the sowing is subtracted.
func (k Key) unplay(s step) Key {
	plan := &sowPlan[s.pit()][s.seeds()]
	k.w[1] ^= sideBit
	k.w[0] -= plan.lo
	k.w[1] -= plan.hi
	return k
}

// history is the part of a Position's past that R10 needs. Its positions
// are the current one, P(n), and the earlier ones of the stretch:
// P(0) … P(n-1) rebuilt from recent, and before them those in older.
type history struct {
	reps   uint8           // occurrences of P(n), itself included, up to maxReps; 0 only in the zero Position
	n      uint8           // how many moves of recent are in use
	recent [recentCap]step // recent[i] is the move from P(i) to P(i+1)
	seen   bloom2          // P(0) … P(n-1)
	older  *chunk          // the positions before P(0), newest chunk first; nil if none
}

// chunk is a full block of remembered positions, immutable once made.
type chunk struct {
	keys   [recentCap]Key // oldest first, each with its occurrence count in its countByte
	prev   *chunk         // the chunk before this one, or nil
	filter bloom          // every key of this chunk and of all chunks before it
}

// countByte is the byte of a chunk's key that holds its occurrence count,
// and countMask its bits in the key's second word.
const (
	countByte = 15
	countMask = 0xff << (8 * (countByte - 8))
)

// freshHistory returns the history of a position that has no past: it is
// the first occurrence of itself (D2).
func freshHistory() history { return history{reps: 1} }

// played turns h, the history of the position from, into the history of the
// position that sowing pit (which held seeds) from it leads to without a
// capture, and returns the number of times that position has now occurred.
// It allocates a chunk once every recentCap moves without a capture.
func (h *history) played(from Key, pit int, seeds uint8, to Key) uint8 {
	if int(h.n) == len(h.recent) {
		h.spill(from)
	}
	h.recent[h.n] = makeStep(pit, seeds, h.reps)
	h.n++
	h.seen.add(from)
	h.reps = min(h.occurrences(to, to)+1, maxReps)
	return h.reps
}

// spill moves P(0) … P(n-1) into a new chunk, rebuilding them from cur,
// P(n), which becomes P(0) of an empty recent.
func (h *history) spill(cur Key) {
	c := &chunk{prev: h.older}
	if h.older != nil {
		c.filter = h.older.filter
	}
	k := cur
	for i := int(h.n) - 1; i >= 0; i-- {
		k = k.unplay(h.recent[i])
		c.filter.add(k)
		c.keys[i] = k
		c.keys[i].setByte(countByte, h.recent[i].reps())
	}
	h.older, h.n, h.seen = c, 0, bloom2{}
}

// occurrences returns how many times k occurred before cur, the current
// position of h: the count stored with its latest earlier occurrence, or 0.
func (h *history) occurrences(cur, k Key) uint8 {
	if h.seen.mayContain(k) {
		for i := int(h.n) - 1; i >= 0; i-- {
			cur = cur.unplay(h.recent[i])
			if cur == k {
				return h.recent[i].reps()
			}
		}
	}
	for c := h.older; c != nil && c.filter.mayContain(k); c = c.prev {
		if n, ok := latest(c.keys[:], k); ok {
			return n
		}
	}
	return 0
}

// latest finds the last occurrence of k among keys that carry occurrence
// counts in their countByte, and returns that count.
func latest(keys []Key, k Key) (uint8, bool) {
	for i := len(keys) - 1; i >= 0; i-- {
		if keys[i].w[0] == k.w[0] && keys[i].w[1]&^countMask == k.w[1] {
			return keys[i].byteAt(countByte), true
		}
	}
	return 0, false
}

// bloom is a Bloom filter of keys with two probes in 2048 bits; bloom2 is
// a small one with two probes in 128 bits.
type (
	bloom  [32]uint64
	bloom2 [2]uint64
)

func (f *bloom) add(k Key) {
	a, b := probes(k)
	f[a>>6&31] |= 1 << (a & 63)
	f[b>>6&31] |= 1 << (b & 63)
}

func (f *bloom) mayContain(k Key) bool {
	a, b := probes(k)
	return f[a>>6&31]&(1<<(a&63)) != 0 && f[b>>6&31]&(1<<(b&63)) != 0
}

func (f *bloom2) add(k Key) {
	a, b := probes(k)
	f[a>>6&1] |= 1 << (a & 63)
	f[b>>6&1] |= 1 << (b & 63)
}

func (f *bloom2) mayContain(k Key) bool {
	a, b := probes(k)
	return f[a>>6&1]&(1<<(a&63)) != 0 && f[b>>6&1]&(1<<(b&63)) != 0
}

// probes returns two bit positions for k in a Bloom filter; the occurrence
// count byte does not enter.
func probes(k Key) (uint, uint) {
	h := (k.w[0]*0x9e3779b97f4a7c15 ^ k.w[1]&^countMask) * 0xbf58476d1ce4e5b9
	return uint(h >> 53), uint(h >> 42)
}
