// Package play is the game of oware play: a person at the terminal
// against the built-in engine, move by move, with undo, hints, saving and
// resuming as OGN, Ctrl-C at any point; and oware demo, a game between two
// computer players.
package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// DefaultTime is the computer's time per move.
const DefaultTime = time.Second

// Keys tells what can be typed during a game.
const Keys = `During the game, type one of your pits (A-F for South, a-f for North,
in either case), or: undo (take back your last move and the reply), hint
(the computer's suggestion), save FILE (write the game as OGN), board,
help (the rules being played) or quit. What is typed while the computer
thinks is ignored. Ctrl-C at any point stops the game and offers to save
it.`

// Options set up a game.
type Options struct {
	In  io.Reader // the player's lines; Ctrl-C is the interrupt signal
	Out io.Writer // the game; when it is a terminal, the computer's thinking too
	// Side is the person's side. Without it, the person plays South, or,
	// with Load, the side the record names "You".
	Side *oware.Player
	// Level is the deepest the computer searches, 1 to engine.MaxDepth
	// plies; 0 for the level of a loaded game, or else engine.MaxDepth,
	// where the time alone decides.
	Level int
	// Elo, when not 0, is the computer's strength, engine.MinElo to
	// engine.MaxElo (engine.Limits.Elo); 0 for that of a loaded game, or
	// else full strength.
	Elo int
	// Time is the computer's time per move; 0 for that of a loaded game,
	// or else DefaultTime.
	Time time.Duration
	// Rules are the rules of the game; a loaded record's Variant tag
	// names its own.
	Rules oware.Rules
	// Start is the position to start from; the zero Board stands for the
	// opening.
	Start oware.Board
	// Load names the file of a saved game to resume, in place of Start.
	Load string
	// Tables are endgame tables under Rules, or nil.
	Tables *tablebase.Tables
	// History are package solve's tables under Rules, or nil: the hint
	// starts its search of a value with history from them.
	History *solve.Tables
}

// Run plays the game that opt sets up, until its end, until the player
// quits or leaves after Ctrl-C, or until the input ends. It returns an
// error when the game cannot be set up (a saved game that cannot be
// read) and on a failure to write.
func Run(opt Options) error {
	g := &game{in: bufio.NewReader(opt.In), out: opt.Out, human: oware.South, level: opt.Level, elo: opt.Elo, limit: opt.Time,
		rules: opt.Rules, tables: opt.Tables, history: opt.History}
	if opt.Side != nil {
		g.human = *opt.Side
	}
	var err error
	if g.engine, err = engine.New(engine.Options{Tables: g.tables, Now: g.clock}); err != nil {
		return err
	}
	if onTerminal(opt.Out) {
		g.status = opt.Out
	}
	if f, ok := opt.In.(*os.File); ok && onTerminal(f) {
		g.tty = f
	}
	switch {
	case opt.Load != "":
		if err := g.load(opt.Load, opt.Side == nil); err != nil {
			return err
		}
	case opt.Start.Valid():
		g.line = []oware.Position{g.rules.Position(opt.Start)}
	default:
		g.line = []oware.Position{g.rules.Start()}
	}
	if g.level == 0 {
		g.level = engine.MaxDepth
	}
	if g.limit == 0 {
		g.limit = DefaultTime
	}
	if opt.Load != "" {
		fmt.Fprintf(g.out, "Resumed the game saved in %s after %s.\n", opt.Load, words.Count(len(g.moves), "ply", "plies"))
	}
	return g.play()
}

// maxSaved is the most bytes that -load reads from a file: far more than
// the longest game that package ogn reads (10,000 plies, some 60 KB of
// OGN), far less than would strain memory.
const maxSaved = 1 << 20

// errDirectory is the error of a directory given as a saved game.
var errDirectory = errors.New("is a directory, not a saved game")

// errTooLarge is the error of a -load file longer than maxSaved bytes.
var errTooLarge = fmt.Errorf("larger than %d bytes, more than any saved game", maxSaved)

// readSaved reads the one game record of the file name for -load. It reads
// the file as a stream, at most maxSaved bytes of it, and stops at the
// first error: a larger file, a file that is no game record or one that
// holds more than one is refused without reading the rest.
func readSaved(name string) (ogn.Game, error) {
	f, err := os.Open(name)
	if err != nil {
		return ogn.Game{}, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return ogn.Game{}, &fs.PathError{Op: "read", Path: name, Err: errDirectory}
	}
	rd := ogn.NewReader(&cappedReader{r: f, left: maxSaved})
	g, err := rd.Read()
	if err == nil {
		if _, err = rd.Read(); err == nil {
			return ogn.Game{}, fmt.Errorf("%s holds more than one game record; want one", name)
		}
		if err == io.EOF {
			return g, nil
		}
	}
	switch {
	case err == io.EOF:
		return ogn.Game{}, fmt.Errorf("%s holds no game record", name)
	case errors.Is(err, errTooLarge):
		return ogn.Game{}, fmt.Errorf("%s is %w", name, errTooLarge)
	}
	return ogn.Game{}, err
}

// cappedReader reads from r at most left bytes, and then fails with
// errTooLarge if r has more.
type cappedReader struct {
	r    io.Reader
	left int64
}

