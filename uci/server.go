package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/lineio"
	"github.com/seed3966233f/oware/ogn"
)

// Engine is what a [Server] serves: a searcher of positions, such as
// *engine.Engine. Analyze searches p within lim until ctx is done, calls
// progress with the result of every completed iteration while it
// searches, and returns its result; it always returns a move of p when p
// has one, however early ctx is done. The Server gives it lim's depth and
// positions and ends ctx at the end of the search's time, or at stop.
type Engine interface {
	Analyze(ctx context.Context, p oware.Position, lim engine.Limits, progress func(engine.Result)) (engine.Result, error)
}

// Server serves an [Engine] over the protocol (see the package
// documentation) on a reader of commands and a writer of answers, such as
// a program's standard input and output. Set its fields before calling
// Serve and do not change them after; a Server may serve several
// sessions, one after the other or at once.
type Server struct {
	// Name and Author are the answers to "uci": "id name" and "id
	// author".
	Name, Author string
	// Rules are the rules of the games: positions are read and played
	// under them.
	Rules oware.Rules
	// Engine searches.
	Engine Engine
	// Options are the options that "uci" declares and "setoption" sets.
	// "setoption" of the standard options OwnBook and Ponder, which GUIs
	// set, is accepted and does nothing when they are not among them.
	Options []Option
	// MultiPV, when above 1, is the most lines that Engine searches at
	// once (engine.Limits.MultiPV): the Server then declares the standard
	// option MultiPV, from 1 (the default) to MultiPV, a setting of each
	// session, and reports every line of an iteration of more than one in
	// an info line with "multipv K", K its rank from 1.
	MultiPV int
	// MinElo and MaxElo, when MaxElo is above 0, are the strengths that
	// Engine can play at (engine.Limits.Elo): the Server then declares the
	// standard options UCI_LimitStrength (false by default) and UCI_Elo,
	// from MinElo to MaxElo (MaxElo by default), settings of each session,
	// and passes UCI_Elo to the engine while UCI_LimitStrength is true.
	MinElo, MaxElo int
	// NewGame, when not nil, is called on "ucinewgame", which tells that
	// the next position comes from another game.
	NewGame func()
	// Prepare, when not nil, is run in its own goroutine when a session
	// starts, with a context that ends with the session: work such as
	// solving endgame tables, as Aalina loads its endgame database.
	// "isready" is answered once it has returned; an error it returns is
	// reported as an info string, and the session goes on.
	Prepare func(ctx context.Context) error

	// afterFunc, when not nil, stands for time.AfterFunc: the tests run
	// the searches' clock faster.
	afterFunc func(time.Duration, func()) *time.Timer
}

// maxLine is the longest command line read in full: a move list of a few
// thousand plies. A longer line is read, dropped and reported.
const maxLine = 64 << 10

// margin is the part of its time that a search leaves unused, so that the
// best move comes within the time although the engine looks at the clock
// only every few thousand positions and then writes its answer: a
// fiftieth.
const margin = 50

// Serve reads commands from in and answers them on out until "quit" or the
// end of in. After quit, at the end of in and on a read error it stops the
// search running, if any, and writes its best move: every go is answered
// with one best move ("bestmove 0000" when the game is over), in the order
// of the gos. It fails only on a read error; a failed write shows as the
// end of in to the GUI.
func (s *Server) Serve(in io.Reader, out io.Writer) error {
	ss := s.session(out)
	defer ss.close()
	r := bufio.NewReader(in)
	for {
		line, long, err := lineio.ReadLine(r, maxLine)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return &Error{Op: "read", Err: err}
		case long:
			ss.complain("a line longer than %d bytes, ignored", maxLine)
			continue
		}
		if !ss.handle(line) {
			return nil
		}
	}
}

