package solve

import (
	"context"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// searcher is the state of one solve: the line from the root, with the
// occurrences of each stretch since a capture, the table and the budget.
type searcher struct {
	rules   oware.Rules
	limit   int  // the occurrence of a board that ends the game (R10)
	emptyOK bool // a repetition ends the game even while a side is empty
	tabs    *Tables
	plain   *tablebase.Tables
	*memory // the table, and the tree of the question being answered (test)

	frames []frame // the occurrences of the line, stretch after stretch
	base   int     // the first frame of the current stretch
	danger []peril // the frames, oldest first, whose next occurrence ends the game
	dbase  int     // the first entry of danger in the current stretch
	// onLine[h>>onLineShift] counts the frames of the line whose board's
	// hash h starts with those bits: where it is 0, no frame holds such a
	// board (holds).
	onLine [1 << onLineBits]uint32

	nodes  uint64
	budget uint64 // the most nodes; 0 for no limit
	ctx    context.Context
	stop   bool

	// For the tests, which must catch both: forget keys the table by the
	// board alone, as if the value did not depend on the history; and
	// trust takes the cycle bounds as they are wherever a history is,
	// without widening them (see prior).
	forget, trust bool
	// isolate keeps the search from sharing proofs between histories
	// (see keep), to measure what the sharing saves; shareMin is the
	// fewest positions of a proof it keeps (the tests keep every one).
	// For the tests, which must catch it: loose takes a kept proof under
	// any history.
	isolate, loose bool
	shareMin       uint64

	// chains[f] stands for the line up to frame f, and sums[f] sums up
	// the perils of frame f's stretch up to f when sums[f].chain is
	// chains[f] (see sumTo; grown when a stretch first needs them).
	chains []uint64
	sums   []perilSum

	hashes []uint64 // scratch of keep
}

// onLineBits is the number of a hash's leading bits that index
// searcher.onLine, and onLineShift the shift that gives them.
const (
	onLineBits  = 10
	onLineShift = 64 - onLineBits
)

// peril is an occurrence on the line whose board's next occurrence ends
// the game: where it is, and what prior needs of it, seen by the player
// to move there (view[0]) and by the other (view[1]).
type peril struct {
	at   int32
	view [2]perilView
}

// perilView is a peril seen by a player: a board of the line that can be
// met by the strategies of a node whose player sees it so widens the
// node's lower bound to split when cloMax ≥ the node's lower cycle bound,
// its upper bound to split when chiMin ≤ the node's upper one (see prior).
type perilView struct{ cloMax, chiMin, split int8 }

// newPeril returns the peril of frame f at index at of the line.
func newPeril(at int, f *frame) peril {
	return peril{at: int32(at), view: [2]perilView{
		{cloMax: f.clo, chiMin: f.chi, split: f.split},
		{cloMax: -f.chi, chiMin: -f.clo, split: -f.split},
	}}
}

// scanPerils is the most perils of a stretch that prior scans one by
// one; beyond them it reads their sums (perilSum), which cost more to
// keep than a few perils to scan: under abapa a stretch has few, under
// Aalina's rules every board of it is one.
const scanPerils = 16

// perilSum sums up, for prior, the perils of a stretch from its first
// frame to a frame f, by the parity of their index on the line (a):
// lo[a][c+NumSeeds] is the least split of a peril whose frame's clo is
// at least c (127 if none), and hi[a][c+NumSeeds] the greatest split of
// one whose chi is at most c (−128 if none).
// A peril changes the entries of c from −seeds to seeds alone, those of
// the seeds of the stretch, which bound every bound of its boards.
type perilSum struct {
	lo, hi [2][boundSlots]int8
	chain  uint64 // the line it sums up (searcher.chains)
}

// add adds the peril of frame f, at an index of parity a, to m.
func (m *perilSum) add(a int, f *frame) {
	const n = oware.NumSeeds
	for c := n - int(f.seeds); c <= int(f.clo)+n; c++ {
		m.lo[a][c] = min(m.lo[a][c], f.split)
	}
	for c := int(f.chi) + n; c <= int(f.seeds)+n; c++ {
		m.hi[a][c] = max(m.hi[a][c], f.split)
	}
}

// sumTo returns the sum of the perils of the current stretch from its
// first frame to frame f, computing those of the frames from the last
// one whose sum is known.
func (s *searcher) sumTo(f int) *perilSum {
	for len(s.sums) <= f {
		s.sums = append(s.sums, perilSum{})
	}
	j := f
	for j >= s.base && s.sums[j].chain != s.chains[j] {
		j--
	}
	for j++; j <= f; j++ {
		m := &s.sums[j]
		if j == s.base {
			for a := range m.lo {
				for c := range m.lo[a] {
					m.lo[a][c], m.hi[a][c] = 127, -128
				}
			}
		} else {
			m.lo, m.hi = s.sums[j-1].lo, s.sums[j-1].hi
		}
		if fr := &s.frames[j]; fr.danger {
			m.add(j&1, fr)
		}
		m.chain = s.chains[j]
	}
	return &s.sums[f]
}

// frame is one occurrence of a board on the line.
type frame struct {
	board oware.Board
	hash  uint64    // the board's
	reps  int32     // its occurrence count since the last capture, itself included
	set   [2]uint64 // the hash of the stretch's occurrences up to this one
	// clo and chi are the cycle bounds of the board for its mover, or
	// bounds that hold as they do (see prior).
	clo, chi int8
	split    int8 // what a repetition ending the game there is worth to the mover
	seeds    int8 // on the board
	danger   bool // the board's next occurrence ends the game
}

// memory is what a search writes to, kept from one search to the next:
// its transposition table and its proof tree.
type memory struct {
	tt    *table
	shelf shelf
	proof prover
}

// clear forgets everything m holds, the table's entries and the kept
// proofs, so that the next search finds what it finds on its own.
func (m *memory) clear() {
	m.tt.clear()
	m.shelf.clear()
}

// newMemory returns the memory of a search with a table of about size
// bytes and a proof tree of at most about tree bytes.
func newMemory(size, tree int) *memory {
	return &memory{tt: newTable(size), proof: prover{most: treeNodes(tree)}}
}

// newSearcher returns a searcher for positions under rules r, writing to
// m.
func newSearcher(r oware.Rules, tabs *Tables, plain *tablebase.Tables, m *memory) *searcher {
	s := &searcher{rules: r, tabs: tabs, plain: plain, memory: m, limit: r.RepeatLimit(), emptyOK: r.RepeatWithEmptySide(), shareMin: shareMin}
	if tabs != nil && tabs.rules != r {
		s.tabs = nil
	}
	if plain != nil && plain.MaxSeeds(r) < 0 {
		s.plain = nil
	}
	return s
}

// mix returns the two hash words of an occurrence: a board's hash and its
// count.
func mix(h uint64, reps int) [2]uint64 {
	return [2]uint64{splitmix(h + uint64(reps)*0x9e37_79b9_7f4a_7c15), splitmix(h ^ uint64(reps)*0xc2b2_ae3d_27d4_eb4f ^ 0x1656_67b1_9e37_79f9)}
}

// splitmix is the finalizer of SplitMix64.
func splitmix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58_476d_1ce4_e5b9
	x ^= x >> 27
	x *= 0x94d0_49bb_1331_11eb
	return x ^ x>>31
}

