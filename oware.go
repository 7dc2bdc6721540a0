// Package oware implements the rules of Oware (Awalé), abapa rules, exactly,
// and the rules of other Oware programs as presets beside them.
//
// # The rules
//
// These are the rules the package implements, numbered so that the
// documentation and the tests can cite them. R1–R11 state the abapa rule
// sheets; D1–D5 decide what the sheets leave open.
//
// The board:
//
//	         North (player 1)
//	pit:  11  10   9   8   7   6      letter:  f e d c b a
//	pit:   0   1   2   3   4   5      letter:  A B C D E F
//	         South (player 0)
//
// The rules:
//
//   - R1 Board. 12 pits in two rows of six. South (player 0) owns pits 0–5
//     and North (player 1) pits 6–11. Each pit starts with 4 seeds, 48 in
//     all. Captured seeds are kept off the board as each player's score.
//     South moves first.
//   - R2 Choice. The player to move picks a pit of their own side that
//     holds at least one seed (subject to R7).
//   - R3 Sowing. All its seeds are taken and dropped one by one into the
//     following pits, counter-clockwise: pit index increasing, 11 wrapping
//     to 0.
//   - R4 Laps. From 12 seeds on, the sowing goes round the whole board; the
//     pit of origin is skipped on every lap and stays empty.
//   - R5 Capture. If the last seed falls in a pit of the opponent's side
//     that now holds exactly 2 or 3 seeds, the mover captures them; then the
//     pit before it (index − 1), if it is the opponent's and holds 2 or 3,
//     and so on backwards. The chain stops at the first pit that holds
//     another count or is not the opponent's.
//   - R6 Grand slam. A capture that would leave the opponent's side with no
//     seed is annulled: the seeds stay sown and nothing is captured.
//   - R7 Feeding. When the opponent's side is empty, the mover must play a
//     move that puts at least one seed on it; moves that do not are
//     illegal.
//   - R8 Majority. A player who has captured 25 seeds or more has won; the
//     game ends at once.
//   - R9 No move. If the player to move has no legal move, the game ends,
//     and each player adds the seeds of their own side to their captures.
//   - R10 Repetition. If a position occurs for the third time with no
//     capture in between, the game ends, and each player adds the seeds of
//     their own side to their captures. This does not apply while either
//     side is empty.
//   - R11 Result. After R9 or R10 the higher total wins; 24–24 is a draw.
//   - D1 Same position. Two positions are the same when their 12 pits and
//     the side to move are equal (the scores are then equal too, since no
//     capture comes between the positions that R10 compares). A [Board] is
//     the comparable value of a position, scores included.
//   - D2 Counting. Occurrences are counted from the last capture: the
//     position the capture produced, or the first position of the game, is
//     the first occurrence, and the third ends the game. A position with an
//     empty side never ends the game this way, however often it occurs.
//   - D3 Final tallies. After R8 the tallies are the captures as they stand;
//     after R9 and R10 they are the captures plus the seeds of the player's
//     own side, and add up to 48.
//   - D4 Arbitrary positions. A position built from pits, scores and side to
//     move ([PositionFrom], [Rules.Position], the parsers) is
//     valid when no count is negative and pits and scores add up to 48. It
//     starts a fresh repetition history, and may already be finished (a
//     score of 25, say): its outcome then says so.
//   - D5 Finished games. A finished position has no legal moves, and playing
//     any move on it is an error ([ErrGameOver]).
//
// For example, South takes the 4 seeds of pit 2 (C) and sows them into pits
// 3, 4, 5 and 6 (R3); a last seed that makes pit 9 hold 2, after pit 8 was
// made to hold 3, captures 5 seeds (R5); sowing 3 seeds from pit 5 into
// pits 6, 7 and 8, which were North's only seeds and now hold 2 or 3 each,
// would take everything, so it takes nothing (R6); when North's side is
// empty, South must play a pit with enough seeds to reach it (R7).
//
// Where neither the rule sheets nor the decisions above say it in so many
// words, the package reads them so:
//
//   - The grand slam (R6) annuls the whole capture, not just the last pit,
//     as all five sheets say ("the move is played, but you capture
//     nothing"). An annulled grand slam is not a capture: nothing changes
//     hands, so the repetition count goes on (D2).
//   - "Fed" (R7, [Effect.Fed]) means the opponent's side was empty before
//     the move and is not after it. Under abapa every legal move at such a
//     position feeds; under other rules a move may feed nothing (awari,
//     when no move can) or feed seeds that it then takes (a grand slam that
//     captures, the lone seeds of board-game-rs), and such a move has not
//     fed.
//   - The zero [Position] holds no seeds and is not a position of the game:
//     it is not valid, has no legal moves and a zero [Outcome], and Play
//     refuses every move with [ErrInvalidPosition]. Its text form is the
//     empty string, which decodes back to it; so is the zero Board's.
//   - [Position.Play] of an illegal move returns its receiver with the
//     error, so that p, err = p.Play(m) in a loop keeps the game.
//   - Other programs' records are read under these rules, not theirs,
//     unless a preset is asked for: Aualé ends a game on the second
//     occurrence of a position and counts the seeds gathered at the end in
//     its last capture mark, and PlayStrategy writes finished games with
//     final tallies that add up to more than 48; package
//     [github.com/seed3966233f/oware/ogn] reports such records (a wrong
//     result, a wrong capture mark, a D4 error), never accepting them
//     silently.
//
// # Using the package
//
// A [Board] is what is on the board: the pits, both scores and the side to
// move. It is a small comparable value with a text form, the position
// string, and a [Board.Hash] for transposition tables.
//
// A [Position] is a Board together with its rules and the part of its
// history that the repetition rule needs. It is an immutable value:
// [Position.Play] returns the next position and never changes its receiver,
// so positions can be kept, shared between goroutines and used as search
// nodes freely. [Position.Moves], [Position.Children], [Position.Outcome]
// and [Position.Explain] tell what the game allows; [Perft] and [Divide]
// count the game tree.
//
// # Other programs' rules
//
// Other Oware programs play by slightly different rules. [Rules] are a
// closed set of presets, one for each major program: OpenSpiel, Aalina,
// Aualé, PlayStrategy, board-game-rs, Game::Oware and the awari of Romein
// and Bal, which [ParseRules] returns by name. The zero Rules, the preset
// named abapa, are the rules above, which [Start] and
// [PositionFrom] use. Each preset departs from them by a few knobs, read
// through the methods of Rules, and every preset is played by the same
// code; a position keeps its rules, and its text names them.
package oware

