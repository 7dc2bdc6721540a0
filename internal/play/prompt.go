package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/lineio"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// maxInput is the longest input line that is kept; a longer line is read
// and dropped, so that any line is handled.
const maxInput = 1 << 10

// readLine reads a line of input, without its line break and surrounding
// space, and tells whether it was longer than maxInput (then its text is
// dropped). It returns io.EOF at the end of the input and other errors as
// they come.
func readLine(r *bufio.Reader) (string, bool, error) { return lineio.ReadLine(r, maxInput) }

// line is a line of input as readLine reads it.
type line struct {
	text string
	long bool
	err  error
}

// readLine reads a line of the player's input as readLine does, unless an
// interrupt (Ctrl-C) comes first: then it returns errInterrupted, and the
// read goes on, so that the next call returns its line. Input is read only
// while the game waits for it, never while the computer thinks.
func (g *game) readLine() (string, bool, error) {
	if g.pending == nil {
		ch := make(chan line, 1)
		g.pending = ch
		go func() {
			text, long, err := readLine(g.in)
			ch <- line{text, long, err}
		}()
	}
	select {
	case l := <-g.pending:
		g.pending = nil
		return l.text, l.long, l.err
	case <-g.intr:
		return "", false, errInterrupted
	}
}

// humanTurn asks for a move or a command until the player plays a legal
// move. It returns errQuit when the player quits, io.EOF when the input
// ends, and errInterrupted on an interrupt (Ctrl-C).
func (g *game) humanTurn() error {
	for {
		fmt.Fprintf(g.out, "Your move (%s): ", words.Letters(g.now().Moves()))
		text, long, err := g.readLine()
		if err != nil {
			return err
		}
		if long {
			fmt.Fprintf(g.out, "That line is too long. %s\n", g.typeOne())
			continue
		}
		played, err := g.command(text)
		if played || err != nil {
			return err
		}
	}
}

// command carries out one line of the player's input and tells whether it
// played a move.
func (g *game) command(text string) (bool, error) {
	word, arg, _ := strings.Cut(text, " ")
	switch strings.ToLower(word) {
	case "":
		return false, nil
	case "quit", "q", "exit":
		return false, errQuit
	case "board":
		fmt.Fprintf(g.out, "\n%s\n\n", g.diagram())
	case "help", "?":
		g.help()
	case "undo":
		g.undo()
	case "hint":
		return false, g.hint()
	case "save":
		return false, g.save(strings.TrimSpace(arg))
	default:
		return g.tryMove(text), nil
	}
	return false, nil
}

// tryMove plays the pit the player typed, or says in words why not.
func (g *game) tryMove(text string) bool {
	m, ok := g.readPit(text)
	if !ok {
		fmt.Fprintf(g.out, "%s is not a pit or a command. %s\n", quoteInput(text), g.typeOne())
		return false
	}
	e, err := g.now().Explain(m)
	if err != nil {
		fmt.Fprintf(g.out, "%s %s\n", refusal(err), g.typeOne())
		return false
	}
	g.apply(e)
	return true
}

// readPit reads a pit: a letter, in either case, names one of the human's
// own pits; a number 0–11 names any pit.
func (g *game) readPit(text string) (oware.Move, bool) {
	if len(text) == 1 {
		if c := text[0] | 0x20; c >= 'a' && c <= 'f' {
			return oware.Move(oware.PitsPerSide*int(g.human) + int(c-'a')), true
		}
	}
	m, err := oware.ParseMove(text)
	return m, err == nil
}

// quoteInput quotes what the player typed, cut to a few words.
func quoteInput(text string) string {
	const most = 24
	if r := []rune(text); len(r) > most {
		text = string(r[:most]) + "..."
	}
	return fmt.Sprintf("%q", text)
}

