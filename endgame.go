package oware

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// This file holds feeding (R7), the endings of the game (R8–R11, D3, D5)
// with the Outcome that reports them, and the repetition history (R10, D1,
// D2).

// movable returns the moves that R2 and R7 allow the player to move at b,
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
func (b Board) movable() MoveSet {
	mover := b.ToMove()
	thresholds := uint64(0x7f7f_7f7f_7f7f) // R2: at least 1 seed in every pit
	if b.sideEmpty(mover.Opponent()) {
		thresholds = 0x7f7e_7d7c_7b7a // R7: at least 6, 5, 4, 3, 2, 1 seeds
	}
	tops := (b.side(mover) + thresholds) & 0x8080_8080_8080
	gathered := (tops >> 7) * (1<<56 | 1<<49 | 1<<42 | 1<<35 | 1<<28 | 1<<21) >> 56
	return MoveSet(gathered&0x3f) << mover.firstPit()
}

// legal returns the legal moves at b, which occurs for the reps-th time
// since the last capture, and, when there are none, why the game is over.
func (b Board) legal(reps uint8) (MoveSet, Reason) {
	if b.majority() {
		return 0, Majority // R8
	}
	if reps >= 3 && !b.sideEmpty(South) && !b.sideEmpty(North) {
		return 0, Repetition // R10, D2
	}
	if s := b.movable(); s != 0 {
		return s, NotOver
	}
	return 0, NoMove // R9
}

// majority reports whether a player has captured 25 seeds or more (R8).
func (b Board) majority() bool {
	// Both scores at once: adding 0x80-25 sets a byte's top bit when it is
	// at least 25 (a score is at most 48, so no carry).
	return (b.hi>>(8*(scoreByte-8))&0xffff+(0x80-WinningScore)*0x0101)&0x8080 != 0
}

// legal returns the legal moves at p under rules r and, when there are
// none, why the game is over: [Board.legal] with r's knobs.
func (r *Rules) legal(p *Position) (MoveSet, Reason) {
	switch {
	case !r.NoMajority && p.board.majority():
		return 0, Majority
	case r.MaxQuietPlies != 0 && p.hist.length() >= int(r.MaxQuietPlies):
		return 0, QuietLimit
	case r.repeats(p):
		return 0, Repetition
	}
	moves := r.movable(p.board)
	switch {
	case moves == 0:
		return 0, NoMove
	case r.MaxPlies != 0 && p.plies >= uint32(r.MaxPlies):
		return 0, PlyLimit
	}
	return moves, NotOver
}

// repeats reports whether p's occurrence count ends the game under r.
func (r *Rules) repeats(p *Position) bool {
	b := p.board
	return p.hist.reps >= r.repeatLimit() && (r.RepeatWithEmptySide || !b.sideEmpty(South) && !b.sideEmpty(North))
}

// movable returns the moves that r allows the player to move at b,
// ignoring whether the game has ended: those of [Board.movable], or under
// GrandSlamForbidden every non-empty pit whose move leaves the opponent a
// seed, or, when none does, every non-empty pit.
func (r *Rules) movable(b Board) MoveSet {
	if r.GrandSlam != GrandSlamForbidden {
		return b.movable()
	}
	mover := b.ToMove()
	opponent := b.side(mover.Opponent())
	all := b.nonEmpty()
	switch {
	case opponent == 0:
		if s := b.movable(); s != 0 {
			return s // the moves that feed (R7)
		}
		return all // no move can: any may be played
	case (opponent+0x7d7d_7d7d_7d7d)&0x8080_8080_8080 != 0:
		// A pit of 3 seeds or more is never captured, and only sowing
		// passes seeds into a pit: no move can take all the opponent has.
		return all
	}
	// Without a lap, a move passes one seed into each of the opponent's
	// pits up to its last, and takes them all exactly when those pits hold
	// all the opponent's seeds, 1 or 2 in each, with none empty: a run of
	// pits from the opponent's first, ending at the pit of the last seed.
	runEnd := -1 // no run: no move without a lap takes all
	if n := runLength(opponent); n > 0 {
		runEnd = mover.Opponent().firstPit() + n - 1
	}
	keep := all
	for s := all; s != 0; s &= s - 1 {
		pit := bits.TrailingZeros16(uint16(s))
		seeds := b.byteAt(pit)
		if seeds < NumPits-1 {
			if sowPlan[pit][seeds].last == runEnd {
				keep &^= 1 << pit
			}
			continue
		}
		sown, last := b.sow(pit) // a lap: see what it takes
		if after, _, annulled := sown.capture(last); annulled || after.sideEmpty(mover.Opponent()) {
			keep &^= 1 << pit
		}
	}
	if keep == 0 {
		return all
	}
	return keep
}

