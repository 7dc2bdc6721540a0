package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// statusLine is a line of progress on a terminal, drawn in place: at
// once, then whenever it is told something new and at least a tenth of a
// second has passed, and every half second while nothing new comes, so
// that the time it shows goes on when the work stalls. Stop erases it.
// Off a terminal (see onTerminal) it writes nothing. It is safe to use
// from one goroutine while its own redraws the line.
type statusLine struct {
	w      io.Writer // nil off a terminal
	start  time.Time
	mu     sync.Mutex
	render func(elapsed time.Duration) string // the text of the line
	drawn  time.Time                          // when the line was last drawn
	shown  bool                               // a line is on the screen
	done   chan struct{}
	wg     sync.WaitGroup
}

// Intervals of a statusLine's redraws.
const (
	statusEvery = 100 * time.Millisecond // at most this often when told something new
	statusTick  = 500 * time.Millisecond // at least this often
)

// newStatusLine returns a status line on w, which shows only when w is a
// terminal.
func newStatusLine(w io.Writer) *statusLine {
	s := &statusLine{start: time.Now(), done: make(chan struct{})}
	if !onTerminal(w) {
		return s
	}
	s.w = w
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		tick := time.NewTicker(statusTick)
		defer tick.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-tick.C:
				s.mu.Lock()
				s.draw()
				s.mu.Unlock()
			}
		}
	}()
	return s
}

// set tells the line what to show: render writes it, given the time
// since the line began.
func (s *statusLine) set(render func(elapsed time.Duration) string) {
	if s.w == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.render = render
	if !s.shown || time.Since(s.drawn) >= statusEvery {
		s.draw()
	}
}

// draw redraws the line; s.mu is held.
func (s *statusLine) draw() {
	if s.render == nil {
		return
	}
	fmt.Fprint(s.w, clearLine+s.render(time.Since(s.start)))
	s.drawn, s.shown = time.Now(), true
}

// stop stops the redraws and erases the line.
func (s *statusLine) stop() {
	if s.w == nil {
		return
	}
	close(s.done)
	s.wg.Wait()
	if s.shown {
		fmt.Fprint(s.w, clearLine)
		s.shown = false
	}
}