// session is the state of a session of a Server: the position to search
// and the search running, if any. Commands are handled in one goroutine;
// a search runs in another, which writes its reports and its best move.
type session struct {
	srv    *Server
	out    io.Writer
	outMu  sync.Mutex // one line at a time on out
	ready  chan struct{}
	cancel context.CancelFunc // ends the context of Prepare
	pos    oware.Position
	search *search // the search started by the last go, until stop or its end; nil if none
	// options are the Server's options, then those of the session.
	options []Option
	multiPV int  // the lines to search, from the option MultiPV
	limit   bool // UCI_LimitStrength
	elo     int  // UCI_Elo
}

// session starts a session of s that writes to out.
func (s *Server) session(out io.Writer) *session {
	ss := &session{srv: s, out: out, ready: make(chan struct{}), pos: s.Rules.Start(), multiPV: 1}
	ss.options = append(ss.options, s.Options...)
	if s.MultiPV > 1 {
		ss.options = append(ss.options, Option{Name: "MultiPV", Type: SpinOption, Default: "1", Min: 1, Max: s.MultiPV,
			Set: func(value string) error {
				ss.multiPV, _ = strconv.Atoi(value) // checked by the Server
				return nil
			}})
	}
	if s.MaxElo > 0 {
		ss.elo = s.MaxElo
		ss.options = append(ss.options,
			Option{Name: "UCI_LimitStrength", Type: CheckOption, Default: "false", Set: func(value string) error {
				ss.limit = value == "true"
				return nil
			}},
			Option{Name: "UCI_Elo", Type: SpinOption, Default: strconv.Itoa(s.MaxElo), Min: s.MinElo, Max: s.MaxElo, Set: func(value string) error {
				ss.elo, _ = strconv.Atoi(value) // checked by the Server
				return nil
			}})
	}
	ctx, cancel := context.WithCancel(context.Background())
	ss.cancel = cancel
	if s.Prepare == nil {
		close(ss.ready)
		return ss
	}
	go func() {
		defer close(ss.ready)
		if err := s.Prepare(ctx); err != nil && ctx.Err() == nil {
			ss.complain("%s", err)
		}
	}()
	return ss
}

// close ends the search running, if any, once its best move is written,
// and the work of Prepare.
func (ss *session) close() {
	ss.finish()
	ss.cancel()
	<-ss.ready
}

// send writes one line.
func (ss *session) send(format string, a ...any) {
	ss.outMu.Lock()
	defer ss.outMu.Unlock()
	fmt.Fprintf(ss.out, format+"\n", a...)
}

// complain reports bad input, which changes nothing.
func (ss *session) complain(format string, a ...any) {
	for line := range strings.Lines(fmt.Sprintf(format, a...)) {
		ss.send("info string error: %s", strings.TrimSuffix(line, "\n"))
	}
}

// finish ends the search running, if any, once its best move is written.
func (ss *session) finish() {
	if ss.search != nil {
		ss.search.end()
		ss.search = nil
	}
}

// handle carries out one command line and tells whether to go on.
func (ss *session) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	if ss.search != nil && ss.search.finished() {
		// Its best move is written or being written: finish waits for
		// the line, which then comes before any line of this command.
		ss.finish()
	}
	switch cmd {
	case "uci":
		ss.send("id name %s", ss.srv.Name)
		ss.send("id author %s", ss.srv.Author)
		for _, o := range ss.options {
			ss.send("%s", o)
		}
		ss.send("uciok")
	case "isready":
		<-ss.ready
		ss.send("readyok")
	case "debug":
		if len(args) != 1 || (args[0] != "on" && args[0] != "off") {
			ss.complain("want \"debug on\" or \"debug off\"")
		}
	case "setoption":
		ss.setOption(args)
	case "ucinewgame":
		if ss.busy(cmd) {
			break
		}
		ss.pos = ss.srv.Rules.Start()
		if ss.srv.NewGame != nil {
			ss.srv.NewGame()
		}
	case "position":
		p, err := parsePosition(ss.srv.Rules, args)
		if err != nil {
			ss.complain("%s", err)
			break
		}
		ss.pos = p
	case "go":
		ss.goCommand(args)
	case "stop":
		ss.finish()
	case "ponderhit":
		if ss.search != nil {
			ss.search.ponderhit()
		}
	case "quit":
		return false
	default:
		ss.complain("unknown command %q", cmd)
	}
	return true
}

