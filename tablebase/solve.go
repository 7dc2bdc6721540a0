package tablebase

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/seed3966233f/oware"
)

// The solution of one level (see "How a level is built" in the package
// documentation). Each position has a state byte per bound (one under
// exact rules, whose lower and upper bounds never both join) and a
// nibble counting its moves within the level whose child has not yet
// joined the first set; nothing else is stored. The moves within the
// level are generated again, backwards, when a position joins a set: its
// parents are the positions that learn of it.
//
// A state byte holds, in its low seven bits as a signed number, the
// bound once found (the top bit set), and until then the best worth of
// the moves that leave the level (the top bit clear; noExit when there
// are none, the value itself for a finished game).
//
// Under the rules of bounds, up to packedMost seeds, the upper bound's
// byte also holds the count, so that the level takes two bytes a
// position rather than two and a half (see hiCode). Under exact rules,
// up to exactPackedMost seeds, the one state byte holds the count too,
// where it can matter: a byte a position rather than one and a half.
const (
	foundBit byte = 0x80
	noExit   int8 = -64 // below every threshold: no move leaves the level
)

// exitByte returns the state byte of a bound not yet found, whose moves
// out of the level are worth v at best.
func exitByte(v int8) byte { return byte(v) &^ foundBit }

// foundByte returns the state byte of a bound found to be v.
func foundByte(v int8) byte { return byte(v)&^foundBit | foundBit }

// stateValue returns the number a state byte holds.
func stateValue(b byte) int8 { return int8(b<<1) >> 1 }

// solver solves one level, or one slice of it: the positions of index
// first to last-1, their state indexed from first. A slice learns from
// the other slices of the level, and tells them, which of their positions
// a position joining a set is a parent of, through exchange.
type solver struct {
	rules       oware.Rules
	n           int
	exact       bool
	first, last uint64
	lower       []*level   // the levels below n, by seed count
	ranks       *wordRanks // the ranks of the boards of every level
	workers     int
	report      func(phase string, done uint64)
	// exchange, for a slice, sends the messages to the other slices
	// (see message) and returns those they sent this slice, and their
	// number over all the slices; nil for a whole level.
	exchange func(ctx context.Context, out []uint64) (in []uint64, total uint64, err error)

	// lo and hi are the state bytes of the bounds; hi is nil under
	// exact rules, where lo holds the value. cnt holds a nibble per
	// position, the position of even index in the low one; it is nil
	// when packed, where the upper bound's byte holds the counts (hi,
	// or lo under exact rules: see hiCode).
	lo, hi []byte
	cnt    []byte
	packed bool
	// least and counted are hiLeast and hiCounted, which the updates ask
	// for at every parent: computed once.
	least, counted byte
	// odd is set when a position's best worth out of the level, which
	// examine stores, has not the level's parity: the packed bytes
	// cannot hold it.
	odd   atomic.Bool
	edges atomic.Uint64 // the moves within the level
	sink  atomic.Uint32 // what the batches read ahead, so that the reads stay
}

// A message tells a slice that a child of one of its positions joined a
// set: the position's index in the level, shifted left by one, with
// toRaise, the child joined the second set (the parent joins the first);
// without, it joined the first (the parent has one child fewer outside
// it).
const toRaise = 1

// newSolver returns the solver of the positions first to last-1 of the
// level of n seeds under rules r, the lower levels given, with its state
// allocated. first is a multiple of 16, so that no word of the state is
// shared with another slice.
func newSolver(r oware.Rules, n int, first, last uint64, lower []*level, workers int, report func(string, uint64)) (*solver, error) {
	s := &solver{rules: r, n: n, exact: Exact(r), first: first, last: last, lower: lower, workers: workers, report: report}
	if Entries(n) > math.MaxInt64/2 || 6*n > math.MaxUint8 {
		return nil, fmt.Errorf("tablebase: level %d has %d positions, more than this builder indexes", n, Entries(n))
	}
	s.ranks = theWordRanks()
	// Whole words of eight bytes (sixteen nibbles), for the atomic
	// updates of four bytes at a time.
	size := last - first
	var err error
	s.setLayout(n <= packedMost && !s.exact || n <= exactPackedMost && s.exact)
	if s.lo, err = allocBytes(roundUp(size, 8)); err == nil && !s.exact {
		s.hi, err = allocBytes(roundUp(size, 8))
	}
	if err == nil && !s.packed {
		s.cnt, err = allocBytes(roundUp(size, 16) / 2)
	}
	if err != nil {
		s.free()
		return nil, fmt.Errorf("tablebase: level %d: %w", n, err)
	}
	return s, nil
}

