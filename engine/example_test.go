package engine_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/tablebase"
)

// A bot of a game server picks its move within 50 ms: the position comes
// from the game's moves so far, the move goes back to the game. The move
// it picks depends on the machine's speed (how deep it gets in 50 ms),
// but it is always one of the legal moves.
func Example_bot() {
	game := oware.Start()
	for _, m := range []oware.Move{5, 11} { // F, then f
		game, _ = game.Play(m)
	}
	ctx := context.Background() // a server would pass the request's context
	move, err := engine.BestMove(ctx, game, 50*time.Millisecond)
	if err != nil {
		log.Fatal(err) // only when the game is over
	}
	fmt.Println("legal:", game.Moves().Contains(move))
	// Output: legal: true
}

// A search of a fixed depth is deterministic: the same move, score and
// line on every machine.
func ExampleEngine_Search() {
	eng, err := engine.New(engine.Options{})
	if err != nil {
		log.Fatal(err)
	}
	p := oware.MustParsePosition("1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	r, err := eng.Search(context.Background(), p, engine.Limits{Depth: 6})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %s\n", r.Move, r.Score)
	// Output: F: win in 1 ply
}

// Analyze reports each iteration as it completes, as an analysis board
// shows the engine thinking.
func ExampleEngine_Analyze() {
	eng, err := engine.New(engine.Options{})
	if err != nil {
		log.Fatal(err)
	}
	p := oware.MustParsePosition("2-2-2-0-1-1-1-0-0-0-0-3-18-18-S")
	_, err = eng.Analyze(context.Background(), p, engine.Limits{Depth: 3}, func(r engine.Result) {
		fmt.Printf("depth %d: %s, line %v\n", r.Depth, r.Move, r.PV)
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// depth 1: C, line [C]
	// depth 2: C, line [C]
	// depth 3: B, line [B a]
}

// With endgame tables, the engine plays perfectly where they decide the
// game right after a capture: here tables of up to 4 seeds, solved in
// memory (a program would solve 12 or more, or open tables built by
// oware tablebase build).
func ExampleOptions_tables() {
	tables, err := tablebase.Compute(context.Background(), oware.Rules{}, 4, tablebase.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	eng, err := engine.New(engine.Options{Tables: tables})
	if err != nil {
		log.Fatal(err)
	}
	p := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	r, err := eng.Search(context.Background(), p, engine.Limits{Depth: 1})
	if err != nil {
		log.Fatal(err)
	}
	lo, hi := r.TableValue.Margin(p.Board())
	fmt.Printf("%s, from the tables: %t, South's final margin %d to %d\n", r.Move, r.TableMove, lo, hi)
	// Output: F, from the tables: true, South's final margin 2 to 2
}
