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
func (s *shrinker) bisect(c Case, err error) (Case, error) {
	lo, hi := -1, len(c.Moves) // moves[:hi] fails; moves[:lo] is taken not to
	for hi-lo > 1 && !s.spent() {
		mid := (lo + hi) / 2
		cand := c.with(c.Start, c.Moves[:mid:mid])
		if ok, e := s.fails(cand); ok {
			hi, err = mid, e
		} else {
			lo = mid
		}
	}
	return c.with(c.Start, c.Moves[:hi:hi]), err
}

// explorations is how many random cases explore tries.
const explorations = 300

// explore tries random cases with fewer seeds than c, as the generator
// makes them from the check's seed: one that fails as c does is shrunk in
// turn and replaces c when it ends smaller. Greedy shrinking alone stops
// where every seed is needed by the move, as in a grand slam of 13 seeds
// that a grand slam of 2 would show as well.
func (s *shrinker) explore(c Case, err error) (Case, error) {
	g := NewGenerator(s.k.cfg.Rules, s.k.cfg.Seed+1)
	for range explorations {
		if s.spent() {
			break
		}
		cand := g.Next()
		if cand.Seeds() >= c.Seeds() {
			continue
		}
		if ok, e := s.fails(cand); ok {
			if small, serr := s.greedy(upTo(cand, e), e); smaller(small, c) {
				c, err = small, serr
			}
		}
	}
	return c, err
}

// upTo cuts c after the ply at which it diverges, when err says.
func upTo(c Case, err error) Case {
	var d *Divergence
	if errors.As(err, &d) && d.Ply < len(c.Moves) {
		c.Moves = c.Moves[:d.Ply:d.Ply]
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

// candidates returns cases smaller than c, the boldest first: for a
// failure to answer (subject), which may come at any ply, c without its
// last move; then a later start, cycles cut out or made shorter, moves
// left out, and seeds taken off the board. Each is cut before any move
// the library refuses.
func candidates(c Case, subject bool) iter.Seq[Case] {
	return func(yield func(Case) bool) {
		seen := map[string]bool{c.Line(): true}
		try := func(cand Case) bool {
			cand = cand.legalized()
			if line := cand.Line(); !seen[line] && smaller(cand, c) {
				seen[line] = true
				return yield(cand)
			}
			return true
		}
		_ = (!subject || cutEnd(c, try)) && laterStarts(c, try) && cycleCuts(c, try) &&
			shorterCycles(c, try) && leftOut(c, try) && fewerSeeds(c, try)
	}
}

// smaller reports whether a has no more seeds and moves than b, and fewer
// of one.
func smaller(a, b Case) bool {
	sa, sb, ma, mb := a.Seeds(), b.Seeds(), len(a.Moves), len(b.Moves)
	return sa <= sb && ma <= mb && (sa < sb || ma < mb)
}

// cutEnd tries c without its last move.
func cutEnd(c Case, try func(Case) bool) bool {
	n := len(c.Moves) - 1
	return n < 0 || try(c.with(c.Start, c.Moves[:n:n]))
}

// laterStarts tries to start from the position after j moves, with a
// fresh history, for j from the last move down.
func laterStarts(c Case, try func(Case) bool) bool {
	ps := c.positions()
	for j := len(ps) - 2; j >= 1; j-- {
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
	for j, p := range c.positions() {
		i, ok := last[p.Board()]
		last[p.Board()] = j
		if !ok {
			continue
		}
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
		for i := 0; i+n <= len(c.Moves); i++ {
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
