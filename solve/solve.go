package solve

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// DefaultTableSize is the size in bytes of the transposition table of
// each concurrent solve when Options.TableSize is 0.
const DefaultTableSize = 32 << 20

// DefaultTreeSize is the most bytes of the proof tree of one question of
// each concurrent solve when Options.TreeSize is 0: 432 MiB, about
// 4,194,304 nodes, which hold a search of at least 699,050 positions, and
// of about 1.4 million in endgames of 8 to 10 seeds.
const DefaultTreeSize = 432 << 20

// TreeBytesPerPosition is the TreeSize that holds the tree of a search of
// one more position: a tree of TreeSize bytes holds TreeSize/108 nodes,
// counting a node's 28 bytes and half the 160 of a node with children,
// and a position searched adds a node for each of its moves, six at most.
// So a TreeSize of TreeBytesPerPosition times a budget of positions
// never ends a search within that budget. The tree's memory is at most
// TreeSize, and about 250 bytes a position searched in endgames.
const TreeBytesPerPosition = oware.PitsPerSide * proofNodeBytes

// treeFor returns the size of a proof tree that holds a search of budget
// positions, at least DefaultTreeSize; a budget of 0, no limit, has the
// default.
func treeFor(budget uint64) int {
	if budget > math.MaxInt/TreeBytesPerPosition {
		return math.MaxInt
	}
	return max(int(budget)*TreeBytesPerPosition, DefaultTreeSize)
}

// Options configure a [Solver]. The zero value solves with no tables,
// which is exact but slow beyond a few seeds.
type Options struct {
	// Tables are the tables of this package under the solver's rules,
	// or nil: the bounds of every board they hold, and the values of the
	// boards met for the first time.
	Tables *Tables
	// Plain are tables of package tablebase, or nil: their bounds are
	// used for the boards with more seeds than Tables hold.
	Plain *tablebase.Tables
	// TableSize is the size in bytes of the transposition table of each
	// solve that runs at the same time; 0 means DefaultTableSize. On
	// Linux the table is mapped outside the Go heap, on huge pages where
	// the system gives them (its probes read it at random), so it does
	// not count towards a memory limit set with runtime/debug; it goes
	// back to the system once the garbage collector finds it unused.
	TableSize int
	// TreeSize is the most bytes of the proof tree of one question (see
	// the package documentation) of each solve that runs at the same
	// time; 0 means DefaultTreeSize. A question whose tree would outgrow
	// it ends unsettled, as if the budget had run out, so a budget of
	// more positions than TreeSize / TreeBytesPerPosition needs a larger
	// TreeSize to be spent. The tree's memory is kept for the next
	// solve, with the transposition table and the proofs the search
	// keeps to share between histories (see the package documentation),
	// about 128 MiB more at most.
	TreeSize int
}

// Limits bound one call of a [Solver]. The context given with them bounds
// its time.
type Limits struct {
	// Nodes is the most positions the call may search; 0 means no limit.
	Nodes uint64
}

// Result is what a solve proved of a position.
type Result struct {
	// Value is the value of the position with its history (see the
	// package documentation): exact, or the tightest bounds proven when
	// the limits ended the search first.
	Value Value
	// Line is a line of perfect play from the position to the end of the
	// game, when Value is exact: each move keeps the value, and the game
	// it ends, played through Play from the position with R8 aside (the
	// scores put back below 25 after each capture), ends with the mover
	// of the position taking Value more of the seeds on its board than
	// the opponent. Finding it has a
	// budget of Limits.Nodes of its own; it is cut short when that or ctx
	// ends first, and LineComplete is then false.
	Line         []oware.Move
	LineComplete bool
	Nodes        uint64 // the positions searched
}

// MoveValue is a legal move and its value for the player who makes it:
// the seeds it captures minus the value of the position it leads to,
// with its history.
type MoveValue struct {
	Move  oware.Move
	Value Value
}

// Solver finds the values of positions with their history under one
// rules preset. Its methods are safe for concurrent use: each call has a
// transposition table of its own, taken from a pool that keeps what
// earlier calls proved.
type Solver struct {
	rules  oware.Rules
	opt    Options
	pool   sync.Pool
	mutate func(*searcher) // for the tests: what to break in each searcher
}

