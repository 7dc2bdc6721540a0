// Package engine is the computer player of the oware command: a negamax
// search with alpha-beta pruning and principal variation search, iterative
// deepening with aspiration windows, a transposition table, move ordering
// and a quiescence search of captures at the horizon, over the positions
// of package oware, under any of its rules.
//
// The search is deterministic: for a given position (with its history),
// depth and table size it always returns the same move, so that games
// between built-in players can be replayed exactly; [SearchWithin] adds a
// stop condition, such as a time limit, at the cost of that. Its score is
// exactly that of a plain negamax of the same depth with the same
// quiescence search: the transposition table is keyed by everything the
// score depends on (see searcher.key) and gives a score only for the same
// depth. Scores are from the point of view of the player to move, in
// quarter seeds: a captured seed is worth [SeedValue].
//
// The search allocates nothing per position: its path, its table and its
// move lists live in a searcher that is reused from search to search. (The
// positions it plays are package oware's, whose Play allocates a shared
// block of history once every 16 plies without a capture.)
//
// An oracle of endgame values, such as a tablebase, plugs in as an
// [Options.Probe].
package engine

import (
	"errors"
	"fmt"
	"sync"

	"github.com/seed3966233f/oware"
)

// Scores of the search.
const (
	// SeedValue is the worth of one captured seed in the evaluation.
	SeedValue = 4
	// Win is the score of a game won at the root; a win found n plies
	// deeper scores Win-n, so that the search prefers the quickest win and
	// the slowest loss. Won and lost games score within MaxDepth of ±Win,
	// drawn ones 0, and the evaluation of unfinished positions stays far
	// from ±Win.
	Win = 1_000_000
	// KnownWin is the score of a position that an Options.Probe proves won
	// without saying in how many plies: KnownWin plus the least margin of
	// the final tallies, in seeds (see Probe); a proven loss scores
	// -KnownWin minus the least margin by which it is lost.
	KnownWin = Win / 2
	// MaxDepth is the deepest search that Search accepts.
	MaxDepth = 40
)

// Errors that Search returns.
var (
	// ErrGameOver: the position is finished, or not a position of the game,
	// so there is no move to choose.
	ErrGameOver = errors.New("engine: no move to choose: the game is over")
	// ErrDepth: the depth is not between 1 and MaxDepth.
	ErrDepth = errors.New("engine: depth must be from 1 to 40")
	// ErrTableSize: Options.TableSize is out of range.
	ErrTableSize = errors.New("engine: table size out of range")
)

// Result is the outcome of a search.
type Result struct {
	Move  oware.Move   // the move chosen
	Score int          // its score for the player to move (see Win and SeedValue)
	Depth int          // the depth searched, in plies
	Nodes uint64       // positions visited, over all iterations
	PV    []oware.Move // the principal variation, starting with Move
	// Stopped tells that Limits.Stop ended the search before it reached
	// the depth asked for.
	Stopped bool
	// Partial tells that Limits.Stop ended an iteration, Depth plies
	// deep, after it had proved a move better than the best move of the
	// iteration before, which it searched first: Move is that move, Score
	// the least its score can be at that depth, and PV its line as far as
	// the table knows it.
	Partial bool
}

// Limits bounds a search of [SearchWithin].
type Limits struct {
	// Depth is the deepest iteration, from 1 to MaxDepth.
	Depth int
	// Stop, when not nil, is asked every few thousand positions, and
	// before each iteration after the first, whether to end the search; once
	// it says true, the search ends at once with the result of the last
	// iteration it completed, or a better move that the iteration it
	// ended had proved (see Result.Partial). The first iteration, one ply
	// deep, always completes, so that there is a move to play.
	Stop func() bool
	// Progress, when not nil, is called with the result of every completed
	// iteration, from the goroutine of the search.
	Progress func(Result)
}

// Probe tells what an oracle, such as an endgame tablebase, knows of a
// position: lo and hi bound its value, the seeds that the player to move
// will capture from those on the board minus the seeds the opponent will,
// with perfect play by both to the end of the game (the 25-seed stop of
// R8 not applied), the position counted as met for the first time; lo ==
// hi when the value is exact. ok is false when the oracle does not know
// the position.
//
// The search trusts the bounds only where no earlier board of the line can
// recur (a capture has just been made, or the rules know no repetition),
// since they hold for a position met for the first time: there, bounds
// that decide the game (the mover's captures plus the value above the
// opponent's at both bounds, below at both, or an exact draw) score the
// position as won, lost or drawn (see KnownWin) without a search below
// it; other bounds cut the search off where they lie outside its window,
// and bound the evaluation where the search stops. Elsewhere the probe is
// not asked. A Probe must be safe for concurrent use if the engine
// searches from several goroutines.
type Probe func(p oware.Position) (lo, hi int, ok bool)

// Options configures an [Engine].
type Options struct {
	// TableSize is the size of the transposition table in bytes, from
	// MinTableSize to MaxTableSize, rounded down to a power of two; 0
	// means DefaultTableSize.
	TableSize int
	// Probe, when not nil, is asked about every position below the root
	// with at most ProbeSeeds seeds on its board.
	Probe Probe
	// ProbeSeeds is the most seeds on the board of a position that Probe
	// can know, such as the highest level of a tablebase: the search does
	// not ask about positions with more, and searches them as without a
	// probe. 0 means any number.
	ProbeSeeds int
}

// Engine is a searcher with its own transposition table, reused from
// search to search. Its methods are safe for concurrent use; searches of
// one Engine run one at a time.
type Engine struct {
	mu sync.Mutex
	s  *searcher
}

// New returns an Engine with the given options. It returns an error
// wrapping ErrTableSize when opt.TableSize is out of range.
func New(opt Options) (*Engine, error) {
	size := opt.TableSize
	if size == 0 {
		size = DefaultTableSize
	}
	if size < MinTableSize || size > MaxTableSize {
		return nil, fmt.Errorf("%w: %d bytes, want %d to %d", ErrTableSize, opt.TableSize, MinTableSize, MaxTableSize)
	}
	s := newSearcher(size)
	s.probe = opt.Probe
	s.probeSeeds = oware.NumSeeds
	if opt.ProbeSeeds > 0 {
		s.probeSeeds = opt.ProbeSeeds
	}
	return &Engine{s: s}, nil
}

// TableSize returns the size of e's transposition table in bytes.
func (e *Engine) TableSize() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.s.tt.size()
}

// Search is [SearchWithin] with e's table and options.
func (e *Engine) Search(p oware.Position, lim Limits) (Result, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.s.run(p, lim)
}

// Search chooses a move for the player to move at p by searching depth plies
// deep (iterative deepening from one ply up to depth), with a table of
// DefaultTableSize. Among moves of equal score it prefers the one searched
// first, so the result depends only on p, its history and depth. It returns ErrGameOver when p has no legal move and
// ErrDepth when depth is out of range.
func Search(p oware.Position, depth int) (Result, error) {
	return SearchWithin(p, Limits{Depth: depth})
}

// SearchWithin is [Search] within limits: iterative deepening from one ply
// up to lim.Depth that ends early when lim.Stop says so. The result is that
// of the deepest completed iteration, with Stopped set when the search was
// ended by lim.Stop before reaching lim.Depth (or a decided game). Without
// a Stop it is deterministic like Search, whose result it then equals.
func SearchWithin(p oware.Position, lim Limits) (Result, error) {
	s := searchers.Get().(*searcher)
	defer searchers.Put(s)
	return s.run(p, lim)
}

// searchers are the searchers of the package-level functions.
var searchers = sync.Pool{New: func() any { return newSearcher(DefaultTableSize) }}
