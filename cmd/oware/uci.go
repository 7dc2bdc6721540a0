package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/engine"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/tablebase"
)

// uciUsage is the synopsis of oware uci.
const uciUsage = "[-rules NAME] [-hash MB] [-tablebase DIR | -endgame N]"

// Limits of the Hash option, in MB, and its default.
const (
	minHashMB     = 1
	maxHashMB     = 4096
	defaultHashMB = 64
)

// The seeds up to which oware uci solves endgames when it starts, by
// default (as many as Aalina's endgame database holds) and at most.
const (
	defaultEndgame = 12
	maxEndgame     = 15
)

// maxUCILine is the longest command line read in full: a move list of a
// few thousand plies. A longer line is read, dropped and reported.
const maxUCILine = 64 << 10

// runUCI serves the engine protocol of Aalina and Aualé (UCI adapted to
// Oware) on stdin and stdout until "quit" or the end of stdin.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("uci", uciUsage, stderr)
	rulesName := rulesFlag(fs)
	hash := fs.Int("hash", defaultHashMB, fmt.Sprintf("the size of the transposition table in MB, %d to %d (the Hash option)", minHashMB, maxHashMB))
	tablesDir := fs.String("tablebase", "", "play endgames perfectly from the tables in DIR (oware tablebase build)")
	endgame := fs.Int("endgame", defaultEndgame, fmt.Sprintf("without -tablebase, solve the endgames of up to N seeds when starting, 0 to %d (0: none)", maxEndgame))
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *hash < minHashMB || *hash > maxHashMB:
		return usageError(stderr, fs, "-hash %d: want %d to %d", *hash, minHashMB, maxHashMB)
	case *endgame < 0 || *endgame > maxEndgame:
		return usageError(stderr, fs, "-endgame %d: want 0 to %d", *endgame, maxEndgame)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	tables, status := openTables(fs, "uci", *tablesDir, rules, stderr)
	if status != exitOK {
		return status
	}
	if !tablebase.Supported(rules) {
		*endgame = 0 // no tables to solve
	}
	u, err := newUCIServer(rules, *hash, tables, *endgame, stdout)
	if err != nil {
		return fail(stderr, "uci", err)
	}
	if err := u.serve(stdin); err != nil {
		return fail(stderr, "uci", err)
	}
	return exitOK
}

// uciServer is the state of an engine session: the position to search,
// the options, and the search running, if any. Commands are read and
// handled in one goroutine; a search runs in another, which writes its
// reports and its best move.
type uciServer struct {
	rules  oware.Rules
	out    io.Writer
	outMu  sync.Mutex // one line at a time on out
	eng    *engine.Engine
	hashMB int
	// tables are the endgame tables, nil while there are none; ready is
	// closed once they are solved (see solveEndgames), at once otherwise.
	// The engine asks them about positions of up to seeds seeds.
	tables atomic.Pointer[tablebase.Tables]
	seeds  int
	ready  chan struct{}
	cancel func() // stops the solving of the tables
	pos    oware.Position
	search *uciSearch // the search started by the last go, until stop or its end; nil if none
}

// newUCIServer returns a server of a game under rules, with a table of
// hashMB MB, that writes to out, with the endgame tables tables, or
// without (nil) those it solves of up to endgame seeds (see
// solveEndgames; 0 for none, and endgame must be 0 where the tables do
// not support rules).
func newUCIServer(rules oware.Rules, hashMB int, tables *tablebase.Tables, endgame int, out io.Writer) (*uciServer, error) {
	u := &uciServer{rules: rules, out: out, pos: rules.Start(), ready: make(chan struct{}), cancel: func() {}}
	switch {
	case tables != nil:
		u.tables.Store(tables)
		u.seeds = tables.MaxSeeds(rules)
	case endgame > 0:
		u.seeds = endgame // before setHash, which gives the engine its probe
	}
	if err := u.setHash(hashMB); err != nil {
		return nil, err
	}
	if tables == nil && endgame > 0 {
		u.solveEndgames()
	} else {
		close(u.ready)
	}
	return u, nil
}

// solveEndgames solves the endgames of up to u.seeds seeds in the
// background, as Aalina loads its endgame database when it starts:
// "isready" is answered once they are solved, and a search started before
// that searches without them. An error is reported as an info string, and
// the engine goes on without tables.
func (u *uciServer) solveEndgames() {
	ctx, cancel := context.WithCancel(context.Background())
	u.cancel = cancel
	go func() {
		defer close(u.ready)
		tb, err := tablebase.Compute(ctx, u.rules, u.seeds, tablebase.BuildOptions{})
		switch {
		case err == nil:
			u.tables.Store(tb)
		case ctx.Err() == nil:
			u.complain("endgame tables: %s", err)
		}
	}()
}

