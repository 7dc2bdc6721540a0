package solve

// An independent solver of positions with their history, written for the
// tests: the moves of the reference model (internal/refmodel, its own
// statement of the rules), its own count of occurrences in a map, its
// own repetition rule, and plain alpha-beta with a memo keyed by the
// board and the counts of the boards that can still be met. It uses no
// table and no bound but −n ≤ value ≤ n, and shares no code with the
// package. It is slow: exhaustive over histories, for the smallest
// levels; its results are recorded in testdata/ref-*.txt.

import (
	"encoding/binary"
	"errors"
	"slices"

	"github.com/seed3966233f/oware/internal/refmodel"
)

// refPos is a board of the game without scores: what repeats (D1).
type refPos struct {
	pits  [12]int
	mover int
}

// refMove is a move of a refPos.
type refMove struct {
	pit      int
	child    refPos
	captured int
}

// refNode is what the reference model says of a refPos: its moves, or
// the value of the finished game for its mover; and its number, those of
// the boards its moves lead to, and the seeds they capture.
type refNode struct {
	pos      refPos
	moves    []refMove
	over     bool
	value    int
	children []int // ids, in the order of moves
	repeats  bool  // a repetition of the board ends the game
}

// refSolver solves positions by search over their histories. A history
// is the count of each board (by id) since the last capture.
type refSolver struct {
	limit   int  // the occurrence that ends the game
	emptyOK bool // a repetition ends the game even while a side is empty
	ids     map[refPos]int
	nodes   []*refNode
	fresh   map[int]int
	memo    map[string][2]int
	count   int   // nodes searched
	budget  int   // the most nodes, or 0
	seen    []int // for key: the pass that last saw each id
	pass    int
}

// errRefBudget: the reference solver ran out of nodes.
var errRefBudget = errors.New("reference solver: out of nodes")

func newRefSolver(limit int, emptyOK bool) *refSolver {
	return &refSolver{limit: limit, emptyOK: emptyOK, ids: map[refPos]int{}, fresh: map[int]int{}, memo: map[string][2]int{}}
}

// side returns the seeds on player pl's side of p.
func (p refPos) side(pl int) int {
	n := 0
	for i := 6 * pl; i < 6*pl+6; i++ {
		n += p.pits[i]
	}
	return n
}

// split is the value for p's mover of a repetition ending the game at p.
func (p refPos) split() int { return p.side(p.mover) - p.side(1-p.mover) }

// id returns the number of p, asking the model about it the first time,
// with scores below 25.
func (s *refSolver) id(p refPos) int {
	if i, ok := s.ids[p]; ok {
		return i
	}
	seeds := p.side(0) + p.side(1)
	south := (48 - seeds) / 2
	g, err := refmodel.New(refmodel.Rules{}, refmodel.Board{Pits: p.pits, Scores: [2]int{south, 48 - seeds - south}, ToMove: p.mover})
	if err != nil {
		panic(err)
	}
	nd := &refNode{pos: p, repeats: s.emptyOK || p.side(0) > 0 && p.side(1) > 0}
	legal := g.Legal()
	if len(legal) == 0 {
		o := g.Outcome()
		m := p.mover
		nd.over, nd.value = true, (o.Tallies[m]-g.Scores[m])-(o.Tallies[1-m]-g.Scores[1-m])
	}
	for _, pit := range legal {
		next, _, err := g.Play(pit)
		if err != nil {
			panic(err)
		}
		nd.moves = append(nd.moves, refMove{pit: pit, child: refPos{next.Pits, next.ToMove}, captured: next.Scores[p.mover] - g.Scores[p.mover]})
	}
	i := len(s.nodes)
	s.ids[p] = i
	s.nodes = append(s.nodes, nd)
	s.seen = append(s.seen, 0)
	for _, m := range nd.moves {
		nd.children = append(nd.children, s.id(m.child))
	}
	return i
}

