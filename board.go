package oware

import (
	"errors"
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// The sizes of the board (R1), for programs that lay it out.
const (
	NumPits      = 12 // pits on the board
	PitsPerSide  = 6  // pits on each side
	NumSeeds     = 48 // seeds in the game, on the board and captured
	WinningScore = 25 // captured seeds that win at once (R8)
)

// Layout of a Board's two words: bytes 0–11 are pits 0–11, byte 12 South's
// score, byte 13 North's score, byte 14 the side to move; byte 15 is zero in
// a Board and holds an occurrence count where the history keeps boards.
const (
	scoreByte = 12
	sideByte  = 14
	countByte = 15

	sideBit   = 1 << (8 * (sideByte - 8))     // the side to move in the second word
	countMask = 0xff << (8 * (countByte - 8)) // the count byte in the second word
)

// Board is a position of the game without its history: the seeds in the 12
// pits, both scores and the side to move. Boards are small comparable
// values: two boards are equal when their pits, scores and side to move
// are (D1, the scores then being equal too), so a Board serves as a map key
// and, through [Board.Hash], as the key of a transposition table.
//
// A Board is made by [NewBoard], [ParseBoard] or [ParseFEN], which check it
// (D4), or taken from a [Position]. The zero Board holds no seeds and is not
// a board of the game; its text form is the empty string.
//
// Everything about the board itself is read from a Board; what depends on
// the history or the rules (legal moves, outcome, repetitions, playing a
// move) is asked of a Position, whose [Position.Board] gives its Board.
type Board struct {
	// Each byte of the two little-endian words is one count (see the
	// layout above): a whole sowing is then one addition per word, and the
	// two words travel in registers.
	lo, hi uint64
}

// byteAt returns byte i (0–15) of b: pit i for i < 12.
func (b Board) byteAt(i int) uint8 {
	w := b.lo
	if i >= 8 {
		w = b.hi
	}
	return uint8(w >> (8 * (i & 7)))
}

// setByte sets byte i (0–15) of b to v.
func (b *Board) setByte(i int, v uint8) {
	shift := 8 * uint(i&7)
	if i < 8 {
		b.lo = b.lo&^(0xff<<shift) | uint64(v)<<shift
	} else {
		b.hi = b.hi&^(0xff<<shift) | uint64(v)<<shift
	}
}

// NewBoard returns the board with the given pits (indexed by pit, R1
// numbering), captured seeds (indexed by Player) and player to move. It
// returns a [*PositionError] unless every count is non-negative, the pits
// and scores add up to 48 and toMove is South or North (D4).
func NewBoard(pits [NumPits]int, scores [2]int, toMove Player) (Board, error) {
	var counts [NumPits + 2]int
	copy(counts[:], pits[:])
	copy(counts[NumPits:], scores[:])
	// Negative counts first: only once none is negative does a count over
	// 48 mean that the total is wrong.
	for i, c := range counts {
		if c < 0 {
			return Board{}, &PositionError{Field: countName(i), Value: c, Err: ErrNegativeCount}
		}
	}
	var b Board
	total := 0
	for i, c := range counts {
		if c > NumSeeds { // the total is over 48; and the sum might overflow
			return Board{}, &PositionError{Field: countName(i), Value: c, Err: ErrSeedTotal}
		}
		total += c
		b.setByte(i, byte(c)) // pits 0–11, then the scores in bytes 12 and 13
	}
	if total != NumSeeds {
		return Board{}, &PositionError{Field: "total", Value: total, Err: ErrSeedTotal}
	}
	if !toMove.Valid() {
		return Board{}, &PositionError{Field: "side to move", Value: int(toMove), Err: ErrNoSuchPlayer}
	}
	b.setByte(sideByte, byte(toMove))
	return b, nil
}

// countName names count i of a board: a pit, then the two scores.
func countName(i int) string {
	if i < NumPits {
		return "pit " + strconv.Itoa(i)
	}
	return Player(i-NumPits).String() + "'s score"
}

// Valid reports whether b is a board of the game. Only the zero Board is
// not: every other Board was checked when it was made (D4).
func (b Board) Valid() bool { return b != Board{} }

// Pits returns the seeds in each pit, indexed by pit (R1 numbering).
func (b Board) Pits() [NumPits]int {
	var pits [NumPits]int
	for i := range pits {
		pits[i] = int(b.byteAt(i))
	}
	return pits
}

// Pit returns the seeds in pit i, or 0 if i is not a pit (0–11).
func (b Board) Pit(i int) int {
	if i < 0 || i >= NumPits {
		return 0
	}
	return int(b.byteAt(i))
}

// Score returns the seeds that p has captured, or 0 if p is not a player.
func (b Board) Score(p Player) int {
	if !p.Valid() {
		return 0
	}
	return int(b.byteAt(scoreByte + int(p)))
}

// ToMove returns the player whose turn it is.
func (b Board) ToMove() Player { return Player(b.byteAt(sideByte)) }

// SideSeeds returns the seeds on p's side of the board (pits 0–5 for
// South, 6–11 for North), or 0 if p is not a player.
func (b Board) SideSeeds(p Player) int {
	if !p.Valid() {
		return 0
	}
	// Each byte is at most 48, so the six-byte sum fits in the top byte.
	return int(b.side(p) * 0x0101_0101_0101_0101 >> 56)
}

// side returns the six pits of p's side, one per byte, the lowest pit in
// the lowest byte.
func (b Board) side(p Player) uint64 {
	south := b.lo & 0xffff_ffff_ffff           // pits 0–5
	north := b.lo>>48 | (b.hi&0xffff_ffff)<<16 // pits 6–7, then 8–11
	northMask := -uint64(p & 1)                // all ones for North: no branch to mispredict
	return north&northMask | south&^northMask
}

// sideEmpty reports whether p has no seed on their side.
func (b Board) sideEmpty(p Player) bool { return b.side(p) == 0 }

// Hash returns a 64-bit hash of b, for indexing transposition tables and
// hash sets: equal boards have equal hashes, and the bits of every count
// are spread over all 64 bits, low bits included, so that a table may take
// hash % size or the low bits as its index. It is one 128-bit
// multiplication of the two words, each first offset by a constant that
// no board word can equal, then folded; it does not allocate. The value is
// fixed: it is the same in every process and every version of this
// package, and may be stored.
func (b Board) Hash() uint64 {
	hi, lo := bits.Mul64(b.lo^0x9e37_79b9_7f4a_7c15, b.hi^0xbf58_476d_1ce4_e5b9)
	h := hi ^ lo
	h ^= h >> 31
	return h * 0x94d0_49bb_1331_11eb
}

// Mirror returns b seen from the other side: the two rows swap, pit i
// holding what pit (i+6) mod 12 held, the scores swap, and the other player
// is to move. The rules treat both players alike, so the mirrored board
// plays as b does with the roles reversed. The zero Board mirrors to
// itself.
func (b Board) Mirror() Board {
	if !b.Valid() {
		return b
	}
	south, north := b.side(South), b.side(North)
	return Board{
		lo: north | south<<48,
		hi: south>>16 | uint64(b.byteAt(scoreByte+1))<<32 | uint64(b.byteAt(scoreByte))<<40 | uint64(b.ToMove()^1)<<48,
	}
}

// String returns the position string of b, its canonical text: pits 0 to
// 11, South's score, North's score and the side to move ("S" or "N"),
// joined by "-", such as "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S" for the opening.
// The zero Board gives "".
func (b Board) String() string {
	if !b.Valid() {
		return ""
	}
	text, _ := b.AppendText(make([]byte, 0, 40))
	return string(text)
}

// AppendText implements [encoding.TextAppender]: it appends the text of
// [Board.String]. It never fails, and does not allocate when dst has room.
func (b Board) AppendText(dst []byte) ([]byte, error) {
	if !b.Valid() {
		return dst, nil
	}
	for i := 0; i < scoreByte+2; i++ {
		dst = strconv.AppendUint(dst, uint64(b.byteAt(i)), 10)
		dst = append(dst, '-')
	}
	return append(dst, "SN"[b.ToMove()&1]), nil
}

// MarshalText implements [encoding.TextMarshaler] with the text of
// [Board.String], so that JSON shows a board as a string and a map keyed
// by boards encodes as an object.
func (b Board) MarshalText() ([]byte, error) {
	return b.AppendText(make([]byte, 0, 40))
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseBoard];
// the empty text gives the zero Board. On an error b is unchanged.
func (b *Board) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*b = Board{}
		return nil
	}
	c, err := ParseBoard(string(text))
	if err != nil {
		return err
	}
	*b = c
	return nil
}

