package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/seed3966233f/oware/internal/term"
)

// progress shows a line of progress on a terminal during a long run, such
// as "3 games, 321 plies, 0.2 MB", and nothing when its writer is not a
// terminal. The line is cut to the terminal's width and rewritten in place;
// clear erases it before other output, and stop ends it. It is safe for
// concurrent use. Two kinds are made: newProgress's, for work that reports
// often (perft, replay, match), shows after a second and at most five times
// a second; newStatus's, for work that may stall (a subject of oware check
// that hangs), shows at once and is redrawn every half second even when
// nothing new comes, so that the time it shows goes on.
type progress struct {
	mu     sync.Mutex
	w      io.Writer // nil when not a terminal
	width  int       // the terminal's columns, 0 if unknown
	delay  time.Duration
	start  time.Time
	drawn  time.Time
	render func(elapsed time.Duration) string // the text of the line
	shown  bool
	done   chan struct{} // closed by stop, when the line redraws itself
	wg     sync.WaitGroup
}

// The world outside the command that the tests replace: the clock, and
// whether a stream is a terminal.
var (
	now        = time.Now
	onTerminal = term.IsTerminal
)

// Pace of a progress line.
const (
	progressDelay = time.Second            // newProgress shows nothing in the first second
	progressEvery = 200 * time.Millisecond // at most this often when told something new
	progressTick  = 500 * time.Millisecond // newStatus redraws at least this often
)

// newProgress returns a progress line on w, which shows only when w is a
// terminal, first after a second of work.
func newProgress(w io.Writer) *progress {
	p := &progress{start: now(), delay: progressDelay}
	if onTerminal(w) {
		p.w, p.width = w, term.Width(w)
	}
	return p
}

// newStatus returns a status line on w, which shows only when w is a
// terminal: at once, and redrawn every half second until stop.
func newStatus(w io.Writer) *progress {
	p := newProgress(w)
	p.delay = 0
	if p.w == nil {
		return p
	}
	p.done = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		tick := time.NewTicker(progressTick)
		defer tick.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-tick.C:
				p.mu.Lock()
				p.draw(now())
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// update shows the line that render returns, given the time since the
// start, unless it is too soon: in the delay of the line, or less than a
// fifth of a second after the last. render is called only when the line
// is drawn.
func (p *progress) update(render func(elapsed time.Duration) string) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.render = render
	if t := now(); t.Sub(p.start) >= p.delay && (!p.shown || t.Sub(p.drawn) >= progressEvery) {
		p.draw(t)
	}
}

// draw draws the line at time t; p.mu is held.
func (p *progress) draw(t time.Time) {
	if p.render == nil {
		return
	}
	fmt.Fprint(p.w, term.ClearLine+term.FitLine(p.render(t.Sub(p.start)), p.width))
	p.drawn, p.shown = t, true
}

// clear erases the progress line, if one shows.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, term.ClearLine)
		p.shown = false
	}
}

// stop ends the line: its redraws stop, and it is erased.
func (p *progress) stop() {
	if p.done != nil {
		close(p.done)
		p.wg.Wait()
		p.done = nil
	}
	p.clear()
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
