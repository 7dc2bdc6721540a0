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
	if i < 0 {
		return 0, false
	}
	for ; s != 0; s &= s - 1 {
		if i == 0 {
			return Move(bits.TrailingZeros16(uint16(s))), true
		}
		i--
	}
	return 0, false
}

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
	if k.byteAt(scoreByte) >= winScore || k.byteAt(scoreByte+1) >= winScore {
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
// A position remembers the positions since the last capture: the most
// recent ones inline, so that playing a move copies them without
// allocating, and older ones in immutable chunks shared by every position
// that descends from them. Each remembered key carries in its last byte how
// many times it had occurred when it was reached, so that counting the
// occurrences of a new position means finding its latest earlier
// occurrence. A Bloom filter over each chunk and all older ones lets that
// search skip the chunks when the position is new, so its cost does not
// grow with the length of a capture-free stretch.

// recentCap is how many earlier positions a Position holds inline.
const recentCap = 12

// countByte is the byte of a remembered key that holds its occurrence
// count, and countMask its bits in the key's second word.
const (
	countByte = 15
	countMask = 0xff << (8 * (countByte - 8))
)

// history is the part of a Position's past that R10 needs.
type history struct {
	reps   uint8          // occurrences of the current position, itself included; 0 only in the zero Position
	n      uint8          // how many of recent are in use
	recent [recentCap]Key // the latest positions before the current one since the last capture, oldest first
	older  *chunk         // positions before recent, newest chunk first; nil if none
}

// chunk is a full block of remembered positions, immutable once made.
type chunk struct {
	keys   [recentCap]Key // oldest first
	prev   *chunk         // the chunk before this one, or nil
	filter bloom          // every key of this chunk and of all chunks before it
}

// freshHistory returns the history of a position that has no past: it is
// the first occurrence of itself (D2).
func freshHistory() history { return history{reps: 1} }

// remember returns h with k, which occurred for the reps-th time, added as
// the latest earlier position. It allocates a chunk once every recentCap
// positions without a capture.
func (h *history) remember(k Key, reps uint8) {
	if int(h.n) == len(h.recent) {
		c := &chunk{keys: h.recent, prev: h.older}
		if h.older != nil {
			c.filter = h.older.filter
		}
		for _, r := range c.keys {
			c.filter.add(r)
		}
		h.older, h.n = c, 0
	}
	k.setByte(countByte, reps)
	h.recent[h.n] = k
	h.n++
}

// occurrences returns how many times k has occurred in h: the count stored
// with its latest occurrence, or 0.
func (h *history) occurrences(k Key) uint8 {
	if n, ok := latest(h.recent[:h.n], k); ok {
		return n
	}
	for c := h.older; c != nil && c.filter.mayContain(k); c = c.prev {
		if n, ok := latest(c.keys[:], k); ok {
			return n
		}
	}
	return 0
}

// latest finds the last occurrence of k among the remembered keys and
// returns the occurrence count stored with it.
func latest(keys []Key, k Key) (uint8, bool) {
	for i := len(keys) - 1; i >= 0; i-- {
		if keys[i].w[0] == k.w[0] && keys[i].w[1]&^countMask == k.w[1] {
			return keys[i].byteAt(countByte), true
		}
	}
	return 0, false
}

// bloom is a Bloom filter of keys with two probes in 2048 bits.
type bloom [32]uint64

func (f *bloom) add(k Key) {
	a, b := probes(k)
	f[a/64] |= 1 << (a % 64)
	f[b/64] |= 1 << (b % 64)
}

func (f *bloom) mayContain(k Key) bool {
	a, b := probes(k)
	return f[a/64]&(1<<(a%64)) != 0 && f[b/64]&(1<<(b%64)) != 0
}

// probes returns the two bit positions of k in a bloom; the occurrence
// count byte does not enter.
func probes(k Key) (uint, uint) {
	h := (k.w[0]*0x9e3779b97f4a7c15 ^ k.w[1]&^countMask) * 0xbf58476d1ce4e5b9
	h ^= h >> 31
	return uint(h>>53) & 2047, uint(h>>42) & 2047
}
