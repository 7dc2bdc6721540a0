package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadStopsAtItsLimit: -load reads a file as a stream and stops at
// maxSaved bytes or at the first error, so that an endless or huge file
// is refused without being read whole.
func TestLoadStopsAtItsLimit(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.ogn")
	require.NoError(t, os.WriteFile(huge, []byte(strings.Repeat(" ", maxSaved)+"\n1. F e *\n"), 0o644))
	two := filepath.Join(dir, "two.ogn")
	require.NoError(t, os.WriteFile(two, []byte("1. F e *\n\n1. C *\n"), 0o644))
	empty := filepath.Join(dir, "empty.ogn")
	require.NoError(t, os.WriteFile(empty, []byte("\n\n"), 0o644))
	for _, tc := range []struct{ file, msg string }{
		{huge, "oware play: " + huge + " is larger than 1048576 bytes, more than any saved game\n"},
		{two, "oware play: " + two + " holds more than one game record; want one\n"},
		{empty, "oware play: " + empty + " holds no game record\n"},
	} {
		status, _, errOut := runCmd(t, "quit\n", "play", "-level", "1", "-load", tc.file)
		assert.Equal(t, exitFail, status, tc.file)
		assert.Equal(t, tc.msg, errOut)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		status, _, errOut := runCmd(t, "quit\n", "play", "-level", "1", "-load", "/dev/zero")
		assert.Equal(t, exitFail, status)
		assert.Equal(t, "oware play: ogn: game 1, line 1, column 1: unexpected '\\x00'\n", errOut)
	}
}
