// Package engine is a computer player of Oware for Go programs: give it a
// position of package oware, under any of its rules, and it chooses a
// move, within a depth, a number of positions or a time, and until a
// context is done.
//
// The simplest use is one call, as a bot of a game server makes it:
//
//	move, err := engine.BestMove(ctx, p, 50*time.Millisecond)
//
// An [Engine] keeps its transposition table from search to search and can
// be given endgame tables (package tablebase, [Options.Tables]); the
// package-level [Search] and [BestMove] draw engines without tables from a
// pool, so that many goroutines can search at once. [Engine.Analyze]
// reports every completed iteration while it searches, for a board that
// shows the engine's thinking.
//
// # The search
//
// A negamax search with alpha-beta pruning and principal variation search,
// iterative deepening with aspiration windows, a transposition table, move
// ordering, late move reductions and a quiescence search of captures at
// the horizon. It is deterministic: for a given position (with its
// history), depth and table size it always returns the same move, so that
// games between built-in players can be replayed exactly; a limit of
// positions ([Limits.Nodes]) is deterministic too, while a time limit or
// a context that ends the search early are not. The transposition table
// is keyed by everything a score depends on (the board, the boards since
// the last capture that R10 may see again, and under a limit of plies the
// ply) and gives a score only for the same depth; without the reductions
// (a late move that captures nothing searched a ply or two less deep
// unless it proves better), the score would be exactly that of a plain
// negamax of the same depth with the same quiescence search, as the tests
// check. Scores are from the point of view of the player to move, in
// quarter seeds (see [Score]).
//
// The search allocates nothing per position: its path, its table and its
// move lists live in the Engine and are reused from search to search. (The
// positions it plays are package oware's, whose Play allocates a shared
// block of history once every 16 plies without a capture.)
//
// # Analysis
//
// A search of [Limits.MultiPV] lines finds the best moves one after the
// other at each depth, each searched in full without the moves found
// before it, and returns them best first in [Result.Lines], each with its
// score, depth and line, as an analysis board shows them. A line's score
// is an estimate, or a result ([Line.Proven]): the end of the game seen
// within the search ([Score.Mate]), a win or loss that the endgame tables
// prove ([Score.Proven]), or a draw that they prove, or that the move
// itself makes.
//
// # Levels
//
// [Limits.Elo] plays at a stated strength, from [MinElo] to [MaxElo] on a
// scale where the random mover is 0. A level below full strength searches
// a number of positions, every move in full (as Limits.MultiPV does), and
// chooses among the moves whose scores are near the best one's at random,
// a move being the less likely the worse it scores: the weaker the level,
// the fewer the positions, the wider the choice and the likelier a worse
// move. It never plays a move that scores much worse than the best it
// found, nor misses a win it sees: its mistakes are those of a shallow
// look and of a taste for one move among several good ones; only the
// weakest levels give seeds away, as a beginner does.
// Its choice is drawn from the position and the level, so games between
// built-in players replay. The Elo of the levels was measured by matches
// against the random mover, a greedy beginner and searches of fixed
// depths (docs/engine.md);
// an Elo between two measured levels plays the level between theirs in
// proportion.
//
// # Endgame tables
//
// Endgame tables ([Options.Tables], [Engine.SetTables]) are used in two
// ways, both only where no earlier board of the game can recur (right
// after a capture, or under rules without repetition), since the tables
// value a position met for the first time and a repetition (R10) can
// change that value either way. In the search, a position whose value the
// tables' bounds decide (won, lost or drawn) is scored so without a search
// below it, and bounds that do not decide cut the search off where they
// lie outside its window and bound the evaluation at the horizon. At the
// root, where the tables decide the game, the engine plays one of their
// best moves ([Result.TableMove]): its own if it is one, else a capture
// among them, else the first. Any other oracle of endgame values plugs in
// as an [Options.Probe].
package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// MaxDepth is the deepest search, in plies: [Limits.Depth] goes from 1 to
// MaxDepth, and 0 means MaxDepth.
const MaxDepth = 40

