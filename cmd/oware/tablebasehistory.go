package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/solve"
)

var tablebaseHistoryCommand = &cli.Command{
	Name:  "history",
	Usage: []string{"-rules NAME -seeds N -dir DIR [-nodes N] [-from N] [-j N]"},
	Short: "build the exact values of the boards met for the first time, under a repetition rule",
	Long: `
History builds, into DIR beside the tables of "oware tablebase build",
the tables of package solve for the rules whose repetition rule makes a
value depend on the history (abapa, openspiel, aalina, auale; awari too):
for every board of 0 to N seeds, the value of the board met for the first
time (right after a capture, or at the start), exact where the cycle
bounds or a search of at most -nodes positions proved it, the bounds
proven otherwise. Probe, oracle -tablebase, play -tablebase and the board's
serve -tablebase read them from DIR and start every search of a value
with history from them. A level already in DIR is kept, unless it was
built with a smaller -nodes and left boards at bounds: those are searched
again within the larger budget, which deepens the level (and tightens the
levels above); with -from, only the levels of that many seeds and more
are deepened. While it searches a level, the command saves its progress
every minute, and when stopped, in NAME.osv.part beside the level's file,
so that an interrupted build resumes with the same command, within the
level it was searching. A worker searches a level's boards in runs of
1,024, which share the proofs they find, and the command saves the runs
finished: the files depend neither on -j nor on a stop. Each worker
holds the proof tree of a search of -nodes positions and the proofs
its run keeps, up to as many bytes again. At -nodes 2097152 on two
workers, abapa's levels of 8 to 12 seeds took 31 minutes and 9.9 GiB at
most, and aalina's of 0 to 16, from an empty DIR, 4 m 29 s and 4.0 GiB,
all but 26 of their 30 million boards exact. A level whose boards are
all exact makes the cycle bounds of the levels above it nearly all
exact: once abapa's level of 8 seeds was deepened (-from 8 at -nodes
4194304, then 8388608, 2 minutes), its levels of 10 to 12 needed no
search, and aalina's levels of 10 to 16 searched 548 of their 30
million boards. The cycle bounds alone (-nodes 1) take seconds to 12
seeds, minutes to 16.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rulesName := fs.String("rules", "", "the `rules`: "+strings.Join(historyRules(), ", "))
		var seeds, jobs, nodes, from int
		cli.IntVar(fs, &seeds, "seeds", 0, 0, oware.NumSeeds, "build every level from 0 to `N` seeds on the board")
		dir := fs.String("dir", "", "the directory of the tables, created if needed")
		cli.IntVar(fs, &nodes, "nodes", int(solve.DefaultBoardNodes), 1, math.MaxInt, "search at most `N` positions for each board whose cycle bounds differ (1: no search)")
		cli.IntVar(fs, &from, "from", 0, 0, oware.NumSeeds, "deepen only the levels of `N` seeds and more: a level of fewer seeds already in -dir is kept, whatever -nodes built it")
		cli.IntVar(fs, &jobs, "j", 0, 0, 1024, "`N` worker goroutines, 0 for one per CPU (GOMAXPROCS)")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			switch {
			case len(args) > 0:
				return cli.Usagef("unexpected argument %q", args[0])
			case *rulesName == "":
				return cli.Usagef("-rules: required")
			case !cli.IsSet(fs, "seeds"):
				return cli.Usagef("-seeds: required")
			case *dir == "":
				return cli.Usagef("-dir: required")
			}
			rules, err := oware.ParseRules(*rulesName)
			if err != nil {
				return &cli.UsageError{Err: err}
			}
			if !solve.Supported(rules) {
				return cli.Usagef("-rules %s: want one of %s", *rulesName, strings.Join(historyRules(), ", "))
			}
			opt := solve.BuildOptions{Workers: jobs, BoardNodes: uint64(nodes), DeepenFrom: from}
			return historyBuild(ctx, s.Stdout, s.Stderr, *dir, rules, seeds, opt)
		}
	},
	Signals: []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP},
}

// errHistoryInterrupted is the error of a build of package solve's
// tables that a signal stopped.
var errHistoryInterrupted = errors.New("interrupted; the levels written and the search of the level being built are kept, and the same command resumes")

// historyRules returns the names of the presets package solve supports.
func historyRules() []string { return rulesWhere(solve.Supported) }

// historyBuild builds the tables of package solve into dir, printing a
// line per level, and what each level holds at the end.
func historyBuild(ctx context.Context, stdout, stderr io.Writer, dir string, r oware.Rules, seeds int, opt solve.BuildOptions) error {
	ctx, stop := buildContext(ctx)
	defer stop()
	line := newStatus(stderr)
	defer line.stop()
	var last solve.Progress // the level's last report of its search
	opt.Progress = func(p solve.Progress) {
		if p.Phase != "done" {
			if p.Phase == "search" {
				last = p
			}
			text := fmt.Sprintf("%s %s: %s", r, words.Count(p.Seeds, "seed", "seeds"), p.Phase)
			if p.Phase == "search" {
				text += fmt.Sprintf(", %s of %s searched, %s solved", words.Thousands(p.Done), words.Thousands(p.Total), words.Thousands(p.Solved))
			}
			line.update(func(time.Duration) string { return text })
			return
		}
		line.clear()
		text := fmt.Sprintf("%s %s: built in %s", r, words.Count(p.Seeds, "seed", "seeds"), p.Elapsed.Round(time.Millisecond))
		if last.Seeds == p.Seeds && last.Searched > 0 {
			text += fmt.Sprintf(", %s searched, %s solved in %s", words.Thousands(last.Searched), words.Thousands(last.Solved), words.Amount(last.Nodes, "position", "positions"))
		}
		fmt.Fprintln(stdout, text)
	}
	start := time.Now()
	err := solve.Build(ctx, dir, r, seeds, opt)
	line.clear()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return errHistoryInterrupted
		}
		return err
	}
	tabs, err := solve.Open(dir, r)
	if err != nil {
		return err
	}
	for _, st := range tabs.Stats()[:seeds+1] {
		fmt.Fprintf(stdout, "%s %v\n", r, st)
	}
	_, err = fmt.Fprintf(stdout, "%s 0-%d seeds in %s: %s\n", r, seeds, dir, time.Since(start).Round(time.Millisecond))
	return err
}
