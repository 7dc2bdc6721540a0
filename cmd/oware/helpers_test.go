package main

import (
	"testing"

	"github.com/seed3966233f/oware/internal/testkit"
)

// useClock makes the command's progress lines read c for the rest of the
// test.
func useClock(t *testing.T, c *testkit.Clock) {
	saved := now
	now = c.Now
	t.Cleanup(func() { now = saved })
}
