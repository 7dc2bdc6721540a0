package solve

import (
	"math"

	"github.com/seed3966233f/oware"
)

// The one question a search answers here, "is the value of this position
// at least τ for its mover?", is answered by proof-number search (Allis):
// a best-first search that grows a tree of the game, always at a leaf
// that takes fewest further leaves to settle the question one way or the
// other, and settles a leaf at once when its bounds known before any
// search (look) are on one side of τ. A proof here is a line of hundreds
// of plies in which the defender has a few moves at each of its turns;
// depth-first alpha-beta, on the same bounds, spends its nodes on the
// first lines it tries and does not find it (docs/solve.md measures
// both). The tree is exact about history: a node stands for a line from
// the root, its occurrences those of the line, and no two lines share a
// node, so the graph-history interaction does not arise.

// proofInf is the proof or disproof number of a question settled the
// other way: infinitely many leaves to go.
const proofInf = uint32(1) << 30

// proofNodeBytes is what a node of the tree takes, 28 bytes, with half
// of the 160 of an expanded node: a tree of most nodes, at most half of
// them expanded, takes at most most times proofNodeBytes. A question
// whose tree would outgrow its most nodes ends unsettled, as if its
// budget had run out. Each position searched (a node counted against the
// budget) is one expanded node.
const proofNodeBytes = 28 + 160/2

// treeNodes returns the most nodes of a tree of at most size bytes, half
// of them expanded, and the moves of one more: test stops before an
// expansion when the nodes and the moves of one more would exceed them.
func treeNodes(size int) int { return size/proofNodeBytes + oware.PitsPerSide }

// proofNode is a node of the tree: the position after its parent's
// position and its move pit, whose mover's value is in question against
// tau. Its children are nodes[kids : kids+nkids], and its position and
// occurrence, once it has children, are expanded[exp].
type proofNode struct {
	pn, dn uint32 // the leaves that would prove, or disprove, value ≥ tau
	parent int32
	kids   int32
	exp    int32 // -1 for a leaf
	nkids  uint8
	pit    int8
	tau    int8
	// bound is, once the question is settled, the bound of the value
	// proven with it: at least bound ≥ tau when proved, at most bound <
	// tau when disproved.
	bound int8
	fresh bool  // its move captured: the node starts a stretch
	how   uint8 // what settled a leaf before any search: byPrior, byTable or byShelf
}

// What settled a leaf before any search: its prior bounds or its
// terminal value, the table's entry, or a kept proof (see keep).
const (
	byPrior = iota
	byTable
	byShelf
)

// proofPosition is the position and occurrence of an expanded node, and
// the nodes counted when it was expanded.
type proofPosition struct {
	pos    oware.Position
	frame  frame
	start  uint64
	stored bool // what it proves is in the table
}

// prover is the tree of one question, kept between questions to reuse
// its memory.
type prover struct {
	nodes    []proofNode
	expanded []proofPosition
	path     []stretchStart
	// leaves are the kept proofs that settled leaves (how byShelf), and
	// proofs the kept proofs of settled nodes, by node (see keep); stack
	// is keep's.
	leaves, proofs map[int32]int32
	stack          []proofVisit
	// most is the most nodes of a tree, half of them expanded
	// (treeNodes of Options.TreeSize).
	most int
}

// sum adds proof numbers, proofInf at most.
func sum(a, b uint32) uint32 { return min(a+b, proofInf) }

// settle sets the proof numbers of node i from what is known of its
// position p, whose occurrence is on top of the line.
func (s *searcher) settle(i int32, p *oware.Position) {
	n := &s.proof.nodes[i]
	k := s.look(p)
	tau := int(n.tau)
	switch {
	case k.lo >= tau:
		n.pn, n.dn, n.bound = 0, proofInf, int8(k.lo)
		switch {
		case k.plo >= tau:
		case k.tlo >= tau:
			n.how = byTable
		default:
			n.how = byShelf
			s.proof.leaves[i] = k.byLo
		}
	case k.hi < tau:
		n.pn, n.dn, n.bound = proofInf, 0, int8(k.hi)
		switch {
		case k.phi < tau:
		case k.thi < tau:
			n.how = byTable
		default:
			n.how = byShelf
			s.proof.leaves[i] = k.byHi
		}
	default:
		n.pn, n.dn = 1, 1
	}
}