// Read reads from c.r within the cap.
func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		if n, err := c.r.Read(one[:]); n == 0 {
			return 0, err
		}
		return 0, errTooLarge
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// game is a game of oware play in progress.
type game struct {
	in      *bufio.Reader
	pending chan line      // the line being read, while a read goes on; see readLine
	tty     *os.File       // the input when it is a terminal, whose typed-ahead lines are dropped; nil if not
	intr    chan os.Signal // the interrupts (Ctrl-C) during the game
	out     io.Writer
	status  io.Writer // the terminal, for the line that shows the computer thinking; nil if none
	human   oware.Player
	level   int               // the deepest search
	elo     int               // the strength of its play (engine.Limits.Elo), 0 for full
	limit   time.Duration     // the computer's time per move
	rules   oware.Rules       // the rules of the game
	tables  *tablebase.Tables // endgame tables; nil if none
	history *solve.Tables     // package solve's tables; nil if none
	engine  *engine.Engine    // the computer, with the tables
	// While the computer thinks: the end of its search, and whether an
	// interrupt came (see clock).
	stopThinking context.CancelFunc
	interrupted  bool
	line         []oware.Position
	moves        []oware.Move // moves[i] leads from line[i] to line[i+1]
}

// Reasons that end a game before its end.
var (
	errQuit        = errors.New("quit")        // the player typed quit
	errInterrupted = errors.New("interrupted") // Ctrl-C
)

// now returns the position of the game.
func (g *game) now() oware.Position { return g.line[len(g.line)-1] }

// play runs the game to its end, or until the player quits, interrupts it
// (Ctrl-C, which offers to save it) or the input ends. It fails only on an
// I/O error.
func (g *game) play() error {
	g.intr = make(chan os.Signal, 1)
	notifyInterrupt(g.intr)
	defer stopInterrupt(g.intr)
	fmt.Fprintf(g.out, "You play %s (pits %s) by the %s rules; the computer plays %s, %s.\n",
		g.human, pitRange(g.human), g.rules, g.human.Opponent(), g.pace())
	fmt.Fprintf(g.out, "Type a pit letter to sow that pit, \"help\" for the rules, \"quit\" to stop.\n\n%s\n\n", g.diagram())
	for g.now().Moves().Len() > 0 {
		var err error
		if g.now().Board().ToMove() == g.human {
			err = g.humanTurn()
		} else {
			err = g.computerTurn()
		}
		switch {
		case errors.Is(err, errQuit):
			fmt.Fprintln(g.out, "You stopped the game.")
			return nil
		case errors.Is(err, io.EOF):
			fmt.Fprintln(g.out, "\nEnd of input: the game is left unfinished.")
			return nil
		case errors.Is(err, errInterrupted):
			return g.offerSave()
		case err != nil:
			return err
		}
	}
	g.gameOver()
	return nil
}

// pace says how strong the computer plays and how long it thinks: "up to
// 9 plies deep and 1s a move", or "1s a move" where its level sets no
// bound that the time does not reach first, after "at 800 Elo, " when it
// plays at a level of strength.
func (g *game) pace() string {
	strength := ""
	if g.elo != 0 {
		strength = fmt.Sprintf("at %d Elo, ", g.elo)
	}
	if g.level >= engine.MaxDepth {
		return strength + g.limit.String() + " a move"
	}
	return fmt.Sprintf("%sup to %s deep and %s a move", strength, words.Count(g.level, "ply", "plies"), g.limit)
}

// gameOver tells the outcome.
func (g *game) gameOver() {
	o := g.now().Outcome()
	fmt.Fprintf(g.out, "Game over: %s. ", o)
	switch w, ok := o.Winner(); {
	case !ok:
		fmt.Fprintln(g.out, "A draw.")
	case w == g.human:
		fmt.Fprintln(g.out, "You win!")
	default:
		fmt.Fprintln(g.out, "The computer wins.")
	}
}

// diagram draws the board from the human's side.
func (g *game) diagram() string { return words.Diagram(g.now(), g.human) }

// apply plays what e tells and shows it.
func (g *game) apply(e oware.Effect) {
	g.line = append(g.line, e.After())
	g.moves = append(g.moves, e.Move())
	fmt.Fprintf(g.out, "%s\n\n%s\n\n", words.Describe(e), g.diagram())
}

// computerTurn lets the computer choose and play its move.
func (g *game) computerTurn() error {
	r, err := g.think(g.now())
	if err != nil {
		return err
	}
	e, err := g.now().Explain(r.Move)
	if err != nil {
		return err
	}
	if r.TableMove {
		fmt.Fprintf(g.out, "The computer knows this endgame: %s.\n", words.Verdict(r.TableValue, g.now().Board()))
	} else {
		fmt.Fprintf(g.out, "The computer looked %d %s ahead (%s).\n", r.Depth, words.Plural(r.Depth, "ply", "plies"), rating(r.Score))
	}
	g.apply(e)
	return nil
}

// rating words the computer's score of its move.
func rating(score engine.Score) string {
	if plies, ok := score.Mate(); ok {
		if plies > 0 {
			return "it sees a forced win"
		}
		return "it sees a forced loss"
	}
	return fmt.Sprintf("evaluation %+.2f seeds for it", score.Seeds())
}

// pitRange names the pits of pl's side.
func pitRange(pl oware.Player) string {
	if pl == oware.South {
		return "A-F"
	}
	return "a-f"
}
