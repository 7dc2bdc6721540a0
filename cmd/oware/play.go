package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/engine"
)

// defaultLevel is the search depth of the computer in oware play: a few
// hundredths of a second per move on a laptop, and well beyond a casual
// player.
const defaultLevel = 9

// runPlay plays a game between a person, reading moves from stdin, and the
// built-in player.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("play", "[-level N] [-side S|N] [-start POSITION]", stderr)
	level := fs.Int("level", defaultLevel, "search depth of the computer, 1 to 40 (deeper is stronger and slower)")
	side := fs.String("side", "S", "your side: S (South, pits A-F, moves first) or N (North, pits a-f)")
	startText := fs.String("start", "", "the position to start from (default the opening)")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) > 0 {
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	}
	if *level < 1 || *level > engine.MaxDepth {
		return usageError(stderr, fs, "-level %d: want 1 to %d", *level, engine.MaxDepth)
	}
	var human oware.Player
	switch strings.ToLower(*side) {
	case "s", "south":
		human = oware.South
	case "n", "north":
		human = oware.North
	default:
		return usageError(stderr, fs, "-side %q: want S or N", *side)
	}
	p := oware.Start()
	if *startText != "" {
		if p, err = oware.ParsePosition(*startText); err != nil {
			return fail(stderr, "play", err)
		}
	}
	g := &game{in: bufio.NewScanner(stdin), out: stdout, human: human, level: *level}
	if err := g.play(p); err != nil {
		return fail(stderr, "play", err)
	}
	return exitOK
}

// game is a game of oware play in progress.
type game struct {
	in    *bufio.Scanner
	out   io.Writer
	human oware.Player
	level int
}

// errQuit ends a game at the player's request.
var errQuit = errors.New("quit")

// play runs the game from p to its end, or until the player quits or the
// input ends. It fails only on a read error.
func (g *game) play(p oware.Position) error {
	computer := g.human.Opponent()
	fmt.Fprintf(g.out, "You play %s (pits %s); the computer plays %s at level %d.\n",
		g.human, pitLetters(g.human), computer, g.level)
	fmt.Fprintf(g.out, "Type a pit letter to sow that pit, \"help\" for help, \"quit\" to stop.\n\n%s\n\n", p.Diagram())
	for p.Moves().Len() > 0 {
		var e oware.Effect
		var err error
		if p.Board().ToMove() == g.human {
			e, err = g.humanMove(p)
			switch {
			case errors.Is(err, errQuit):
				fmt.Fprintln(g.out, "You stopped the game.")
				return nil
			case errors.Is(err, io.EOF):
				fmt.Fprintln(g.out, "\nEnd of input: the game is left unfinished.")
				return nil
			case err != nil:
				return err
			}
		} else {
			var r engine.Result
			if e, r, err = computerMove(p, g.level); err != nil {
				return err
			}
			fmt.Fprintf(g.out, "The computer looked %d %s ahead (%s).\n", r.Depth, plural(r.Depth, "ply", "plies"), rating(r.Score))
		}
		fmt.Fprintf(g.out, "%s\n\n%s\n\n", describe(e), e.After.Diagram())
		p = e.After
	}
	o := p.Outcome()
	fmt.Fprintf(g.out, "Game over: %s. ", o)
	switch w, ok := o.Winner(); {
	case !ok:
		fmt.Fprintln(g.out, "A draw.")
	case w == g.human:
		fmt.Fprintln(g.out, "You win!")
	default:
		fmt.Fprintln(g.out, "The computer wins.")
	}
	return nil
}

// rating words the computer's score of its move.
func rating(score int) string {
	switch {
	case score >= engine.Win-engine.MaxDepth:
		return "it sees a forced win"
	case score <= -engine.Win+engine.MaxDepth:
		return "it sees a forced loss"
	}
	return fmt.Sprintf("evaluation %+.2f seeds for it", float64(score)/engine.SeedValue)
}

// humanMove asks for a move until the player gives a legal one, and
// returns what it does. It returns errQuit when the player quits and
// io.EOF when the input ends.
func (g *game) humanMove(p oware.Position) (oware.Effect, error) {
	for {
		fmt.Fprintf(g.out, "Your move %s: ", p.Moves())
		if !g.in.Scan() {
			if err := g.in.Err(); err != nil {
				return oware.Effect{}, err
			}
			return oware.Effect{}, io.EOF
		}
		text := strings.TrimSpace(g.in.Text())
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "q", "exit":
			return oware.Effect{}, errQuit
		case "board", "b?":
			fmt.Fprintf(g.out, "\n%s\n\n", p.Diagram())
			continue
		case "help", "?", "h":
			g.help(p)
			continue
		}
		m, err := oware.ParseMove(text)
		if err == nil {
			var e oware.Effect
			if e, err = p.Explain(m); err == nil {
				return e, nil
			}
		}
		fmt.Fprintf(g.out, "Not a legal move: %s.%s\n", strings.TrimPrefix(err.Error(), "oware: "), g.hint(p, err))
	}
}

// hint adds advice to the error of an illegal move.
func (g *game) hint(p oware.Position, err error) string {
	switch {
	case errors.Is(err, oware.ErrNotYourPit):
		return " Your pits are " + pitLetters(g.human) + "."
	case errors.Is(err, oware.ErrMustFeed):
		return fmt.Sprintf(" %s has no seeds: sow a pit that reaches their side (R7).", g.human.Opponent())
	case errors.Is(err, oware.ErrSyntax):
		return " Type one of " + p.Moves().String() + "."
	}
	return ""
}

// help explains the game in brief, with the legal moves at p.
func (g *game) help(p oware.Position) {
	fmt.Fprintf(g.out, `
Your pits are %s, on the %s row; the computer's are %s.
Sowing takes every seed of the pit and drops them one by one counter-
clockwise. When your last seed lands on the computer's side and makes that
pit 2 or 3, you capture it, and the pits before it while they hold 2 or 3
too, unless that would take every seed the computer has. When the
computer's side is empty you must give it seeds. 25 seeds win.
The legal moves now are %s. "board" shows the board, "quit" stops.

`, pitLetters(g.human), map[oware.Player]string{oware.South: "bottom", oware.North: "top"}[g.human],
		pitLetters(g.human.Opponent()), p.Moves())
}

// pitLetters names the pits of pl's side.
func pitLetters(pl oware.Player) string {
	if pl == oware.South {
		return "A-F"
	}
	return "a-f"
}