// Errors of the engine, wrapped in an [*Error].
var (
	// ErrGameOver: the position is finished, or not a position of the
	// game, so there is no move to choose.
	ErrGameOver = errors.New("no move to choose: the game is over")
	// ErrLimits: a limit of the search is out of range.
	ErrLimits = errors.New("limit out of range")
	// ErrTableSize: the size of the transposition table is out of range.
	ErrTableSize = errors.New("table size out of range")
)

// Error is an error of the engine: one of the errors above, with what it
// is about.
type Error struct {
	Err    error  // ErrGameOver, ErrLimits or ErrTableSize
	Detail string // what was asked, such as "depth 41: want 0 to 40"
}

// Error returns "engine: " followed by the error and its detail.
func (e *Error) Error() string { return "engine: " + e.Err.Error() + ": " + e.Detail }

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Limits bound a search. The zero Limits searches up to MaxDepth plies,
// which can take very long: give a depth, a number of positions, a time or
// a context that ends. Whatever ends it, a search completes its first
// iteration, one ply deep, so that there is always a move to play.
type Limits struct {
	// Depth is the deepest iteration, from 1 to MaxDepth plies; 0 means
	// MaxDepth. A search that reaches it is deterministic.
	Depth int
	// Nodes, when not 0, ends the search once it has visited about that
	// many positions (it looks every few thousand). A search that it ends
	// is deterministic too.
	Nodes uint64
	// Time, when not 0, is the time the search may take: it ends a
	// fiftieth of it early, so that the caller gets its move in time
	// although the search looks at the clock only every millisecond or so.
	// A deadline of the search's context counts in the same way.
	Time time.Duration
	// Clock, when not 0, is the time left on the clock of the player to
	// move, for the rest of the game or, with MovesToGo, for that many
	// moves; Increment is the time the clock gains after each move. The
	// search then chooses its time itself: a share of what is left for
	// the moves to come, more while its best move changes from one
	// iteration to the next and less once it settles, a single iteration
	// for a single move or where the endgame tables decide the game, and
	// never more than a part of the clock that leaves time for the rest of
	// the game, less MoveOverhead (see MaxTime). Time, when given too,
	// bounds it.
	Clock     time.Duration
	Increment time.Duration
	MovesToGo int
	// Elo, when not 0, is the strength to play at, from MinElo (the
	// weakest level, which loses most of its games to a beginner who
	// takes the most seeds each move, and beats the random mover) to
	// MaxElo; at MaxElo and above the engine plays at full strength.
	// Below it, the search looks at fewer positions, and the weaker
	// levels choose among the moves not much worse than the best, at
	// random, the worse the less often (see the package documentation).
	// Elo is measured on a scale where a player of random moves is 0, by
	// matches of the levels against it, the beginner and players of
	// fixed depths. A level ignores the
	// endgame tables, so that it plays as measured with or without them;
	// the other limits still bound its search.
	Elo int
	// MultiPV, when above 1, is the number of moves to search in full, as
	// an analysis shows them: the best MultiPV moves, each with its score
	// and line (Result.Lines), or all the moves if there are fewer. Each
	// line after the first costs about one more search of the position.
	// 0 and 1 mean the best move alone.
	MultiPV int
}

// check returns an error when lim is out of range.
func (lim Limits) check() error {
	switch {
	case lim.Depth < 0 || lim.Depth > MaxDepth:
		return &Error{ErrLimits, fmt.Sprintf("depth %d: want 0 to %d", lim.Depth, MaxDepth)}
	case lim.Time < 0:
		return &Error{ErrLimits, fmt.Sprintf("time %s: want 0 or more", lim.Time)}
	case lim.MultiPV < 0:
		return &Error{ErrLimits, fmt.Sprintf("multipv %d: want 0 or more", lim.MultiPV)}
	case lim.Elo < 0 || lim.Elo > 0 && lim.Elo < MinElo:
		return &Error{ErrLimits, fmt.Sprintf("elo %d: want 0 (full strength) or %d to %d", lim.Elo, MinElo, MaxElo)}
	case lim.Clock < 0 || lim.Increment < 0 || lim.MovesToGo < 0:
		return &Error{ErrLimits, fmt.Sprintf("clock %s, increment %s, moves to go %d: want 0 or more", lim.Clock, lim.Increment, lim.MovesToGo)}
	}
	return nil
}