// setHash gives u an engine with a table of mb MB.
func (u *uciServer) setHash(mb int) error {
	opt := engine.Options{TableSize: mb << 20}
	if u.seeds > 0 {
		opt.ProbeSeeds = u.seeds
		opt.Probe = func(p oware.Position) (int, int, bool) {
			if tb := u.tables.Load(); tb != nil {
				return tableBounds(tb, p)
			}
			return 0, 0, false
		}
	}
	eng, err := engine.New(opt)
	if err != nil {
		return err
	}
	u.eng, u.hashMB = eng, mb
	return nil
}

// send writes one line.
func (u *uciServer) send(format string, a ...any) {
	u.outMu.Lock()
	defer u.outMu.Unlock()
	fmt.Fprintf(u.out, format+"\n", a...)
}

// complain reports bad input, which changes nothing.
func (u *uciServer) complain(format string, a ...any) {
	u.send("info string error: "+format, a...)
}

// serve reads and handles commands until quit or the end of in. After
// quit it stops the search running, if any; at the end of in it lets the
// search end as its go command said, but for one that waits for stop. It
// fails only on a read error.
func (u *uciServer) serve(in io.Reader) error {
	defer u.finish()
	defer func() { u.cancel(); <-u.ready }()
	r := bufio.NewReader(in)
	for {
		line, long, err := readLineMax(r, maxUCILine)
		switch {
		case errors.Is(err, io.EOF):
			if s := u.search; s != nil && !s.hold {
				<-s.done
			}
			return nil
		case err != nil:
			return err
		case long:
			u.complain("a line longer than %d bytes, ignored", maxUCILine)
			continue
		}
		if !u.handle(line) {
			return nil
		}
	}
}

// finish ends the search running, if any, once its best move is written.
func (u *uciServer) finish() {
	if u.search != nil {
		u.search.end()
		u.search = nil
	}
}

// handle carries out one command line and tells whether to go on.
func (u *uciServer) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	if u.search != nil && u.search.finished() {
		u.search = nil
	}
	switch cmd {
	case "uci":
		u.send("id name oware (github.com/seed3966233f/oware, %s rules)", u.rules)
		u.send("id author the oware authors")
		u.send("option name Hash type spin default %d min %d max %d", defaultHashMB, minHashMB, maxHashMB)
		u.send("uciok")
	case "isready":
		<-u.ready
		u.send("readyok")
	case "debug":
		if len(args) != 1 || (args[0] != "on" && args[0] != "off") {
			u.complain("want \"debug on\" or \"debug off\"")
		}
	case "setoption":
		u.setOption(args)
	case "ucinewgame":
		if u.busy(cmd) {
			break
		}
		u.pos = u.rules.Start()
	case "position":
		p, err := u.parsePosition(args)
		if err != nil {
			u.complain("%s", err)
			break
		}
		u.pos = p
	case "go":
		u.goCommand(args)
	case "stop":
		u.finish()
	case "ponderhit":
		if u.search != nil {
			u.search.ponderhit()
		}
	case "quit":
		return false
	default:
		u.complain("unknown command %q", cmd)
	}
	return true
}

// busy tells, with a complaint, whether a search is running, which cmd
// may not interrupt.
func (u *uciServer) busy(cmd string) bool {
	if u.search == nil {
		return false
	}
	u.complain("%s during a search: send stop first", cmd)
	return true
}

// setOption carries out "setoption name NAME [value VALUE]".
func (u *uciServer) setOption(args []string) {
	if len(args) < 2 || args[0] != "name" {
		u.complain("want \"setoption name NAME value VALUE\"")
		return
	}
	i := 1
	for i < len(args) && args[i] != "value" {
		i++
	}
	name := strings.Join(args[1:i], " ")
	value := ""
	if i < len(args) {
		value = strings.Join(args[i+1:], " ")
	}
	switch strings.ToLower(name) {
	case "hash":
		mb, err := strconv.Atoi(value)
		switch {
		case err != nil || mb < minHashMB || mb > maxHashMB:
			u.complain("Hash %q: want %d to %d (MB)", value, minHashMB, maxHashMB)
		case u.busy("setoption"):
		default:
			if err := u.setHash(mb); err != nil {
				u.complain("Hash %d: %s", mb, err)
			}
		}
	case "ownbook", "ponder":
		// Standard options that GUIs set (Aualé sets OwnBook): there is
		// no book, and pondering needs no preparation.
	default:
		u.complain("unknown option %q", name)
	}
}