import (
	"errors"
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// Errors that [Position.Play] and [Position.Explain] return, wrapped in a
// [*MoveError]; match them with [errors.Is]. As in package strconv, their
// own messages carry no package name; the wrapper's message starts with
// "oware: ".
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
	// ErrGrandSlam: the move would take every seed of the opponent's side,
	// which the position's rules forbid while another move does not
	// (Rules.GrandSlam is GrandSlamForbidden). Under abapa such a move is
	// legal and captures nothing (R6).
	ErrGrandSlam = errors.New("move would take every seed of the opponent")
	// ErrGameOver: the game is finished; no move can be played (D5).
	ErrGameOver = errors.New("game is over")
	// ErrInvalidPosition: the position is the zero Position, which holds no
	// seeds and is not a position of the game.
	ErrInvalidPosition = errors.New("invalid position")
)

// Errors that [NewBoard] returns, wrapped in a
// [*BoardError]; match them with [errors.Is].
var (
	// ErrNegativeCount: a pit or a score is below zero (D4).
	ErrNegativeCount = errors.New("negative count")
	// ErrSeedTotal: the pits and the scores do not add up to 48 (D4).
	ErrSeedTotal = errors.New("seeds do not add up to 48")
	// ErrNoSuchPlayer: the side to move is neither South nor North.
	ErrNoSuchPlayer = errors.New("no such player")
)

// Errors of the text forms; match them with [errors.Is].
var (
	// ErrSyntax is wrapped by the errors of the parsers: the text is not in
	// the expected form. A [*ParseError] says what and where.
	ErrSyntax = errors.New("syntax error")
	// ErrRange: a value lies outside what its type or text form can hold,
	// such as a Move that names no pit or a history longer than
	// [MaxHistory]. It is wrapped in a [*RangeError], or in a
	// [*ParseError] for text.
	ErrRange = errors.New("value out of range")
	// ErrUnknownRules: the name is no preset's (see [ParseRules]).
	ErrUnknownRules = errors.New("no such rules")
)

// MoveError reports a move that cannot be played. Err is one of
// ErrNoSuchPit, ErrNotYourPit, ErrEmptyPit, ErrMustFeed, ErrGrandSlam,
// ErrGameOver or ErrInvalidPosition.
type MoveError struct {
	Move   Move   // the move that was refused
	Player Player // the player who was to move
	Err    error  // why
}

