package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/engine"
	"github.com/seed3966233f/oware/tablebase"
)

// The world outside oware play that the tests replace: the clock, the
// interrupt signal and whether its input and output are terminals.
var (
	now             = time.Now
	notifyInterrupt = func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt) }
	stopInterrupt   = func(c chan<- os.Signal) { signal.Stop(c) }
	onTerminal      = isTerminal
)

// clearLine returns to the start of the terminal's line and erases it.
const clearLine = "\r\x1b[K"

// margin is the part of its time that the computer leaves unused, so that
// it answers within its limit although it looks at the clock only every few
// thousand positions and then writes its answer: a fiftieth.
const margin = 50

// think searches p for the player to move, as deep as g.level allows and
// for at most g.limit, showing on the terminal how far it got. An
// interrupt (Ctrl-C) during the search ends it with errInterrupted. What
// the player typed meanwhile on the terminal is dropped, so that keys
// pressed while waiting are not taken for the next move.
func (g *game) think(p oware.Position) (engine.Result, error) {
	interrupted := false
	deadline := now().Add(g.limit - g.limit/margin)
	lim := engine.Limits{Depth: g.level, Stop: func() bool {
		select {
		case <-g.intr:
			interrupted = true
			return true
		default:
			return !now().Before(deadline)
		}
	}}
	if g.status != nil {
		fmt.Fprint(g.status, "Thinking...")
		width := widthOf(g.status)
		lim.Progress = func(r engine.Result) {
			line := fmt.Sprintf("Thinking: %d %s deep, best so far %s", r.Depth, plural(r.Depth, "ply", "plies"), r.Move)
			fmt.Fprint(g.status, clearLine+fitLine(line, width))
		}
	}
	var r engine.Result
	var err error
	if g.engine != nil {
		r, err = g.engine.Search(p, lim)
	} else {
		r, err = engine.SearchWithin(p, lim)
	}
	if g.status != nil {
		fmt.Fprint(g.status, clearLine)
	}
	select {
	case <-g.intr:
		interrupted = true
	default:
	}
	g.dropTypedAhead()
	if interrupted {
		return r, errInterrupted
	}
	return r, err
}

// dropTypedAhead discards the lines typed on the terminal and not yet read,
// and says so if there were any.
func (g *game) dropTypedAhead() {
	if g.tty == nil || g.pending != nil {
		return
	}
	g.in.Discard(g.in.Buffered())
	if n, err := flushInput(g.tty); err == nil && n > 0 {
		fmt.Fprintln(g.out, "(What you typed while the computer thought was ignored.)")
	}
}

// tableProbe returns a probe for the engine: the bounds of tb's value.
func tableProbe(tb *tablebase.Tables) engine.Probe {
	return func(p oware.Position) (int, int, bool) { return tableBounds(tb, p) }
}

// tableBounds returns the bounds of the value that the tables tb give p,
// ok false when they do not know p.
func tableBounds(tb *tablebase.Tables, p oware.Position) (lo, hi int, ok bool) {
	v, err := tb.Probe(p)
	if err != nil {
		return 0, 0, false
	}
	return v.Lo(), v.Hi(), true
}

// firstMet reports whether p counts as met for the first time, as the
// tables value it: no earlier board of its game can recur, because a
// capture has just been made or the rules know no repetition (R10).
func firstMet(p oware.Position) bool {
	return p.QuietPlies() == 0 || p.Rules().RepeatLimit() == 0
}

// openTables opens the tables of -tablebase dir for the command named
// cmd, when dir is not "": nil and exitOK without it; otherwise the
// tables, or nil and the exit status once the error is reported (a usage
// error when they hold nothing under rules).
func openTables(fs *flag.FlagSet, cmd, dir string, rules oware.Rules, stderr io.Writer) (*tablebase.Tables, int) {
	if dir == "" {
		return nil, exitOK
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		return nil, fail(stderr, cmd, err)
	}
	if tb.MaxSeeds(rules) < 0 {
		return nil, usageError(stderr, fs, "-tablebase %s: no tables under %s", dir, rules)
	}
	return tb, exitOK
}

// decided reports whether the tables decide the game at p: who wins (the
// final margin of the same sign at both bounds), or a draw (an exact
// margin of 0).
func decided(tb *tablebase.Tables, p oware.Position) bool {
	v, err := tb.Probe(p)
	if err != nil {
		return false
	}
	lo, hi := v.Margin(p.Board())
	return lo > 0 || hi < 0 || lo == 0 && hi == 0
}

// tableMove returns the move to play at p, where the engine chose
// chosen: when the tables decide the game at p, one of their best moves
// (the engine's if it is one, else a capture among them, else the first),
// with the verdict; otherwise chosen and "".
func (g *game) tableMove(p oware.Position, chosen oware.Move) (oware.Move, string) {
	return tableMove(g.tables, p, chosen)
}

// tableMove is [game.tableMove] with the tables tb, which may be nil.
// The tables tell the value of a position met for the first time, so they
// are followed only where no earlier board can recur: right after a
// capture, or under rules without repetition. Elsewhere their best move
// could walk into a repetition (R10) that they do not see; the engine's
// choice stands.
func tableMove(tb *tablebase.Tables, p oware.Position, chosen oware.Move) (oware.Move, string) {
	if tb == nil || !firstMet(p) || !decided(tb, p) {
		return chosen, ""
	}
	best, v, err := tb.BestMoves(p)
	if err != nil || best == 0 {
		return chosen, ""
	}
	verdict := verdict(v, p.Board())
	if best.Contains(chosen) {
		return chosen, verdict
	}
	me := p.Board().ToMove()
	for m, c := range p.Children() {
		if best.Contains(m) && c.Board().Score(me) > p.Board().Score(me) {
			return m, verdict
		}
	}
	m, _ := best.Nth(0)
	return m, verdict
}
