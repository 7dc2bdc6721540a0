// Package oware implements the rules of Oware (Awalé), abapa rules, exactly.
//
// # The rule set
//
// The board has 12 pits in two rows of six. South (player 0) owns pits 0–5
// and moves first; North (player 1) owns pits 6–11. Each pit starts with
// four seeds, 48 in all (R1). Pits are numbered counter-clockwise, the
// direction of sowing:
//
//	         North (player 1)
//	pit:  11  10   9   8   7   6      letter:  f e d c b a
//	pit:   0   1   2   3   4   5      letter:  A B C D E F
//	         South (player 0)
//
// A move takes every seed of one non-empty pit of the mover's own side (R2)
// and sows them one by one into the following pits, 11 wrapping to 0 (R3);
// from 12 seeds on the sowing goes round the board and skips the pit of
// origin on every lap (R4). If the last seed lands on the opponent's side in
// a pit that now holds 2 or 3 seeds, the mover captures them, then the pit
// before it, and so on backwards while the pits are the opponent's and hold
// 2 or 3 (R5); a capture that would take every seed of the opponent's side
// is annulled, the seeds staying sown (R6, the grand slam). When the
// opponent's side is empty, only moves that put a seed there are legal (R7).
//
// The game ends when a player has captured 25 seeds (R8); when the player to
// move has no legal move (R9); or when a position occurs for the third time
// since the last capture while neither side is empty (R10). After R9 and R10
// each player adds the seeds of their own side to their captures, and the
// higher total wins; 24–24 is a draw (R11).
//
// Where the rule sheets are silent this package decides: positions are the
// same when the 12 pits and the side to move are equal (D1); occurrences are
// counted from the last capture, the position the capture produced being the
// first (D2); final tallies are the captures after R8 and captures plus own
// seeds after R9 and R10 (D3); a position built from pits and scores is valid
// when no count is negative and everything adds up to 48, and starts a fresh
// repetition history (D4); a finished position has no legal moves (D5).
// The rule and decision identifiers are those of the project's RULES.md and
// are cited throughout the documentation and the tests.
//
// # Using the package
//
// A [Board] is what is on the board: the pits, both scores and the side to
// move. It is a small comparable value with a text form, the position
// string, and a [Board.Hash] for transposition tables.
//
// A [Position] is a Board together with the part of its history that the
// repetition rule needs. It is an immutable value: [Position.Play] returns
// the next position and never changes its receiver, so positions can be
// kept, shared between goroutines and used as search nodes freely.
// [Position.Moves], [Position.Children], [Position.Outcome] and
// [Position.Explain] tell what the game allows; [Perft] and [Divide] count
// the game tree.
//
// Other Oware programs play by slightly different rules. A [Rules] value
// states them knob by knob, [ParseRules] gives the preset that reproduces
// each major program (OpenSpiel, Aalina, Aualé, PlayStrategy,
// board-game-rs, Game::Oware and the awari of Romein and Bal), and a
// position made under rules keeps them. The zero Rules are the abapa rules
// above, which Start, NewPosition and PositionFrom use.
package oware

import (
	"bytes"
	"encoding/json"
	"errors"
	"iter"
	"math/bits"
	"strconv"
)

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
// that JSON shows a player by name. Any other value is a [*PositionError]
// wrapping ErrNoSuchPlayer.
func (p Player) MarshalText() ([]byte, error) {
	if !p.Valid() {
		return nil, &PositionError{Field: "player", Value: int(p), Err: ErrNoSuchPlayer}
	}
	return []byte(p.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]. It reads "South" or
// "North", and also "S" or "N", the side letters of position strings and
// FEN. Anything else is a [*ParseError] wrapping ErrSyntax.
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
// letter, so a []Move is a JSON array such as ["F","e"]. Like any slice of
// a byte-sized type, a []Move also decodes from a base64 JSON string, and
// encoding/json then stores the bytes unchecked: Play refuses any value
// that is not a pit, and [Move.Valid] tells.
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
		if m, ok := pitOfLetter(s[0]); ok {
			return m, nil
		}
	case s == "10" || s == "11":
		return Move(10 + s[1] - '0'), nil
	}
	return 0, &ParseError{What: "move", Input: s, Msg: "not a pit letter A-F, a-f or number 0-11", Err: ErrSyntax}
}

