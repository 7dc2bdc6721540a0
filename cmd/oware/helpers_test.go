package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// inOrder checks that out holds every string of want, in that order.
func inOrder(t *testing.T, out string, want ...string) {
	t.Helper()
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w)
		require.GreaterOrEqual(t, i, 0, "missing, in order: %q\nin:\n%s", w, out)
		at += i + len(w)
	}
}

// fakeClock is a clock that moves on by step every time it is read.
type fakeClock struct {
	t     time.Time
	step  time.Duration
	reads int
}

func (c *fakeClock) now() time.Time {
	c.reads++
	c.t = c.t.Add(c.step)
	return c.t
}

// useClock makes the command's progress lines read c for the rest of the
// test.
func useClock(t *testing.T, c *fakeClock) {
	saved := now
	now = c.now
	t.Cleanup(func() { now = saved })
}
