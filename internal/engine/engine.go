// Package engine is the computer player of the oware command: a negamax
// search with alpha-beta pruning, iterative deepening, a transposition table
// and move ordering, over the positions of package oware.
//
// The search is deterministic: for a given position (with its history) and
// depth it always returns the same move, so that games between built-in
// players can be replayed exactly; [SearchWithin] adds a stop condition,
// such as a time limit, at the cost of that. Its score is exactly that of a
// plain negamax of the same depth: the transposition table never reuses a
// score that depends on the path to a position (see rootHistory). Scores are from the point of view of the
// player to move, in quarter seeds: a captured seed is worth [SeedValue].
package engine

import (
	"errors"
	"slices"
	"sync"

	"github.com/seed3966233f/oware"
)

// Scores of the search.
const (
	// SeedValue is the worth of one captured seed in the evaluation.
	SeedValue = 4
	// Win is the score of a game won at the root; a win found n plies
	// deeper scores Win-n, so that the search prefers the quickest win and
	// the slowest loss. Won and lost games score within MaxDepth of ±Win,
	// drawn ones 0, and the evaluation of unfinished positions stays far
	// from ±Win.
	Win = 1_000_000
	// MaxDepth is the deepest search that Search accepts.
	MaxDepth = 40
)

// Errors that Search returns.
var (
	// ErrGameOver: the position is finished, or not a position of the game,
	// so there is no move to choose.
	ErrGameOver = errors.New("engine: no move to choose: the game is over")
	// ErrDepth: the depth is not between 1 and MaxDepth.
	ErrDepth = errors.New("engine: depth must be from 1 to 40")
)

// Result is the outcome of a search.
type Result struct {
	Move  oware.Move   // the move chosen
	Score int          // its score for the player to move (see Win and SeedValue)
	Depth int          // the depth searched, in plies
	Nodes uint64       // positions visited, over all iterations
	PV    []oware.Move // the principal variation, starting with Move
	// Stopped tells that Limits.Stop ended the search before it reached
	// the depth asked for.
	Stopped bool
}

// Evaluate returns the static worth of p for the player to move, in units
// where a captured seed is SeedValue. Finished positions score ±Win or 0
// (a draw). Otherwise the score is the difference of captured seeds, plus
// one unit for every seed the mover holds on their own side more than the
// opponent does (seeds that R9 and R10 would give them), plus two units for
// every non-empty pit the mover has more than the opponent (moves to
// choose from, and no empty side to be fed). The weights were chosen by
// matches between variants of the evaluation.
func Evaluate(p oware.Position) int {
	if o := p.Outcome(); o.Over() {
		return terminal(o, p.Board().ToMove(), 0)
	}
	if !p.Valid() {
		return 0
	}
	b := p.Board()
	me := b.ToMove()
	them := me.Opponent()
	v := SeedValue * (b.Score(me) - b.Score(them))
	pits := b.Pits()
	mine, theirs := oware.PitsPerSide*int(me), oware.PitsPerSide*int(them)
	for i := 0; i < oware.PitsPerSide; i++ {
		a, b := pits[mine+i], pits[theirs+i]
		v += a - b
		if a > 0 {
			v += 2
		}
		if b > 0 {
			v -= 2
		}
	}
	return v
}

// terminal scores a finished game for player pl, found ply plies below the
// root.
func terminal(o oware.Outcome, pl oware.Player, ply int) int {
	w, ok := o.Winner()
	switch {
	case !ok:
		return 0
	case w == pl:
		return Win - ply
	default:
		return -Win + ply
	}
}

// known scores a result under perfect play found ply plies below the
// root: the mover's final tally minus the opponent's.
func known(margin, ply int) int {
	switch {
	case margin > 0:
		return Win - ply
	case margin < 0:
		return -Win + ply
	}
	return 0
}

// Search chooses a move for the player to move at p by searching depth plies
// deep (iterative deepening from one ply up to depth). Among moves of equal
// score it prefers the one searched first, so the result depends only on p,
// its history and depth. It returns ErrGameOver when p has no legal move and
// ErrDepth when depth is out of range.
func Search(p oware.Position, depth int) (Result, error) {
	return SearchWithin(p, Limits{Depth: depth})
}

// Limits bounds a search of [SearchWithin].
type Limits struct {
	// Depth is the deepest iteration, from 1 to MaxDepth.
	Depth int
	// Stop, when not nil, is asked every few thousand positions, and
	// before each iteration after the first, whether to end the search; once
	// it says true, the search ends at once with the result of the last
	// iteration it completed. The first iteration, one ply deep, always
	// completes, so that there is a move to play.
	Stop func() bool
	// Progress, when not nil, is called with the result of every completed
	// iteration, from the goroutine of the search.
	Progress func(Result)
	// Probe, when not nil, is asked at every position of the search below
	// the root that a capture has just made (so that no earlier position
	// can recur) for its result under perfect play, such as endgame
	// tables know it: the final tally of the player to move minus the
	// opponent's, and whether it is known. A known result scores as a
	// finished game: a win, a loss or a draw.
	Probe func(oware.Position) (margin int, ok bool)
}