// Result is the outcome of a search.
type Result struct {
	Move  oware.Move   // the move chosen
	Score Score        // its score for the player to move
	Depth int          // the depth searched, in plies
	Nodes uint64       // positions visited, over all iterations
	PV    []oware.Move // the principal variation, starting with Move
	// Lines are the lines of the search, the best first: Limits.MultiPV
	// of them (one when it is 0), or as many as the position has moves if
	// it has fewer. Lines[0] is Move, Score, Depth and PV, and tells
	// whether Score is proven.
	Lines []Line
	// Stopped tells that the search ended, by its context, its time or
	// its number of positions, before it reached its depth (or a decided
	// game).
	Stopped bool
	// Partial tells that the search ended an iteration, Depth plies deep,
	// after it had proved a move better than the best move of the
	// iteration before, which it searched first: Move is that move, Score
	// the least its score can be at that depth, and PV its line as far as
	// the table knows it.
	Partial bool
	// TableMove tells that the endgame tables decide the game at the
	// position, where no earlier board can recur, and that Move is one of
	// their best moves (see the package documentation); TableValue is then
	// their value of the position. Score is then their result (see
	// Line.Proven); Depth and PV stay the search's, but for a Move other
	// than the search's, whose PV is Move alone.
	TableMove  bool
	TableValue tablebase.Value // the tables' value of the position, when TableMove
	// Solved tells that package solve proved the value of the position
	// with its history (R10) and that Move is a move of perfect play with
	// it; SolvedValue is then that value. A search with a time limit or
	// on the clock and with endgame tables asks it (unless
	// Options.NoSolve), with a quarter of the time (on the clock, of the
	// time it aims at), at positions of at most SolveSeeds seeds that the
	// tables do not decide. Score,
	// Depth and PV stay the search's, but for a Move other than the
	// search's, whose PV is Move alone.
	Solved      bool
	SolvedValue solve.Value
}

// Probe tells what an oracle, such as an endgame tablebase, knows of a
// position: lo and hi bound its value, the seeds that the player to move
// will capture from those on the board minus the seeds the opponent will,
// with perfect play by both to the end of the game (the 25-seed stop of
// R8 not applied), the position counted as met for the first time; lo ==
// hi when the value is exact. ok is false when the oracle does not know
// the position.
//
// The search asks only where no earlier board of the line can recur, and
// uses the bounds as it uses the tables' (see the package documentation).
// A Probe must be safe for concurrent use if several engines share it.
type Probe func(p oware.Position) (lo, hi int, ok bool)

// Options configures an [Engine]. The zero Options is an engine with a
// table of DefaultTableSize and no endgame tables.
type Options struct {
	// TableSize is the size of the transposition table in bytes, from
	// MinTableSize to MaxTableSize, rounded down to a power of two; 0
	// means DefaultTableSize.
	TableSize int
	// Tables, when not nil, are endgame tables for the search and for the
	// move at the root (see the package documentation), under the rules
	// of the positions searched; positions of rules or seeds they do not
	// hold are searched as without them. See also Engine.SetTables.
	Tables *tablebase.Tables
	// Probe, when not nil, is another oracle of endgame values, asked in
	// the search in place of the bounds of Tables about every position
	// with at most ProbeSeeds seeds on its board (0: any number).
	Probe      Probe
	ProbeSeeds int // the most seeds on the board of a position that Probe knows; 0 for any number
	// NoSolve, when true, never asks package solve at the root (see
	// Result.Solved): the search with tables plays as with a depth or a
	// number of positions, the whole time its own.
	NoSolve bool
	// History, when not nil, are package solve's tables (solve.Open,
	// solve.Compute) of one rules: where the engine asks package solve
	// at the root, under those rules, the search starts from their exact
	// values of the boards met for the first time and their cycle bounds.
	// See also Engine.SetHistory.
	History *solve.Tables
	// Now, when not nil, is the clock that measures Limits.Time and the
	// deadline of a search's context, in place of time.Now: a clock of
	// the program's own, or a clock of its tests. The search reads it
	// once as it starts and then every few thousand positions, and looks
	// at its context after each reading; on the clock (Limits.Clock), also
	// after each iteration.
	Now func() time.Time
}

