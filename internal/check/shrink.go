package check

import (
	"errors"
	"iter"
	"slices"

	"github.com/seed3966233f/oware"
)

// shrink looks for a smaller case than c that fails as err: fewer seeds on
// the board at the start, fewer moves. It shrinks c greedily, then tries
// random cases of fewer seeds (see explore), until the budget is spent.
func (k *checker) shrink(c Case, err error) *Failure {
	budget := k.cfg.MaxShrink
	if budget <= 0 {
		budget = DefaultMaxShrink
	}
	k.failed = true
	s := &shrinker{k: k, want: err, budget: budget}
	f := &Failure{Found: c, FoundErr: err}
	f.Shrunk, f.Err = upTo(c, err), err
	if subjectFailure(err) {
		f.Shrunk, f.Err = s.bisect(f.Shrunk, f.Err)
	}
	f.Shrunk, f.Err = s.greedy(f.Shrunk, f.Err)
	if !errors.Is(err, ErrTimeout) {
		f.Shrunk, f.Err = s.explore(f.Shrunk, f.Err)
	}
	f.Tries = s.tries
	return f
}

// shrinker counts the cases sent while shrinking.
type shrinker struct {
	k      *checker
	want   error // the failure to keep
	budget int   // the most cases to send
	tries  int
	hangs  int // the cases that timed out, at most MaxHangs
}

// spent reports whether no more cases may be sent.
func (s *shrinker) spent() bool {
	return s.tries >= s.budget || s.hangs >= MaxHangs || s.k.ctx.Err() != nil
}

// fails sends c and reports whether it fails as s.want, and how.
func (s *shrinker) fails(c Case) (bool, error) {
	s.tries++
	s.k.tries = s.tries
	s.k.report(c.Kind)
	e := s.k.ask(c)
	if errors.Is(e, ErrTimeout) {
		s.hangs++
	}
	return sameFailure(s.want, e), e
}

// greedy tries the candidates of the smallest case so far in turn and
// starts again from the first that fails, until none does or the budget is
// spent. A hang is shrunk until MaxHangs cases have timed out: each costs a
// whole timeout. c fails with err.
func (s *shrinker) greedy(c Case, err error) (Case, error) {
	for progress := true; progress && !s.spent(); {
		progress = false
		for cand := range candidates(c, subjectFailure(err)) {
			if s.spent() {
				break
			}
			if ok, e := s.fails(cand); ok {
				c, err, progress = upTo(cand, e), e, true
				break
			}
		}
	}
	return c, err
}

// bisect returns the shortest start of c's moves that still fails as err
// does, by bisection: a failure to answer, unlike a divergence, does not
// say at which ply it comes, but once it comes, longer move lists fail too.
// The refused move, last of all, stays only with all the moves.
func (s *shrinker) bisect(c Case, err error) (Case, error) {
	prefix := func(n int) Case {
		if n == len(c.Moves) {
			return c
		}
		p := c.with(c.Start, c.Moves[:n:n])
		p.Refused = ""
		return p
	}
	lo, hi := -1, len(c.Moves) // prefix(hi) fails; prefix(lo) is taken not to
	for hi-lo > 1 && !s.spent() {
		mid := (lo + hi) / 2
		if ok, e := s.fails(prefix(mid)); ok {
			hi, err = mid, e
		} else {
			lo = mid
		}
	}
	return prefix(hi), err
}

// explorations is how many random cases explore makes, and
// exploredShrinks how many of those that fail it shrinks: each may cost
// a hundred cases.
const (
	explorations    = 300
	exploredShrinks = 6
)

// explore tries random cases with fewer seeds than c, as the generator
// makes them from the check's seed, of every family but the long lines:
// one that fails as c does is shrunk in turn and replaces c when it ends
// smaller. Greedy shrinking alone stops where every seed is needed by the
// move, as in a grand slam of 13 seeds that a grand slam of 2 would show
// as well.
func (s *shrinker) explore(c Case, err error) (Case, error) {
	g := NewGenerator(s.k.cfg.Rules, s.k.cfg.Seed+1, Kinds()[:LongLine]...)
	shrunk := 0
	for range explorations {
		if s.spent() || shrunk == exploredShrinks {
			break
		}
		cand := g.Next()
		if cand.Seeds() >= c.Seeds() {
			continue
		}
		if ok, e := s.fails(cand); ok {
			shrunk++
			if small, serr := s.greedy(upTo(cand, e), e); smaller(small, c) {
				c, err = small, serr
			}
		}
	}
	return c, err
}

