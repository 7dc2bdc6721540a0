package solve

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed3966233f/oware"
)

// BuildOptions tune [Compute] and [Build]. The zero value uses every CPU,
// searches each board up to DefaultBoardNodes and reports nothing.
type BuildOptions struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// BoardNodes is the most positions searched for each board whose
	// cycle bounds are not exact; 0 means DefaultBoardNodes. A board not
	// solved within them keeps the bounds found.
	BoardNodes uint64
	// DeepenFrom is the fewest seeds of a level that [Build] deepens
	// with a larger BoardNodes: a level of fewer seeds whose file is
	// already there is kept as it is, whatever budget built it, while
	// no level below it changes in the build. 0 deepens every level.
	// Compute, which starts from nothing, ignores it.
	DeepenFrom int
	// TableSize is the size in bytes of each worker's transposition
	// table, mapped as Options.TableSize says; 0 means
	// DefaultBuildTableSize.
	TableSize int
	// TreeSize is the most bytes of each worker's proof tree (see
	// Options.TreeSize); 0 means enough for the tree of a search of
	// BoardNodes positions (TreeBytesPerPosition each), and at least
	// DefaultTreeSize. A worker keeps proofs to share between its
	// searches (see the package documentation) in about as much memory
	// again, at most twice as much.
	TreeSize int
	// Progress, when not nil, is called from the building goroutine
	// about once a second while a level is built, and once when each
	// level is done.
	Progress func(Progress)
}

// DefaultBoardNodes is the search budget of a board in a build with the
// zero BuildOptions.
const DefaultBoardNodes = 1 << 20

// Progress reports how far a build has got.
type Progress struct {
	Rules oware.Rules
	Seeds int // the level being built
	// Phase is "graph" (generating every board's moves), "cycle" (the
	// cycle bounds), "returns" (the boards whose cycle bounds are not
	// exact that a forced return settles), "search" (searching those
	// left) or "done".
	Phase string
	// Done and Total count the boards of the phase "search" handled and
	// to handle; in the other phases, the thresholds.
	Done, Total uint64
	Elapsed     time.Duration // the time spent on the level so far
	// Searched and Solved count the boards searched in the phase
	// "search" so far and those found exact; Nodes the positions
	// searched.
	Searched, Solved, Nodes uint64
	// Returned counts the boards whose cycle bounds differ that the
	// phase "returns" made exact without search, by a forced return to
	// the board (see the package documentation); it is set from the
	// phase "search" on, and 0 when Build resumes the search of a level
	// without computing its bounds again.
	Returned uint64
}

// Compute builds the tables of rules r for every seed count from 0 to
// seeds in memory and returns them. It stops early with ctx's error when
// ctx is done.
func Compute(ctx context.Context, r oware.Rules, seeds int, opt BuildOptions) (*Tables, error) {
	if err := checkBuild(r, seeds); err != nil {
		return nil, err
	}
	t := &Tables{rules: r}
	for n := 0; n <= seeds; n++ {
		l, err := buildLevel(ctx, t, n, opt)
		if err != nil {
			return nil, err
		}
		t.levels = append(t.levels, l)
	}
	return t, nil
}