// Error returns a message such as "oware: South plays D: pit is empty".
func (e *MoveError) Error() string { return "oware: " + e.detail() }

// detail is the message without the package name.
func (e *MoveError) detail() string {
	return e.Player.String() + " plays " + e.Move.String() + ": " + cause(e.Err)
}

// Unwrap returns the reason.
func (e *MoveError) Unwrap() error { return e.Err }

// Rule returns the rule that refuses the move, as the package
// documentation numbers them: "R2" for ErrNotYourPit and ErrEmptyPit (a
// pit of one's own that holds seeds), "R6" for ErrGrandSlam, "R7" for
// ErrMustFeed and "D5" for ErrGameOver; "" for ErrNoSuchPit and
// ErrInvalidPosition, which no rule states (there is no such pit, or no
// position of the game), and for any other error.
func (e *MoveError) Rule() string {
	switch e.Err {
	case ErrNotYourPit, ErrEmptyPit:
		return "R2"
	case ErrGrandSlam:
		return "R6"
	case ErrMustFeed:
		return "R7"
	case ErrGameOver:
		return "D5"
	}
	return ""
}

// BoardError reports counts that make no board (D4). Err is one of
// ErrNegativeCount, ErrSeedTotal or ErrNoSuchPlayer.
type BoardError struct {
	Field string // what is wrong: "pit 3", "South's score", "side to move" or "total"
	Value int    // the offending value
	Err   error  // why: one of the sentinel errors
}

// Error returns a message such as "oware: pit 3 is -1: negative count".
func (e *BoardError) Error() string { return "oware: " + e.detail() }

// detail is the message without the package name.
func (e *BoardError) detail() string {
	return e.Field + " is " + strconv.Itoa(e.Value) + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *BoardError) Unwrap() error { return e.Err }

// Rule returns "D4", the decision that states which counts make a board.
func (e *BoardError) Rule() string { return "D4" }

// RangeError reports a value outside its type, such as Move(13), which
// names no pit, when it is to be written as text. It wraps ErrRange.
type RangeError struct {
	Type  string // the type: "Move", "Player" or "Reason"
	Value int    // the value
}

// Error returns a message such as "oware: Move 13: value out of range".
func (e *RangeError) Error() string { return "oware: " + e.detail() }

// detail is the message without the package name.
func (e *RangeError) detail() string {
	return e.Type + " " + strconv.Itoa(e.Value) + ": " + ErrRange.Error()
}

// Unwrap returns ErrRange.
func (e *RangeError) Unwrap() error { return ErrRange }

// ParseError reports text that a parser could not read. Err is ErrSyntax
// when the text is malformed; ErrRange when it holds more than its form
// allows; ErrUnknownRules for a name that is no preset's; a
// [*BoardError] when it is well formed but describes no valid board
// (D4); or a [*MoveError] when a move it lists cannot be played.
type ParseError struct {
	What   string // what was parsed: "move", "moves", "position", "player", "reason", "rules" or "outcome"
	Input  string // the text given
	Offset int    // byte offset in Input where the problem is
	Msg    string // what is wrong there
	Err    error  // ErrSyntax, ErrRange, ErrUnknownRules, a *BoardError or a *MoveError
}

// maxQuoted is how much of the input a ParseError's message shows.
const maxQuoted = 64

// Error returns a message such as `oware: position "4-4-x": byte 4: pit 2
// is not a number from 0 to 48: syntax error`: what was parsed, the input
// (its first 64 bytes, when it is longer), where, what is wrong there,
// and the cause when Msg does not already give it.
func (e *ParseError) Error() string {
	input := e.Input
	if len(input) > maxQuoted {
		input = input[:maxQuoted]
	}
	s := "oware: " + e.What + " " + strconv.Quote(input)
	if len(e.Input) > maxQuoted {
		s += "… (" + strconv.Itoa(len(e.Input)) + " bytes)"
	}
	s += ": byte " + strconv.Itoa(e.Offset) + ": " + e.Msg
	if c := cause(e.Err); c != e.Msg {
		s += ": " + c
	}
	return s
}

// Unwrap returns the cause.
func (e *ParseError) Unwrap() error { return e.Err }

// cause returns the message of an error of this package without the
// package name, or any other error's message.
func cause(err error) string {
	switch e := err.(type) {
	case nil:
		return "unknown error"
	case *MoveError:
		return e.detail()
	case *BoardError:
		return e.detail()
	case *RangeError:
		return e.detail()
	}
	return err.Error()
}

