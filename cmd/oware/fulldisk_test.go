package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullDisk returns a directory on a small disk that holds the file
// precious.out and is otherwise full; it skips the test where no such
// disk can be had.
func fullDisk(t *testing.T) (dir, precious string) {
	t.Helper()
	dir = smallDisk(t, 64<<10)
	precious = filepath.Join(dir, "precious.out")
	require.NoError(t, os.WriteFile(precious, []byte("precious\n"), 0o644))
	f, err := os.Create(filepath.Join(dir, "filler"))
	require.NoError(t, err)
	defer f.Close()
	chunk := bytes.Repeat([]byte{'x'}, 512)
	for {
		if _, err := f.Write(chunk); err != nil {
			require.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
			return dir, precious
		}
	}
}

// TestOutputFullDisk (issue 26 #1, #19): on a full disk, every command
// that writes a file of -o fails with one message and leaves an existing
// file as it was, and no temporary file.
func TestOutputFullDisk(t *testing.T) {
	records := strings.Repeat("1. F e 2. A b *\n\n", 2000)
	input := filepath.Join(t.TempDir(), "in.ogn")
	require.NoError(t, os.WriteFile(input, []byte(records), 0o644))
	for _, args := range [][]string{
		{"vectors", "-games", "5"},
		{"convert", input},
		{"convert", "-to", "openspiel", input},
		{"show", "-svg", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
	} {
		dir, precious := fullDisk(t)
		status, out, errOut := runCmd(t, "", append(args, "-o", precious)...)
		assert.Equal(t, exitFail, status, "%q", args)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%q: one message: %s", args, errOut)
		assert.Contains(t, errOut, "no space left on device", "%q", args)
		data, err := os.ReadFile(precious)
		require.NoError(t, err)
		assert.Equal(t, "precious\n", string(data), "%q", args)
		assert.Equal(t, []string{"filler", "precious.out"}, names(t, dir), "%q: no temporary file is left", args)
	}
}
