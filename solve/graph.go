package solve

import (
	"context"
	"math"
	"sync"
	"sync/atomic"

	"github.com/seed3966233f/oware"
)

// graph is one level of the tables while it is built: every board of n
// seeds, relative to its mover, with the moves that capture nothing (the
// edges, to boards of the same level) and the best of the moves that do
// (to lower levels, whose values are known).
type graph struct {
	n     int
	size  uint64
	start []uint32 // the edges of board i are succ[start[i]:start[i+1]]
	succ  []uint32
	from  []uint32 // the predecessors of board i are pred[from[i]:from[i+1]]
	pred  []uint32
	// exitLo and exitHi are the best of the board's moves that leave the
	// level, for the lower bound (the seeds captured minus the child's
	// upper bound) and for the upper one; noExit when it has none. A
	// board whose game is over has its value in both and no edge.
	exitLo, exitHi []int8
	split          []int8 // what a repetition ending the game there is worth to the mover
	// repeats tells whether a repetition of the board ends the game: a
	// side of it holds seeds or the rules end the game however empty.
	repeats []bool
	// mixed is set when a split or a move out of the level is worth a
	// number of the other parity than n's (an even split of an odd
	// count, say); otherwise every worth of the level has n's parity.
	mixed atomic.Bool
}

// preds returns, for vertex w of the game on two copies of the level
// (vertex 2i: board i, Max to move; 2i+1: Min to move), the boards with
// a move to it that captures nothing: board p is vertex p<<1 | (w&1 ^ 1).
func (g *graph) preds(w uint32) []uint32 {
	j := w >> 1
	return g.pred[g.from[j]:g.from[j+1]]
}

// noExit marks a board without a move that leaves its level.
const noExit = math.MinInt8

// chunkSize is the number of boards a worker takes at a time.
const chunkSize = 1 << 12

// lowerBounds gives the bounds of the fresh value of a board of a lower
// level: the seeds the mover takes from the board minus the opponent's.
type lowerBounds func(n int, idx uint64) (lo, hi int8)

// newGraph builds the level of n seeds under rules r, with lower giving
// the values of the levels below it, by workers goroutines.
func newGraph(ctx context.Context, r oware.Rules, n int, lower lowerBounds, workers int) (*graph, error) {
	g := &graph{n: n, size: Size(n)}
	g.exitLo = make([]int8, g.size)
	g.exitHi = make([]int8, g.size)
	g.split = make([]int8, g.size)
	g.repeats = make([]bool, g.size)
	chunks := (g.size + chunkSize - 1) / chunkSize
	edges := make([][]uint32, chunks) // each chunk's edges, then its boards' out-degrees
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				c := next.Add(1) - 1
				if c >= chunks {
					return
				}
				edges[c] = g.fill(r, lower, c*chunkSize, min((c+1)*chunkSize, g.size))
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	g.start = make([]uint32, g.size+1)
	total := uint64(0)
	for c, e := range edges {
		lo := uint64(c) * chunkSize
		hi := min(lo+chunkSize, g.size)
		degrees := e[len(e)-int(hi-lo):]
		for i := lo; i < hi; i++ {
			g.start[i] = uint32(total)
			total += uint64(degrees[i-lo])
		}
		if total > math.MaxUint32 {
			return nil, errTooBig
		}
	}
	g.start[g.size] = uint32(total)
	g.succ = make([]uint32, 0, total)
	for c := range edges {
		lo := uint64(c) * chunkSize
		hi := min(lo+chunkSize, g.size)
		g.succ = append(g.succ, edges[c][:len(edges[c])-int(hi-lo)]...)
		edges[c] = nil
	}
	g.from = make([]uint32, g.size+1)
	for _, s := range g.succ {
		g.from[s+1]++
	}
	for i := uint64(0); i < g.size; i++ {
		g.from[i+1] += g.from[i]
	}
	g.pred = make([]uint32, total)
	at := make([]uint32, g.size)
	copy(at, g.from[:g.size])
	for i := uint64(0); i < g.size; i++ {
		for _, s := range g.succ[g.start[i]:g.start[i+1]] {
			g.pred[at[s]] = uint32(i)
			at[s]++
		}
	}
	return g, nil
}

// fill computes the boards from lo to hi and returns their edges, in
// order, followed by the out-degree of each.
func (g *graph) fill(r oware.Rules, lower lowerBounds, lo, hi uint64) []uint32 {
	var out []uint32
	degrees := make([]uint32, 0, hi-lo)
	mixed := false
	other := func(v int8) bool { return v != noExit && (int(v)+g.n)&1 != 0 }
	q := relAt(g.n, lo)
	for i := lo; i < hi; i++ {
		if i > lo {
			q.next()
		}
		g.split[i] = int8(q.split(r))
		g.repeats[i] = r.RepeatWithEmptySide() || !q.sideEmpty()
		b := q.board()
		p := r.Position(b)
		eLo, eHi := int8(noExit), int8(noExit)
		if !p.Outcome().Over() {
			d := uint32(0)
			for _, c := range p.Children() {
				cq, cn := relOf(c.Board())
				j := cq.index(cn)
				if cn == g.n {
					out = append(out, uint32(j))
					d++
					continue
				}
				clo, chi := lower(cn, j)
				captured := int8(g.n - cn)
				eLo, eHi = max(eLo, captured-chi), max(eHi, captured-clo)
			}
			degrees = append(degrees, d)
		} else {
			v := int8(terminal(&p))
			eLo, eHi = v, v
			degrees = append(degrees, 0)
		}
		g.exitLo[i], g.exitHi[i] = eLo, eHi
		mixed = mixed || other(g.split[i]) || other(eLo) || other(eHi)
	}
	if mixed {
		g.mixed.Store(true)
	}
	return append(out, degrees...)
}

// next advances q to the next board of its level in index order: the
// last pit that holds seeds gives one to the pit before it and the rest
// to pit 11. It reports false after the last board.
func (q *rel) next() bool {
	j := oware.NumPits - 1
	for j > 0 && q[j] == 0 {
		j--
	}
	if j == 0 {
		return false
	}
	s := q[j]
	q[j] = 0
	q[j-1]++
	q[oware.NumPits-1] = s - 1
	return true
}
