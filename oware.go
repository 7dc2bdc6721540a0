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
// A [Position] is an immutable value: [Position.Play] returns the next
// position and never changes its receiver, so positions can be kept, shared
// between goroutines and used as search nodes freely. Each position carries
// the part of its history that the repetition rule needs. [Position.Key]
// gives a comparable value for maps and transposition tables.
package oware

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
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
func (p Player) firstPit() int { return 6 * int(p) }

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
func (m Move) Valid() bool { return m < 12 }

// Pit returns the index of the pit that m sows.
func (m Move) Pit() int { return int(m) }

// Player returns the owner of the pit that m sows. It is meaningful only
// for a valid move.
func (m Move) Player() Player { return Player(m / 6) }

// String returns the usual pit letter: "A"–"F" for pits 0–5 and "a"–"f" for
// pits 6–11. A move outside the board is written "Move(n)".
func (m Move) String() string {
	if !m.Valid() {
		return "Move(" + strconv.Itoa(int(m)) + ")"
	}
	return pitLetters[m : m+1]
}

// Errors that [Position.Play] returns, wrapped in a [*MoveError]; match them
// with [errors.Is].
var (
	// ErrNoSuchPit: the move names no pit of the board (not 0–11).
	ErrNoSuchPit = errors.New("oware: no such pit")
	// ErrNotYourPit: the pit is on the opponent's side (R2).
	ErrNotYourPit = errors.New("oware: pit is not on the mover's side")
	// ErrEmptyPit: the pit holds no seed (R2).
	ErrEmptyPit = errors.New("oware: pit is empty")
	// ErrMustFeed: the opponent's side is empty and the move puts no seed
	// there, while another move would (R7).
	ErrMustFeed = errors.New("oware: move does not feed the opponent")
	// ErrGameOver: the game is finished; no move can be played (D5).
	ErrGameOver = errors.New("oware: game is over")
	// ErrInvalidPosition: the position is the zero Position, which holds no
	// seeds and is not a position of the game.
	ErrInvalidPosition = errors.New("oware: invalid position")
)

// Errors that [NewPosition] returns, wrapped in a [*PositionError]; match
// them with [errors.Is].
var (
	// ErrNegativeCount: a pit or a score is below zero (D4).
	ErrNegativeCount = errors.New("oware: negative count")
	// ErrSeedTotal: the pits and the scores do not add up to 48 (D4).
	ErrSeedTotal = errors.New("oware: seeds do not add up to 48")
	// ErrNoSuchPlayer: the side to move is neither South nor North.
	ErrNoSuchPlayer = errors.New("oware: no such player")
)

// MoveError reports an illegal move. Err is one of ErrNoSuchPit,
// ErrNotYourPit, ErrEmptyPit, ErrMustFeed, ErrGameOver or
// ErrInvalidPosition.
type MoveError struct {
	Move   Move   // the move that was refused
	Player Player // the player who was to move
	Err    error  // why: one of the sentinel errors
}

// Error returns a message such as "oware: South plays D: pit is empty".
func (e *MoveError) Error() string {
	return "oware: " + e.Player.String() + " plays " + e.Move.String() + ": " + detail(e.Err)
}

// Unwrap returns the sentinel error.
func (e *MoveError) Unwrap() error { return e.Err }

// PositionError reports why pits, scores and a side to move do not make a
// valid position (D4). Err is one of ErrNegativeCount, ErrSeedTotal or
// ErrNoSuchPlayer.
type PositionError struct {
	Field string // what is wrong: "pit 3", "South's score", "side to move" or "total"
	Value int    // the offending value
	Err   error  // why: one of the sentinel errors
}

// Error returns a message such as "oware: pit 3 is -1: negative count".
func (e *PositionError) Error() string {
	return "oware: " + e.Field + " is " + strconv.Itoa(e.Value) + ": " + detail(e.Err)
}

// Unwrap returns the sentinel error.
func (e *PositionError) Unwrap() error { return e.Err }

// detail returns err's message without the package prefix, so that a
// wrapper can add context after its own prefix.
func detail(err error) string { return strings.TrimPrefix(err.Error(), "oware: ") }

