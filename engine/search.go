package engine

import (
	"context"
	"slices"
	"time"

	"github.com/seed3966233f/oware"
)

// pollInterval sets how often the search looks at its limits of time and
// positions and at its context: every pollInterval positions, about a
// millisecond of search.
const pollInterval = 1 << 12

// The score of a position depends on more than its board: on the boards
// that occurred since the last capture, which R10 may see again, and under
// some rules on the plies played. A table entry is therefore keyed on the
// board and on a hash of that history: the multiset of boards on the path
// since the last capture, each mixed and summed, plus rootHistory for the
// boards before the root, which are the same for every position of the
// root's capture-free stretch within one search. After a capture the
// history is empty (0): the board says all. The multiset also tells how
// many plies were played since the last capture, which a limit of quiet
// plies (Rules.MaxQuietPlies) needs. Under a limit of plies
// (Rules.MaxPlies) the key also holds the ply from the root, which, the
// root's plies being fixed, tells the plies played. Under rules without
// repetition and without a quiet limit, the history is left out, so that
// more positions share entries.
const rootHistory uint64 = 0x9e3779b97f4a7c15

// checkCut, when not nil, is told of every score that the search takes
// from the table instead of searching: the position, its ply and depth,
// the score and its bound. The tests check it against a plain negamax.
var checkCut func(p *oware.Position, ply, depth, score int, bound uint8)

// mix scrambles a 64-bit value; mix(0) is 0.
func mix(h uint64) uint64 {
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>33
}

// searcher holds the state of one search: the path from the root, the
// table.
type searcher struct {
	tt         table
	probe      Probe
	probeSeeds int // the most seeds on the board of a position probed
	// stack[ply] is the position ply plies below the root; beyond
	// MaxDepth, those of the captures of the quiescence search, at most
	// one for every two seeds.
	stack    [MaxDepth + 1 + oware.NumSeeds/2 + 1]oware.Position
	hist     [MaxDepth + 2]uint64 // hist[ply] is the history key of stack[ply]
	since    [MaxDepth + 2]int    // since[ply] is the ply of the last capture on the path, or 0
	nodes    uint64
	rootBest oware.Move // the best move found at the root by the last search of it
	// A root move that the running iteration proved better than the last
	// iteration's best, searched first, and its score so far (see run).
	better       oware.Move
	betterScore  int
	hasBetter    bool
	prevBest     oware.Move // the last iteration's best move
	firstWasBest bool       // the root's first move was prevBest
	// The root's moves left out, those of the lines found before (see
	// iterate), and then the move to search first there (or noMove).
	exclude   oware.MoveSet
	rootFirst uint8
	// The limits looked at every pollInterval nodes, after the first
	// iteration: the node count, the deadline by the clock now, the end
	// of the context (done, nil if it cannot end).
	polling     bool   // the limits are looked at: after the first iteration, if there are any
	nextPoll    uint64 // the node count at which to look next
	nodeLimit   uint64 // 0 for none
	deadline    time.Time
	hasDeadline bool
	now         func() time.Time
	done        <-chan struct{}
	stopped     bool // a limit was reached: the iteration is abandoned
	// What the key holds under the rules of the root.
	keepHistory bool // the boards since the last capture
	keepPly     bool // the ply from the root
	// forgetRecent: the key leaves out the boards too recent to recur
	// (see minCycle); not under a limit of quiet plies, which counts them.
	forgetRecent bool
	loneSeeds    bool // a move can end the game on lone seeds (quiesce)
	// exact turns the reductions off: the score is then that of a plain
	// negamax of the depth, which the tests check.
	exact bool
}

// newSearcher returns a searcher with a table of size bytes.
func newSearcher(size int) *searcher {
	return &searcher{tt: newTable(size)}
}

