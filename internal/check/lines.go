package check

import (
	"sync"

	"github.com/seed3966233f/oware"
)

// Long capture-free lines (the LongLine family). A subject that remembers
// only the last W plies of the repetition history (D2) agrees on every
// game in which positions recur within W plies; only a line in which a
// position recurs further back shows it. Such lines are walks in the
// graph of capture-free moves between the boards of lineSeeds seeds: its
// largest strongly connected part, where every board can be left and come
// back to, holds simple cycles of any length up to thousands of plies.

// lineSeeds is the number of seeds on the board in a long line: enough
// for a strongly connected part of 52,254 boards (of 63,648), few enough
// to enumerate them all in a fraction of a second.
const lineSeeds = 7

// lineDistances are the least distances at which the start recurs in the
// long lines, in turn; after them comes a line of lineStraight plies in
// which nothing recurs.
var lineDistances = [...]int{16, 64, 256, 1024}

// lineStraight is the length of the long line without a recurrence: past
// playstrategy's limit of 1,001 plies and game-oware's 500 without a
// capture.
const lineStraight = 1100

// lineTries bounds the walks tried for one line.
const lineTries = 500

// quietGraph is the graph of capture-free moves between the boards of
// lineSeeds seeds, for one rules value, restricted to its largest strongly
// connected part. Its boards carry the fixed scores quietScores; a line
// keeps the scores of its start, which no move of it changes.
type quietGraph struct {
	boards []oware.Board
	edges  [][]quietEdge
}

// quietEdge is a move from a board of the graph to another.
type quietEdge struct {
	to   int32
	move oware.Move
}

// quietScores are the scores of the boards of the graph.
var quietScores = [2]int{20, oware.NumSeeds - lineSeeds - 20}

var (
	graphsMu sync.Mutex
	graphs   = map[oware.Rules]*quietGraph{}
)

// graphOf returns the graph of r, built once per process.
func graphOf(r oware.Rules) *quietGraph {
	graphsMu.Lock()
	defer graphsMu.Unlock()
	if g, ok := graphs[r]; ok {
		return g
	}
	g := buildGraph(r)
	graphs[r] = g
	return g
}

// buildGraph enumerates the boards of lineSeeds seeds, their capture-free
// moves to boards that have moves, and keeps the largest strongly
// connected part.
func buildGraph(r oware.Rules) *quietGraph {
	var boards []oware.Board
	index := map[oware.Board]int32{}
	var pits [oware.NumPits]int
	var place func(pit, left int)
	place = func(pit, left int) {
		if pit == oware.NumPits-1 {
			pits[pit] = left
			for _, mover := range []oware.Player{oware.South, oware.North} {
				b, _ := oware.NewBoard(pits, quietScores, mover) // lineSeeds + the scores make 48
				index[b] = int32(len(boards))
				boards = append(boards, b)
			}
			return
		}
		for n := left; n >= 0; n-- {
			pits[pit] = n
			place(pit+1, left-n)
		}
	}
	place(0, lineSeeds)
	edges := make([][]quietEdge, len(boards))
	for i, b := range boards {
		for m, p := range r.Position(b).Children() {
			if nb := p.Board(); nb.Score(b.ToMove()) == b.Score(b.ToMove()) && p.Moves().Len() > 0 {
				edges[i] = append(edges[i], quietEdge{index[nb], m})
			}
		}
	}
	part := largestComponent(edges)
	g := &quietGraph{}
	renumber := make([]int32, len(boards))
	for i := range boards {
		renumber[i] = -1
		if part[i] {
			renumber[i] = int32(len(g.boards))
			g.boards = append(g.boards, boards[i])
		}
	}
	for i := range boards {
		if !part[i] {
			continue
		}
		var out []quietEdge
		for _, e := range edges[i] {
			if part[e.to] {
				out = append(out, quietEdge{renumber[e.to], e.move})
			}
		}
		g.edges = append(g.edges, out)
	}
	return g
}

