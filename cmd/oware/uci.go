package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/uci"
)

var uciCommand = &cli.Command{
	Name:  "uci",
	Usage: []string{"[-rules NAME] [-hash MB] [-tablebase DIR | -endgame N] [-cache DIR] [-nosolve]"},
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
rules (and those of oware tablebase history, where DIR holds them, from
which its searches with history start). Without it, the engine plays the endgames of up to -endgame seeds
(22 by default) from tables that it builds into the directory -cache the
first time (about 410 CPU-seconds for 22 seeds, 1 GB) and reads from it
in about a second afterwards, checking their checksums; where the
cache can be neither read nor built, it says why in an info string and
solves the endgames of up to 12 seeds in memory instead (one to two
seconds), as it does at every start with -cache "" (whose -endgame is then
12 by default; 15 take 11 CPU-seconds). The default cache is the
directory oware in the user's cache directory ($XDG_CACHE_HOME or
~/.cache on Linux). With a time limit (go movetime, or a clock) and
endgame tables, the engine also asks the solver with the game's history
(package solve) at positions of at most 12 seeds that the tables do not
decide, with a quarter of the move's time; -nosolve switches that off.
The solver starts from the cycle bounds of the boards of up to 12 seeds
(package solve), which the engine builds into the cache beside the
endgames the first time (about 15 CPU-seconds under aalina), keeping
the exact levels of oware tablebase history found there. To play against
it in Aualé:

	auale --engine="oware uci -rules auale"`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := rulesFlag(fs)
		var hash, endgame int
		cli.IntVar(fs, &hash, "hash", uci.DefaultHashMB, uci.MinHashMB, uci.MaxHashMB, fmt.Sprintf("the size of the transposition table, `MB` %d to %d (the Hash option)", uci.MinHashMB, uci.MaxHashMB))
		tablesDir := fs.String("tablebase", "", "play endgames perfectly from the tables in `DIR` (oware tablebase build)")
		cli.IntVar(fs, &endgame, "endgame", uci.DefaultEndgame, 0, uci.MaxEndgame, fmt.Sprintf("without -tablebase, play the endgames of up to `N` seeds perfectly, 0 to %d (0: none; %d by default without a cache)", uci.MaxEndgame, uci.MemoryEndgame))
		noSolve := fs.Bool("nosolve", false, "never ask the solver with history at the root of a timed search (see docs/solve.md)")
		var cache cacheFlag
		fs.Var(&cache, "cache", "build the endgames once into `DIR` and read them from it afterwards (by default oware in the user's cache directory; \"\": solve them in memory at every start)")
		return func(_ context.Context, s cli.Streams, args []string) error {
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
			dir := cache.dir
			var cacheErr error
			if !cache.set {
				dir, cacheErr = userCache()
			}
			if dir == "" && !cli.IsSet(fs, "endgame") {
				endgame = uci.MemoryEndgame
			}
			if cacheErr != nil && tables == nil && endgame > 0 {
				fmt.Fprintf(s.Stderr, "oware uci: no cache directory for the endgames (%v): the endgames of up to %d seeds are solved in memory\n", cacheErr, endgame)
			}
			srv, err := uci.NewEngineServer(uci.EngineConfig{Rules: *rules, HashMB: hash, Tables: tables, History: hist, Endgame: endgame, Cache: dir, NoSolve: *noSolve})
			if err != nil {
				return err
			}
			return srv.Serve(s.Stdin, s.Stdout)
		}
	},
}

// userCache returns the default directory of oware uci's cache: oware in
// the user's cache directory (os.UserCacheDir), or "" and why there is
// none.
func userCache() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "oware"), nil
}

// cacheFlag is the value of oware uci's -cache: the directory given, set
// even if empty. Its String is empty until it is set, so that the help
// leaves out the default, which depends on the user (see userCache).
type cacheFlag struct {
	dir string
	set bool
}

func (f *cacheFlag) String() string { return f.dir }

func (f *cacheFlag) Set(dir string) error {
	f.dir, f.set = dir, true
	return nil
}
