package solve

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestCycleBoundsParity: where every split and move out of a level is
// worth a number of its seeds' parity (abapa and aalina: a split or a
// capture's worth is the seeds of one side less the other's; not awari
// at an odd level, whose repetitions split evenly, worth 0), cycleBounds
// skips the thresholds of the other parity, and gives the same bounds
// as the game solved at every threshold, level by level up to 8 seeds.
func TestCycleBoundsParity(t *testing.T) {
	const top = 8
	for _, c := range []struct {
		rules string
		mixed map[int]bool // by level, where known
	}{
		{"abapa", map[int]bool{0: false, 1: false, 2: false, 3: false, 4: false, 5: false, 6: false, 7: false, 8: false}},
		{"aalina", map[int]bool{0: false, 1: false, 2: false, 3: false, 4: false, 5: false, 6: false, 7: false, 8: false}},
		{"awari", map[int]bool{1: true, 3: true, 5: true, 7: true}},
	} {
		r, err := oware.ParseRules(c.rules)
		require.NoError(t, err)
		tabs, err := Compute(context.Background(), r, top-1, BuildOptions{Workers: 1, BoardNodes: 1})
		require.NoError(t, err)
		for n := 0; n <= top; n++ {
			below := &Tables{rules: r, levels: tabs.levels[:min(n, top)]}
			lower := func(m int, i uint64) (int8, int8) { return below.levels[m].fresh(i) }
			g, err := newGraph(context.Background(), r, n, lower, 2)
			require.NoError(t, err)
			if want, ok := c.mixed[n]; ok {
				require.Equal(t, want, g.mixed.Load(), "%s %d seeds", c.rules, n)
			}
			lo, hi, err := cycleBounds(context.Background(), g)
			require.NoError(t, err)
			g.mixed.Store(true) // every threshold
			wantLo, wantHi, err := cycleBounds(context.Background(), g)
			require.NoError(t, err)
			require.Equal(t, wantLo, lo, "%s %d seeds: lower bounds", c.rules, n)
			require.Equal(t, wantHi, hi, "%s %d seeds: upper bounds", c.rules, n)
		}
	}
}
