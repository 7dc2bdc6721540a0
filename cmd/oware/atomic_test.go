package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteFileWholeOrNothing: a write that fails leaves an existing file
// as it was and no temporary file; one that succeeds replaces the file,
// keeping its permissions, through a symbolic link to the file it names.
func TestWriteFileWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "game.ogn")
	require.NoError(t, os.WriteFile(name, []byte("old"), 0o640))
	link := filepath.Join(dir, "link.ogn")
	require.NoError(t, os.Symlink(name, link))

	broken := errors.New("disk full")
	err := writeFile(name, func(w io.Writer) error {
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

	require.NoError(t, writeFile(link, func(w io.Writer) error {
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
	require.NoError(t, writeFile(fresh, func(w io.Writer) error { return nil }))
	st, err = os.Stat(fresh)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())

	err = writeFile(dir, func(w io.Writer) error { return nil })
	assert.ErrorContains(t, err, "is a directory")
	err = writeFile(filepath.Join(dir, "no", "such.ogn"), func(w io.Writer) error { return nil })
	assert.EqualError(t, err, "open "+filepath.Join(dir, "no", "such.ogn")+": no such file or directory")
}

// TestWriteFileDevice: a file that is not a regular one is written in
// place, not replaced.
func TestWriteFileDevice(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no", os.DevNull)
	}
	require.NoError(t, writeFile(os.DevNull, func(w io.Writer) error {
		_, err := io.WriteString(w, "gone")
		return err
	}))
	st, err := os.Stat(os.DevNull)
	require.NoError(t, err)
	assert.False(t, st.Mode().IsRegular(), "still a device")
}
