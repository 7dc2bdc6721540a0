package oware

import (
	"encoding/binary"
	"iter"
	"math/bits"
	"strconv"
)

// This file holds what is on the board: the Board itself and its text,
// the two players, and the moves that name its pits.

// The sizes of the board (R1), for programs that lay it out.
const (
	NumPits      = 12 // pits on the board
	PitsPerSide  = 6  // pits on each side
	NumSeeds     = 48 // seeds in the game, on the board and captured
	WinningScore = 25 // captured seeds that win at once (R8)
)

// Layout of a Board's two words: bytes 0–11 are pits 0–11, byte 12 South's
// score, byte 13 North's score, byte 14 the side to move; byte 15 is zero.
const (
	scoreByte = 12
	sideByte  = 14

	sideBit = 1 << (8 * (sideByte - 8)) // the side to move in the second word
)

// Board is a position of the game without its history: the seeds in the 12
// pits, both scores and the side to move. Boards are small comparable
// values: two boards are equal when their pits, scores and side to move
// are (D1, the scores then being equal too), so a Board serves as a map key
// and, through [Board.Hash], as the key of a transposition table.
//
// A Board is made by [NewBoard] or [ParseBoard], which check it (D4), or
// taken from a [Position]. The zero Board holds no seeds and is not a board
// of the game; its text form is the empty string.
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

// startBoard is the opening board: four seeds in every pit, South to move.
var startBoard = Board{lo: 0x0404_0404_0404_0404, hi: 0x0404_0404}

// NewBoard returns the board with the given pits (indexed by pit, R1
// numbering), captured seeds (indexed by Player) and player to move. It
// returns a [*BoardError] unless every count is non-negative, the pits
// and scores add up to 48 and toMove is South or North (D4).
func NewBoard(pits [NumPits]int, scores [2]int, toMove Player) (Board, error) {
	// A valid board in one pass, without a branch (endgame tables make
	// boards by the billion): counts from 0 to 63 (a negative one has
	// high bits set) that add up to 48 are each at most 48. Anything else
	// is explained below.
	p := &pits
	high := uint(p[0]|p[1]|p[2]|p[3]|p[4]|p[5]|p[6]|p[7]|p[8]|p[9]|p[10]|p[11]|scores[0]|scores[1]) >> 6
	total := p[0] + p[1] + p[2] + p[3] + p[4] + p[5] + p[6] + p[7] + p[8] + p[9] + p[10] + p[11] + scores[0] + scores[1]
	if high == 0 && total == NumSeeds && toMove.Valid() {
		return Board{
			lo: uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24 |
				uint64(p[4])<<32 | uint64(p[5])<<40 | uint64(p[6])<<48 | uint64(p[7])<<56,
			hi: uint64(p[8]) | uint64(p[9])<<8 | uint64(p[10])<<16 | uint64(p[11])<<24 |
				uint64(scores[0])<<32 | uint64(scores[1])<<40 | uint64(toMove)<<48,
		}, nil
	}
	return newBoardError(pits, scores, toMove)
}

// PackBoard returns the board with the given pits (indexed by pit, R1
// numbering), captured seeds (indexed by Player) and player to move, as
// [NewBoard] does, for programs that make boards by the billion from
// counts they keep as bytes, such as package tablebase: it packs the
// counts as they are and checks what NewBoard checks (D4) in a few
// instructions. It returns the zero Board, which is not a board of the
// game (see [Board.Valid]), where NewBoard returns an error; NewBoard
// tells what is wrong. [Board.PitCounts] is its inverse.
func PackBoard(pits [NumPits]uint8, scores [2]uint8, toMove Player) Board {
	lo := binary.LittleEndian.Uint64(pits[0:8])
	hi := uint64(binary.LittleEndian.Uint32(pits[8:12])) | uint64(scores[0])<<32 | uint64(scores[1])<<40 | uint64(toMove)<<48
	// Counts up to 63 (the top two bits of their bytes clear) and the
	// side 0 or 1 sum, in lanes of 16 bits, to at most 14 × 63 + 1: no
	// lane overflows.
	const lanes = 0x00ff_00ff_00ff_00ff
	sum := (lo&lanes + lo>>8&lanes + hi&lanes + hi>>8&lanes) * 0x0001_0001_0001_0001 >> 48
	if lo&0xc0c0_c0c0_c0c0_c0c0|hi&0xfffe_c0c0_c0c0_c0c0 != 0 || sum != NumSeeds+uint64(toMove) {
		return Board{}
	}
	return Board{lo: lo, hi: hi}
}

