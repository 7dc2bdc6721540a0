// Command outside is a program outside the module that uses the oware
// module's exported packages alone: it plays a game against the engine,
// drives oware uci through the UCI client, plays a short match, and
// probes endgame tables. TestOutsideModule builds and runs it, with the
// path of an oware binary as its argument, and checks what it prints.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/tablebase"
	"github.com/seed3966233f/oware/uci"
)

func main() {
	log.SetFlags(0)
	if len(os.Args) != 2 {
		log.Fatal("usage: outside OWARE-BINARY")
	}
	ctx := context.Background()
	playGame(ctx)
	driveUCI(ctx, os.Args[1])
	playMatch(ctx, os.Args[1])
	probeTables(ctx)
}

// playGame plays a game to its end: the engine, 6 plies deep (the same
// game on every machine), as South, against a player that always sows its
// fullest pit.
func playGame(ctx context.Context) {
	p := oware.Start()
	plies := 0
	for p.Moves().Len() > 0 {
		var m oware.Move
		if p.Board().ToMove() == oware.South {
			r, err := engine.Search(ctx, p, engine.Limits{Depth: 6})
			if err != nil {
				log.Fatal(err)
			}
			m = r.Move
		} else {
			for c := range p.Moves().All() {
				if p.Board().Pit(c.Pit()) > p.Board().Pit(m.Pit()) || !p.Moves().Contains(m) {
					m = c
				}
			}
		}
		next, err := p.Play(m)
		if err != nil {
			log.Fatalf("the engine's move %s at %s: %v", m, p, err)
		}
		p = next
		plies++
	}
	w, ok := p.Outcome().Winner()
	fmt.Printf("game: over after %d plies, the engine won: %t\n", plies, ok && w == oware.South)
}

// driveUCI starts oware uci and asks it for a move at a fixed depth.
func driveUCI(ctx context.Context, bin string) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	c, err := uci.Start(ctx, bin, "uci", "-hash", "1", "-endgame", "0")
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if err := c.NewGame(ctx); err != nil {
		log.Fatal(err)
	}
	start := oware.Start()
	if err := c.Position(start.Board(), []oware.Move{5}); err != nil {
		log.Fatal(err)
	}
	depths := 0
	best, err := c.Go(ctx, uci.Limits{Depth: 6}, func(uci.Info) { depths++ })
	if err != nil {
		log.Fatal(err)
	}
	after, _ := start.Play(5)
	want, err := engine.Search(ctx, after, engine.Limits{Depth: 6})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("uci: %s, %d reports, the same move as the engine in this program: %t\n", c.Name(), depths, best.Move == want.Move)
	if err := c.Quit(ctx); err != nil {
		log.Fatal(err)
	}
}

// playMatch plays oware uci against the built-in engine, two games of 20
// plies at most, 10 ms a move.
func playMatch(ctx context.Context, bin string) {
	e, err := uci.StartPlayer(ctx, 5*time.Second, bin, "uci", "-hash", "1", "-endgame", "0")
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()
	builtin, err := uci.NewBuiltinPlayer(4)
	if err != nil {
		log.Fatal(err)
	}
	openings, err := uci.RandomOpenings(oware.Rules{}, 1, 2, 1)
	if err != nil {
		log.Fatal(err)
	}
	m := &uci.Match{Players: [2]uci.Player{e, builtin}, Openings: openings, MoveTime: 10 * time.Millisecond, MaxPlies: 20}
	res, err := m.Play(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("match: %d games, %d forfeits\n", res.Games(), len(res.Forfeits))
}

// probeTables solves the endgames of up to 4 seeds in memory, and builds
// them in a directory, and probes both.
func probeTables(ctx context.Context) {
	solved, err := tablebase.Compute(ctx, oware.Rules{}, 4, tablebase.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "outside-tables-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := tablebase.Build(ctx, dir, oware.Rules{}, 4, tablebase.BuildOptions{}); err != nil {
		log.Fatal(err)
	}
	built, err := tablebase.Open(dir)
	if err != nil {
		log.Fatal(err)
	}
	// South's F captures North's a (R5), one seed left: South wins by 2.
	p := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	a, err := solved.Probe(p)
	if err != nil {
		log.Fatal(err)
	}
	b, err := built.Probe(p)
	if err != nil {
		log.Fatal(err)
	}
	lo, hi := a.Margin(p.Board())
	fmt.Printf("tables: South's final margin %d to %d, the same in memory and on disk: %t\n", lo, hi, a == b)
	eng, err := engine.New(engine.Options{Tables: solved})
	if err != nil {
		log.Fatal(err)
	}
	r, err := eng.Search(ctx, p, engine.Limits{Depth: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("engine with tables: %s, from the tables: %t\n", r.Move, r.TableMove)
}
