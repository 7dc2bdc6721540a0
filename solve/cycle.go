package solve

import "context"

// The bounds of a level, the cycle bounds (see the package
// documentation): for each board, lo, the value of the game in which a
// play that goes on for ever is worth, to the board's mover, the least
// split among the boards that it meets infinitely often and whose
// repetition would end the game; and hi, the same with the greatest.
//
// For each threshold t, from the highest down, a game on two copies of the
// level's boards is solved: in the first, the board's mover ("Max") is to
// move and the question is whether lo ≥ t; in the second, the opponent of
// Max is to move and the question is whether hi ≤ −t, hi being that
// mover's bound. A move that captures nothing leads from one copy to the
// other; a move that captures ends the game there with its value; a play
// that goes on for ever is won by Max when, from some point on, it meets
// only boards whose repetition would not end the game or whose split is
// worth at least t to Max. That is a co-Büchi game for Max, a Büchi game
// for the opponent, solved by the classic iteration of attractors: the
// opponent's attractor to the boards bad for Max; what it leaves is a trap
// in which Max avoids them for ever, and Max's attractor to that trap is
// won by Max; remove it and start again, until the opponent's attractor
// covers what is left. Max's winning set only grows as t falls, so what
// Max won at a threshold stays won below it, out of the game. Where every
// split and every move out of the level is worth a number of the parity
// of its seeds (the rules whose repetitions do not split evenly), a
// threshold of the other parity asks what the one above it asked, and
// is skipped.

// cycleBounds returns the cycle bounds of the level g.
func cycleBounds(ctx context.Context, g *graph) (lo, hi []int8, err error) {
	n := g.n
	c := &coBuchi{g: g, lo: make([]int8, g.size), hi: make([]int8, g.size),
		won: make([]bool, 2*g.size), in: make([]bool, 2*g.size), count: make([]uint8, 2*g.size)}
	for i := range c.lo {
		c.lo[i], c.hi[i] = int8(-n), int8(n) // what a board not won at any threshold is worth
	}
	c.arena = make([]uint32, 0, 2*g.size)
	for v := range 2 * g.size {
		c.arena = append(c.arena, uint32(v))
	}
	for t := n; t > -n; t-- {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if !g.mixed.Load() && (t+n)&1 != 0 {
			// Every split and move out has n's parity: the game at t is
			// the game at t+1, which left no trap; nothing is won here.
			continue
		}
		c.threshold(t)
	}
	return c.lo, c.hi, nil
}

// coBuchi is the game of one level, threshold after threshold. Vertex 2i
// is board i with Max to move, vertex 2i+1 board i with the opponent
// ("Min") to move.
type coBuchi struct {
	g      *graph
	lo, hi []int8
	won    []bool  // won by Max at the current threshold or a higher one
	in     []bool  // in the attractor being computed
	count  []uint8 // for the attractors: the successors not yet in it
	arena  []uint32
	queue  []uint32
}

// escapes reports whether the player to move at v can end the game at
// once with a result that wins for them at threshold t: for Max, a move
// that leaves the level worth at least t; for Min, one worth more than
// −t to Min.
func (c *coBuchi) escapes(v uint32, t int) bool {
	if v&1 == 0 {
		return int(c.g.exitLo[v>>1]) >= t
	}
	return int(c.g.exitHi[v>>1]) > -t
}

// bad reports whether vertex v is one that Max may not meet infinitely
// often at threshold t: its repetition ends the game with a split worth
// less than t to Max.
func (c *coBuchi) bad(v uint32, t int) bool {
	i := v >> 1
	s := int(c.g.split[i])
	if v&1 == 1 {
		s = -s
	}
	return c.g.repeats[i] && s < t
}

// degree returns the successors of vertex v that Max has not won.
func (c *coBuchi) degree(v uint32) uint8 {
	g := c.g
	i := v >> 1
	d := uint8(0)
	for _, s := range g.succ[g.start[i]:g.start[i+1]] {
		if !c.won[s<<1|(v&1^1)] {
			d++
		}
	}
	return d
}

// threshold solves the game at threshold t and records what Max newly
// wins: lo for the vertices of Max, hi for those of Min.
func (c *coBuchi) threshold(t int) {
	for {
		c.attractMin(t)
		trap := false
		for _, v := range c.arena {
			if !c.in[v] {
				trap = true
				break
			}
		}
		if !trap {
			break
		}
		c.attractMax(t)
		kept := c.arena[:0]
		for _, v := range c.arena {
			switch {
			case !c.won[v]:
				kept = append(kept, v)
			case v&1 == 0:
				c.lo[v>>1] = int8(t)
			default:
				c.hi[v>>1] = int8(-t)
			}
		}
		c.arena = kept
	}
	for _, v := range c.arena {
		c.in[v] = false
	}
}

// attractMin sets in for the vertices of the arena from which Min can
// force a visit to a vertex bad for Max, or an escape of Min, or a
// vertex of Max with no move left to it.
func (c *coBuchi) attractMin(t int) {
	q := c.queue[:0]
	for _, v := range c.arena {
		c.in[v] = false
		d := c.degree(v)
		if v&1 == 0 && c.escapes(v, t) {
			c.count[v] = d + 1 // never down to 0: Max ends the game there
			continue
		}
		c.count[v] = d
		// A vertex of Min with no move left to it is Max's: the game ends
		// there as Max wants, bad or not, since it is met only once.
		if v&1 == 1 && c.escapes(v, t) || v&1 == 0 && d == 0 || d > 0 && c.bad(v, t) {
			c.in[v] = true
			q = append(q, v)
		}
	}
	c.queue = c.flood(q, true)
}

// attractMax marks won the vertices of the arena from which Max can force
// a visit to the trap, the vertices that attractMin left out.
func (c *coBuchi) attractMax(t int) {
	q := c.queue[:0]
	for _, v := range c.arena {
		if !c.in[v] {
			q = append(q, v)
			continue
		}
		c.count[v] = c.degree(v)
		if v&1 == 1 && c.escapes(v, t) {
			c.count[v]++ // never down to 0: Min ends the game there
		}
	}
	for _, v := range q {
		c.won[v] = true
	}
	c.queue = c.flood(q, false)
}

// flood completes an attractor from the vertices on q: for Min when min,
// adding to in, or for Max, adding to won.
func (c *coBuchi) flood(q []uint32, min bool) []uint32 {
	mark := c.won
	if min {
		mark = c.in
	}
	for len(q) > 0 {
		w := q[len(q)-1]
		q = q[:len(q)-1]
		for _, p := range c.g.preds(w) {
			v := p<<1 | (w&1 ^ 1)
			if mark[v] || c.won[v] {
				continue
			}
			owner := v&1 == 1 // v belongs to Min
			if owner == min {
				mark[v] = true
				q = append(q, v)
				continue
			}
			c.count[v]--
			if c.count[v] == 0 {
				mark[v] = true
				q = append(q, v)
			}
		}
	}
	return q
}
