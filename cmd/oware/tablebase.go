package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/tablebase"
)

// tablebaseUsage is the synopsis of oware tablebase.
const tablebaseUsage = `build -rules NAME -seeds N -dir DIR [-j N]
       oware tablebase probe -dir DIR [-rules NAME] POSITION
       oware tablebase stats -dir DIR`

// runTablebase runs oware tablebase: build, probe or stats.
func runTablebase(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "build":
			return runTablebaseBuild(args[1:], stdout, stderr)
		case "probe":
			return runTablebaseProbe(args[1:], stdout, stderr)
		case "stats":
			return runTablebaseStats(args[1:], stdout, stderr)
		case "-h", "-help", "--help", "help":
			fmt.Fprintf(stdout, "usage: oware tablebase %s\n", tablebaseUsage)
			fmt.Fprint(stdout, "\n\"oware tablebase build -h\" (probe, stats) describes a subcommand's flags.\n")
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "usage: oware tablebase %s\n", tablebaseUsage)
	return exitUsage
}

// runTablebaseBuild builds tables, level by level.
func runTablebaseBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tablebase build", "-rules NAME -seeds N -dir DIR [-j N]", stderr)
	rulesName := fs.String("rules", "", "the rules: "+strings.Join(supportedRules(), ", "))
	seeds := fs.Int("seeds", 0, "build every level from 0 to this many seeds on the board (0 to 48)")
	dir := fs.String("dir", "", "the directory of the tables, created if needed")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "worker goroutines")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *rulesName == "":
		return usageError(stderr, fs, "-rules: required")
	case !isSet(fs, "seeds"):
		return usageError(stderr, fs, "-seeds: required")
	case *seeds < 0 || *seeds > oware.NumSeeds:
		return usageError(stderr, fs, "-seeds: want 0 to %d", oware.NumSeeds)
	case *dir == "":
		return usageError(stderr, fs, "-dir: required")
	case *jobs < 1:
		return usageError(stderr, fs, "-j %d: want at least 1", *jobs)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	if !tablebase.Supported(rules) {
		return usageError(stderr, fs, "-rules %s: the value of a position depends on more than its board; want one of %s",
			*rulesName, strings.Join(supportedRules(), ", "))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	line := newStatus(stderr)
	defer line.stop()
	opt := tablebase.BuildOptions{Workers: *jobs, Progress: func(p tablebase.Progress) {
		if p.Phase != "done" {
			text := progressText(p)
			line.update(func(time.Duration) string { return text })
			return
		}
		line.clear()
		fmt.Fprintln(stdout, doneText(p))
	}}
	start := time.Now()
	err = tablebase.Build(ctx, *dir, rules, *seeds, opt)
	line.clear()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "oware tablebase build: interrupted; the levels written are kept, and the same command resumes\n")
			return exitFail
		}
		return fail(stderr, "tablebase build", err)
	}
	fmt.Fprintf(stdout, "%s 0-%d seeds in %s: %s\n", rules, *seeds, *dir, time.Since(start).Round(time.Millisecond))
	return exitOK
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
	text := fmt.Sprintf("%s %d seeds: %s, %s of %s positions", p.Rules, p.Seeds, p.Phase, thousands(p.Done), thousands(p.Total))
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
		return fmt.Sprintf("%s %d seeds: %s positions, already built", p.Rules, p.Seeds, thousands(p.Total))
	}
	secs := p.Elapsed.Seconds()
	return fmt.Sprintf("%s %d seeds: %s positions in %s (%.2f M positions/s)",
		p.Rules, p.Seeds, thousands(p.Total), p.Elapsed.Round(time.Millisecond), float64(p.Total)/max(secs, 1e-9)/1e6)
}

// thousands writes n with commas between groups of three digits.
func thousands(n uint64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// runTablebaseProbe shows the value of a position and of its moves.
func runTablebaseProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tablebase probe", "-dir DIR [-rules NAME] POSITION", stderr)
	dir := fs.String("dir", "", "the directory of the tables")
	rulesName := fs.String("rules", "", "the rules (default: those of the tables, when they hold one rules)")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) != 1:
		return usageError(stderr, fs, "want one POSITION")
	case *dir == "":
		return usageError(stderr, fs, "-dir: required")
	}
	b, err := ogn.ParseBoardOrFEN(pos[0])
	if err != nil {
		return usageError(stderr, fs, "%q is not a position string or a FEN: %s", pos[0], parseProblem(err))
	}
	tb, err := tablebase.Open(*dir)
	if err != nil {
		return fail(stderr, "tablebase probe", err)
	}
	var rules oware.Rules
	switch held := heldRules(tb); {
	case *rulesName != "":
		r, status, ok := parseRules(fs, *rulesName)
		if !ok {
			return status
		}
		rules = r
	case len(held) == 1:
		rules = held[0]
	default:
		return usageError(stderr, fs, "-rules: required, the tables hold several")
	}
	p := rules.Position(b)
	v, err := tb.Probe(p)
	if err != nil {
		return fail(stderr, "tablebase probe", err)
	}
	moves, _ := tb.ProbeMoves(p, nil)
	best, _, _ := tb.BestMoves(p)
	mover := b.ToMove()
	fmt.Fprintf(stdout, "%s, %s, %s to move\n", b, rules, mover)
	fmt.Fprintf(stdout, "value: %s (%s's seeds from the board minus %s's)\n", v, mover, mover.Opponent())
	fmt.Fprintf(stdout, "perfect play: %s\n", verdict(v, b))
	for _, m := range moves {
		mark := ""
		if best.Contains(m.Move) {
			mark = "  best"
		}
		fmt.Fprintf(stdout, "  %s  %s%s\n", m.Move, m.Value, mark)
	}
	return exitOK
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

// verdict says who wins under perfect play from b, whose value is v: "South
// wins by 3", "draw", or, when the bounds do not tell, the range.
func verdict(v tablebase.Value, b oware.Board) string {
	lo, hi := v.Margin(b)
	one := func(m int) string {
		switch {
		case m > 0:
			return fmt.Sprintf("South wins by %d", m)
		case m < 0:
			return fmt.Sprintf("North wins by %d", -m)
		}
		return "draw"
	}
	switch {
	case lo == hi:
		return one(lo)
	case lo > 0:
		return fmt.Sprintf("South wins, by %d to %d", lo, hi)
	case hi < 0:
		return fmt.Sprintf("North wins, by %d to %d", -hi, -lo)
	}
	return fmt.Sprintf("not known: from %s to %s", one(lo), one(hi))
}

// runTablebaseStats shows what each level holds.
func runTablebaseStats(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tablebase stats", "-dir DIR", stderr)
	dir := fs.String("dir", "", "the directory of the tables")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *dir == "":
		return usageError(stderr, fs, "-dir: required")
	}
	tb, err := tablebase.Open(*dir)
	if err != nil {
		return fail(stderr, "tablebase stats", err)
	}
	fmt.Fprintf(stdout, "%-9s %5s %15s %7s %7s %7s %8s %14s\n", "rules", "seeds", "positions", "wins", "draws", "losses", "exact", "bytes")
	pct := func(n, of uint64) string { return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(max(of, 1))) }
	for _, s := range tb.Stats() {
		fmt.Fprintf(stdout, "%-9s %5d %15s %7s %7s %7s %8s %14s\n", s.Rules, s.Seeds, thousands(s.Positions),
			pct(s.Wins, s.Positions), pct(s.Draws, s.Positions), pct(s.Losses, s.Positions), pct(s.Exact, s.Positions),
			thousands(uint64(s.FileSize)))
	}
	return exitOK
}