// Rules are the rules a [Position] plays by: abapa's, stated in the package
// documentation, or one of the presets that reproduce other Oware programs.
// They are a closed set of small comparable values: the zero Rules is
// abapa, which [Start] and [PositionFrom] use, and
// [ParseRules] returns every preset by its name, which is also its text
// form. Each preset departs from abapa by a few knobs, each changing one
// rule, read through the methods below; every preset is played by the same
// code, and each is specified by its own rule cases and perft counts.
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
	preset uint8 // the index of the rules in presets; 0 is abapa
}

// knobs are the ways in which the presets' rules differ, each read by
// the method of Rules of the same name.
type knobs struct {
	GrandSlam GrandSlam // what a capture that would take every seed does (R6)
	// RepeatLimit is the occurrence of a position that ends the game
	// (R10): 3 under abapa, 2 at the first recurrence; 0 never.
	RepeatLimit         uint8
	RepeatWithEmptySide bool   // a repetition ends the game while a side is empty too
	EvenSplit           bool   // a repetition shares the seeds on the board evenly
	NoMajority          bool   // 25 seeds do not end the game (no R8)
	MajoritySweep       Sweep  // what becomes of the seeds on the board after R8
	LoneSeeds           bool   // board-game-rs's lone seeds end the game
	MaxPlies            uint16 // plies from the set-up that draw the game; 0 none
	MaxQuietPlies       uint16 // plies without a capture that end the game; 0 none
}

// GrandSlam returns what a capture that would take every seed of the
// opponent's side does (R6): GrandSlamAnnulled under abapa.
func (r Rules) GrandSlam() GrandSlam { return r.set().GrandSlam }

// RepeatLimit returns the occurrence of a position that ends the game
// (R10): 3 under abapa, 2 where the first recurrence ends it, and 0 where
// no repetition ends it.
func (r Rules) RepeatLimit() int { return int(r.set().RepeatLimit) }

// RepeatWithEmptySide reports whether a repetition ends the game even
// while a side is empty, which abapa excepts (R10).
func (r Rules) RepeatWithEmptySide() bool { return r.set().RepeatWithEmptySide }

// EvenSplit reports whether the seeds on the board are shared evenly when
// a repetition ends the game, an odd seed halved (see
// [Outcome.HalfSeed]), instead of each player taking the seeds of their
// own side (R10, D3).
func (r Rules) EvenSplit() bool { return r.set().EvenSplit }

// NoMajority reports whether R8 is removed: 25 seeds do not end the game.
func (r Rules) NoMajority() bool { return r.set().NoMajority }

// MajoritySweep returns what becomes of the seeds on the board when R8
// ends the game (D3): SweepNone under abapa. It does not matter where
// NoMajority holds.
func (r Rules) MajoritySweep() Sweep { return r.set().MajoritySweep }

// LoneSeeds reports whether the game ends when, after a move, the board
// holds just two seeds, alone in pits 5 or 6 apart counted from the
// mover's first pit (board-game-rs): each player takes one.
func (r Rules) LoneSeeds() bool { return r.set().LoneSeeds }

// MaxPlies returns the plies after which the game is drawn, counted from
// the position it was set up from, unless it ended otherwise; 0 where
// there is no such limit, as under abapa.
func (r Rules) MaxPlies() int { return int(r.set().MaxPlies) }

// MaxQuietPlies returns the plies without a capture after which the game
// ends, each player taking the seeds of their own side, as after R10; 0
// where there is no such limit, as under abapa.
func (r Rules) MaxQuietPlies() int { return int(r.set().MaxQuietPlies) }

// GrandSlam is what a capture that would take every seed of the
// opponent's side does (R6).
type GrandSlam uint8

