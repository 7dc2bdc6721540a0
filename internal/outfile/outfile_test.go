package outfile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
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
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())

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
