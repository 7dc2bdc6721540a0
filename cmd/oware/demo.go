package main

import (
	"context"
	"flag"

	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/play"
)

var demoCommand = &cli.Command{
	Name:  "demo",
	Usage: []string{"[-south LEVEL] [-north LEVEL]"},
	Short: "a demonstration game between two computer players (the default)",
	Long: `
Demo plays one game between two computer players, South searching 6 plies
deep and North 4, and prints each move, the board after it and the
result. The game is the same on every run. "oware" without arguments runs
it.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		var levels [2]int
		cli.IntVar(fs, &levels[0], "south", play.DemoSouth, 1, engine.MaxDepth, "the search depth of South's player, `LEVEL` 1 to 40")
		cli.IntVar(fs, &levels[1], "north", play.DemoNorth, 1, engine.MaxDepth, "the search depth of North's player, `LEVEL` 1 to 40")
		return func(_ context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			return play.Demo(s.Stdout, levels)
		}
	},
}
