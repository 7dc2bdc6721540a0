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
