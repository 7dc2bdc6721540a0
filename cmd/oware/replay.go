package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/ogn"
)

// replayUsage is the synopsis of oware replay.
const replayUsage = "[-q | -s | -json] [-format F] [-rules NAME] FILE... (\"-\" for stdin)"

// runReplay verifies the game records of files (or of stdin for "-"): it
// reads them one game at a time and replays every game under the rules as
// it reads it, printing each move and position and the outcome, and
// reports the first ply, capture mark or result of a game that disagrees
// with the rules as soon as it is read. Every game of every file is
// checked; a summary follows, and the status is exitFail if any game is
// wrong.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("replay", replayUsage, stderr)
	rulesName := recordRulesFlag(fs, "replay")
	quiet := fs.Bool("q", false, "print only the verdict of each game, no boards")
	summary := fs.Bool("s", false, "print only the summary and the errors")
	format := fs.String("format", "ogn", "the format of the records: ogn, playstrategy or openspiel")
	asJSON := fs.Bool("json", false, "print JSON lines: one object per game, then a summary")
	files, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	f, ok := parseFormat(*format)
	switch {
	case !ok:
		return usageError(stderr, fs, "unknown format %q", *format)
	case len(files) == 0:
		return usageError(stderr, fs, "want one FILE or more, or - for stdin")
	case *asJSON && (*quiet || *summary):
		return usageError(stderr, fs, "-json and -q or -s: give one or the other")
	}
	rules, status, ok := parseRecordRules(fs, *rulesName)
	if !ok {
		return status
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	rp := replayer{out: out, stderr: stderr, format: f, rules: rules, quiet: *quiet, summaryOnly: *summary,
		progress: newProgress(stderr), reasons: map[string]int{}}
	if *asJSON {
		rp.json, rp.summaryOnly = newJSONLines(out), true
	}
	if !*summary && onTerminal(stdout) {
		rp.progress.w = nil // the games go to the same screen
	}
	for _, name := range files {
		rp.file(name, stdin)
	}
	rp.progress.clear()
	rp.printSummary()
	out.Flush()
	if rp.failed || rp.invalid > 0 || rp.games == 0 {
		return exitFail
	}
	return exitOK
}

// recordRulesFlag defines the -rules flag of a command that verb-s game
// records: by default every game's rules are those its Variant tag names
// (PlayStrategy's for its exports, abapa's for OpenSpiel move lists).
func recordRulesFlag(fs *flag.FlagSet, verb string) *string {
	return fs.String("rules", "", verb+" every game, in every format, by these rules, whatever its Variant tag: "+strings.Join(oware.RulesNames(), ", "))
}

// parseRecordRules reads the value of recordRulesFlag: nil for "", which
// leaves the rules to the records.
func parseRecordRules(fs *flag.FlagSet, name string) (*oware.Rules, int, bool) {
	if name == "" {
		return nil, exitOK, true
	}
	r, status, ok := parseRules(fs, name)
	if !ok {
		return nil, status, false
	}
	return &r, exitOK, true
}

// parseFormat returns the record format of that name.
func parseFormat(name string) (ogn.Format, bool) {
	for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy, ogn.OpenSpiel} {
		if f.String() == name {
			return f, true
		}
	}
	return 0, false
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
		f, err := os.Open(name)
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
		rp.progress.update(func(elapsed time.Duration) string {
			secs := elapsed.Seconds()
			return fmt.Sprintf("%d games, %d plies, %.1f MB (%.1f MB/s, %.0f games/s)",
				rp.games, rp.plies, float64(counter.n)/1e6, float64(counter.n)/1e6/secs, float64(rp.games)/secs)
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
		fmt.Fprintf(rp.out, "Outcome: %s, after %d %s; the record agrees.\n\n", o, plies, plural(plies, "ply", "plies"))
	} else {
		fmt.Fprintf(rp.out, "Outcome: not over after %d %s (%s to move); the record agrees.\n\n", plies, plural(plies, "ply", "plies"), final.Board().ToMove())
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
		fmt.Fprintf(rp.out, "%d. %s\n%s\n\n", i+1, describe(e), e.After().Diagram())
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
	fmt.Fprintf(rp.out, "Summary: %d %s, %d %s: %d valid, %d invalid", rp.games, plural(rp.games, "game", "games"),
		rp.plies, plural(rp.plies, "ply", "plies"), rp.games-rp.invalid, rp.invalid)
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