// key returns the key of occurrence f in the table: its board and the
// occurrences of its stretch.
func (s *searcher) key(f *frame) (uint64, uint64) {
	h := f.hash
	if s.forget {
		return h, h
	}
	return f.set[0] ^ splitmix(h^0x5851_f42d_4c95_7f2d), f.set[1] ^ h
}

// frameOf returns the frame of position p, whose previous occurrence on
// the line, in the same stretch, is prev, or nil when p starts a stretch.
func (s *searcher) frameOf(p *oware.Position, prev *frame) frame {
	b := p.Board()
	q, n := relOf(b)
	f := frame{board: b, hash: b.Hash(), reps: int32(p.Repetitions()), split: int8(q.split(s.rules)), seeds: int8(n)}
	m := mix(f.hash, int(f.reps))
	if prev != nil {
		m[0] ^= prev.set[0]
		m[1] ^= prev.set[1]
	}
	f.set = m
	f.danger = int(f.reps) == s.limit-1 && (s.emptyOK || !q.sideEmpty())
	lo, hi := s.cycleOf(p, q, n)
	f.clo, f.chi = int8(lo), int8(hi)
	return f
}

// cycleOf returns the cycle bounds of p's board, whose board relative to
// its mover is q, of n seeds: those of the tables, or bounds that hold
// as they do.
func (s *searcher) cycleOf(p *oware.Position, q rel, n int) (lo, hi int) {
	lo, hi = -n, n
	switch {
	case s.tabs != nil && n <= s.tabs.MaxSeeds():
		l, h := s.tabs.levels[n].cycle(q.index(n))
		lo, hi = int(l), int(h)
	case s.plain != nil && n <= s.plain.MaxSeeds(s.rules):
		if v, err := s.plain.Probe(*p); err == nil {
			lo, hi = v.Lo(), v.Hi()
		}
	}
	return lo, hi
}

