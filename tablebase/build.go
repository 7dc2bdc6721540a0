package tablebase

import (
	"context"
	"encoding/binary"
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
			s := &solver{rules: r, n: n, lower: lower, dir: dir, workers: workers, progress: opt.Progress, start: start}
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
	dir      string   // where the moves within the level are spilled
	workers  int
	progress func(Progress)
	start    time.Time

	entries uint64
	edges   uint64
	sides   [][6]uint8 // oppSides(n)
	tasks   []task
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

	// The children within the level, in the order of the tasks, in a
	// temporary file, as little-endian indexes: task t's are at spill[t]
	// (offset and length in bytes).
	file   *os.File
	mu     sync.Mutex
	offset int64
	spill  [][2]int64

	done  atomic.Uint64 // positions handled in the current phase
	fault atomic.Pointer[error]
}

// phase weights: the share of a level's time each phase usually takes.
var phaseWeights = map[string][2]float64{ // offset, share
	"children": {0, 0.55},
	"parents":  {0.55, 0.15},
	"values":   {0.7, 0.3},
}

// solve solves the level and returns its table.
func (s *solver) solve(ctx context.Context) (*level, error) {
	n := s.n
	s.entries = Entries(n)
	if s.entries >= 1<<31 {
		return nil, fmt.Errorf("tablebase: level %d has %d positions, more than this builder indexes", n, s.entries)
	}
	s.sides = oppSides(n)
	s.tasks = tasks(n, s.sides)
	s.spill = make([][2]int64, len(s.tasks))
	f, err := os.CreateTemp(s.dir, ".moves-*.tmp")
	if err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	s.file = f
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()
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

// The positions of a level are visited by the opponent's side: for each
// side the opponent can have (with an empty pit, in the order of oppSides),
// every side of the mover with the seeds left, in lexicographic order.
// The children within the level of positions with the same opponent side
// have that side, sown into, as their mover's side, and so fall into a few
// runs of the index: the counts and predecessors they update stay in the
// processor's caches.
//
// A task is a run of opponent sides that a worker takes at a time.
type task struct {
	from, to  int    // opponent sides oppSides(n)[from:to]
	positions uint64 // the positions they make
}

// taskSize is about the number of positions of a task.
const taskSize = 1 << 14

// oppSides returns every opponent side of a board of n seeds that holds
// an empty pit, by seed count and then in lexicographic order.
func oppSides(n int) [][6]uint8 {
	var sides [][6]uint8
	for s := 0; s <= n; s++ {
		side := [6]uint8{5: uint8(s)}
		for {
			if side[0] == 0 || side[1] == 0 || side[2] == 0 || side[3] == 0 || side[4] == 0 || side[5] == 0 {
				sides = append(sides, side)
			}
			if !nextComposition(side[:]) {
				break
			}
		}
	}
	return sides
}

// tasks splits the positions of the level of n seeds, whose opponent
// sides are sides, into tasks.
func tasks(n int, sides [][6]uint8) []task {
	var ts []task
	cur := task{}
	for i, side := range sides {
		s := 0
		for _, x := range side {
			s += int(x)
		}
		cur.to = i + 1
		cur.positions += compositions(6, n-s)
		if cur.positions >= taskSize || i == len(sides)-1 {
			ts = append(ts, cur)
			cur = task{from: i + 1, to: i + 1}
		}
	}
	return ts
}

// visit calls f with every position of task t and its index, in order.
func (s *solver) visit(t task, f func(i uint64, p *pits)) {
	for _, opp := range s.sides[t.from:t.to] {
		left := s.n
		for _, x := range opp {
			left -= int(x)
		}
		var p pits
		copy(p[6:], opp[:])
		p[5] = uint8(left)
		mover := (*[6]uint8)(p[:6])
		for {
			f(p.rank(s.n), &p)
			if !nextComposition(mover[:]) {
				break
			}
		}
	}
}

// parallel runs work on every task of the level, shared among the
// workers, reporting progress until they are done.
func (s *solver) parallel(ctx context.Context, phase string, work func(id int, buf []byte, out *[6]child) []byte) error {
	s.done.Store(0)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out [6]child
			var buf []byte
			for ctx.Err() == nil && s.fault.Load() == nil {
				id := int(next.Add(1) - 1)
				if id >= len(s.tasks) {
					return
				}
				buf = work(id, buf[:0], &out)
				s.done.Add(s.tasks[id].positions)
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

// countChildren is the phase "children" for task id: it computes each
// position's best move out of the level and its moves within it, counts
// the predecessors of their children and spills the children to the
// file, through buf.
func (s *solver) countChildren(id int, buf []byte, out *[6]child) []byte {
	s.visit(s.tasks[id], func(i uint64, p *pits) {
		count, value := children(&s.rules, p, s.n, out)
		if count == 0 {
			s.extLo[i], s.extHi[i] = value, value // the game is over
			return
		}
		lo, hi, within := int8(unset), int8(unset), uint8(0)
		for _, c := range out[:count] {
			if c.captured == 0 {
				j, ok := s.index(&c.pits, s.n)
				if !ok {
					return
				}
				atomic.AddUint32(&s.first[j], 1)
				buf = binary.LittleEndian.AppendUint32(buf, uint32(j))
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
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.file.WriteAt(buf, s.offset); err != nil {
		s.fail(fmt.Errorf("tablebase: %w", err))
	}
	s.spill[id] = [2]int64{s.offset, int64(len(buf))}
	s.offset += int64(len(buf))
	return buf
}

// storeParents is the phase "parents" for task id: it reads the children
// that "children" spilled and stores each position as a predecessor of
// its children within the level.
func (s *solver) storeParents(id int, buf []byte, _ *[6]child) []byte {
	at, size := s.spill[id][0], s.spill[id][1]
	if int64(cap(buf)) < size {
		buf = make([]byte, size)
	}
	buf = buf[:size]
	if _, err := s.file.ReadAt(buf, at); err != nil {
		s.fail(fmt.Errorf("tablebase: %w", err))
		return buf
	}
	next := buf
	s.visit(s.tasks[id], func(i uint64, _ *pits) {
		for range s.waiting[i] {
			j := binary.LittleEndian.Uint32(next)
			next = next[4:]
			at := atomic.AddUint32(&s.first[j], ^uint32(0))
			s.parents[at] = uint32(i)
		}
	})
	return buf
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