// ParseBoard reads a position string as [Board.String] writes it, such as
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S": fifteen fields joined by "-": the seeds
// of pits 0 to 11 and South's and North's captures, as decimal numbers
// from 0 to 48 without sign or leading zero, then the side to move, "S"
// or "N". The board must be valid (D4). Errors are [*ParseError] values
// that wrap ErrSyntax, or the [*PositionError] of an invalid board.
func ParseBoard(s string) (Board, error) {
	fail := func(at int, msg string, err error) (Board, error) {
		return Board{}, &ParseError{What: "position", Input: s, Offset: at, Msg: msg, Err: err}
	}
	var counts [NumPits + 2]int
	at := 0
	for field := range counts {
		end := at
		for end < len(s) && s[end] != '-' {
			end++
		}
		n, ok := parseCount(s[at:end])
		switch {
		case at == end:
			return fail(at, countName(field)+" is missing", ErrSyntax)
		case !ok:
			return fail(at, countName(field)+" is not a number from 0 to 48", ErrSyntax)
		case end == len(s):
			return fail(end, "too few fields: want 15 joined by '-'", ErrSyntax)
		}
		counts[field], at = n, end+1
	}
	side, ok := parseSide(s[at:])
	if !ok {
		return fail(at, "side to move is not S or N", ErrSyntax)
	}
	b, err := NewBoard([NumPits]int(counts[:NumPits]), [2]int(counts[NumPits:]), side)
	if err != nil {
		return fail(0, err.(*PositionError).detail(), err)
	}
	return b, nil
}

