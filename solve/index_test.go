package solve

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
)

// TestSizes: a level holds every way to put n seeds in 12 pits,
// C(n+11, 11) of them, counted here by brute force for small n.
func TestSizes(t *testing.T) {
	for n := 0; n <= 6; n++ {
		count := uint64(0)
		var rec func(pit, left int)
		rec = func(pit, left int) {
			if pit == 11 {
				count++
				return
			}
			for x := 0; x <= left; x++ {
				rec(pit+1, left-x)
			}
		}
		rec(0, n)
		require.Equal(t, count, Size(n), "%d seeds", n)
	}
	for _, tc := range []struct {
		n    int
		want uint64
	}{{12, 1_352_078}, {20, 84_672_315}, {48, 279_871_768_995}} {
		require.Equal(t, tc.want, Size(tc.n))
	}
	require.Zero(t, Size(-1))
	require.Zero(t, Size(49))
}

// TestIndexOrder: next walks a level in index order, from relAt(n, 0) to
// the last board, and index and relAt are inverse.
func TestIndexOrder(t *testing.T) {
	for n := 0; n <= 7; n++ {
		q := relAt(n, 0)
		i := uint64(0)
		for {
			require.Equal(t, i, q.index(n), "%v", q)
			require.Equal(t, q, relAt(n, i))
			i++
			if !q.next() {
				break
			}
		}
		require.Equal(t, Size(n), i, "%d seeds", n)
	}
}

// TestIndexProperty: any board of up to 48 seeds has an index below the
// size of its level, and relAt gives it back.
func TestIndexProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var q rel
		n := 0
		for i := range q {
			q[i] = uint8(rapid.IntRange(0, 4).Draw(t, "pit"))
			n += int(q[i])
		}
		i := q.index(n)
		if i >= Size(n) || relAt(n, i) != q {
			t.Fatalf("%v: index %d of %d", q, i, Size(n))
		}
	})
}

// TestRelOf: a board relative to its mover, North's pits first when
// North moves, and back through board and normalize.
func TestRelOf(t *testing.T) {
	b := oware.MustParseBoard("1-2-3-0-0-0-4-5-0-0-0-0-16-17-N")
	q, n := relOf(b)
	require.Equal(t, rel{4, 5, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0}, q)
	require.Equal(t, 15, n)
	nb := normalize(b)
	require.Equal(t, b.Pits(), nb.Pits())
	require.Equal(t, oware.North, nb.ToMove())
	require.Less(t, nb.Score(oware.South), oware.WinningScore)
	require.Less(t, nb.Score(oware.North), oware.WinningScore)
}
