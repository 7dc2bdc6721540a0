package tablebase

import (
	"bytes"
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

// BuildOptions tune [Build] and [Compute]. The zero value uses every CPU and reports
// nothing.
type BuildOptions struct {
	// Workers is the number of goroutines that generate moves and solve
	// the levels; 0 means runtime.GOMAXPROCS(0).
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
	// each position's predecessors, spilling the moves to a temporary
	// file in the directory), "parents" (reading them back to store the
	// predecessors), "values" (solving the level), or "done".
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
	// nothing), known from the phase "parents" on; 0 for a level read
	// from its file.
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
// nothing, it takes about 6.5N + 4E bytes, besides the lower levels, which
// are held while the moves are generated (see the README for the
// figures), and a temporary file of 4E bytes in dir.
func Build(ctx context.Context, dir string, r oware.Rules, seeds int, opt BuildOptions) error {
	if !Supported(r) {
		return fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	if seeds < 0 || seeds > maxSeeds {
		return fmt.Errorf("tablebase: %d seeds: want 0 to %d", seeds, maxSeeds)
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
		var edges uint64
		switch {
		case existing && (l.rules != r || l.seeds != n):
			return &FormatError{File: path, Msg: "holds another level"}
		case errors.Is(err, os.ErrNotExist):
			// The solver holds the only references to the lower levels,
			// so that it can let them go.
			s := &solver{rules: r, n: n, lower: lower, dir: dir, workers: workers, progress: opt.Progress, start: start}
			lower = nil
			if l, err = s.solve(ctx); err != nil {
				return err
			}
			edges = s.edges
			if err := writeLevel(dir, l); err != nil {
				return fmt.Errorf("tablebase: %w", err)
			}
			lower = s.lower
			if lower == nil { // dropped to make room: read them again
				for m := range n {
					again, err := readLevel(filepath.Join(dir, fileName(string(name), m)))
					if err != nil {
						return err
					}
					lower = append(lower, again)
				}
			}
		case err != nil:
			return err
		}
		lower = append(lower, l)
		if opt.Progress != nil {
			e := Entries(n)
			opt.Progress(Progress{Rules: r, Seeds: n, Phase: "done", Done: e, Total: e,
				Elapsed: time.Since(start), Existing: existing, Edges: edges})
		}
	}
	return nil
}

// Compute solves the tables of rules r for every seed count from 0 to
// seeds in memory and returns them, writing no file: for the small levels
// that a program can afford to solve when it starts. Up to 12 seeds, they
// take one to two seconds on two cores, 45 MB at the peak and 5 MB once
// solved; up to 15, 11 to 13 seconds, 250 MB and 34 MB. It takes the
// memory that [Build] does, with the moves within a level held in memory
// instead of a temporary file, and stops early with ctx's error when ctx
// is done.
func Compute(ctx context.Context, r oware.Rules, seeds int, opt BuildOptions) (*Tables, error) {
	if !Supported(r) {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	if seeds < 0 || seeds > maxSeeds {
		return nil, fmt.Errorf("tablebase: %d seeds: want 0 to %d", seeds, maxSeeds)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := set{rules: r}
	for n := 0; n <= seeds; n++ {
		start := time.Now()
		sv := &solver{rules: r, n: n, lower: s.levels, keep: true, workers: workers, progress: opt.Progress, start: start}
		l, err := sv.solve(ctx)
		if err != nil {
			return nil, err
		}
		s.levels = append(s.levels, l)
		s.sizes = append(s.sizes, headerSize+int64(len(l.data)))
		if opt.Progress != nil {
			e := Entries(n)
			opt.Progress(Progress{Rules: r, Seeds: n, Phase: "done", Done: e, Total: e,
				Elapsed: time.Since(start), Edges: sv.edges})
		}
	}
	return &Tables{sets: []set{s}}, nil
}

// solver solves one level.
type solver struct {
	rules    oware.Rules
	n        int
	lower    []*level // the levels below n, by seed count; nil once dropped
	dir      string   // where the moves within the level are spilled
	keep     bool     // hold the moves in memory and keep the lower levels (Compute)
	workers  int
	progress func(Progress)
	start    time.Time

	entries uint64
	edges   uint64
	sides   [][6]uint8 // oppSides(n)
	tasks   []task
	// Per position: the best of the moves that leave the level (captures)
	// for the lower bound (unset when there are none, and the value
	// itself for a finished game); and a word of four bytes (see the
	// state layout) that the solution reads and writes at random, so
	// that following a move back costs one cache miss.
	extLo []int8
	state []uint32
	// The predecessors within the level, in one array: those of position
	// i are parents[from(i) : from(i)+indegree(i)] (see block).
	blocks  []block
	parents []uint32

	// The children within the level, in the order of the tasks, in a
	// temporary file, as little-endian indexes: task t's are at spill[t]
	// (offset and length in bytes).
	file   *os.File
	held   [][]byte // in place of the file, with keep: task t's children
	mu     sync.Mutex
	offset int64
	spill  [][2]int64

	done  atomic.Uint64 // positions handled in the current phase
	fault atomic.Pointer[error]
}

// phase weights: the share of a level's time each phase usually takes.
var phaseWeights = map[string][2]float64{ // offset, share
	"children": {0, 0.45},
	"parents":  {0.45, 0.1},
	"values":   {0.55, 0.45},
}

// dropLower is the size in bytes of the lower levels above which the
// solver lets them go once it no longer needs them, to be read again
// after the level is written. A variable, for the tests.
var dropLower = 64 << 20

// solve solves the level and returns its table.
func (s *solver) solve(ctx context.Context) (*level, error) {
	n := s.n
	s.entries = Entries(n)
	if s.entries >= 1<<31 || 6*n > math.MaxUint8 {
		return nil, fmt.Errorf("tablebase: level %d has %d positions, more than this builder indexes", n, s.entries)
	}
	s.sides = oppSides(n)
	s.tasks = tasks(n, s.sides)
	s.spill = make([][2]int64, len(s.tasks))
	if s.keep {
		s.held = make([][]byte, len(s.tasks))
	} else {
		f, err := os.CreateTemp(s.dir, ".moves-*.tmp")
		if err != nil {
			return nil, fmt.Errorf("tablebase: %w", err)
		}
		s.file = f
		defer func() {
			f.Close()
			os.Remove(f.Name())
		}()
	}
	s.extLo = make([]int8, s.entries)
	s.state = make([]uint32, s.entries)
	s.blocks = make([]block, (s.entries+15)/16)
	if err := s.parallel(ctx, "children", s.countChildren); err != nil {
		return nil, err
	}
	size := 0
	for _, l := range s.lower {
		size += len(l.data)
	}
	if size > dropLower && !s.keep {
		s.lower = nil
		debug.FreeOSMemory()
	}
	var sum uint64
	for b := range s.blocks {
		s.blocks[b].start = uint32(sum)
		sum += byteSum(s.blocks[b].indeg[0]) + byteSum(s.blocks[b].indeg[1])
		if sum > math.MaxUint32 {
			return nil, fmt.Errorf("tablebase: level %d has more than %d moves within it, more than this builder indexes", n, uint64(math.MaxUint32))
		}
	}
	s.edges = sum
	s.parents = make([]uint32, sum)
	if err := s.parallel(ctx, "parents", s.storeParents); err != nil {
		return nil, err
	}
	for i, w := range s.state { // the bounds, which counted the predecessors stored
		s.state[i] = s.initialState(uint8(w>>waitingShift), field(w, extHiShift))
	}
	if err := s.propagate(ctx); err != nil {
		return nil, err
	}
	s.blocks, s.parents = nil, nil
	debug.FreeOSMemory()
	l := &level{rules: s.rules, seeds: n, width: entryWidth(s.rules), data: s.entryBytes()}
	s.extLo, s.state = nil, nil
	debug.FreeOSMemory()
	return l, nil
}

// The state of a position while its level is solved, one word: the
// moves within the level whose child has not joined the first set of the
// current threshold; the best upper worth of the moves out of the level
// (unset when there are none, the value itself for a finished game); and
// the bounds found so far, lo and hi, the extremes (unset and MaxInt8)
// while not found. Under exact rules both start at 0: positive lower
// bounds and negative upper bounds are all that is looked for.
const (
	waitingShift = 0
	extHiShift   = 8
	loShift      = 16
	hiShift      = 24
)

// stateOf returns the state word of a position.
func stateOf(waiting uint8, extHi, lo, hi int8) uint32 {
	return uint32(waiting)<<waitingShift | uint32(uint8(extHi))<<extHiShift |
		uint32(uint8(lo))<<loShift | uint32(uint8(hi))<<hiShift
}

// field returns the signed byte of a state word at shift.
func field(w uint32, shift uint) int8 { return int8(w >> shift) }

// block is 16 positions' share of the index of predecessors.
type block struct {
	start uint32    // where the predecessors of its first position start
	indeg [2]uint64 // the number of predecessors of each position, a byte each
}

// byteSum returns the sum of the eight bytes of w.
func byteSum(w uint64) uint64 {
	const lanes = 0x00ff_00ff_00ff_00ff
	w = w&lanes + w>>8&lanes                        // four sums of two bytes, 16 bits each
	return w * 0x0001_0001_0001_0001 >> 48 & 0xffff // their sum, at most 8×255
}

// addByte adds 1 to byte i (0–7) of *w, atomically, and returns its new
// value. A position has at most 6n predecessors (one per pit and seed
// count that its opponent could have sown), so no byte overflows.
func addByte(w *uint64, i uint64) uint64 {
	shift := 8 * (i & 7)
	return atomic.AddUint64(w, 1<<shift) >> shift & 0xff
}

// indegree returns the word and byte of position i's in-degree.
func (s *solver) indegree(i uint64) (*uint64, uint64) {
	return &s.blocks[i>>4].indeg[i>>3&1], i & 7
}

// from returns where the predecessors of position i start in s.parents,
// and how many there are.
func (s *solver) from(i uint64) (uint64, uint64) {
	b := &s.blocks[i>>4]
	at := uint64(b.start)
	w := b.indeg[i>>3&1]
	if i>>3&1 == 1 {
		at += byteSum(b.indeg[0])
	}
	shift := 8 * (i & 7)
	return at + byteSum(w&(1<<shift-1)), w >> shift & 0xff
}

// preds returns the predecessors of position i within the level.
func (s *solver) preds(i uint64) []uint32 {
	from, count := s.from(i)
	return s.parents[from : from+count]
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
			s.extLo[i], s.state[i] = value, stateOf(0, value, 0, 0) // the game is over
			return
		}
		lo, hi, within := int8(unset), int8(unset), uint8(0)
		for _, c := range out[:count] {
			if c.captured == 0 {
				j, ok := s.index(&c.pits, s.n)
				if !ok {
					return
				}
				addByte(s.indegree(j))
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
		s.extLo[i], s.state[i] = lo, stateOf(within, hi, 0, 0)
	})
	if s.keep {
		s.held[id] = bytes.Clone(buf)
		return buf
	}
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
// its children within the level. The byte of a child's lower bound,
// 0 until the bounds are set, counts the predecessors stored so far (at
// most 6n, so it does not carry into the next).
func (s *solver) storeParents(id int, buf []byte, _ *[6]child) []byte {
	var next []byte
	if s.keep {
		next, s.held[id] = s.held[id], nil
	} else {
		at, size := s.spill[id][0], s.spill[id][1]
		if int64(cap(buf)) < size {
			buf = make([]byte, size)
		}
		buf = buf[:size]
		if _, err := s.file.ReadAt(buf, at); err != nil {
			s.fail(fmt.Errorf("tablebase: %w", err))
			return buf
		}
		next = buf
	}
	s.visit(s.tasks[id], func(i uint64, _ *pits) {
		for range uint8(atomic.LoadUint32(&s.state[i]) >> waitingShift) {
			j := uint64(binary.LittleEndian.Uint32(next))
			next = next[4:]
			from, _ := s.from(j)
			stored := atomic.AddUint32(&s.state[j], 1<<loShift) >> loShift & 0xff
			s.parents[from+uint64(stored)-1] = uint32(i)
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
func (s *solver) propagate(ctx context.Context) error {
	n := s.n
	lowest := -n + 1
	if Exact(s.rules) {
		lowest = 1
	}
	steps := n - lowest + 1
	for t := n; t >= lowest; t-- {
		s.report("values", uint64(n-t)*s.entries/uint64(max(steps, 1)))
		if err := s.threshold(ctx, t, lowest); err != nil {
			return err
		}
	}
	return nil
}

// initialState returns the state of a position before its level is
// solved.
func (s *solver) initialState(waiting uint8, extHi int8) uint32 {
	if Exact(s.rules) {
		return stateOf(waiting, extHi, 0, 0)
	}
	return stateOf(waiting, extHi, unset, math.MaxInt8)
}

// valuesChunk is the most positions a worker scans at a time; small
// levels are cut finer, so that every worker has a share.
const valuesChunk = 1 << 16

// threshold adds the positions that join the two sets at threshold t,
// the workers sharing the scan and each following the moves back from
// what it finds. Positions join through atomic updates of their state, so
// that each joins once whoever finds it; the sets that result are the
// same in any order.
func (s *solver) threshold(ctx context.Context, t, lowest int) error {
	var next atomic.Uint64
	var wg sync.WaitGroup
	size := min(valuesChunk, max(s.entries/uint64(4*s.workers), 256))
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := joiner{s: s, t: int8(t), least: int8(lowest), stack: make([]uint32, 0, 1<<10)}
			for ctx.Err() == nil {
				from := next.Add(size) - size
				if from >= s.entries {
					return
				}
				j.scan(from, min(from+size, s.entries))
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// joiner finds the positions that join the sets at one threshold.
type joiner struct {
	s     *solver
	t     int8     // the threshold
	least int8     // the lowest threshold: a lower bound below it is not found yet
	stack []uint32 // positions that joined, whose predecessors are to be looked at
}

// joinsLo marks, on the stack, a position that joined the first set.
const joinsLo = 1 << 31

// scan looks for the positions from to to that join by their own moves,
// and follows each back.
func (j *joiner) scan(from, to uint64) {
	s, t, most := j.s, j.t, -j.least
	for i := from; i < to; i++ {
		if s.extLo[i] == t && j.join(i, loShift) {
			j.stack = append(j.stack, uint32(i)|joinsLo)
		}
		w := atomic.LoadUint32(&s.state[i])
		if field(w, extHiShift) == -t && uint8(w>>waitingShift) == 0 && field(w, hiShift) > most && j.join(i, hiShift) {
			j.stack = append(j.stack, uint32(i))
		}
		for len(j.stack) > 0 {
			x := j.stack[len(j.stack)-1]
			j.stack = j.stack[:len(j.stack)-1]
			if x&joinsLo != 0 {
				j.lowered(uint64(x &^ joinsLo))
			} else {
				j.raised(uint64(x))
			}
		}
	}
}

// lowered follows back a position that joined the first set: each
// predecessor has one child fewer outside it, and joins the second set
// when that was its last and its moves out are worth at most -t.
func (j *joiner) lowered(x uint64) {
	s, nt, most := j.s, -j.t, -j.least
	for _, p := range s.preds(x) {
		w := atomic.AddUint32(&s.state[p], ^uint32(0)) // one fewer waiting (never below 0)
		if uint8(w>>waitingShift) == 0 && field(w, extHiShift) <= nt && field(w, hiShift) > most && j.join(uint64(p), hiShift) {
			j.stack = append(j.stack, p)
		}
	}
}

// raised follows back a position that joined the second set: each
// predecessor can move there, and joins the first.
func (j *joiner) raised(x uint64) {
	s := j.s
	for _, p := range s.preds(x) {
		if field(atomic.LoadUint32(&s.state[p]), loShift) < j.least && j.join(uint64(p), loShift) {
			j.stack = append(j.stack, p|joinsLo)
		}
	}
}

// join sets the bound at shift of position i to the threshold (lo) or
// its opposite (hi), unless it is set already, and reports whether it
// set it.
func (j *joiner) join(i uint64, shift uint) bool {
	v := j.t
	if shift == hiShift {
		v = -j.t
	}
	for {
		w := atomic.LoadUint32(&j.s.state[i])
		b := field(w, shift)
		if shift == loShift && b >= j.least || shift == hiShift && b <= -j.least {
			return false
		}
		nw := w&^(0xff<<shift) | uint32(uint8(v))<<shift
		if atomic.CompareAndSwapUint32(&j.s.state[i], w, nw) {
			return true
		}
	}
}

// entryBytes returns the entries of the level. Under exact rules: the
// lower bound where it is positive, the upper bound where it is negative,
// 0 elsewhere. Otherwise the two bounds, a bound never reached being the
// extreme, -n or n.
func (s *solver) entryBytes() []byte {
	if Exact(s.rules) {
		data := make([]byte, s.entries)
		for i, w := range s.state {
			switch lo, hi := field(w, loShift), field(w, hiShift); {
			case lo > 0:
				data[i] = byte(lo)
			case hi < 0:
				data[i] = byte(hi)
			}
		}
		return data
	}
	data := make([]byte, 2*s.entries)
	for i, w := range s.state {
		lo, hi := field(w, loShift), field(w, hiShift)
		if lo == unset {
			lo = int8(-s.n)
		}
		if hi == math.MaxInt8 {
			hi = int8(s.n)
		}
		data[2*i], data[2*i+1] = byte(lo), byte(hi)
	}
	return data
}
