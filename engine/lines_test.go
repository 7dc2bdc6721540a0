package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
)

// TestMultiPV checks the lines of a search of several moves against a
// plain negamax of every move, along random games under every preset: a
// line for each of the best n moves (all of them when there are fewer),
// each scored as the negamax scores its move, best first, no move left
// out scoring more than the last line, and the first line the single
// line search's move and score.
func TestMultiPV(t *testing.T) {
	for i, name := range oware.RulesNames() {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		rng := prng.New(60 + uint64(i))
		p := rules.Start()
		for ply := 0; ply < 90 && p.Moves().Len() > 0; ply++ {
			if k := ply / (6 * testScale); ply%(6*testScale) == 0 {
				checkMultiPV(t, p, 1+k%6, 2+k%5)
			}
			p = randomChild(rng, p)
		}
	}
}

// checkMultiPV checks a search of p depth plies deep for n lines.
func checkMultiPV(t *testing.T, p oware.Position, depth, n int) {
	t.Helper()
	where := func(format string, a ...any) []any {
		return append([]any{"%s under %s, depth %d, %d lines: " + format, p, p.Rules(), depth, n}, a...)
	}
	r, err := exactSearch(p, Limits{Depth: depth, MultiPV: n})
	require.NoError(t, err)
	single, err := exactDepth(p, depth)
	require.NoError(t, err)
	want := min(n, p.Moves().Len())
	require.Len(t, r.Lines, want, where("")...)
	assert.Equal(t, single.Move, r.Move, where("the best move")...)
	assert.Equal(t, single.Score, r.Score, where("the best score")...)
	assert.Equal(t, Line{Move: r.Move, Score: r.Score, Depth: r.Depth, PV: r.PV, Proven: r.Lines[0].Proven}, r.Lines[0], where("the first line is the result's")...)
	value := map[oware.Move]Score{}
	for m, c := range p.Children() {
		value[m] = Score(-minimax(c, depth-1, 1))
	}
	var seen oware.MoveSet
	for k, l := range r.Lines {
		require.True(t, p.Moves().Contains(l.Move), where("line %d, %s, is legal", k+1, l.Move)...)
		require.False(t, seen.Contains(l.Move), where("line %d, %s, is new", k+1, l.Move)...)
		seen |= 1 << l.Move
		assert.Equal(t, value[l.Move], l.Score, where("line %d, %s: the negamax's score", k+1, l.Move)...)
		assert.Equal(t, depth, l.Depth, where("line %d", k+1)...)
		assert.Equal(t, l.Move, l.PV[0], where("line %d starts with its move", k+1)...)
		q := p
		for _, m := range l.PV {
			q, err = q.Play(m)
			require.NoError(t, err, where("line %d is a line of legal moves", k+1)...)
		}
		if k > 0 {
			assert.LessOrEqual(t, l.Score, r.Lines[k-1].Score, where("line %d is no better than the one before", k+1)...)
		}
	}
	for m, v := range value {
		if !seen.Contains(m) {
			assert.LessOrEqual(t, v, r.Lines[len(r.Lines)-1].Score, where("%s, left out, is no better than the last line", m)...)
		}
	}
}

// TestMultiPVStopped: a search of several lines that a limit of positions
// ends in the middle of an iteration gives the lines that the iteration
// completed, then the iteration before's, every move once; and the same
// limit gives the same lines again.
func TestMultiPVStopped(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	mixed := 0
	for _, nodes := range []uint64{5_000, 20_000, 50_000, 120_000} {
		e, err := New(Options{TableSize: MinTableSize})
		require.NoError(t, err)
		r, err := e.Search(context.Background(), p, Limits{Nodes: nodes, MultiPV: 4})
		require.NoError(t, err)
		assert.True(t, r.Stopped, "%d nodes", nodes)
		require.Len(t, r.Lines, 4, "%d nodes", nodes)
		var seen oware.MoveSet
		for k, l := range r.Lines {
			assert.False(t, seen.Contains(l.Move), "%d nodes: line %d", nodes, k+1)
			seen |= 1 << l.Move
			assert.Contains(t, []int{r.Depth, r.Depth - 1}, l.Depth, "%d nodes: line %d", nodes, k+1)
			if k > 0 && l.Depth > r.Lines[k-1].Depth {
				t.Errorf("%d nodes: line %d is deeper than the one before", nodes, k+1)
			}
		}
		if r.Lines[3].Depth != r.Lines[0].Depth {
			mixed++
		}
		again, err := e.Search(context.Background(), p, Limits{Nodes: nodes, MultiPV: 4})
		require.NoError(t, err)
		assert.Equal(t, r, again, "%d nodes", nodes)
	}
	assert.Positive(t, mixed, "some limit ends an iteration between its lines")
}

// TestMultiPVLimits: a negative number of lines is refused; more lines
// than moves give all the moves.
func TestMultiPVLimits(t *testing.T) {
	_, err := Search(context.Background(), oware.Start(), Limits{Depth: 2, MultiPV: -1})
	require.ErrorIs(t, err, ErrLimits)
	p := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S") // one move
	r, err := Search(context.Background(), p, Limits{Depth: 3, MultiPV: 6})
	require.NoError(t, err)
	assert.Len(t, r.Lines, 1)
}

