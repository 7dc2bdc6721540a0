package oware

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// This file holds feeding (R7), the endings of the game (R8–R11, D3, D5)
// and the repetition history (R10, D1, D2).

// MoveSet is a set of moves, bit i standing for the move that sows pit i.
// It is a small value that needs no allocation: [Position.Moves] returns the
// legal moves as a MoveSet. Bits 12–15 name no pit and every method ignores
// them. The zero MoveSet is empty.
type MoveSet uint16

// allPits is the MoveSet of every pit.
const allPits MoveSet = 1<<pitCount - 1

// Len returns the number of moves in s.
func (s MoveSet) Len() int { return bits.OnesCount16(uint16(s & allPits)) }

// Contains reports whether m is in s.
func (s MoveSet) Contains(m Move) bool { return m.Valid() && s&(1<<m) != 0 }

// All returns an iterator over the moves of s in ascending pit order.
func (s MoveSet) All() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for s &= allPits; s != 0; s &= s - 1 {
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
	for s &= allPits; s != 0; s &= s - 1 {
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
	if (k.hi>>(8*(scoreByte-8))&0xffff+(0x80-winScore)*0x0101)&0x8080 != 0 {
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
// "draw 24-24 (repetition, R10)" or "not over": its text form, see
// [Outcome.AppendText].
func (o Outcome) String() string {
	b, _ := o.AppendText(make([]byte, 0, 40))
	return string(b)
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
	k.hi ^= sideBit
	k.lo -= plan.lo
	k.hi -= plan.hi
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
// position to that sowing pit from it leads to without a capture, counting
// to's occurrences. It allocates a chunk once every recentCap moves without
// a capture.
func (h *history) played(from Key, pit int, to Key) {
	if int(h.n) == len(h.recent) {
		h.spill(from)
	}
	h.recent[h.n] = makeStep(pit, from.byteAt(pit), h.reps)
	h.n++
	h.seen.add(from)
	h.reps = min(h.occurrences(to, to)+1, maxReps)
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
		if keys[i].lo == k.lo && keys[i].hi&^countMask == k.hi {
			return keys[i].byteAt(countByte), true
		}
	}
	return 0, false
}

// Bloom filters of keys, two probes each: bloom has 2048 bits, bloom2 128.
type (
	bloom  [32]uint64
	bloom2 [2]uint64
)

func (f *bloom) add(k Key)              { bloomAdd(f[:], k) }
func (f *bloom) mayContain(k Key) bool  { return bloomHas(f[:], k) }
func (f *bloom2) add(k Key)             { bloomAdd(f[:], k) }
func (f *bloom2) mayContain(k Key) bool { return bloomHas(f[:], k) }

// bloomAdd adds k to the filter f, whose length is a power of two.
func bloomAdd(f []uint64, k Key) {
	for _, bit := range probes(k) {
		f[bit>>6&uint(len(f)-1)] |= 1 << (bit & 63)
	}
}

// bloomHas reports whether the filter f may hold k.
func bloomHas(f []uint64, k Key) bool {
	for _, bit := range probes(k) {
		if f[bit>>6&uint(len(f)-1)]&(1<<(bit&63)) == 0 {
			return false
		}
	}
	return true
}

// probes returns the two bit positions of k in a Bloom filter; the
// occurrence count byte does not enter.
func probes(k Key) [2]uint {
	h := (k.lo*0x9e3779b97f4a7c15 ^ k.hi&^countMask) * 0xbf58476d1ce4e5b9
	return [2]uint{uint(h >> 53), uint(h >> 42)}
}

// Text and JSON forms of reasons and outcomes.

// ErrNoSuchReason is returned by [Reason.MarshalText] for a value that is
// none of the declared reasons.
var ErrNoSuchReason = errors.New("oware: no such reason")

// MarshalText implements [encoding.TextMarshaler] with the reason's name:
// "not over", "majority", "no move" or "repetition". Any other value
// returns ErrNoSuchReason.
func (r Reason) MarshalText() ([]byte, error) {
	if r > Repetition {
		return nil, ErrNoSuchReason
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the names
// that MarshalText writes. Anything else is a [*ParseError] wrapping
// ErrSyntax.
func (r *Reason) UnmarshalText(text []byte) error {
	named, ok := reasonNamed(string(text))
	if !ok {
		return &ParseError{What: "reason", Input: string(text), Msg: reasonNames, Err: ErrSyntax}
	}
	*r = named
	return nil
}

// reasonNames lists the names of the reasons for error messages.
const reasonNames = `not "not over", "majority", "no move" or "repetition"`

// reasonNamed returns the reason whose String is name.
func reasonNamed(name string) (Reason, bool) {
	for r := NotOver; r <= Repetition; r++ {
		if r.String() == name {
			return r, true
		}
	}
	return 0, false
}

// AppendText implements [encoding.TextAppender]. It appends "not over"
// while the game goes on; otherwise the winner and " wins ", or "draw ",
// then South's and North's tallies joined by "-", then the reason and the
// rule in parentheses: "South wins 26-22 (majority, R8)", "draw 24-24
// (repetition, R10)". It never fails.
func (o Outcome) AppendText(b []byte) ([]byte, error) {
	if !o.Over() {
		return append(b, "not over"...), nil
	}
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
	return append(b, ')'), nil
}

// MarshalText implements [encoding.TextMarshaler] with the text of
// [Outcome.AppendText].
func (o Outcome) MarshalText() ([]byte, error) {
	return o.AppendText(make([]byte, 0, 40))
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the text
// that [Outcome.AppendText] writes, exactly. The text must describe an
// outcome the rules can produce: the winner named is the one with the
// higher tally, "draw" goes with equal tallies, the rule is the reason's,
// and the tallies are ones D3 allows: after R8 one of them is 25 or more
// and they add up to at most 48, after R9 and R10 they add up to 48.
// Errors are [*ParseError] values wrapping ErrSyntax.
func (o *Outcome) UnmarshalText(text []byte) error {
	s := string(text)
	fail := func(at int, msg string) error {
		return &ParseError{What: "outcome", Input: s, Offset: at, Msg: msg, Err: ErrSyntax}
	}
	if s == "not over" {
		*o = Outcome{}
		return nil
	}
	var winner Player // the winner named, unless draw
	draw, at := false, 0
	switch {
	case strings.HasPrefix(s, "draw "):
		draw, at = true, len("draw ")
	case strings.HasPrefix(s, "South wins "):
		winner, at = South, len("South wins ")
	case strings.HasPrefix(s, "North wins "):
		winner, at = North, len("North wins ")
	default:
		return fail(0, `want "not over", "draw ", "South wins " or "North wins "`)
	}
	var tallies [2]int
	talliesAt := at
	for pl, stop := range [2]byte{'-', ' '} {
		end := strings.IndexByte(s[at:], stop)
		if end < 0 {
			return fail(at, "want the tallies and the reason, such as 26-22 (majority, R8)")
		}
		c, ok := parseCount(s[at : at+end])
		if !ok {
			return fail(at, Player(pl).String()+"'s tally is not a number from 0 to 48")
		}
		tallies[pl] = c
		at += end + 1
	}
	comma := strings.Index(s[at:], ", ")
	if !strings.HasPrefix(s[at:], "(") || comma < 0 {
		return fail(at, "want the reason and the rule in parentheses, such as (majority, R8)")
	}
	r, ok := reasonNamed(s[at+1 : at+comma])
	if !ok || r == NotOver {
		return fail(at+1, `not "majority", "no move" or "repetition"`)
	}
	at += comma + len(", ")
	if s[at:] != r.Rule()+")" {
		return fail(at, "want "+r.Rule()+") after "+r.String())
	}
	if msg := outcomeProblem(r, tallies); msg != "" {
		return fail(talliesAt, msg)
	}
	out := Outcome{reason: r, tallies: [2]uint8{uint8(tallies[South]), uint8(tallies[North])}}
	if w, ok := out.Winner(); !ok && !draw {
		return fail(0, "equal tallies make a draw")
	} else if ok && (draw || w != winner) {
		return fail(0, "the tallies make "+w.String()+" the winner")
	}
	*o = out
	return nil
}

// outcomeProblem tells why tallies cannot end a game for reason r (D3), or
// returns "" when they can.
func outcomeProblem(r Reason, tallies [2]int) string {
	sum := tallies[South] + tallies[North]
	switch r {
	case NotOver:
		if sum != 0 {
			return "a game that goes on has no tallies"
		}
	case Majority:
		if max(tallies[South], tallies[North]) < winScore || sum > totalSeeds {
			return "after R8 one tally is 25 or more and they add up to at most 48 (D3)"
		}
	case NoMove, Repetition:
		if sum != totalSeeds {
			return "after R9 and R10 the tallies add up to 48 (D3)"
		}
	}
	return ""
}

// MarshalJSON implements [json.Marshaler]. The object names every part of
// the outcome, in this order: "over" (a boolean), "reason" (its name, see
// [Reason.MarshalText]), "rule" ("R8", "R9", "R10", or null while the game
// goes on), "winner" ("South", "North", or null when there is none),
// "draw" (a boolean) and "tallies", an object with the final tallies of
// "South" and "North" (D3; both 0 while the game goes on):
//
//	{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":26,"North":22}}
func (o Outcome) MarshalJSON() ([]byte, error) {
	d := o.derivedJSON()
	b := make([]byte, 0, 128)
	b = append(b, `{"over":`...)
	b = append(b, d[0]...)
	b = append(b, `,"reason":`...)
	b = strconv.AppendQuote(b, o.reason.String())
	b = append(b, `,"rule":`...)
	b = append(b, d[1]...)
	b = append(b, `,"winner":`...)
	b = append(b, d[2]...)
	b = append(b, `,"draw":`...)
	b = append(b, d[3]...)
	b = append(b, `,"tallies":{"South":`...)
	b = strconv.AppendInt(b, int64(o.tallies[South]), 10)
	b = append(b, `,"North":`...)
	b = strconv.AppendInt(b, int64(o.tallies[North]), 10)
	return append(b, "}}"...), nil
}

// derivedFields are the fields of an outcome's JSON that follow from its
// reason and tallies.
var derivedFields = [4]string{"over", "rule", "winner", "draw"}

// derivedJSON returns the JSON values of the derivedFields for o.
func (o Outcome) derivedJSON() [4]string {
	d := [4]string{strconv.FormatBool(o.Over()), "null", "null", strconv.FormatBool(o.Draw())}
	if rule := o.reason.Rule(); rule != "" {
		d[1] = strconv.Quote(rule)
	}
	if w, ok := o.Winner(); ok {
		d[2] = strconv.Quote(w.String())
	}
	return d
}

// UnmarshalJSON implements [json.Unmarshaler]: it reads the object that
// [Outcome.MarshalJSON] writes. "reason" and "tallies" (with both
// "South" and "North") are required and must make an outcome the rules can
// produce (see [Outcome.UnmarshalText]); "over", "rule", "winner" and
// "draw" follow from them and may be left out, but when present must be
// exactly what MarshalJSON writes. Other fields, repeated fields and tallies
// that are not whole numbers from 0 to 48 are refused. As is the custom,
// JSON null leaves o unchanged. Errors are [*ParseError] values wrapping
// ErrSyntax, with the byte offset of the offending field or value.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	s := string(data)
	fail := func(at int, msg string) error {
		return &ParseError{What: "outcome", Input: s, Offset: at, Msg: msg, Err: ErrSyntax}
	}
	if s == "null" {
		return nil
	}
	// claim is a derived field as given: its value and offset.
	type claim struct {
		raw []byte
		at  int
	}
	var (
		reason    Reason
		tallies   [2]int
		reasonAt  = -1
		talliesAt = -1
		tallyAt   = [2]int{-1, -1}
		claims    [len(derivedFields)]*claim
	)
	at, msg := eachJSONField(data, 0, func(key string, keyAt int, raw []byte, at int) (int, string) {
		switch key {
		case "reason":
			var name string
			if raw[0] != '"' || json.Unmarshal(raw, &name) != nil {
				return at, `"reason" is not a string`
			}
			r, ok := reasonNamed(name)
			if !ok {
				return at, `"reason" is ` + reasonNames
			}
			reason, reasonAt = r, at
		case "tallies":
			talliesAt = at
			return eachJSONField(raw, at, func(key string, keyAt int, raw []byte, at int) (int, string) {
				pl := South
				switch key {
				case "South":
				case "North":
					pl = North
				default:
					return keyAt, `"tallies" has a field other than "South" and "North"`
				}
				c, ok := parseCount(string(raw))
				if !ok {
					return at, key + "'s tally is not a whole number from 0 to 48"
				}
				tallies[pl], tallyAt[pl] = c, at
				return 0, ""
			})
		default:
			i := slices.Index(derivedFields[:], key)
			if i < 0 {
				return keyAt, "unknown field " + strconv.Quote(key)
			}
			claims[i] = &claim{raw, at}
		}
		return 0, ""
	})
	switch {
	case msg != "":
		return fail(at, msg)
	case reasonAt < 0:
		return fail(0, `field "reason" is missing`)
	case talliesAt < 0:
		return fail(0, `field "tallies" is missing`)
	case tallyAt[South] < 0:
		return fail(talliesAt, `"tallies" has no field "South"`)
	case tallyAt[North] < 0:
		return fail(talliesAt, `"tallies" has no field "North"`)
	}
	if msg := outcomeProblem(reason, tallies); msg != "" {
		return fail(talliesAt, msg)
	}
	out := Outcome{reason: reason, tallies: [2]uint8{uint8(tallies[South]), uint8(tallies[North])}}
	for i, want := range out.derivedJSON() {
		if c := claims[i]; c != nil && string(c.raw) != want {
			return fail(c.at, "field "+strconv.Quote(derivedFields[i])+" is "+string(c.raw)+"; this outcome has "+want)
		}
	}
	*o = out
	return nil
}

// eachJSONField calls f for every member of the JSON object in data with
// the key, the byte offset of the key, the raw value and the byte offset of
// the value, offsets counted from base. It stops at the first problem that
// f reports, as an offset and a message, and reports invalid JSON, a value
// other than an object, a repeated key and text after the object itself.
// It returns "" as the message when all went well.
func eachJSONField(data []byte, base int, f func(key string, keyAt int, raw []byte, at int) (int, string)) (int, string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	invalid := func(err error) (int, string) {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return base + int(syn.Offset), "not valid JSON: " + syn.Error()
		}
		return base + int(dec.InputOffset()), "not valid JSON: " + err.Error()
	}
	// next returns the offset of the next token after the decoder's position.
	next := func() int {
		i := int(dec.InputOffset())
		for i < len(data) && strings.IndexByte(" \t\r\n,:", data[i]) >= 0 {
			i++
		}
		return i
	}
	if tok, err := dec.Token(); err != nil {
		return invalid(err)
	} else if tok != json.Delim('{') {
		return base, "not a JSON object"
	}
	seen := make(map[string]bool)
	for dec.More() {
		keyAt := next()
		tok, err := dec.Token()
		if err != nil {
			return invalid(err)
		}
		key, _ := tok.(string)
		at := next()
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return invalid(err)
		}
		if seen[key] {
			return base + keyAt, "field " + strconv.Quote(key) + " is given twice"
		}
		seen[key] = true
		if at, msg := f(key, base+keyAt, raw, base+at); msg != "" {
			return at, msg
		}
	}
	if _, err := dec.Token(); err != nil {
		return invalid(err)
	}
	end := next()
	if _, err := dec.Token(); err != io.EOF {
		return base + end, "unexpected text after the JSON object"
	}
	return 0, ""
}