// checkBuild checks the arguments of Compute and Build.
func checkBuild(r oware.Rules, seeds int) error {
	if !Supported(r) {
		return fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	if seeds < 0 || seeds > oware.NumSeeds {
		return fmt.Errorf("solve: %d seeds: want 0 to %d", seeds, oware.NumSeeds)
	}
	return nil
}

// budget returns the search budget of a board.
func (opt BuildOptions) budget() uint64 {
	if opt.BoardNodes == 0 {
		return DefaultBoardNodes
	}
	return opt.BoardNodes
}

// DefaultBuildTableSize is the size in bytes of the transposition table
// of each worker of a build when BuildOptions.TableSize is 0, smaller
// than a Solver's: a build's search of a board, whose positions have the
// board's own history, is faster with a table whose buckets the caches
// hold more often, and the builds measured with 32 MiB tables found the
// same values in the same positions (docs/solve.md).
const DefaultBuildTableSize = 4 << 20

// tableSize returns the size of a worker's transposition table.
func (opt BuildOptions) tableSize() int {
	if opt.TableSize > 0 {
		return opt.TableSize
	}
	return DefaultBuildTableSize
}

// treeSize returns the most bytes of a worker's proof tree.
func (opt BuildOptions) treeSize() int {
	if opt.TreeSize > 0 {
		return opt.TreeSize
	}
	return treeFor(opt.budget())
}

// buildLevel builds the level of n seeds on the levels of t below it.
func buildLevel(ctx context.Context, t *Tables, n int, opt BuildOptions) (*level, error) {
	b := newLevelBuild(t, n, opt)
	l, err := b.bounds(ctx)
	if err != nil {
		return nil, err
	}
	if err := b.refine(ctx, l, l.open(0), nil); err != nil {
		return nil, err
	}
	l.budget = opt.budget()
	b.report(Progress{Phase: "done"})
	return l, nil
}

// levelBuild is the build of one level on the levels of t below it.
type levelBuild struct {
	t        *Tables
	n        int
	opt      BuildOptions
	workers  int
	start    time.Time
	returned uint64 // the boards that the forced returns settled
}

// newLevelBuild starts the build of the level of n seeds on t.
func newLevelBuild(t *Tables, n int, opt BuildOptions) *levelBuild {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &levelBuild{t: t, n: n, opt: opt, workers: workers, start: time.Now()}
}

// report reports p, filled in, to the build's Progress.
func (b *levelBuild) report(p Progress) {
	if b.opt.Progress != nil {
		p.Rules, p.Seeds, p.Elapsed, p.Returned = b.t.rules, b.n, time.Since(b.start), b.returned
		b.opt.Progress(p)
	}
}

// bounds returns the level with the bounds known before any search: the
// cycle bounds, and for each board met for the first time, the cycle
// bounds tightened by the forced returns.
func (b *levelBuild) bounds(ctx context.Context) (*level, error) {
	t, n := b.t, b.n
	b.report(Progress{Phase: "graph"})
	lower := func(m int, i uint64) (int8, int8) { return t.levels[m].fresh(i) }
	g, err := newGraph(ctx, t.rules, n, lower, b.workers)
	if err != nil {
		return nil, err
	}
	b.report(Progress{Phase: "cycle"})
	lo, hi, err := cycleBounds(ctx, g)
	if err != nil {
		return nil, err
	}
	var open []uint64 // the boards whose cycle bounds are not exact
	for i := range lo {
		if lo[i] < hi[i] {
			open = append(open, uint64(i))
		}
	}
	b.report(Progress{Phase: "returns", Total: uint64(len(open))})
	flo, fhi := slices.Clone(lo), slices.Clone(hi)
	returned, err := forcedReturns(ctx, g, open, flo, fhi)
	if err != nil {
		return nil, err
	}
	b.returned = uint64(returned)
	l := &level{rules: t.rules, seeds: n, data: make([]byte, Size(n)*entryWidth)}
	for i := range lo {
		e := l.data[i*entryWidth:][:entryWidth]
		e[cycleLo], e[cycleHi], e[freshLo], e[freshHi] = byte(lo[i]), byte(hi[i]), byte(flo[i]), byte(fhi[i])
	}
	return l, nil
}

// open returns the indexes from first on of the boards of l whose value
// met for the first time is not exact.
func (l *level) open(first uint64) []uint64 {
	var open []uint64
	for i := first; i < Size(l.seeds); i++ {
		if lo, hi := l.fresh(i); lo < hi {
			open = append(open, i)
		}
	}
	return open
}

// found is the result of the search of the board open[k].
type found struct {
	k      int
	lo, hi int8
}

// tighten tightens the bounds met for the first time of the boards in
// data, a level's entries, to the results fs of the search of open.
func tighten(data []byte, open []uint64, fs []found) {
	for _, f := range fs {
		e := data[open[f.k]*entryWidth:][:entryWidth]
		e[freshLo], e[freshHi] = byte(max(int8(e[freshLo]), f.lo)), byte(min(int8(e[freshHi]), f.hi))
	}
}

// runLen is the number of open boards, consecutive in index order, that
// a worker of a build searches one after another as a run: the proofs
// kept in the search of one board (see keep) are kept for the next ones
// of its run, whose searches meet many of the same boards, and the
// memory is cleared at the start of each run. Since runs are fixed by
// the open boards alone, and a build saves its progress at the end of a
// run, what a build finds depends neither on the number of workers nor
// on where it was stopped and resumed. The longer the run, the more its
// boards can take from the proofs of the boards before them (the figures
// in docs/solve.md that chose 1,024 were measured with a fault in the
// sharing, since fixed). (A variable for the tests.)
var runLen = 1024

// checkpointEvery is how often a build saves the progress of the search
// of a level, and tickEvery how often it reports it (variables for the
// tests).
var checkpointEvery, tickEvery = time.Minute, time.Second

// refine searches the boards open of level l, the next level of b.t, met
// for the first time, and tightens their bounds in l. When save is not
// nil, it is called about every checkpointEvery, and once when ctx ends
// the search early, with a copy of l's entries that holds the results of
// the searches of every board of open below an index, the first of a
// run (see runLen), and that index (Size(l.seeds) when every board is
// searched): a build saves them to resume from there. A search that ctx
// stopped counts for nothing. An error of save stops the search and is
// returned.
func (b *levelBuild) refine(ctx context.Context, l *level, open []uint64, save func(data []byte, next uint64) error) error {
	if len(open) == 0 || b.opt.budget() <= 1 {
		// A budget of one node proves nothing: the search stops at its
		// first node, with the bounds it starts from, the cycle bounds.
		return nil
	}
	t := b.t
	within := &Tables{rules: t.rules, levels: append(t.levels[:len(t.levels):len(t.levels)], l)}
	budget := b.opt.budget()
	size := b.opt.tableSize()
	search, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	var (
		mu      sync.Mutex
		results []found // every search finished, in no order
		done    = make([]bool, len(open))
		prefix  int // the first k of open whose search is not done
	)
	var next, searched, solved, nodes atomic.Uint64
	var wg sync.WaitGroup
	for range b.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := newMemory(size, b.opt.treeSize())
			// The proofs of a run's searches serve the boards after
			// them: a shelf emptied in the middle of a run loses what
			// the run gains.
			m.shelf.most = max(shelfBytes, b.opt.treeSize())
			for k := uint64(len(open)); search.Err() == nil; k++ {
				if k%uint64(runLen) == 0 || k >= uint64(len(open)) {
					k = (next.Add(1) - 1) * uint64(runLen)
					if k >= uint64(len(open)) {
						return
					}
					m.clear() // each run alone, so that what it finds does not depend on the order
				} else {
					m.tt.clear() // its keys hold the root's board: no other root meets them
				}
				i := open[k]
				q := relAt(l.seeds, i)
				p := t.rules.Position(q.board())
				s := newSearcher(t.rules, within, nil, m)
				s.ctx, s.budget = search, budget
				s.enter(&p, true)
				lo, hi := s.solve(&p)
				if search.Err() != nil {
					return // cut short: not a search within the budget
				}
				mu.Lock()
				results = append(results, found{int(k), int8(lo), int8(hi)})
				done[k] = true
				mu.Unlock()
				searched.Add(1)
				nodes.Add(s.nodes)
				if lo == hi {
					solved.Add(1)
				}
			}
		}()
	}
	// checkpoint saves the entries of l with the searches of open below
	// prefix, the boards below the index it passes searched.
	checkpoint := func() error {
		mu.Lock()
		for prefix < len(open) && done[prefix] {
			prefix++
		}
		cut := prefix // the runs done, from the first
		if cut < len(open) {
			cut -= cut % runLen
		}
		data := slices.Clone(l.data)
		var below []found
		for _, f := range results {
			if f.k < cut {
				below = append(below, f)
			}
		}
		upto := Size(l.seeds)
		if cut < len(open) {
			upto = open[cut]
		}
		mu.Unlock()
		tighten(data, open, below)
		return save(data, upto)
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(tickEvery)
	defer tick.Stop()
	last := time.Now()
	progress := func() {
		b.report(Progress{Phase: "search", Done: searched.Load(), Total: uint64(len(open)), Searched: searched.Load(), Solved: solved.Load(), Nodes: nodes.Load()})
	}
	for {
		select {
		case <-finished:
			if err := context.Cause(search); err != nil {
				if save != nil && ctx.Err() != nil {
					if serr := checkpoint(); serr != nil {
						return errors.Join(err, fmt.Errorf("solve: saving the progress of the level of %d seeds: %w", l.seeds, serr))
					}
				}
				return err
			}
			tighten(l.data, open, results)
			progress()
			return nil
		case <-tick.C:
			progress()
			if save != nil && time.Since(last) >= checkpointEvery {
				last = time.Now()
				if err := checkpoint(); err != nil {
					stop(fmt.Errorf("solve: saving the progress of the level of %d seeds: %w", l.seeds, err))
					save = nil // the search stops; no more saves
				}
			}
		}
	}
}