// MustParseBoard is like [ParseBoard] but panics on an error. It is meant
// for tests and for literals known to be valid.
func MustParseBoard(s string) Board {
	b, err := ParseBoard(s)
	if err != nil {
		panic(err)
	}
	return b
}

// parseCount reads a seed count: a decimal number from 0 to 48, without
// sign or leading zero.
func parseCount(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 || (len(s) == 2 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = 10*n + int(c-'0')
	}
	return n, n <= NumSeeds
}

// parseSide reads the side to move of a position string or FEN: "S" or
// "N".
func parseSide(s string) (Player, bool) {
	switch s {
	case "S":
		return South, true
	case "N":
		return North, true
	}
	return 0, false
}

// Position is a position of the game together with the part of its history
// that the repetition rule needs (R10, D2). Positions are immutable values:
// copy them, keep them and share them between goroutines freely; no method
// changes its receiver.
//
// A Position answers what the game allows: its legal moves, the position
// each move leads to, its outcome and repetition count. What is on the
// board is read from its [Position.Board]. Positions are not comparable
// with ==, because two positions with the same board may have different
// histories: compare their boards.
//
// The zero Position holds no seeds and is not a position of the game: it
// has no legal moves, its outcome is the zero Outcome, Play refuses every
// move with [ErrInvalidPosition], and its text form is the empty string.
// Start, NewPosition, PositionFrom and ParsePosition make valid ones.
type Position struct {
	_     [0]func() // not comparable: compare Boards
	board Board
	hist  history
	rules *Rules // nil for abapa, the zero Rules
	plies uint32 // played since the position the game was set up from, up to maxPlies
	// The legal moves and why the game is over (NotOver while it goes on),
	// computed once when the position is made: every user of a position
	// asks for them, Play included.
	moves  MoveSet
	reason Reason
}

// maxPlies is where a Position's ply count stops.
const maxPlies = 1<<32 - 1

// startBoard is the opening board: four seeds in every pit, South to move.
var startBoard = Board{lo: 0x0404_0404_0404_0404, hi: 0x0404_0404}

// Start returns the opening position: four seeds in every pit, no captures,
// South to move (R1).
func Start() Position { return PositionFrom(startBoard) }