// refusal says in words why an illegal move cannot be played, from the
// fields of its *oware.MoveError.
func refusal(err error) string {
	var me *oware.MoveError
	if !errors.As(err, &me) {
		return "That move cannot be played."
	}
	switch {
	case errors.Is(me.Err, oware.ErrEmptyPit):
		return fmt.Sprintf("Pit %s is empty.", me.Move)
	case errors.Is(me.Err, oware.ErrNotYourPit):
		return fmt.Sprintf("Pit %d is %s, one of %s's pits.", me.Move.Pit(), me.Move, me.Move.Player())
	case errors.Is(me.Err, oware.ErrMustFeed):
		return fmt.Sprintf("%s has no seeds, and %s would not give them any: you must sow a pit that reaches their side (R7).",
			me.Player.Opponent(), me.Move)
	case errors.Is(me.Err, oware.ErrGrandSlam):
		return fmt.Sprintf("%s would take every seed %s has, which these rules forbid while another move does not.", me.Move, me.Player.Opponent())
	case errors.Is(me.Err, oware.ErrGameOver):
		return "The game is over."
	}
	return fmt.Sprintf("Pit %s cannot be played.", me.Move)
}

// typeOne tells which pits the player may type.
func (g *game) typeOne() string {
	return "Type one of your pits: " + words.Letters(g.now().Moves()) + "."
}

// undo takes back the player's last move and the computer's replies to it.
func (g *game) undo() {
	for i := len(g.moves) - 1; i >= 0; i-- {
		if g.line[i].Board().ToMove() != g.human {
			continue
		}
		taken := g.moves[i:]
		g.line, g.moves = g.line[:i+1], g.moves[:i]
		fmt.Fprintf(g.out, "Taken back: %s.\n\n%s\n\n", words.MoveList(taken), g.diagram())
		return
	}
	fmt.Fprintln(g.out, "There is no move of yours to take back.")
}

// hint shows the move the computer would play in the player's place.
func (g *game) hint() error {
	r, err := g.think(g.now())
	if err != nil {
		return err
	}
	fmt.Fprintf(g.out, "Hint: the computer would play %s (it looked %d %s ahead).\n", r.Move, r.Depth, words.Plural(r.Depth, "ply", "plies"))
	if say := tablesSay(g.tables, g.history, g.now()); say != "" {
		fmt.Fprintln(g.out, say)
	}
	return nil
}

// hintSolveNodes is the most positions the hint searches for the value
// of a position with its game's history (package solve).
const hintSolveNodes = 1_000_000

// tablesSay returns what the tables tb (nil for none) tell of p: perfect
// play and the best moves, or "" when they do not know p. Where an earlier
// board of the game can still recur (R10), or where package solve's tables
// hist (nil for none) may know more than tb's bounds, the value with the
// game's history is searched for (package solve, cut by the tables'
// bounds, from hist's values); when that search does not prove it, it
// says that the tables do not see the history.
func tablesSay(tb *tablebase.Tables, hist *solve.Tables, p oware.Position) string {
	if tb == nil {
		return ""
	}
	best, v, err := tb.BestMoves(p)
	if err != nil || best == 0 {
		return ""
	}
	if solve.Supported(p.Rules()) && (!firstMet(p) || hist != nil && !v.Exact()) {
		a, err := solve.Analyse(context.Background(), p, solve.Options{Tables: hist, Plain: tb}, solve.Limits{Nodes: hintSolveNodes})
		if err == nil && a.Value.Exact() {
			var moves []oware.Move
			for _, m := range a.Moves {
				if m.Value.Lo() >= a.Value.Hi() {
					moves = append(moves, m.Move)
				}
			}
			return fmt.Sprintf("The tables and a search with this game's history (R10) say: perfect play: %s; best %s %s.", words.Verdict(a.Value, p.Board()),
				words.Plural(len(moves), "move", "moves"), words.MoveList(moves))
		}
	}
	say := fmt.Sprintf("The tables say: perfect play: %s; best %s %s.", words.Verdict(v, p.Board()),
		words.Plural(best.Len(), "move", "moves"), words.MoveList(best.AppendTo(nil)))
	if !firstMet(p) {
		say += " (They count this position as met for the first time; an earlier one may still recur, R10.)"
	}
	return say
}

// help explains the rules being played, in brief, and the commands.
func (g *game) help() {
	fmt.Fprintf(g.out, "\nYour pits are %s, on the bottom row; the computer's are %s, on top.\n%s\n%s\n%s\n\n",
		pitRange(g.human), pitRange(g.human.Opponent()), wrapText(rulesInWords(g.rules), 76), wrapText(`Commands: a pit letter plays it; "undo" takes back your last move, "hint" asks the computer, "save FILE" writes the game (resume it with "oware play -load FILE"), "board" shows the board, "quit" stops. Ctrl-C stops the game and offers to save it.`, 76), g.typeOne())
}