// run searches p within lim until ctx is done, reading the clock now,
// and calls progress, if not nil, with every completed iteration (see
// Engine.Analyze). lim is in range and p has moves.
func (s *searcher) run(ctx context.Context, p oware.Position, lim Limits, now func() time.Time, progress func(Result)) Result {
	s.start(p)
	var pc *pace
	if lim.Clock > 0 {
		aim, _ := clockTimes(p, lim)
		pc = &pace{aim: aim, move: noMove}
		lim.Time = lim.MaxTime(p)
	}
	start := s.limit(ctx, lim, now)
	depth := lim.Depth
	if depth == 0 {
		depth = MaxDepth
	}
	n := min(max(lim.MultiPV, 1), p.Moves().Len())
	limited := s.nodeLimit != 0 || s.hasDeadline || s.done != nil
	var res Result
	for d := 1; d <= depth; d++ {
		if d > 1 && limited {
			s.polling = true
			s.schedule()
			if s.reached() {
				res.Stopped = true
				break
			}
		}
		lines, partial := s.iterate(d, n, res.Lines)
		if s.stopped {
			// The lines that the iteration completed, or the move it
			// proved better, then the last iteration's other lines.
			if len(lines) > 0 || partial {
				res = resultOf(merge(lines, res.Lines, n))
				res.Partial = partial
			}
			res.Stopped = true
			break
		}
		res = resultOf(lines)
		res.Nodes = s.nodes
		if progress != nil {
			progress(res)
		}
		if decided(lines, d) {
			break // the game is decided within reach: deeper search changes nothing
		}
		if pc != nil && !pc.goOn(lines[0], s.now().Sub(start)) {
			break
		}
	}
	res.Nodes = s.nodes
	s.polling, s.done, s.now = false, nil, nil
	return res
}

// iterate searches the root depth plies deep for its n best lines, one
// after the other, each without the moves of those before it; prev are
// the lines of the iteration before, which give each search its first
// move and its aspiration window. When a limit ends it, it returns the
// lines it completed, or, when it ended the first, the move it proved
// better than the last iteration's best, if any, and partial true.
func (s *searcher) iterate(depth, n int, prev []Line) (lines []Line, partial bool) {
	defer func() { s.exclude, s.rootFirst = 0, noMove }()
	for k := range n {
		guess, first := 0, oware.Move(noMove)
		if k < len(prev) {
			guess, first = int(prev[k].Score), prev[k].Move
		}
		s.rootFirst = noMove
		if k > 0 && !s.exclude.Contains(first) {
			s.rootFirst = uint8(first)
		}
		s.hasBetter, s.prevBest = false, first
		score := s.aspire(depth, guess)
		if s.stopped {
			if k == 0 && s.hasBetter && depth > 1 {
				lines = append(lines, Line{Move: s.better, Score: Score(s.betterScore), Depth: depth, PV: s.pv(s.better, depth)})
				return lines, true
			}
			return lines, false
		}
		lines = append(lines, Line{Move: s.rootBest, Score: Score(score), Depth: depth, PV: s.pv(s.rootBest, depth)})
		s.exclude |= oware.MoveSet(1) << s.rootBest
	}
	return lines, false
}

// merge returns the lines first, then those of the lines before whose
// moves they do not have, n lines at most.
func merge(first, before []Line, n int) []Line {
	lines := append([]Line{}, first...)
	for _, l := range before {
		if len(lines) == n {
			break
		}
		if !slices.ContainsFunc(lines, func(m Line) bool { return m.Move == l.Move }) {
			lines = append(lines, l)
		}
	}
	return lines
}

// resultOf returns the result whose best line is lines[0].
func resultOf(lines []Line) Result {
	best := lines[0]
	return Result{Move: best.Move, Score: best.Score, Depth: best.Depth, PV: best.PV, Lines: lines}
}

// decided reports whether every line is won or lost within depth plies,
// which no deeper search changes.
func decided(lines []Line, depth int) bool {
	for _, l := range lines {
		if v := int(l.Score); v < Win-depth && v > -Win+depth {
			return false
		}
	}
	return true
}

// limit sets the limits of the search that start began: lim's nodes, and
// the deadline of lim's time and of ctx, a fiftieth early, by the clock
// now, which it reads then, and returns what it read (the zero Time if
// there is no deadline).
func (s *searcher) limit(ctx context.Context, lim Limits, now func() time.Time) time.Time {
	s.nodeLimit, s.done, s.now = lim.Nodes, ctx.Done(), now
	end, hasEnd := ctx.Deadline()
	if !hasEnd && lim.Time == 0 {
		s.hasDeadline = false
		return time.Time{}
	}
	start := now()
	if lim.Time > 0 && (!hasEnd || start.Add(lim.Time).Before(end)) {
		end = start.Add(lim.Time)
	}
	s.deadline, s.hasDeadline = end.Add(-end.Sub(start)/50), true
	return start
}