// Start returns the opening position under rules r.
func (r Rules) Start() Position { return r.Position(startBoard) }

// Position returns the position of board b under rules r, with a fresh
// history, as [PositionFrom] does for the abapa rules. The zero Board
// gives the zero Position.
func (r Rules) Position(b Board) Position {
	if !b.Valid() {
		return Position{}
	}
	p := Position{board: b, hist: freshHistory(), rules: r.shared()}
	p.settle()
	return p
}

// Rules returns the rules p plays by.
func (p Position) Rules() Rules {
	if p.rules == nil {
		return Rules{}
	}
	return *p.rules
}

// NewPosition returns the position with the given pits (indexed by pit, R1
// numbering), captured seeds (indexed by Player) and player to move, with a
// fresh history: it counts as the first occurrence of itself (D4). It
// returns a [*PositionError] unless every count is non-negative, the pits
// and scores add up to 48 and toMove is South or North. The position may
// already be finished, for example when a score is 25 or more; its Outcome
// then says so.
func NewPosition(pits [NumPits]int, scores [2]int, toMove Player) (Position, error) {
	b, err := NewBoard(pits, scores, toMove)
	if err != nil {
		return Position{}, err
	}
	return PositionFrom(b), nil
}

// PositionFrom returns the position of board b with a fresh history: b
// counts as the first occurrence of itself (D4). The zero Board gives the
// zero Position.
func PositionFrom(b Board) Position { return Rules{}.Position(b) }

// settle computes p's legal moves and ending from its board and history.
func (p *Position) settle() {
	if p.rules == nil {
		p.moves, p.reason = p.board.legal(p.hist.reps)
		return
	}
	p.moves, p.reason = p.rules.legal(p)
}

// Board returns p's board: its pits, scores and side to move, without the
// history.
func (p Position) Board() Board { return p.board }

// Valid reports whether p is a position of the game, that is, whether it was
// made by Start, NewPosition, PositionFrom or a parser, or reached from one
// by Play. Only the zero Position is invalid.
func (p Position) Valid() bool { return p.hist.reps != 0 }

// Repetitions returns how many times p's pits and side to move have occurred
// since the last capture (or since the position the history starts from),
// counting p itself (D2). The third occurrence ends the game (R10) unless a
// side is empty (other rules may end it sooner, see [Rules]); only positions
// with an empty side can occur more often, and for them the count stops at
// 63. It is 0 only for the zero Position.
func (p Position) Repetitions() int { return int(p.hist.reps) }

// Children returns an iterator over the legal moves of p in ascending pit
// order, each with the position it leads to: the moves of [Position.Moves]
// and what [Position.Play] returns for them. It is the loop of a game-tree
// search. The iterator may be used any number of times, from any number of
// goroutines, and does not allocate beyond what Play does.
func (p Position) Children() iter.Seq2[Move, Position] {
	return func(yield func(Move, Position) bool) {
		var child Position
		for s := p.moves; s != 0; s &= s - 1 {
			pit := bits.TrailingZeros16(uint16(s))
			p.playTo(&child, pit)
			if !yield(Move(pit), child) {
				return
			}
		}
	}
}

// Mirror returns p seen from the other side, its history mirrored too: the
// board of [Board.Mirror], with every earlier position of the history
// mirrored, so that repetition counts, legal moves (each move m becoming
// (m+6) mod 12) and the outcome (winner and tallies swapped) carry over.
func (p Position) Mirror() Position {
	if !p.Valid() {
		return p
	}
	start, line := p.stretch()
	q := p.Rules().Position(start.Mirror())
	q.plies = p.plies - uint32(len(line))
	q.settle()
	for _, m := range line {
		q, _ = q.Play((m + PitsPerSide) % NumPits)
	}
	return q
}

