package outfile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The steps at which TestWholeOrNothing makes a write fail.
const (
	failNone    = iota
	failWrite   // the caller's write returns an error after some chunks
	failCancel  // the context is cancelled after some chunks
	failChmod   // the new file cannot take the old one's mode
	failSync    // the new file cannot be put on disk
	failRename  // the new file cannot replace the old one
	failDisk    // the disk is full (a write of the file fails)
	numFailures // how many there are
)

// listing returns the names in dir and in its subdirectories, sorted.
func listing(t require.TestingT, dir string) []string {
	var names []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		names = append(names, rel)
		return nil
	})
	require.NoError(t, err)
	slices.Sort(names)
	return names
}

// TestWholeOrNothing: whatever fails, and wherever, a file written through
// Write holds either all of what was written or what it held before (or
// nothing where there was nothing), through a symbolic link too, and no
// temporary file is left; a write that succeeds keeps the old file's mode.
func TestWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	rapid.Check(t, func(t *rapid.T) {
		for _, n := range listing(t, dir) {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, n)))
		}
		target := filepath.Join(dir, "out")
		var old []byte
		existed := rapid.Bool().Draw(t, "existed")
		mode := os.FileMode(rapid.SampledFrom([]int{0o600, 0o640, 0o644, 0o664}).Draw(t, "mode"))
		if existed {
			old = rapid.SliceOf(rapid.Byte()).Draw(t, "old")
			require.NoError(t, os.WriteFile(target, old, mode))
			require.NoError(t, os.Chmod(target, mode))
		}
		name := target
		if runtime.GOOS != "windows" && rapid.Bool().Draw(t, "through a link") {
			name = filepath.Join(dir, "link")
			require.NoError(t, os.Symlink("out", name))
		}
		before := listing(t, dir)

		chunks := rapid.SliceOfN(rapid.SliceOf(rapid.Byte()), 0, 8).Draw(t, "chunks")
		failure := rapid.IntRange(failNone, numFailures-1).Draw(t, "failure")
		at := rapid.IntRange(0, len(chunks)).Draw(t, "at chunk")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		broken := errors.New("broken")
		restore := inject(failure, broken)
		defer restore()
		var want bytes.Buffer
		err := Write(ctx, name, func(w io.Writer) error {
			for i, c := range chunks {
				if i == at {
					switch failure {
					case failWrite:
						return broken
					case failCancel:
						cancel()
					case failDisk:
						diskFull = true
					}
				}
				if _, err := w.Write(c); err != nil {
					return err
				}
				want.Write(c)
			}
			return nil
		})
		got, readErr := os.ReadFile(target)
		mustFail := failure == failChmod && existed || failure == failSync || failure == failRename ||
			at < len(chunks) && (failure == failWrite || failure == failCancel || failure == failDisk)
		switch {
		case mustFail:
			require.Error(t, err)
			if existed {
				require.NoError(t, readErr)
				require.Equal(t, string(old), string(got), "the old file is kept")
			} else {
				require.ErrorIs(t, readErr, os.ErrNotExist, "no file is made")
			}
			require.Equal(t, before, listing(t, dir), "no temporary file is left")
		default:
			require.NoError(t, err)
			require.NoError(t, readErr)
			require.Equal(t, want.String(), string(got), "the new file is whole")
			st, err := os.Stat(target)
			require.NoError(t, err)
			if existed {
				require.Equal(t, mode, st.Mode().Perm(), "the old file's mode is kept")
			}
			require.Equal(t, compact(append(slices.Clone(before), "out")), listing(t, dir), "no temporary file is left")
		}
	})
}

// compact returns names sorted, each once.
func compact(names []string) []string {
	slices.Sort(names)
	return slices.Compact(names)
}

// diskFull makes every write to a temporary file fail as on a full disk,
// once set.
var diskFull bool

// inject makes the step failure fail with err, and returns the function
// that mends it.
func inject(failure int, err error) (restore func()) {
	savedRename, savedChmod, savedSync, savedWrite := rename, chmod, syncF, writeTemp
	diskFull = false
	switch failure {
	case failRename:
		rename = func(string, string) error { return err }
	case failChmod:
		chmod = func(*os.File, os.FileMode) error { return err }
	case failSync:
		syncF = func(*os.File) error { return err }
	case failDisk:
		writeTemp = func(f *os.File, p []byte) (int, error) {
			if diskFull {
				return 0, errors.New("no space left on device")
			}
			return f.Write(p)
		}
	}
	return func() { rename, chmod, syncF, writeTemp = savedRename, savedChmod, savedSync, savedWrite }
}