// pollMask sets how often the search asks Limits.Stop: every pollMask+1
// positions, a few hundred microseconds of search.
const pollMask = 1<<12 - 1

// SearchWithin is [Search] within limits: iterative deepening from one ply
// up to lim.Depth that ends early when lim.Stop says so. The result is that
// of the deepest completed iteration, with Stopped set when the search was
// ended by lim.Stop before reaching lim.Depth (or a decided game). Without
// a Stop it is deterministic like Search, whose result it then equals.
func SearchWithin(p oware.Position, lim Limits) (Result, error) {
	if lim.Depth < 1 || lim.Depth > MaxDepth {
		return Result{}, ErrDepth
	}
	if p.Moves().Len() == 0 {
		return Result{}, ErrGameOver
	}
	s := newSearcher()
	defer searchers.Put(s)
	var res Result
	for d := 1; d <= lim.Depth; d++ {
		s.probe = lim.Probe
		if d > 1 && lim.Stop != nil {
			s.stop = lim.Stop
			if s.stop() {
				res.Stopped = true
				break
			}
		}
		score := s.negamax(p, d, 0, -Win-1, Win+1, rootHistory)
		if s.stopped {
			res.Stopped = true
			break
		}
		res = Result{Move: s.rootBest, Score: score, Depth: d, Nodes: s.nodes, PV: s.pv(p, s.rootBest, d)}
		if lim.Progress != nil {
			lim.Progress(res)
		}
		if score >= Win-d || score <= -Win+d {
			break // the game is decided within reach: deeper search changes nothing
		}
	}
	res.Nodes = s.nodes
	return res, nil
}

// Bound kinds of a transposition table entry.
const (
	exact uint8 = iota + 1
	lower       // the score is at least the stored one (a beta cut-off)
	upper       // the score is at most the stored one (no move raised alpha)
)

// ttBits sets the size of the transposition table: 1<<ttBits entries.
const ttBits = 16

// noMove marks an entry without a best move.
const noMove = 0xff

// The score of a position depends on more than its board: on the boards
// that occurred since the last capture, which R10 may see again. An entry is
// therefore keyed on the board and on a hash of that history: the multiset
// of boards on the path since the last capture, each mixed and summed, plus
// rootHistory for the boards before the root, which are the same for every
// position of the root's capture-free stretch within one search. After a
// capture the history is empty (0): the board says all. Two keys are equal
// only when the boards are equal and the histories are, but for a 64-bit
// collision of the sums.
const rootHistory uint64 = 0x9e3779b97f4a7c15

// mix scrambles a board hash into a term of a history sum.
func mix(h uint64) uint64 {
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>33
}

// childHistory returns the history key of a child of p, whose history key
// is hist: empty after a capture, else hist with p's board added.
func childHistory(p, child oware.Position, hist uint64) uint64 {
	b, c := p.Board(), child.Board()
	if b.Score(oware.South) != c.Score(oware.South) || b.Score(oware.North) != c.Score(oware.North) {
		return 0
	}
	return hist + mix(b.Hash())
}

// entry is one slot of the transposition table.
type entry struct {
	key   oware.Board
	hist  uint64 // the history key (see rootHistory)
	gen   uint32 // the search that wrote the entry
	score int32
	depth int8
	bound uint8
	move  uint8
}

// searcher holds the state of one search. Searchers are pooled to reuse
// their tables; entries written by an earlier search (another gen) count as
// empty, which keeps every search independent of the ones before it.
type searcher struct {
	tt       []entry
	gen      uint32
	nodes    uint64
	rootBest oware.Move                       // the best move found at the root by the last iteration
	stop     func() bool                      // asked every pollMask+1 nodes; nil during the first iteration
	probe    func(oware.Position) (int, bool) // Limits.Probe
	stopped  bool                             // stop said true: the iteration is abandoned
}

var searchers = sync.Pool{New: func() any { return &searcher{tt: make([]entry, 1<<ttBits)} }}

// newSearcher returns a searcher with an empty table.
func newSearcher() *searcher {
	s := searchers.Get().(*searcher)
	s.gen++
	if s.gen == 0 { // wrapped: clear for real
		clear(s.tt)
		s.gen = 1
	}
	s.nodes, s.rootBest, s.stop, s.stopped = 0, 0, nil, false
	return s
}

// slot returns the table slot of board b with history key hist.
func (s *searcher) slot(b oware.Board, hist uint64) *entry {
	return &s.tt[(b.Hash()^hist)&(1<<ttBits-1)]
}

// lookup returns the entry of b with history hist, or nil.
func (s *searcher) lookup(b oware.Board, hist uint64) *entry {
	e := s.slot(b, hist)
	if e.gen != s.gen || e.key != b || e.hist != hist {
		return nil
	}
	return e
}

