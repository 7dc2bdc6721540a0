package solve

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestTableUnmapped: a transposition table lives outside the Go heap and
// goes back to the system once the garbage collector finds it unused
// (Options.TableSize): its mapping is in the process's maps while the
// table is reachable, and gone after it is not.
func TestTableUnmapped(t *testing.T) {
	tab := newTable(4 << 20)
	at := uintptr(unsafe.Pointer(&tab.entries[0]))
	require.True(t, mapped(t, at), "the table is mapped")
	runtime.KeepAlive(tab)
	tab = nil
	for range 100 {
		runtime.GC()
		if !mapped(t, at) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the table's memory at %#x is still mapped", at)
}

// mapped reports whether address at is within a mapping of the process.
func mapped(t *testing.T, at uintptr) bool {
	t.Helper()
	maps, err := os.ReadFile("/proc/self/maps")
	require.NoError(t, err)
	for line := range strings.Lines(string(maps)) {
		lo, hi, ok := strings.Cut(strings.Fields(line)[0], "-")
		require.True(t, ok, line)
		a, err := strconv.ParseUint(lo, 16, 64)
		require.NoError(t, err)
		b, err := strconv.ParseUint(hi, 16, 64)
		require.NoError(t, err)
		if uint64(at) >= a && uint64(at) < b {
			return true
		}
	}
	return false
}
