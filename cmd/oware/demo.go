package main

import (
	"fmt"
	"io"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// Default levels of the demonstration game: South searches deeper.
const (
	demoSouth = 6
	demoNorth = 4
)

// runDemo plays a game between two built-in players and prints every move
// and board and the outcome. The game is the same on every run.
func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("demo", "[-south LEVEL] [-north LEVEL]", stderr)
	south := fs.Int("south", demoSouth, "search depth of South's player, 1 to 40")
	north := fs.Int("north", demoNorth, "search depth of North's player, 1 to 40")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) > 0 {
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	}
	for _, l := range []int{*south, *north} {
		if l < 1 || l > engine.MaxDepth {
			return usageError(stderr, fs, "level %d: want 1 to %d", l, engine.MaxDepth)
		}
	}
	levels := [2]int{*south, *north}
	fmt.Fprintf(stdout, "Demonstration: South (level %d) against North (level %d).\n\n", levels[0], levels[1])
	p := oware.Start()
	fmt.Fprintf(stdout, "%s\n\n", p.Diagram())
	for n := 1; p.Moves().Len() > 0; n++ {
		e, _, err := computerMove(p, levels[p.Board().ToMove()])
		if err != nil {
			return fail(stderr, "demo", err)
		}
		fmt.Fprintf(stdout, "%d. %s\n%s\n\n", n, describe(e), e.After().Diagram())
		p = e.After()
	}
	fmt.Fprintf(stdout, "Result: %s\n", p.Outcome())
	return exitOK
}
