package solve

import "context"

// Forced returns: a rule that settles, without search, some of the boards
// of a level whose cycle bounds differ, met for the first time.
//
// Let x be such a board, whose repetition ends the game (R10) with a
// split s for its mover, Max, and let P be the player whom that split
// favours at a threshold t (Max when s ≥ t, Min when s < t). Suppose P
// can force, from x, the play back to x, or to an end of the game won by
// P at t (a move that leaves the level proven worth it to P, a board of
// the opponent whose every move leaves the level and none of them can be
// worth it to the opponent), while no move of the opponent that leaves
// the level can be worth it to the opponent: x is in P's attractor of
// those targets, taken from x's moves. Then P wins at t from x met for the
// first time: P plays the attractor's strategy, whose rank falls at every
// ply, limit−1 times from x back to x. Within one such run no board occurs
// twice, so a board other than x occurs at most limit−1 times in all
// (none before the first run, x being met for the first time) and no
// repetition but x's ends the game; the game ends at an end won by P, or
// at the limit-th occurrence of x, worth s, which is at least t for Max,
// below t for Min. So the value is at least t (P = Max) or below it
// (P = Min), whatever the opponent does: a fact about the game itself,
// not about a bound's game, and it holds under abapa (the third
// occurrence) as under aalina (the second).

// attractor is P's attractor in the two copies of a level's boards
// (vertex 2i: board i, Max to move; 2i+1: Min to move) at a threshold,
// with the state to add one more target and take it back.
type attractor struct {
	g    *graph
	p    uint32 // the attracting player: 0 Max, 1 Min
	t    int
	in   []bool
	cnt  []int32 // for the opponent's vertices: the moves not yet attracted
	base []int32 // cnt before any extra target
	log  []uint32
	q    []uint32
}

// blocked is the count of an opponent's vertex that a move leaving the
// level may win for the opponent: it never falls to 0.
const blocked = 1 << 30

// winsExit reports whether the mover of vertex v wins at t by a move that
// leaves the level, with ex the bound of that move's value for the mover
// (the lower bound for a win proven, the upper for a win possible).
func winsExit(v uint32, ex int8, t int) bool {
	if ex == noExit {
		return false
	}
	if v&1 == 0 {
		return int(ex) >= t // Max takes at least t
	}
	return int(ex) > -t // Max takes less than t
}

// newAttractor returns P's attractor at threshold t in level g, of the
// ends of the game that P wins.
func newAttractor(g *graph, p uint32, t int) *attractor {
	a := &attractor{g: g, p: p, t: t, in: make([]bool, 2*g.size), cnt: make([]int32, 2*g.size)}
	var q []uint32
	for v := uint32(0); v < uint32(2*g.size); v++ {
		i := v >> 1
		d := int32(g.start[i+1] - g.start[i])
		if v&1 == p {
			if winsExit(v, g.exitLo[i], t) {
				a.in[v] = true
				q = append(q, v)
			}
			continue
		}
		switch {
		case winsExit(v, g.exitHi[i], t):
			a.cnt[v] = blocked
		case d == 0: // every move of the opponent leaves the level, and loses
			a.in[v] = true
			q = append(q, v)
		default:
			a.cnt[v] = d
		}
	}
	a.flood(q, false)
	a.base = append([]int32(nil), a.cnt...)
	return a
}

// flood completes the attractor from the vertices on q, logging what it
// changes when undo.
func (a *attractor) flood(q []uint32, undo bool) {
	for len(q) > 0 {
		w := q[len(q)-1]
		q = q[:len(q)-1]
		for _, pr := range a.g.preds(w) {
			v := pr<<1 | (w&1 ^ 1)
			if a.in[v] {
				continue
			}
			if v&1 != a.p {
				a.cnt[v]--
				if undo {
					a.log = append(a.log, v)
				}
				if a.cnt[v] != 0 {
					continue
				}
			}
			a.in[v] = true
			if undo {
				a.log = append(a.log, v)
			}
			q = append(q, v)
		}
	}
	a.q = q[:0]
}

// returns reports whether P can force the play from board o, Max to move,
// back to it or to an end P wins (see the top of the file).
func (a *attractor) returns(o uint32) bool {
	g := a.g
	x := 2 * o
	if a.in[x] {
		return true // P wins from x without a return
	}
	a.in[x] = true
	a.log = append(a.log[:0], x)
	a.flood(append(a.q, x), true)
	succ := g.succ[g.start[o]:g.start[o+1]]
	var ok bool
	if a.p == 0 { // Max, to move at x, needs one move attracted
		for _, s := range succ {
			ok = ok || a.in[s<<1|1]
		}
	} else { // Min needs every move of Max attracted, and no exit of Max's that may win
		ok = len(succ) > 0 && !winsExit(x, g.exitHi[o], a.t)
		for _, s := range succ {
			ok = ok && a.in[s<<1|1]
		}
	}
	for _, v := range a.log {
		a.in[v] = false
		a.cnt[v] = a.base[v]
	}
	return ok
}

// forcedReturns tightens, by the rule above, the bounds lo and hi of the
// boards open of level g, met for the first time, and returns how many
// it made exact.
func forcedReturns(ctx context.Context, g *graph, open []uint64, lo, hi []int8) (int, error) {
	type key struct {
		p uint32
		t int
	}
	groups := map[key][]uint32{}
	for _, i := range open {
		if !g.repeats[i] {
			continue
		}
		s := int(g.split[i])
		if s > int(lo[i]) {
			k := key{0, min(s, int(hi[i]))}
			groups[k] = append(groups[k], uint32(i))
		}
		if s < int(hi[i]) {
			k := key{1, max(s, int(lo[i])) + 1}
			groups[k] = append(groups[k], uint32(i))
		}
	}
	for k, boards := range groups {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		a := newAttractor(g, k.p, k.t)
		for _, o := range boards {
			if !a.returns(o) {
				continue
			}
			if k.p == 0 {
				lo[o] = int8(max(int(lo[o]), k.t))
			} else {
				hi[o] = int8(min(int(hi[o]), k.t-1))
			}
		}
	}
	exact := 0
	for _, i := range open {
		if lo[i] == hi[i] {
			exact++
		}
	}
	return exact, nil
}
