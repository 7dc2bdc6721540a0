package solve

import (
	"cmp"
	"slices"

	"github.com/seed3966233f/oware"
)

// The transposition table shares a result only between occurrences of a
// board with the same occurrences of its stretch: the whole history is
// its key. Yet the proof of a question rarely depends on all of it. A
// proof, once settled, depends on the history only through
//
//   - the boards its lines meet in the stretch of its position, whose
//     occurrences decide where a repetition ends the game (R10): the proof
//     holds again wherever the history holds each of those boards as
//     often; a board of the history that none of its lines meets cannot
//     recur on them;
//   - the widening of its leaves' cycle bounds by the boards of the
//     history one occurrence from ending the game (see prior): the proof
//     holds again wherever no such board of the history widens a leaf
//     across its question.
//
// So a settled question whose search took at least shareMin positions is
// kept on the shelf with those two facts, and a later question about the
// same board, under another history of its stretch, takes its bound
// when the two facts hold there (holds). The tree of a hard question
// meets each of its thousand or so boards some thousand times, each time
// with another history, and this is what lets those occurrences share
// their proofs (Kishimoto and Müller's graph-history interaction, where a
// proof is checked against the history it is used with).
//
// A proof that used the table's entry for a leaf is not kept: that
// entry's own proof is not known. A proof that used a kept proof for a
// leaf is, with that proof's facts merged into its own.

// shareMin is the fewest positions the search of a settled question must
// have taken for its proof to be kept.
const shareMin = 256

// shelfBytes is about the most memory the kept proofs of a [Solver]'s
// searches take before the shelf is emptied, at the start of a question;
// a question adds proofs until they take twice as much. A build's
// workers keep more (see refine).
const shelfBytes = 64 << 20

// shelfPerBoard is the most proofs kept for one board; a later one takes
// the place of the oldest.
const shelfPerBoard = 4

// boundSlots is the number of values a bound can take, −NumSeeds to
// NumSeeds.
const boundSlots = 2*oware.NumSeeds + 1

// tolerance is what the leaves of a proof at one parity of depth below
// its position (even: its mover to move there) settled by their prior
// bounds allow of a board of the history one occurrence from ending the
// game, seen by the player to move at the leaf (a perilView v): such a
// board would widen a leaf's lower bound below its question exactly when
// lo[v.cloMax] > v.split, an upper one across it exactly when
// hi[v.chiMin] ≤ v.split.
type tolerance struct {
	// lo[c+NumSeeds] is the greatest question of a leaf settled by its
	// lower bound whose lower cycle bound is at most c, or −128.
	lo [boundSlots]int8
	// hi[c+NumSeeds] is the least question of a leaf settled by its upper
	// bound whose upper cycle bound is at least c, or 127.
	hi [boundSlots]int8
}

// reset makes t allow every board.
func (t *tolerance) reset() {
	for i := range t.lo {
		t.lo[i], t.hi[i] = -128, 127
	}
}

// leaf adds a leaf settled by its prior bounds, whose cycle bounds are
// clo and chi, for question tau: by its lower bound when proved.
func (t *tolerance) leaf(clo, chi, tau int8, proved bool) {
	if proved {
		t.lo[int(clo)+oware.NumSeeds] = max(t.lo[int(clo)+oware.NumSeeds], tau)
	} else {
		t.hi[int(chi)+oware.NumSeeds] = min(t.hi[int(chi)+oware.NumSeeds], tau)
	}
}

// merge adds what u allows to what t does.
func (t *tolerance) merge(u *tolerance) {
	for i := range t.lo {
		t.lo[i], t.hi[i] = max(t.lo[i], u.lo[i]), min(t.hi[i], u.hi[i])
	}
}

// close makes lo hold the greatest question at or below each bound and
// hi the least at or above, from the entries made by leaf and merge.
func (t *tolerance) close() {
	for i := 1; i < boundSlots; i++ {
		t.lo[i] = max(t.lo[i], t.lo[i-1])
	}
	for i := boundSlots - 2; i >= 0; i-- {
		t.hi[i] = min(t.hi[i], t.hi[i+1])
	}
}

// allows reports whether a board of the history, seen as v at a leaf,
// leaves every leaf of t settled.
func (t *tolerance) allows(v *perilView) bool {
	return t.lo[int(v.cloMax)+oware.NumSeeds] <= v.split && t.hi[int(v.chiMin)+oware.NumSeeds] > v.split
}

