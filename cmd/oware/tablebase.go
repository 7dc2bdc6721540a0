package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

var tablebaseCommand = &cli.Command{
	Name:  "tablebase",
	Short: "build and probe endgame tables: perfect play with few seeds",
	Long: `
Tablebase builds and reads the endgame tables: the value under perfect
play of every position of up to N seeds on the board, one file per
level.`,
	Commands: []*cli.Command{tablebaseBuildCommand, tablebaseProbeCommand, tablebaseStatsCommand},
}

var tablebaseBuildCommand = &cli.Command{
	Name:  "build",
	Usage: []string{"-rules NAME -seeds N -dir DIR [-j N]"},
	Short: "build the tables of every level up to N seeds",
	Long: `
Build builds every level from 0 to N seeds on the board, one file each,
under abapa, openspiel, aalina, auale or awari (the rules under which a
position's value depends on its board alone). It prints a line per level;
on a terminal, a progress line shows the phase, the positions done, the
rate and the time left. A level already in DIR is checked and kept, so an
interrupted build (Ctrl-C) resumes with the same command.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rulesName := fs.String("rules", "", "the `rules`: "+strings.Join(supportedRules(), ", "))
		seeds := fs.Int("seeds", 0, "build every level from 0 to this many seeds on the board (0 to 48)")
		dir := fs.String("dir", "", "the directory of the tables, created if needed")
		jobs := fs.Int("j", 0, "worker goroutines, 0 for one per CPU (GOMAXPROCS)")
		return func(_ context.Context, s cli.Streams, args []string) error {
			switch {
			case len(args) > 0:
				return cli.Usagef("unexpected argument %q", args[0])
			case *rulesName == "":
				return cli.Usagef("-rules: required")
			case !cli.IsSet(fs, "seeds"):
				return cli.Usagef("-seeds: required")
			case *seeds < 0 || *seeds > oware.NumSeeds:
				return cli.Usagef("-seeds: want 0 to %d", oware.NumSeeds)
			case *dir == "":
				return cli.Usagef("-dir: required")
			case *jobs < 0:
				return cli.Usagef("-j %d: want 0 or more", *jobs)
			}
			rules, err := oware.ParseRules(*rulesName)
			if err != nil {
				return &cli.UsageError{Err: err}
			}
			if !tablebase.Supported(rules) {
				return cli.Usagef("-rules %s: the value of a position depends on more than its board; want one of %s",
					*rulesName, strings.Join(supportedRules(), ", "))
			}
			if *jobs == 0 {
				*jobs = runtime.GOMAXPROCS(0)
			}
			return tablebaseBuild(s.Stdout, s.Stderr, rules, *seeds, *dir, *jobs)
		}
	},
	Signals: []os.Signal{os.Interrupt}, // the levels written are kept, and the same command resumes
}

// tablebaseBuild builds the tables, level by level.
func tablebaseBuild(stdout, stderr io.Writer, rules oware.Rules, seeds int, dir string, jobs int) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	line := newStatus(stderr)
	defer line.stop()
	opt := tablebase.BuildOptions{Workers: jobs, Progress: func(p tablebase.Progress) {
		if p.Phase != "done" {
			text := progressText(p)
			line.update(func(time.Duration) string { return text })
			return
		}
		line.clear()
		fmt.Fprintln(stdout, doneText(p))
	}}
	start := time.Now()
	err := tablebase.Build(ctx, dir, rules, seeds, opt)
	line.clear()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return errors.New("interrupted; the levels written are kept, and the same command resumes")
		}
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s 0-%d seeds in %s: %s\n", rules, seeds, dir, time.Since(start).Round(time.Millisecond))
	return err
}

// supportedRules returns the names of the presets tables can be built for.
func supportedRules() []string {
	var names []string
	for _, n := range oware.RulesNames() {
		if r, err := oware.ParseRules(n); err == nil && tablebase.Supported(r) {
			names = append(names, n)
		}
	}
	return names
}

// progressText is the progress line of a level being built.
func progressText(p tablebase.Progress) string {
	text := fmt.Sprintf("%s %s: %s, %s of %s", p.Rules, words.Count(p.Seeds, "seed", "seeds"), p.Phase, words.Thousands(p.Done), words.Amount(p.Total, "position", "positions"))
	if secs := p.Elapsed.Seconds(); p.Done > 0 && secs > 0 {
		rate := float64(p.Done) / secs
		left := time.Duration(float64(p.Total-p.Done) / rate * float64(time.Second))
		text += fmt.Sprintf(", %.2f M/s, %s left", rate/1e6, left.Round(time.Second))
	}
	return text
}

// doneText is the line printed when a level is done.
func doneText(p tablebase.Progress) string {
	if p.Existing {
		return fmt.Sprintf("%s %s: %s, already built", p.Rules, words.Count(p.Seeds, "seed", "seeds"), words.Amount(p.Total, "position", "positions"))
	}
	secs := p.Elapsed.Seconds()
	return fmt.Sprintf("%s %s: %s in %s (%.2f M positions/s)",
		p.Rules, words.Count(p.Seeds, "seed", "seeds"), words.Amount(p.Total, "position", "positions"), p.Elapsed.Round(time.Millisecond), float64(p.Total)/max(secs, 1e-9)/1e6)
}

var tablebaseProbeCommand = &cli.Command{
	Name:  "probe",
	Usage: []string{"-dir DIR [-rules NAME] [-solve N] POSITION [MOVE...]"},
	Short: "the value of a position and of each of its moves",
	Long: `
Probe shows the value of a position under perfect play and that of each
move, the best marked. The moves given after the position are played
first: the position probed is the one they lead to, with its history.
Under the rules with a repetition rule and no limit of plies (abapa,
openspiel, aalina, auale, awari), it also shows the value with that
history since the last capture (R10), exact where a search of at most
-solve positions proves it, proven bounds otherwise, and the moves' values
are those; the tables alone count the board as met for the first time.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		dir := fs.String("dir", "", "the directory of the tables")
		var rules *oware.Rules
		fs.Func("rules", "the `rules` (default: those of the tables, when they hold one rules)", func(s string) error {
			r, err := oware.ParseRules(s)
			rules = &r
			return err
		})
		var solveNodes int
		cli.IntVar(fs, &solveNodes, "solve", 1_000_000, 0, math.MaxInt, "search at most `N` positions for the value with history (0: none)")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			switch {
			case len(args) < 1:
				return cli.Usagef("want a POSITION")
			case *dir == "":
				return cli.Usagef("-dir: required")
			}
			b, err := parsePosition("", args[0])
			if err != nil {
				return err
			}
			tb, err := tablebase.Open(*dir)
			if err != nil {
				return err
			}
			if rules == nil {
				held := heldRules(tb)
				if len(held) != 1 {
					return cli.Usagef("-rules: required, the tables hold several")
				}
				rules = &held[0]
			}
			p := rules.Position(b)
			for i, text := range args[1:] {
				m, err := oware.ParseMove(text)
				if err == nil {
					p, err = p.Play(m)
				}
				if err != nil {
					return fmt.Errorf("move %d (%s): %w", i+1, text, err)
				}
			}
			return tablebaseProbe(ctx, s.Stdout, tb, p, uint64(solveNodes))
		}
	},
}

