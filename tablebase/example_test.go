package tablebase_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// exampleTables builds the tables of awari and abapa up to 6 seeds in a
// temporary directory (a few hundredths of a second) and opens them.
func exampleTables() (*tablebase.Tables, func()) {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"awari", "abapa"} {
		r, _ := oware.ParseRules(name)
		if err := tablebase.Build(context.Background(), dir, r, 6, tablebase.BuildOptions{}); err != nil {
			log.Fatal(err)
		}
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		log.Fatal(err)
	}
	return tb, func() { os.RemoveAll(dir) }
}

// Probe a position: its value, the seeds the player to move will take
// from the board minus those the opponent will, and who wins.
func Example() {
	tb, cleanup := exampleTables()
	defer cleanup()

	// South: 1 seed in F. North: 2 in a, 1 in b. South's F makes 3 in a
	// and takes them; North, left with the seed in b, cannot feed South
	// and keeps it (R9).
	p := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	v, err := tb.Probe(p)
	if err != nil {
		log.Fatal(err)
	}
	lo, _ := v.Margin(p.Board())
	fmt.Println("value:", v, "exact:", v.Exact())
	fmt.Println("South ends", lo, "seeds ahead")

	_, err = tb.Probe(oware.Start())
	var missing *tablebase.MissingTableError
	fmt.Println(errors.As(err, &missing), missing.Seeds, missing.Max)
	// Output:
	// value: 2 exact: true
	// South ends 2 seeds ahead
	// true 48 6
}

// Pick the best move: every move's value, and those of perfect play.
func ExampleTables_BestMoves() {
	tb, cleanup := exampleTables()
	defer cleanup()

	awari, _ := oware.ParseRules("awari")
	p := awari.Position(oware.MustParseBoard("0-0-0-1-1-2-2-0-0-0-0-0-21-21-S"))
	moves, err := tb.ProbeMoves(p, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range moves {
		fmt.Println(m.Move, m.Value)
	}
	best, v, _ := tb.BestMoves(p)
	fmt.Println("best:", best, "worth", v)
	// Output:
	// D -2
	// E 2
	// F -6
	// best: {E} worth 2
}

// A perfect endgame: both players play a best move, a capturing one
// when there is one, until the game ends; the result is what the tables
// said at the start.
func Example_perfectEndgame() {
	tb, cleanup := exampleTables()
	defer cleanup()

	awari, _ := oware.ParseRules("awari")
	p := awari.Position(oware.MustParseBoard("0-0-0-1-1-2-2-0-0-0-0-0-21-21-S"))
	v, _ := tb.Probe(p)
	lo, _ := v.Margin(p.Board())
	fmt.Println("the tables say: South ahead by", lo)
	var line []oware.Move
	for p.Moves() != 0 {
		best, _, err := tb.BestMoves(p)
		if err != nil {
			log.Fatal(err)
		}
		move, _ := best.Nth(0)
		for m, c := range p.Children() { // a capture that is best makes progress
			if best.Contains(m) && c.Board().Score(p.Board().ToMove()) > p.Board().Score(p.Board().ToMove()) {
				move = m
				break
			}
		}
		line = append(line, move)
		p, _ = p.Play(move)
	}
	fmt.Println(strings.Trim(fmt.Sprint(line), "[]"))
	fmt.Println(p.Outcome())
	// Output:
	// the tables say: South ahead by 2
	// E a F a D b E c F a
	// South wins 25-23 (no move, R9)
}