// largestComponent returns the nodes of the largest strongly connected
// component of the graph, by Tarjan's algorithm without recursion.
func largestComponent(edges [][]quietEdge) []bool {
	n := len(edges)
	index, low := make([]int32, n), make([]int32, n)
	onStack := make([]bool, n)
	comp := make([]int32, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int32
	var counter, comps, best int32
	bestSize := 0
	type frame struct{ v, next int32 }
	for s := range int32(n) {
		if index[s] >= 0 {
			continue
		}
		calls := []frame{{s, 0}}
		index[s], low[s] = counter, counter
		counter++
		stack, onStack[s] = append(stack, s), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if int(f.next) < len(edges[v]) {
				w := edges[v][f.next].to
				f.next++
				switch {
				case index[w] < 0:
					index[w], low[w] = counter, counter
					counter++
					stack, onStack[w] = append(stack, w), true
					calls = append(calls, frame{w, 0})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			size := 0
			for {
				w := stack[len(stack)-1]
				stack, onStack[w] = stack[:len(stack)-1], false
				comp[w] = comps
				size++
				if w == v {
					break
				}
			}
			if size > bestSize {
				best, bestSize = comps, size
			}
			comps++
		}
	}
	part := make([]bool, n)
	for i := range part {
		part[i] = comp[i] == best
	}
	return part
}

// walker walks a quietGraph; its marks are its own, so that generators
// may walk the same graph at once.
type walker struct {
	g     *quietGraph
	mark  []uint32 // mark[v] == stamp: v is on the current walk
	prev  []int32  // the breadth-first search's way back, valid where seen[v] == stamp
	seen  []uint32
	stamp uint32
}

// longLine returns a capture-free line of the long-line family: in turn,
// a simple cycle of at least 16, 64, 256 and 1,024 plies from the start
// back to it, played twice, so that the start occurs a third time (R10)
// with its occurrences that far apart; then a walk of 1,100 plies in which
// no board recurs.
func (g *Generator) longLine(turn int) Case {
	if g.walk == nil {
		qg := graphOf(g.rules)
		n := len(qg.boards)
		g.walk = &walker{g: qg, mark: make([]uint32, n), prev: make([]int32, n), seen: make([]uint32, n)}
	}
	w := g.walk
	variant := turn % (len(lineDistances) + 1)
	var moves []oware.Move
	var start int32
	for range lineTries {
		start = g.lineStart()
		if variant == len(lineDistances) {
			if path, ok := w.avoid(g, start, lineStraight); ok {
				moves = path
				break
			}
			continue
		}
		if cycle, ok := w.cycle(g, start, lineDistances[variant]); ok {
			moves = append(cycle, cycle...)
			break
		}
	}
	b := w.g.boards[start]
	return Case{Start: g.board(b.Pits(), b.ToMove()), Moves: moves, rules: g.rules}
}

// lineStart returns a random board of the graph with seeds on both sides,
// so that its recurrences count under abapa (R10).
func (g *Generator) lineStart() int32 {
	bs := g.walk.g.boards
	for {
		v := int32(g.rng.IntN(len(bs)))
		if bs[v].SideSeeds(oware.South) > 0 && bs[v].SideSeeds(oware.North) > 0 {
			return v
		}
	}
}

// avoid walks n random moves from start without coming back to any board
// of the walk, start included, and returns them; false when it is stuck.
// It leaves the walk marked.
func (w *walker) avoid(g *Generator, start int32, n int) ([]oware.Move, bool) {
	w.stamp++
	w.mark[start] = w.stamp
	moves := make([]oware.Move, 0, n)
	fresh := make([]quietEdge, 0, oware.PitsPerSide)
	for at := start; len(moves) < n; {
		fresh = fresh[:0]
		for _, e := range w.g.edges[at] {
			if w.mark[e.to] != w.stamp {
				fresh = append(fresh, e)
			}
		}
		if len(fresh) == 0 {
			return nil, false
		}
		e := fresh[g.rng.IntN(len(fresh))]
		w.mark[e.to] = w.stamp
		moves, at = append(moves, e.move), e.to
	}
	return moves, true
}

// cycle returns a simple cycle from start back to it of at least d moves:
// a walk of d moves that does not come back, then a shortest way back to
// start through boards the walk did not visit; false when there is none.
func (w *walker) cycle(g *Generator, start int32, d int) ([]oware.Move, bool) {
	moves, ok := w.avoid(g, start, d)
	if !ok {
		return nil, false
	}
	at := start
	for _, m := range moves {
		at = w.step(at, m)
	}
	back, ok := w.wayBack(at, start)
	return append(moves, back...), ok
}

// step returns the board that move m leads to from v.
func (w *walker) step(v int32, m oware.Move) int32 {
	for _, e := range w.g.edges[v] {
		if e.move == m {
			return e.to
		}
	}
	panic("check: no such move in the graph") // cannot happen: the moves come from the graph
}

// wayBack returns a shortest list of moves from from to to through boards
// not marked by the current walk, by a breadth-first search.
func (w *walker) wayBack(from, to int32) ([]oware.Move, bool) {
	stamp := w.stamp
	w.seen[from], w.prev[from] = stamp, -1
	level := []int32{from}
	for len(level) > 0 {
		var next []int32
		for _, v := range level {
			for _, e := range w.g.edges[v] {
				if e.to == to {
					return w.path(v, e.move), true
				}
				if w.mark[e.to] == stamp || w.seen[e.to] == stamp {
					continue
				}
				w.seen[e.to], w.prev[e.to] = stamp, v
				next = append(next, e.to)
			}
		}
		level = next
	}
	return nil, false
}

// path returns the moves of the search from its start to v, then last.
func (w *walker) path(v int32, last oware.Move) []oware.Move {
	moves := []oware.Move{last}
	for u := v; w.prev[u] >= 0; u = w.prev[u] {
		moves = append(moves, w.move(w.prev[u], u))
	}
	for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
		moves[i], moves[j] = moves[j], moves[i]
	}
	return moves
}

// move returns the move from u to v.
func (w *walker) move(u, v int32) oware.Move {
	for _, e := range w.g.edges[u] {
		if e.to == v {
			return e.move
		}
	}
	panic("check: no such edge in the graph") // cannot happen: the search came this way
}
