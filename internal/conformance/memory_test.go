package conformance

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// heapWriter discards what is written and samples the live heap every
// 32nd write, after a collection.
type heapWriter struct {
	writes int
	peak   uint64
}

func (w *heapWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes%32 == 1 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		w.peak = max(w.peak, ms.HeapAlloc)
	}
	return len(p), nil
}

// TestGenerateHoldsOneCase: Generate holds a case at a time, not the
// whole file, so that its memory does not grow with the number of games
// (vectors -games 20000 held 1.6 GB before writing a byte): six times as
// many games leave the live heap as it was within a few of them, where
// holding them all would add about 6 MB.
func TestGenerateHoldsOneCase(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 140 random games")
	}
	peak := func(games int) uint64 {
		w := &heapWriter{}
		require.NoError(t, Generate(w, Options{Seed: 1, Games: games}))
		require.Positive(t, w.peak)
		return w.peak
	}
	few, many := peak(20), peak(120)
	t.Logf("live heap while writing: %d KB for 20 games, %d KB for 120", few>>10, many>>10)
	assert.Less(t, many, few+2<<20, "the cases of the games written are not held")
}
