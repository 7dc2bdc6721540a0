// Package testkit holds what the tests of the command and of its game
// share: a clock that the tests move on, and a check of output in order.
package testkit

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// InOrder checks that out holds every string of want, in that order.
func InOrder(t testing.TB, out string, want ...string) {
	t.Helper()
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w)
		require.GreaterOrEqual(t, i, 0, "missing, in order: %q\nin:\n%s", w, out)
		at += i + len(w)
	}
}

// Clock is a clock that moves on by Step every time it is read, so that
// what polls it stops after a fixed number of polls whatever the machine.
type Clock struct {
	T     time.Time
	Step  time.Duration
	Reads int
}

// Now moves c on by c.Step, counts the reading, and returns the time.
func (c *Clock) Now() time.Time {
	c.Reads++
	c.T = c.T.Add(c.Step)
	return c.T
}

// Buffer holds what a program writes while a test reads it: its Write
// and String may be called at the same time.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p to the buffer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