// The grand slam rules.
const (
	GrandSlamAnnulled GrandSlam = iota // the seeds are sown, nothing is captured (abapa, R6)
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

// ruleset is a preset resolved once: its name, its knobs and what follows
// from them. Every position of a game points to its preset's ruleset.
type ruleset struct {
	knobs
	repeatAt uint32 // the occurrence that ends the game (R10); never reached where RepeatLimit is 0
	limits   bool   // MaxPlies or MaxQuietPlies is set: one byte that Play tests (5 instructions a move fewer than testing both)
	// alwaysScores: a move that captures reports that it scored, whatever
	// it takes (no grand slam is annulled, R6, and no lone seeds rule
	// looks at every move), so that Parents need not play it to know.
	alwaysScores bool
	name         string
	preset       uint8 // its index in presets
}

// presetKnobs are the presets by name, abapa first: the one list of the
// rules.
var presetKnobs = [...]struct {
	name string
	knobs
}{
	{"abapa", knobs{RepeatLimit: 3}},
	{"openspiel", knobs{RepeatLimit: 2, RepeatWithEmptySide: true, MajoritySweep: SweepOwnRows}},
	{"aalina", knobs{RepeatLimit: 2, RepeatWithEmptySide: true, MajoritySweep: SweepIfStuck}},
	{"auale", knobs{RepeatLimit: 2, RepeatWithEmptySide: true}},
	{"playstrategy", knobs{RepeatLimit: 2, MaxPlies: 1001}},
	{"board-game-rs", knobs{GrandSlam: GrandSlamCapturesIfOwnRowEmpty, MajoritySweep: SweepIfStuck, LoneSeeds: true}},
	{"game-oware", knobs{RepeatLimit: 3, RepeatWithEmptySide: true, MaxQuietPlies: 500}},
	{"awari", knobs{GrandSlam: GrandSlamForbidden, RepeatLimit: 3, RepeatWithEmptySide: true, EvenSplit: true, NoMajority: true}},
}

// presets are the presets resolved, in the order of presetKnobs.
var presets = func() (p [len(presetKnobs)]ruleset) {
	for i, r := range presetKnobs {
		p[i] = ruleset{knobs: r.knobs, repeatAt: uint32(r.RepeatLimit), limits: r.MaxPlies != 0 || r.MaxQuietPlies != 0, name: r.name, preset: uint8(i),
			alwaysScores: r.GrandSlam == GrandSlamForbidden && !r.LoneSeeds}
		if r.RepeatLimit == 0 {
			p[i].repeatAt = 1<<32 - 1
		}
	}
	return p
}()

// set returns the ruleset of r.
func (r Rules) set() *ruleset { return &presets[r.preset] }

// RulesNames returns the names of the presets that [ParseRules] reads:
// abapa (the zero Rules), openspiel, aalina, auale, playstrategy,
// board-game-rs, game-oware and awari.
func RulesNames() []string {
	names := make([]string, len(presets))
	for i := range presets {
		names[i] = presets[i].name
	}
	return names
}

// ParseRules returns the preset of the given name, one of [RulesNames]. It
// returns a [*ParseError] wrapping ErrUnknownRules for any other text.
func ParseRules(name string) (Rules, error) {
	for i := range presets {
		if presets[i].name == name {
			return Rules{preset: uint8(i)}, nil
		}
	}
	return Rules{}, &ParseError{What: "rules", Input: name, Msg: "not one of " + strings.Join(RulesNames(), ", "), Err: ErrUnknownRules}
}

// String returns the name of the rules, such as "abapa" or "awari".
func (r Rules) String() string { return r.set().name }

// MarshalText implements [encoding.TextMarshaler] with the rules' name. It
// never fails.
func (r Rules) MarshalText() ([]byte, error) { return []byte(r.set().name), nil }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRules]. On
// an error r is unchanged.
func (r *Rules) UnmarshalText(text []byte) error {
	q, err := ParseRules(string(text))
	if err != nil {
		return err
	}
	*r = q
	return nil
}

// Start returns the opening position under rules r: four seeds in every
// pit, no captures, South to move (R1).
func (r Rules) Start() Position { return r.Position(startBoard) }

// Position returns the position of board b under rules r, with a fresh
// history: b counts as the first occurrence of itself (D4). The zero Board
// gives the zero Position.
func (r Rules) Position(b Board) Position {
	if !b.Valid() {
		return Position{}
	}
	p := Position{facts: facts{board: b, rules: r.set()}, hist: freshHistory()}
	p.settle()
	return p
}

// Position is a position of the game together with its rules and the part
// of its history that the repetition rule needs (R10, D2). Positions are
// immutable values: copy them, keep them and share them between goroutines
// freely; no method changes its receiver.
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
// Start, PositionFrom, [Rules.Position] and ParsePosition make
// valid ones.
type Position struct {
	_ [0]func() // not comparable: compare Boards
	facts
	hist history
}

// facts are what a Position's accessors read, apart from its history.
// Position embeds them, and those accessors are facts' methods, so that
// calling one copies these 32 bytes (held in registers) rather than the
// whole Position: a method of Position itself, inlined, copies all of
// its receiver first.
type facts struct {
	board Board
	rules *ruleset // nil only in the zero Position
	status
}