// held is a board that a proof's lines meet and that its history held:
// its hash and its occurrences there.
type held struct {
	hash uint64
	reps int32
}

// kept is a proof on the shelf: the bounds it proves of its board's
// value, and the facts of the history it depends on.
type kept struct {
	lo, hi int8
	boards hashSet // the boards its lines meet in its stretch
	held   []held  // those of them its history held, each once
	tol    [2]tolerance
}

// bytes is about the memory k takes.
func (k *kept) bytes() int { return 64 + 8*cap(k.boards) + 16*cap(k.held) + 2*2*boundSlots }

// hashSet is a set of boards' hashes, open addressing: 0 is a free slot,
// and a hash is kept with its lowest bit set, so that two hashes that
// differ only there count as one (which makes a proof depend on a board
// more, never less).
type hashSet []uint64

// newHashSet returns the set of hashes hs.
func newHashSet(hs []uint64) hashSet {
	size := 8
	for size < 2*len(hs) {
		size *= 2
	}
	set := make(hashSet, size)
	for _, h := range hs {
		set.add(h)
	}
	return set
}

// add puts h in s, which has a free slot.
func (s hashSet) add(h uint64) {
	h |= 1
	mask := uint64(len(s) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s[i] {
		case 0:
			s[i] = h
			return
		case h:
			return
		}
	}
}

// has reports whether h is in s.
func (s hashSet) has(h uint64) bool {
	h |= 1
	mask := uint64(len(s) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s[i] {
		case 0:
			return false
		case h:
			return true
		}
	}
}

// shelf is the kept proofs, by board.
type shelf struct {
	by    map[oware.Board][]int32
	kept  []kept
	bytes int
	most  int // the bytes kept at most (see limit); 0 means shelfBytes, a Solver's
}

// limit returns about the most bytes s keeps before it is emptied, at
// the start of a question.
func (s *shelf) limit() int { return cmp.Or(s.most, shelfBytes) }

// clear empties s.
func (s *shelf) clear() {
	clear(s.by)
	s.kept, s.bytes = s.kept[:0], 0
}

// add keeps k for board b.
func (s *shelf) add(b oware.Board, k kept) {
	if s.by == nil {
		s.by = make(map[oware.Board][]int32)
	}
	s.kept = append(s.kept, k)
	s.bytes += k.bytes()
	at := int32(len(s.kept) - 1)
	list := s.by[b]
	if len(list) == shelfPerBoard {
		copy(list, list[1:])
		list[len(list)-1] = at
	} else {
		list = append(list, at)
	}
	s.by[b] = list
}

// holds reports whether the proof k holds for the position on top of the
// line: whether its stretch before it holds each board of k's lines as
// often as k's history did, and whether each board of that stretch one
// occurrence from ending the game leaves k's leaves settled.
func (s *searcher) holds(k *kept) bool {
	if s.loose {
		return true
	}
	top := len(s.frames) - 1
	stretch := s.frames[s.base:top]
	// The boards k's history held, first, where the most proofs fail:
	// at once for a board not on the line (most of them), else a
	// comparison of hashes a position of the stretch.
	for j := range k.held {
		h, n := k.held[j].hash, int32(0)
		if s.onLine[h>>onLineShift] == 0 {
			return false // not on the line: held there, not here
		}
		for i := range stretch {
			if stretch[i].hash == h {
				n++
			}
		}
		if n != k.held[j].reps {
			return false
		}
	}
	// Then no other board of its lines: a look-up in k.boards a position.
	for i := len(stretch) - 1; i >= 0; i-- { // the latest first: the likeliest met
		h := stretch[i].hash
		if k.boards.has(h) && !slices.ContainsFunc(k.held, func(e held) bool { return e.hash == h }) {
			return false
		}
	}
	for i := range s.danger[s.dbase:] {
		d := &s.danger[s.dbase+i]
		if int(d.at) >= top {
			break
		}
		odd := (top - int(d.at)) & 1
		if !k.tol[0].allows(&d.view[odd]) || !k.tol[1].allows(&d.view[odd^1]) {
			return false
		}
	}
	return true
}

// fromShelf narrows bounds lo..hi of the position p on top of the line
// with the kept proofs of its board that hold there, and returns the
// proofs it took each bound from (or −1).
func (s *searcher) fromShelf(p *oware.Position, lo, hi int) (int, int, int32, int32) {
	byLo, byHi := int32(-1), int32(-1)
	for _, at := range s.shelf.by[p.Board()] {
		k := &s.shelf.kept[at]
		if int(k.lo) <= lo && int(k.hi) >= hi || !s.holds(k) {
			continue
		}
		if int(k.lo) > lo {
			lo, byLo = int(k.lo), at
		}
		if int(k.hi) < hi {
			hi, byHi = int(k.hi), at
		}
	}
	return lo, hi, byLo, byHi
}