// MarshalText implements [encoding.TextMarshaler]: the pit letter, so that
// JSON shows a move as "F". A move outside the board is a [*PositionError]
// wrapping ErrNoSuchPit.
func (m Move) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, &PositionError{Field: "move", Value: int(m), Err: ErrNoSuchPit}
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMove].
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

// MarshalJSON implements [json.Marshaler]: the moves as a JSON array of pit
// letters in pit order, such as ["A","C","F"].
func (s MoveSet) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for m := range s.All() {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"', pitLetters[m], '"')
	}
	return append(b, ']'), nil
}

// UnmarshalJSON implements [json.Unmarshaler]: it reads an array of moves
// as [Move.UnmarshalText] reads them, in any order. JSON null leaves s
// unchanged. On an error s is unchanged.
func (s *MoveSet) UnmarshalJSON(data []byte) error {
	var moves []Move
	if err := json.Unmarshal(data, &moves); err != nil {
		return err
	}
	if moves == nil && string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var set MoveSet
	for _, m := range moves {
		if !m.Valid() {
			return &PositionError{Field: "move", Value: int(m), Err: ErrNoSuchPit}
		}
		set |= 1 << m
	}
	*s = set
	return nil
}

// Errors that [Position.Play] returns, wrapped in a [*MoveError]; match them
// with [errors.Is]. As in package strconv, their own messages carry no
// package name; the wrapper's message starts with "oware: ".
var (
	// ErrNoSuchPit: the move names no pit of the board (not 0–11).
	ErrNoSuchPit = errors.New("no such pit")
	// ErrNotYourPit: the pit is on the opponent's side (R2).
	ErrNotYourPit = errors.New("pit is not on the mover's side")
	// ErrEmptyPit: the pit holds no seed (R2).
	ErrEmptyPit = errors.New("pit is empty")
	// ErrMustFeed: the opponent's side is empty and the move puts no seed
	// there, while another move would (R7).
	ErrMustFeed = errors.New("move does not feed the opponent")
	// ErrGameOver: the game is finished; no move can be played (D5).
	ErrGameOver = errors.New("game is over")
	// ErrInvalidPosition: the position is the zero Position, which holds no
	// seeds and is not a position of the game.
	ErrInvalidPosition = errors.New("invalid position")
)

// Errors that [NewBoard] and [NewPosition] return, wrapped in a
// [*PositionError]; match them with [errors.Is].
var (
	// ErrNegativeCount: a pit or a score is below zero (D4).
	ErrNegativeCount = errors.New("negative count")
	// ErrSeedTotal: the pits and the scores do not add up to 48 (D4).
	ErrSeedTotal = errors.New("seeds do not add up to 48")
	// ErrNoSuchPlayer: the side to move is neither South nor North.
	ErrNoSuchPlayer = errors.New("no such player")
)

// ErrSyntax is wrapped by the errors of the parsers: the text is not in
// the expected form. Match it with [errors.Is]; a [*ParseError] says what
// and where.
var ErrSyntax = errors.New("syntax error")

// MoveError reports an illegal move. Err is one of ErrNoSuchPit,
// ErrNotYourPit, ErrEmptyPit, ErrMustFeed, ErrGameOver or
// ErrInvalidPosition.
type MoveError struct {
	Move   Move   // the move that was refused
	Player Player // the player who was to move
	Err    error  // why: one of the sentinel errors
}

// Error returns a message such as "oware: South plays D: pit is empty".
func (e *MoveError) Error() string { return "oware: " + e.detail() }

// detail is the message without the package name.
func (e *MoveError) detail() string {
	return e.Player.String() + " plays " + e.Move.String() + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *MoveError) Unwrap() error { return e.Err }

// PositionError reports a count or a value that makes no board (D4), or a
// value outside its type that cannot be written as text. Err is one of
// ErrNegativeCount, ErrSeedTotal, ErrNoSuchPlayer, ErrNoSuchPit or
// ErrNoSuchReason.
type PositionError struct {
	Field string // what is wrong: "pit 3", "South's score", "side to move", "total", "move", "player" or "reason"
	Value int    // the offending value
	Err   error  // why: one of the sentinel errors
}