// parsePosition reads the arguments of "position": "startpos" or "fen"
// and a board (a position string as Aalina and Aualé write it, or a
// PlayStrategy FEN), then optionally "moves" and pit letters, together
// ("FfE", as Aualé and Aalina write them) or apart ("F f E").
func (u *uciServer) parsePosition(args []string) (oware.Position, error) {
	if len(args) == 0 {
		return oware.Position{}, errors.New("want \"position startpos\" or \"position fen BOARD\", then optionally \"moves\" and moves")
	}
	var p oware.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		p = u.rules.Start()
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		text := strings.Join(rest[:i], " ")
		b, err := ogn.ParseBoardOrFEN(text)
		if err != nil {
			return p, fmt.Errorf("position fen %q: %s", text, parseProblem(err))
		}
		p, rest = u.rules.Position(b), rest[i:]
	default:
		return p, fmt.Errorf("position %q: want startpos or fen", args[0])
	}
	if len(rest) == 0 {
		return p, nil
	}
	if rest[0] != "moves" {
		return p, fmt.Errorf("position: %q where \"moves\" or the end was expected", rest[0])
	}
	ply := 0
	for _, word := range rest[1:] {
		for i := range len(word) {
			m, err := oware.ParseMove(word[i : i+1])
			if c := word[i] | 0x20; err != nil || c < 'a' || c > 'f' { // letters only: "2" is no move here
				return p, fmt.Errorf("position: move %d, %q, is not a pit letter (A-F, a-f)", ply+1, word[i:i+1])
			}
			next, err := p.Play(m)
			if err != nil {
				return p, fmt.Errorf("position: move %d, %s, at %s: %s", ply+1, m, p.Board(), moveProblem(err))
			}
			p = next
			ply++
		}
	}
	return p, nil
}

// moveProblem says why a move is illegal, without the package's prefix.
func moveProblem(err error) string {
	var me *oware.MoveError
	if errors.As(err, &me) {
		return me.Err.Error()
	}
	return err.Error()
}

// goParams are the arguments of "go".
type goParams struct {
	depth     int
	depthSet  bool // depth was given
	movetime  time.Duration
	infinite  bool
	ponder    bool
	clock     [2]time.Duration // time left, by player (wtime is South's, btime North's)
	increment [2]time.Duration
	movesToGo int
}

