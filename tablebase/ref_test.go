package tablebase_test

// An independent solver for small levels, written for the tests: its own
// enumeration of boards (every way to put n seeds in 12 pits, in a map),
// its own moves (the reference model for abapa, a few lines of awari
// below), and its own method: for each threshold t separately, the
// classic attractor with counters over the predecessors, from scratch.
// It shares no code with the package.

import (
	"slices"

	"github.com/seed3966233f/oware/internal/refmodel"
)

// refBoard is a board relative to its mover: pits 0–5 the mover's, 6–11
// the opponent's.
type refBoard [12]int

// refMove is one move: the board it leads to (relative to its new mover)
// and the seeds it captured.
type refMove struct {
	pit      int
	child    refBoard
	captured int
}

// refRules gives the moves of a board, or, when there are none, the
// board's value for its mover (the game being over).
type refRules func(b refBoard) ([]refMove, int)

// flip returns absolute pits, the mover's side first, as the board of the
// other player.
func flip(p [12]int) refBoard {
	var c refBoard
	for i := range 12 {
		c[i] = p[(i+6)%12]
	}
	return c
}

// abapaMoves asks the reference model, with South to move and scores
// below 25.
func abapaMoves(b refBoard) ([]refMove, int) {
	n := 0
	for _, s := range b {
		n += s
	}
	south := (48 - n) / 2
	g, err := refmodel.New(refmodel.Rules{}, refmodel.Board{Pits: b, Scores: [2]int{south, 48 - n - south}})
	if err != nil {
		panic(err)
	}
	legal := g.Legal()
	if len(legal) == 0 {
		o := g.Outcome()
		return nil, (o.Tallies[0] - g.Scores[0]) - (o.Tallies[1] - g.Scores[1])
	}
	var moves []refMove
	for _, pit := range legal {
		next, _, err := g.Play(pit)
		if err != nil {
			panic(err)
		}
		moves = append(moves, refMove{pit: pit, child: flip(next.Pits), captured: next.Scores[0] - g.Scores[0]})
	}
	return moves, 0
}

// awariSow sows pit of b (South's pits 0–5 moving) and captures as R5
// says, with no grand slam rule.
func awariSow(b refBoard, pit int) (refBoard, int) {
	seeds := b[pit]
	b[pit] = 0
	at := pit
	for seeds > 0 {
		at = (at + 1) % 12
		if at != pit {
			b[at]++
			seeds--
		}
	}
	captured := 0
	for at >= 6 && (b[at] == 2 || b[at] == 3) {
		captured += b[at]
		b[at] = 0
		at--
	}
	return b, captured
}

// awariMoves are Romein and Bal's rules: a move that leaves the opponent
// without a seed (by capturing all or by not feeding) is forbidden unless
// every move does; then any may be played and captures as usual. A player
// without a seed cannot move, and the opponent takes the seeds left.
func awariMoves(b refBoard) ([]refMove, int) {
	var all, keep []refMove
	for pit := range 6 {
		if b[pit] == 0 {
			continue
		}
		after, captured := awariSow(b, pit)
		m := refMove{pit: pit, child: flip(after), captured: captured}
		all = append(all, m)
		if after[6]+after[7]+after[8]+after[9]+after[10]+after[11] > 0 {
			keep = append(keep, m)
		}
	}
	if len(all) == 0 {
		n := 0
		for _, s := range b {
			n += s
		}
		return nil, -n
	}
	if len(keep) == 0 {
		return all, 0
	}
	return keep, 0
}

// refBounds are a board's bounds; lo == hi where the value is exact.
type refBounds struct{ lo, hi int }

