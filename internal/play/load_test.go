package play

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
		{huge, huge + " is larger than 1048576 bytes, more than any saved game"},
		{two, two + " holds more than one game record; want one"},
		{empty, empty + " holds no game record"},
	} {
		_, err := playGame(t, "quit\n", Options{Level: 1, Load: tc.file})
		assert.EqualError(t, err, tc.msg, tc.file)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := playGame(t, "quit\n", Options{Level: 1, Load: "/dev/zero"})
		assert.EqualError(t, err, "ogn: game 1, line 1, column 1: unexpected '\\x00'")
	}
}