// setLayout sets whether the state is packed (see hiCode), with the
// bytes that depend on it, and returns s.
func (s *solver) setLayout(packed bool) *solver {
	s.packed = packed
	switch {
	case !packed:
		s.least, s.counted = foundBit, foundBit
	case s.exact: // the counted worths noExit and -n to -1, then the worths 0 to n
		s.counted = byte((s.n + 1) * hiCounts)
		s.least = s.counted + byte(s.n+1)
	default: // the worths noExit and -n to n of the level's parity, each with its counts
		s.least = byte((s.n + 2) * hiCounts)
		s.counted = s.least
	}
	return s
}

// size returns the number of positions of the solver.
func (s *solver) size() uint64 { return s.last - s.first }

// roundUp returns n rounded up to a multiple of m, a power of two.
func roundUp(n, m uint64) uint64 { return (n + m - 1) &^ (m - 1) }

// free lets the state go.
func (s *solver) free() {
	freeBytes(s.lo)
	freeBytes(s.hi)
	freeBytes(s.cnt)
	s.lo, s.hi, s.cnt = nil, nil, nil
}

// initChunk is the positions a worker takes at a time while the moves
// are generated: an even number, so that no two workers share a nibble.
const initChunk = 1 << 14

// solve solves the level in its state.
func (s *solver) solve(ctx context.Context) error {
	if err := s.parallel(ctx, "children", initChunk, s.examine); err != nil {
		return err
	}
	if s.odd.Load() {
		return fmt.Errorf("tablebase: level %d: a worth of the parity of %d seeds", s.n, s.n+1)
	}
	return s.propagate(ctx)
}

// parallel runs work on the positions of the solver in chunks of size
// positions, shared among the workers, and reports the progress of the
// phase about once a second. work is given local indexes.
func (s *solver) parallel(ctx context.Context, phase string, size uint64, work func(from, to uint64)) error {
	var next, done atomic.Uint64
	var wg sync.WaitGroup
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				from := next.Add(size) - size
				if from >= s.size() {
					return
				}
				to := min(from+size, s.size())
				work(from, to)
				done.Add(to - from)
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
			return ctx.Err()
		case <-tick.C:
			s.report(phase, done.Load())
		}
	}
}

// examine is the phase "children" for the positions from to to: each
// position's best move out of the level for each bound (a capture, whose
// child is looked up in a lower level) and the number of its moves within
// the level, or the value of a finished game. The captures of a batch of
// positions are looked up together, their entries read first, all at
// once, so that cache misses overlap; each position's state is then
// written once.
func (s *solver) examine(from, to uint64) {
	p := unrank(s.n, s.first+from)
	edges := uint64(0)
	var caps [examineBatch * oware.PitsPerSide]capture
	var exits [examineBatch]struct {
		lo, hi int8 // the best worths of the moves out of the level, for each bound
		within uint8
	}
	for first := from; first < to; first += examineBatch {
		last := min(first+examineBatch, to)
		k := 0
		for i := first; i < last; i++ {
			b := boardOf(&p, s.n)
			south := b.Score(oware.South)
			within, moves := uint8(0), 0
			for _, c := range s.rules.Children(b) {
				moves++
				captured := c.Score(oware.South) - south
				if captured == 0 {
					within++
					continue
				}
				m := s.n - captured
				lo, hi := turnWords(southWords(c))
				caps[k] = capture{position: i - first, level: s.lower[m], index: s.ranks.rankEmpty(lo, hi, emptyPits(lo, hi)), seeds: int8(captured)}
				k++
			}
			v := noExit
			if moves == 0 { // the game is over
				v = terminalValue(s.rules, b)
			}
			e := &exits[i-first]
			e.lo, e.hi, e.within = v, v, within
			edges += uint64(within)
			p.nextValid()
		}
		var sink byte
		for _, c := range caps[:k] {
			sink += c.level.data[c.index*uint64(c.level.width)]
		}
		s.sink.Add(uint32(sink))
		for _, c := range caps[:k] {
			cl, ch := c.level.bounds(c.index)
			e := &exits[c.position]
			e.lo, e.hi = max(e.lo, c.seeds-ch), max(e.hi, c.seeds-cl)
		}
		for i := first; i < last; i++ {
			e := &exits[i-first]
			s.setExits(i, e.lo, e.hi, e.within)
		}
	}
	s.edges.Add(edges)
}