// child is a move and the position it leads to, with its ordering key.
type child struct {
	move   oware.Move
	pos    oware.Position
	gain   int // seeds the move captures
	hashed bool
}

// interrupted polls s.stop and tells whether the iteration is abandoned.
func (s *searcher) interrupted() bool {
	if !s.stopped && s.stop != nil && s.nodes&pollMask == 0 {
		s.stopped = s.stop()
	}
	return s.stopped
}

// negamax returns the score of p for its player to move, searched depth
// plies deep, ply plies below the root, within the window (alpha, beta);
// hist is p's history key. A table entry gives the score only when it was
// searched to the same depth, so that the result is that of a plain
// negamax of that depth. Once the search is interrupted, it returns 0 at
// once and writes nothing.
func (s *searcher) negamax(p oware.Position, depth, ply, alpha, beta int, hist uint64) int {
	s.nodes++
	if s.interrupted() {
		return 0
	}
	if o := p.Outcome(); o.Over() {
		return terminal(o, p.Board().ToMove(), ply)
	}
	if s.probe != nil && hist == 0 && ply > 0 {
		if margin, ok := s.probe(p); ok {
			return known(margin, ply)
		}
	}
	if depth == 0 {
		return Evaluate(p)
	}
	k := p.Board()
	best := uint8(noMove)
	if e := s.lookup(k, hist); e != nil {
		best = e.move
		if v, ok := e.cut(depth, ply, alpha, beta); ok {
			return v
		}
	}
	alpha0 := alpha
	bestScore := -Win - 1
	for _, c := range s.order(p, best) {
		v := -s.negamax(c.pos, depth-1, ply+1, -beta, -alpha, childHistory(p, c.pos, hist))
		if s.stopped {
			return 0
		}
		if v > bestScore {
			bestScore, best = v, uint8(c.move)
			if ply == 0 {
				s.rootBest = c.move
			}
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	bound := exact
	switch {
	case bestScore <= alpha0:
		bound = upper
	case bestScore >= beta:
		bound = lower
	}
	*s.slot(k, hist) = entry{key: k, hist: hist, gen: s.gen, score: int32(toTable(bestScore, ply)),
		depth: int8(depth), bound: bound, move: best}
	return bestScore
}

// cut returns the score of e's position ply plies below the root, when e
// was searched depth plies deep (not at the root, ply 0) and its bound
// settles the window (alpha, beta).
func (e *entry) cut(depth, ply, alpha, beta int) (int, bool) {
	if int(e.depth) != depth || ply == 0 {
		return 0, false
	}
	v := fromTable(int(e.score), ply)
	switch {
	case e.bound == exact,
		e.bound == lower && v >= beta,
		e.bound == upper && v <= alpha:
		return v, true
	}
	return 0, false
}

// toTable and fromTable convert the scores of won and lost games between
// "plies from the root" and "plies from this node", so that a table entry
// stays right wherever the position recurs in the tree.
func toTable(v, ply int) int {
	switch {
	case v >= Win-MaxDepth-1:
		return v + ply
	case v <= -Win+MaxDepth+1:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int {
	switch {
	case v >= Win-MaxDepth-1:
		return v - ply
	case v <= -Win+MaxDepth+1:
		return v + ply
	}
	return v
}

// order returns the legal moves of p with the positions they lead to, best
// first: the move of the table, then captures by seeds taken, then the
// rest in pit order.
func (s *searcher) order(p oware.Position, hashMove uint8) []child {
	var buf [6]child
	moves := buf[:0]
	me := p.Board().ToMove()
	for m := range p.Moves().All() {
		next, err := p.Play(m)
		if err != nil {
			continue // cannot happen: m is legal
		}
		moves = append(moves, child{
			move:   m,
			pos:    next,
			gain:   next.Board().Score(me) - p.Board().Score(me),
			hashed: uint8(m) == hashMove,
		})
	}
	slices.SortStableFunc(moves, func(a, b child) int {
		switch {
		case a.hashed != b.hashed:
			if a.hashed {
				return -1
			}
			return 1
		default:
			return b.gain - a.gain
		}
	})
	return moves
}

// pv returns the principal variation: first, the best move at the root p,
// then the moves that the table gives, at most depth moves in all.
func (s *searcher) pv(p oware.Position, first oware.Move, depth int) []oware.Move {
	line := []oware.Move{first}
	hist := uint64(rootHistory)
	next, err := p.Play(first)
	for err == nil && len(line) < depth {
		hist = childHistory(p, next, hist)
		p = next
		e := s.lookup(p.Board(), hist)
		if e == nil || e.move == noMove || !p.Moves().Contains(oware.Move(e.move)) {
			break
		}
		m := oware.Move(e.move)
		line = append(line, m)
		next, err = p.Play(m)
	}
	return line
}
