package main

import (
	"context"
	"flag"
	"math"

	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/tablebase"
)

var oracleCommand = &cli.Command{
	Name:  "oracle",
	Usage: []string{"[-rules NAME] [-tablebase DIR]"},
	Short: "answer JSON-lines rules queries on stdin",
	Long: `
Oracle serves the oracle protocol (version 1) on the standard input and
output until the input ends: each request, one JSON object a line, asks
what a start and moves give under the rules, and each response tells it,
ply by ply. Another program can use it as a reference for the rules,
through a pipe:

	echo '{"id":1,"moves":["C","f"]}' | oware oracle

With -tablebase, a request with "values": true also gets the value of its
final position and of each move from the endgame tables. Under the rules
with a repetition rule and no limit of plies (abapa, openspiel, aalina,
auale, awari) the values are those of the position with its history
since the last capture (R10), "history": true: exact where a search of at
most -solve positions proves them, proven bounds otherwise; -solve 0 gives
the tables' values, the board counted as met for the first time. Where
DIR also holds the tables of "oware tablebase history" for -rules, the
search starts from their exact values of the boards met for the first
time.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := rulesFlag(fs)
		tables := fs.String("tablebase", "", "answer \"values\" from the endgame tables in `DIR` (oware tablebase build)")
		var solveNodes int
		cli.IntVar(fs, &solveNodes, "solve", 1_000_000, 0, math.MaxInt, "search at most `N` positions for the values with history (0: the tables' alone)")
		return func(_ context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			o := oracle.Oracle{Rules: *rules, SolveNodes: uint64(solveNodes)}
			if *tables != "" {
				var err error
				if o.Tables, err = tablebase.Open(*tables); err != nil {
					return err
				}
				if o.History, err = openHistory(*tables, *rules); err != nil {
					return err
				}
			}
			return o.Serve(s.Stdin, s.Stdout)
		}
	},
}
