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
	"strconv"
	"strings"
	"syscall"
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
	Commands: []*cli.Command{tablebaseBuildCommand, tablebaseHistoryCommand, tablebasePlanCommand, tablebaseProbeCommand, tablebaseStatsCommand},
}

var tablebaseBuildCommand = &cli.Command{
	Name: "build",
	Usage: []string{
		"-rules NAME -seeds N -dir DIR [-j N]",
		"-rules NAME -level N -slice I/K -run NAME -dir DIR [-j N] [-wait D]",
	},
	Short: "build the tables of every level up to N seeds, or a slice of one level",
	Long: `
Build builds every level from 0 to N seeds on the board, one file each,
under abapa, openspiel, aalina, auale or awari (the rules under which a
position's value depends on its board alone). It prints a line per level,
with its positions per second and per CPU-second; on a terminal, a
progress line shows the phase, the positions done, the rate and the time
left. A level already in DIR is checked and kept, so an interrupted build
resumes with the same command: Ctrl-C, SIGTERM and SIGHUP stop it
cleanly (a second one ends it at once), and the file that a killed build
leaves is removed by the next. A damaged level is built again, the
damaged file kept as NAME.damaged.

With -slice I/K, build builds slice I of K of the one level of -level
seeds, whose lower levels are in DIR, together with the K-1 other slices,
which other processes build at the same time with the same -run name, on
this machine or on others that share DIR; slice 0 writes the level's
file. "oware tablebase plan" writes the script that runs the slices of
every level, as Slurm job arrays or as processes of this machine.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rulesName := fs.String("rules", "", "the `rules`: "+strings.Join(supportedRules(), ", "))
		seeds := fs.Int("seeds", 0, "build every level from 0 to this many seeds on the board (0 to 48)")
		dir := fs.String("dir", "", "the directory of the tables, created if needed")
		var jobs, level int
		cli.IntVar(fs, &jobs, "j", 0, 0, tablebase.MaxWorkers, "`N` worker goroutines, 0 for one per CPU (GOMAXPROCS)")
		cli.IntVar(fs, &level, "level", 0, 0, oware.NumSeeds, "with -slice: the level `N` (seeds on the board) whose slice to build")
		var slice sliceFlag
		fs.Var(&slice, "slice", "build slice `I/K` of the level (I from 0), with the K-1 other slices running at the same time")
		run := fs.String("run", "", "with -slice: the run's `NAME`, the same for its K slices (letters, digits, . _ -)")
		var wait time.Duration
		cli.DurationVar(fs, &wait, "wait", 5*time.Minute, time.Second, "with -slice: give up when another slice has been silent for `D`")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			sliced := cli.IsSet(fs, "slice")
			switch {
			case len(args) > 0:
				return cli.Usagef("unexpected argument %q", args[0])
			case *rulesName == "":
				return cli.Usagef("-rules: required")
			case sliced && cli.IsSet(fs, "seeds"):
				return cli.Usagef("-seeds: not with -slice, which builds the one level of -level")
			case !sliced && !cli.IsSet(fs, "seeds"):
				return cli.Usagef("-seeds: required")
			case *seeds < 0 || *seeds > oware.NumSeeds:
				return cli.Usagef("-seeds: want 0 to %d", oware.NumSeeds)
			case *dir == "":
				return cli.Usagef("-dir: required")
			case !sliced && (cli.IsSet(fs, "level") || cli.IsSet(fs, "run") || cli.IsSet(fs, "wait")):
				return cli.Usagef("-level, -run and -wait: only with -slice")
			case sliced && !cli.IsSet(fs, "level"):
				return cli.Usagef("-level: required with -slice")
			case sliced && *run == "":
				return cli.Usagef("-run: required with -slice, the same for the K slices")
			}
			rules, err := tableRules(*rulesName)
			if err != nil {
				return err
			}
			b := tableBuild{rules: rules, seeds: *seeds, dir: *dir, jobs: jobs, wait: wait}
			if sliced {
				b.level, b.slice, b.runName = level, &slice, *run
			}
			return b.run(ctx, s.Stdout, s.Stderr)
		}
	},
	// The first of these stops the build cleanly, and the same command
	// resumes; a second ends it at once.
	Signals: []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP},
}

// tableRules returns the preset of the given name, a usage error unless
// tables can be built under it.
func tableRules(name string) (oware.Rules, error) {
	rules, err := oware.ParseRules(name)
	if err != nil {
		return rules, &cli.UsageError{Err: err}
	}
	if !tablebase.Supported(rules) {
		return rules, cli.Usagef("-rules %s: the value of a position depends on more than its board; want one of %s",
			name, strings.Join(supportedRules(), ", "))
	}
	return rules, nil
}

// sliceFlag is the value of -slice: slice I of K, "I/K".
type sliceFlag struct{ i, k int }

func (f *sliceFlag) String() string {
	if f == nil || f.k == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", f.i, f.k)
}

func (f *sliceFlag) Set(s string) error {
	a, b, found := strings.Cut(s, "/")
	i, errI := strconv.Atoi(a)
	k, errK := strconv.Atoi(b)
	switch {
	case !found || errI != nil || errK != nil:
		return errors.New("want I/K, such as 0/4")
	case k < 1 || k > tablebase.MaxSlices:
		return fmt.Errorf("want 1 to %d slices", tablebase.MaxSlices)
	case i < 0 || i >= k:
		return fmt.Errorf("want a slice from 0 to %d", k-1)
	}
	f.i, f.k = i, k
	return nil
}

// tableBuild is what oware tablebase build builds: the levels from 0 to
// seeds, or, with a slice, that slice of one level.
type tableBuild struct {
	rules   oware.Rules
	seeds   int
	dir     string
	jobs    int
	level   int
	slice   *sliceFlag // nil for the levels from 0 to seeds
	runName string     // the run of the slice
	wait    time.Duration
}

// run builds the tables, level by level, or the slice.
func (b tableBuild) run(ctx context.Context, stdout, stderr io.Writer) error {
	ctx, stop := buildContext(ctx)
	defer stop()
	line := newStatus(stderr)
	defer line.stop()
	cpu := processCPU()
	opt := tablebase.BuildOptions{Workers: b.jobs, PeerTimeout: b.wait, Progress: func(p tablebase.Progress) {
		if p.Phase != "done" {
			text := progressText(p)
			line.update(func(time.Duration) string { return text })
			return
		}
		line.clear()
		now := processCPU()
		fmt.Fprintln(stdout, doneText(p, now-cpu))
		cpu = now
	}}
	start := time.Now()
	var err error
	if b.slice != nil {
		err = tablebase.BuildSlice(ctx, b.dir, b.rules, b.level, b.slice.i, b.slice.k, b.runName, opt)
	} else {
		err = tablebase.Build(ctx, b.dir, b.rules, b.seeds, opt)
	}
	line.clear()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return errInterrupted
		}
		return err
	}
	if b.slice != nil {
		_, err = fmt.Fprintf(stdout, "%s %s, slice %s, in %s: %s\n", b.rules, words.Count(b.level, "seed", "seeds"), b.slice, b.dir, time.Since(start).Round(time.Millisecond))
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s 0-%d seeds in %s: %s\n", b.rules, b.seeds, b.dir, time.Since(start).Round(time.Millisecond))
	return err
}

// buildContext returns ctx, cancelled by the first SIGINT, SIGTERM or
// SIGHUP, so that a build stops cleanly; stop then lets a second one end
// the process as it would any other.
func buildContext(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// errInterrupted is the error of a build that a signal stopped.
var errInterrupted = errors.New("interrupted; the levels written are kept, and the same command resumes")

// supportedRules returns the names of the presets tables can be built for.
func supportedRules() []string { return rulesWhere(tablebase.Supported) }

// rulesWhere returns the names of the presets for which ok is true.
func rulesWhere(ok func(oware.Rules) bool) []string {
	var names []string
	for _, n := range oware.RulesNames() {
		if r, err := oware.ParseRules(n); err == nil && ok(r) {
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

// doneText is the line printed when a level is done, which took cpu of
// the process's CPU time (0 where it is not known).
func doneText(p tablebase.Progress, cpu time.Duration) string {
	if p.Existing {
		return fmt.Sprintf("%s %s: %s, already built", p.Rules, words.Count(p.Seeds, "seed", "seeds"), words.Amount(p.Total, "position", "positions"))
	}
	secs := p.Elapsed.Seconds()
	text := fmt.Sprintf("%s %s: %s in %s (%.2f M positions/s",
		p.Rules, words.Count(p.Seeds, "seed", "seeds"), words.Amount(p.Total, "position", "positions"), p.Elapsed.Round(time.Millisecond), float64(p.Total)/max(secs, 1e-9)/1e6)
	if cpu > 0 {
		text += fmt.Sprintf(", %.2f M per CPU-second", float64(p.Total)/max(cpu.Seconds(), 1e-9)/1e6)
	}
	if p.Exchanges > 0 {
		text += fmt.Sprintf(", %s", words.Count(p.Exchanges, "round", "rounds"))
	}
	return text + ")"
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
are those; the tables alone count the board as met for the first time.
Where DIR also holds the tables of "oware tablebase history" for the
rules, the search starts from their exact values of the boards met for
the first time.`,
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
			hist, err := openHistory(*dir, *rules)
			if err != nil {
				return err
			}
			return tablebaseProbe(ctx, s.Stdout, tb, hist, p, uint64(solveNodes))
		}
	},
}

