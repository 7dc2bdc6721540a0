package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/seed3966233f/oware/internal/board"
	"github.com/seed3966233f/oware/internal/web"
)

// serveUsage is the synopsis of oware serve.
const serveUsage = "[-addr HOST:PORT] [-rules NAME] [-tablebase DIR]"

// runServe serves the analysis board (package internal/web) until
// interrupted.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("serve", serveUsage, stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on; other machines reach any but a loopback address")
	rulesName := rulesFlag(fs)
	tablesDir := fs.String("tablebase", "", "endgame tables in DIR (oware tablebase build); without, 12 seeds are solved in memory")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) > 0 {
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	tables, status := openTables(fs, "serve", *tablesDir, rules, stderr)
	if status != exitOK {
		return status
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := web.ListenAndServe(ctx, *addr, board.Config{Rules: rules, Tables: tables, Endgame: -1, Backend: "server"}, stdout); err != nil {
		return fail(stderr, "serve", err)
	}
	return exitOK
}
