package tablebase

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed3966233f/oware"
)

// BuildOptions tune [Build]. The zero value uses every CPU and reports
// nothing.
type BuildOptions struct {
	// Workers is the number of goroutines that generate moves; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when not nil, is called from Build's goroutine about once
	// a second while a level is built, and once when each level is done.
	Progress func(Progress)
}

// Progress reports how far [Build] has got.
type Progress struct {
	Rules oware.Rules
	Seeds int // the level being built
	// Phase is "children" (generating every position's moves, counting
	// each position's predecessors), "parents" (generating them again to
	// store the predecessors), "values" (solving the level), or "done".
	Phase string
	// Done and Total count the positions of the level that the whole
	// build of the level has handled, the phases weighted by their usual
	// share of the time.
	Done, Total uint64
	// Elapsed is the time spent on the level so far.
	Elapsed time.Duration
	// Existing reports, with Phase "done", that the level's file was
	// there already and was checked and read instead of being built.
	Existing bool
	// Edges is the number of moves within the level (that capture
	// nothing), known from the phase "parents" on.
	Edges uint64
}

// unset marks a bound not yet known while a level is solved.
const unset = math.MinInt8

// Build builds the tables of rules r for every seed count from 0 to seeds
// into the directory dir, which it creates if needed, one file per level.
// A level whose file is already there is checked and read instead of
// being built, so that an interrupted build resumes where it stopped. It
// stops early with ctx's error when ctx is done.
//
// A level is solved in memory: with N positions and E moves that capture
// nothing, it takes about 9N + 4E bytes (2N more for bounds) besides the
// lower levels, which are held too (see the README for the figures).
func Build(ctx context.Context, dir string, r oware.Rules, seeds int, opt BuildOptions) error {
	if !Supported(r) {
		return fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	if seeds < 0 || seeds > MaxSeeds {
		return fmt.Errorf("tablebase: %d seeds: want 0 to %d", seeds, MaxSeeds)
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	name, _ := r.MarshalText()
	var lower []*level
	for n := 0; n <= seeds; n++ {
		start := time.Now()
		path := filepath.Join(dir, fileName(string(name), n))
		l, err := readLevel(path)
		existing := err == nil
		switch {
		case existing && (l.rules != r || l.seeds != n):
			return &FormatError{File: path, Msg: "holds another level"}
		case errors.Is(err, os.ErrNotExist):
			s := &solver{rules: r, n: n, lower: lower, workers: workers, progress: opt.Progress, start: start}
			if l, err = s.solve(ctx); err != nil {
				return err
			}
			if err := writeLevel(dir, l); err != nil {
				return fmt.Errorf("tablebase: %w", err)
			}
		case err != nil:
			return err
		}
		lower = append(lower, l)
		if opt.Progress != nil {
			e := Entries(n)
			opt.Progress(Progress{Rules: r, Seeds: n, Phase: "done", Done: e, Total: e,
				Elapsed: time.Since(start), Existing: existing})
		}
	}
	return nil
}

// solver solves one level.
type solver struct {
	rules    oware.Rules
	n        int
	lower    []*level // the levels below n, by seed count
	workers  int
	progress func(Progress)
	start    time.Time

	entries uint64
	edges   uint64
	// Per position: the best of the moves that leave the level (captures),
	// for the lower and for the upper bound (unset when there are none,
	// and the value itself for a finished game); and the moves within the
	// level whose child is not yet known to have a lower bound at the
	// current threshold.
	extLo, extHi []int8
	waiting      []uint8
	// The predecessors within the level: those of position i are
	// parents[first[i]:first[i+1]].
	first   []uint32
	parents []uint32
	lo, hi  []int8

	done  atomic.Uint64 // positions handled in the current phase
	fault atomic.Pointer[error]
}

// phase weights: the share of a level's time each phase usually takes.
var phaseWeights = map[string][2]float64{ // offset, share
	"children": {0, 0.45},
	"parents":  {0.45, 0.45},
	"values":   {0.9, 0.1},
}

// solve solves the level and returns its table.
func (s *solver) solve(ctx context.Context) (*level, error) {
	n := s.n
	s.entries = Entries(n)
	if s.entries >= 1<<31 {
		return nil, fmt.Errorf("tablebase: level %d has %d positions, more than this builder indexes", n, s.entries)
	}
	s.extLo = make([]int8, s.entries)
	s.extHi = make([]int8, s.entries)
	s.waiting = make([]uint8, s.entries)
	s.first = make([]uint32, s.entries+1)
	if err := s.parallel(ctx, "children", s.countChildren); err != nil {
		return nil, err
	}
	var sum uint64
	for i := range s.entries {
		sum += uint64(s.first[i])
		if sum > math.MaxUint32 {
			return nil, fmt.Errorf("tablebase: level %d has more than %d moves within it, more than this builder indexes", n, uint64(math.MaxUint32))
		}
		s.first[i] = uint32(sum) // the end of i's predecessors, until "parents" moves it to their start
	}
	s.first[s.entries] = uint32(sum)
	s.edges = sum
	s.parents = make([]uint32, sum)
	if err := s.parallel(ctx, "parents", s.storeParents); err != nil {
		return nil, err
	}
	s.report("values", 0)
	s.propagate()
	s.extLo, s.extHi, s.waiting, s.first, s.parents = nil, nil, nil, nil, nil
	l := &level{rules: s.rules, seeds: n, width: entryWidth(s.rules)}
	if l.width == 1 {
		l.data = s.exactValues()
	} else {
		l.data = s.boundPairs()
	}
	s.lo, s.hi = nil, nil
	debug.FreeOSMemory()
	return l, nil
}

// chunk is the number of positions a worker takes at a time.
const chunk = 1 << 14

// parallel runs work over every position of the level, split in chunks
// among the workers, reporting progress until they are done.
func (s *solver) parallel(ctx context.Context, phase string, work func(from, to uint64, out *[6]child)) error {
	s.done.Store(0)
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out [6]child
			for ctx.Err() == nil && s.fault.Load() == nil {
				from := next.Add(chunk) - chunk
				if from >= s.entries {
					return
				}
				to := min(from+chunk, s.entries)
				work(from, to, &out)
				s.done.Add(to - from)
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
			if err := s.fault.Load(); err != nil {
				return *err
			}
			return ctx.Err()
		case <-tick.C:
			s.report(phase, s.done.Load())
		}
	}
}

// report calls the progress function, if any.
func (s *solver) report(phase string, done uint64) {
	if s.progress == nil {
		return
	}
	w := phaseWeights[phase]
	frac := w[0] + w[1]*float64(done)/float64(max(s.entries, 1))
	s.progress(Progress{Rules: s.rules, Seeds: s.n, Phase: phase, Done: uint64(frac * float64(s.entries)),
		Total: s.entries, Elapsed: time.Since(s.start), Edges: s.edges})
}

// fail records the first error of a worker.
func (s *solver) fail(err error) { s.fault.CompareAndSwap(nil, &err) }

// countChildren is the phase "children" over the positions from to to: it
// computes each position's best move out of the level and its moves
// within it, and counts the predecessors of their children.
func (s *solver) countChildren(from, to uint64, out *[6]child) {
	p := unrank(s.n, from)
	for i := from; i < to; i++ {
		count, value := children(&s.rules, &p, s.n, out)
		if count == 0 {
			s.extLo[i], s.extHi[i] = value, value // the game is over
		} else {
			lo, hi, within := int8(unset), int8(unset), uint8(0)
			for _, c := range out[:count] {
				if c.captured == 0 {
					j, ok := s.index(&c.pits, s.n)
					if !ok {
						return
					}
					atomic.AddUint32(&s.first[j], 1)
					within++
					continue
				}
				cl, ch, ok := s.lookup(&c)
				if !ok {
					return
				}
				lo = max(lo, int8(c.captured)-ch)
				hi = max(hi, int8(c.captured)-cl)
			}
			s.extLo[i], s.extHi[i], s.waiting[i] = lo, hi, within
		}
		p.nextValid()
	}
}

// storeParents is the phase "parents" over the positions from to to: it
// stores each position as a predecessor of its children within the level.
func (s *solver) storeParents(from, to uint64, out *[6]child) {
	p := unrank(s.n, from)
	for i := from; i < to; i++ {
		count, _ := children(&s.rules, &p, s.n, out)
		for _, c := range out[:count] {
			if c.captured == 0 {
				j, _ := s.index(&c.pits, s.n)
				at := atomic.AddUint32(&s.first[j], ^uint32(0))
				s.parents[at] = uint32(i)
			}
		}
		p.nextValid()
	}
}

// index returns the index of the board p of n seeds, or records an error
// and reports false when p cannot be in the table.
func (s *solver) index(p *pits, n int) (uint64, bool) {
	if !p.valid() {
		s.fail(fmt.Errorf("tablebase: a move leads to %v, whose side that just moved has no empty pit", *p))
		return 0, false
	}
	return p.rank(n), true
}

// lookup returns the bounds of the child of a capture, from a lower level.
func (s *solver) lookup(c *child) (lo, hi int8, ok bool) {
	m := s.n - int(c.captured)
	j, ok := s.index(&c.pits, m)
	if !ok {
		return 0, 0, false
	}
	lo, hi = s.lower[m].bounds(j)
	return lo, hi, true
}

// propagate solves the level by thresholds, from the highest value down.
// At threshold t, the positions whose lower bound is at least t are those
// whose mover can force, against any defence, reaching a move out of the
// level worth at least t (an endless game counting as the worst); the
// positions whose upper bound is at most -t are those whose every move
// leads out of the level at most -t or into such a position. Both sets
// grow as t falls: a position joins the first when a move out of the
// level is worth t or a child joins the second, and the second when its
// moves out are worth at most -t and its last child within the level
// joins the first. Each position joins each set once, and each move
// within the level is followed back once per set.
//
// Under exact rules (a repetition worth 0), the value is the lower bound
// where it is positive, the upper bound where it is negative, and 0
// otherwise, so the thresholds stop at 1.
func (s *solver) propagate() {
	n := s.n
	s.lo = make([]int8, s.entries)
	s.hi = make([]int8, s.entries)
	for i := range s.lo {
		s.lo[i], s.hi[i] = unset, unset
	}
	lowest := -n + 1
	if Exact(s.rules) {
		lowest = 1
	}
	stack := make([]uint32, 0, 1<<12)
	const joinsLo = 1 << 31 // marks a position that joined the first set
	steps := n - lowest + 1
	for t := n; t >= lowest; t-- {
		s.report("values", uint64(n-t)*s.entries/uint64(max(steps, 1)))
		tv, nt := int8(t), int8(-t)
		for i := range s.entries {
			if s.extLo[i] == tv && s.lo[i] == unset {
				s.lo[i] = tv
				stack = append(stack, uint32(i)|joinsLo)
			}
			if s.extHi[i] == nt && s.waiting[i] == 0 && s.hi[i] == unset {
				s.hi[i] = nt
				stack = append(stack, uint32(i))
			}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				ps := s.parents[s.first[x&^joinsLo]:s.first[x&^joinsLo+1]]
				if x&joinsLo != 0 {
					for _, p := range ps {
						s.waiting[p]--
						if s.waiting[p] == 0 && s.extHi[p] <= nt && s.hi[p] == unset {
							s.hi[p] = nt
							stack = append(stack, p)
						}
					}
				} else {
					for _, p := range ps {
						if s.lo[p] == unset {
							s.lo[p] = tv
							stack = append(stack, p|joinsLo)
						}
					}
				}
			}
		}
	}
}

// exactValues returns the entries of an exact level: the lower bound where
// it is positive, the upper bound where it is negative, 0 elsewhere.
func (s *solver) exactValues() []byte {
	data := make([]byte, s.entries)
	for i := range data {
		switch {
		case s.lo[i] != unset:
			data[i] = byte(s.lo[i])
		case s.hi[i] != unset:
			data[i] = byte(s.hi[i])
		}
	}
	return data
}

// boundPairs returns the entries of a level of bounds: a bound never
// reached is the extreme, -n or n.
func (s *solver) boundPairs() []byte {
	data := make([]byte, 2*s.entries)
	for i := range s.entries {
		lo, hi := s.lo[i], s.hi[i]
		if lo == unset {
			lo = int8(-s.n)
		}
		if hi == unset {
			hi = int8(s.n)
		}
		data[2*i], data[2*i+1] = byte(lo), byte(hi)
	}
	return data
}