// setExits sets the state of position i, not yet found, to moves out
// of the level worth lo at best for the lower bound and hi for the upper
// (under exact rules, whose one byte is the lower bound's, hi is not
// kept), with count moves within the level. It is examine's, whose
// workers hold whole words of nibbles (initChunk), so it is not atomic.
func (s *solver) setExits(i uint64, lo, hi int8, count uint8) {
	switch {
	case s.packed && s.exact:
		s.lo[i] = s.hiCode(lo, count)
	case s.packed:
		s.lo[i], s.hi[i] = exitByte(lo), s.hiCode(hi, count)
	case s.exact:
		s.lo[i] = exitByte(lo)
	default:
		s.lo[i], s.hi[i] = exitByte(lo), exitByte(hi)
	}
	if !s.packed {
		shift := 4 * (i & 1)
		s.cnt[i/2] = s.cnt[i/2]&^(0xf<<shift) | count<<shift
	}
}

// examineBatch is the number of positions whose captures examine looks
// up together.
const examineBatch = 64

// capture is a capture of a position being examined (its place in the
// batch): the level and index of the board it leads to, and the seeds it
// takes.
type capture struct {
	position uint64
	level    *level
	index    uint64
	seeds    int8
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
//
// The workers share each threshold: each scans its share of the
// positions for those that join by their own moves, and follows back
// from them what joins after. Positions join through atomic updates of
// the state, so that each joins once whoever finds it; the sets that
// result are the same in any order.
func (s *solver) propagate(ctx context.Context) error {
	n := s.n
	lowest := -n + 1
	if s.exact {
		lowest = 1
	}
	steps := n - lowest + 1
	size := min(valuesChunk, max(s.size()/uint64(4*s.workers), 256)) &^ 7
	for t := n; t >= lowest; t-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		s.report("values", uint64(n-t)*s.size()/uint64(max(steps, 1)))
		var next atomic.Uint64
		out := s.step(ctx, int8(t), func(j *joiner) {
			for ctx.Err() == nil {
				from := next.Add(size) - size
				if from >= s.size() {
					return
				}
				j.scan(from, min(from+size, s.size()))
			}
		})
		for s.exchange != nil { // the rounds of the threshold, until no slice has news for another
			in, total, err := s.exchange(ctx, out)
			if err != nil {
				return err
			}
			if total == 0 {
				break
			}
			var next atomic.Uint64
			out = s.step(ctx, int8(t), func(j *joiner) {
				const chunk = 1 << 12
				for ctx.Err() == nil {
					from := next.Add(chunk) - chunk
					if from >= uint64(len(in)) {
						return
					}
					j.receive(in[from:min(from+chunk, uint64(len(in)))])
				}
			})
		}
	}
	return ctx.Err()
}