// openHistory returns the tables of package solve of rules r in dir, or
// nil when dir holds none.
func openHistory(dir string, r oware.Rules) (*solve.Tables, error) {
	if !solve.Supported(r) {
		return nil, nil
	}
	hist, err := solve.Open(dir, r)
	if errors.Is(err, solve.ErrMissingTable) {
		return nil, nil
	}
	return hist, err
}

// tablebaseProbe shows the value of p and of its moves, with its history
// when solveNodes is not 0, package solve supports p's rules and the
// tables' value is not already that; hist, package solve's tables or nil,
// start that search.
func tablebaseProbe(ctx context.Context, stdout io.Writer, tb *tablebase.Tables, hist *solve.Tables, p oware.Position, solveNodes uint64) error {
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
		a, err := solve.Analyse(ctx, p, solve.Options{Tables: hist, Plain: tb}, solve.Limits{Nodes: solveNodes})
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
and the file size; then, for the rules whose values with history
"oware tablebase history" built in DIR, a line per level: its boards and
how many of them are exact; and a line for a level whose build stopped
(interrupted, saved to resume): the board it stopped at and how many are
exact so far.`,
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
			if err != nil && !errors.Is(err, tablebase.ErrMissingTable) {
				return err
			}
			if tb != nil {
				if err := tablebaseStats(s.Stdout, tb); err != nil {
					return err
				}
			}
			found, herr := historyStats(s.Stdout, *dir, tb != nil)
			if herr != nil {
				return herr
			}
			if !found && tb == nil {
				return err // neither kind of table
			}
			return nil
		}
	},
}

// historyStats shows what each level of package solve's tables in dir
// holds, for every rules that has them, then the levels whose build
// stopped (solve.OpenUnfinished), under a heading, preceded by an
// empty line when it follows the tablebase's stats. It reports whether
// dir holds any.
func historyStats(stdout io.Writer, dir string, after bool) (found bool, err error) {
	header := "values with history (oware tablebase history):\n"
	if after {
		header = "\n" + header
	}
	for _, name := range historyRules() {
		r, _ := oware.ParseRules(name)
		var lines []fmt.Stringer
		tabs, err := solve.Open(dir, r)
		switch {
		case err == nil:
			for _, st := range tabs.Stats() {
				lines = append(lines, st)
			}
		case !errors.Is(err, solve.ErrMissingTable):
			return found, err
		}
		unfinished, err := solve.OpenUnfinished(dir, r)
		if err != nil {
			return found, err
		}
		for _, u := range unfinished {
			lines = append(lines, u)
		}
		for _, line := range lines {
			if _, err := fmt.Fprintf(stdout, "%s%s %v\n", header, r, line); err != nil {
				return found, err
			}
			header, found = "", true
		}
	}
	return found, nil
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