// status is how far the game of a Position has gone: a field of facts,
// which at most four fields keep in registers.
type status struct {
	// The legal moves and why the game is over (NotOver while it goes on),
	// computed once when the position is made: every user of a position
	// asks for them, Play included.
	moves  MoveSet
	reason Reason
	plies  uint32 // played since the position the game was set up from (see playTo)
}

// Start returns the opening position: four seeds in every pit, no captures,
// South to move (R1).
func Start() Position { return Rules{}.Position(startBoard) }

// PositionFrom returns the position of board b with a fresh history: b
// counts as the first occurrence of itself (D4). The zero Board gives the
// zero Position.
func PositionFrom(b Board) Position { return Rules{}.Position(b) }

// settle computes p's legal moves and ending from its board, history and
// ply count.
func (p *Position) settle() {
	quiet := 0
	if p.rules.limits {
		quiet = p.hist.length()
	}
	p.moves, p.reason = p.rules.legal(p.board, p.hist.reps, quiet, p.plies)
}

// Valid reports whether p is a position of the game, that is, whether it was
// made by Start, PositionFrom, Rules.Position or a parser under
// valid rules, or reached from one by Play. The zero Position is not.
func (p Position) Valid() bool { return p.hist.reps != 0 }

// Board returns p's board: its pits, scores and side to move, without the
// history.
func (p facts) Board() Board { return p.board }

// Rules returns the rules p plays by: the zero Rules for the zero Position.
func (p facts) Rules() Rules {
	if p.rules == nil {
		return Rules{}
	}
	return Rules{preset: p.rules.preset}
}

// Moves returns the legal moves (R2, R7) as a MoveSet, without allocating.
// It is empty when the game is over (D5) and for a position that is not
// valid.
func (p facts) Moves() MoveSet { return p.moves }

// LegalMoves returns the legal moves (R2, R7) in ascending pit order. It is
// empty when the game is over (D5). [Position.Moves] gives the same moves
// without allocating.
func (p Position) LegalMoves() []Move {
	return p.moves.AppendTo(make([]Move, 0, p.moves.Len()))
}

// Outcome returns the outcome of the game at p: the zero Outcome while the
// game goes on, and for a position that is not valid.
func (p Position) Outcome() Outcome {
	if p.reason == NotOver {
		return Outcome{}
	}
	return p.facts.outcome(p.hist.reps)
}

// outcome returns the outcome of the game that ended at f's position,
// which occurs for the reps-th time. It is not inlined, so that Outcome,
// whose every call asks whether the game is over, is.
//
//go:noinline
func (f facts) outcome(reps uint32) Outcome { return f.rules.outcome(f.board, f.reason, reps) }

// Repetitions returns how many times p's pits and side to move have occurred
// since the last capture (or since the position the history starts from),
// counting p itself (D2). The third occurrence ends the game (R10) unless a
// side is empty; other rules may end it sooner or never (see [Rules]). The
// count is exact however long the history. It is 0 only for a position
// that is not valid.
func (p Position) Repetitions() int { return int(p.hist.reps) }

// QuietPlies returns how many plies have been played since the last
// capture, or since the position the history starts from: the boards that
// can still recur (R10, D2), and what [Rules.MaxQuietPlies] counts. It is
// 0 right after a capture, where no earlier position can occur again.
func (p Position) QuietPlies() int { return p.hist.length() }

// Play returns the position after the player to move sows pit m: sowing
// (R3, R4), capture (R5, R6), then the turn passes. The receiver is not
// changed. An illegal move returns the receiver itself, so that
// p, err = p.Play(m) keeps the game, and a [*MoveError] that wraps
// ErrNoSuchPit, ErrNotYourPit, ErrEmptyPit, ErrMustFeed (R7),
// ErrGrandSlam, ErrGameOver (D5) or ErrInvalidPosition.
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

// Explain returns what playing m at p does, step by step, together with the
// resulting position: the same move as [Position.Play] makes, computed
// once, with the record of what happened. It fails exactly when Play does,
// with the same error, and does not allocate beyond what Play does.
func (p Position) Explain(m Move) (Effect, error) {
	if !p.moves.Contains(m) {
		return Effect{}, p.refusal(m)
	}
	b := p.board
	e := Effect{move: m, seeds: b.byteAt(int(m))}
	e.rec = p.playTo(&e.after, int(m))
	if opp := b.ToMove().Opponent(); b.sideEmpty(opp) && !e.after.board.sideEmpty(opp) {
		e.rec |= recFed // R7
	}
	return e, nil
}