// play plays the move at pit, which must be legal at k: sowing (R3, R4),
// capture (R5, R6), then the turn passes. It reports whether seeds were
// captured.
func (k Key) play(pit int) (Key, bool) {
	k, last := k.sow(pit)
	k, from, annulled := k.capture(last)
	k.hi ^= sideBit // the turn passes
	return k, from <= last && !annulled
}

// Play returns the position after the player to move sows pit m. The
// receiver is not changed. An illegal move returns the zero Position and a
// [*MoveError] that wraps ErrNoSuchPit, ErrNotYourPit, ErrEmptyPit,
// ErrMustFeed (R7), ErrGameOver (D5) or ErrInvalidPosition.
//
// Play keeps the history the repetition rule needs (R10, D2): a capture
// clears it, and a position that occurs for the third time since the last
// capture, both sides holding seeds, ends the game.
func (p Position) Play(m Move) (next Position, err error) {
	if !p.moves.Contains(m) {
		return Position{}, p.refusal(m)
	}
	k, captured := p.key.play(int(m))
	next.key = k
	if captured {
		next.hist = freshHistory() // D2: a capture starts the count again
	} else {
		next.hist = p.hist
		next.hist.played(p.key, int(m), k)
	}
	next.settle()
	return next, nil // built in place: a measurably faster Play than returning makePosition's copy
}

// refusal explains why m is not a legal move at p.
func (p Position) refusal(m Move) error {
	var err error
	mover := p.ToMove()
	switch {
	case !p.Valid():
		err = ErrInvalidPosition
	case p.reason != NotOver:
		err = ErrGameOver
	case !m.Valid():
		err = ErrNoSuchPit
	case m.Player() != mover:
		err = ErrNotYourPit
	case p.key.byteAt(int(m)) == 0:
		err = ErrEmptyPit
	default:
		err = ErrMustFeed
	}
	return &MoveError{Move: m, Player: mover, Err: err}
}

// Perft counts the positions reached from p by every sequence of exactly
// depth legal moves (its leaves), under the full rules, repetition
// included. A game that ends before depth adds nothing; Perft(p, 0) is 1
// for a valid position. It does not allocate per position, and is the
// standard test of move generation: from Start it gives 6, 36, 190, 1014,
// 5219, 27332, 139157 and 711414 for depths 1 to 8.
func Perft(p Position, depth int) uint64 {
	if !p.Valid() || depth < 0 {
		return 0
	}
	if depth == 0 {
		return 1
	}
	var buf [64]Key // the path fits on the stack for any practical depth
	return perft(p.key, p.hist.reps, depth, p.key, &p.hist, buf[:0:min(depth, len(buf))])
}

// perft counts the leaves depth plies below k, which occurs for the reps-th
// time. The positions since the last capture that led to k are the keys of
// path, and before them, unless a capture intervened (base is then nil),
// the history base of the position root that perft started from.
func perft(k Key, reps uint8, depth int, root Key, base *history, path []Key) uint64 {
	moves, _ := k.legal(reps)
	if depth == 1 {
		return uint64(moves.Len()) // each move reaches a leaf; no need to play it
	}
	remembered := k
	remembered.setByte(countByte, reps)
	path = append(path, remembered)
	var leaves uint64
	for ; moves != 0; moves &= moves - 1 {
		child, captured := k.play(bits.TrailingZeros16(uint16(moves)))
		if captured {
			leaves += perft(child, 1, depth-1, root, nil, path[len(path):])
			continue
		}
		n, ok := latest(path, child)
		if !ok && base != nil {
			n = base.occurrences(root, child)
		}
		leaves += perft(child, min(n+1, maxReps), depth-1, root, base, path)
	}
	return leaves
}

// ErrSyntax is wrapped by the errors of the parsers: the text is not in
// the expected form. Match it with [errors.Is]; a [*ParseError] says what
// and where.
var ErrSyntax = errors.New("oware: syntax error")

