package engine

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// TestNoAllocsPerNode pins that the search allocates nothing per position:
// a search of a given depth allocates the principal variation and the
// lines of each iteration, the lines of its result, and nothing else,
// whatever the number of positions it visits.
// The positions are at most 15 plies after a capture or the setup, so that
// package oware's Play, which allocates once in 16 plies without a
// capture, does not either; their depths make each search visit more than
// 10,000 positions (one more ply for two of them since reverse futility
// pruning).
func TestNoAllocsPerNode(t *testing.T) {
	e, err := New(Options{TableSize: 1 << 20})
	require.NoError(t, err)
	for _, tc := range []struct {
		pos   string
		depth int
	}{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 12},
		{"3-0-5-1-7-2-0-4-4-1-6-3-6-6-N", 12},
		{"1-4-0-0-0-4-0-0-1-0-16-11-8-3-S", 16},
	} {
		p := oware.MustParsePosition(tc.pos)
		var r Result
		allocs := testing.AllocsPerRun(3, func() {
			r, err = e.Search(context.Background(), p, Limits{Depth: tc.depth})
		})
		require.NoError(t, err)
		require.Equal(t, tc.depth, r.Depth)
		t.Logf("%s depth %d: %d nodes, %.0f allocations", tc.pos, tc.depth, r.Nodes, allocs)
		assert.Greater(t, r.Nodes, uint64(10_000))
		assert.LessOrEqual(t, allocs, float64(2*tc.depth+1), "%s: one principal variation and one list of lines per iteration", tc.pos)
	}
}

// TestLikelyCapture checks the capture that move ordering and the
// quiescence search foresee from the board against what package oware
// plays. Under abapa they are equal but where the grand slam rule (R6)
// annuls the capture, which would then have taken every seed of the
// opponent's side. Under every preset but board-game-rs, whose lone seeds
// end the game by a share of them, every move after which the captured
// seeds grow is foreseen as a capture.
func TestLikelyCapture(t *testing.T) {
	for _, name := range oware.RulesNames() {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				var pits [oware.NumPits]int
				seeds := rapid.IntRange(1, oware.NumSeeds).Draw(t, "seeds")
				for range seeds {
					pits[rapid.IntRange(0, oware.NumPits-1).Draw(t, "pit")]++
				}
				south := rapid.IntRange(0, min(24, oware.NumSeeds-seeds)).Draw(t, "south")
				north := oware.NumSeeds - seeds - south
				if north > 24 {
					t.Skip("a player has 25 seeds")
				}
				b, err := oware.NewBoard(pits, [2]int{south, north}, oware.Player(rapid.IntRange(0, 1).Draw(t, "side")))
				require.NoError(t, err)
				p := rules.Position(b)
				me := b.ToMove()
				base := oware.PitsPerSide * int(me)
				for m, c := range p.Children() {
					guess := likelyCapture(&pits, base, m.Pit()-base)
					if rules == (oware.Rules{}) {
						captured := c.Board().Score(me) - b.Score(me)
						if captured != guess {
							assert.Zero(t, captured, "move %s of %s", m, p)
							assert.Equal(t, guess, c.Board().SideSeeds(me.Opponent()), "move %s of %s: a grand slam", m, p)
						}
					}
					grew := c.Board().Score(oware.South)+c.Board().Score(oware.North) > south+north
					if grew && !rules.LoneSeeds() {
						assert.Positive(t, guess, "move %s of %s captures", m, p)
					}
				}
			})
		})
	}
}