// playTo makes next, which must not be p, the position after sowing pit,
// a legal move at p, and returns the record of the move. Building the
// result in place, in the caller's variable, is measurably faster than
// returning a copy.
func (p *Position) playTo(next *Position, pit int) record {
	b, rec := p.rules.move(p.board, pit)
	// The ply count cannot wrap where it matters: it reaches 2³²−1 only
	// through "+N", and under a limit of plies (at most 65,535) such a
	// position is over; without one the count is never read.
	next.board, next.rules, next.plies = b, p.rules, p.plies+1
	if rec&recScored != 0 {
		next.hist = freshHistory() // D2: a capture starts the count again
	} else {
		next.hist = p.hist
		next.hist.played(p.board, pit, b)
	}
	next.settle()
	return rec
}

// refusal explains why m is not a legal move at p.
func (p *Position) refusal(m Move) error {
	var err error
	b := p.board
	mover := b.ToMove()
	switch {
	case !p.Valid():
		err = ErrInvalidPosition
	case p.reason != NotOver:
		err = ErrGameOver
	case !m.Valid():
		err = ErrNoSuchPit
	case m.Player() != mover:
		err = ErrNotYourPit
	case b.byteAt(int(m)) == 0:
		err = ErrEmptyPit
	case b.sideEmpty(mover.Opponent()):
		err = ErrMustFeed // R7
	default:
		err = ErrGrandSlam // the only other way a non-empty pit is refused
	}
	return &MoveError{Move: m, Player: mover, Err: err}
}