// valueOf returns the value of board v for its mover, the game having
// met the boards of hist (counts by id, v's included) since the last
// capture.
func (s *refSolver) valueOf(v int, hist []int) (int, error) {
	p := s.nodes[v].pos
	n := p.side(0) + p.side(1)
	lo, hi := -n, n
	for lo < hi {
		t := lo + (hi-lo+1)/2
		l, h, err := s.search(v, hist, t-1, t)
		if err != nil {
			return 0, err
		}
		lo, hi = max(lo, l), min(hi, h)
	}
	return lo, nil
}

// history returns an empty history, as long as the ids known.
func (s *refSolver) history() []int { return make([]int, len(s.nodes)) }

// freshValue returns the value of board v met for the first time.
func (s *refSolver) freshValue(v int) (int, error) {
	if x, ok := s.fresh[v]; ok {
		return x, nil
	}
	hist := s.history()
	hist[v] = 1
	x, err := s.valueOf(v, hist)
	if err == nil {
		s.fresh[v] = x
	}
	return x, err
}

// key returns the memo key of board v with hist: v, and the counts of
// the boards that play from v can still meet (through boards whose next
// occurrence does not end the game), those that would end it included.
func (s *refSolver) key(v int, hist []int) string {
	s.pass++
	s.seen[v] = s.pass
	stack := []int{v}
	var relevant [][2]int
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if hist[u] > 0 {
			relevant = append(relevant, [2]int{u, hist[u]})
		}
		nd := s.nodes[u]
		for k, w := range nd.children {
			if nd.moves[k].captured > 0 || s.seen[w] == s.pass {
				continue
			}
			s.seen[w] = s.pass
			if s.ends(w, hist[w]+1) {
				relevant = append(relevant, [2]int{w, hist[w]})
				continue
			}
			stack = append(stack, w)
		}
	}
	slices.SortFunc(relevant, func(a, b [2]int) int { return a[0] - b[0] })
	k := make([]byte, 0, 4+4*len(relevant))
	k = binary.AppendUvarint(k, uint64(v))
	for _, r := range relevant {
		k = binary.AppendUvarint(k, uint64(r[0]))
		k = append(k, byte(r[1]))
	}
	return string(k)
}

// ends reports whether board v, occurring for the count-th time since
// the last capture, ends the game by repetition.
func (s *refSolver) ends(v, count int) bool { return count >= s.limit && s.nodes[v].repeats }

// search returns bounds lo ≤ x ≤ hi of the value x of board v with hist,
// such that hi ≤ alpha, lo ≥ beta or lo == hi.
func (s *refSolver) search(v int, hist []int, alpha, beta int) (int, int, error) {
	nd := s.nodes[v]
	if nd.over {
		return nd.value, nd.value, nil
	}
	s.count++
	if s.budget > 0 && s.count > s.budget {
		return 0, 0, errRefBudget
	}
	n := nd.pos.side(0) + nd.pos.side(1)
	k := s.key(v, hist)
	lo, hi := -n, n
	if b, ok := s.memo[k]; ok {
		lo, hi = b[0], b[1]
	}
	if lo >= beta || hi <= alpha || lo == hi {
		return lo, hi, nil
	}
	bestLo, bestHi := -1000, -1000
	for i, m := range nd.moves {
		if bestLo >= beta {
			bestHi = hi // the moves left unsearched bound nothing
			break
		}
		c := nd.children[i]
		var mlo, mhi int
		switch {
		case m.captured > 0:
			x, err := s.freshValue(c)
			if err != nil {
				return 0, 0, err
			}
			mlo, mhi = m.captured-x, m.captured-x
		case s.ends(c, hist[c]+1):
			mlo, mhi = -m.child.split(), -m.child.split()
		default:
			hist[c]++
			clo, chi, err := s.search(c, hist, -beta, -max(alpha, bestLo))
			hist[c]--
			if err != nil {
				return 0, 0, err
			}
			mlo, mhi = -chi, -clo
		}
		bestLo, bestHi = max(bestLo, mlo), max(bestHi, mhi)
	}
	lo, hi = max(lo, bestLo), min(hi, bestHi)
	s.memo[k] = [2]int{lo, hi}
	return lo, hi, nil
}