// clearLine takes every occurrence off the line.
func (s *searcher) clearLine() {
	s.frames, s.danger, s.base, s.dbase = s.frames[:0], s.danger[:0], 0, 0
	clear(s.onLine[:])
}

// pop takes the last occurrence off the line.
func (s *searcher) pop() {
	k := len(s.frames) - 1
	if d := len(s.danger); d > 0 && int(s.danger[d-1].at) == k {
		s.danger = s.danger[:d-1]
	}
	s.onLine[s.frames[k].hash>>onLineShift]--
	s.frames = s.frames[:k]
}

// terminal returns the value of a finished game at p for its mover: the
// seeds the mover takes from the board minus those the opponent takes.
func terminal(p *oware.Position) int {
	b := p.Board()
	o := p.Outcome()
	m := b.ToMove()
	return (o.Tally(m) - b.Score(m)) - (o.Tally(m.Opponent()) - b.Score(m.Opponent()))
}

// prior returns bounds of the value of the position p on top of the line
// for its mover that hold before any search (see the package
// documentation): at the start of a stretch, the bounds of the tables for
// a board met for the first time; elsewhere the cycle bounds, widened to
// the splits of the boards whose next occurrence ends the game and that
// the strategies behind the cycle bounds can meet.
func (s *searcher) prior(p *oware.Position) (lo, hi int) {
	k := len(s.frames) - 1
	f := &s.frames[k]
	if k == s.base {
		return s.freshBounds(p, f)
	}
	clo, chi := int(f.clo), int(f.chi)
	if s.trust {
		return clo, chi
	}
	if perils := s.danger[s.dbase:]; len(perils) <= scanPerils {
		return widen(perils, k, clo, chi)
	}
	// The same from the sums of the perils of the frames before k: at an
	// index of k's parity, seen by its mover (a peril's view[0]); at the
	// other, by the other player (view[1]: the bounds and split negated),
	// which widen lo when their chi ≤ −clo and hi when their clo ≥ −chi.
	m := s.sumTo(k - 1)
	same, other := k&1, k&1^1
	const n = oware.NumSeeds
	lo = min(clo, int(m.lo[same][clo+n]), -int(m.hi[other][-clo+n]))
	hi = max(chi, int(m.hi[same][chi+n]), -int(m.lo[other][-chi+n]))
	return lo, hi
}

// widen returns the cycle bounds clo and chi of the position at index k
// of the line widened by each of perils (of its stretch, oldest first)
// before k, one by one.
func widen(perils []peril, k, clo, chi int) (lo, hi int) {
	lo, hi = clo, chi
	for i := range perils {
		d := &perils[i]
		if int(d.at) >= k {
			break
		}
		v := &d.view[(k-int(d.at))&1] // view[1]: the other player is to move there
		if int(v.cloMax) >= clo {
			lo = min(lo, int(v.split))
		}
		if int(v.chiMin) <= chi {
			hi = max(hi, int(v.split))
		}
	}
	return lo, hi
}

