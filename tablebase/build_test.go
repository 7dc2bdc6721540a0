package tablebase

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestCompute checks that the tables Compute solves in memory are those
// that Build writes, under every supported preset, that it leaves no
// file behind and reports each level, and that it refuses what Build
// refuses.
func TestCompute(t *testing.T) {
	for _, name := range []string{"abapa", "openspiel", "aalina", "auale", "awari"} {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		dir := t.TempDir()
		require.NoError(t, Build(context.Background(), dir, r, 8, BuildOptions{}))
		var done []int
		tb, err := Compute(context.Background(), r, 8, BuildOptions{Workers: 3, Progress: func(p Progress) {
			if p.Phase == "done" {
				done = append(done, p.Seeds)
			}
		}})
		require.NoError(t, err)
		require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, done, name)
		require.Equal(t, 8, tb.MaxSeeds(r), name)
		for n := range 9 {
			l, err := readLevel(filepath.Join(dir, fileName(name, n)), true)
			require.NoError(t, err)
			require.True(t, bytes.Equal(l.data, tb.sets[0].levels[n].data), "%s level %d", name, n)
		}
	}
	r, err := oware.ParseRules("game-oware")
	require.NoError(t, err)
	_, err = Compute(context.Background(), r, 4, BuildOptions{})
	require.ErrorIs(t, err, ErrUnsupportedRules)
	for _, n := range []int{-1, maxSeeds + 1} {
		_, err = Compute(context.Background(), oware.Rules{}, n, BuildOptions{})
		require.Error(t, err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Compute(ctx, oware.Rules{}, 6, BuildOptions{})
	require.ErrorIs(t, err, context.Canceled)
}

// TestFullDisk: a level whose file the disk cannot hold fails when its
// build starts, not once it is solved, and leaves no file behind.
func TestFullDisk(t *testing.T) {
	dir := t.TempDir()
	r, err := oware.ParseRules("abapa")
	require.NoError(t, err)
	lf, err := createLevel(dir, r, 48, 2) // 407 GB
	if err == nil {
		lf.abort()
		t.Skip("the file system reserves no space ahead, or holds 407 GB")
	}
	require.ErrorIs(t, err, syscall.ENOSPC)
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, left)
}

