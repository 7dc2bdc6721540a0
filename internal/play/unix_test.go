//go:build unix

package play

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSaveRefusesANamedPipe (issue 26 #14): save refuses a named pipe,
// which would block the game, and the game goes on.
func TestSaveRefusesANamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	done := make(chan string, 1)
	go func() {
		out, _ := playGame(t, "save "+fifo+"\nquit\n", Options{Level: 1})
		done <- out
	}()
	select {
	case out := <-done:
		assert.Contains(t, out, "Your move (A B C D E F): "+fifo+" is not a regular file (a named pipe, a device or a socket). The game was not saved.\n")
		assert.True(t, strings.HasSuffix(out, "You stopped the game.\n"), out)
	case <-time.After(20 * time.Second):
		t.Fatal("save blocked on a named pipe")
	}
	// Nor does the offer after Ctrl-C write it.
	s := startPipeSession(t, Options{Level: 1})
	s.waitFor("Your move (A B C D E F): ")
	s.interrupt()
	s.waitFor("just press Enter to leave: ")
	s.typeLine(fifo)
	s.waitFor(fifo + " is not a regular file (a named pipe, a device or a socket). Type a file name")
	s.typeLine("")
	_, err := s.wait()
	assert.NoError(t, err)
}