// ParseError reports text that a parser could not read. Err is ErrSyntax
// when the text is malformed, or a [*PositionError] when it is well formed
// but describes no valid position (D4).
type ParseError struct {
	What   string // what was parsed: "move", "position", "FEN", "player", "reason" or "outcome"
	Input  string // the text given
	Offset int    // byte offset in Input where the problem is
	Msg    string // what is wrong there
	Err    error  // ErrSyntax or a *PositionError
}

// Error returns a message such as
// `oware: position "4-4-x": byte 4: pit 2 is not a number`.
func (e *ParseError) Error() string {
	return "oware: " + e.What + " " + strconv.Quote(e.Input) + ": byte " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns ErrSyntax or the *PositionError.
func (e *ParseError) Unwrap() error { return e.Err }

// ParseMove reads a move: a pit letter, "A"–"F" for pits 0–5 and "a"–"f"
// for pits 6–11, or a pit number "0"–"11". It returns a [*ParseError]
// wrapping ErrSyntax for anything else.
func ParseMove(s string) (Move, error) {
	switch {
	case len(s) == 1 && s[0] >= 'A' && s[0] <= 'F':
		return Move(s[0] - 'A'), nil
	case len(s) == 1 && s[0] >= 'a' && s[0] <= 'f':
		return Move(s[0] - 'a' + 6), nil
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		return Move(s[0] - '0'), nil
	case s == "10" || s == "11":
		return Move(10 + s[1] - '0'), nil
	}
	return 0, &ParseError{What: "move", Input: s, Msg: "not a pit letter A-F, a-f or number 0-11", Err: ErrSyntax}
}

// MarshalText implements [encoding.TextMarshaler]: the pit letter, so that
// JSON shows a move as "F". A move outside the board is an error.
func (m Move) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, ErrNoSuchPit
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

// Effect tells what a move does: every step of the rules that it goes
// through, for user interfaces that animate moves and for programs that
// check their own implementation step by step. [Position.Explain] makes it.
type Effect struct {
	Move   Move   // the move
	Player Player // who played it
	Seeds  int    // the seeds taken from the pit (R3)
	// Sown lists the pit that received each seed, in sowing order; the pit
	// of origin is skipped on every lap (R3, R4).
	Sown []int
	// Last is the pit of the last seed.
	Last int
	// Captures lists the captured pits, from the pit of the last seed
	// backwards, with the seeds taken from each (R5). It is empty when
	// nothing is taken or when a grand slam annulled the capture.
	Captures []Capture
	// GrandSlam reports that the move would have taken every seed of the
	// opponent's side, so the capture was annulled (R6); Annulled lists the
	// pits and seeds it would have taken.
	GrandSlam bool
	Annulled  []Capture
	// Fed reports that the opponent's side was empty and the move put seeds
	// on it (R7).
	Fed bool
	// After is the position after the move, and Outcome its outcome: the
	// move ended the game when Outcome.Over().
	After   Position
	Outcome Outcome
}

// Capture is one captured pit and the seeds taken from it (R5).
type Capture struct {
	Pit   int
	Seeds int
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
	pit := int(m)
	sown, last := p.key.sow(pit)
	e := Effect{
		Move:    m,
		Player:  p.ToMove(),
		Seeds:   int(p.key.byteAt(pit)),
		Sown:    p.key.sownPits(pit),
		Last:    last,
		Fed:     p.key.sideEmpty(p.ToMove().Opponent()),
		After:   after,
		Outcome: after.Outcome(),
	}
	_, from, annulled := sown.capture(last)
	var run []Capture
	for i := last; i >= from; i-- {
		run = append(run, Capture{Pit: i, Seeds: int(sown.byteAt(i))})
	}
	if annulled {
		e.GrandSlam, e.Annulled = true, run
	} else {
		e.Captures = run
	}
	return e, nil
}

// MarshalText implements [encoding.TextMarshaler]: "South" or "North", so
// that JSON shows a player by name. Any other value returns
// ErrNoSuchPlayer.
func (p Player) MarshalText() ([]byte, error) {
	if !p.Valid() {
		return nil, ErrNoSuchPlayer
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