// nonEmpty returns the mover's non-empty pits.
func (b Board) nonEmpty() MoveSet {
	mover := b.ToMove()
	tops := (b.side(mover) + 0x7f7f_7f7f_7f7f) & 0x8080_8080_8080
	gathered := (tops >> 7) * (1<<56 | 1<<49 | 1<<42 | 1<<35 | 1<<28 | 1<<21) >> 56
	return MoveSet(gathered&0x3f) << mover.firstPit()
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

// sweeps reports whether r gives each player the seeds of their own side
// when R8 ends the game at p.
func (r *Rules) sweeps(p *Position) bool {
	return r.MajoritySweep == SweepOwnRows ||
		r.MajoritySweep == SweepIfStuck && (r.movable(p.board) == 0 || r.repeats(p))
}

// evenSplit returns the tallies when the seeds on b are shared evenly, and
// whether an odd seed was halved (Rules.EvenSplit).
func (b Board) evenSplit() ([2]uint8, bool) {
	rest := uint8(b.SideSeeds(South) + b.SideSeeds(North))
	return [2]uint8{b.byteAt(scoreByte) + rest/2, b.byteAt(scoreByte+1) + rest/2}, rest%2 == 1
}

// Moves returns the legal moves (R2, R7) as a MoveSet, without allocating.
// It is empty when the game is over (D5) and for the zero Position.
func (p Position) Moves() MoveSet { return p.moves }

// LegalMoves returns the legal moves (R2, R7) in ascending pit order. It is
// empty when the game is over (D5). [Position.Moves] gives the same moves
// without allocating.
func (p Position) LegalMoves() []Move {
	return p.moves.AppendTo(make([]Move, 0, p.moves.Len()))
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

// String returns the reason's name: "not over", "majority", "no move" or
// "repetition", and "Reason(n)" for any other value.
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

// ErrNoSuchReason is wrapped by the error of [Reason.MarshalText] for a
// value that is none of the declared reasons.
var ErrNoSuchReason = errors.New("no such reason")

// MarshalText implements [encoding.TextMarshaler] with the reason's name.
// Any other value is a [*PositionError] wrapping ErrNoSuchReason.
func (r Reason) MarshalText() ([]byte, error) {
	if int(r) >= len(reasonNames) {
		return nil, &PositionError{Field: "reason", Value: int(r), Err: ErrNoSuchReason}
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads the names
// that MarshalText writes. Anything else is a [*ParseError] wrapping
// ErrSyntax.
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

// Outcome returns the outcome of the game at p: the zero Outcome while the
// game goes on (and for the zero Position).
func (p Position) Outcome() Outcome {
	b := p.board
	o := Outcome{reason: p.reason}
	switch p.reason {
	case Majority:
		o.tallies = [2]uint8{b.byteAt(scoreByte), b.byteAt(scoreByte + 1)}
		if p.rules != nil && p.rules.sweeps(&p) {
			o.tallies = b.ownSides()
		}
	case Repetition:
		if p.rules != nil && p.rules.EvenSplit {
			o.tallies, o.half = b.evenSplit()
			break
		}
		o.tallies = b.ownSides()
	case NoMove, QuietLimit, PlyLimit:
		o.tallies = b.ownSides()
	}
	return o
}

// ownSides returns the tallies when each player takes the seeds of their
// own side (R9, R10, D3).
func (b Board) ownSides() [2]uint8 {
	return [2]uint8{
		b.byteAt(scoreByte) + uint8(b.SideSeeds(South)),
		b.byteAt(scoreByte+1) + uint8(b.SideSeeds(North)),
	}
}

// String describes the outcome, such as "South wins 26-22 (majority, R8)",
// "draw 24-24 (repetition, R10)" or "not over": its text form, see
// [Outcome.AppendText].
func (o Outcome) String() string {
	b, _ := o.AppendText(make([]byte, 0, 40))
	return string(b)
}

// AppendText implements [encoding.TextAppender]. It appends "not over"
// while the game goes on; otherwise the winner and " wins ", or "draw ",
// then South's and North's tallies joined by "-", then the reason and the
// rule in parentheses: "South wins 26-22 (majority, R8)", "draw 24-24
// (repetition, R10)". It never fails. The text is for people; the JSON form
// of [Outcome.MarshalJSON] is the one that decodes.
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
	b = o.appendTally(b, South)
	b = append(b, '-')
	b = o.appendTally(b, North)
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

// outcomeJSON is the JSON form of an Outcome, field by field.
type outcomeJSON struct {
	Over    bool        `json:"over"`
	Reason  Reason      `json:"reason"`
	Rule    *string     `json:"rule"`
	Winner  *Player     `json:"winner"`
	Draw    bool        `json:"draw"`
	Tallies talliesJSON `json:"tallies"`
}

type talliesJSON struct {
	South json.Number `json:"South"`
	North json.Number `json:"North"`
}

// toJSON returns the JSON form of o.
func (o Outcome) toJSON() outcomeJSON {
	j := outcomeJSON{
		Over:    o.Over(),
		Reason:  o.reason,
		Draw:    o.Draw(),
		Tallies: talliesJSON{json.Number(o.appendTally(nil, South)), json.Number(o.appendTally(nil, North))},
	}
	if rule := o.reason.Rule(); rule != "" {
		j.Rule = &rule
	}
	if w, ok := o.Winner(); ok {
		j.Winner = &w
	}
	return j
}

// MarshalJSON implements [json.Marshaler]. The object names every part of
// the outcome, in this order: "over" (a boolean), "reason" (its name, see
// [Reason.MarshalText]), "rule" ("R8", "R9", "R10", or null while the game
// goes on), "winner" ("South", "North", or null when there is none),
// "draw" (a boolean) and "tallies", an object with the final tallies of
// "South" and "North" (D3; both 0 while the game goes on):
//
//	{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":26,"North":22}}
func (o Outcome) MarshalJSON() ([]byte, error) { return json.Marshal(o.toJSON()) }

// UnmarshalJSON implements [json.Unmarshaler]: it reads the object that
// [Outcome.MarshalJSON] writes. "reason" and "tallies" (an object with
// exactly "South" and "North", whole numbers) are required and must make an
// outcome the rules can produce (D3): while the game goes on both tallies
// are 0; after R8 one is 25 or more and they add up to at most 48; after R9
// and R10 they add up to 48. "over", "rule", "winner" and "draw" follow
// from them and may be left out, but when present must be what MarshalJSON
// writes. Field names must match exactly; unknown fields are refused; as
// with encoding/json, a repeated field counts by its last value. JSON null
// leaves o unchanged. Errors are [*ParseError] values wrapping ErrSyntax,
// whose offset is that of a JSON syntax error and 0 otherwise. On an error
// o is unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	out, at, msg := decodeOutcome(data)
	if msg != "" {
		return &ParseError{What: "outcome", Input: string(data), Offset: at, Msg: msg, Err: ErrSyntax}
	}
	*o = out
	return nil
}

// decodeOutcome decodes the JSON form of an outcome, or tells what is
// wrong and where.
func decodeOutcome(data []byte) (o Outcome, at int, msg string) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return o, int(syn.Offset), "not valid JSON: " + syn.Error()
		}
		return o, 0, "not a JSON object"
	}
	canon := map[string]json.RawMessage{"over": nil, "reason": nil, "rule": nil, "winner": nil, "draw": nil, "tallies": nil}
	for name := range fields {
		if _, ok := canon[name]; !ok {
			return o, 0, "unknown field " + strconv.Quote(name)
		}
	}
	var r Reason
	if raw := fields["reason"]; raw == nil || string(raw) == "null" {
		return o, 0, `field "reason" is missing`
	} else if err := json.Unmarshal(raw, &r); err != nil {
		return o, 0, `"reason" is not "not over", "majority", "no move", "repetition", "quiet limit" or "ply limit"`
	}
	tallies, half, msg := decodeTallies(fields["tallies"])
	if msg == "" {
		msg = outcomeProblem(r, tallies, half)
	}
	if msg != "" {
		return o, 0, msg
	}
	o = Outcome{reason: r, tallies: [2]uint8{uint8(tallies[South]), uint8(tallies[North])}, half: half}
	want, _ := json.Marshal(o.toJSON())
	_ = json.Unmarshal(want, &canon)
	for _, name := range [...]string{"over", "rule", "winner", "draw"} {
		if got := fields[name]; got != nil && !bytes.Equal(got, canon[name]) {
			return Outcome{}, 0, "field " + strconv.Quote(name) + " is " + string(got) + "; this outcome has " + string(canon[name])
		}
	}
	return o, 0, ""
}

