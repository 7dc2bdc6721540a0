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

	"github.com/seed3966233f/oware/internal/check"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/words"
)

var checkCommand = &cli.Command{
	Name:  "check",
	Usage: []string{"[-rules NAME] [-games N] [-seed S] [-timeout D] [-json] -- CMD [ARGS...]"},
	Short: "find where another implementation of the rules differs",
	Long: `
Check tests another implementation of the rules. It starts CMD, which
must speak the oracle protocol on its standard input and output, sends it
generated cases, and compares every answer with the library's own. At the
first difference it shrinks the case and prints it, smallest, as an
oracle request: the last line of the output, ready to paste into a test
of the other implementation. The cases come from families, each built to
reach some rules (laps, grand slams, feeding, repetitions, limits of
plies, illegal moves...), and depend on -seed alone; the report names the
rule that decides the first field that differs.

A response that is not a JSON object or not of the protocol's form, one
with another id, a subject that exits, and one that takes longer than
-timeout are each reported as such, with the end of the subject's
standard error; the subject is then started again, with every process it
started killed. On a terminal, a line on the standard error shows how far
it has got. -json writes the report as one JSON object.

The status is 0 when all cases agree, 1 for a divergence or a failure to
answer, and 2 for a usage error or a subject that cannot be run (it
cannot be started, or exits without answering the opening).`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := rulesFlag(fs)
		var games int
		cli.IntVar(fs, &games, "games", check.DefaultGames, 1, math.MaxInt, "`N` cases to send")
		seed := fs.Uint64("seed", 1, "the seed of the cases")
		var timeout time.Duration
		cli.DurationVar(fs, &timeout, "timeout", check.DefaultTimeout, 1, "the longest wait `D` for one response")
		asJSON := fs.Bool("json", false, "write the report as one JSON object")
		return func(_ context.Context, s cli.Streams, command []string) error {
			if len(command) == 0 {
				return cli.Usagef("want the command of the implementation to check, after --")
			}
			r, _ := check.LookupRules(rules.String()) // every preset is one of check's
			return runCheck(s.Stdout, s.Stderr, check.Config{Rules: r, Command: command, Games: games, Seed: *seed, Timeout: timeout}, *asJSON)
		}
	},
	// The subject runs in its own process group, out of reach of the
	// terminal's signals: on one, check kills it before the command ends.
	Signals: []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE},
}

// runCheck puts generated cases to another implementation of the rules,
// which speaks the oracle protocol, and reports the first divergence,
// shrunk (see package internal/check), for people or, with asJSON, as one
// JSON object. On a terminal, a line on stderr shows how far it has got.
func runCheck(stdout, stderr io.Writer, cfg check.Config, asJSON bool) error {
	if !asJSON {
		fmt.Fprintf(stdout, "checking %s under the %s rules: %s, seed %d, timeout %v\n",
			strings.Join(cfg.Command, " "), cfg.Rules.Name, words.Count(cfg.Games, "case", "cases"), cfg.Seed, cfg.Timeout)
	}
	line := newStatus(stderr)
	cfg.Progress = func(p check.Progress) { line.update(checkStatus(p, cfg.Games)) }
	// The subject runs in its own process group, out of reach of the
	// terminal's signals: on any signal that would end the command, Run
	// kills it before the command ends.
	ctx, stop := check.NotifyContext(context.Background())
	defer stop()
	res, err := check.Run(ctx, cfg)
	line.stop()
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("interrupted after %s and %s in agreement", words.Count(res.Cases, "case", "cases"), words.Count(res.Plies, "ply", "plies"))
	case err != nil:
		return cannotRun(err)
	}
	write := check.WriteReport
	if asJSON {
		write = func(w io.Writer, res check.Result) error { return check.WriteJSON(w, cfg, res) }
	}
	if err := write(stdout, res); err != nil {
		return err
	}
	if res.Failure != nil {
		return cli.ErrReported
	}
	return nil
}

// checkStatus returns the render of the status line at p, out of games
// cases: the cases done, the plies, the time and the family of the case
// on its way; or, once a failure is found, the cases sent to shrink it.
func checkStatus(p check.Progress, games int) func(time.Duration) string {
	return func(elapsed time.Duration) string {
		secs := elapsed.Truncate(100 * time.Millisecond).Seconds()
		if p.Shrinking {
			return fmt.Sprintf("shrinking a failure: %d tries, %.1fs, now: %s", p.Tries, secs, p.Kind)
		}
		// The opening comes first, before the games generated.
		return fmt.Sprintf("%d of %s, %s, %.1fs, now: %s", max(p.Cases-1, 0), words.Count(games, "case", "cases"), words.Count(p.Plies, "ply", "plies"), secs, p.Kind)
	}
}

// cannotRun returns the error of a subject that could not be run, with
// the end of its standard error: a usage error, since the command line
// names a program that cannot be checked.
func cannotRun(err error) error {
	var se *check.SubjectError
	if errors.As(err, &se) && se.Stderr != "" {
		return cli.Usagef("%w\nthe end of its standard error:\n%s", err, se.Stderr)
	}
	return &cli.UsageError{Err: err}
}
