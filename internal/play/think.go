package play

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/term"
	"github.com/seed3966233f/oware/internal/words"
)

// The world outside oware play that the tests replace: the clock, the
// interrupt signal and whether its input and output are terminals.
var (
	now             = time.Now
	notifyInterrupt = func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt) }
	stopInterrupt   = func(c chan<- os.Signal) { signal.Stop(c) }
	onTerminal      = term.IsTerminal
)

// think searches p for the player to move, as deep as g.level allows and
// for at most g.limit, showing on the terminal how far it got; where the
// tables decide the game, the result is one of their best moves. An
// interrupt (Ctrl-C) during the search ends it with errInterrupted. What
// the player typed meanwhile on the terminal is dropped, so that keys
// pressed while waiting are not taken for the next move.
func (g *game) think(p oware.Position) (engine.Result, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g.stopThinking, g.interrupted = cancel, false
	var progress func(engine.Result)
	if g.status != nil {
		fmt.Fprint(g.status, "Thinking...")
		width := term.Width(g.status)
		progress = func(r engine.Result) {
			line := fmt.Sprintf("Thinking: %d %s deep, best so far %s", r.Depth, words.Plural(r.Depth, "ply", "plies"), r.Move)
			fmt.Fprint(g.status, term.ClearLine+term.FitLine(line, width))
		}
	}
	r, err := g.engine.Analyze(ctx, p, engine.Limits{Depth: g.level, Time: g.limit}, progress)
	if g.status != nil {
		fmt.Fprint(g.status, term.ClearLine)
	}
	select {
	case <-g.intr:
		g.interrupted = true
	default:
	}
	g.dropTypedAhead()
	if g.interrupted {
		return r, errInterrupted
	}
	return r, err
}

// clock is the engine's clock: the command's, read by the search as it
// starts and at every poll. An interrupt that has come by then ends the
// search, which looks at its context right after reading the clock: it
// stops at the first poll after the interrupt, and reads the clock no
// more.
func (g *game) clock() time.Time {
	t := now()
	select {
	case <-g.intr:
		g.interrupted = true
		if g.stopThinking != nil {
			g.stopThinking()
		}
	default:
	}
	return t
}

// dropTypedAhead discards the lines typed on the terminal and not yet read,
// and says so if there were any.
func (g *game) dropTypedAhead() {
	if g.tty == nil || g.pending != nil {
		return
	}
	g.in.Discard(g.in.Buffered())
	if n, err := term.FlushInput(g.tty); err == nil && n > 0 {
		fmt.Fprintln(g.out, "(What you typed while the computer thought was ignored.)")
	}
}

// firstMet reports whether p counts as met for the first time, as the
// tables value it: no earlier board of its game can recur, because a
// capture has just been made or the rules know no repetition (R10).
func firstMet(p oware.Position) bool {
	return p.QuietPlies() == 0 || p.Rules().RepeatLimit() == 0
}
