package tablebase

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestSlices builds levels in slices, each slice in a goroutine of its
// own as it would be in a process of its own, and checks that the files
// are those of Build, byte for byte, and that nothing else is left.
func TestSlices(t *testing.T) {
	for _, c := range []struct {
		rules     string
		top, from int
		k         int
	}{{"awari", 9, 5, 3}, {"abapa", 8, 4, 4}, {"awari", 6, 0, 1}} {
		t.Run(fmt.Sprintf("%s-%d-%d", c.rules, c.top, c.k), func(t *testing.T) {
			r, err := oware.ParseRules(c.rules)
			require.NoError(t, err)
			want, dir := t.TempDir(), t.TempDir()
			require.NoError(t, Build(context.Background(), want, r, c.top, BuildOptions{}))
			if c.from > 0 {
				require.NoError(t, Build(context.Background(), dir, r, c.from-1, BuildOptions{}))
			}
			for n := c.from; n <= c.top; n++ {
				var wg sync.WaitGroup
				errs := make([]error, c.k)
				for i := range c.k {
					wg.Add(1)
					go func() {
						defer wg.Done()
						errs[i] = BuildSlice(context.Background(), dir, r, n, i, c.k, "test", BuildOptions{Workers: 1 + i%2})
					}()
				}
				wg.Wait()
				for i, err := range errs {
					require.NoError(t, err, "level %d slice %d", n, i)
				}
			}
			for n := 0; n <= c.top; n++ {
				a, err := os.ReadFile(filepath.Join(dir, fileName(c.rules, n)))
				require.NoError(t, err)
				b, err := os.ReadFile(filepath.Join(want, fileName(c.rules, n)))
				require.NoError(t, err)
				require.True(t, bytes.Equal(a, b), "level %d", n)
			}
			left, err := filepath.Glob(filepath.Join(dir, ".*"))
			require.NoError(t, err)
			require.Empty(t, left)
		})
	}
}
