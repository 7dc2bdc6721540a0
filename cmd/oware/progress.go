package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"
)

// progress shows a line of progress on a terminal during a long run, such
// as "3 games, 321 plies, 0.2 MB", and nothing when its writer is not a
// terminal. The line is cut to the terminal's width and rewritten in place;
// clear erases it before other output. It is safe for concurrent use.
type progress struct {
	mu    sync.Mutex
	w     io.Writer // nil when not a terminal
	width int       // the terminal's columns, 0 if unknown
	start time.Time
	last  time.Time
	shown bool
}

// Pace of the progress line: the first shows after delay, and the next at
// least every interval apart.
const (
	progressDelay    = time.Second
	progressInterval = 200 * time.Millisecond
)

// newProgress returns a progress line on w, which shows only when w is a
// terminal.
func newProgress(w io.Writer) *progress {
	p := &progress{start: now()}
	if onTerminal(w) {
		p.w, p.width = w, widthOf(w)
	}
	return p
}

// update shows the line that line returns, given the time since the start,
// at most five times a second and not in the first second of the run;
// line is called only then.
func (p *progress) update(line func(elapsed time.Duration) string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil {
		return
	}
	t := now()
	if t.Sub(p.start) < progressDelay || t.Sub(p.last) < progressInterval {
		return
	}
	p.last = t
	fmt.Fprint(p.w, clearLine+fitLine(line(t.Sub(p.start)), p.width))
	p.shown = true
}

// clear erases the progress line, if one shows.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, clearLine)
		p.shown = false
	}
}

// jsonLines writes the records of a command's -json output: one JSON
// object a line, such as one per game or per root move, then a summary.
// Each record has a "kind" ("game", "move", "summary", ...) first. The
// first error sticks, and Err returns it.
type jsonLines struct {
	enc *json.Encoder
	err error
}

// newJSONLines returns a writer of JSON lines on w.
func newJSONLines(w io.Writer) *jsonLines {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &jsonLines{enc: enc}
}

// write writes v, a struct whose first field is its kind, as one line.
func (j *jsonLines) write(v any) {
	if j.err == nil {
		j.err = j.enc.Encode(v)
	}
}

// Err returns the first error of a write.
func (j *jsonLines) Err() error { return j.err }
