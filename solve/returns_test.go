package solve

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestForcedReturnsAgreeWithReference: the tables of up to refFreshSeeds (2) seeds built
// with no search, the cycle bounds and the forced returns alone, hold the
// independent reference solver's value of every board met for the first
// time (South to move), under abapa and aalina; the boards that a forced
// return made exact, of which there are some under aalina, have exactly
// the reference's value.
func TestForcedReturnsAgreeWithReference(t *testing.T) {
	returned := 0
	for _, rr := range refRules {
		r, err := oware.ParseRules(rr.name)
		require.NoError(t, err)
		tabs, err := Compute(context.Background(), r, 3, BuildOptions{BoardNodes: 1})
		require.NoError(t, err)
		s := newRefSolver(rr.limit, rr.emptyOK)
		for n := 0; n <= refFreshSeeds; n++ {
			compositions(n, func(pits [12]int) {
				q := rel{}
				for i, c := range pits {
					q[i] = uint8(c)
				}
				clo, chi := tabs.levels[n].cycle(q.index(n))
				lo, hi := tabs.levels[n].fresh(q.index(n))
				tighter := lo > clo || hi < chi
				s.count, s.budget = 0, refBudget
				want, err := s.freshValue(s.id(refPos{pits, 0}))
				if err != nil {
					return // beyond the reference's budget
				}
				require.True(t, int(lo) <= want && want <= int(hi), "%s %v: %d..%d, the reference says %d", rr.name, pits, lo, hi, want)
				if tighter {
					returned++
				}
			})
		}
	}
	t.Logf("%d boards whose bounds forced returns tightened", returned)
	require.Positive(t, returned)
}

// refFreshSeeds is the most seeds of the boards that
// TestForcedReturnsAgreeWithReference solves with the reference solver.
const refFreshSeeds = 2

// TestForcedReturnsAgreeWithSearch: under aalina, level by level up to 5
// seeds on the levels below built with search, every board of the level
// whose bounds a forced return tightened is searched, met for the first
// time, with the level's entries set to its cycle bounds alone: the
// search's exact value lies within the bounds the returns gave.
func TestForcedReturnsAgreeWithSearch(t *testing.T) {
	const top = 5
	r, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	tabs, err := Compute(context.Background(), r, top-1, BuildOptions{Workers: 1})
	require.NoError(t, err)
	m := newMemory(1<<20, DefaultTreeSize)
	checked := 0
	for n := 2; n <= top; n++ {
		below := &Tables{rules: r, levels: tabs.levels[:n]}
		lower := func(m int, i uint64) (int8, int8) { return below.levels[m].fresh(i) }
		g, err := newGraph(context.Background(), r, n, lower, 1)
		require.NoError(t, err)
		lo, hi, err := cycleBounds(context.Background(), g)
		require.NoError(t, err)
		var open []uint64
		cyc := &level{rules: r, seeds: n, data: make([]byte, Size(n)*entryWidth)}
		for i := range lo {
			if lo[i] < hi[i] {
				open = append(open, uint64(i))
			}
			e := cyc.data[i*entryWidth:][:entryWidth]
			e[cycleLo], e[cycleHi], e[freshLo], e[freshHi] = byte(lo[i]), byte(hi[i]), byte(lo[i]), byte(hi[i])
		}
		flo, fhi := slices.Clone(lo), slices.Clone(hi)
		_, err = forcedReturns(context.Background(), g, open, flo, fhi)
		require.NoError(t, err)
		within := &Tables{rules: r, levels: append(slices.Clone(below.levels), cyc)}
		for _, i := range open {
			if flo[i] == lo[i] && fhi[i] == hi[i] {
				continue
			}
			q := relAt(n, i)
			p := r.Position(q.board())
			m.clear()
			s := newSearcher(r, within, nil, m)
			s.ctx, s.budget = context.Background(), 1<<22
			s.enter(&p, true)
			vlo, vhi := s.solve(&p)
			require.Equal(t, vlo, vhi, "%v: not solved", q)
			require.True(t, flo[i] <= int8(vlo) && int8(vlo) <= fhi[i], "%v: the returns say %d..%d, the search %d", q, flo[i], fhi[i], vlo)
			checked++
		}
	}
	t.Logf("%d boards checked", checked)
	require.Positive(t, checked)
}