// Diagram returns a picture of the board with North's row on top, as in the
// rule sheets, followed by the scores and the side to move, or the outcome
// when the game is over:
//
//	    f  e  d  c  b  a
//	N   4  4  4  4  4  4   North 0
//	S   4  4  4  4  4  4   South 0
//	    A  B  C  D  E  F
//	South to move
//
// The zero Position gives "invalid position".
func (p Position) Diagram() string {
	if !p.Valid() {
		return "invalid position"
	}
	b := p.board
	out := make([]byte, 0, 160)
	out = append(out, "    f  e  d  c  b  a\nN "...)
	for i := NumPits - 1; i >= PitsPerSide; i-- {
		out = appendPit(out, b.byteAt(i))
	}
	out = append(out, "   North "...)
	out = strconv.AppendInt(out, int64(b.Score(North)), 10)
	out = append(out, "\nS "...)
	for i := 0; i < PitsPerSide; i++ {
		out = appendPit(out, b.byteAt(i))
	}
	out = append(out, "   South "...)
	out = strconv.AppendInt(out, int64(b.Score(South)), 10)
	out = append(out, "\n    A  B  C  D  E  F\n"...)
	if o := p.Outcome(); o.Over() {
		out = append(out, o.String()...)
	} else {
		out = append(out, b.ToMove().String()...)
		out = append(out, " to move"...)
	}
	return string(out)
}

// appendPit appends a pit count right-aligned in three columns.
func appendPit(b []byte, c byte) []byte {
	if c < 10 {
		b = append(b, ' ')
	}
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(c), 10)
}

// String returns the text form of p, as [Position.AppendText] writes it,
// or "custom rules" and the board when p's rules have no name.
func (p Position) String() string {
	if p.rules != nil && p.rules.preset() < 0 {
		return "custom rules " + p.board.String()
	}
	b, _ := p.AppendText(nil)
	return string(b)
}

// AppendText implements [encoding.TextAppender]. The text carries all that
// the rules need to go on exactly as p would: the position string of the
// board where p's history starts (the position the last capture produced,
// or the position the game was set up from), then, when moves were played
// since, a space and those moves as pit letters. A fresh position is thus
// just its board's position string, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S" for the
// opening, and the opening after C and f is
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S Cf". Under other rules than abapa the
// text starts with their name and a space, and under rules with a limit of
// plies the board is followed by "+N", the plies played before it (see
// [ParsePosition]), which reads the text back with the same repetition
// counts, legal moves and outcome. The zero Position gives the empty text.
// It fails only for rules that are no preset, which have no name: the
// error is a [*PositionError] wrapping ErrUnknownRules.
func (p Position) AppendText(dst []byte) ([]byte, error) {
	if !p.Valid() {
		return dst, nil
	}
	if p.rules != nil {
		name, err := p.rules.MarshalText()
		if err != nil {
			return dst, err
		}
		dst = append(append(dst, name...), ' ')
	}
	start, line := p.stretch()
	dst, _ = start.AppendText(dst)
	if before := p.plies - uint32(len(line)); p.rules != nil && p.rules.MaxPlies != 0 && before > 0 {
		dst = append(dst, " +"...)
		dst = strconv.AppendUint(dst, uint64(before), 10)
	}
	if len(line) > 0 {
		dst = append(dst, ' ')
		for _, m := range line {
			dst = append(dst, pitLetters[m])
		}
	}
	return dst, nil
}

// MarshalText implements [encoding.TextMarshaler] with the text of
// [Position.AppendText], so that JSON keeps a position with its history.
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParsePosition];
// the empty text gives the zero Position. On an error p is unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*p = Position{}
		return nil
	}
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePosition reads a position as [Position.AppendText] writes it:
// fields separated by single spaces, of which only the board is required.
//
//   - the name of the rules, when they are not abapa (see [ParseRules]);
//   - the board, as a position string (see [ParseBoard]); it starts a fresh
//     history (D4);
//   - under rules with a limit of plies, "+N": the plies played before the
//     board;
//   - moves as pit letters ("A"–"F", "a"–"f"), played from the board in
//     order.
//
// So "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S Cf" is the opening after C and f, with
// the history those moves make, and "openspiel 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
// the opening under OpenSpiel's rules. Errors are [*ParseError] values
// that wrap ErrSyntax, ErrUnknownRules, the [*PositionError] of an invalid
// board, or the [*MoveError] of an illegal move; the offset is that of the
// faulty part.
func ParsePosition(s string) (Position, error) {
	r := positionReader{s: s}
	return r.read()
}

