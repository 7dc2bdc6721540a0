package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestScore: each kind of score reads back as what it is, and only as
// that.
func TestScore(t *testing.T) {
	for _, tc := range []struct {
		s      Score
		mate   int
		isMate bool
		margin int
		proven bool
		seeds  float64
		text   string
	}{
		{0, 0, false, 0, false, 0, "+0.00 seeds"},
		{5, 0, false, 0, false, 1.25, "+1.25 seeds"},
		{-13, 0, false, 0, false, -3.25, "-3.25 seeds"},
		{Win - 1, 1, true, 0, false, 249999.75, "win in 1 ply"},
		{Win - 7, 7, true, 0, false, 249998.25, "win in 7 plies"},
		{-Win + 4, -4, true, 0, false, -249999, "loss in 4 plies"},
		{Win - MaxDepth, MaxDepth, true, 0, false, 249990, "win in 40 plies"},
		{KnownWin + 3, 0, false, 3, true, 125000.75, "win by at least 3 seeds"},
		{KnownWin + 1, 0, false, 1, true, 125000.25, "win by at least 1 seed"},
		{-KnownWin - 2, 0, false, -2, true, -125000.5, "loss by at least 2 seeds"},
	} {
		plies, ok := tc.s.Mate()
		assert.Equal(t, tc.isMate, ok, "%d", tc.s)
		assert.Equal(t, tc.mate, plies, "%d", tc.s)
		margin, ok := tc.s.Proven()
		assert.Equal(t, tc.proven, ok, "%d", tc.s)
		assert.Equal(t, tc.margin, margin, "%d", tc.s)
		assert.Equal(t, tc.seeds, tc.s.Seeds(), "%d", tc.s)
		assert.Equal(t, tc.text, tc.s.String(), "%d", tc.s)
	}
}