// TestProbe: bounds that decide the game decide the search where no
// earlier board can recur; other bounds bound the search's score there;
// where an earlier board can recur the probe is not asked; one that knows
// nothing changes nothing.
func TestProbe(t *testing.T) {
	// Under rules without repetition (board-game-rs's) no board can
	// recur, so the bounds hold at every position. No move of the opening
	// captures: every child has scores 0-0 and North to move, whose final
	// margin the probe says is value.
	noRepetition, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	require.Zero(t, noRepetition.RepeatLimit())
	p := noRepetition.Start()
	for _, tc := range []struct {
		value int
		want  Score
	}{
		{3, -(KnownWin + 3)}, // North wins by 3 whatever South plays
		{0, 0},               // a draw
		{-2, KnownWin + 2},   // North loses by 2
	} {
		calls := 0
		e, err := New(Options{TableSize: MinTableSize, Probe: func(q oware.Position) (int, int, bool) {
			calls++
			return tc.value, tc.value, true
		}})
		require.NoError(t, err)
		for _, depth := range []int{1, 5} {
			calls = 0
			r, err := e.Search(context.Background(), p, Limits{Depth: depth})
			require.NoError(t, err)
			assert.Equal(t, tc.want, r.Score, "value %d, depth %d", tc.value, depth)
			assert.True(t, r.Lines[0].Proven, "value %d, depth %d: the result is proven", tc.value, depth)
			proof := 0
			if tc.value == 0 {
				proof = 1 // a draw is proven by asking again about the line's move
			}
			assert.Equal(t, calls-proof, int(r.Nodes)-r.Depth, "value %d, depth %d: the search goes no deeper than the children", tc.value, depth)
		}
	}
	// Bounds that do not decide: a child's score at the horizon is its
	// quiescence search brought within them, so the root's is the plain
	// score brought within the opposite bounds (clamping is monotone).
	// North to move after F, whose moves capture nothing.
	p = noRepetition.Position(oware.MustParseBoard("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"))
	plain, err := searchDepth(p, 1)
	require.NoError(t, err)
	require.NotZero(t, plain.Score, "the clamps below must bite")
	for _, tc := range []struct{ lo, hi int }{{-1, 0}, {0, 1}, {-3, 2}} {
		e, err := New(Options{TableSize: MinTableSize, Probe: func(q oware.Position) (int, int, bool) {
			return tc.lo, tc.hi, true
		}})
		require.NoError(t, err)
		r, err := e.Search(context.Background(), p, Limits{Depth: 1})
		require.NoError(t, err)
		assert.Equal(t, min(max(plain.Score, Score(-SeedValue*tc.hi)), Score(-SeedValue*tc.lo)), r.Score, "bounds %d..%d", tc.lo, tc.hi)
	}

	// Under abapa an earlier board can recur after a move that captures
	// nothing, so there the bounds are not proven, and not asked for: the
	// children of the opening are searched as without a probe.
	calls := 0
	abapa, err := New(Options{TableSize: MinTableSize, Probe: func(q oware.Position) (int, int, bool) {
		calls++
		return 3, 3, true
	}})
	require.NoError(t, err)
	r, err := abapa.Search(context.Background(), oware.Start(), Limits{Depth: 2}) // no move captures in two plies
	require.NoError(t, err)
	want2, err := searchDepth(oware.Start(), 2)
	require.NoError(t, err)
	assert.Equal(t, want2.Score, r.Score, "R10: no probe after a move that captures nothing")
	assert.Zero(t, calls)
	// Right after a capture no earlier board can recur: there the value
	// decides. South's only move, F, makes 2 in North's a and captures
	// them (R5): 24-23, one seed left in f, North to move; the probe says
	// South will capture it (value -1 for North), so South ends 25-23.
	decided, err := New(Options{TableSize: MinTableSize, Probe: func(q oware.Position) (int, int, bool) {
		return -1, -1, true
	}})
	require.NoError(t, err)
	for _, depth := range []int{1, 5} {
		r, err = decided.Search(context.Background(), oware.MustParsePosition("0-0-0-0-0-1-1-0-0-0-0-1-22-23-S"), Limits{Depth: depth})
		require.NoError(t, err)
		assert.Equal(t, Score(KnownWin+2), r.Score, "depth %d: a proven value right after a capture decides", depth)
	}

	unknown, err := New(Options{TableSize: MinTableSize, Probe: func(q oware.Position) (int, int, bool) {
		return 7, 7, false
	}})
	require.NoError(t, err)
	q := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	got, err := unknown.Search(context.Background(), q, Limits{Depth: 8})
	require.NoError(t, err)
	want, err := searchDepth(q, 8)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	// ProbeSeeds: positions with more seeds on the board are not asked
	// about, and searched as without a probe. q has 36 on its board, and
	// 8 plies capture far fewer than 35.
	all := -1
	for _, tc := range []struct{ seeds, calls int }{{0, -1}, {36, -1}, {1, 0}} {
		calls := 0
		e, err := New(Options{TableSize: MinTableSize, ProbeSeeds: tc.seeds, Probe: func(oware.Position) (int, int, bool) {
			calls++
			return 0, 0, false
		}})
		require.NoError(t, err)
		got, err := e.Search(context.Background(), q, Limits{Depth: 8})
		require.NoError(t, err)
		assert.Equal(t, want, got, "ProbeSeeds %d", tc.seeds)
		if all < 0 {
			all = calls
			require.Positive(t, all)
		}
		if tc.calls < 0 {
			tc.calls = all
		}
		assert.Equal(t, tc.calls, calls, "ProbeSeeds %d", tc.seeds)
	}
}

