package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/engine"
)

// describe tells in one line what a move did, such as
// "South plays F (4 seeds) and captures 5: pit 9 (2), pit 8 (3)".
func describe(e oware.Effect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s plays %s (%d %s)", e.Player, e.Move, e.Seeds, plural(e.Seeds, "seed", "seeds"))
	if e.Fed {
		fmt.Fprintf(&b, ", feeding %s (R7)", e.Player.Opponent())
	}
	switch {
	case e.GrandSlam:
		fmt.Fprintf(&b, "; grand slam: taking all of %s's seeds is not allowed, nothing is captured (R6)", e.Player.Opponent())
	case len(e.Captures) > 0:
		fmt.Fprintf(&b, " and captures %d: %s", e.Captured(), pitList(e.Captures))
	}
	return b.String()
}

// pitList writes captured pits as "pit 9 (2), pit 8 (3)".
func pitList(cs []oware.Capture) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = "pit " + strconv.Itoa(c.Pit) + " (" + strconv.Itoa(c.Seeds) + ")"
	}
	return strings.Join(parts, ", ")
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
	r, err := engine.Search(p, level)
	if err != nil {
		return oware.Effect{}, r, err
	}
	e, err := p.Explain(r.Move)
	return e, r, err
}

// positionText returns the position string of p's board.
func positionText(p oware.Position) string { return p.Board().String() }