// freshBounds returns the bounds of the value of p, whose frame is f,
// met for the first time.
func (s *searcher) freshBounds(p *oware.Position, f *frame) (lo, hi int) {
	q, n := relOf(f.board)
	if s.tabs != nil && n <= s.tabs.MaxSeeds() {
		l, h := s.tabs.levels[n].fresh(q.index(n))
		return int(l), int(h)
	}
	return int(f.clo), int(f.chi)
}

// known is what is known of a position before it is searched: bounds of
// its value for its mover, and the best move of its entry in the table.
type known struct {
	lo, hi int
	hint   int // the best move found before, or -1
	// plo and phi are the bounds known before the table and the shelf
	// (prior's, or the terminal value); tlo and thi those known before
	// the shelf; byLo and byHi are the kept proofs that gave lo and hi,
	// or -1.
	plo, phi, tlo, thi int
	byLo, byHi         int32
}

// look returns what is known of p, on top of the line.
func (s *searcher) look(p *oware.Position) known {
	k := known{hint: -1, byLo: -1, byHi: -1}
	if p.Outcome().Over() {
		k.lo = terminal(p)
		k.hi, k.plo, k.phi, k.tlo, k.thi = k.lo, k.lo, k.lo, k.lo, k.lo
		return k
	}
	k.lo, k.hi = s.prior(p)
	k.plo, k.phi = k.lo, k.hi
	if k.lo != k.hi { // else exact: the table cannot tell more
		if e := s.tt.probe(s.key(&s.frames[len(s.frames)-1])); e != nil {
			k.lo, k.hi = max(k.lo, int(e.lo)), min(k.hi, int(e.hi))
			k.hint = e.move()
		}
	}
	k.tlo, k.thi = k.lo, k.hi
	if k.lo != k.hi && s.sharing() && len(s.frames)-1 > s.base {
		k.lo, k.hi, k.byLo, k.byHi = s.fromShelf(p, k.lo, k.hi)
	}
	return k
}

// sharing reports whether the search shares proofs between histories
// (see keep): not when its table forgets the history or its prior
// bounds trust the cycle bounds, the tests' two faults.
func (s *searcher) sharing() bool { return !s.forget && !s.trust && !s.isolate }

// hint returns the best move stored in the table for the position on top
// of the line, or -1.
func (s *searcher) hint() int {
	if e := s.tt.probe(s.key(&s.frames[len(s.frames)-1])); e != nil {
		return e.move()
	}
	return -1
}

// tick counts a node and reports whether the search must stop.
func (s *searcher) tick() bool {
	s.nodes++
	if s.budget != 0 && s.nodes >= s.budget {
		s.stop = true
	}
	if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.stop = true
	}
	return s.stop
}

// freshPosition returns the position of p's board met for the first
// time, with scores below 25 so that R8 does not end the game.
func (s *searcher) freshPosition(p *oware.Position) oware.Position {
	return s.rules.Position(normalize(p.Board()))
}

// stretchStart is where the current stretch starts on the line.
type stretchStart struct{ base, dbase int }

// enter puts p on the line, as the first occurrence of a new stretch
// when fresh, and returns where the stretch it leaves started, for leave.
func (s *searcher) enter(p *oware.Position, fresh bool) stretchStart {
	var prev *frame
	if !fresh {
		prev = &s.frames[len(s.frames)-1]
	}
	return s.enterFrame(s.frameOf(p, prev), fresh)
}

// enterFrame puts the occurrence f on the line, as the first of a new
// stretch when fresh, and returns where the stretch it leaves started.
func (s *searcher) enterFrame(f frame, fresh bool) stretchStart {
	saved := stretchStart{s.base, s.dbase}
	if fresh {
		s.base, s.dbase = len(s.frames), len(s.danger)
	}
	if f.danger {
		s.danger = append(s.danger, newPeril(len(s.frames), &f))
	}
	k := len(s.frames)
	chain := f.set[0] ^ 0x2545_f491_4f6c_dd1d
	if k > 0 {
		chain = splitmix(s.chains[k-1] + f.set[0])
	}
	if k < len(s.chains) {
		s.chains[k] = chain
	} else {
		s.chains = append(s.chains, chain)
	}
	s.frames = append(s.frames, f)
	s.onLine[f.hash>>onLineShift]++
	return saved
}