// upTo cuts c after the ply at which it diverges, when err says: its
// refused move goes unless the divergence is on it.
func upTo(c Case, err error) Case {
	var d *Divergence
	if errors.As(err, &d) && d.Ply <= len(c.Moves) {
		c.Moves, c.Refused = c.Moves[:d.Ply:d.Ply], ""
	}
	return c
}

// subjectFailure reports whether err is a failure to answer rather than a
// different answer.
func subjectFailure(err error) bool {
	var se *SubjectError
	return errors.As(err, &se)
}

// sameFailure reports whether got fails as want does: a divergence
// involving the same rule, or the same kind of failure to answer.
func sameFailure(want, got error) bool {
	var dw, dg *Divergence
	if errors.As(want, &dw) {
		return errors.As(got, &dg) && dg.Rule == dw.Rule
	}
	var sw, sg *SubjectError
	return errors.As(want, &sw) && errors.As(got, &sg) && errors.Is(sg, sw.Err)
}

// longCase is the number of moves beyond which a case is long: each kind
// of candidate is then tried at most thin times, spread over the case, so
// that a round of shrinking sends a few hundred cases however long the
// case is. A long line that fails by its length, as a repetition seen
// 1,000 plies back does, cannot be shrunk much anyway.
const (
	longCase = 64
	thin     = 16
)

// candidates returns cases smaller than c, the boldest first: for a
// failure to answer (subject), which may come at any ply, c without its
// last move; then a later start, cycles cut out or made shorter, moves
// left out, and seeds taken off the board. Each is cut before any move
// the library refuses, but for its refused move, which it keeps.
func candidates(c Case, subject bool) iter.Seq[Case] {
	return func(yield func(Case) bool) {
		seen := map[string]bool{c.Line(): true}
		long, stopped := len(c.Moves) > longCase, false
		kind := func(each func(Case, func(Case) bool) bool) bool {
			n := 0
			each(c, func(cand Case) bool {
				cand = cand.legalized()
				line := cand.Line()
				if seen[line] || !smaller(cand, c) {
					return true
				}
				seen[line] = true
				if !yield(cand) {
					stopped = true
					return false
				}
				n++
				return !long || n < thin
			})
			return !stopped
		}
		_ = (!subject || kind(cutEnd)) && kind(laterStarts) && kind(cycleCuts) &&
			kind(shorterCycles) && kind(leftOut) && kind(fewerSeeds)
	}
}

// spread returns the indices from lo to hi-1 that a kind of candidate
// tries: all of them in a short case, about thin evenly spread ones in a
// long case.
func spread(c Case, lo, hi int) []int {
	step := 1
	if len(c.Moves) > longCase {
		step = max(1, (hi-lo)/thin)
	}
	var out []int
	for i := lo; i < hi; i += step {
		out = append(out, i)
	}
	return out
}

// smaller reports whether a has no more seeds and moves than b, and fewer
// of one; the refused move counts as a move.
func smaller(a, b Case) bool {
	sa, sb, ma, mb := a.Seeds(), b.Seeds(), a.Plies(), b.Plies()
	return sa <= sb && ma <= mb && (sa < sb || ma < mb)
}

// cutEnd tries c without its last move: the refused one, if any.
func cutEnd(c Case, try func(Case) bool) bool {
	if c.Refused != "" {
		c.Refused = ""
		return try(c)
	}
	n := len(c.Moves) - 1
	return n < 0 || try(c.with(c.Start, c.Moves[:n:n]))
}

// laterStarts tries to start from the position after j moves, with a
// fresh history, for j from the last move down (from the position of the
// refused move, if any): in a long case, j at 1, 2, 4, 8 … moves from the
// end, then at thin places spread over it.
func laterStarts(c Case, try func(Case) bool) bool {
	ps := c.positions()
	n := len(ps) - 1
	last := n - 1 // a start after the last move would leave nothing to ask
	if c.Refused != "" {
		last = n
	}
	var starts []int
	if len(c.Moves) > longCase {
		for back := 1; back <= n; back *= 2 {
			starts = append(starts, n+1-back)
		}
	}
	all := spread(c, 1, last+1)
	slices.Reverse(all)
	for _, j := range append(starts, all...) {
		if j < 1 || j > last {
			continue
		}
		if !try(c.with(ps[j].Board(), slices.Clip(c.Moves[j:]))) {
			return false
		}
	}
	return true
}

