package solve

import (
	"context"
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
	// TableSize is the size in bytes of each worker's transposition
	// table; 0 means DefaultTableSize.
	TableSize int
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
	// phase "search" on.
	Returned uint64
}

// withReturned returns report, which also sets Returned to k.
func withReturned(report func(Progress), k uint64) func(Progress) {
	return func(p Progress) {
		p.Returned = k
		report(p)
	}
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

// buildLevel builds the level of n seeds on the levels of t below it.
func buildLevel(ctx context.Context, t *Tables, n int, opt BuildOptions) (*level, error) {
	start := time.Now()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	report := func(p Progress) {
		if opt.Progress != nil {
			p.Rules, p.Seeds, p.Elapsed = t.rules, n, time.Since(start)
			opt.Progress(p)
		}
	}
	report(Progress{Phase: "graph"})
	lower := func(m int, i uint64) (int8, int8) { return t.levels[m].fresh(i) }
	g, err := newGraph(ctx, t.rules, n, lower, workers)
	if err != nil {
		return nil, err
	}
	report(Progress{Phase: "cycle"})
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
	report(Progress{Phase: "returns", Total: uint64(len(open))})
	flo, fhi := slices.Clone(lo), slices.Clone(hi)
	returned, err := forcedReturns(ctx, g, open, flo, fhi)
	if err != nil {
		return nil, err
	}
	g = nil
	l := &level{rules: t.rules, seeds: n, data: make([]byte, Size(n)*entryWidth)}
	open = open[:0] // the boards left to search
	for i := range lo {
		e := l.data[i*entryWidth:][:entryWidth]
		e[cycleLo], e[cycleHi], e[freshLo], e[freshHi] = byte(lo[i]), byte(hi[i]), byte(flo[i]), byte(fhi[i])
		if flo[i] < fhi[i] {
			open = append(open, uint64(i))
		}
	}
	lo, hi, flo, fhi = nil, nil, nil, nil
	report = withReturned(report, uint64(returned))
	if err := refine(ctx, t, l, open, workers, opt, report); err != nil {
		return nil, err
	}
	report(Progress{Phase: "done"})
	return l, nil
}

// refine searches the boards open of level l, the next level of t, met
// for the first time, and tightens their bounds in l.
func refine(ctx context.Context, t *Tables, l *level, open []uint64, workers int, opt BuildOptions, report func(Progress)) error {
	if len(open) == 0 || opt.budget() <= 1 {
		// A budget of one node proves nothing: the search stops at its
		// first node, with the bounds it starts from, the cycle bounds.
		return nil
	}
	within := &Tables{rules: t.rules, levels: append(t.levels[:len(t.levels):len(t.levels)], l)}
	budget := opt.budget()
	size := opt.TableSize
	if size <= 0 {
		size = DefaultTableSize
	}
	type found struct {
		i      uint64
		lo, hi int8
	}
	results := make([][]found, workers)
	var next, searched, solved, nodes atomic.Uint64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := newMemory(size)
			for ctx.Err() == nil {
				k := next.Add(1) - 1
				if k >= uint64(len(open)) {
					return
				}
				i := open[k]
				q := relAt(l.seeds, i)
				p := t.rules.Position(q.board())
				m.tt.clear() // each board alone, so that what it finds does not depend on the order
				s := newSearcher(t.rules, within, nil, m)
				s.ctx, s.budget = ctx, budget
				s.enter(&p, true)
				lo, hi := s.solve(&p)
				results[w] = append(results[w], found{i, int8(lo), int8(hi)})
				searched.Add(1)
				nodes.Add(s.nodes)
				if lo == hi {
					solved.Add(1)
				}
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			if err := ctx.Err(); err != nil {
				return err
			}
			for _, rs := range results {
				for _, f := range rs {
					e := l.data[f.i*entryWidth:][:entryWidth]
					e[freshLo], e[freshHi] = byte(max(int8(e[freshLo]), f.lo)), byte(min(int8(e[freshHi]), f.hi))
				}
			}
			report(Progress{Phase: "search", Done: searched.Load(), Total: uint64(len(open)), Searched: searched.Load(), Solved: solved.Load(), Nodes: nodes.Load()})
			return nil
		case <-tick.C:
			report(Progress{Phase: "search", Done: searched.Load(), Total: uint64(len(open)), Searched: searched.Load(), Solved: solved.Load(), Nodes: nodes.Load()})
		}
	}
}
