package tablebase

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestDropLower builds with the lower levels let go at every level, and
// checks that the files are those of a build that keeps them.
func TestDropLower(t *testing.T) {
	r, err := oware.ParseRules("abapa")
	require.NoError(t, err)
	kept, dropped := t.TempDir(), t.TempDir()
	require.NoError(t, Build(context.Background(), kept, r, 7, BuildOptions{}))
	saved := dropLower
	dropLower = -1
	defer func() { dropLower = saved }()
	require.NoError(t, Build(context.Background(), dropped, r, 7, BuildOptions{}))
	for n := range 8 {
		a, err := os.ReadFile(filepath.Join(kept, fileName("abapa", n)))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(dropped, fileName("abapa", n)))
		require.NoError(t, err)
		require.True(t, bytes.Equal(a, b), "level %d", n)
	}
	left, err := filepath.Glob(filepath.Join(dropped, ".*"))
	require.NoError(t, err)
	require.Empty(t, left, "no temporary file is left")
}