// busy tells, with a complaint, whether a search is running, which cmd
// may not interrupt.
func (ss *session) busy(cmd string) bool {
	if ss.search == nil {
		return false
	}
	ss.complain("%s during a search: send stop first", cmd)
	return true
}

// setOption carries out "setoption name NAME [value VALUE]".
func (ss *session) setOption(args []string) {
	if len(args) < 2 || args[0] != "name" {
		ss.complain("want \"setoption name NAME value VALUE\"")
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
	for _, o := range ss.options {
		if !strings.EqualFold(o.Name, name) {
			continue
		}
		switch err := o.check(value); {
		case err != nil:
			ss.complain("%s", err)
		case ss.busy("setoption"):
		case o.Set != nil:
			if err := o.Set(value); err != nil {
				ss.complain("%s %s: %s", o.Name, value, err)
			}
		}
		return
	}
	switch strings.ToLower(name) {
	case "ownbook", "ponder":
		// Standard options that GUIs set (Aualé sets OwnBook): without
		// a book, or with pondering needing no preparation, they change
		// nothing.
	default:
		ss.complain("unknown option %q", name)
	}
}

// parsePosition reads the arguments of "position" under rules:
// "startpos" or "fen" and a board (a position string as Aalina and Aualé
// write it, or a PlayStrategy FEN), then optionally "moves" and pit
// letters, together ("FfE", as Aualé and Aalina write them) or apart ("F
// f E").
func parsePosition(rules oware.Rules, args []string) (oware.Position, error) {
	if len(args) == 0 {
		return oware.Position{}, errors.New("want \"position startpos\" or \"position fen BOARD\", then optionally \"moves\" and moves")
	}
	var p oware.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		p = rules.Start()
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
		p, rest = rules.Position(b), rest[i:]
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
			m, ok := parsePit(word[i])
			if !ok {
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

// parseProblem says in words what is wrong with a position text, from the
// fields of its *oware.ParseError.
func parseProblem(err error) string {
	var pe *oware.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("at byte %d, %s", pe.Offset, pe.Msg)
	}
	return err.Error()
}

// moveProblem says why a move is illegal, without the package's prefix.
func moveProblem(err error) string {
	var me *oware.MoveError
	if errors.As(err, &me) {
		return me.Err.Error()
	}
	return err.Error()
}

// goCommand carries out "go": it starts a search of the position, which
// writes its reports and then its best move. Every go gets its best move:
// a go during a search ends that search first, whose best move answers
// the go before; a go that cannot be read is reported and answered at
// once, as is one with depth, nodes or movetime 0, or one that gives the
// player to move no time on the clock.
func (ss *session) goCommand(args []string) {
	req, err := parseGo(args)
	if err != nil {
		ss.complain("%s", err)
		req = goRequest{now: true}
	}
	ss.finish()
	p := ss.pos
	if p.Moves().Len() == 0 {
		ss.send("info string the game is over: %s", p.Outcome())
		ss.send("bestmove 0000")
		return
	}
	lim := req.Limits
	mover := p.Board().ToMove()
	now := req.now || req.clocked[mover] && lim.Clock[mover] == 0 && lim.MoveTime == 0
	ctx, cancel := context.WithCancel(context.Background())
	se := &search{cancel: cancel, over: make(chan struct{}), done: make(chan struct{}), released: make(chan struct{}), afterFunc: ss.srv.afterFunc}
	if se.afterFunc == nil {
		se.afterFunc = time.AfterFunc
	}
	elim, budget := lim.search(p)
	elim.MultiPV = ss.multiPV
	if ss.limit {
		elim.Elo = ss.elo
	}
	unlimited := !now && budget == 0 && lim.Depth == 0 && lim.Nodes == 0
	se.hold = lim.Infinite || lim.Ponder || unlimited
	se.releaseOnHit = lim.Ponder && !lim.Infinite && !unlimited
	switch {
	case now:
		cancel() // the move found at once
	case lim.Ponder:
		se.afterPonder = budget
	default:
		se.startClock(budget)
	}
	ss.search = se
	start := time.Now()
	report := func(r engine.Result) {
		infos := []Info{InfoOf(r, time.Since(start))}
		if elim.MultiPV > 1 {
			infos = InfoLines(r, time.Since(start))
		}
		for _, i := range infos {
			ss.send("%s", i.Format())
		}
	}
	go func() {
		defer se.stopClock()
		var reported uint64 // the nodes of the last report
		r, err := ss.srv.Engine.Analyze(ctx, p, elim, func(r engine.Result) {
			report(r)
			reported = r.Nodes
		})
		if err == nil && r.Nodes != reported {
			// The iteration that the stop ended: all the nodes, and the
			// move it proved better if it did.
			report(r)
		}
		if se.hold {
			<-se.released
		}
		switch {
		case err != nil:
			ss.complain("%s", err)
			ss.answer(se, "bestmove 0000")
		case len(r.PV) > 1:
			ss.answer(se, "bestmove "+r.Move.String()+" ponder "+r.PV[1].String())
		default:
			ss.answer(se, "bestmove "+r.Move.String())
		}
	}()
}

// answer writes the best move of se. The search counts as over before
// the line can reach the GUI, which may send its next go at once; no
// other line comes between.
func (ss *session) answer(se *search, line string) {
	ss.outMu.Lock()
	defer close(se.done)
	defer ss.outMu.Unlock()
	close(se.over)
	fmt.Fprintln(ss.out, line)
}

// search is a search started by go.
type search struct {
	cancel    context.CancelFunc // ends the search
	afterFunc func(time.Duration, func()) *time.Timer
	clockMu   sync.Mutex
	clock     *time.Timer // ends the search when its time is up; nil if none
	// hold tells that the best move waits for stop (go infinite, go
	// ponder, a go without limits) or, when releaseOnHit, ponderhit,
	// which close released.
	hold         bool
	releaseOnHit bool
	released     chan struct{}
	releaseOnce  sync.Once
	afterPonder  time.Duration // the time to think after ponderhit; 0 for no limit
	over         chan struct{} // closed as the best move is written
	done         chan struct{} // closed once it is written
}

// startClock ends the search when t, less a fiftieth, is up; t == 0 is
// no limit.
func (se *search) startClock(t time.Duration) {
	if t <= 0 {
		return
	}
	se.clockMu.Lock()
	defer se.clockMu.Unlock()
	se.clock = se.afterFunc(t-t/margin, se.cancel)
}

// stopClock stops the clock, if any.
func (se *search) stopClock() {
	se.clockMu.Lock()
	defer se.clockMu.Unlock()
	if se.clock != nil {
		se.clock.Stop()
	}
}

// release lets a held best move be written.
func (se *search) release() { se.releaseOnce.Do(func() { close(se.released) }) }

// ponderhit turns a ponder search into one with the limits of its go
// command: the best move follows once that time is up or that depth
// searched, or at once if the search is over; a go ponder without limits
// becomes a search that waits for stop.
func (se *search) ponderhit() {
	if t := se.afterPonder; t > 0 {
		se.startClock(t)
	}
	if se.releaseOnHit {
		se.release()
	}
}

// end stops the search and waits until its best move is written.
func (se *search) end() {
	se.cancel()
	se.release()
	<-se.done
}

// finished tells whether the best move is written, or being written.
func (se *search) finished() bool {
	select {
	case <-se.over:
		return true
	default:
		return false
	}
}