// newBoardError is NewBoard one count at a time, for the counts that its
// single pass refuses: it finds the error that explains why.
func newBoardError(pits [NumPits]int, scores [2]int, toMove Player) (Board, error) {
	var counts [NumPits + 2]int
	copy(counts[:], pits[:])
	copy(counts[NumPits:], scores[:])
	// Negative counts first: only once none is negative does a count over
	// 48 mean that the total is wrong.
	for i, c := range counts {
		if c < 0 {
			return Board{}, &BoardError{Field: countName(i), Value: c, Err: ErrNegativeCount}
		}
	}
	var b Board
	total := 0
	for i, c := range counts {
		if c > NumSeeds { // the total is over 48; and the sum might overflow
			return Board{}, &BoardError{Field: countName(i), Value: c, Err: ErrSeedTotal}
		}
		total += c
		b.setByte(i, byte(c)) // pits 0–11, then the scores in bytes 12 and 13
	}
	if total != NumSeeds {
		return Board{}, &BoardError{Field: "total", Value: total, Err: ErrSeedTotal}
	}
	if !toMove.Valid() {
		return Board{}, &BoardError{Field: "side to move", Value: int(toMove), Err: ErrNoSuchPlayer}
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

// PitCounts returns the seeds in each pit, indexed by pit (R1
// numbering), as bytes: [Board.Pits] in the form [PackBoard] takes, read
// in two words.
func (b Board) PitCounts() [NumPits]uint8 {
	var pits [NumPits]uint8
	binary.LittleEndian.PutUint64(pits[0:8], b.lo)
	binary.LittleEndian.PutUint32(pits[8:12], uint32(b.hi))
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
	return sumBytes(b.side(p))
}

// sumBytes returns the sum of the bytes of w, each at most 48 and at most
// five of them non-zero, so that the sum fits in the top byte.
func sumBytes(w uint64) int { return int(w * 0x0101_0101_0101_0101 >> 56) }

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

// onBoard returns the seeds on the board, both sides.
func (b Board) onBoard() int { return NumSeeds - int(b.byteAt(scoreByte)) - int(b.byteAt(scoreByte+1)) }

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
// that wrap ErrSyntax, or the [*BoardError] of an invalid board.
func ParseBoard(s string) (Board, error) {
	fail := func(at int, msg string, err error) (Board, error) {
		return Board{}, &ParseError{What: "position", Input: s, Offset: at, Msg: msg, Err: err}
	}
	var counts [NumPits + 2]int
	at := 0
	for field := range counts {
		end := at
		for end < len(s) && s[end] != '-' && end-at < 3 {
			end++
		}
		n, ok := parseCount(s[at:end])
		switch {
		case at == end:
			return fail(at, countName(field)+" is missing", ErrSyntax)
		case !ok || end < len(s) && s[end] != '-':
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
		return fail(0, err.(*BoardError).detail(), err)
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

// parseSide reads the side to move of a position string: "S" or "N".
func parseSide(s string) (Player, bool) {
	switch s {
	case "S":
		return South, true
	case "N":
		return North, true
	}
	return 0, false
}

// Player is one of the two sides of the board.
type Player uint8

// The two players. South moves first (R1).
const (
	South Player = 0 // owns pits 0–5 (A–F)
	North Player = 1 // owns pits 6–11 (a–f)
)

// Opponent returns the other player. For a value that is not a player it
// returns another such value.
func (p Player) Opponent() Player { return p ^ 1 }

// Valid reports whether p is South or North.
func (p Player) Valid() bool { return p <= North }

// String returns "South" or "North", and "Player(n)" for any other value.
func (p Player) String() string {
	switch p {
	case South:
		return "South"
	case North:
		return "North"
	}
	return "Player(" + strconv.Itoa(int(p)) + ")"
}

// firstPit returns the lowest pit index on p's side.
func (p Player) firstPit() int { return PitsPerSide * int(p) }

// MarshalText implements [encoding.TextMarshaler]: "South" or "North", so
// that JSON shows a player by name. Any other value is a [*RangeError]
// wrapping ErrRange.
func (p Player) MarshalText() ([]byte, error) {
	if !p.Valid() {
		return nil, &RangeError{Type: "Player", Value: int(p)}
	}
	return []byte(p.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]. It reads "South" or
// "North", and also "S" or "N", the side letters of position strings.
// Anything else is a [*ParseError] wrapping ErrSyntax. On an error p is
// unchanged.
func (p *Player) UnmarshalText(text []byte) error {
	switch string(text) {
	case "South", "S":
		*p = South
	case "North", "N":
		*p = North
	default:
		return &ParseError{What: "player", Input: string(text), Msg: `not "South", "North", "S" or "N"`, Err: ErrSyntax}
	}
	return nil
}

// Move is a move: the pit that is sown, by its absolute index 0–11 (R1).
// Pits 0–5 belong to South and pits 6–11 to North. Its text form is the pit
// letter, so a []Move is a JSON array such as ["F","e"]. Play refuses any
// value that is not a pit, and [Move.Valid] tells.
type Move uint8

// pitLetters are the usual pit letters, indexed by pit.
const pitLetters = "ABCDEFabcdef"

// Valid reports whether m names a pit of the board (0–11).
func (m Move) Valid() bool { return m < NumPits }

// Pit returns the index of the pit that m sows.
func (m Move) Pit() int { return int(m) }

// Player returns the owner of the pit that m sows. It is meaningful only
// for a valid move.
func (m Move) Player() Player { return Player(m / PitsPerSide) }

// String returns the usual pit letter: "A"–"F" for pits 0–5 and "a"–"f" for
// pits 6–11. A move outside the board is written "Move(n)".
func (m Move) String() string {
	if !m.Valid() {
		return "Move(" + strconv.Itoa(int(m)) + ")"
	}
	return pitLetters[m : m+1]
}

// ParseMove reads a move: a pit letter, "A"–"F" for pits 0–5 and "a"–"f"
// for pits 6–11, or a pit number "0"–"11". It returns a [*ParseError]
// wrapping ErrSyntax for anything else.
func ParseMove(s string) (Move, error) {
	switch {
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		return Move(s[0] - '0'), nil
	case len(s) == 1:
		if m, ok := moveOfLetter(s[0]); ok {
			return m, nil
		}
	case s == "10" || s == "11":
		return Move(10 + s[1] - '0'), nil
	}
	return 0, &ParseError{What: "move", Input: s, Msg: "not a pit letter A-F, a-f or number 0-11", Err: ErrSyntax}
}

// moveOfLetter returns the move of a pit letter, "A"–"F" or "a"–"f".
func moveOfLetter(c byte) (Move, bool) {
	switch {
	case c >= 'A' && c <= 'F':
		return Move(c - 'A'), true
	case c >= 'a' && c <= 'f':
		return Move(c - 'a' + PitsPerSide), true
	}
	return 0, false
}

// MarshalText implements [encoding.TextMarshaler]: the pit letter, so that
// JSON shows a move as "F". A move outside the board is a [*RangeError]
// wrapping ErrRange.
func (m Move) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, &RangeError{Type: "Move", Value: int(m)}
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMove]. On
// an error m is unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// MoveSet is a set of moves, bit i standing for the move that sows pit i.
// It is a small value that needs no allocation: [Position.Moves] returns the
// legal moves as a MoveSet. Bits 12–15 name no pit and every method ignores
// them. The zero MoveSet is empty.
type MoveSet uint16

// allPits is the MoveSet of every pit.
const allPits MoveSet = 1<<NumPits - 1

// Len returns the number of moves in s.
func (s MoveSet) Len() int { return bits.OnesCount16(uint16(s & allPits)) }

// Contains reports whether m is in s.
func (s MoveSet) Contains(m Move) bool { return m.Valid() && s&(1<<m) != 0 }

// All returns an iterator over the moves of s in ascending pit order. The
// iterator may be used any number of times and from any number of
// goroutines at once.
func (s MoveSet) All() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for left := s & allPits; left != 0; left &= left - 1 {
			if !yield(Move(bits.TrailingZeros16(uint16(left)))) {
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
		return Move(PitsPerSide + nthBit[s>>6&0x3f][i-c]), true
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
		b = append(b, pitLetters[m])
	}
	return string(append(b, '}'))
}