func TestNew(t *testing.T) {
	for _, size := range []int{-1, 1, MinTableSize - 1, MaxTableSize + 1} {
		_, err := New(Options{TableSize: size})
		assert.ErrorIs(t, err, ErrTableSize, "size %d", size)
	}
	e, err := New(Options{})
	require.NoError(t, err)
	assert.Equal(t, DefaultTableSize, e.TableSize())
	e, err = New(Options{TableSize: 100 << 10})
	require.NoError(t, err)
	assert.Equal(t, 64<<10, e.TableSize(), "rounded down to a power of two")
}

// TestEngineConcurrent: searches of one Engine from several goroutines give
// what they give one at a time.
func TestEngineConcurrent(t *testing.T) {
	e, err := New(Options{TableSize: MinTableSize})
	require.NoError(t, err)
	positions := []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"3-0-5-1-7-2-0-4-4-1-6-3-6-6-N",
		"1-4-0-0-0-4-0-0-1-0-16-11-8-3-S",
	}
	want := make([]Result, len(positions))
	for i, s := range positions {
		want[i], err = searchDepth(oware.MustParsePosition(s), 7)
		require.NoError(t, err)
	}
	var wg sync.WaitGroup
	got := make([]Result, len(positions))
	errs := make([]error, len(positions))
	for i, s := range positions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = e.Search(context.Background(), oware.MustParsePosition(s), Limits{Depth: 7})
		}()
	}
	wg.Wait()
	for i := range positions {
		require.NoError(t, errs[i])
		assert.Equal(t, want[i], got[i], positions[i])
	}
}

// TestNewGame: NewGame empties the table, and a search after it is that
// of a new engine, as a search after other searches already is.
func TestNewGame(t *testing.T) {
	e, err := New(Options{TableSize: MinTableSize})
	require.NoError(t, err)
	fresh, err := New(Options{TableSize: MinTableSize})
	require.NoError(t, err)
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	want, err := fresh.Search(context.Background(), p, Limits{Depth: 9, MultiPV: 2})
	require.NoError(t, err)
	for _, q := range benchPositions {
		_, err := e.Search(context.Background(), oware.MustParsePosition(q), Limits{Depth: 8})
		require.NoError(t, err)
	}
	got, err := e.Search(context.Background(), p, Limits{Depth: 9, MultiPV: 2})
	require.NoError(t, err)
	assert.Equal(t, want, got, "after other searches")
	used := 0
	for _, b := range e.s.tt.buckets {
		for _, en := range b {
			if en != (entry{}) {
				used++
			}
		}
	}
	assert.Greater(t, used, len(e.s.tt.buckets), "the searches fill the table")
	e.NewGame()
	for _, b := range e.s.tt.buckets {
		require.Equal(t, bucket{}, b, "emptied")
	}
	got, err = e.Search(context.Background(), p, Limits{Depth: 9, MultiPV: 2})
	require.NoError(t, err)
	assert.Equal(t, want, got, "after NewGame")
}

// TestReduction: a move is searched less deep only when it comes late,
// captures nothing and leaves depth enough; by two plies later still.
func TestReduction(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	before := p.Board().Score(oware.South) + p.Board().Score(oware.North)
	quiet, err := p.Play(oware.Move(7)) // b captures nothing
	require.NoError(t, err)
	require.Equal(t, before, quiet.Board().Score(oware.South)+quiet.Board().Score(oware.North))
	capture := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	taken, err := capture.Play(oware.Move(5)) // F captures
	require.NoError(t, err)
	for _, tc := range []struct {
		depth, i int
		child    *oware.Position
		before   int
		want     int
	}{
		{2, 5, &quiet, before, 0}, // too near the horizon
		{3, 1, &quiet, before, 0}, // the first moves
		{3, 2, &quiet, before, 1},
		{5, 5, &quiet, before, 1}, // late, but not deep enough for two
		{6, 3, &quiet, before, 1},
		{6, 4, &quiet, before, 2},
		{9, 5, &taken, 44, 0}, // a capture
		{9, 5, &quiet, before, 2},
	} {
		assert.Equal(t, tc.want, reduction(tc.depth, tc.i, tc.child, tc.before), "depth %d, move %d", tc.depth, tc.i)
	}
}

