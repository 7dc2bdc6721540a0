package oware

import (
	"errors"
	"strconv"
)

// Layout of a Key's bytes.
const (
	pitCount   = 12 // pits on the board (R1)
	totalSeeds = 48 // seeds in the game (R1)
	winScore   = 25 // captures that win at once (R8)

	scoreByte = 12 // bytes 12 and 13: South's and North's captures
	sideByte  = 14 // byte 14: the player to move

	sideBit = 1 << (8 * (sideByte - 8)) // the side to move in a Key's second word
)

// Key identifies a position without its history: the 12 pits, both scores
// and the side to move (D1). Keys are comparable with == and serve as map
// keys, for example in transposition tables; two positions reached by
// different move orders have equal keys when their pits, scores and side to
// move are equal.
//
// The zero Key has no seeds and South to move; it is not the key of any
// valid position.
type Key struct {
	// Bytes 0–11 of the two little-endian words are pits 0–11, then come
	// South's score, North's score, the side to move and a zero byte. One
	// byte per pit lets a whole sowing be one addition per word.
	lo, hi uint64
}

// byteAt returns byte i (0–15) of k: pit i for i < 12.
func (k Key) byteAt(i int) uint8 {
	w := k.lo
	if i >= 8 {
		w = k.hi
	}
	return uint8(w >> (8 * (i & 7)))
}

// setByte sets byte i (0–15) of k to v.
func (k *Key) setByte(i int, v uint8) {
	shift := 8 * uint(i&7)
	if i < 8 {
		k.lo = k.lo&^(0xff<<shift) | uint64(v)<<shift
	} else {
		k.hi = k.hi&^(0xff<<shift) | uint64(v)<<shift
	}
}

// Pits returns the seeds in each pit, indexed by pit (R1 numbering).
func (k Key) Pits() [12]int {
	var pits [12]int
	for i := range pits {
		pits[i] = int(k.byteAt(i))
	}
	return pits
}

// Score returns the seeds that p has captured. It returns 0 for an invalid
// player.
func (k Key) Score(p Player) int {
	if !p.Valid() {
		return 0
	}
	return int(k.byteAt(scoreByte + int(p)))
}

// ToMove returns the player to move.
func (k Key) ToMove() Player { return Player(k.byteAt(sideByte)) }

// side returns the six pits of p's side, one per byte, the lowest pit in
// the lowest byte.
func (k Key) side(p Player) uint64 {
	south := k.lo & 0xffff_ffff_ffff           // pits 0–5
	north := k.lo>>48 | (k.hi&0xffff_ffff)<<16 // pits 6–7, then 8–11
	northMask := -uint64(p & 1)                // all ones for North: no branch to mispredict
	return north&northMask | south&^northMask
}

// sideEmpty reports whether p has no seed on their side.
func (k Key) sideEmpty(p Player) bool { return k.side(p) == 0 }

// sideSeeds returns the seeds on p's side.
func (k Key) sideSeeds(p Player) int {
	// Each byte is at most 48, so the six-byte sum fits in the top byte.
	return int(k.side(p) * 0x0101_0101_0101_0101 >> 56)
}

// Position is a position of the game together with the part of its history
// that the repetition rule needs (R10, D2). Positions are immutable values:
// copy them, keep them and share them between goroutines freely.
//
// Positions are not comparable with ==, because two positions with the same
// board may have different histories; compare their [Position.Key] values.
//
// The zero Position holds no seeds and is not a position of the game: it
// has no legal moves, its outcome is the zero Outcome and Play refuses every
// move with [ErrInvalidPosition]. Start and NewPosition make valid ones.
type Position struct {
	_    [0]func() // not comparable: compare Keys
	key  Key
	hist history
	// The legal moves and why the game is over (NotOver while it goes on),
	// computed once when the position is made: every user of a position
	// asks for them, Play included.
	moves  MoveSet
	reason Reason
}

// settle computes p's legal moves and ending from its key and history.
func (p *Position) settle() { p.moves, p.reason = p.key.legal(p.hist.reps) }

// Start returns the opening position: four seeds in every pit, no captures,
// South to move (R1).
func Start() Position {
	var pits [12]int
	for i := range pits {
		pits[i] = 4
	}
	p, _ := NewPosition(pits, [2]int{}, South)
	return p
}