// positionReader reads the text of a Position field by field.
type positionReader struct {
	s  string
	at int // the offset of the next field
}

// fail returns a *ParseError at offset at.
func (r *positionReader) fail(at int, msg string, err error) (Position, error) {
	return Position{}, &ParseError{What: "position", Input: r.s, Offset: at, Msg: msg, Err: err}
}

// field returns the next field and its offset, and moves past it and the
// space after it; ok is false at the end of the text.
func (r *positionReader) field() (f string, at int, ok bool) {
	if r.at > len(r.s) {
		return "", len(r.s), false
	}
	at = r.at
	end := strings.IndexByte(r.s[at:], ' ')
	if end < 0 {
		end = len(r.s) - at
	}
	r.at = at + end + 1
	return r.s[at : at+end], at, true
}

// read reads the whole text.
func (r *positionReader) read() (Position, error) {
	f, at, _ := r.field()
	var rules Rules
	if f != "" && (f[0] >= 'a' && f[0] <= 'z') {
		var err error
		if rules, err = ParseRules(f); err != nil {
			return r.fail(at, err.(*ParseError).Msg, ErrUnknownRules)
		}
		f, at, _ = r.field()
	}
	b, err := ParseBoard(f)
	if err != nil {
		pe := err.(*ParseError)
		return r.fail(at+pe.Offset, pe.Msg, pe.Err)
	}
	p := rules.Position(b)
	f, at, ok := r.field()
	if ok && strings.HasPrefix(f, "+") {
		n, err := strconv.ParseUint(f[1:], 10, 32)
		if err != nil || f[1:] != strconv.FormatUint(n, 10) {
			return r.fail(at+1, "plies before the board are not a number", ErrSyntax)
		}
		p.plies = uint32(n)
		p.settle()
		f, at, ok = r.field()
	}
	if ok {
		if p, err = r.moves(p, f, at); err != nil {
			return Position{}, err
		}
	}
	if _, at, ok := r.field(); ok {
		return r.fail(at, "unexpected text after the moves", ErrSyntax)
	}
	return p, nil
}

// moves plays the pit letters of f, at offset at, from p.
func (r *positionReader) moves(p Position, f string, at int) (Position, error) {
	if f == "" {
		return r.fail(at, "no moves after the space", ErrSyntax)
	}
	for i := 0; i < len(f); i++ {
		m, ok := pitOfLetter(f[i])
		if !ok {
			return r.fail(at+i, "not a pit letter A-F or a-f", ErrSyntax)
		}
		next, err := p.Play(m)
		if err != nil {
			me := err.(*MoveError)
			return r.fail(at+i, me.detail(), me)
		}
		p = next
	}
	return p, nil
}

// MustParsePosition is like [ParsePosition] but panics on an error. It is
// meant for tests and for literals known to be valid.
func MustParsePosition(s string) Position {
	p, err := ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}

// pitOfLetter returns the move of a pit letter, "A"–"F" or "a"–"f".
func pitOfLetter(c byte) (Move, bool) {
	switch {
	case c >= 'A' && c <= 'F':
		return Move(c - 'A'), true
	case c >= 'a' && c <= 'f':
		return Move(c - 'a' + PitsPerSide), true
	}
	return 0, false
}

// PlayStrategy FEN.
//
// The FEN of PlayStrategy (playstrategy.org) writes the board as the two
// rows seen from South: North's row from pit 11 down to pit 6, a "/", then
// South's row from pit 0 up to pit 5. Each row is a list of tokens joined by
// ",": a pit holding seeds is its count followed by "S", and a run of empty
// pits is a single digit, their number. Space-separated fields follow:
// South's score, North's score, the side to move and the move number.

// fenRows lists the pits of each row in the order a FEN writes them.
var fenRows = [2][PitsPerSide]int{{11, 10, 9, 8, 7, 6}, {0, 1, 2, 3, 4, 5}}

// fenRowNames names the rows in the order a FEN writes them.
var fenRowNames = [2]string{"North's row", "South's row"}

