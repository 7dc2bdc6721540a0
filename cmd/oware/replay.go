package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/ogn"
)

var replayCommand = &cli.Command{
	Name:  "replay",
	Usage: []string{`[-q | -s | -json] [-format F] [-rules NAME] FILE... ("-" for stdin)`},
	Short: "verify game records",
	Long: `
Replay checks every game of the files with package ogn, streaming: it
reads one game at a time and replays it while it reads it, so memory
stays small for any file and a record that breaks the rules is reported as
soon as its faulty ply is read. Each move must be legal, each capture mark
right, and the recorded result the outcome. For each game it prints the
moves and the board after each one (only the verdict with -q, nothing
with -s) and the outcome; a faulty record is named on the standard error
by file, game, line, ply and reason. Then it prints a summary: games,
plies replayed, valid and invalid games by reason. The status is 1 if any
game is invalid or a file cannot be read.

-format reads PlayStrategy exports (playstrategy) or OpenSpiel move lists
(openspiel) instead of OGN, and -rules replays every game by those rules,
whatever its Variant tag says. On a terminal, with -s or with the games
sent elsewhere, a progress line (games, plies, MB, MB/s) shows during long
runs. -json prints one object per game (its file, number, tags, rules,
start, plies, and its outcome or what is wrong with it), then a summary.

	$ oware replay -q ogn/testdata/club.ogn
	Game 1: Ama (South) against Kofi (North), Club evening
	Outcome: not over after 8 plies (South to move); the record agrees.
	...
	Summary: 3 games, 36 plies: 3 valid, 0 invalid.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := recordRulesFlag(fs, "replay")
		quiet := fs.Bool("q", false, "print only the verdict of each game, no boards")
		summary := fs.Bool("s", false, "print only the summary and the errors")
		format := formatFlag(fs, "format", "the `format` of the records")
		asJSON := fs.Bool("json", false, "print JSON lines: one object per game, then a summary")
		return func(_ context.Context, s cli.Streams, files []string) error {
			switch {
			case len(files) == 0:
				return cli.Usagef("want one FILE or more, or - for stdin")
			case *asJSON && (*quiet || *summary):
				return cli.Usagef("-json and -q or -s: give one or the other")
			}
			out := bufio.NewWriterSize(s.Stdout, 64<<10)
			rp := replayer{out: out, stderr: s.Stderr, format: *format, rules: *rules, quiet: *quiet, summaryOnly: *summary,
				progress: newProgress(s.Stderr), reasons: map[string]int{}}
			if *asJSON {
				rp.json, rp.summaryOnly = newJSONLines(out), true
			}
			if !*summary && onTerminal(s.Stdout) {
				rp.progress.w = nil // the games go to the same screen
			}
			for _, name := range files {
				if _, err := out.Write(nil); err != nil {
					return err
				}
				rp.file(name, s.Stdin)
			}
			rp.progress.clear()
			rp.printSummary()
			if err := out.Flush(); err != nil {
				return err
			}
			if rp.failed || rp.invalid > 0 || rp.games == 0 {
				return cli.ErrReported
			}
			return nil
		}
	},
}

// replayer checks records and counts what it finds.
type replayer struct {
	out                *bufio.Writer
	stderr             io.Writer
	format             ogn.Format
	rules              *oware.Rules // the rules of every game, or nil for the Variant tags
	quiet, summaryOnly bool
	progress           *progress
	json               *jsonLines // the JSON lines of -json, or nil

	games, plies, invalid int
	reasons               map[string]int // invalid games by reason
	failed                bool           // a file could not be read
}

// file checks the records of one file, "-" for stdin.
func (rp *replayer) file(name string, stdin io.Reader) {
	in := stdin
	if name != "-" {
		f, err := openInput(name)
		if err != nil {
			rp.complain("%s", err)
			rp.failed = true
			return
		}
		defer f.Close()
		in = f
	} else {
		name = "stdin"
	}
	counter := &countingReader{r: in}
	rd := ogn.NewReader(counter)
	rd.Rules = rp.rules
	rd.Format = rp.format
	before := rp.games
	for {
		g, effects, err := rd.ReadReplay()
		if err == io.EOF {
			break
		}
		rp.games++
		rp.plies += len(effects)
		rp.record(name, rp.games-before, g, effects, err)
		if err != nil && !rp.invalidGame(name, rp.games-before, g, effects, err) {
			break
		}
		if err == nil {
			rp.validGame(rp.games-before, g, effects)
		}
		if _, err := rp.out.Write(nil); err != nil {
			return // the output failed, which the command reports: reading on is in vain
		}
		rp.progress.update(func(elapsed time.Duration) string {
			secs := elapsed.Seconds()
			return fmt.Sprintf("%s, %s, %.1f MB (%.1f MB/s, %.0f games/s)", words.Count(rp.games, "game", "games"),
				words.Count(rp.plies, "ply", "plies"), float64(counter.n)/1e6, float64(counter.n)/1e6/secs, float64(rp.games)/secs)
		})
	}
	if rp.games == before && !rp.failed {
		rp.complain("%s: no game record", name)
	}
}

// validGame prints game number n, which agrees with the rules.
func (rp *replayer) validGame(n int, g ogn.Game, effects []oware.Effect) {
	if rp.summaryOnly {
		return
	}
	rp.printGame(n, g, effects)
	final := g.StartPosition()
	if len(effects) > 0 {
		final = effects[len(effects)-1].After()
	}
	o, plies := final.Outcome(), len(effects)
	if o.Over() {
		fmt.Fprintf(rp.out, "Outcome: %s, after %d %s; the record agrees.\n\n", o, plies, words.Plural(plies, "ply", "plies"))
	} else {
		fmt.Fprintf(rp.out, "Outcome: not over after %d %s (%s to move); the record agrees.\n\n", plies, words.Plural(plies, "ply", "plies"), final.Board().ToMove())
	}
}

// printGame prints the title of game number n and, unless quiet, its
// start and the plies of effects.
func (rp *replayer) printGame(n int, g ogn.Game, effects []oware.Effect) {
	fmt.Fprintf(rp.out, "Game %d%s\n", n, gameTitle(g))
	if rp.quiet {
		return
	}
	fmt.Fprintf(rp.out, "\n%s\n\n", g.StartPosition().Diagram())
	for i, e := range effects {
		fmt.Fprintf(rp.out, "%d. %s\n%s\n\n", i+1, words.Describe(e), e.After().Diagram())
	}
}

// invalidGame reports game number n of file name, which failed with err,
// and tells whether the file can be read on.
func (rp *replayer) invalidGame(name string, n int, g ogn.Game, effects []oware.Effect, err error) bool {
	rp.invalid++
	rp.reasons[reasonOf(err)]++
	var re *ogn.ReplayError
	var pe *ogn.ParseError
	switch {
	case errors.As(err, &re):
		if !rp.summaryOnly {
			rp.printGame(n, g, effects)
			if re.Ply > 0 {
				fmt.Fprintf(rp.out, "Illegal record at ply %d: %s\n\n", re.Ply, re.Reason())
			} else {
				fmt.Fprintf(rp.out, "Illegal record: %s\n\n", re.Reason())
			}
		}
		rp.complain("%s: game %d, line %d: %s%s", name, re.Game, re.Line, plyPlace(re), re.Reason())
	case errors.As(err, &pe):
		if !rp.summaryOnly {
			fmt.Fprintf(rp.out, "Game %d%s\nUnreadable record at line %d, column %d: %s\n\n", n, gameTitle(ogn.Game{Tags: pe.Tags}), pe.Line, pe.Column, pe.Msg)
		}
		rp.complain("%s: game %d, line %d, column %d: %s", name, pe.Game, pe.Line, pe.Column, pe.Msg)
		if reasonOf(err) == "read error" {
			rp.failed = true
			return false
		}
	default:
		rp.complain("%s: %s", name, err)
		rp.failed = true
		return false
	}
	return true
}

// plyPlace returns "ply 3 (F+2): " for the error of a ply, "" for one of
// the whole game.
func plyPlace(re *ogn.ReplayError) string {
	if re.Ply == 0 {
		return ""
	}
	mark := ""
	if re.Captured > 0 {
		mark = fmt.Sprintf("+%d", re.Captured)
	}
	return fmt.Sprintf("ply %d (%s%s): ", re.Ply, re.Move, mark)
}

// complain writes an error line to stderr, after what stdout holds.
func (rp *replayer) complain(format string, args ...any) {
	rp.out.Flush()
	rp.progress.clear()
	fmt.Fprintf(rp.stderr, "oware replay: "+format+"\n", args...)
}

// reasons names the reasons a game may be invalid for, in the order of the
// summary; the first whose error matches is the reason of a game. Those
// of an illegal move are the library's, as the oracle's table words them.
var reasons = func() []struct {
	err  error
	name string
} {
	var rs []struct {
		err  error
		name string
	}
	add := func(err error, name string) {
		rs = append(rs, struct {
			err  error
			name string
		}{err, name})
	}
	for _, k := range oracle.Errors {
		if k.Code != oracle.CodeBadStart {
			add(k.Err, k.Text+ruleSuffix(k.Rule()))
		}
	}
	add(ogn.ErrCaptureMark, "wrong capture mark")
	add(ogn.ErrLastPit, "wrong last pit")
	add(ogn.ErrResult, "wrong result")
	add(ogn.ErrVariant, "other rules")
	add(ogn.ErrLimit, "over a limit")
	add(ogn.ErrSyntax, "syntax error")
	for _, err := range []error{oware.ErrSyntax, oware.ErrSeedTotal, oware.ErrNegativeCount} {
		add(err, "bad FEN tag")
	}
	return rs
}()

// ruleSuffix returns " (R2)" for rule R2, and "" for none.
func ruleSuffix(rule string) string {
	if rule == "" {
		return ""
	}
	return " (" + rule + ")"
}

// reasonOf returns the reason a game is invalid for.
func reasonOf(err error) string {
	for _, r := range reasons {
		if errors.Is(err, r.err) {
			return r.name
		}
	}
	return "read error"
}

// printSummary prints the counts of games and plies and of invalid games
// by reason.
func (rp *replayer) printSummary() {
	if rp.json != nil {
		rp.jsonSummary()
		return
	}
	fmt.Fprintf(rp.out, "Summary: %d %s, %d %s: %d valid, %d invalid", rp.games, words.Plural(rp.games, "game", "games"),
		rp.plies, words.Plural(rp.plies, "ply", "plies"), rp.games-rp.invalid, rp.invalid)
	var parts []string
	done := map[string]bool{}
	for _, r := range reasons {
		if n := rp.reasons[r.name]; n > 0 && !done[r.name] {
			parts = append(parts, fmt.Sprintf("%s %d", r.name, n))
			done[r.name] = true
		}
	}
	if n := rp.reasons["read error"]; n > 0 {
		parts = append(parts, fmt.Sprintf("read error %d", n))
	}
	if len(parts) > 0 {
		fmt.Fprintf(rp.out, " (%s)", strings.Join(parts, ", "))
	}
	fmt.Fprintln(rp.out, ".")
}

// gameTitle returns ": Ama (South) against Kofi (North), Club evening" or
// as much of it as the tags give.
func gameTitle(g ogn.Game) string {
	var parts []string
	south, okS := g.Tag("South")
	north, okN := g.Tag("North")
	if okS || okN {
		parts = append(parts, fmt.Sprintf("%s (South) against %s (North)", orUnknown(south), orUnknown(north)))
	}
	if ev, ok := g.Tag("Event"); ok && ev != "" {
		parts = append(parts, ev)
	}
	if r, ok := g.Tag("Round"); ok && r != "" {
		parts = append(parts, "round "+r)
	}
	if g.Start.Valid() && g.Start != oware.Start().Board() {
		parts = append(parts, "from "+g.Start.String())
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

// gameRef names game number n for a message: "game 2", followed by what
// its tags tell, as in "game 2 (Ama (South) against Kofi (North), Club
// evening)".
func gameRef(n int, tags []ogn.Tag) string {
	ref := fmt.Sprintf("game %d", n)
	if title := gameTitle(ogn.Game{Tags: tags}); title != "" {
		ref += " (" + strings.TrimPrefix(title, ": ") + ")"
	}
	return ref
}

// orUnknown returns s, or "?" when it is empty.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

// Read reads from c.r and counts the bytes.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