// Engine is a searcher with its own transposition table, reused from
// search to search, and optionally endgame tables. Its methods are safe
// for concurrent use; the searches of one Engine run one at a time (use
// one Engine per goroutine, or the package-level functions, to search
// several positions at once).
type Engine struct {
	mu         sync.Mutex
	s          *searcher
	probe      Probe
	probeSeeds int
	noSolve    bool
	history    atomic.Pointer[solve.Tables]
	now        func() time.Time
	tables     atomic.Pointer[endgames]
}

// endgames are the endgame tables of an Engine and their probe.
type endgames struct {
	tb    *tablebase.Tables
	probe Probe
}

// New returns an Engine with the given options. It returns an [*Error]
// wrapping ErrTableSize when opt.TableSize is out of range.
func New(opt Options) (*Engine, error) {
	size, err := tableSize(opt.TableSize)
	if err != nil {
		return nil, err
	}
	e := &Engine{s: newSearcher(size), probe: opt.Probe, probeSeeds: oware.NumSeeds, noSolve: opt.NoSolve, now: opt.Now}
	e.history.Store(opt.History)
	if opt.ProbeSeeds > 0 {
		e.probeSeeds = opt.ProbeSeeds
	}
	if e.now == nil {
		e.now = time.Now
	}
	e.SetTables(opt.Tables)
	return e, nil
}

// tableSize returns the size of a table of size bytes, 0 meaning
// DefaultTableSize, or an error when it is out of range.
func tableSize(size int) (int, error) {
	if size == 0 {
		return DefaultTableSize, nil
	}
	if size < MinTableSize || size > MaxTableSize {
		return 0, &Error{ErrTableSize, fmt.Sprintf("%d bytes: want %d to %d", size, MinTableSize, MaxTableSize)}
	}
	return size, nil
}

// TableSize returns the size of e's transposition table in bytes.
func (e *Engine) TableSize() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.s.tt.size()
}

// SetTableSize gives e a new transposition table of size bytes (see
// Options.TableSize), once the search running, if any, is over. It
// returns an [*Error] wrapping ErrTableSize when size is out of range, and
// then keeps the table it has.
func (e *Engine) SetTableSize(size int) error {
	size, err := tableSize(size)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.s.tt = table{} // the old table can go before the new one is made
	e.s.tt = newTable(size)
	return nil
}

// NewGame makes e as new for a game that has nothing to do with the
// positions it searched before: it empties its transposition table. (No
// search depends on the searches before it anyway, see the package
// documentation; after NewGame, not even the memory of the table does.)
// It waits for the search running, if any, to end.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.s.tt.reset()
}

// SetTables gives e the endgame tables tb (nil for none), from its next
// search on: a program can start searching at once and solve or load its
// tables meanwhile.
func (e *Engine) SetTables(tb *tablebase.Tables) {
	if tb == nil {
		e.tables.Store(nil)
		return
	}
	e.tables.Store(&endgames{tb: tb, probe: func(p oware.Position) (int, int, bool) {
		v, err := tb.Probe(p)
		if err != nil {
			return 0, 0, false
		}
		return v.Lo(), v.Hi(), true
	}})
}

// Tables returns e's endgame tables, or nil.
func (e *Engine) Tables() *tablebase.Tables {
	if t := e.tables.Load(); t != nil {
		return t.tb
	}
	return nil
}

// SetHistory gives e package solve's tables h (nil for none; see
// Options.History), from its next search on, as SetTables does the
// endgame tables.
func (e *Engine) SetHistory(h *solve.Tables) { e.history.Store(h) }

// History returns e's tables of package solve, or nil.
func (e *Engine) History() *solve.Tables { return e.history.Load() }