// cycleCuts tries c without the moves between two occurrences of a
// position, the longest stretch first: the moves after it stay legal.
func cycleCuts(c Case, try func(Case) bool) bool {
	type cut struct{ from, to int }
	var cuts []cut
	seen := map[oware.Board][]int{}
	for j, p := range c.positions() {
		for _, i := range seen[p.Board()] {
			cuts = append(cuts, cut{i, j})
		}
		seen[p.Board()] = append(seen[p.Board()], j)
	}
	slices.SortStableFunc(cuts, func(a, b cut) int { return (b.to - b.from) - (a.to - a.from) })
	for _, ct := range cuts {
		if !try(c.with(c.Start, slices.Concat(c.Moves[:ct.from], c.Moves[ct.to:]))) {
			return false
		}
	}
	return true
}

// shorterCycles tries c with the moves between two successive occurrences
// of a position replaced by a shortest way back to it: each position keeps
// its number of occurrences, which repetition (R10) depends on.
func shorterCycles(c Case, try func(Case) bool) bool {
	last := map[oware.Board]int{}
	searches := 0
	for j, p := range c.positions() {
		i, ok := last[p.Board()]
		last[p.Board()] = j
		if !ok || len(c.Moves) > longCase && searches >= thin {
			continue
		}
		searches++
		path := shortestCycle(c.rules, p.Board(), j-i-1)
		if path != nil && !try(c.with(c.Start, slices.Concat(c.Moves[:i], path, c.Moves[j:]))) {
			return false
		}
	}
	return true
}

// maxSearch bounds the positions that shortestCycle visits.
const maxSearch = 20000

// shortestCycle returns a shortest list of at most limit moves without
// capture that leads from b back to b, or nil, by a breadth-first search.
func shortestCycle(r oware.Rules, b oware.Board, limit int) []oware.Move {
	type step struct {
		from oware.Board
		move oware.Move
	}
	prev := map[oware.Board]step{}
	level := []oware.Board{b}
	for depth := 1; depth <= limit && len(level) > 0 && len(prev) < maxSearch; depth++ {
		var next []oware.Board
		for _, at := range level {
			for m, p := range r.Position(at).Children() {
				nb := p.Board()
				if _, seen := prev[nb]; seen || nb.Score(at.ToMove()) != at.Score(at.ToMove()) {
					continue
				}
				prev[nb] = step{at, m}
				if nb == b {
					return pathTo(b, b, func(x oware.Board) (oware.Board, oware.Move) { return prev[x].from, prev[x].move })
				}
				next = append(next, nb)
			}
		}
		level = next
	}
	return nil
}

// pathTo follows back from to the moves that led there from from.
func pathTo(from, to oware.Board, back func(oware.Board) (oware.Board, oware.Move)) []oware.Move {
	var path []oware.Move
	for at := to; ; {
		before, m := back(at)
		path = append(path, m)
		if at = before; at == from {
			break
		}
	}
	slices.Reverse(path)
	return path
}

// leftOut tries c without two consecutive moves (the same side then moves
// next), then without one.
func leftOut(c Case, try func(Case) bool) bool {
	for _, n := range []int{2, 1} {
		for _, i := range spread(c, 0, len(c.Moves)-n+1) {
			moves := slices.Concat(c.Moves[:i], c.Moves[i+n:])
			if !try(c.with(c.Start, moves)) {
				return false
			}
		}
	}
	return true
}

// fewerSeeds tries c with seeds taken off one pit, all of them, then half,
// then one, and given to either player's score.
func fewerSeeds(c Case, try func(Case) bool) bool {
	pits := c.Start.Pits()
	for i, n := range pits {
		for _, take := range slices.Compact([]int{n, n / 2, 1}) {
			for _, to := range []oware.Player{oware.South, oware.North} {
				if take == 0 {
					continue
				}
				b, ok := takeSeeds(c.Start, i, take, to)
				if ok && !try(c.with(b, c.Moves)) {
					return false
				}
			}
		}
	}
	return true
}

// takeSeeds returns b with take seeds moved from pit i to to's score.
func takeSeeds(b oware.Board, i, take int, to oware.Player) (oware.Board, bool) {
	pits := b.Pits()
	pits[i] -= take
	scores := [2]int{b.Score(oware.South), b.Score(oware.North)}
	scores[to] += take
	nb, err := oware.NewBoard(pits, scores, b.ToMove())
	return nb, err == nil
}
