package main

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/seed3966233f/oware/internal/term"
	"github.com/seed3966233f/oware/internal/testkit"
	"github.com/stretchr/testify/assert"
)

// TestProgressPace: nothing shows in the first second, then at most one
// line every 200 ms; nothing at all off a terminal.
func TestProgressPace(t *testing.T) {
	c := &testkit.Clock{Step: 100 * time.Millisecond}
	useClock(t, c)
	saved := onTerminal
	t.Cleanup(func() { onTerminal = saved })
	var out bytes.Buffer
	onTerminal = func(io.Writer) bool { return false }
	p := newProgress(&out) // reads the clock: 100 ms
	for i := 0; i < 30; i++ {
		p.update(func(time.Duration) string { return "x" })
	}
	p.clear()
	assert.Empty(t, out.String())

	onTerminal = func(io.Writer) bool { return true }
	c.T = time.Time{}
	p = newProgress(&out) // starts at 100 ms
	calls := 0
	for i := 0; i < 30; i++ { // at 200 ms … 3.1 s
		p.update(func(elapsed time.Duration) string { calls++; return elapsed.String() })
	}
	// Shown at 1 s after the start, then every 200 ms: 1.1 s … 3.1 s
	// since the clock began, 11 lines.
	assert.Equal(t, 11, calls)
	assert.Equal(t, 11, strings.Count(out.String(), term.ClearLine))
	assert.True(t, strings.HasPrefix(out.String(), term.ClearLine+"1s"+term.ClearLine+"1.2s"), "%q", out.String())
	p.clear()
	assert.True(t, strings.HasSuffix(out.String(), "3s"+term.ClearLine), "%q", out.String())
	n := out.Len()
	p.clear()
	assert.Equal(t, n, out.Len(), "cleared once")
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestJSONLinesError(t *testing.T) {
	j := newJSONLines(failingWriter{})
	j.write(map[string]int{"a": 1})
	j.write(map[string]int{"b": 2})
	assert.EqualError(t, j.Err(), "disk full")

	var out bytes.Buffer
	j = newJSONLines(&out)
	j.write(struct {
		Kind string `json:"kind"`
		Text string `json:"text"`
	}{"summary", "<a & b>"})
	assert.NoError(t, j.Err())
	assert.Equal(t, `{"kind":"summary","text":"<a & b>"}`+"\n", out.String(), "no HTML escapes")
}