// leave takes the last position off the line, back in the stretch that
// enter left.
func (s *searcher) leave(saved stretchStart) {
	s.pop()
	s.base, s.dbase = saved.base, saved.dbase
}

// solve returns the value of p, on top of the line, or the best bounds
// found when the search is stopped: questions (test), each halving the
// interval known.
func (s *searcher) solve(p *oware.Position) (lo, hi int) {
	k := s.look(p)
	lo, hi = k.lo, k.hi
	for lo < hi && !s.stop {
		l, h := s.test(p, lo+(hi-lo+1)/2, false)
		k = s.look(p)
		lo, hi = max(lo, l, k.lo), min(hi, h, k.hi)
	}
	return lo, hi
}

// child is a move of a position on the line, the position it leads to
// (met for the first time when the move captures) and the seeds it
// captures.
type child struct {
	m        oware.Move
	c        oware.Position
	captured int
}

// line returns a line of perfect play from p, on top of the line, whose
// value is v, to the end of the game, and whether it got there before the
// search was stopped. At each ply it takes, in this order: a move that
// what is known before any search shows to keep the value (a capture
// first, else the board that occurred least); the move that
// a proof of the value stored in the table names, or one question with
// p's moves open finds; each move in turn, asked whether it keeps the
// value.
func (s *searcher) line(p oware.Position, v int) ([]oware.Move, bool) {
	var moves []oware.Move
	var saved []stretchStart
	defer func() {
		for i := len(saved) - 1; i >= 0; i-- {
			s.leave(saved[i])
		}
	}()
	for !p.Outcome().Over() {
		mover := p.Board().ToMove()
		before := p.Board().Score(mover)
		var children [oware.PitsPerSide]child
		count := 0
		for m, c := range p.Children() {
			captured := c.Board().Score(mover) - before
			if captured > 0 {
				c = s.freshPosition(&c)
			}
			children[count] = child{m, c, captured}
			count++
		}
		// Every move is worth at most v, so its child is worth at least
		// captured-v to its mover: the move keeps the value when the
		// child is worth at most that.
		take := func(ch *child, at stretchStart) {
			saved = append(saved, at)
			moves = append(moves, ch.m)
			p, v = ch.c, ch.captured-v
		}
		// Of the moves known to keep it, the line takes one that
		// captures, else one whose board has occurred least (none,
		// first): a line that goes round a cycle it need not meets
		// positions whose history makes every question about them
		// harder. Since v is exact, some move keeps it: the one left
		// when what is known shows that every other does not.
		left, last := 0, 0
		keep, least := -1, 0
		for i := range children[:count] {
			ch := &children[i]
			at := s.enter(&ch.c, ch.captured > 0)
			k := s.look(&ch.c)
			s.leave(at)
			occurred := ch.c.Repetitions() // 1 for a board new to the line
			if ch.captured > 0 {
				occurred = 0
			}
			if k.hi <= ch.captured-v && (keep < 0 || occurred < least) {
				keep, least = i, occurred
			}
			if k.lo <= ch.captured-v {
				left, last = left+1, i
			}
		}
		if keep < 0 && left == 1 {
			keep = last
		}
		if keep >= 0 {
			ch := &children[keep]
			take(ch, s.enter(&ch.c, ch.captured > 0))
			continue
		}
		hint := s.hint()
		if hint < 0 {
			s.test(&p, v, true)
			hint = s.hint()
		}
		for i := range children[:count] {
			if int(children[i].m) == hint {
				children[0], children[i] = children[i], children[0]
			}
		}
		found := false
		for i := range children[:count] {
			ch := &children[i]
			at := s.enter(&ch.c, ch.captured > 0)
			if _, hi := s.test(&ch.c, ch.captured-v+1, false); hi <= ch.captured-v {
				take(ch, at)
				found = true
				break
			}
			s.leave(at)
			if s.stop {
				break
			}
		}
		if !found {
			return moves, false
		}
	}
	return moves, true
}