// schedule sets the node count at which to look at the limits next.
func (s *searcher) schedule() {
	s.nextPoll = s.nodes + pollInterval
	if s.nodeLimit != 0 && s.nodeLimit < s.nextPoll {
		s.nextPoll = s.nodeLimit
	}
}

// reached reports whether a limit of the search is reached: its nodes,
// its deadline (read on the clock first), or the end of its context.
func (s *searcher) reached() bool {
	if s.nodeLimit != 0 && s.nodes >= s.nodeLimit {
		return true
	}
	if s.hasDeadline && !s.now().Before(s.deadline) {
		return true
	}
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// start prepares s to search from p.
func (s *searcher) start(p oware.Position) {
	s.tt.next()
	s.stack[0] = p
	s.hist[0], s.since[0] = rootHistory, 0
	r := p.Rules()
	s.keepHistory = r.RepeatLimit() != 0 || r.MaxQuietPlies() != 0
	s.keepPly = r.MaxPlies() != 0
	s.forgetRecent = s.keepHistory && r.MaxQuietPlies() == 0
	s.loneSeeds = r.LoneSeeds()
	if !s.keepHistory {
		s.hist[0] = 0
	}
	s.nodes, s.rootBest, s.polling, s.stopped = 0, 0, false, false
}

// aspiration is the half-width of the first window around the score of
// the previous iteration: two seeds.
const aspiration = 2 * SeedValue

// aspire searches the root depth plies deep, first within a window around
// guess, the previous iteration's score, widening it as long as the score
// falls outside: the score is that of a full window.
func (s *searcher) aspire(depth, guess int) int {
	if depth < 3 || guess >= KnownWin/2 || guess <= -KnownWin/2 {
		return s.search(0, depth, -Win-1, Win+1)
	}
	delta := aspiration
	alpha, beta := guess-delta, guess+delta
	for {
		v := s.search(0, depth, alpha, beta)
		switch {
		case s.stopped:
			return 0
		case v <= alpha:
			alpha = max(-Win-1, v-delta)
		case v >= beta:
			beta = min(Win+1, v+delta)
		default:
			return v
		}
		delta *= 4
		if delta > 64*SeedValue {
			alpha, beta = -Win-1, Win+1
		}
	}
}

// interrupted looks at the limits when it is time to, and tells whether
// the iteration is abandoned.
func (s *searcher) interrupted() bool {
	if !s.stopped && s.polling && s.nodes >= s.nextPoll {
		s.poll()
	}
	return s.stopped
}

// poll looks at the limits, and schedules the next look.
func (s *searcher) poll() {
	s.schedule()
	s.stopped = s.reached()
}

// minCycle is the fewest plies in which a board can recur: in a cycle
// every pit is sown (a pit never sown would only gain seeds, so the pit
// before it, which feeds it when sown, is never sown either, and so on
// round the board), one a ply. So a board b plies back on the path cannot
// recur within the next d plies unless b+d >= minCycle, and the score of a
// position searched d plies deep does not depend on the boards fewer than
// minCycle-d plies back: the key leaves them out, so that lines that
// differ only in their last moves share entries.
const minCycle = 12

// key returns the table key of stack[ply] searched depth plies deep.
func (s *searcher) key(ply, depth int) uint64 {
	h := s.hist[ply]
	if s.forgetRecent {
		// The key of the boards up to ply-minCycle+depth: along a
		// capture-free line each ply's key adds its parent's board to the
		// one before, so it is the key of the ply that many boards in.
		h = s.hist[min(ply, max(s.since[ply], ply-minCycle+1+depth))]
	}
	if s.keepPly {
		h ^= uint64(ply+1) * 0xd6e8feb86659fd93
	}
	return s.stack[ply].Board().Hash() ^ mix(h)
}

// childHistories returns what the history keys of the children of
// stack[ply] are made from: the captured seeds there, after which a
// child's key is 0 (or stack[ply]'s board could recur), and the key of a
// child without a capture: stack[ply]'s key plus its board's term.
func (s *searcher) childHistories(ply int) (captured int, quiet uint64) {
	if !s.keepHistory {
		return -1, 0
	}
	b := s.stack[ply].Board()
	return b.Score(oware.South) + b.Score(oware.North), s.hist[ply] + mix(b.Hash())
}

// fresh sets the history of stack[ply+1], a child of stack[ply], and
// reports whether no earlier board can recur from it: it follows a
// capture, or the rules know no repetition.
func (s *searcher) fresh(ply int) bool {
	captured, quiet := s.childHistories(ply)
	s.enter(ply, captured, quiet)
	return s.hist[ply+1] == 0
}

// enter sets the history of stack[ply+1], a child of stack[ply], from what
// childHistories returned.
func (s *searcher) enter(ply, captured int, quiet uint64) {
	if b := s.stack[ply+1].Board(); b.Score(oware.South)+b.Score(oware.North) != captured {
		s.hist[ply+1], s.since[ply+1] = 0, ply+1
		return
	}
	s.hist[ply+1], s.since[ply+1] = quiet, s.since[ply]
}

// search returns the score of stack[ply] for its player to move, searched
// depth plies deep, within the window (alpha, beta). A table entry gives
// the score only when it was searched to the same depth, so that the
// result is that of a plain negamax of that depth. Once the search is
// interrupted, it returns 0 at once and writes nothing.
func (s *searcher) search(ply, depth, alpha, beta int) int {
	s.nodes++
	if s.interrupted() {
		return 0
	}
	p := &s.stack[ply]
	if p.Moves() == 0 {
		return terminal(p.Outcome(), p.Board().ToMove(), ply)
	}
	if s.probe != nil && ply > 0 && s.hist[ply] == 0 && s.probes(p) {
		if v, ok := s.probed(ply, depth, alpha, beta); ok {
			return v
		}
	}
	if ply > 0 && !s.exact && ply+depth < MaxDepth && p.Moves().Len() == 1 {
		// A forced move costs no ply: a position below the root with a
		// single move is searched a ply deeper than its parent left it, so
		// that lines of forced moves, frequent in endgames where a side
		// has one pit to sow, take no depth; never beyond MaxDepth plies
		// from the root (the stack's size). Accepted by an SPRT
		// (docs/engine.md, "How a change is tested").
		depth++
	}
	if depth == 0 {
		return s.quiesce(ply, alpha, beta)
	}
	if ply > 0 && !s.exact && depth <= rfpDepth && beta-alpha == 1 && beta > -KnownWin/2 && beta < KnownWin/2 {
		// Reverse futility pruning (see rfpDepth).
		if v := evaluate(p.Board()); v-rfpMargin*depth >= beta {
			return v
		}
	}
	if depth == 1 && ply > 0 {
		return s.frontier(ply, alpha, beta)
	}
	key := s.key(ply, depth)
	hashMove := uint8(noMove)
	if e := s.tt.probe(key); e != nil {
		hashMove = e.move
		if ply > 0 {
			if v, ok := e.cut(depth, ply, alpha, beta); ok {
				if checkCut != nil {
					checkCut(p, ply, depth, v, e.bound)
				}
				return v
			}
		}
	} else if s.forgetRecent && depth < minCycle {
		// The key at this depth leaves out one board fewer than the key
		// the last iteration gave this position: its entry gives the move
		// to search first.
		if e := s.tt.probe(s.key(ply, depth-1)); e != nil {
			hashMove = e.move
		}
	}
	if ply == 0 && s.exclude != 0 {
		hashMove = s.rootFirst // the table's is the best line's
	}
	child := &s.stack[ply+1]
	alpha0 := alpha
	best, bestMove := -Win-1, uint8(noMove)
	if hashMove != noMove && !p.Moves().Contains(oware.Move(hashMove)) {
		hashMove = noMove // cannot happen but for a collision of keys
	}
	captured, quiet := s.childHistories(ply)
	before := p.Board().Score(oware.South) + p.Board().Score(oware.North)
	var moves moveList
loop:
	for i := 0; ; i++ {
		// The table's move first, then the others once it did not cut.
		var m oware.Move
		switch {
		case i == 0 && hashMove != noMove:
			m = oware.Move(hashMove)
		default:
			j := i
			if hashMove != noMove {
				j--
			}
			if j == 0 {
				moves.order(p, hashMove)
				if ply == 0 && s.exclude != 0 {
					moves.drop(s.exclude)
				}
			}
			if j >= moves.n {
				break loop
			}
			m = moves.pick(j)
		}
		*child, _ = p.Play(m)
		s.enter(ply, captured, quiet)
		var v int
		if i == 0 {
			v = -s.search(ply+1, depth-1, -beta, -alpha)
		} else {
			// Principal variation search: a null window proves the move
			// no better than the best so far, or it is searched again; a
			// late move that captures nothing is first searched less deep
			// (see reduction), and again in full if it proves better.
			r := 0
			if ply > 0 && !s.exact {
				r = reduction(depth, i, child, before)
			}
			v = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
			if r > 0 && v > alpha && !s.stopped {
				v = -s.search(ply+1, depth-1, -alpha-1, -alpha)
			}
			if v > alpha && v < beta && !s.stopped {
				v = -s.search(ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if ply == 0 && i > 0 && v > alpha && s.firstWasBest {
			// Better than the last iteration's best move, searched first:
			// worth playing if the iteration goes no further.
			s.hasBetter, s.better, s.betterScore = true, m, v
		}
		if ply == 0 && i == 0 {
			s.firstWasBest = m == s.prevBest
		}
		if v > best {
			best, bestMove = v, uint8(m)
			if ply == 0 {
				s.rootBest = m
			}
		}
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	bound := exact
	switch {
	case best <= alpha0:
		bound = upper
	case best >= beta:
		bound = lower
	}
	if ply > 0 || s.exclude == 0 {
		s.tt.store(key, toTable(best, ply), depth, bound, bestMove)
	}
	return best
}

// frontier is search one ply above the horizon, below the root: the
// children are searched by quiesce at once, captures first, without the
// table.
func (s *searcher) frontier(ply, alpha, beta int) int {
	p := &s.stack[ply]
	var moves moveList
	moves.order(p, noMove)
	child := &s.stack[ply+1]
	best := -Win - 1
	for i := range moves.n {
		*child, _ = p.Play(moves.pick(i))
		s.nodes++
		var v int
		switch {
		case child.Moves() == 0:
			v = -terminal(child.Outcome(), child.Board().ToMove(), ply+1)
		case s.probe != nil && s.probes(child) && s.fresh(ply):
			v = -s.search(ply+1, 0, -beta, -alpha)
			s.nodes--
		default:
			v = -s.quiesce(ply+1, -beta, -alpha)
		}
		if raise(v, &best, &alpha, beta) {
			break
		}
	}
	return best
}

// raise takes the score v of a move into the best score and alpha of a
// node searched within (alpha, beta), and tells whether it cuts the search
// off.
func raise(v int, best, alpha *int, beta int) bool {
	if v <= *best {
		return false
	}
	*best = v
	if v <= *alpha {
		return false
	}
	*alpha = v
	return v >= beta
}

// probes reports whether p has few enough seeds on its board to be
// probed.
func (s *searcher) probes(p *oware.Position) bool {
	b := p.Board()
	return oware.NumSeeds-b.Score(oware.South)-b.Score(oware.North) <= s.probeSeeds
}

// probed returns the score of the position at ply, depth plies from the
// search's horizon and searched within (alpha, beta), that the bounds of
// s.probe give, or false when they do not give one: a decided score when
// they decide the game, one of them when it lies outside the window, and
// at the horizon the quiescence search brought within them. The position
// is one from which no board of the line can recur (a capture has just
// been made, or the rules have no repetition), where the bounds are
// proven.
func (s *searcher) probed(ply, depth, alpha, beta int) (int, bool) {
	p := &s.stack[ply]
	lo, hi, ok := s.probe(*p)
	if !ok {
		return 0, false
	}
	b := p.Board()
	me := b.ToMove()
	diff := b.Score(me) - b.Score(me.Opponent())
	lo, hi = diff+lo, diff+hi // the final tallies: mine minus theirs
	low, high := SeedValue*lo, SeedValue*hi
	switch {
	case lo > 0:
		return KnownWin + lo, true
	case hi < 0:
		return -KnownWin + hi, true
	case lo == 0 && hi == 0:
		return 0, true
	case low >= beta:
		return low, true
	case high <= alpha:
		return high, true
	case depth == 0:
		v := s.quiesce(ply, max(alpha, low), min(beta, high))
		return min(max(v, low), high), true
	}
	return 0, false
}

// pv returns the principal variation: first, the best move at the root,
// then the moves that the table gives, at most depth moves in all. It
// uses stack[1:] for the positions.
func (s *searcher) pv(first oware.Move, depth int) []oware.Move {
	line := make([]oware.Move, 1, depth)
	line[0] = first
	for ply := 0; len(line) < depth && ply+1 < len(s.hist); ply++ {
		p, child := &s.stack[ply], &s.stack[ply+1]
		var err error
		if *child, err = p.Play(line[ply]); err != nil {
			break
		}
		captured, quiet := s.childHistories(ply)
		s.enter(ply, captured, quiet)
		e := s.tt.probe(s.key(ply+1, depth-ply-1))
		if e == nil || e.move == noMove || !child.Moves().Contains(oware.Move(e.move)) {
			break
		}
		line = append(line, oware.Move(e.move))
	}
	return line
}

// quiesce returns the score of stack[ply] at the horizon: its evaluation,
// or better for the player to move, the best of its captures, each
// followed by the opponent's captures, and so on (a quiescence search).
// It looks at the moves whose capture (R5) the board foresees, and keeps
// those after which a player's captured seeds did grow; under rules where
// lone seeds end the game (Rules.LoneSeeds) it looks at every move, as
// such an end also changes the captured seeds. Captures cannot go on for
// ever: each takes at least two of the 48 seeds.
func (s *searcher) quiesce(ply, alpha, beta int) int {
	p := &s.stack[ply]
	if p.Moves() == 0 {
		return terminal(p.Outcome(), p.Board().ToMove(), ply)
	}
	b := p.Board()
	best := evaluate(b)
	if best >= beta || ply+1 == len(s.stack) {
		return best
	}
	alpha = max(alpha, best)
	var moves moveList
	moves.order(p, noMove)
	captured := b.Score(oware.South) + b.Score(oware.North)
	child := &s.stack[ply+1]
	for i := range moves.n {
		m := moves.pick(i)
		if moves.keys[i]>>4 < seedKey && !s.loneSeeds {
			break // the rest foresee no capture
		}
		*child, _ = p.Play(m)
		if c := child.Board(); c.Score(oware.South)+c.Score(oware.North) == captured {
			continue // no capture after all, such as a grand slam (R6)
		}
		s.nodes++
		if raise(-s.quiesce(ply+1, -beta, -alpha), &best, &alpha, beta) {
			break
		}
	}
	return best
}

// Late move reductions: the moves of a node are searched in the order of
// their promise (the table's move, then those that look like captures,
// then the others from the pit with the fewest seeds), and a move that
// comes late and captures nothing rarely turns out best. It is searched
// first one ply less deep (lmrDepth plies or more above the horizon, from
// the lmrMoves-th move on), two plies less deep further on, and again at
// its full depth only if it proves better than the best move so far. Not
// at the root, where every move's score matters.
const (
	lmrDepth  = 3
	lmrMoves  = 2
	lmrDepth2 = 6
	lmrMoves2 = 4
)

// reduction returns the plies by which the i-th move of a node searched
// depth plies deep, which led to child, is first searched less deep;
// before is the seeds captured at the node.
func reduction(depth, i int, child *oware.Position, before int) int {
	if depth < lmrDepth || i < lmrMoves {
		return 0
	}
	if b := child.Board(); b.Score(oware.South)+b.Score(oware.North) != before {
		return 0 // a capture
	}
	if i >= lmrMoves2 && depth >= lmrDepth2 {
		return 2
	}
	return 1
}

// Reverse futility pruning: below the root, up to rfpDepth plies above
// the horizon, a node searched with a null window (one that only asks
// whether its score reaches beta) whose evaluation exceeds beta by
// rfpMargin for each ply left returns its evaluation, as a few plies
// rarely bring a lead that large down to beta. Not where beta is a
// decided score. Accepted by an SPRT (docs/engine.md, "How a change is
// tested").
const (
	rfpDepth  = 3
	rfpMargin = 3 * SeedValue
)
