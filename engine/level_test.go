package engine

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// TestLevelChoose: a level chooses among the moves within its loss of the
// best, each as often as its weight, exp(-loss/temperature), says; the
// best move alone at temperature 0; a win it sees whatever its
// temperature.
func TestLevelChoose(t *testing.T) {
	lines := []Line{{Move: 0, Score: 8}, {Move: 1, Score: 4}, {Move: 2, Score: 0}, {Move: 3, Score: -40}}
	l := level{temp: 1, maxLoss: 3} // the last is 12 seeds worse: never
	rng := prng.New(1)
	counts := make([]int, len(lines))
	const draws = 100_000
	for range draws {
		counts[l.choose(lines, rng)]++
	}
	total := 1 + math.Exp(-1) + math.Exp(-2)
	for i, w := range []float64{1, math.Exp(-1), math.Exp(-2), 0} {
		want := w / total
		got := float64(counts[i]) / draws
		assert.InDelta(t, want, got, 0.01, "line %d: %d of %d", i, counts[i], draws)
	}
	assert.Equal(t, 0, level{maxLoss: 6}.choose(lines, rng), "temperature 0")
	win := []Line{{Move: 0, Score: 8}, {Move: 1, Score: Win - 3}, {Move: 2, Score: 7}}
	for range 100 {
		assert.Equal(t, 1, level{temp: 3, maxLoss: 6}.choose(win, rng), "a win seen")
	}
}

// TestLevels: a search at a level plays a legal move of the line it
// chose among those it searched, within the level's positions (and a
// poll's worth more), no worse than its loss allows, the same move again
// for the same position; the weakest level does not always play the best
// move it found, and every level takes a win in one.
func TestLevels(t *testing.T) {
	e, err := New(Options{TableSize: MinTableSize})
	require.NoError(t, err)
	rng := prng.New(21)
	p := oware.Start()
	notBest := 0
	for ply := 0; ply < 120 && p.Moves().Len() > 0; ply++ {
		elo := MinElo + (ply%5)*(MaxElo-MinElo)/5
		lv := skillLevel(eloSkill(elo))
		all, err := e.Search(context.Background(), p, Limits{Elo: elo, MultiPV: 6})
		require.NoError(t, err)
		r, err := e.Search(context.Background(), p, Limits{Elo: elo})
		require.NoError(t, err)
		require.True(t, p.Moves().Contains(r.Move), "%s at Elo %d", p, elo)
		assert.LessOrEqual(t, r.Nodes, lv.nodes+pollInterval, "%s at Elo %d", p, elo)
		assert.Equal(t, r.Move, all.Move, "%s at Elo %d: the same move with all the lines", p, elo)
		best := all.Lines[0].Score
		for _, l := range all.Lines {
			best = max(best, l.Score)
		}
		assert.LessOrEqual(t, float64(best-r.Score)/SeedValue, lv.maxLoss, "%s at Elo %d", p, elo)
		require.Len(t, r.Lines, 1, "one line asked for")
		assert.Equal(t, Line{Move: r.Move, Score: r.Score, Depth: r.Depth, PV: r.PV, Proven: r.Lines[0].Proven}, r.Lines[0], "the line played")
		if elo == MinElo && r.Score < best {
			notBest++
		}
		again, err := e.Search(context.Background(), p, Limits{Elo: elo})
		require.NoError(t, err)
		assert.Equal(t, r.Move, again.Move, "%s at Elo %d: the same again", p, elo)
		p = randomChild(rng, p)
	}
	assert.Positive(t, notBest, "the weakest level plays other moves than the best")
	// South's F takes the last seeds: a win.
	win := oware.MustParsePosition("1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	for _, elo := range []int{MinElo, (MinElo + MaxElo) / 2} {
		r, err := e.Search(context.Background(), win, Limits{Elo: elo})
		require.NoError(t, err)
		assert.Equal(t, "F", r.Move.String(), "Elo %d", elo)
	}
}

// TestLevelLimits: an Elo below the scale is refused; at the top of the
// scale and above, the engine plays at full strength.
func TestLevelLimits(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	for _, elo := range []int{-1, 1, MinElo - 1} {
		_, err := Search(context.Background(), p, Limits{Depth: 3, Elo: elo})
		assert.ErrorIs(t, err, ErrLimits, "Elo %d", elo)
	}
	full, err := Search(context.Background(), p, Limits{Depth: 6})
	require.NoError(t, err)
	for _, elo := range []int{MaxElo, MaxElo + 500} {
		r, err := Search(context.Background(), p, Limits{Depth: 6, Elo: elo})
		require.NoError(t, err)
		assert.Equal(t, full, r, "Elo %d", elo)
	}
}

// TestEloSkill: the Elo of a measured level plays its skill, one between
// two measured levels the skill between theirs in proportion; the scale
// rises from MinElo to MaxElo.
func TestEloSkill(t *testing.T) {
	assert.Equal(t, MinElo, levelElos[0])
	assert.Equal(t, MaxElo, levelElos[len(levelElos)-1])
	for k, elo := range levelElos {
		assert.InDelta(t, float64(k)/8, eloSkill(elo), 1e-12, "level %d/8 at %d Elo", k, elo)
		if k > 0 {
			assert.Less(t, levelElos[k-1], elo, "the scale rises")
			mid := (levelElos[k-1] + elo) / 2
			want := (float64(k-1) + float64(mid-levelElos[k-1])/float64(elo-levelElos[k-1])) / 8
			assert.InDelta(t, want, eloSkill(mid), 1e-12, "%d Elo", mid)
		}
	}
	assert.InDelta(t, 0.5/8, eloSkill((levelElos[0]+levelElos[1])/2), 0.01)
}