// NewPosition returns the position with the given pits (indexed by pit, R1
// numbering), captured seeds (indexed by Player) and player to move. It
// returns a [*PositionError] unless every count is non-negative, the pits
// and scores add up to 48 and toMove is South or North (D4). The position
// starts a fresh repetition history: it counts as the first occurrence of
// itself. It may already be finished, for example when a score is 25 or
// more; its Outcome then says so.
func NewPosition(pits [12]int, scores [2]int, toMove Player) (Position, error) {
	// Every count, pits then scores, in one list with its name.
	var counts [pitCount + 2]int
	copy(counts[:], pits[:])
	copy(counts[pitCount:], scores[:])
	// Negative counts first: only once none is negative does a count over
	// 48 mean that the total is wrong.
	for i, c := range counts {
		if c < 0 {
			return Position{}, &PositionError{Field: countName(i), Value: c, Err: ErrNegativeCount}
		}
	}
	var k Key
	total := 0
	for i, c := range counts {
		if c > totalSeeds { // the total is over 48; and the sum might overflow
			return Position{}, &PositionError{Field: countName(i), Value: c, Err: ErrSeedTotal}
		}
		total += c
		k.setByte(i, byte(c)) // pits 0–11, then the scores in bytes 12 and 13
	}
	if total != totalSeeds {
		return Position{}, &PositionError{Field: "total", Value: total, Err: ErrSeedTotal}
	}
	if !toMove.Valid() {
		return Position{}, &PositionError{Field: "side to move", Value: int(toMove), Err: ErrNoSuchPlayer}
	}
	k.setByte(sideByte, byte(toMove))
	p := Position{key: k, hist: freshHistory()}
	p.settle()
	return p, nil
}

// Key returns the comparable identity of p: pits, scores and side to move,
// without the history (D1).
func (p Position) Key() Key { return p.key }

// Pits returns the seeds in each pit, indexed by pit (R1 numbering).
func (p Position) Pits() [12]int { return p.key.Pits() }

// Pit returns the seeds in pit i, or 0 if i is not a pit (0–11).
func (p Position) Pit(i int) int {
	if i < 0 || i >= pitCount {
		return 0
	}
	return int(p.key.byteAt(i))
}

// Score returns the seeds that pl has captured so far. It returns 0 for an
// invalid player.
func (p Position) Score(pl Player) int { return p.key.Score(pl) }

// ToMove returns the player whose turn it is.
func (p Position) ToMove() Player { return p.key.ToMove() }

// Valid reports whether p is a position of the game, that is, whether it was
// made by Start, NewPosition or a parser, or reached from one by Play. Only
// the zero Position is invalid.
func (p Position) Valid() bool { return p.hist.reps != 0 }

// Repetitions returns how many times p's pits and side to move have occurred
// since the last capture (or since the position the history starts from),
// counting p itself (D2). The third occurrence ends the game (R10) unless a
// side is empty; only positions with an empty side can occur more often, and
// for them the count stops at 63. It is 0 only for the zero Position.
func (p Position) Repetitions() int { return int(p.hist.reps) }

// String returns a board diagram with North's row on top, as in the rule
// sheets, followed by the scores and the side to move (or the outcome); the
// zero Position says that it is invalid:
//
//	    f  e  d  c  b  a
//	N   4  4  4  4  4  4   North 0
//	S   4  4  4  4  4  4   South 0
//	    A  B  C  D  E  F
//	South to move
func (p Position) String() string {
	if !p.Valid() {
		return "invalid position (the zero Position)"
	}
	b := make([]byte, 0, 160)
	b = append(b, "    f  e  d  c  b  a\nN "...)
	for i := 11; i >= 6; i-- {
		b = appendPit(b, p.key.byteAt(i))
	}
	b = append(b, "   North "...)
	b = strconv.AppendInt(b, int64(p.Score(North)), 10)
	b = append(b, "\nS "...)
	for i := 0; i < 6; i++ {
		b = appendPit(b, p.key.byteAt(i))
	}
	b = append(b, "   South "...)
	b = strconv.AppendInt(b, int64(p.Score(South)), 10)
	b = append(b, "\n    A  B  C  D  E  F\n"...)
	if o := p.Outcome(); o.Over() {
		b = append(b, o.String()...)
	} else {
		b = append(b, p.ToMove().String()...)
		b = append(b, " to move"...)
	}
	return string(b)
}

// appendPit appends a pit count right-aligned in three columns.
func appendPit(b []byte, c byte) []byte {
	if c < 10 {
		b = append(b, ' ')
	}
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(c), 10)
}

// AppendText implements [encoding.TextAppender]: it appends the position
// string, the canonical text form shared with Aualé and Aalina: pits 0 to
// 11, South's score, North's score and the side to move ("S" or "N"), joined
// by "-". The opening is "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S". The history is
// not part of the text. The zero Position, which [ParsePosition] would not
// read back, returns b unchanged and ErrInvalidPosition. It does not
// allocate when b has room.
func (p Position) AppendText(b []byte) ([]byte, error) {
	if !p.Valid() {
		return b, ErrInvalidPosition
	}
	return p.key.appendText(b), nil
}