// keep puts on the shelf the proof of node i of the tree, settled, whose
// occurrence is on top of the line, unless a leaf of it was settled by
// the table.
func (s *searcher) keep(i int32) {
	pr := &s.proof
	k := kept{lo: -oware.NumSeeds, hi: oware.NumSeeds}
	if n := &pr.nodes[i]; n.pn == 0 {
		k.lo = n.bound
	} else {
		k.hi = n.bound
	}
	k.tol[0].reset()
	k.tol[1].reset()
	boards := s.hashes[:0]
	stack := append(pr.stack[:0], proofVisit{i, 0})
	ok := true
	for len(stack) > 0 && ok {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &pr.nodes[v.node]
		if n.fresh && v.node != i {
			continue // a stretch of its own: the history cannot reach it
		}
		if v.node != i {
			if at, in := pr.proofs[v.node]; in { // settled and kept already
				boards = k.merge(&s.shelf.kept[at], v.odd, boards)
				continue
			}
		}
		if n.exp >= 0 {
			boards = append(boards, pr.expanded[n.exp].pos.Board().Hash())
			if n.pn == 0 { // one move proves it: the one its bound comes from
				for j := n.kids; j < n.kids+int32(n.nkids); j++ {
					c := &pr.nodes[j]
					if c.dn == 0 && int(c.tau)+int(n.tau)-1-int(c.bound) == int(n.bound) {
						stack = append(stack, proofVisit{j, v.odd ^ 1})
						break
					}
				}
			} else { // every move disproves it
				for j := n.kids; j < n.kids+int32(n.nkids); j++ {
					stack = append(stack, proofVisit{j, v.odd ^ 1})
				}
			}
			continue
		}
		switch n.how {
		case byTable:
			ok = false
		case byShelf:
			at, in := pr.leaves[v.node]
			if !in {
				ok = false // not known: keep nothing rather than guess
				break
			}
			boards = k.merge(&s.shelf.kept[at], v.odd, boards)
			// The leaf's own board is among the kept proof's.
		default:
			parent := &pr.expanded[pr.nodes[n.parent].exp]
			c, _ := parent.pos.Play(oware.Move(n.pit))
			boards = append(boards, c.Board().Hash())
			if !c.Outcome().Over() {
				q, seeds := relOf(c.Board())
				clo, chi := s.cycleOf(&c, q, seeds)
				k.tol[v.odd].leaf(int8(clo), int8(chi), n.tau, n.pn == 0)
			}
		}
	}
	pr.stack = stack[:0]
	s.hashes = boards[:0]
	if !ok {
		return
	}
	slices.Sort(boards)
	k.boards = newHashSet(slices.Compact(boards))
	k.tol[0].close()
	k.tol[1].close()
	// What the history of the stretch holds of those boards.
	top := len(s.frames) - 1
	for f := s.base; f < top; f++ {
		h := s.frames[f].hash
		if !k.boards.has(h) {
			continue
		}
		j := slices.IndexFunc(k.held, func(e held) bool { return e.hash == h })
		if j < 0 {
			k.held = append(k.held, held{hash: h})
			j = len(k.held) - 1
		}
		k.held[j].reps++
	}
	if s.shelf.bytes+k.bytes() > 2*s.shelf.limit() {
		return
	}
	s.shelf.add(pr.expanded[pr.nodes[i].exp].pos.Board(), k)
	pr.proofs[i] = int32(len(s.shelf.kept) - 1)
}

// appendTo appends the hashes of s to hs.
func (s hashSet) appendTo(hs []uint64) []uint64 {
	for _, h := range s {
		if h != 0 {
			hs = append(hs, h)
		}
	}
	return hs
}

// merge adds the facts of the kept proof u of a node at odd depth below
// k's position (odd 1) to k's tolerances, and appends u's boards to
// boards.
func (k *kept) merge(u *kept, odd uint8, boards []uint64) []uint64 {
	k.tol[odd].merge(&u.tol[0])
	k.tol[odd^1].merge(&u.tol[1])
	return u.boards.appendTo(boards)
}

// proofVisit is a node of a proof to visit, and the parity of its depth
// below the proof's position.
type proofVisit struct {
	node int32
	odd  uint8
}
