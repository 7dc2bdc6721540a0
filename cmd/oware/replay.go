package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// runReplay verifies the OGN game records of a file (or of stdin for "-"):
// it replays every game under the rules, printing each move and position
// and the outcome, and fails with the reason on the first ply, capture mark
// or result that disagrees with the rules. Every game of the file is
// checked; the status is exitFail if any is wrong.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("replay", "[-q] FILE (\"-\" for stdin)", stderr)
	quiet := fs.Bool("q", false, "print only the verdict of each game, no boards")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) != 1 {
		return usageError(stderr, fs, "want one FILE, or - for stdin")
	}
	name := pos[0]
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fail(stderr, "replay", err)
		}
		defer f.Close()
		in = f
	} else {
		name = "stdin"
	}
	games, parseErr := ogn.Parse(in)
	bad := 0
	for i, g := range games {
		if err := replayGame(stdout, i+1, g, *quiet); err != nil {
			fmt.Fprintf(stderr, "oware replay: %s: game %d: %s\n", name, i+1, plain(err))
			bad++
		}
	}
	if parseErr != nil {
		fmt.Fprintf(stderr, "oware replay: %s: %s\n", name, plain(parseErr))
		return exitFail
	}
	if len(games) == 0 {
		fmt.Fprintf(stderr, "oware replay: %s: no game record\n", name)
		return exitFail
	}
	if bad > 0 {
		return exitFail
	}
	return exitOK
}

// replayGame replays game number n and prints it: the moves that are legal
// before any error, and the outcome. It returns the *ogn.ReplayError of a
// record that disagrees with the rules.
func replayGame(w io.Writer, n int, g ogn.Game, quiet bool) error {
	fmt.Fprintf(w, "Game %d%s\n", n, gameTitle(g))
	positions, err := g.Replay()
	if len(positions) > 0 && !quiet {
		fmt.Fprintf(w, "\n%s\n\n", positions[0].Diagram())
	}
	for i := 1; i < len(positions); i++ {
		e, xerr := positions[i-1].Explain(g.Moves[i-1].Move)
		if xerr != nil { // cannot happen: Replay played this move
			return xerr
		}
		if !quiet {
			fmt.Fprintf(w, "%d. %s\n%s\n\n", i, describe(e), positions[i].Diagram())
		}
	}
	if err != nil {
		var re *ogn.ReplayError
		if errors.As(err, &re) && re.Ply > 0 {
			fmt.Fprintf(w, "Illegal record at ply %d: %s\n\n", re.Ply, plain(re.Err))
		} else {
			fmt.Fprintf(w, "Illegal record: %s\n\n", plain(err))
		}
		return err
	}
	final := positions[len(positions)-1]
	o := final.Outcome()
	if o.Over() {
		fmt.Fprintf(w, "Outcome: %s, after %d %s; the record agrees.\n\n", o, len(g.Moves), plural(len(g.Moves), "ply", "plies"))
	} else {
		fmt.Fprintf(w, "Outcome: not over after %d %s (%s to move); the record agrees.\n\n", len(g.Moves), plural(len(g.Moves), "ply", "plies"), final.Board().ToMove())
	}
	return nil
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

// orUnknown returns s, or "?" when it is empty.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// plain returns err's message without the package prefix.
func plain(err error) string {
	s := err.Error()
	for _, prefix := range []string{"ogn: ", "oware: "} {
		s = strings.TrimPrefix(s, prefix)
	}
	return s
}