// Children returns an iterator over the legal moves of p in ascending pit
// order, each with the position it leads to: the moves of [Position.Moves]
// and what [Position.Play] returns for them. It is the loop of a game-tree
// search. The iterator may be used any number of times, from any number of
// goroutines, and allocates at most what one Play does: where the history
// moves to a shared block (see Play), the children share one.
func (p Position) Children() iter.Seq2[Move, Position] {
	return func(yield func(Move, Position) bool) {
		q := p // p's history, spilled once for all the children
		var child Position
		for s := q.moves; s != 0; s &= s - 1 {
			pit := bits.TrailingZeros16(uint16(s))
			if q.playTo(&child, pit)&recScored == 0 && q.hist.n == recentCap {
				// The child spilled q's history into a new block ending at
				// q's board: q takes the same block, so that the next
				// children do not make their own.
				q.hist.startAfter(child.hist.older)
			}
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

// Perft counts the positions reached from p by every sequence of exactly
// depth legal moves (its leaves), under p's rules, repetition included. A
// game that ends before depth adds nothing; Perft(p, 0) is 1 for a valid
// position, and Perft is 0 for a position that is not valid or a negative
// depth. It is the standard test of move generation: from Start it gives
// 6, 36, 190, 1014, 5219, 27332, 139157 and 711414 for depths 1 to 8. It
// plays each move as Play does, so it allocates only where a line goes
// more than 16 plies without a capture.
func Perft(p Position, depth int) uint64 {
	switch {
	case !p.Valid() || depth < 0:
		return 0
	case depth == 0:
		return 1
	}
	return perft(&p, depth)
}

// perft counts the leaves depth ≥ 1 plies below p.
func perft(p *Position, depth int) uint64 {
	var leaves uint64
	switch depth {
	case 1:
		return uint64(p.moves.Len()) // each move reaches a leaf; no need to play it
	case 2:
		// The level above the leaves, where most nodes are: count each
		// child's moves from its board, occurrence count and ply counts
		// alone, without making the child.
		r := p.rules
		quiet := p.hist.length() + 1
		plies := p.plies + 1
		for s := p.moves; s != 0; s &= s - 1 {
			b, rec := r.move(p.board, bits.TrailingZeros16(uint16(s)))
			reps, q := uint32(1), 0 // D2: a capture starts the count again
			if rec&recScored == 0 {
				reps, q = p.hist.next(p.board, b), quiet
			}
			moves, _ := r.legal(b, reps, q, plies)
			leaves += uint64(moves.Len())
		}
		return leaves
	}
	var child Position
	for s := p.moves; s != 0; s &= s - 1 {
		p.playTo(&child, bits.TrailingZeros16(uint16(s)))
		leaves += perft(&child, depth-1)
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
// A position that is not valid gives "invalid position".
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

// MaxHistory is the most moves that the text of a Position may list after
// its board: the plies of the stretch without a capture that the
// repetition rule looks back over (R10, D2). [ParsePosition] refuses a
// longer list without reading it, which bounds its work and memory on any
// input, and [Position.AppendText] refuses to write one.
const MaxHistory = 10_000

// String returns the text form of p, as [Position.AppendText] writes it,
// even beyond MaxHistory.
func (p Position) String() string {
	b, _ := p.appendText(nil)
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
// counts, legal moves and outcome. A position that is not valid gives the
// empty text. It fails only for a history of more than MaxHistory moves
// (a [*RangeError] wrapping ErrRange), which ParsePosition would refuse.
func (p Position) AppendText(dst []byte) ([]byte, error) {
	if !p.Valid() {
		return dst, nil
	}
	if n := p.hist.length(); n > MaxHistory {
		return dst, &RangeError{Type: "history of moves", Value: n}
	}
	return p.appendText(dst)
}

// appendText appends p's text, without the checks of AppendText.
func (p Position) appendText(dst []byte) ([]byte, error) {
	if !p.Valid() {
		return dst, nil
	}
	if p.rules != &presets[0] {
		dst = append(append(dst, p.rules.name...), ' ')
	}
	start, line := p.stretch()
	dst, _ = start.AppendText(dst)
	if before := p.plies - uint32(len(line)); p.rules.MaxPlies != 0 && before > 0 {
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
//     board (refused under other rules, where they would count for nothing);
//   - at most MaxHistory moves as pit letters ("A"–"F", "a"–"f"), played
//     from the board in order.
//
// So "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S Cf" is the opening after C and f, with
// the history those moves make, and "openspiel 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
// the opening under OpenSpiel's rules. Errors are [*ParseError] values
// that wrap ErrSyntax, ErrRange (more than MaxHistory moves, found before
// any is played), ErrUnknownRules, the [*BoardError] of an invalid
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

// field returns the next field, of at most max bytes, and its offset, and
// moves past it and the space after it; ok is false at the end of the
// text. A longer field is cut at max+1 bytes, and the reader then stops.
func (r *positionReader) field(max int) (f string, at int, ok bool) {
	if r.at > len(r.s) {
		return "", len(r.s), false
	}
	at = r.at
	rest := r.s[at:]
	if len(rest) > max+1 {
		rest = rest[:max+1]
	}
	end := strings.IndexByte(rest, ' ')
	if end < 0 {
		end = len(rest)
	}
	r.at = at + end + 1
	return r.s[at : at+end], at, true
}

// read reads the whole text.
func (r *positionReader) read() (Position, error) {
	const maxField = 64 // longer than any name, board or ply count
	f, at, _ := r.field(maxField)
	var rules Rules
	if f != "" && (f[0] >= 'a' && f[0] <= 'z') {
		var err error
		if rules, err = ParseRules(f); err != nil {
			return r.fail(at, err.(*ParseError).Msg, ErrUnknownRules)
		}
		f, at, _ = r.field(maxField)
	}
	b, err := ParseBoard(f)
	if err != nil {
		pe := err.(*ParseError)
		return r.fail(at+pe.Offset, pe.Msg, pe.Err)
	}
	p := rules.Position(b)
	f, at, ok := r.field(MaxHistory)
	if ok && strings.HasPrefix(f, "+") {
		if rules.MaxPlies() == 0 {
			return r.fail(at, "plies before the board count only under rules with a limit of plies", ErrSyntax)
		}
		n, err := strconv.ParseUint(f[1:], 10, 32)
		if err != nil || f[1:] != strconv.FormatUint(n, 10) {
			return r.fail(at+1, "plies before the board are not a number", ErrSyntax)
		}
		p.plies = uint32(n)
		p.settle()
		f, at, ok = r.field(MaxHistory)
	}
	if ok {
		if p, err = r.moves(p, f, at); err != nil {
			return Position{}, err
		}
	}
	if _, at, ok := r.field(0); ok {
		return r.fail(at, "unexpected text after the moves", ErrSyntax)
	}
	return p, nil
}

// moves plays the pit letters of f, at offset at, from p.
func (r *positionReader) moves(p Position, f string, at int) (Position, error) {
	switch {
	case f == "":
		return r.fail(at, "no moves after the space", ErrSyntax)
	case len(f) > MaxHistory:
		return r.fail(at+MaxHistory, "more than "+strconv.Itoa(MaxHistory)+" moves", ErrRange)
	}
	for i := 0; i < len(f); i++ {
		m, ok := moveOfLetter(f[i])
		if !ok {
			return r.fail(at+i, "not a pit letter A-F or a-f", ErrSyntax)
		}
		next, err := p.Play(m)
		if err != nil {
			return r.fail(at+i, err.(*MoveError).detail(), err)
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
