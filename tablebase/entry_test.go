package tablebase

import (
	"context"
	"testing"

	"github.com/seed3966233f/oware"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEntryRange checks level.entry's test of an entry against the
// range readLevel accepts, -seeds <= lo <= hi <= seeds, on hand-picked
// entries of a level of 4 seeds, at and past each end.
func TestEntryRange(t *testing.T) {
	cases := []struct {
		lo, hi int8
		ok     bool
	}{
		{-4, -4, true}, {4, 4, true}, {-4, 4, true}, {0, 0, true}, {-2, 2, true},
		{-5, -4, false}, {-5, 4, false}, {4, 5, false}, {5, 5, false}, {-5, -5, false},
		{2, -2, false}, {1, 0, false}, {-128, 4, false}, {-4, 127, false}, {127, -128, false}, {-128, -128, false},
	}
	for _, c := range cases {
		bounds := &level{seeds: 4, width: 2, data: []byte{0, 0, byte(c.lo), byte(c.hi)}}
		v, ok := bounds.entry(1)
		assert.Equal(t, c.ok, ok, "bounds %d %d", c.lo, c.hi)
		assert.Equal(t, Value{c.lo, c.hi}, v)
		if c.lo == c.hi {
			exact := &level{seeds: 4, width: 1, data: []byte{0, byte(c.lo)}}
			v, ok := exact.entry(1)
			assert.Equal(t, c.ok, ok, "exact %d", c.lo)
			assert.Equal(t, Value{c.lo, c.lo}, v)
		}
	}
}

// TestChangedEntry checks that Probe, ProbeMoves and BestMoves report an
// entry out of range, as of a file changed after it was opened, as a
// *FormatError.
func TestChangedEntry(t *testing.T) {
	r, err := oware.ParseRules("awari")
	require.NoError(t, err)
	tb, err := Compute(context.Background(), r, 4, BuildOptions{})
	require.NoError(t, err)
	// South: 1 seed in E. North: 2 in a, 1 in b. The tables hold the
	// board (North's side has an empty pit), and South's one move, E,
	// captures nothing: its child has 4 seeds too.
	p := r.Position(oware.MustParseBoard("0-0-0-0-1-0-2-1-0-0-0-0-22-22-S"))
	_, err = tb.Probe(p)
	require.NoError(t, err)
	data := tb.set(r).levels[4].data
	for i := range data {
		data[i] = 5 // above 4 seeds
	}
	check := func(what string, err error) {
		var fe *FormatError
		require.ErrorAs(t, err, &fe, what)
		assert.ErrorIs(t, err, ErrFormat, what)
		assert.Contains(t, fe.Msg, "out of range", what)
	}
	_, err = tb.Probe(p)
	check("Probe", err)
	_, err = tb.ProbeMoves(p, nil)
	check("ProbeMoves", err)
	_, _, err = tb.BestMoves(p)
	check("BestMoves", err)
}