// Search chooses a move for the player to move at p: iterative deepening
// from one ply up to lim.Depth, ended early by lim's other limits or when
// ctx is done, with e's table and endgame tables. The result is that of
// the deepest completed iteration (or the move an ended iteration proved
// better, see Result.Partial), with Stopped set when the search ended
// before its depth; among moves of equal score it prefers the one searched
// first. An ended search is no error: the error is an [*Error] wrapping
// ErrGameOver when p has no legal move, or ErrLimits when lim is out of
// range.
func (e *Engine) Search(ctx context.Context, p oware.Position, lim Limits) (Result, error) {
	return e.Analyze(ctx, p, lim, nil)
}

// Analyze is Search that calls progress, when not nil, with the result of
// every completed iteration, from the goroutine of the search, while it
// searches: the analysis that a board or a UCI server shows (with
// Limits.MultiPV, of several moves).
func (e *Engine) Analyze(ctx context.Context, p oware.Position, lim Limits, progress func(Result)) (Result, error) {
	if err := lim.check(); err != nil {
		return Result{}, err
	}
	if p.Moves().Len() == 0 {
		detail := "not a position of the game"
		if o := p.Outcome(); o.Over() {
			detail = o.String()
		}
		return Result{}, &Error{ErrGameOver, detail}
	}
	if lim.Elo > 0 && lim.Elo < MaxElo {
		return e.atSkill(ctx, p, lim, eloSkill(lim.Elo), progress)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.s
	tables := e.tables.Load()
	s.probe, s.probeSeeds = e.probe, e.probeSeeds
	if s.probe == nil && tables != nil {
		s.probe, s.probeSeeds = tables.probe, tables.tb.MaxSeeds(p.Rules())
		if s.probeSeeds < 0 {
			s.probe = nil
		}
	}
	if lim.Clock > 0 && (p.Moves().Len() == 1 || tables != nil && tablesDecide(tables.tb, p)) {
		lim.Depth = 1 // the move is known: keep the time for the moves to come
	}
	var solveTime time.Duration
	if tables != nil && (lim.Time > 0 || lim.Clock > 0) && !e.noSolve && solveWorth(tables.tb, p) {
		lim, solveTime = lim.withSolve(p)
	}
	finish := func(r Result) Result {
		if tables != nil {
			r = tableMove(tables.tb, p, r)
		}
		prove(p, &r, s.probe, s.probeSeeds)
		return r
	}
	report := progress
	if progress != nil {
		report = func(r Result) { progress(finish(r)) }
	}
	r := finish(s.run(ctx, p, lim, e.now, report))
	s.probe = nil
	if solveTime > 0 {
		sctx, cancel := solveContext(ctx, solveTime)
		r = solvedMove(sctx, tables.tb, e.history.Load(), p, r)
		cancel()
	}
	return r, nil
}

// BestMove is Search within the time d, for the move alone: the one
// obvious call of a bot. It returns an [*Error] wrapping ErrLimits when d
// is not above 0.
func (e *Engine) BestMove(ctx context.Context, p oware.Position, d time.Duration) (oware.Move, error) {
	if d <= 0 {
		return 0, &Error{ErrLimits, fmt.Sprintf("time %s: want more than 0", d)}
	}
	r, err := e.Search(ctx, p, Limits{Time: d})
	return r.Move, err
}

// engines are the engines of the package-level functions.
var engines = sync.Pool{New: func() any {
	e, _ := New(Options{})
	return e
}}

// Search is [Engine.Search] with an engine of the zero Options drawn from
// a pool: safe to call from many goroutines at once, and deterministic
// like Engine.Search (every search starts from an empty table).
func Search(ctx context.Context, p oware.Position, lim Limits) (Result, error) {
	e := engines.Get().(*Engine)
	defer engines.Put(e)
	return e.Search(ctx, p, lim)
}

// BestMove is [Engine.BestMove] with an engine of the zero Options drawn
// from a pool.
func BestMove(ctx context.Context, p oware.Position, d time.Duration) (oware.Move, error) {
	e := engines.Get().(*Engine)
	defer engines.Put(e)
	return e.BestMove(ctx, p, d)
}