// decodeTallies decodes the "tallies" object of an outcome's JSON form:
// whole numbers, or both with a half seed (".5").
func decodeTallies(raw json.RawMessage) (tallies [2]int, half bool, msg string) {
	var t map[string]json.RawMessage
	if raw == nil || string(raw) == "null" {
		return tallies, false, `field "tallies" is missing`
	}
	if err := json.Unmarshal(raw, &t); err != nil {
		return tallies, false, `"tallies" is not a JSON object`
	}
	for name := range t {
		if name != "South" && name != "North" {
			return tallies, false, `"tallies" has a field other than "South" and "North"`
		}
	}
	var halves [2]bool
	for pl, name := range [2]string{"South", "North"} {
		if t[name] == nil {
			return tallies, false, `"tallies" has no field "` + name + `"`
		}
		whole, hasHalf := strings.CutSuffix(string(t[name]), ".5")
		if err := json.Unmarshal([]byte(whole), &tallies[pl]); err != nil || whole == "null" {
			return tallies, false, name + "'s tally is not a whole number from 0 to 48"
		}
		halves[pl] = hasHalf
	}
	if halves[South] != halves[North] {
		return tallies, false, "only both tallies hold half a seed"
	}
	return tallies, halves[South], ""
}

// outcomeProblem tells why tallies, each with half a seed more if half,
// cannot end a game for reason r (D3), or returns "" when they can.
func outcomeProblem(r Reason, tallies [2]int, half bool) string {
	sum := tallies[South] + tallies[North]
	if half {
		sum++
	}
	switch {
	case half && r != Repetition:
		return "only an even split after a repetition holds half seeds"
	case tallies[South] < 0 || tallies[South] > NumSeeds:
		return "South's tally is not a whole number from 0 to 48"
	case tallies[North] < 0 || tallies[North] > NumSeeds:
		return "North's tally is not a whole number from 0 to 48"
	case r == NotOver && sum != 0:
		return "a game that goes on has no tallies"
	case r == Majority && (max(tallies[South], tallies[North]) < WinningScore || sum > NumSeeds):
		return "after R8 one tally is 25 or more and they add up to at most 48 (D3)"
	case (r == NoMove || r == Repetition || r == QuietLimit || r == PlyLimit) && sum != NumSeeds:
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
// means finding its latest earlier occurrence.
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

// maxReps is the largest occurrence count kept. Under abapa only positions
// with an empty side, where R10 does not apply, can occur more than three
// times; under rules without repetition any position can.
const maxReps = 63

func makeStep(pit int, seeds, reps uint8) step {
	return step(pit) | step(seeds)<<4 | step(reps)<<10
}

func (s step) pit() int     { return int(s & 0xf) }
func (s step) seeds() uint8 { return uint8(s >> 4 & 0x3f) }
func (s step) reps() uint8  { return uint8(s >> 10) }

// undo returns the board from which s led to b.
func (s step) undo(b Board) Board { return b.unsow(s.pit(), s.seeds()) }

// history is the part of a Position's past that R10 needs. Its positions
// are the current one, P(n), and the earlier ones of the stretch:
// P(0) … P(n-1) rebuilt from recent, and before them those of older.
type history struct {
	reps   uint8           // occurrences of P(n), itself included, up to maxReps; 0 only in the zero Position
	n      uint8           // how many moves of recent are in use
	recent [recentCap]step // recent[i] is the move from P(i) to P(i+1)
	seen   [2]uint64       // Bloom filter of P(0) … P(n-1)
	older  *chunk          // the positions before P(0), newest chunk first; nil if none
}

// chunk is a full block of recentCap moves of the stretch, immutable once
// made, with its node of the Fenwick tree of filters.
type chunk struct {
	steps  [recentCap]step     // steps[i] leads from the chunk's i-th position to the next
	keys   [recentCap]bloomKey // the Bloom keys of those positions, to build filters from
	end    Board               // the position the last step leads to
	prev   *chunk              // the chunk before this one, or nil
	skip   *chunk              // the newest chunk before the range that filter covers, or nil
	index  uint32              // 1 for the oldest chunk of the stretch, then 2, 3, …
	filter []uint64            // Bloom filter of the positions of chunks index-lowbit(index)+1 … index
}

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
// capture from from, the current position of h: one more than the count
// stored with its latest earlier occurrence. It does not change h.
func (h *history) next(from, to Board) uint8 {
	// from itself is not to: the side to move differs.
	return min(h.occurrences(from, to)+1, maxReps)
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
	c.skip = c
	for i := uint32(0); i < width; i++ {
		for _, key := range &c.skip.keys {
			key.addTo(c.filter)
		}
		c.skip = c.skip.prev
	}
	h.older, h.n, h.seen = c, 0, [2]uint64{}
}

// occurrences returns how many times b occurred among P(0) … P(n-1), the
// positions of h before cur, its current one: the count stored with its
// latest occurrence, or 0.
func (h *history) occurrences(cur, b Board) uint8 {
	key := bloomKeyOf(b.Hash())
	if key.in(h.seen[:]) {
		for i := int(h.n) - 1; i >= 0; i-- {
			cur = h.recent[i].undo(cur)
			if cur == b {
				return h.recent[i].reps()
			}
		}
	}
	for c := h.older; c != nil; c = c.skip {
		if n, ok := c.find(b, key); ok {
			return n
		}
	}
	return 0
}

// find looks for the latest occurrence of b, whose Bloom key is key, in the
// range of chunks that c's filter covers, and returns its count.
func (c *chunk) find(b Board, key bloomKey) (uint8, bool) {
	if !key.in(c.filter) {
		return 0, false
	}
	cur := c.end
	for i := recentCap - 1; i >= 0; i-- {
		cur = c.steps[i].undo(cur)
		if cur == b {
			return c.steps[i].reps(), true
		}
	}
	// The rest of the range, newest first: the Fenwick nodes below c.
	low := c.index - c.index&-c.index
	for d := c.prev; d != nil && d.index > low; d = d.skip {
		if n, ok := d.find(b, key); ok {
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

// in reports whether the filter f may hold k's board.
func (k bloomKey) in(f []uint64) bool { return f[k.word&uint64(len(f)-1)]&k.bits == k.bits }