// Error returns a message such as "oware: pit 3 is -1: negative count".
func (e *PositionError) Error() string { return "oware: " + e.detail() }

// detail is the message without the package name.
func (e *PositionError) detail() string {
	return e.Field + " is " + strconv.Itoa(e.Value) + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *PositionError) Unwrap() error { return e.Err }

// ParseError reports text that a parser could not read. Err is ErrSyntax
// when the text is malformed, a [*PositionError] when it is well formed
// but describes no valid board (D4), or a [*MoveError] when a move it
// lists cannot be played.
type ParseError struct {
	What   string // what was parsed: "move", "position", "FEN", "player", "reason" or "outcome"
	Input  string // the text given
	Offset int    // byte offset in Input where the problem is
	Msg    string // what is wrong there
	Err    error  // ErrSyntax, a *PositionError or a *MoveError
}

// Error returns a message such as
// `oware: position "4-4-x": byte 4: pit 2 is not a number`.
func (e *ParseError) Error() string {
	return "oware: " + e.What + " " + strconv.Quote(e.Input) + ": byte " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns ErrSyntax, the *PositionError or the *MoveError.
func (e *ParseError) Unwrap() error { return e.Err }

// Play returns the position after the player to move sows pit m: sowing
// (R3, R4), capture (R5, R6), then the turn passes. The receiver is not
// changed. An illegal move returns the receiver itself, so that
// p, err = p.Play(m) keeps the game, and a [*MoveError] that wraps
// ErrNoSuchPit, ErrNotYourPit, ErrEmptyPit, ErrMustFeed (R7), ErrGameOver
// (D5) or ErrInvalidPosition.
//
// Play keeps the history the repetition rule needs (R10, D2): a capture
// clears it, and a position that occurs for the third time since the last
// capture, both sides holding seeds, ends the game. It allocates only once
// every 16 plies of a capture-free stretch, when the history it holds
// inline moves to a shared block.
func (p Position) Play(m Move) (next Position, err error) {
	if !p.moves.Contains(m) {
		return p, p.refusal(m)
	}
	p.playTo(&next, int(m))
	return next, nil
}

// playTo makes next, which must not be p, the position after sowing pit,
// a legal move at p.
// Building the result in place, in the caller's variable, is measurably
// faster than returning a copy.
func (p *Position) playTo(next *Position, pit int) {
	var b Board
	var captured bool
	if p.rules == nil {
		b, captured = p.board.play(pit)
	} else {
		b, captured = p.rules.play(p.board, pit)
	}
	next.board, next.rules, next.plies = b, p.rules, min(p.plies+1, maxPlies)
	if captured {
		next.hist = freshHistory() // D2: a capture starts the count again
	} else {
		next.hist = p.hist
		next.hist.played(p.board, pit, b)
	}
	next.settle()
}

// play plays the move at pit, which must be legal at b: sowing (R3, R4),
// capture (R5, R6), then the turn passes. It reports whether seeds were
// captured.
func (b Board) play(pit int) (Board, bool) {
	b, last := b.sow(pit)
	b, from, annulled := b.capture(last)
	b.hi ^= sideBit // the turn passes
	return b, from <= last && !annulled
}

// refusal explains why m is not a legal move at p.
func (p Position) refusal(m Move) error {
	var err error
	mover := p.board.ToMove()
	switch {
	case !p.Valid():
		err = ErrInvalidPosition
	case p.reason != NotOver:
		err = ErrGameOver
	case !m.Valid():
		err = ErrNoSuchPit
	case m.Player() != mover:
		err = ErrNotYourPit
	case p.board.byteAt(int(m)) == 0:
		err = ErrEmptyPit
	default:
		err = ErrMustFeed
	}
	return &MoveError{Move: m, Player: mover, Err: err}
}

// Perft counts the positions reached from p by every sequence of exactly
// depth legal moves (its leaves), under the full rules, repetition
// included. A game that ends before depth adds nothing; Perft(p, 0) is 1
// for a valid position, and Perft is 0 for the zero Position or a negative
// depth. It is the standard test of move generation: from Start it gives 6,
// 36, 190, 1014, 5219, 27332, 139157 and 711414 for depths 1 to 8. It
// walks the tree with Play's own history, so it allocates only where a
// line goes more than 16 plies without a capture.
func Perft(p Position, depth int) uint64 {
	switch {
	case !p.Valid() || depth < 0:
		return 0
	case depth == 0:
		return 1
	}
	return perft(p, depth)
}

// perft counts the leaves depth ≥ 1 plies below p.
func perft(p Position, depth int) uint64 {
	var leaves uint64
	switch {
	case depth == 1:
		return uint64(p.moves.Len()) // each move reaches a leaf; no need to play it
	case depth == 2 && p.rules == nil:
		// The level above the leaves, where most nodes are, under the
		// abapa rules: count each child's moves from its board and
		// occurrence count alone, without making it.
		for s := p.moves; s != 0; s &= s - 1 {
			b, captured := p.board.play(bits.TrailingZeros16(uint16(s)))
			reps := uint8(1) // D2: a capture starts the count again
			if !captured {
				reps = p.hist.next(p.board, b)
			}
			moves, _ := b.legal(reps)
			leaves += uint64(moves.Len())
		}
		return leaves
	}
	var child Position
	for s := p.moves; s != 0; s &= s - 1 {
		p.playTo(&child, bits.TrailingZeros16(uint16(s)))
		leaves += perft(child, depth-1)
	}
	return leaves
}

// Divide returns an iterator over the legal moves of p in ascending pit
// order, each with the perft count below it: Perft of the position it
// leads to at depth-1, so that the counts add up to Perft(p, depth). It is
// the tool that narrows a wrong perft count down to the move whose subtree
// differs. It yields nothing when depth < 1 or p has no legal move.
func Divide(p Position, depth int) iter.Seq2[Move, uint64] {
	return func(yield func(Move, uint64) bool) {
		if depth < 1 {
			return
		}
		for m, child := range p.Children() {
			if !yield(m, Perft(child, depth-1)) {
				return
			}
		}
	}
}

// Effect tells what a move does: every step of the rules that it goes
// through, for user interfaces that animate moves and for programs that
// check their own implementation step by step. [Position.Explain] makes it.
// It encodes as a JSON object with the field names given in its tags.
type Effect struct {
	Move   Move   `json:"move"`   // the move
	Player Player `json:"player"` // who played it
	Seeds  int    `json:"seeds"`  // the seeds taken from the pit (R3)
	// Sown lists the pit that received each seed, in sowing order; the pit
	// of origin is skipped on every lap (R3, R4).
	Sown []int `json:"sown"`
	// Last is the pit of the last seed.
	Last int `json:"last"`
	// Captures lists the captured pits, from the pit of the last seed
	// backwards, with the seeds taken from each (R5). It is empty when
	// nothing is taken or when a grand slam annulled the capture.
	Captures []Capture `json:"captures"`
	// GrandSlam reports that the move would have taken every seed of the
	// opponent's side, so the capture was annulled (R6); Annulled lists the
	// pits and seeds it would have taken.
	GrandSlam bool      `json:"grand_slam"`
	Annulled  []Capture `json:"annulled"`
	// Fed reports that the opponent's side was empty and the move put seeds
	// on it (R7).
	Fed bool `json:"fed"`
	// LoneSeeds reports that the move left two lone seeds, which the
	// players took, one each (Rules.LoneSeeds); Captures does not list
	// them.
	LoneSeeds bool `json:"lone_seeds,omitempty"`
	// After is the position after the move, and Outcome its outcome: the
	// move ended the game when Outcome.Over().
	After   Position `json:"after"`
	Outcome Outcome  `json:"outcome"`
}

// Capture is one captured pit and the seeds taken from it (R5).
type Capture struct {
	Pit   int `json:"pit"`
	Seeds int `json:"seeds"`
}

// Captured returns the seeds captured by the move, 0 after a grand slam.
func (e Effect) Captured() int {
	n := 0
	for _, c := range e.Captures {
		n += c.Seeds
	}
	return n
}

// Explain returns what playing m at p does, step by step, together with the
// resulting position. It fails exactly when [Position.Play] does, with the
// same error. Unlike Play, it allocates; use it to show or check moves, not
// in a search.
func (p Position) Explain(m Move) (Effect, error) {
	after, err := p.Play(m)
	if err != nil {
		return Effect{}, err
	}
	b, pit := p.board, int(m)
	sown, last := b.sow(pit)
	run, annulled := sown.capturedRun(last)
	lone := false
	if r := p.rules; r != nil {
		_, annulled, lone = r.capture(sown, last, b.ToMove())
	}
	e := Effect{
		Move:      m,
		Player:    b.ToMove(),
		Seeds:     int(b.byteAt(pit)),
		Sown:      b.sownPits(pit),
		Last:      last,
		Fed:       b.sideEmpty(b.ToMove().Opponent()),
		LoneSeeds: lone,
		After:     after,
		Outcome:   after.Outcome(),
	}
	if annulled {
		e.GrandSlam, e.Annulled = true, run
	} else {
		e.Captures = run
	}
	return e, nil
}

// Rules are the rules a [Position] plays by. The zero Rules value is the
// abapa rules of the package documentation (RULES.md), which [Start],
// [NewPosition] and [PositionFrom] use. Other values reproduce other Oware
// programs, each knob departing from one rule; [ParseRules] returns the
// presets by name. Rules are small comparable values.
//
// Whether occurrences of a position are counted since the last capture or
// over the whole game needs no knob: a position includes both scores
// (D1), and a capture changes a score, so no position seen before the
// last capture can occur again. Nor does a minimum distance between
// occurrences: a position cannot recur within 12 plies, since in a cycle
// every pit must be sown (a pit never sown would only gain seeds, so the
// pit before it, which feeds it when sown, is never sown either, and so
// on round the board), one pit a ply.
type Rules struct {
	// GrandSlam is what a capture that would take every seed of the
	// opponent's side does (R6).
	GrandSlam GrandSlam
	// RepeatLimit is the occurrence of a position that ends the game
	// (R10): 2 ends it at the first recurrence; 0 means 3, the abapa
	// rule; NoRepetition switches the rule off.
	RepeatLimit uint8
	// RepeatWithEmptySide makes a repetition end the game even while a
	// side is empty, which abapa excepts (R10).
	RepeatWithEmptySide bool
	// EvenSplit shares the seeds on the board evenly when a repetition
	// ends the game, an odd seed halved, instead of each player taking
	// the seeds of their own side (R10).
	EvenSplit bool
	// NoMajority removes R8: 25 seeds do not end the game.
	NoMajority bool
	// MajoritySweep is what becomes of the seeds on the board when R8 ends
	// the game.
	MajoritySweep Sweep
	// LoneSeeds ends the game when, after a move, the board holds just two
	// seeds, alone in pits 5 or 6 apart counted from the mover's first pit
	// (board-game-rs): each player takes one.
	LoneSeeds bool
	// MaxPlies, when not 0, draws the game once that many plies have been
	// played from the position the game was set up from, unless it ended
	// otherwise.
	MaxPlies uint16
	// MaxQuietPlies, when not 0, ends the game once that many plies have
	// been played without a capture; each player takes the seeds of their
	// own side, as after R10.
	MaxQuietPlies uint16
}

// NoRepetition is the RepeatLimit that switches the repetition rule off.
const NoRepetition = 255

// GrandSlam is what a capture that would take every seed of the
// opponent's side does (R6).
type GrandSlam uint8

// The grand slam rules.
const (
	GrandSlamAnnulled GrandSlam = iota // the seeds are sown, nothing is captured (abapa, R6)
	GrandSlamCaptures                  // the capture takes every seed
	// GrandSlamCapturesIfOwnRowEmpty captures everything when the mover's
	// own row is empty after sowing, and is annulled otherwise.
	GrandSlamCapturesIfOwnRowEmpty
	// GrandSlamForbidden forbids every move that leaves the opponent
	// without a seed, by capture or by not feeding, unless every move
	// does; then any move may be played, and it captures normally. The
	// game ends when the player to move has no seed.
	GrandSlamForbidden
)

// Sweep is what becomes of the seeds on the board when a player's 25th
// seed ends the game (R8, D3).
type Sweep uint8

// The sweeps.
const (
	SweepNone    Sweep = iota // they stay on the board and count for nobody (abapa, D3)
	SweepOwnRows              // each player takes the seeds of their own side
	// SweepIfStuck sweeps as SweepOwnRows only when the player to move
	// could not move anyway, or the position is a repetition.
	SweepIfStuck
)

// presets are the named Rules, in the order of presetNames.
var presets = [...]Rules{
	{},
	{RepeatLimit: 2, RepeatWithEmptySide: true, MajoritySweep: SweepOwnRows},
	{RepeatLimit: 2, RepeatWithEmptySide: true, MajoritySweep: SweepIfStuck},
	{RepeatLimit: 2, RepeatWithEmptySide: true},
	{RepeatLimit: 2, MaxPlies: 1001},
	{GrandSlam: GrandSlamCapturesIfOwnRowEmpty, RepeatLimit: NoRepetition, MajoritySweep: SweepIfStuck, LoneSeeds: true},
	{RepeatWithEmptySide: true, MaxQuietPlies: 500},
	{GrandSlam: GrandSlamForbidden, RepeatWithEmptySide: true, EvenSplit: true, NoMajority: true},
}

// presetNames are the names of the presets, each the text form of its
// Rules.
var presetNames = [len(presets)]string{"abapa", "openspiel", "aalina", "auale", "playstrategy", "board-game-rs", "game-oware", "awari"}

// presetRules are the presets by address, so that positions under a preset
// share one Rules value.
var presetRules = func() (p [len(presets)]*Rules) {
	for i := range presets {
		p[i] = &presets[i]
	}
	return p
}()

// RulesNames returns the names of the presets that [ParseRules] reads:
// abapa (the zero Rules), openspiel, aalina, auale, playstrategy,
// board-game-rs, game-oware and awari.
func RulesNames() []string { return append([]string(nil), presetNames[:]...) }

// ErrUnknownRules is wrapped by the errors of [ParseRules] and of
// [Rules.MarshalText]: the name is no preset's, or the rules are no
// preset.
var ErrUnknownRules = errors.New("no such rules")

// ParseRules returns the preset of the given name, one of [RulesNames]. It
// returns a [*ParseError] wrapping ErrUnknownRules for any other text.
func ParseRules(name string) (Rules, error) {
	for i, n := range presetNames {
		if n == name {
			return presets[i], nil
		}
	}
	return Rules{}, &ParseError{What: "rules", Input: name, Msg: "not one of abapa, openspiel, aalina, auale, playstrategy, board-game-rs, game-oware, awari", Err: ErrUnknownRules}
}

// preset returns the index of r among the presets, or -1.
func (r Rules) preset() int {
	for i := range presets {
		if presets[i] == r {
			return i
		}
	}
	return -1
}

// String returns the name of the preset r is, or "custom rules".
func (r Rules) String() string {
	if i := r.preset(); i >= 0 {
		return presetNames[i]
	}
	return "custom rules"
}

// MarshalText implements [encoding.TextMarshaler] with the preset's name.
// Rules that are no preset have no text form: the error is a
// [*PositionError] wrapping ErrUnknownRules.
func (r Rules) MarshalText() ([]byte, error) {
	i := r.preset()
	if i < 0 {
		return nil, &PositionError{Field: "rules", Value: -1, Err: ErrUnknownRules}
	}
	return []byte(presetNames[i]), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRules].
func (r *Rules) UnmarshalText(text []byte) error {
	q, err := ParseRules(string(text))
	if err != nil {
		return err
	}
	*r = q
	return nil
}

// repeatLimit returns the occurrence that ends the game.
func (r *Rules) repeatLimit() uint8 {
	if r.RepeatLimit == 0 {
		return 3
	}
	return r.RepeatLimit
}

// shared returns a pointer to rules equal to r for a Position to keep:
// nil for abapa, a preset's own value, or a copy.
func (r Rules) shared() *Rules {
	switch i := r.preset(); {
	case i == 0:
		return nil
	case i > 0:
		return presetRules[i]
	}
	custom := r // allocated here only, not for every call
	return &custom
}
