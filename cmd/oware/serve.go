package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"syscall"

	"github.com/seed3966233f/oware/internal/board"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/web"
	"github.com/seed3966233f/oware/solve"
)

var serveCommand = &cli.Command{
	Name:  "serve",
	Usage: []string{"[-addr HOST:PORT] [-rules NAME] [-tablebase DIR]"},
	Short: "the analysis board in the browser, on 127.0.0.1:8080",
	Long: `
Serve serves the analysis board: a page, embedded in the command, that
shows every move step by step with the rules it applies, plays against
the engine at a chosen level and shows its analysis and the tables'
values. It listens on the loopback address unless -addr names another,
and then warns that other machines can reach it. It serves until
interrupted.

-tablebase gives the tables built by oware tablebase build under the same
rules (and those of oware tablebase history, where DIR holds them, from
which the values with history are searched); without it, the endgames of
up to 12 seeds are solved in memory when it starts.`,
	Signals: []os.Signal{os.Interrupt, syscall.SIGTERM},
	Flags: func(fs *flag.FlagSet) cli.Func {
		addr := fs.String("addr", "127.0.0.1:8080", "the `address` to listen on; other machines reach any but a loopback address")
		rules := rulesFlag(fs)
		tablesDir := fs.String("tablebase", "", "endgame tables in `DIR` (oware tablebase build); without, 12 seeds are solved in memory")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			tables, err := openTables(*tablesDir, *rules)
			if err != nil {
				return err
			}
			var hist *solve.Tables
			if *tablesDir != "" {
				if hist, err = openHistory(*tablesDir, *rules); err != nil {
					return err
				}
			}
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			return web.ListenAndServe(ctx, *addr, board.Config{Rules: *rules, Tables: tables, History: hist, Endgame: -1, Backend: "server"}, s.Stdout)
		}
	},
}