// maxMoveNumber is the largest FEN move number: PlayStrategy reads and
// writes at most four digits.
const maxMoveNumber = 9999

// ErrMoveNumber is wrapped in the [*PositionError] that [Board.AppendFEN]
// returns for a move number outside 1–9999.
var ErrMoveNumber = errors.New("not from 1 to 9999")

// AppendFEN appends the PlayStrategy FEN of b with the given move number
// and returns the extended slice. The opening, move 1, is
//
//	4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1
//
// North's row comes first, from pit 11 down to pit 6, then "/" and South's
// row from pit 0 up to pit 5: the board as South sees it. Within a row the
// tokens are joined by ",": a pit with n seeds is written "nS", and every
// maximal run of empty pits is written as one digit, its length, so that
// pits 9 to 6 holding 3, 0, 0, 5 give "3S,2,5S". Then come, separated by
// spaces, South's score, North's score, the side to move ("S" or "N") and
// the move number. As in PlayStrategy and in chess, the move number starts
// at 1 and grows by one after each of North's moves; the caller keeps it.
//
// AppendFEN returns dst unchanged and a [*PositionError] wrapping
// ErrMoveNumber unless 1 <= moveNumber
// <= 9999; for the zero Board it appends nothing and returns no error. It
// does not allocate when dst has room.
func (b Board) AppendFEN(dst []byte, moveNumber int) ([]byte, error) {
	if moveNumber < 1 || moveNumber > maxMoveNumber {
		return dst, &PositionError{Field: "move number", Value: moveNumber, Err: ErrMoveNumber}
	}
	if !b.Valid() {
		return dst, nil
	}
	for row, pits := range fenRows {
		if row == 1 {
			dst = append(dst, '/')
		}
		dst = b.appendFENRow(dst, pits)
	}
	for pl := South; pl <= North; pl++ {
		dst = append(dst, ' ')
		dst = strconv.AppendUint(dst, uint64(b.Score(pl)), 10)
	}
	dst = append(dst, ' ', "SN"[b.ToMove()&1], ' ')
	return strconv.AppendInt(dst, int64(moveNumber), 10), nil
}

// appendFENRow appends the tokens of one row of a FEN.
func (b Board) appendFENRow(dst []byte, pits [PitsPerSide]int) []byte {
	tokens, run := 0, 0
	token := func() {
		if tokens > 0 {
			dst = append(dst, ',')
		}
		tokens++
	}
	for i, pit := range pits {
		c := b.byteAt(pit)
		if c == 0 {
			run++
		}
		if run > 0 && (c != 0 || i == len(pits)-1) {
			token()
			dst, run = append(dst, byte('0'+run)), 0
		}
		if c != 0 {
			token()
			dst = strconv.AppendUint(dst, uint64(c), 10)
			dst = append(dst, 'S')
		}
	}
	return dst
}

// ParseFEN reads a PlayStrategy FEN, as written by [Board.AppendFEN], and
// returns the board and the move number. The board must be valid (D4);
// [PositionFrom] makes it a position with a fresh history.
//
// ParseFEN accepts the form that AppendFEN writes, and two variants found
// in PlayStrategy's own data: the seed letter may be a lowercase "s", and the
// move number may be left out, in which case it is 1. Anything else is
// refused: fields must be separated by exactly one space, each row must
// describe exactly six pits, seed counts are 1 to 48 and scores 0 to 48,
// written without sign or leading zero, an empty pit is written only as
// part of a run, two runs may not follow each other (write "4", not
// "2,2"), and the move number is 1 to 9999.
//
// Errors are [*ParseError] values that wrap ErrSyntax, or the
// [*PositionError] of an invalid board, such as one whose seeds do not add
// up to 48.
func ParseFEN(s string) (Board, int, error) {
	r := fenReader{s: s}
	for row := range fenRows {
		r.row(row)
	}
	for pl := South; pl <= North; pl++ {
		r.score(pl)
	}
	side := r.side()
	move := r.moveNumber()
	if r.err != nil {
		return Board{}, 0, r.err
	}
	b, err := NewBoard(r.pits, r.scores, side)
	if err != nil {
		return Board{}, 0, &ParseError{What: "FEN", Input: s, Msg: err.(*PositionError).detail(), Err: err}
	}
	return b, move, nil
}

