package solve

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestTableEntry: an entry takes 16 bytes, so that a bucket is a cache
// line, and keeps what store gives it: bounds tightened, the best move
// (a pit or none), the work saturating; clear empties the table, also
// when its generation wraps.
func TestTableEntry(t *testing.T) {
	require.Equal(t, uintptr(16), unsafe.Sizeof(entry{}))
	tt := newTable(1 << 16)
	require.Nil(t, tt.probe(7, 9))
	tt.store(7, 9, -4, 6, -1, 1)
	e := tt.probe(7, 9)
	require.NotNil(t, e)
	require.Equal(t, [3]int{-4, 6, -1}, [3]int{int(e.lo), int(e.hi), e.move()})
	tt.store(7, 9, -2, 8, 11, 1<<40)
	e = tt.probe(7, 9)
	require.Equal(t, [3]int{-2, 6, 11}, [3]int{int(e.lo), int(e.hi), e.move()})
	require.Equal(t, uint16(workMax), e.work())
	tt.store(7, 9, -2, 4, -1, 1)
	require.Equal(t, 11, tt.probe(7, 9).move(), "a store without a move keeps the best move")
	require.Nil(t, tt.probe(7, 10), "another key")
	for i := range 3 * genMask {
		tt.clear()
		require.Nil(t, tt.probe(7, 9), "after clear %d", i)
		tt.store(7, 9, 0, 0, 3, 5)
		require.Equal(t, 3, tt.probe(7, 9).move())
	}
}

// TestTableReplace: a full bucket gives up the entry whose search took
// the least work.
func TestTableReplace(t *testing.T) {
	tt := newTable(1 << 10) // 16 buckets
	stride := tt.mask + 1
	for i := range uint64(bucketLen) {
		tt.store(i*stride, i, 0, 0, -1, 1<<(10+i))
	}
	tt.store(bucketLen*stride, 99, 0, 0, -1, 1<<20)
	require.Nil(t, tt.probe(0, 0), "the cheapest entry goes")
	for i := uint64(1); i <= bucketLen; i++ {
		k1 := i
		if i == bucketLen {
			k1 = 99
		}
		require.NotNil(t, tt.probe(i*stride, k1), "entry %d", i)
	}
}