// TestProvenLines checks what the lines say is proven, with tables, on
// random endgames right after a capture and some plies later: a line is
// proven exactly when its score is the end of the game seen, a win or a
// loss that the tables prove, or a draw of a move that ends the game, or
// that the tables decide where no earlier board can recur (a move that
// captures); a proven win or loss is one by at least as many seeds as the
// tables say at least, where they are asked. Where the tables decide the
// game at the root, the first line is their move, proven with their
// result.
func TestProvenLines(t *testing.T) {
	tb := tables(t)
	e, err := New(Options{TableSize: MinTableSize, Tables: tb})
	require.NoError(t, err)
	searcher := probeOf(t, tb)
	rng := prng.New(12)
	kinds := map[string]int{}
	for i := range 4000 {
		p := oware.PositionFrom(boardgen.Endgame(rng, 2+i%3, 6))
		if i%2 == 1 {
			p = balanced(rng, p)
		}
		if rng.IntN(2) == 0 {
			q, ok := quietWalk(rng, p, 1+rng.IntN(4))
			if !ok {
				continue
			}
			p = q
		}
		if p.Moves().Len() < 2 {
			continue
		}
		lim := Limits{Depth: 1 + rng.IntN(6), MultiPV: 6}
		r, err := e.Search(context.Background(), p, lim)
		require.NoError(t, err)
		me := p.Board().ToMove()
		for k, l := range r.Lines {
			child, err := p.Play(l.Move)
			require.NoError(t, err)
			_, mate := l.Score.Mate()
			margin, won := l.Score.Proven()
			var decided, draw bool
			if child.Outcome().Over() {
				w, ok := child.Outcome().Winner()
				decided, draw = true, !ok
				if ok {
					assert.True(t, mate && (w == me) == (l.Score > 0), "%s: line %d, %s ends the game", p, k+1, l.Move)
				}
			} else if firstMet(child) {
				v, err := tb.Probe(child)
				require.NoError(t, err)
				lo, hi := v.Margin(child.Board())
				if me == oware.North {
					lo, hi = -hi, -lo
				}
				decided, draw = decides(v, child.Board()), lo == 0 && hi == 0
				if won && margin > 0 {
					assert.GreaterOrEqual(t, lo, margin, "%s: line %d, %s wins by at least %d", p, k+1, l.Move, margin)
				}
				if won && margin < 0 {
					assert.LessOrEqual(t, hi, margin, "%s: line %d, %s loses by at least %d", p, k+1, l.Move, -margin)
				}
			}
			if k == 0 && r.TableMove {
				assert.True(t, l.Proven, "%s: the tables' move", p)
				continue
			}
			switch {
			case mate:
				kinds["mate"]++
			case won:
				kinds["tables' win or loss"]++
			case draw && l.Score == 0 && !child.Outcome().Over():
				kinds["tables' draw"]++
			case draw:
				kinds["draw"]++
			default:
				kinds["estimate"]++
			}

			assert.Equal(t, mate || won || draw && l.Score == 0, l.Proven, "%s: line %d, %s, %s", p, k+1, l.Move, l.Score)
			if decided && draw {
				assert.Equal(t, Score(0), l.Score, "%s: line %d, %s draws", p, k+1, l.Move)
			}
		}
		if r.TableMove {
			kinds["tables' move"]++
			lo, hi := r.TableValue.Margin(p.Board())
			if me == oware.North {
				lo, hi = -hi, -lo
			}
			// The search's own score of the move, with the tables in the
			// search but not at the root, if it is a proven result, or else
			// the tables' result: of two wins or losses, the one by more.
			own, err := searcher.Search(context.Background(), p, lim)
			require.NoError(t, err)
			var want Score
			switch {
			case lo > 0:
				want = KnownWin + Score(lo)
			case hi < 0:
				want = -KnownWin + Score(hi)
			}
			for _, l := range own.Lines {
				_, mate := l.Score.Mate()
				_, won := l.Score.Proven()
				switch {
				case l.Move != r.Move || !mate && !won:
				case want > 0:
					want = max(want, l.Score)
				case want < 0:
					want = min(want, l.Score)
				}
			}
			assert.Equal(t, want, r.Lines[0].Score, "%s: the tables' move %s, margin %d to %d", p, r.Move, lo, hi)
			s := r.Lines[0].Score
			assert.Equal(t, r.Move, r.Lines[0].Move)
			assert.Equal(t, r.Score, s)
			var moves []oware.Move
			for _, l := range r.Lines {
				moves = append(moves, l.Move)
			}
			slices.Sort(moves)
			assert.Equal(t, len(moves), len(slices.Compact(moves)), "%s: every move once", p)
		}
	}
	// A move that ends the game drawn (R9): proven, without tables too.
	for _, text := range []string{"0-0-1-0-0-0-0-0-0-0-0-1-22-24-N", "0-0-0-0-0-1-0-0-1-0-0-0-24-22-S"} {
		p := oware.MustParsePosition(text)
		r, err := Search(context.Background(), p, Limits{Depth: 3})
		require.NoError(t, err)
		assert.Equal(t, Score(0), r.Score, "%s", p)
		assert.True(t, r.Lines[0].Proven, "%s", p)
	}
	t.Logf("lines: %v", kinds)
	for _, kind := range []string{"mate", "tables' win or loss", "tables' draw", "estimate", "tables' move"} {
		assert.Positive(t, kinds[kind], kind)
	}
}

// balanced returns p with the captured seeds shared as evenly as they can
// be, where a draw is likelier.
func balanced(rng *prng.Source, p oware.Position) oware.Position {
	b := p.Board()
	captured := b.Score(oware.South) + b.Score(oware.North)
	south := captured/2 + rng.IntN(3) - 1
	q, err := oware.NewBoard(b.Pits(), [2]int{south, captured - south}, b.ToMove())
	if err != nil {
		return p
	}
	return oware.PositionFrom(q)
}