// TestPackedBytes checks the packed byte of an upper bound and its count
// (hiCode), at every level that packs them: each worth of the level's
// parity and each count give a byte of their own, below every found
// byte, that gives them back; each bound found gives a byte of its own,
// below 0xff (hiAt's none); and a worth of the other parity is refused
// (odd). Beyond packedMost the level keeps a byte and a nibble. Under
// exact rules, up to exactPackedMost, the same of the one byte, whose
// worths of 0 or more have no count.
func TestPackedBytes(t *testing.T) {
	// By hand, 4 seeds: worths noExit, -4, -2, 0, 2, 4 rank 0 to 5, so
	// 7·rank + count; the found bounds -4 to 4 follow from 6·7 = 42.
	four := (&solver{n: 4}).setLayout(true)
	require.Equal(t, byte(0), four.hiCode(noExit, 0))
	require.Equal(t, byte(7+3), four.hiCode(-4, 3))
	require.Equal(t, byte(35+6), four.hiCode(4, 6))
	require.Equal(t, byte(42), four.hiFound(-4))
	require.Equal(t, byte(46), four.hiFound(4))
	require.Equal(t, byte(42), four.hiLeast())
	// 30 seeds: the last found bound, 30, is 32·7 + 30 = 254, below 0xff.
	require.Equal(t, byte(254), (&solver{n: 30}).setLayout(true).hiFound(30))
	require.Equal(t, foundBit, (&solver{n: 31}).setLayout(false).hiLeast())
	for n := 0; n <= packedMost; n++ {
		s := (&solver{n: n}).setLayout(true)
		least := s.hiFound(int8(-n))
		seen := map[byte]bool{}
		worths := []int8{noExit}
		for v := -n; v <= n; v += 2 {
			worths = append(worths, int8(v))
		}
		for _, e := range worths {
			for c := range uint8(hiCounts) {
				b := s.hiCode(e, c)
				require.False(t, seen[b], "n %d: worth %d count %d: byte %d twice", n, e, c, b)
				seen[b] = true
				require.Less(t, b, least, "n %d: worth %d count %d", n, e, c)
				require.Equal(t, e, s.hiExit(b), "n %d: worth of byte %d", n, b)
				require.Equal(t, c, b%hiCounts, "n %d: count of byte %d", n, b)
			}
		}
		for v := -n; v <= n; v += 2 {
			b := s.hiFound(int8(v))
			require.False(t, seen[b], "n %d: bound %d: byte %d twice", n, v, b)
			seen[b] = true
			require.Less(t, b, byte(0xff), "n %d: bound %d", n, v)
			require.Equal(t, int8(v), s.hiValue(b), "n %d: bound of byte %d", n, b)
		}
		require.False(t, s.odd.Load(), "n %d", n)
		if n > 0 {
			s.hiCode(int8(1-n), 0)
			require.True(t, s.odd.Load(), "n %d: a worth of the other parity", n)
			require.Equal(t, byte(0xff), s.hiAt(int8(1-n)), "n %d", n)
		}
	}
	// Exact rules, by hand, 4 seeds: noExit and the worths -4 to -1 rank
	// 0 to 4, so 7·rank + count; the worths 0 to 4 follow from 5·7 = 35,
	// without a count; the values found -4 to 4 from 40.
	four = (&solver{n: 4, exact: true}).setLayout(true)
	require.Equal(t, byte(0), four.hiCode(noExit, 0))
	require.Equal(t, byte(7+3), four.hiCode(-4, 3))
	require.Equal(t, byte(28+6), four.hiCode(-1, 6))
	require.Equal(t, byte(35), four.hiCode(0, 5))
	require.Equal(t, byte(39), four.hiCode(4, 0))
	require.Equal(t, byte(35), four.hiCounted())
	require.Equal(t, byte(40), four.hiFound(-4))
	require.Equal(t, byte(48), four.hiFound(4))
	require.Equal(t, byte(40), four.hiLeast())
	require.Equal(t, byte(7), four.hiAt(-4))
	require.Equal(t, byte(39), four.loAt(4))
	// 24 seeds: the last value found, 24, is 25·8 + 48 = 248.
	require.Equal(t, byte(248), (&solver{n: 24, exact: true}).setLayout(true).hiFound(24))
	for n := 0; n <= exactPackedMost; n++ {
		s := (&solver{n: n, exact: true}).setLayout(true)
		seen := map[byte]bool{}
		for e := -n - 1; e <= n; e++ {
			w := int8(e)
			if e == -n-1 {
				w = noExit
			}
			for c := range uint8(hiCounts) {
				b := s.hiCode(w, c)
				if e >= 0 { // no count
					require.GreaterOrEqual(t, b, s.hiCounted(), "n %d: worth %d", n, e)
					require.Equal(t, s.hiCode(w, 0), b, "n %d: worth %d count %d", n, e, c)
					require.Equal(t, uint8(0), s.hiCount(b), "n %d: worth %d", n, e)
					if c > 0 {
						continue
					}
				} else {
					require.Less(t, b, s.hiCounted(), "n %d: worth %d count %d", n, e, c)
					require.Equal(t, c, s.hiCount(b), "n %d: count of byte %d", n, b)
				}
				require.False(t, seen[b], "n %d: worth %d count %d: byte %d twice", n, e, c, b)
				seen[b] = true
				require.Less(t, b, s.hiLeast(), "n %d: worth %d count %d", n, e, c)
				require.Equal(t, w, s.hiExit(b), "n %d: worth of byte %d", n, b)
			}
		}
		for v := -n; v <= n; v++ {
			b := s.hiFound(int8(v))
			require.False(t, seen[b], "n %d: value %d: byte %d twice", n, v, b)
			seen[b] = true
			require.Less(t, b, byte(0xff), "n %d: value %d", n, v)
			require.Equal(t, int8(v), s.hiValue(b), "n %d: value of byte %d", n, b)
		}
		for v := 1; v <= n; v++ { // the bytes that join by their own moves at threshold v
			hiAt, loAt := s.hiAt(int8(-v)), s.loAt(int8(v))
			require.Less(t, hiAt, s.hiCounted(), "n %d: threshold %d", n, v)
			require.Equal(t, int8(-v), s.hiExit(hiAt), "n %d: threshold %d", n, v)
			require.Zero(t, s.hiCount(hiAt), "n %d: threshold %d", n, v)
			require.GreaterOrEqual(t, loAt, s.hiCounted(), "n %d: threshold %d", n, v)
			require.Less(t, loAt, s.hiLeast(), "n %d: threshold %d", n, v)
			require.Equal(t, int8(v), s.hiExit(loAt), "n %d: threshold %d", n, v)
		}
	}
	// Lower levels whose worths have the other parity stop the level
	// that reads them, rather than giving it wrong bounds.
	r, err := oware.ParseRules("abapa")
	require.NoError(t, err)
	tabs, err := Compute(context.Background(), r, 3, BuildOptions{})
	require.NoError(t, err)
	lower := tabs.sets[0].levels
	for m, l := range lower {
		for i := range l.data {
			l.data[i] = byte((m + 1) % 2)
		}
	}
	sv, err := newSolver(r, 4, 0, Entries(4), lower, 1, func(string, uint64) {})
	require.NoError(t, err)
	require.ErrorContains(t, sv.solve(context.Background()), "tablebase: level 4: a worth of the parity of 5 seeds")
	sv.free()
	for _, c := range []struct {
		rules  string
		n      int
		packed bool
	}{{"abapa", packedMost, true}, {"aalina", 12, true}, {"abapa", packedMost + 1, false}, {"awari", 12, true}, {"awari", exactPackedMost, true}, {"awari", exactPackedMost + 1, false}} {
		r, err := oware.ParseRules(c.rules)
		require.NoError(t, err)
		s, err := newSolver(r, c.n, 0, 16, nil, 1, func(string, uint64) {})
		require.NoError(t, err)
		require.Equal(t, c.packed, s.packed, "%s %d", c.rules, c.n)
		require.Equal(t, c.packed, s.cnt == nil, "%s %d: counts apart", c.rules, c.n)
		s.free()
	}
}

// TestUnpackedLayouts solves levels with the layouts of the levels above
// packedMost and exactPackedMost (a state byte per bound and a nibble of
// counts), which no build small enough for a test reaches, and checks
// that they give the entries of the packed layouts, level by level, under
// awari and abapa.
func TestUnpackedLayouts(t *testing.T) {
	for _, name := range []string{"awari", "abapa"} {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		const seeds = 10
		tabs, err := Compute(context.Background(), r, seeds, BuildOptions{})
		require.NoError(t, err)
		levels := tabs.sets[0].levels
		for n := range seeds + 1 {
			s, err := newSolver(r, n, 0, Entries(n), levels[:n], 2, func(string, uint64) {})
			require.NoError(t, err)
			require.True(t, s.packed, "%s %d", name, n)
			s.setLayout(false)
			s.cnt, err = allocBytes(roundUp(s.size(), 16) / 2)
			require.NoError(t, err)
			require.NoError(t, s.solve(context.Background()))
			got := make([]byte, len(levels[n].data))
			s.fill(got, 0)
			s.free()
			require.Equal(t, levels[n].data, got, "%s level %d", name, n)
		}
	}
}
