package oware_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestPerftStart checks the published perft ladder from the opening
// position (leaves at exactly depth d, full rules).
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872, 18137964}
	for d, n := range want {
		if d > 8 && testing.Short() {
			break
		}
		require.Equal(t, n, oware.Perft(oware.Start(), d), "perft(%d)", d)
	}
}
