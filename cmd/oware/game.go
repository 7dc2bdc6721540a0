package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// describe tells in one line what a move did, such as
// "South plays F (4 seeds) and captures 5 from d and c".
func describe(e oware.Effect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s plays %s (%d %s)", e.Player(), e.Move(), e.Seeds(), plural(e.Seeds(), "seed", "seeds"))
	if e.Fed() {
		fmt.Fprintf(&b, ", feeding %s (R7)", e.Player().Opponent())
	}
	switch {
	case e.GrandSlam():
		fmt.Fprintf(&b, "; grand slam: taking all of %s's seeds is not allowed, nothing is captured (R6)", e.Player().Opponent())
	case e.Captured() > 0:
		fmt.Fprintf(&b, " and captures %d from %s", e.Captured(), pitList(slices.Collect(e.Captures())))
	}
	return b.String()
}

// pitList names captured pits by letter, in the order of the captures:
// "d", "d and c", "d, c and b".
func pitList(cs []oware.Capture) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = oware.Move(c.Pit).String()
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// plural returns one or many as n is 1 or not.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// computerMove chooses the move of the built-in player of the given level
// (its search depth) and tells what it does.
func computerMove(p oware.Position, level int) (oware.Effect, engine.Result, error) {
	r, err := engine.Search(context.Background(), p, engine.Limits{Depth: level})
	if err != nil {
		return oware.Effect{}, r, err
	}
	e, err := p.Explain(r.Move)
	return e, r, err
}

// positionText returns the position string of p's board.
func positionText(p oware.Position) string { return p.Board().String() }