// New returns a Solver of positions under rules r. It returns an error
// wrapping ErrUnsupportedRules when r is not [Supported], and one saying
// so when opt.Tables are of other rules.
func New(r oware.Rules, opt Options) (*Solver, error) {
	if !Supported(r) {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	if opt.Tables != nil && opt.Tables.rules != r {
		return nil, fmt.Errorf("solve: the tables are of %s, not %s", opt.Tables.rules, r)
	}
	if opt.TableSize <= 0 {
		opt.TableSize = DefaultTableSize
	}
	if opt.TreeSize <= 0 {
		opt.TreeSize = DefaultTreeSize
	}
	s := &Solver{rules: r, opt: opt}
	s.pool.New = func() any { return newMemory(opt.TableSize, opt.TreeSize) }
	return s, nil
}

// start returns a searcher for p, with p's stretch on its line, and the
// position of p rebuilt with scores below 25, or an error.
func (sv *Solver) start(ctx context.Context, p oware.Position, lim Limits) (*searcher, oware.Position, error) {
	if !p.Valid() {
		return nil, oware.Position{}, ErrInvalidPosition
	}
	if p.Rules() != sv.rules {
		return nil, oware.Position{}, fmt.Errorf("%w: the position is under %s, the solver under %s", ErrUnsupportedRules, p.Rules(), sv.rules)
	}
	line, err := history(p)
	if err != nil {
		return nil, oware.Position{}, err
	}
	s := newSearcher(sv.rules, sv.opt.Tables, sv.opt.Plain, sv.pool.Get().(*memory))
	s.ctx, s.budget = ctx, lim.Nodes
	if sv.mutate != nil {
		sv.mutate(s)
	}
	for i := range line {
		s.enter(&line[i], i == 0)
	}
	return s, line[len(line)-1], nil
}

// done returns s's memory to the pool.
func (sv *Solver) done(s *searcher) { sv.pool.Put(s.memory) }

// Solve returns the value of p with its history, under the solver's
// rules: exact, with a line of perfect play, or the tightest bounds it
// proved when ctx or lim ended the search first. It returns
// ErrInvalidPosition for a position that is not valid, and an error
// wrapping ErrUnsupportedRules for a position under other rules.
func (sv *Solver) Solve(ctx context.Context, p oware.Position, lim Limits) (Result, error) {
	s, root, err := sv.start(ctx, p, lim)
	if err != nil {
		return Result{}, err
	}
	defer sv.done(s)
	lo, hi := s.solve(&root)
	res := Result{Value: Value{int8(lo), int8(hi)}}
	if lo == hi {
		// The line has a budget of its own, as large as the value's.
		if lim.Nodes != 0 {
			s.budget = s.nodes + lim.Nodes
		}
		s.stop = ctx.Err() != nil
		res.Line, res.LineComplete = s.line(root, lo)
	}
	res.Nodes = s.nodes
	return res, nil
}

// SolveMoves appends to dst the value of every legal move of p, with its
// history, in ascending pit order, and returns the extended slice: exact
// where the solver proved it within ctx and lim, which the moves share,
// bounds otherwise. It is empty when the game is over. Its errors are
// Solve's.
func (sv *Solver) SolveMoves(ctx context.Context, p oware.Position, lim Limits, dst []MoveValue) ([]MoveValue, error) {
	s, root, err := sv.start(ctx, p, lim)
	if err != nil {
		return dst, err
	}
	defer sv.done(s)
	first := len(dst)
	mover := root.Board().ToMove()
	before := root.Board().Score(mover)
	for m, c := range root.Children() {
		captured := c.Board().Score(mover) - before
		var lo, hi int
		if captured > 0 {
			q := s.freshPosition(&c)
			lo, hi = s.within(&q, true)
		} else {
			lo, hi = s.within(&c, false)
		}
		dst = append(dst, MoveValue{Move: m, Value: Value{int8(captured - hi), int8(captured - lo)}})
	}
	// Share what is left of the budget: solve the moves one by one,
	// the most uncertain first, until the limits end.
	for !s.stop {
		worst := -1
		for i := first; i < len(dst); i++ {
			if v := dst[i].Value; !v.Exact() && (worst < 0 || v.Hi()-v.Lo() > dst[worst].Value.Hi()-dst[worst].Value.Lo()) {
				worst = i
			}
		}
		if worst < 0 {
			break
		}
		c, _ := root.Play(dst[worst].Move)
		captured := c.Board().Score(mover) - before
		fresh := captured > 0
		if fresh {
			c = s.freshPosition(&c)
		}
		saved := s.enter(&c, fresh)
		lo, hi := s.solve(&c)
		s.leave(saved)
		v := dst[worst].Value
		dst[worst].Value = Value{int8(max(v.Lo(), captured-hi)), int8(min(v.Hi(), captured-lo))}
	}
	return dst, nil
}

// within returns the bounds of the value of p, reached from the top of
// the line (in a new stretch when fresh), known before any search.
func (s *searcher) within(p *oware.Position, fresh bool) (lo, hi int) {
	if p.Outcome().Over() {
		v := terminal(p)
		return v, v
	}
	saved := s.enter(p, fresh)
	defer s.leave(saved)
	k := s.look(p)
	return k.lo, k.hi
}
