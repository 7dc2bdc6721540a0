package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/uci"
)

var uciCommand = &cli.Command{
	Name:  "uci",
	Usage: []string{"[-rules NAME] [-hash MB] [-tablebase DIR | -endgame N]"},
	Short: "the engine, speaking the protocol of Aalina and Aualé (UCI for Oware)",
	Long: `
Uci is the engine as a program that other programs drive: it speaks, on
its standard input and output, the adaptation of the Universal Chess
Interface that Aalina speaks and that Aualé, the Oware program for the
desktop, uses to drive its engines, until "quit" or the end of the input.
The protocol is described in the documentation of package uci.

-rules picks the rules the engine plays by: a GUI judges games by its own
rules, so give its preset (-rules auale for Aualé). -tablebase gives the
engine endgame tables built by oware tablebase build under the same
rules; without it, the engine solves the endgames of up to -endgame seeds
in memory when it starts (12 seeds take one to two seconds). To play
against it in Aualé:

	auale --engine="oware uci -rules auale"`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := rulesFlag(fs)
		var hash, endgame int
		cli.IntVar(fs, &hash, "hash", uci.DefaultHashMB, uci.MinHashMB, uci.MaxHashMB, fmt.Sprintf("the size of the transposition table, `MB` %d to %d (the Hash option)", uci.MinHashMB, uci.MaxHashMB))
		tablesDir := fs.String("tablebase", "", "play endgames perfectly from the tables in `DIR` (oware tablebase build)")
		cli.IntVar(fs, &endgame, "endgame", uci.DefaultEndgame, 0, uci.MaxEndgame, fmt.Sprintf("without -tablebase, solve the endgames of up to `N` seeds when starting, 0 to %d (0: none)", uci.MaxEndgame))
		return func(_ context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			tables, err := openTables(*tablesDir, *rules)
			if err != nil {
				return err
			}
			srv, err := uci.NewEngineServer(uci.EngineConfig{Rules: *rules, HashMB: hash, Tables: tables, Endgame: endgame})
			if err != nil {
				return err
			}
			return srv.Serve(s.Stdin, s.Stdout)
		}
	},
}
