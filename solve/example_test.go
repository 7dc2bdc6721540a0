package solve_test

import (
	"context"
	"fmt"
	"log"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// The exact value of an endgame with its history, and a line of perfect
// play. Under Aalina's rules the second occurrence of a position ends the
// game, each player taking the seeds of their own side. South, 22 to 23
// behind with 3 seeds on the board, is to move after B d E e C f: with
// that history the position is worth 1 to South, a draw, since the game
// ends on a board met before, with 2 seeds on South's side and 1 on
// North's; met for the first time, the same board is worth 3, a win.
func Example() {
	ctx := context.Background()
	aalina, _ := oware.ParseRules("aalina")
	tables, err := solve.Compute(ctx, aalina, 3, solve.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	s, err := solve.New(aalina, solve.Options{Tables: tables})
	if err != nil {
		log.Fatal(err)
	}

	p := oware.MustParsePosition("aalina 0-1-0-0-1-0-0-0-0-1-0-0-22-23-S BdEeCf")
	res, err := s.Solve(ctx, p, solve.Limits{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Board())
	fmt.Println("with its history:", res.Value, res.Line)
	q := p
	for _, m := range res.Line {
		q, _ = q.Play(m)
	}
	fmt.Println(q.Outcome())

	fresh := aalina.Position(p.Board())
	res, err = s.Solve(ctx, fresh, solve.Limits{})
	if err != nil {
		log.Fatal(err)
	}
	v, _ := tables.Probe(fresh)
	fmt.Println("met for the first time:", res.Value, res.Line, "tables:", v)
	// Output:
	// 1-0-0-1-0-1-0-0-0-0-0-0-22-23-S
	// with its history: 1 [F a A b B c D]
	// draw 24-24 (repetition, R10)
	// met for the first time: 3 [F a A b B c D d C e E f] tables: 3
}

// The values that the oracle, the hint, the board and the engine show: a
// position with its history and each of its moves, cut by package
// tablebase's bounds. Under abapa, after F f A, North's only move a
// leads back towards boards met before: with that history the game is a
// draw, where the tables, which value the board as met for the first
// time, say only -2..2.
func ExampleAnalyse() {
	ctx := context.Background()
	tb, err := tablebase.Compute(ctx, oware.Rules{}, 2, tablebase.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	p := oware.MustParsePosition("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S FfA")
	a, err := solve.Analyse(ctx, p, solve.Options{Plain: tb}, solve.Limits{Nodes: 100_000})
	if err != nil {
		log.Fatal(err)
	}
	v, _ := tb.Probe(p)
	fmt.Println("tables:", v, "with its history:", a.Value, "exact:", a.Value.Exact())
	for _, m := range a.Moves {
		fmt.Println(m.Move, m.Value)
	}
	// Output:
	// tables: -2..2 with its history: 0 exact: true
	// a 0
}
