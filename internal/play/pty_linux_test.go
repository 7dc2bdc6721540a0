//go:build linux && !(mips || mipsle || mips64 || mips64le || ppc64 || ppc64le || sparc64)

package play

import (
	"io"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/term"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openPTY opens a pseudo-terminal of cols columns: the game uses the
// terminal end, and the test types into and reads from the other. It
// skips the test where none can be opened.
func openPTY(t *testing.T, cols int) (master, tty *os.File, out *syncBuffer) {
	t.Helper()
	master, tty, err := term.OpenPTY(cols)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	out = newSyncBuffer()
	done := make(chan struct{})
	go func() {
		io.Copy(out, master) // until the terminal end is closed
		close(done)
	}()
	t.Cleanup(func() {
		tty.Close()
		master.Close()
		<-done
	})
	return master, tty, out
}

// queued returns the bytes of whole lines typed on the terminal and not
// yet read.
func queued(t *testing.T, tty *os.File) int {
	n, err := term.Pending(tty)
	require.NoError(t, err)
	return n
}

// holdClock makes the command's clock stand still until the returned
// function is called, and then move two hours on at every reading: a
// search with a time limit goes on until then.
func holdClock(t *testing.T) (release func()) {
	var released atomic.Bool
	var calls atomic.Int64
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	saved := now
	now = func() time.Time {
		if released.Load() {
			// Two hours later at every reading: a search that read its
			// start only after the release still finds its hour spent.
			return t0.Add(time.Duration(calls.Add(1)) * 2 * time.Hour)
		}
		return t0
	}
	t.Cleanup(func() { now = saved })
	return func() { released.Store(true) }
}

// TestPTYTypedAheadDropped: on a terminal, what is typed while the
// computer thinks, whole lines and a part of one, is dropped, and the
// player is told; the next line typed after the prompt is read whole.
func TestPTYTypedAheadDropped(t *testing.T) {
	master, tty, out := openPTY(t, 80)
	release := holdClock(t)
	s := startSession(t, tty, tty, master, out, Options{Side: side(oware.North), Level: 40, Time: time.Hour})
	s.waitFor("Thinking")
	_, err := io.WriteString(master, "f\ne")
	require.NoError(t, err)
	for deadline := time.Now().Add(10 * time.Second); queued(t, tty) < 2; {
		require.True(t, time.Now().Before(deadline), "the typed line reaches the terminal's queue")
		time.Sleep(time.Millisecond)
	}
	release()
	s.waitFor("(What you typed while the computer thought was ignored.)\n")
	s.waitFor("Your move (a b c d e f): ")
	s.typeLine("quit")
	s.waitFor("You stopped the game.\n")
	text, err := s.wait()
	require.NoError(t, err)
	assert.NotContains(t, text, "North plays f")
	assert.NotContains(t, text, "is not a pit or a command", `"equit" was not read`)
	assert.True(t, strings.HasSuffix(text, "You stopped the game.\n"), text)
}

// TestPTYNothingTyped: with nothing typed while the computer thinks, the
// game says nothing of it, and a move typed at the prompt is played.
func TestPTYNothingTyped(t *testing.T) {
	master, tty, out := openPTY(t, 80)
	s := startSession(t, tty, tty, master, out, Options{Side: side(oware.North), Level: 1})
	s.waitFor("Your move (a b c d e f): ")
	s.typeLine("b")
	s.waitFor("North plays b (4 seeds)")
	s.waitFor("Your move (")
	s.typeLine("quit")
	s.waitFor("You stopped the game.\n")
	text, err := s.wait()
	require.NoError(t, err)
	assert.NotContains(t, text, "ignored")
}

// TestPTYThinkingLineFits: on a terminal 24 columns wide, the line that
// shows the computer thinking is cut to 23 characters, so that erasing it
// leaves nothing behind.
func TestPTYThinkingLineFits(t *testing.T) {
	master, tty, out := openPTY(t, 24)
	s := startSession(t, tty, tty, master, out, Options{Side: side(oware.North), Level: 6})
	s.waitFor("Your move (a b c d e f): ")
	s.typeLine("quit")
	s.waitFor("You stopped the game.\n")
	text, err := s.wait()
	require.NoError(t, err)
	parts := strings.Split(text, term.ClearLine)
	thinking := 0
	for _, p := range parts[1:] {
		if !strings.HasPrefix(p, "Thinking") {
			continue
		}
		thinking++
		shown, _, _ := strings.Cut(p, "\n")
		assert.LessOrEqual(t, len(shown), 23, "%q", shown)
	}
	assert.GreaterOrEqual(t, thinking, 6, "one line per depth:\n%q", text)
	assert.Equal(t, "Thinking: 1 ply deep, b", parts[1], "cut at 23 characters")
}