// TestReductionsSave: with the reductions, a search of depth 12 from the
// benchmark's positions visits less than half the positions of one
// without, and plays moves whose scores, by the search without, are
// within a seed of the best.
func TestReductionsSave(t *testing.T) {
	var reduced, full uint64
	for _, text := range benchPositions {
		p := oware.MustParsePosition(text)
		r, err := searchDepth(p, 12)
		require.NoError(t, err)
		x, err := exactDepth(p, 12)
		require.NoError(t, err)
		reduced += r.Nodes
		full += x.Nodes
		child, err := p.Play(r.Move)
		require.NoError(t, err)
		own, err := exactDepth(child, 11)
		require.NoError(t, err)
		assert.LessOrEqual(t, x.Score+own.Score, Score(SeedValue), "%s: %s scores %s, the best %s", p, r.Move, -own.Score, x.Score)
	}
	t.Logf("%d positions with the reductions, %d without", reduced, full)
	assert.Less(t, 2*reduced, full)
}

// TestForcedExtension: below the root, a position with a single move is
// searched a ply deeper than its parent left it. At depth 2 (too shallow
// for reductions), a root move to such a position scores what the search
// without extensions or reductions gives that position at depth 2,
// negated, where the position after its single move has more than one
// (so that nothing further is extended), up to the plies of a mate, which
// count from the root and are left out; and some of those scores differ
// from the move's score without the extension.
func TestForcedExtension(t *testing.T) {
	rng := prng.New(41)
	aalina, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	checked, differs := 0, 0
	for game := 0; checked < 60 && game < 2000; game++ {
		p := aalina.Start()
		for p.Moves() != 0 {
			ms := p.Moves()
			m, _ := ms.Nth(rng.IntN(ms.Len()))
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
			if p.Moves().Len() < 2 {
				continue
			}
			r, err := Search(context.Background(), p, Limits{Depth: 2, MultiPV: oware.PitsPerSide})
			require.NoError(t, err)
			plain, err := exactSearch(p, Limits{Depth: 2, MultiPV: oware.PitsPerSide})
			require.NoError(t, err)
			for _, l := range r.Lines {
				child, err := p.Play(l.Move)
				require.NoError(t, err)
				if child.Moves().Len() != 1 {
					continue
				}
				only, _ := child.Moves().Nth(0)
				grand, err := child.Play(only)
				require.NoError(t, err)
				_, proven := l.Score.Proven()
				if _, mate := l.Score.Mate(); grand.Moves().Len() < 2 || proven || mate {
					continue
				}
				want, err := exactDepth(child, 2)
				require.NoError(t, err)
				assert.Equal(t, -want.Score, l.Score, "%s: %s", p.Board(), l.Move)
				checked++
				for _, x := range plain.Lines {
					if x.Move == l.Move && x.Score != l.Score {
						differs++
					}
				}
			}
		}
	}
	t.Logf("%d moves to a forced position checked, %d of them scored otherwise without the extension", checked, differs)
	assert.GreaterOrEqual(t, checked, 60)
	assert.Positive(t, differs)
}

// TestReverseFutility: below the root, a node of a null window 1 to
// rfpDepth plies above the horizon whose evaluation is at least rfpMargin
// a ply above beta returns its evaluation and visits nothing below; a
// point less of margin, or a full window, and it is searched.
func TestReverseFutility(t *testing.T) {
	root := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	s := newSearcher(1 << 20)
	for m := range root.Moves().All() {
		child, err := root.Play(m)
		require.NoError(t, err)
		if child.Moves().Len() < 2 {
			continue
		}
		ev := evaluate(child.Board())
		for depth := 1; depth <= rfpDepth; depth++ {
			visit := func(alpha, beta int) (int, uint64) {
				s.start(root)
				s.stack[1] = child
				s.fresh(0)
				v := s.search(1, depth, alpha, beta)
				return v, s.nodes
			}
			beta := ev - rfpMargin*depth
			v, nodes := visit(beta-1, beta)
			assert.Equal(t, ev, v, "%s, depth %d", m, depth)
			assert.Equal(t, uint64(1), nodes, "%s, depth %d: pruned", m, depth)
			_, nodes = visit(beta, beta+1)
			assert.Greater(t, nodes, uint64(1), "%s, depth %d: a margin too small", m, depth)
			_, nodes = visit(beta-2, beta)
			assert.Greater(t, nodes, uint64(1), "%s, depth %d: not a null window", m, depth)
		}
	}
}