// test answers whether the value of p, on top of the line, is at least
// tau for its mover: it returns the bounds of the value it proved, lo ≥
// tau or hi < tau, or −NumSeeds and NumSeeds once the search is stopped
// or its tree full. What it proves of p and of the positions of its tree
// is stored in the transposition table.
//
// With open, it searches p's moves even when what is known of p answers
// the question, so that a proof names the move that proves it.
func (s *searcher) test(p *oware.Position, tau int, open bool) (lo, hi int) {
	pr := &s.proof
	pr.nodes = append(pr.nodes[:0], proofNode{parent: -1, exp: -1, tau: int8(tau), pn: 1, dn: 1})
	pr.expanded = pr.expanded[:0]
	if s.sharing() {
		if pr.leaves == nil {
			pr.leaves, pr.proofs = make(map[int32]int32), make(map[int32]int32)
		}
		clear(pr.leaves)
		clear(pr.proofs)
		if s.shelf.bytes > s.shelf.limit() {
			s.shelf.clear()
		}
	}
	if !open || p.Outcome().Over() {
		s.settle(0, p)
	}
	root := s.frames[len(s.frames)-1]
	// i is the node whose occurrence is on top of the line, entered from
	// the root's through pr.path.
	i := int32(0)
	pr.path = pr.path[:0]
	for pr.nodes[0].pn != 0 && pr.nodes[0].dn != 0 && !s.stop {
		if len(pr.nodes)+oware.PitsPerSide > pr.most || len(pr.expanded) >= pr.most/2 {
			s.stop = true // as if the budget had run out
			break
		}
		// Down to the most proving leaf, its occurrences on the line.
		for pr.nodes[i].exp >= 0 {
			n := &pr.nodes[i]
			next := n.kids
			for j := n.kids; j < n.kids+int32(n.nkids); j++ {
				if pr.nodes[j].dn == n.pn {
					next = j
					break
				}
			}
			c := &pr.nodes[next]
			if c.exp >= 0 {
				e := &pr.expanded[c.exp]
				pr.path = append(pr.path, s.enterFrame(e.frame, c.fresh))
			} else {
				pr.path = append(pr.path, s.enterLeaf(next))
			}
			i = next
		}
		if i == 0 {
			s.expand(0, *p, root)
		} else {
			e := &pr.expanded[len(pr.expanded)-1]
			s.expand(i, e.pos, e.frame)
		}
		// Back up while the proof numbers change (Allis's current node):
		// above a node whose numbers stay, every node's stay, so the way
		// down from the root would come to that node again, and the most
		// proving leaf is below it.
		for len(pr.path) > 0 {
			s.leave(pr.path[len(pr.path)-1])
			pr.path = pr.path[:len(pr.path)-1]
			i = pr.nodes[i].parent
			n := &pr.nodes[i]
			pn, dn := n.pn, n.dn
			s.backUp(i)
			if n.pn == pn && n.dn == dn {
				break
			}
		}
	}
	for k := len(pr.path) - 1; k >= 0; k-- { // back to the root's occurrence
		s.leave(pr.path[k])
	}
	pr.path = pr.path[:0]
	switch n := &pr.nodes[0]; {
	case n.pn == 0:
		return int(n.bound), oware.NumSeeds
	case n.dn == 0:
		return -oware.NumSeeds, int(n.bound)
	}
	return -oware.NumSeeds, oware.NumSeeds
}

// enterLeaf puts the occurrence of leaf i, whose parent is expanded and
// whose parent's occurrence is on top of the line, on the line, and
// keeps its position and occurrence as the last of the expanded ones,
// for expand.
func (s *searcher) enterLeaf(i int32) stretchStart {
	pr := &s.proof
	n := &pr.nodes[i]
	parent := &pr.expanded[pr.nodes[n.parent].exp]
	c, _ := parent.pos.Play(oware.Move(n.pit))
	var f frame
	if n.fresh {
		c = s.freshPosition(&c)
		f = s.frameOf(&c, nil)
	} else {
		f = s.frameOf(&c, &s.frames[len(s.frames)-1])
	}
	pr.expanded = append(pr.expanded, proofPosition{pos: c, frame: f})
	return s.enterFrame(f, n.fresh)
}

