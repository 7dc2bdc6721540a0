package uci_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/uci"
)

// firstMove is an engine that plays the first legal move: any Engine can
// be served.
type firstMove struct{}

func (firstMove) Analyze(_ context.Context, p oware.Position, _ engine.Limits, _ func(engine.Result)) (engine.Result, error) {
	m, _ := p.Moves().Nth(0)
	return engine.Result{Move: m, Depth: 1, PV: []oware.Move{m}}, nil
}

// A Server serves an engine of the program's own; a GUI, here a string of
// commands, drives it.
func ExampleServer() {
	srv := &uci.Server{Name: "first move", Author: "an example", Engine: firstMove{}}
	gui := "uci\nisready\nposition startpos moves FfE\ngo movetime 100\nquit\n"
	if err := srv.Serve(strings.NewReader(gui), os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// id name first move
	// id author an example
	// uciok
	// readyok
	// bestmove a
}

// A Client drives an engine: here the built-in engine's Server in the same
// program, through pipes; uci.Start would start an engine program, such as
// oware uci or Aalina.
func ExampleClient() {
	srv, err := uci.NewEngineServer(uci.EngineConfig{HashMB: 1})
	if err != nil {
		log.Fatal(err)
	}
	commands, toEngine := io.Pipe()
	fromEngine, answers := io.Pipe()
	go func() {
		_ = srv.Serve(commands, answers)
		answers.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := uci.NewClient(ctx, fromEngine, toEngine)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if err := c.NewGame(ctx); err != nil {
		log.Fatal(err)
	}
	// South has 23 seeds; F captures 2 and wins (R8).
	if err := c.Position(oware.MustParseBoard("1-0-0-0-0-1-1-0-0-4-0-0-23-18-S"), nil); err != nil {
		log.Fatal(err)
	}
	best, err := c.Go(ctx, uci.Limits{Depth: 4}, func(i uci.Info) {
		fmt.Printf("depth %d, score %s\n", i.Depth, i.Score)
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Name(), "plays", best.Move)
	// Output:
	// depth 1, score mate 1
	// oware (github.com/seed3966233f/oware, abapa rules) plays F
}

// A Match plays two players from each opening with both colours; here the
// built-in engine, 4 plies deep, against itself 1 ply deep, with a time a
// move long enough for the depths, so that the games are the same on
// every machine.
func ExampleMatch() {
	deep, err := uci.NewBuiltinPlayer(4)
	if err != nil {
		log.Fatal(err)
	}
	shallow, err := uci.NewBuiltinPlayer(1)
	if err != nil {
		log.Fatal(err)
	}
	openings, err := uci.RandomOpenings(oware.Rules{}, 1, 2, 1)
	if err != nil {
		log.Fatal(err)
	}
	m := &uci.Match{Players: [2]uci.Player{deep, shallow}, Openings: openings, MoveTime: time.Minute,
		Game: func(g uci.Game, _ uci.Result) error {
			fmt.Printf("game %d, opening %s: %s\n", g.Round, uci.JoinMoves(g.Opening), g.Summary())
			return nil
		}}
	res, err := m.Play(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %s\n", deep.Name(), res.Score())
	// Output:
	// game 1, opening De: South wins 25-10 (majority, R8) in 47 plies
	// game 2, opening De: North wins 30-11 (majority, R8) in 68 plies
	// oware (built in, level 4): 2 wins, 0 draws, 0 losses
}