// tablebaseProbe shows the value of p and of its moves, with its history
// when solveNodes is not 0, package solve supports p's rules and the
// tables' value is not already that.
func tablebaseProbe(ctx context.Context, stdout io.Writer, tb *tablebase.Tables, p oware.Position, solveNodes uint64) error {
	v, err := tb.Probe(p)
	if err != nil {
		return err
	}
	b, mover := p.Board(), p.Board().ToMove()
	fmt.Fprintf(stdout, "%s, %s, %s to move\n", b, p.Rules(), mover)
	fmt.Fprintf(stdout, "value: %s (%s's seeds from the board minus %s's)\n", v, mover, mover.Opponent())
	// With no earlier board that can recur and an exact value, the
	// tables' value is the value with the history.
	if solveNodes > 0 && solve.Supported(p.Rules()) && (p.QuietPlies() > 0 || !v.Exact()) {
		a, err := solve.Analyse(ctx, p, tb, solve.Limits{Nodes: solveNodes})
		if err != nil {
			return err
		}
		kind := "exact"
		if !a.Value.Exact() {
			kind = "bounds proven within the search"
		}
		fmt.Fprintf(stdout, "value with its history (R10): %s, %s\n", a.Value, kind)
		fmt.Fprintf(stdout, "perfect play: %s\n", words.Verdict(a.Value, b))
		for _, m := range a.Moves {
			mark := ""
			if m.Value.Lo() >= a.Value.Hi() {
				mark = "  best"
			}
			fmt.Fprintf(stdout, "  %s  %s%s\n", m.Move, m.Value, mark)
		}
		return nil
	}
	moves, _ := tb.ProbeMoves(p, nil)
	best, _, _ := tb.BestMoves(p)
	fmt.Fprintf(stdout, "perfect play: %s\n", words.Verdict(v, b))
	for _, m := range moves {
		mark := ""
		if best.Contains(m.Move) {
			mark = "  best"
		}
		fmt.Fprintf(stdout, "  %s  %s%s\n", m.Move, m.Value, mark)
	}
	return nil
}

// heldRules returns the rules the tables hold.
func heldRules(tb *tablebase.Tables) []oware.Rules {
	var held []oware.Rules
	for _, name := range oware.RulesNames() {
		if r, _ := oware.ParseRules(name); tb.MaxSeeds(r) >= 0 {
			held = append(held, r)
		}
	}
	return held
}

var tablebaseStatsCommand = &cli.Command{
	Name:  "stats",
	Usage: []string{"-dir DIR"},
	Short: "what each level holds",
	Long: `
Stats shows, for each level, the share of wins, draws and losses for the
player to move (as far as bounds prove them), the share of exact values
and the file size.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		dir := fs.String("dir", "", "the directory of the tables")
		return func(_ context.Context, s cli.Streams, args []string) error {
			switch {
			case len(args) > 0:
				return cli.Usagef("unexpected argument %q", args[0])
			case *dir == "":
				return cli.Usagef("-dir: required")
			}
			tb, err := tablebase.Open(*dir)
			if err != nil {
				return err
			}
			return tablebaseStats(s.Stdout, tb)
		}
	},
}

// tablebaseStats shows what each level of tb holds.
func tablebaseStats(stdout io.Writer, tb *tablebase.Tables) error {
	fmt.Fprintf(stdout, "%-9s %5s %15s %7s %7s %7s %8s %14s\n", "rules", "seeds", "positions", "wins", "draws", "losses", "exact", "bytes")
	pct := func(n, of uint64) string { return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(max(of, 1))) }
	for _, s := range tb.Stats() {
		fmt.Fprintf(stdout, "%-9s %5d %15s %7s %7s %7s %8s %14s\n", s.Rules, s.Seeds, words.Thousands(s.Positions),
			pct(s.Wins, s.Positions), pct(s.Draws, s.Positions), pct(s.Losses, s.Positions), pct(s.Exact, s.Positions),
			words.Thousands(uint64(s.FileSize)))
	}
	return nil
}