// parseGo reads the arguments of "go".
func parseGo(args []string) (goParams, error) {
	g := goParams{depth: engine.MaxDepth}
	for i := 0; i < len(args); i++ {
		word := args[i]
		switch word {
		case "infinite":
			g.infinite = true
			continue
		case "ponder":
			g.ponder = true
			continue
		case "depth", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
		default:
			return g, fmt.Errorf("go: unknown parameter %q", word)
		}
		if i+1 == len(args) {
			return g, fmt.Errorf("go: %s wants a number", word)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil || n < 0 || n > 1e9 {
			return g, fmt.Errorf("go %s %q: want a number from 0 to 1000000000", word, args[i])
		}
		ms := time.Duration(n) * time.Millisecond
		switch word {
		case "depth":
			if n < 1 {
				return g, fmt.Errorf("go depth %d: want at least 1", n)
			}
			g.depth, g.depthSet = int(min(n, engine.MaxDepth)), true
		case "movetime":
			if n < 1 {
				return g, fmt.Errorf("go movetime %d: want at least 1 (ms)", n)
			}
			g.movetime = ms
		case "wtime":
			g.clock[oware.South] = ms
		case "btime":
			g.clock[oware.North] = ms
		case "winc":
			g.increment[oware.South] = ms
		case "binc":
			g.increment[oware.North] = ms
		case "movestogo":
			g.movesToGo = int(n)
		}
	}
	return g, nil
}

// budget returns the time to think for the player pl: movetime, or a
// share of pl's clock, or 0 for no limit.
func (g goParams) budget(pl oware.Player) time.Duration {
	switch {
	case g.movetime > 0:
		return g.movetime
	case g.clock[pl] > 0:
		togo := g.movesToGo
		if togo <= 0 {
			togo = 20
		}
		t := g.clock[pl]/time.Duration(togo) + g.increment[pl]*3/4
		return max(min(t, g.clock[pl]/2), time.Millisecond)
	}
	return 0
}

// goCommand carries out "go": it starts a search of u.pos, which writes
// its reports and then its best move.
func (u *uciServer) goCommand(args []string) {
	g, err := parseGo(args)
	if err != nil {
		u.complain("%s", err)
		return
	}
	if u.busy("go") {
		return
	}
	p := u.pos
	if p.Moves().Len() == 0 {
		u.send("info string the game is over: %s", p.Outcome())
		u.send("bestmove 0000")
		return
	}
	s := &uciSearch{over: make(chan struct{}), done: make(chan struct{}), released: make(chan struct{})}
	budget := g.budget(p.Board().ToMove())
	s.hold = g.infinite || g.ponder || (budget == 0 && !g.depthSet)
	if g.ponder {
		s.afterPonder = budget
	} else if budget > 0 {
		s.deadline.Store(now().Add(budget - budget/margin).UnixNano())
	}
	u.search = s
	start := now()
	go func() {
		var reported uint64 // the nodes of the last report
		r, err := u.eng.Search(p, engine.Limits{
			Depth: g.depth,
			Stop:  s.stopped,
			Progress: func(r engine.Result) {
				u.send("%s", uciInfo(r, now().Sub(start)))
				reported = r.Nodes
			},
		})
		if err == nil && r.Nodes != reported {
			// The iteration the stop ended: all the nodes, and the
			// move it proved better if it did.
			u.send("%s", uciInfo(r, now().Sub(start)))
		}
		if s.hold {
			<-s.released
		}
		if err == nil {
			// Where the tables decide the game, one of their best moves.
			if m, _ := tableMove(u.tables.Load(), p, r.Move); m != r.Move {
				r.Move, r.PV = m, nil
			}
		}
		switch {
		case err != nil: // cannot happen: p has moves and the depth is in range
			u.complain("%s", err)
			u.answer(s, "bestmove 0000")
		case len(r.PV) > 1:
			u.answer(s, "bestmove "+r.Move.String()+" ponder "+r.PV[1].String())
		default:
			u.answer(s, "bestmove "+r.Move.String())
		}
	}()
}

// answer writes the best move of s. The search counts as over before the
// line can reach the GUI, which may send its next go at once; no other
// line comes between.
func (u *uciServer) answer(s *uciSearch, line string) {
	u.outMu.Lock()
	defer close(s.done)
	defer u.outMu.Unlock()
	close(s.over)
	fmt.Fprintln(u.out, line)
}

// uciSearch is a search started by go.
type uciSearch struct {
	stop     atomic.Bool
	deadline atomic.Int64 // when to stop, in Unix nanoseconds; 0 for no limit
	// hold tells that the best move waits for stop (go infinite, go
	// ponder) or ponderhit, which close released.
	hold        bool
	released    chan struct{}
	releaseOnce sync.Once
	afterPonder time.Duration // the time to think after ponderhit; 0 for no limit
	over        chan struct{} // closed as the best move is written
	done        chan struct{} // closed once it is written
}

// stopped tells the engine whether to stop.
func (s *uciSearch) stopped() bool {
	if s.stop.Load() {
		return true
	}
	d := s.deadline.Load()
	return d != 0 && now().UnixNano() >= d
}

// release lets a held best move be written.
func (s *uciSearch) release() { s.releaseOnce.Do(func() { close(s.released) }) }

// ponderhit turns a ponder search into one with the time of its go
// command: the best move follows once that time is up, or at once if the
// search is over.
func (s *uciSearch) ponderhit() {
	if t := s.afterPonder; t > 0 {
		s.deadline.Store(now().Add(t - t/margin).UnixNano())
		s.release()
	}
}

// end stops the search and waits until its best move is written.
func (s *uciSearch) end() {
	s.stop.Store(true)
	s.release()
	<-s.done
}

// finished tells whether the best move is written, or being written.
func (s *uciSearch) finished() bool {
	select {
	case <-s.over:
		return true
	default:
		return false
	}
}

// uciInfo is the report of an iteration: depth, score (in centiseeds, or
// in moves to the end of a won or lost game; a lower bound for a move
// that an interrupted iteration proved better), nodes, speed, time and
// the principal variation, its moves written together as Aualé reads
// them.
func uciInfo(r engine.Result, elapsed time.Duration) string {
	var score string
	switch {
	case r.Score >= engine.Win-engine.MaxDepth:
		score = fmt.Sprintf("mate %d", (engine.Win-r.Score+1)/2)
	case r.Score <= -engine.Win+engine.MaxDepth:
		score = fmt.Sprintf("mate -%d", (engine.Win+r.Score+1)/2)
	default:
		score = fmt.Sprintf("cp %d", r.Score*100/engine.SeedValue)
	}
	if r.Partial {
		score += " lowerbound"
	}
	ms := elapsed.Milliseconds()
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(r.Nodes) / elapsed.Seconds())
	}
	var pv strings.Builder
	for _, m := range r.PV {
		pv.WriteString(m.String())
	}
	return fmt.Sprintf("info depth %d score %s nodes %d nps %d time %d pv %s", r.Depth, score, r.Nodes, nps, ms, pv.String())
}
