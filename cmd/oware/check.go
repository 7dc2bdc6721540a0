package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seed3966233f/oware/internal/check"
)

// checkUsage is the synopsis of oware check.
const checkUsage = "[-rules NAME] [-games N] [-seed S] [-timeout D] [-json] -- CMD [ARGS...]"

// runCheck puts generated cases to another implementation of the rules,
// which speaks the oracle protocol, and reports the first divergence,
// shrunk (see package internal/check), for people or, with -json, as one
// JSON object. On a terminal, a line on stderr shows how far it has got.
// The status is exitFail for a divergence and exitUsage when the subject
// cannot be run.
func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", checkUsage, stderr)
	rules := rulesFlag(fs)
	games := fs.Int("games", check.DefaultGames, "how many cases to send")
	seed := fs.Uint64("seed", 1, "the seed of the cases")
	timeout := fs.Duration("timeout", check.DefaultTimeout, "the longest wait for one response")
	asJSON := fs.Bool("json", false, "write the report as one JSON object")
	command, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if _, status, ok := parseRules(fs, *rules); !ok {
		return status
	}
	r, _ := check.LookupRules(*rules) // a preset's name, as parseRules found
	switch {
	case len(command) == 0:
		return usageError(stderr, fs, "want the command of the implementation to check, after --")
	case *games < 1:
		return usageError(stderr, fs, "-games %d: want at least 1", *games)
	case *timeout <= 0:
		return usageError(stderr, fs, "-timeout %v: want a positive duration", *timeout)
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "checking %s under the %s rules: %d cases, seed %d, timeout %v\n",
			strings.Join(command, " "), r.Name, *games, *seed, *timeout)
	}
	cfg := check.Config{Rules: r, Command: command, Games: *games, Seed: *seed, Timeout: *timeout}
	line := newStatus(stderr)
	cfg.Progress = func(p check.Progress) { line.update(checkStatus(p, *games)) }
	// The subject runs in its own process group, out of reach of the
	// terminal's signals: on any signal that would end the command, Run
	// kills it before the command ends.
	ctx, stop := check.NotifyContext(context.Background())
	defer stop()
	res, err := check.Run(ctx, cfg)
	line.stop()
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "oware check: interrupted after %d cases and %d plies in agreement\n", res.Cases, res.Plies)
		return exitFail
	case err != nil:
		return cannotRun(stderr, err)
	}
	write := check.WriteReport
	if *asJSON {
		write = func(w io.Writer, res check.Result) error { return check.WriteJSON(w, cfg, res) }
	}
	if err := write(stdout, res); err != nil {
		fmt.Fprintf(stderr, "oware check: %v\n", err)
		return exitFail
	}
	if res.Failure != nil {
		return exitFail
	}
	return exitOK
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
		return fmt.Sprintf("%d of %d cases, %d plies, %.1fs, now: %s", max(p.Cases-1, 0), games, p.Plies, secs, p.Kind)
	}
}

// cannotRun reports a subject that could not be run, with the end of its
// standard error, and returns exitUsage.
func cannotRun(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "oware check: %v\n", err)
	var se *check.SubjectError
	if errors.As(err, &se) && se.Stderr != "" {
		fmt.Fprintf(stderr, "the end of its standard error:\n%s\n", se.Stderr)
	}
	return exitUsage
}
