package play

import (
	"context"
	"fmt"
	"io"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/words"
)

// Default levels of the demonstration game: South searches deeper.
const (
	DemoSouth = 6
	DemoNorth = 4
)

// Demo plays a game between two built-in players, South searching
// levels[0] plies deep and North levels[1], and writes every move and
// board and the outcome to w. The game is the same on every run.
func Demo(w io.Writer, levels [2]int) error {
	fmt.Fprintf(w, "Demonstration: South (level %d) against North (level %d).\n\n", levels[0], levels[1])
	p := oware.Start()
	fmt.Fprintf(w, "%s\n\n", p.Diagram())
	for n := 1; p.Moves().Len() > 0; n++ {
		r, err := engine.Search(context.Background(), p, engine.Limits{Depth: levels[p.Board().ToMove()]})
		if err != nil {
			return err
		}
		e, err := p.Explain(r.Move)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%d. %s\n%s\n\n", n, words.Describe(e), e.After().Diagram())
		p = e.After()
	}
	_, err := fmt.Fprintf(w, "Result: %s\n", p.Outcome())
	return err
}
