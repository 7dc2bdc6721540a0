//go:build unix

package outfile

import (
	"context"
	"io"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteRegular: a named pipe is refused before anything is opened,
// so that the write cannot block on it; Write writes it in place.
func TestWriteRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	err := WriteRegular(context.Background(), fifo, func(w io.Writer) error { return nil })
	assert.ErrorIs(t, err, ErrNotRegular)
	assert.EqualError(t, err, "write "+fifo+": is not a regular file (a named pipe, a device or a socket)")
	err = WriteRegular(context.Background(), filepath.Dir(fifo), func(w io.Writer) error { return nil })
	assert.ErrorIs(t, err, ErrDirectory)
}
