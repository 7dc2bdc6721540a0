package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/tablebase"
)

// defaultLevel is the search depth of the computer in oware match: a few
// hundredths of a second per move, and well beyond a casual player.
const defaultLevel = 9

// defaultThinkTime is the computer's time per move in oware play.
const defaultThinkTime = time.Second

// playUsage is the synopsis of oware play.
const playUsage = "[-level N] [-time DURATION] [-side S|N] [-rules NAME] [-tablebase DIR] [-start POSITION | -load FILE]"

// playKeys tells what can be typed during a game, after the flags in the
// help of oware play.
const playKeys = `
During the game, type one of your pits (A-F for South, a-f for North, in
either case), or: undo (take back your last move and the reply), hint (the
computer's suggestion), save FILE (write the game as OGN), board, help (the
rules being played) or quit. What is typed while the computer thinks is
ignored. Ctrl-C at any point stops the game and offers to save it.
`

// runPlay plays a game between a person, reading moves from stdin, and the
// built-in player.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("play", playUsage, stderr)
	level := fs.Int("level", engine.MaxDepth, "the deepest the computer searches, 1 to 40 plies")
	limit := fs.Duration("time", defaultThinkTime, "the computer's time per move, such as 1s or 300ms")
	side := fs.String("side", "S", "your side: S (South, pits A-F, moves first) or N (North, pits a-f)")
	startText := fs.String("start", "", "the position to start from: a position string or a PlayStrategy FEN (default the opening)")
	load := fs.String("load", "", "resume the game saved in FILE (OGN, as \"save FILE\" writes it)")
	rulesName := rulesFlag(fs)
	tables := fs.String("tablebase", "", "play endgames perfectly from the tables in DIR (oware tablebase build)")
	flagsUsage := fs.Usage
	fs.Usage = func() {
		flagsUsage()
		fmt.Fprint(fs.Output(), playKeys)
	}
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *level < 1 || *level > engine.MaxDepth:
		return usageError(stderr, fs, "-level %d: want 1 to %d", *level, engine.MaxDepth)
	case *limit <= 0:
		return usageError(stderr, fs, "-time %s: want a duration above 0, such as 1s", *limit)
	case *startText != "" && *load != "":
		return usageError(stderr, fs, "-start and -load: give one or the other")
	}
	human, ok := parseSide(*side)
	if !ok {
		return usageError(stderr, fs, "-side %q: want S or N", *side)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	g := &game{in: bufio.NewReader(stdin), out: stdout, human: human, level: *level, limit: *limit, rules: rules}
	if g.tables, status = openTables(fs, "play", *tables, rules, stderr); status != exitOK {
		return status
	}
	if g.engine, err = engine.New(engine.Options{Tables: g.tables, Now: g.clock}); err != nil {
		return fail(stderr, "play", err)
	}
	if onTerminal(stdout) {
		g.status = stdout
	}
	if f, ok := stdin.(*os.File); ok && onTerminal(f) {
		g.tty = f
	}
	if code := g.setUp(fs, *startText, *load, stderr); code != exitOK {
		return code
	}
	if err := g.play(); err != nil {
		return fail(stderr, "play", err)
	}
	return exitOK
}

// parseSide reads the -side flag.
func parseSide(s string) (oware.Player, bool) {
	switch strings.ToLower(s) {
	case "s", "south":
		return oware.South, true
	case "n", "north":
		return oware.North, true
	}
	return 0, false
}

// setUp gives g its first position: the opening, -start or the game saved
// in -load, whose record also tells the human's side unless -side is
// given. It returns an exit status other than exitOK on an error.
func (g *game) setUp(fs *flag.FlagSet, startText, load string, stderr io.Writer) int {
	switch {
	case load != "":
		if err := g.load(load, !isSet(fs, "side")); err != nil {
			return fail(stderr, "play", err)
		}
		fmt.Fprintf(g.out, "Resumed the game saved in %s after %d %s.\n", load, len(g.moves), plural(len(g.moves), "ply", "plies"))
	case startText != "":
		b, err := ogn.ParseBoardOrFEN(startText)
		if err != nil {
			return usageError(stderr, fs, "-start %q is not a position string or a FEN: %s", startText, parseProblem(err))
		}
		g.line = []oware.Position{g.rules.Position(b)}
	default:
		g.line = []oware.Position{g.rules.Start()}
	}
	return exitOK
}

// maxSaved is the most bytes that -load reads from a file: far more than
// the longest game that package ogn reads (10,000 plies, some 60 KB of
// OGN), far less than would strain memory.
const maxSaved = 1 << 20

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

// parseProblem says in words what is wrong with a position text, from the
// fields of its *oware.ParseError.
func parseProblem(err error) string {
	var pe *oware.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("at byte %d, %s", pe.Offset, pe.Msg)
	}
	return err.Error()
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
	limit   time.Duration     // the computer's time per move
	rules   oware.Rules       // the rules of the game
	tables  *tablebase.Tables // endgame tables; nil if none
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
	fmt.Fprintf(g.out, "You play %s (pits %s) by the %s rules; the computer plays %s, up to %d %s deep and %s a move.\n",
		g.human, pitRange(g.human), g.rules, g.human.Opponent(), g.level, plural(g.level, "ply", "plies"), g.limit)
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
func (g *game) diagram() string { return diagram(g.now(), g.human) }

// apply plays what e tells and shows it.
func (g *game) apply(e oware.Effect) {
	g.line = append(g.line, e.After())
	g.moves = append(g.moves, e.Move())
	fmt.Fprintf(g.out, "%s\n\n%s\n\n", describe(e), g.diagram())
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
		fmt.Fprintf(g.out, "The computer knows this endgame: %s.\n", verdict(r.TableValue, g.now().Board()))
	} else {
		fmt.Fprintf(g.out, "The computer looked %d %s ahead (%s).\n", r.Depth, plural(r.Depth, "ply", "plies"), rating(r.Score))
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