// expand gives node i, whose position is p and occurrence f (on top of
// the line), its children, settled as far as what is known of them
// allows.
func (s *searcher) expand(i int32, p oware.Position, f frame) {
	pr := &s.proof
	if i == 0 {
		pr.expanded = append(pr.expanded, proofPosition{pos: p, frame: f})
	}
	e := int32(len(pr.expanded) - 1)
	pr.expanded[e].start = s.nodes
	s.tick()
	hint := s.hint()
	tau := int(pr.nodes[i].tau)
	first := int32(len(pr.nodes))
	mover := p.Board().ToMove()
	before := p.Board().Score(mover)
	for m, c := range p.Children() {
		captured := c.Board().Score(mover) - before
		fresh := captured > 0
		if fresh {
			c = s.freshPosition(&c)
		}
		// The child's mover has v' = captured − v: v ≥ tau exactly when
		// v' < captured − tau + 1.
		pr.nodes = append(pr.nodes, proofNode{parent: i, exp: -1, pit: int8(m), tau: int8(captured - tau + 1), fresh: fresh})
		at := s.enter(&c, fresh)
		s.settle(int32(len(pr.nodes)-1), &c)
		s.leave(at)
	}
	// The move found best before goes first: among children as proving
	// as each other, the search goes down the first.
	for j := first + 1; j < int32(len(pr.nodes)); j++ {
		if int(pr.nodes[j].pit) == hint {
			pr.nodes[first], pr.nodes[j] = pr.nodes[j], pr.nodes[first]
			pr.swapLeaves(first, j)
		}
	}
	n := &pr.nodes[i]
	n.kids, n.nkids, n.exp = first, uint8(int32(len(pr.nodes))-first), e
	s.backUp(i)
}

// swapLeaves makes the kept proofs that settled leaves i and j follow the
// leaves when they trade places in the tree (see expand): they are
// found by node.
func (pr *prover) swapLeaves(i, j int32) {
	if pr.leaves == nil {
		return
	}
	ki, inI := pr.leaves[i]
	kj, inJ := pr.leaves[j]
	delete(pr.leaves, i)
	delete(pr.leaves, j)
	if inI {
		pr.leaves[j] = ki
	}
	if inJ {
		pr.leaves[i] = kj
	}
}

// backUp sets the proof numbers of expanded node i from its children's,
// and once settled its bound, which it stores in the table.
func (s *searcher) backUp(i int32) {
	pr := &s.proof
	n := &pr.nodes[i]
	pn, dn := proofInf, uint32(0)
	for j := n.kids; j < n.kids+int32(n.nkids); j++ {
		c := &pr.nodes[j]
		pn = min(pn, c.dn)
		dn = sum(dn, c.pn)
	}
	n.pn, n.dn = pn, dn
	if pn != 0 && dn != 0 {
		return
	}
	// A child's move is worth captured − v' to n's mover, where the
	// child's question was v' ≥ captured − tau + 1. Proved: the best of
	// the moves whose child's question was disproved (v' ≤ its bound);
	// disproved: every child's was proved (v' ≥ its bound), and the best
	// of those moves is worth at most captured − the bound.
	best, bound := -1, math.MinInt
	for j := n.kids; j < n.kids+int32(n.nkids); j++ {
		c := &pr.nodes[j]
		captured := int(c.tau) + int(n.tau) - 1
		if (pn == 0 && c.dn == 0 || dn == 0) && captured-int(c.bound) > bound {
			best, bound = int(c.pit), captured-int(c.bound)
		}
	}
	n.bound = int8(bound)
	e := &pr.expanded[n.exp]
	if e.stored {
		return
	}
	lo, hi := -oware.NumSeeds, oware.NumSeeds
	if pn == 0 {
		lo = bound
	} else {
		hi, best = bound, -1
	}
	k0, k1 := s.key(&e.frame)
	s.tt.store(k0, k1, lo, hi, best, s.nodes-e.start)
	e.stored = true
	if s.nodes-e.start >= s.shareMin && s.sharing() {
		s.keep(i)
	}
}