// step runs work in every worker with a joiner at threshold t, and
// returns the messages they have for the other slices.
func (s *solver) step(ctx context.Context, t int8, work func(*joiner)) []uint64 {
	var mu sync.Mutex
	var out []uint64
	var wg sync.WaitGroup
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := joiner{s: s, t: t}
			work(&j)
			mu.Lock()
			out = append(out, j.out...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// valuesChunk is the most positions a worker scans at a time; small
// levels are cut finer, so that every worker has a share.
const valuesChunk = 1 << 16

// The state as words, for atomic updates: four state bytes or eight
// nibbles a word, position i's in word i/4 (i/8), in its lowest byte
// (nibble) for i%4 == 0.

// word returns the word of state byte i of st.
func word(st []byte, i uint64) *uint32 {
	return (*uint32)(unsafe.Pointer(&st[i&^3]))
}

// loadByte returns state byte i of st.
func loadByte(st []byte, i uint64) byte {
	return byte(atomic.LoadUint32(word(st, i)) >> (8 * (i & 3)))
}

// join sets state byte i of st to foundByte(v) unless it is found
// already, and reports whether it set it.
func join(st []byte, i uint64, v int8) bool { return claim(st, i, foundBit, foundByte(v)) }

// claim sets state byte i of st to b unless it is found already (at
// least found: the found bytes are the highest of either layout), and
// reports whether it set it.
func claim(st []byte, i uint64, found, b byte) bool {
	w := word(st, i)
	shift := 8 * (i & 3)
	for {
		old := atomic.LoadUint32(w)
		if byte(old>>shift) >= found {
			return false
		}
		if atomic.CompareAndSwapUint32(w, old, old&^(0xff<<shift)|uint32(b)<<shift) {
			return true
		}
	}
}

// loadAhead reads the words of the bytes st[p.index>>shift] of the
// parents ps and returns their sum, which the caller keeps so that the
// reads stay: it only brings their lines into the cache, all at once, so
// that their misses overlap, in as few instructions as can be, as the
// fewer a read takes, the more of them the processor has in flight.
func loadAhead(st []byte, ps []parent, shift uint) uint32 {
	sink := uint32(0)
	for k := range ps {
		sink += atomic.LoadUint32(word(st, ps[k].index>>shift))
	}
	return sink
}

// countOf returns the nibble of position i.
func (s *solver) countOf(i uint64) uint8 {
	return uint8(atomic.LoadUint32((*uint32)(unsafe.Pointer(&s.cnt[i/2&^3]))) >> (4 * (i & 7)) & 0xf)
}

// decrement takes one from the nibble of position i, which is not 0, and
// returns what it leaves.
func (s *solver) decrement(i uint64) uint8 {
	shift := 4 * (i & 7)
	return uint8(atomic.AddUint32((*uint32)(unsafe.Pointer(&s.cnt[i/2&^3])), ^uint32(1<<shift-1)) >> shift & 0xf)
}

// joiner finds the positions that join the sets at one threshold.
type joiner struct {
	s *solver
	t int8 // the threshold
	// The positions that joined, whose parents are to be told: those
	// that joined the first set (lo found) and the second (hi found),
	// South to move.
	los, his []oware.Board
	// The parents of a batch of them in the solver's positions, to be
	// updated, and the messages for the parents in other slices.
	batch []parent
	out   []uint64
	sink  uint32 // what the batch read, so that the reads stay
	at    cursor // the last position the scan made a board of
}

// parent is a parent of a position that joined, to be updated.
type parent struct {
	board oware.Board // South to move
	index uint64      // in the solver's positions
}

// batchSize is the most positions whose parents are updated together:
// their state is read first, all at once, so that the processor waits
// for many cache misses at the same time rather than one after another.
const batchSize = 32

// scan finds the positions from to to (in the solver's positions) that
// join by their own moves, and follows each back.
func (j *joiner) scan(from, to uint64) {
	s, t := j.s, j.t
	loAt, hiAt := s.loAt(t), s.hiAt(-t)
	los, his := s.lo, s.hi
	if s.exact {
		his = s.lo
	}
	// Eight positions at a time: most hold neither byte.
	loBytes, hiBytes := uint64(loAt)*ones, uint64(hiAt)*ones
	for w := from; w < to; w += 8 {
		x := atomic.LoadUint64((*uint64)(unsafe.Pointer(&los[w])))
		y := x
		if !s.exact {
			y = atomic.LoadUint64((*uint64)(unsafe.Pointer(&his[w])))
		}
		// A top bit set in the bytes that may hold either (the borrows
		// of zeroByte flag a few more, which scanOne tells apart), in
		// ascending order, as boardAt wants them.
		for m := zeroByte(x^loBytes) | zeroByte(y^hiBytes); m != 0; m &= m - 1 {
			i := w + uint64(bits.TrailingZeros64(m)/8)
			if i >= to {
				break
			}
			j.scanOne(i, loAt, hiAt)
		}
	}
	j.drain(1)
}

// ones has a 1 in each byte.
const ones = 0x0101_0101_0101_0101

// zeroByte returns a word that is not 0 when a byte of x is 0.
func zeroByte(x uint64) uint64 { return (x - ones) &^ x & (ones << 7) }

// scanOne looks at position i, whose state byte is loAt when it joins
// the first set by its own moves, and hiAt the second.
func (j *joiner) scanOne(i uint64, loAt, hiAt byte) {
	s, t := j.s, j.t
	his := s.his()
	joinsLo := loadByte(s.lo, i) == loAt && s.joinLo(i, t)
	joinsHi := loadByte(his, i) == hiAt && (s.packed || s.countOf(i) == 0) && s.joinHi(i, -t)
	if !joinsLo && !joinsHi {
		return
	}
	b := j.boardAt(i)
	if joinsLo {
		j.los = append(j.los, b)
	}
	if joinsHi {
		j.his = append(j.his, b)
	}
	j.drain(batchSize)
}

// boardAt returns the board of position i of the solver, South to move,
// for the scan, which asks for positions in ascending order: from the
// pits of the last one asked for, stepped on, when it is close enough
// before i that stepping costs less than unrank.
func (j *joiner) boardAt(i uint64) oware.Board {
	if !j.at.ok || i < j.at.index || i-j.at.index > maxStep {
		j.at = cursor{pits: unrank(j.s.n, j.s.first+i), index: i, ok: true}
	}
	for ; j.at.index < i; j.at.index++ {
		j.at.pits.nextValid()
	}
	return boardOf(&j.at.pits, j.s.n)
}

// maxStep is the most positions boardAt steps over rather than unrank.
const maxStep = 8

// cursor is a position of the solver and its pits.
type cursor struct {
	pits  pits
	index uint64 // in the solver's positions
	ok    bool
}

// his returns the state bytes of the upper bounds: lo's under exact
// rules.
func (s *solver) his() []byte {
	if s.exact {
		return s.lo
	}
	return s.hi
}

// board returns the board of position i of the solver, South to move.
func (s *solver) board(i uint64) oware.Board {
	p := unrank(s.n, s.first+i)
	return boardOf(&p, s.n)
}

// receive updates the positions that the messages of other slices name
// (see message), and follows back those that join.
func (j *joiner) receive(msgs []uint64) {
	s := j.s
	var sink uint32
	for _, m := range msgs { // read ahead, as drain does
		sink += uint32(loadByte(s.lo, m>>1-s.first))
	}
	j.sink = sink
	for _, m := range msgs {
		i := m>>1 - s.first
		if m&toRaise != 0 {
			if j.raise(i) {
				j.los = append(j.los, s.board(i))
			}
		} else if j.lower(i) {
			j.his = append(j.his, s.board(i))
		}
	}
	j.drain(1)
}

// drain follows back the positions on the stacks, a batch at a time,
// while they hold at least least of them (at least 1). The scan leaves
// the positions it finds on the stacks until they fill a batch, so that
// the batch's reads ahead overlap: a position and its few parents alone
// would wait for their cache misses one small group at a time.
func (j *joiner) drain(least int) {
	s := j.s
	for len(j.los)+len(j.his) >= max(least, 1) {
		j.batch = j.batch[:0]
		for k := 0; k < batchSize && len(j.his) > 0; k++ {
			x := j.his[len(j.his)-1]
			j.his = j.his[:len(j.his)-1]
			j.parents(x, true)
		}
		raises := len(j.batch) // the parents to raise come first, then those to lower
		for k := 0; k < batchSize && len(j.los) > 0; k++ {
			x := j.los[len(j.los)-1]
			j.los = j.los[:len(j.los)-1]
			j.parents(x, false)
		}
		// Read every state the batch updates ahead (see readAhead),
		// then update: a parent to raise reads its lower bound's byte,
		// one to lower its upper bound's (lo's under exact rules) and
		// its count.
		batch := j.batch
		j.sink = readAhead(s.lo, batch[:raises], 0) + readAhead(s.his(), batch[raises:], 0)
		if !s.packed { // the count is apart, a nibble
			j.sink += readAhead(s.cnt, batch[raises:], 1)
		}
		for k := range batch[:raises] {
			if p := &batch[k]; j.raise(p.index) {
				j.los = append(j.los, p.board)
			}
		}
		for k := range batch[raises:] {
			if p := &batch[raises+k]; j.lower(p.index) {
				j.his = append(j.his, p.board)
			}
		}
	}
}

// parents adds the parents of board x within the level to the batch, or
// to the messages for the slices that hold them: raise tells that x
// joined the second set. x is South to move; its parents are those of
// its mirror image, mirrored (the rules are the same for both players),
// which come South to move: ranked without turning their pits, and
// pushed as they are when they join.
func (j *joiner) parents(x oware.Board, raise bool) {
	s := j.s
	kind := uint64(0)
	if raise {
		kind = toRaise
	}
	for _, a := range s.rules.Parents(x.Mirror()) {
		lo, hi := southWords(a)
		empty := emptyPits(lo, hi)
		if empty == 0 {
			continue // not a valid board (see emptyPits): no move leads to it
		}
		switch i := s.ranks.rankEmpty(lo, hi, empty); {
		case i >= s.first && i < s.last:
			j.batch = append(j.batch, parent{board: a, index: i - s.first})
		default:
			j.out = append(j.out, i<<1|kind)
		}
	}
}

// lower updates position i, a parent of a position that joined the
// first set: it has one child fewer outside the set, and joins the
// second set when that was its last and its moves out are worth at
// most -t. It reports whether i joined.
func (j *joiner) lower(i uint64) bool {
	s, nt := j.s, j.t
	his := s.his()
	if !s.packed {
		h := loadByte(his, i)
		return h < foundBit && s.decrement(i) == 0 && stateValue(h) <= -nt && join(his, i, -nt)
	}
	// The count is in the byte: take one from it unless the byte has
	// none (found, or under exact rules moves out worth 0 or more).
	// Under exact rules the byte is the lower bound's too, which raise
	// may find meanwhile, so the byte is tested and changed at once.
	w, shift := word(his, i), 8*(i&3)
	for {
		old := atomic.LoadUint32(w)
		h := byte(old >> shift)
		if h >= s.hiCounted() {
			return false
		}
		if atomic.CompareAndSwapUint32(w, old, old-1<<shift) {
			h--
			return h%hiCounts == 0 && s.hiExit(h) <= -nt && s.joinHi(i, -nt)
		}
	}
}

// raise updates position i, a parent of a position that joined the
// second set: it can move there, and joins the first. It reports
// whether i joined.
func (j *joiner) raise(i uint64) bool { return j.s.joinLo(i, j.t) }

// fill writes the entries of positions from to from+len(dst)/width
// into dst. Under exact rules: the value, the lower bound where it was
// found positive, the upper where it was found negative, 0 elsewhere.
// Otherwise the two bounds, a bound never found being the extreme, -n or
// n.
func (s *solver) fill(dst []byte, from uint64) {
	if s.exact {
		for k := range dst {
			if b := s.lo[from+uint64(k)]; b >= s.hiLeast() {
				dst[k] = byte(s.hiValue(b))
			} else {
				dst[k] = 0
			}
		}
		return
	}
	for k := 0; k+1 < len(dst); k += 2 {
		i := from + uint64(k/2)
		lo, hi := int8(-s.n), int8(s.n)
		if b := s.lo[i]; b&foundBit != 0 {
			lo = stateValue(b)
		}
		if b := s.hi[i]; b >= s.hiLeast() {
			hi = s.hiValue(b)
		}
		dst[k], dst[k+1] = byte(lo), byte(hi)
	}
}

// packedMost is the most seeds of a level whose upper bounds and counts
// share a byte under the rules of bounds (see hiCode).
const packedMost = 30

// exactPackedMost is the most seeds of a level whose values and counts
// share a byte under exact rules (see hiCode): 10·n + 8 ≤ 255.
const exactPackedMost = 24

// hiCounts is the number of counts a packed byte tells apart: a board has
// at most six moves.
const hiCounts = oware.PitsPerSide + 1

// hiCode returns the packed byte of an upper bound not yet found, whose
// moves out of the level are worth e at best (noExit for none), with
// count moves within the level whose child has not joined the first set.
//
// Under the rules of bounds: e's rank among the worths of the level,
// which all have the parity of its seeds (noExit first), times hiCounts,
// plus the count. The bytes of the bounds found follow those (hiFound),
// all within a byte up to packedMost seeds: 7·(n+2) + n+1 ≤ 255. A worth
// of the other parity sets s.odd.
//
// Under exact rules the byte is the lower bound's too, and the count
// matters only where e < 0 (or noExit): a position whose moves out are
// worth 0 or more never joins the second set, which asks for at most -t
// at thresholds t ≥ 1. So noExit and the worths -n to -1 rank 0 to n,
// times hiCounts plus the count; the worths 0 to n follow, from
// hiCounted, without a count; the values found follow those, from
// hiLeast, one a value from -n to n: 7·(n+1) + (n+1) + (2n+1) ≤ 255 up
// to exactPackedMost seeds.
func (s *solver) hiCode(e int8, count uint8) byte {
	if s.exact {
		switch {
		case e == noExit:
			return count
		case e >= 0:
			return s.hiCounted() + byte(e)
		}
		return byte((int(e)+s.n+1)*hiCounts) + count
	}
	r := 0
	if e != noExit {
		if (int(e)+s.n)&1 != 0 {
			s.odd.Store(true)
		}
		r = (int(e)+s.n)/2 + 1
	}
	return byte(r*hiCounts) + count
}

// hiExit returns the worth of the moves out of the level of a packed
// byte not found.
func (s *solver) hiExit(b byte) int8 {
	if s.exact && b >= s.hiCounted() {
		return int8(b - s.hiCounted())
	}
	r := int(b / hiCounts)
	switch {
	case r == 0:
		return noExit
	case s.exact:
		return int8(r - s.n - 1)
	}
	return int8(2*(r-1) - s.n)
}

// hiCount returns the count of a packed byte not found: 0 where it has
// none (hiCounted and above).
func (s *solver) hiCount(b byte) uint8 {
	if b >= s.hiCounted() {
		return 0
	}
	return b % hiCounts
}

// hiFound returns the packed byte of an upper bound found to be v (under
// exact rules, of a value found to be v): the least such byte, for v =
// -n, tells found bytes from the others.
func (s *solver) hiFound(v int8) byte {
	if s.exact {
		return s.least + byte(int(v)+s.n)
	}
	return s.least + byte((int(v)+s.n)/2)
}

// hiLeast returns the least byte of an upper bound found, packed or
// not (foundBit).
func (s *solver) hiLeast() byte { return s.least }

// hiCounted returns the least byte of an upper bound without a count:
// found, or under exact rules, packed, with moves out worth 0 or more.
func (s *solver) hiCounted() byte { return s.counted }

// hiValue returns the upper bound of a found byte, packed or not.
func (s *solver) hiValue(b byte) int8 {
	switch {
	case !s.packed:
		return stateValue(b)
	case s.exact:
		return int8(int(b) - int(s.hiLeast()) - s.n)
	}
	return int8(2*(int(b)-(s.n+2)*hiCounts) - s.n)
}

// hiAt returns the byte of an upper bound that joins the second set by
// its own moves at the threshold -v: not found, its moves out worth v at
// best, no move within the level left. Packed under the rules of bounds,
// a v of the other parity than the level's has none (0xff, above every
// packed byte).
func (s *solver) hiAt(v int8) byte {
	switch {
	case !s.packed:
		return exitByte(v)
	case !s.exact && (int(v)+s.n)&1 != 0:
		return 0xff
	}
	return s.hiCode(v, 0)
}

// loAt returns the byte of a lower bound that joins the first set by its
// own moves at the threshold t: not found, its moves out worth t at best.
func (s *solver) loAt(t int8) byte {
	if s.packed && s.exact {
		return s.hiCode(t, 0)
	}
	return exitByte(t)
}

// joinLo sets the lower bound of position i to v unless it is found
// already, and reports whether it set it.
func (s *solver) joinLo(i uint64, v int8) bool {
	if s.packed && s.exact {
		return claim(s.lo, i, s.hiLeast(), s.hiFound(v))
	}
	return join(s.lo, i, v)
}

// joinHi sets the upper bound of position i to v unless it is found
// already, and reports whether it set it.
func (s *solver) joinHi(i uint64, v int8) bool {
	if !s.packed {
		return join(s.his(), i, v)
	}
	return claim(s.his(), i, s.hiLeast(), s.hiFound(v))
}