// String returns the position string of the key, as [Position.AppendText]
// writes it, such as "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".
func (k Key) String() string { return string(k.appendText(make([]byte, 0, 40))) }

// appendText appends the position string of k.
func (k Key) appendText(b []byte) []byte {
	for i := 0; i < scoreByte+2; i++ {
		b = strconv.AppendUint(b, uint64(k.byteAt(i)), 10)
		b = append(b, '-')
	}
	return append(b, "SN"[k.ToMove()&1])
}

// MarshalText implements [encoding.TextMarshaler] with the position string
// of [Position.AppendText].
func (p Position) MarshalText() ([]byte, error) {
	return p.AppendText(make([]byte, 0, 40))
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParsePosition].
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePosition reads a position string as written by
// [Position.AppendText], such as "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S": fifteen
// fields joined by "-": the seeds of pits 0 to 11, South's and North's
// captures as decimal numbers without sign or leading zero, and the side to
// move, "S" or "N". The position must be valid (D4) and starts a fresh
// repetition history. Errors are [*ParseError] values that wrap ErrSyntax,
// or the [*PositionError] of an invalid position.
func ParsePosition(s string) (Position, error) {
	fail := func(at int, msg string, err error) (Position, error) {
		return Position{}, &ParseError{What: "position", Input: s, Offset: at, Msg: msg, Err: err}
	}
	var pits [12]int
	var scores [2]int
	at := 0
	for field := 0; field < scoreByte+2; field++ {
		end := at
		for end < len(s) && s[end] != '-' {
			end++
		}
		n, ok := parseCount(s[at:end])
		name := countName(field)
		switch {
		case at == end:
			return fail(at, name+" is missing", ErrSyntax)
		case !ok:
			return fail(at, name+" is not a number from 0 to 48", ErrSyntax)
		case end == len(s):
			return fail(end, "too few fields: want 15 joined by '-'", ErrSyntax)
		}
		if field < pitCount {
			pits[field] = n
		} else {
			scores[field-pitCount] = n
		}
		at = end + 1
	}
	side, ok := parseSide(s[at:])
	if !ok {
		return fail(at, "side to move is not S or N", ErrSyntax)
	}
	p, err := NewPosition(pits, scores, side)
	if err != nil {
		return fail(0, detail(err), err)
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
	return n, n <= totalSeeds
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

// countName names field i of a position string.
func countName(i int) string {
	if i < pitCount {
		return "pit " + strconv.Itoa(i)
	}
	return Player(i-pitCount).String() + "'s score"
}

// PlayStrategy FEN.
//
// The FEN of PlayStrategy (playstrategy.org) writes the board as the two
// rows seen from South: North's row from pit 11 down to pit 6, a "/", then
// South's row from pit 0 up to pit 5. Each row is a list of tokens joined by
// ",": a pit holding seeds is its count followed by "S", and a run of empty
// pits is a single digit, their number. Space-separated fields follow:
// South's score, North's score, the side to move and the move number.

// fenOrder lists the pits in the order a FEN writes them.
var fenOrder = [pitCount]int{11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5}

// maxMoveNumber is the largest FEN move number: PlayStrategy reads and
// writes at most four digits.
const maxMoveNumber = 9999

// ErrMoveNumber is returned by [Position.AppendFEN] for a move number
// outside 1–9999.
var ErrMoveNumber = errors.New("oware: move number is not from 1 to 9999")

// AppendFEN appends the PlayStrategy FEN of p with the given move number
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
// at 1 and grows by one after each of North's moves; the package does not
// keep it, the caller does. The history is not part of the FEN.
//
// AppendFEN returns b unchanged and ErrInvalidPosition for the zero
// Position, or [ErrMoveNumber] unless 1 <= moveNumber <= 9999. It does not
// allocate when b has room.
func (p Position) AppendFEN(b []byte, moveNumber int) ([]byte, error) {
	if !p.Valid() {
		return b, ErrInvalidPosition
	}
	if moveNumber < 1 || moveNumber > maxMoveNumber {
		return b, ErrMoveNumber
	}
	for row := 0; row < 2; row++ {
		if row == 1 {
			b = append(b, '/')
		}
		tokens, run := 0, 0
		for i, pit := range fenOrder[6*row : 6*row+6] {
			c := p.key.byteAt(pit)
			if c == 0 {
				run++
			}
			if run > 0 && (c != 0 || i == 5) {
				if tokens > 0 {
					b = append(b, ',')
				}
				b = append(b, byte('0'+run))
				tokens, run = tokens+1, 0
			}
			if c != 0 {
				if tokens > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendUint(b, uint64(c), 10)
				b = append(b, 'S')
				tokens++
			}
		}
	}
	for pl := South; pl <= North; pl++ {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(p.Score(pl)), 10)
	}
	b = append(b, ' ', "SN"[p.ToMove()&1], ' ')
	return strconv.AppendInt(b, int64(moveNumber), 10), nil
}

// ParseFEN reads a PlayStrategy FEN, as written by [Position.AppendFEN],
// and returns the position and the move number. The position must be
// valid (D4) and starts a fresh repetition history.
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
// [*PositionError] of an invalid position, such as one whose seeds do not
// add up to 48.
func ParseFEN(s string) (Position, int, error) {
	fail := func(at int, msg string, err error) (Position, int, error) {
		return Position{}, 0, &ParseError{What: "FEN", Input: s, Offset: at, Msg: msg, Err: err}
	}
	var pits [12]int
	at := 0
	for row := 0; row < 2; row++ {
		name := [2]string{"North's row", "South's row"}[row]
		n, afterRun := 0, false // pits read in this row; whether the last token was a run
		for {
			end := at
			for end < len(s) && s[end] != ',' && s[end] != '/' && s[end] != ' ' {
				end++
			}
			tok := s[at:end]
			switch {
			case tok == "":
				return fail(at, name+": a seed count or a run of empty pits is missing", ErrSyntax)
			case tok[len(tok)-1] == 'S' || tok[len(tok)-1] == 's':
				c, ok := parseCount(tok[:len(tok)-1])
				if !ok || c == 0 {
					return fail(at, name+": seed count is not a number from 1 to 48", ErrSyntax)
				}
				if n == 6 {
					return fail(at, name+" has more than 6 pits", ErrSyntax)
				}
				pits[fenOrder[6*row+n]] = c
				n, afterRun = n+1, false
			case len(tok) == 1 && tok[0] >= '1' && tok[0] <= '6':
				if afterRun {
					return fail(at, name+": two runs of empty pits follow each other; write them as one", ErrSyntax)
				}
				if n += int(tok[0] - '0'); n > 6 {
					return fail(at, name+" has more than 6 pits", ErrSyntax)
				}
				afterRun = true
			default:
				return fail(at, name+": not a seed count such as 4S nor a run of empty pits from 1 to 6", ErrSyntax)
			}
			at = end
			if at == len(s) || s[at] != ',' {
				break
			}
			at++
		}
		if n < 6 {
			return fail(at, name+" has only "+strconv.Itoa(n)+" of its 6 pits", ErrSyntax)
		}
		if sep := " /"[1-row]; at == len(s) || s[at] != sep {
			return fail(at, "want "+strconv.Quote(string(sep))+" after "+name, ErrSyntax)
		}
		at++
	}
	// field returns the space-separated field at at and the offset after it.
	field := func(at int) (string, int) {
		end := at
		for end < len(s) && s[end] != ' ' {
			end++
		}
		return s[at:end], end
	}
	var scores [2]int
	for pl := South; pl <= North; pl++ {
		f, end := field(at)
		c, ok := parseCount(f)
		switch {
		case f == "":
			return fail(at, pl.String()+"'s score is missing", ErrSyntax)
		case !ok:
			return fail(at, pl.String()+"'s score is not a number from 0 to 48", ErrSyntax)
		case end == len(s):
			return fail(end, "too few fields: want the two scores, the side to move and the move number", ErrSyntax)
		}
		scores[pl] = c
		at = end + 1
	}
	f, end := field(at)
	side, ok := parseSide(f)
	if !ok {
		return fail(at, "side to move is not S or N", ErrSyntax)
	}
	moveNumber := 1
	if end < len(s) {
		at = end + 1
		f, end = field(at)
		n, err := strconv.Atoi(f)
		switch {
		case f == "":
			return fail(at, "move number is missing", ErrSyntax)
		case err != nil || f[0] == '0' || f[0] == '+' || n < 1 || n > maxMoveNumber:
			return fail(at, "move number is not a number from 1 to 9999", ErrSyntax)
		case end < len(s):
			return fail(end, "unexpected text after the move number", ErrSyntax)
		}
		moveNumber = n
	}
	p, err := NewPosition(pits, scores, side)
	if err != nil {
		return fail(0, detail(err), err)
	}
	return p, moveNumber, nil
}
