package engine

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
)

// TestNoAllocsPerNode pins that the search allocates nothing per position:
// a search of a given depth allocates the principal variation of each
// iteration and nothing else, whatever the number of positions it visits.
// The positions are at most 15 plies after a capture or the setup, so that
// package oware's Play, which allocates once in 16 plies without a
// capture, does not either.
func TestNoAllocsPerNode(t *testing.T) {
	e, err := New(Options{TableSize: 1 << 20})
	require.NoError(t, err)
	for _, tc := range []struct {
		pos   string
		depth int
	}{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 12},
		{"3-0-5-1-7-2-0-4-4-1-6-3-6-6-N", 11},
		{"1-4-0-0-0-4-0-0-1-0-16-11-8-3-S", 15},
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
		assert.LessOrEqual(t, allocs, float64(tc.depth), "%s: one principal variation per iteration", tc.pos)
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
			assert.Equal(t, calls, int(r.Nodes)-r.Depth, "value %d, depth %d: the search goes no deeper than the children", tc.value, depth)
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