// fenReader reads a FEN field by field. After the first error every step
// does nothing and err holds that error.
type fenReader struct {
	s      string
	at     int
	pits   [NumPits]int
	scores [2]int
	err    error
}

// fail records the first error: msg at byte at.
func (r *fenReader) fail(at int, msg string) {
	if r.err == nil {
		r.err = &ParseError{What: "FEN", Input: r.s, Offset: at, Msg: msg, Err: ErrSyntax}
	}
}

// token returns the text from r.at up to the next byte of stops, or the
// end, and moves r.at there.
func (r *fenReader) token(stops string) string {
	start := r.at
	for r.at < len(r.s) && strings.IndexByte(stops, r.s[r.at]) < 0 {
		r.at++
	}
	return r.s[start:r.at]
}

// row reads row number row (0 North's, 1 South's) and the separator after
// it.
func (r *fenReader) row(row int) {
	if r.err != nil {
		return
	}
	name := fenRowNames[row]
	n, afterRun := 0, false // pits read in this row; whether the last token was a run
	for r.err == nil {
		at := r.at
		tok := r.token(",/ ")
		switch {
		case tok == "":
			r.fail(at, name+": a seed count or a run of empty pits is missing")
		case tok[len(tok)-1] == 'S' || tok[len(tok)-1] == 's':
			c, ok := parseCount(tok[:len(tok)-1])
			switch {
			case !ok || c == 0:
				r.fail(at, name+": seed count is not a number from 1 to 48")
			case n == PitsPerSide:
				r.fail(at, name+" has more than 6 pits")
			default:
				r.pits[fenRows[row][n]] = c
				n, afterRun = n+1, false
			}
		case len(tok) == 1 && tok[0] >= '1' && tok[0] <= '6':
			n += int(tok[0] - '0')
			switch {
			case afterRun:
				r.fail(at, name+": two runs of empty pits follow each other; write them as one")
			case n > PitsPerSide:
				r.fail(at, name+" has more than 6 pits")
			}
			afterRun = true
		default:
			r.fail(at, name+": not a seed count such as 4S nor a run of empty pits from 1 to 6")
		}
		if r.err != nil || r.at == len(r.s) || r.s[r.at] != ',' {
			break
		}
		r.at++
	}
	if n < PitsPerSide {
		r.fail(r.at, name+" has only "+strconv.Itoa(n)+" of its 6 pits")
	}
	if sep := " /"[1-row]; r.at == len(r.s) || r.s[r.at] != sep {
		r.fail(r.at, "want "+strconv.Quote(string(sep))+" after "+name)
	}
	r.at++
}

// score reads pl's score and the space after it.
func (r *fenReader) score(pl Player) {
	if r.err != nil {
		return
	}
	at := r.at
	f := r.token(" ")
	c, ok := parseCount(f)
	switch {
	case f == "":
		r.fail(at, pl.String()+"'s score is missing")
	case !ok:
		r.fail(at, pl.String()+"'s score is not a number from 0 to 48")
	case r.at == len(r.s):
		r.fail(r.at, "too few fields: want the two scores, the side to move and the move number")
	}
	r.scores[pl] = c
	r.at++
}

// side reads the side to move.
func (r *fenReader) side() Player {
	if r.err != nil {
		return 0
	}
	at := r.at
	side, ok := parseSide(r.token(" "))
	if !ok {
		r.fail(at, "side to move is not S or N")
	}
	return side
}

// moveNumber reads the move number, if any, up to the end of the text.
func (r *fenReader) moveNumber() int {
	if r.err != nil || r.at == len(r.s) {
		return 1
	}
	r.at++
	at := r.at
	f := r.token(" ")
	n, err := strconv.Atoi(f)
	switch {
	case f == "":
		r.fail(at, "move number is missing")
	case err != nil || f[0] == '0' || f[0] == '+' || n < 1 || n > maxMoveNumber:
		r.fail(at, "move number is not a number from 1 to 9999")
	case r.at < len(r.s):
		r.fail(r.at, "unexpected text after the move number")
	}
	return n
}