// refLevel solves the level of n seeds given the levels below (by seed
// count, each a map from board to bounds). With exact set, a repetition
// is worth 0 and the values are exact; otherwise the bounds count an
// endless game as worst (lo) or best (hi) for the mover of the board.
func refLevel(rules refRules, n int, lower []map[refBoard]refBounds, exact bool) map[refBoard]refBounds {
	var boards []refBoard
	var fill func(b refBoard, i, left int)
	fill = func(b refBoard, i, left int) {
		if i == 11 {
			b[11] = left
			boards = append(boards, b)
			return
		}
		for s := 0; s <= left; s++ {
			b[i] = s
			fill(b, i+1, left-s)
		}
	}
	fill(refBoard{}, 0, n)
	id := map[refBoard]int{}
	for i, b := range boards {
		id[b] = i
	}
	// The moves: out of the level (captures), with their worth for the
	// mover as bounds, and within it.
	type node struct {
		over   bool
		value  int         // when over
		out    []refBounds // the worth of each move out of the level
		within []int       // the children within the level
		preds  []int       // the predecessors within the level
	}
	nodes := make([]node, len(boards))
	for i, b := range boards {
		moves, v := rules(b)
		if moves == nil {
			nodes[i].over, nodes[i].value = true, v
			continue
		}
		for _, m := range moves {
			if m.captured == 0 {
				nodes[i].within = append(nodes[i].within, id[m.child])
				continue
			}
			c := lower[n-m.captured][m.child]
			nodes[i].out = append(nodes[i].out, refBounds{m.captured - c.hi, m.captured - c.lo})
		}
	}
	for i := range nodes {
		for _, j := range nodes[i].within {
			nodes[j].preds = append(nodes[j].preds, i)
		}
	}
	// win[t][i]: the mover of i can force a worth of at least t, an
	// endless game counting as a loss; lose[t][i]: the opponent of the
	// mover of i can force the mover's worth down to -t at most, an
	// endless game counting as a win for the mover.
	win := map[int][]bool{}
	lose := map[int][]bool{}
	for t := -n + 1; t <= n; t++ {
		w := make([]bool, len(nodes))
		l := make([]bool, len(nodes))
		count := make([]int, len(nodes))
		var queue []int // positive: joins w; negative (^i): joins l
		for i := range nodes {
			nd := &nodes[i]
			if nd.over {
				if nd.value >= t {
					w[i] = true
					queue = append(queue, i)
				}
				if nd.value <= -t {
					l[i] = true
					queue = append(queue, ^i)
				}
				continue
			}
			bestLo, worstHi := -1000, -1000
			for _, o := range nd.out {
				bestLo = max(bestLo, o.lo)
				worstHi = max(worstHi, o.hi)
			}
			if bestLo >= t {
				w[i] = true
				queue = append(queue, i)
			}
			count[i] = len(nd.within)
			if worstHi <= -t && count[i] == 0 {
				l[i] = true
				queue = append(queue, ^i)
			}
			if worstHi > -t {
				count[i] = -1 // can never join l
			}
		}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			if x >= 0 { // x joined w: its predecessors have one more child in w
				for _, p := range nodes[x].preds {
					if count[p] > 0 {
						count[p]--
						if count[p] == 0 && !l[p] {
							l[p] = true
							queue = append(queue, ^p)
						}
					}
				}
			} else { // ^x joined l: its predecessors can move there
				for _, p := range nodes[^x].preds {
					if !w[p] {
						w[p] = true
						queue = append(queue, p)
					}
				}
			}
		}
		win[t], lose[t] = w, l
	}
	out := map[refBoard]refBounds{}
	for i, b := range boards {
		lo, hi := -n, n
		for t := -n + 1; t <= n; t++ {
			if win[t][i] {
				lo = t
			}
		}
		for t := -n + 1; t <= n; t++ {
			if lose[t][i] {
				hi = -t
			}
		}
		if exact {
			v := 0
			if lo > 0 {
				v = lo
			} else if hi < 0 {
				v = hi
			}
			lo, hi = v, v
		}
		out[b] = refBounds{lo, hi}
	}
	return out
}

// refSolve solves every level from 0 to n seeds.
func refSolve(rules refRules, n int, exact bool) []map[refBoard]refBounds {
	var levels []map[refBoard]refBounds
	for m := 0; m <= n; m++ {
		levels = append(levels, refLevel(rules, m, levels, exact))
	}
	return levels
}

// refBoards returns the boards of a level in a fixed order.
func refBoards(level map[refBoard]refBounds) []refBoard {
	var bs []refBoard
	for b := range level {
		bs = append(bs, b)
	}
	slices.SortFunc(bs, func(a, b refBoard) int { return slices.Compare(a[:], b[:]) })
	return bs
}
