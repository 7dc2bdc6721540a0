package outfile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteWholeOrNothing: a write that fails leaves an existing file
// as it was and no temporary file; one that succeeds replaces the file,
// keeping its permissions, through a symbolic link to the file it names.
func TestWriteWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "game.ogn")
	require.NoError(t, os.WriteFile(name, []byte("old"), 0o640))
	link := filepath.Join(dir, "link.ogn")
	require.NoError(t, os.Symlink(name, link))

	broken := errors.New("disk full")
	err := Write(context.Background(), name, func(w io.Writer) error {
		_, _ = io.WriteString(w, "half a ga")
		return broken
	})
	assert.ErrorIs(t, err, broken)
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "old", string(data))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary file is left")

	require.NoError(t, Write(context.Background(), link, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}))
	data, err = os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is still a link")
	st, err = os.Stat(name)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), st.Mode().Perm())

	fresh := filepath.Join(dir, "fresh.ogn")
	require.NoError(t, Write(context.Background(), fresh, func(w io.Writer) error { return nil }))
	st, err = os.Stat(fresh)
	require.NoError(t, err)
	created, err := os.Create(filepath.Join(dir, "created"))
	require.NoError(t, err)
	require.NoError(t, created.Close())
	cst, err := os.Stat(created.Name())
	require.NoError(t, err)
	assert.Equal(t, cst.Mode().Perm(), st.Mode().Perm(), "a new file takes the mode os.Create gives one")
	require.NoError(t, os.Remove(created.Name()))

	err = Write(context.Background(), dir, func(w io.Writer) error { return nil })
	assert.ErrorContains(t, err, "is a directory")
	err = Write(context.Background(), filepath.Join(dir, "no", "such.ogn"), func(w io.Writer) error { return nil })
	assert.EqualError(t, err, "write "+filepath.Join(dir, "no", "such.ogn")+": no such file or directory")
}

// TestWriteDevice: a file that is not a regular one is written in
// place, not replaced.
func TestWriteDevice(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no", os.DevNull)
	}
	require.NoError(t, Write(context.Background(), os.DevNull, func(w io.Writer) error {
		_, err := io.WriteString(w, "gone")
		return err
	}))
	st, err := os.Stat(os.DevNull)
	require.NoError(t, err)
	assert.False(t, st.Mode().IsRegular(), "still a device")
}

// TestTempNames: the temporary files of a file are named after it and
// the process, and only such names are taken for them; a name too long
// for a file system is cut.
func TestTempNames(t *testing.T) {
	name := tempName("game.ogn", 4242, "0123456789abcdef")
	assert.Equal(t, ".game.ogn.4242.0123456789abcdef.tmp", name)
	pid, ok := tempOf(name, "game.ogn")
	assert.True(t, ok)
	assert.Equal(t, 4242, pid)
	for _, other := range []string{".game.ogn.4242.0123456789abcde.tmp", ".game.ogn.4242.0123456789ABCDEF.tmp",
		".game.ogn.04242.0123456789abcdef.tmp", ".game.ogn.-1.0123456789abcdef.tmp", ".game.ogn.x.0123456789abcdef.tmp",
		".game.ogn.4242.0123456789abcdef.tm", "game.ogn.4242.0123456789abcdef.tmp", ".other.ogn.4242.0123456789abcdef.tmp",
		".game.ogn.0123456789abcdef.tmp"} {
		_, ok := tempOf(other, "game.ogn")
		assert.False(t, ok, other)
	}
	long := strings.Repeat("x", 255)
	assert.LessOrEqual(t, len(tempName(long, 1<<30, "0123456789abcdef")), 255)
	_, ok = tempOf(tempName(long, 7, "0123456789abcdef"), long)
	assert.True(t, ok)
}

// TestRemoveTemps: the temporary files being written are removed for a
// program about to end on a signal; the file they were to replace is
// left as it was, and the write fails.
func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out")
	require.NoError(t, os.WriteFile(name, []byte("old"), 0o644))
	err := Write(context.Background(), name, func(w io.Writer) error {
		RemoveTemps()
		_, err := io.WriteString(w, "new")
		return err
	})
	assert.Error(t, err)
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "old", string(data))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}

// TestCancelled: a write whose context is done stops at its next write,
// and the file is left as it was.
func TestCancelled(t *testing.T) {
	name := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Write(ctx, name, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	})
	assert.ErrorIs(t, err, context.Canceled)
	assert.NoFileExists(t, name)
}
