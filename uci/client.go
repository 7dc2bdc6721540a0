package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/lineio"
)

// DefaultGrace is the Grace of a Client from Start or NewClient.
const DefaultGrace = time.Second

// Times and sizes of a Client.
const (
	// quitTime is the time an engine has to exit after quit, or after its
	// output ended, before it is killed.
	quitTime = 2 * time.Second
	// maxEngineLine is the longest line read from an engine; a longer
	// one is an error of the engine's, as soon as it passes the bound.
	maxEngineLine = 1 << 20
	// exitGrace is the time that the output of an engine that has exited
	// is still read for, although a process that it started keeps it
	// open: what the engine wrote before it exited is in the pipe already.
	exitGrace = 200 * time.Millisecond
	// maxShown is the longest part of an engine's line that an error
	// quotes.
	maxShown = 200
)

// tooLong stands in a Client's lines for a line longer than
// maxEngineLine, which no line read can be: it holds a line break.
const tooLong = "\n"

// errTooLong is the detail of the error of an engine's line longer than
// maxEngineLine.
var errTooLong = fmt.Sprintf("a line longer than %d bytes", maxEngineLine)

// MaxName is the longest engine name or author, in bytes, that a Client
// gives (see Client.Name): a longer one is cut, and what is not a
// printable character is escaped, so that what an engine says of itself
// can be shown on a terminal and written in a record.
const MaxName = 256

// Client drives an engine that speaks the protocol (see the package
// documentation): Aalina, oware uci, or any engine that Aualé can use.
// [Start] starts one as a process; [NewClient] speaks to one over a
// reader and a writer. Every method that waits for the engine takes a
// context that bounds the wait; an engine that does not answer in time is
// killed, and the Client is closed from then on. Errors are [*Error]s.
//
// Its methods are safe for concurrent use: one command at a time waits
// for its answer, but Stop may be called while Go waits.
type Client struct {
	// Grace is the time beyond a search's limit of time that Go waits for
	// the best move, and that it waits after sending stop: DefaultGrace
	// unless set before the first Go.
	Grace time.Duration

	name    string // the engine's "id name", or its command line, quoted
	author  string
	options []Option

	mu       sync.Mutex // one command and its answer at a time
	w        io.Writer
	wMu      sync.Mutex // one line at a time on w
	lines    chan string
	exited   chan struct{} // closed once the output ended and, for a process, it was waited for
	waitErr  error         // how the process ended, once exited is closed
	process  bool          // the engine is a process of Start
	kill     func()        // ends the engine at once
	killOnce sync.Once
	closed   atomic.Bool  // killed or quit: every command fails with ErrClosed
	toMove   oware.Player // the player to move at the position last sent
}

// Start starts the engine program name with args (without a shell, as
// exec.Command does) and introduces the protocol: it sends "uci" and
// waits for "uciok" until ctx is done. It returns an [*Error] wrapping the
// error of the system when the program cannot start, or ErrTimeout,
// ErrExited or ErrProtocol when it does not answer as it should (it is
// then killed).
func Start(ctx context.Context, name string, args ...string) (*Client, error) {
	command := strconv.Quote(strings.Join(append([]string{name}, args...), " "))
	cmd := exec.Command(name, args...)
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, &Error{Engine: command, Err: err}
	}
	// The pipe of the output is the Client's own, not StdoutPipe's: Wait
	// would close that only once it has been read to its end, which a
	// process that the engine started may hold open after the engine
	// exits. Once the engine has exited, its output is read for exitGrace
	// more.
	stdout, w, err := os.Pipe()
	if err != nil {
		return nil, &Error{Engine: command, Err: err}
	}
	cmd.Stdout = w
	err = cmd.Start()
	w.Close() // the engine's now
	if err != nil {
		stdout.Close()
		return nil, &Error{Engine: command, Err: err}
	}
	waited := make(chan struct{})
	var waitErr error
	go func() {
		waitErr = cmd.Wait()
		close(waited)
		_ = stdout.SetReadDeadline(time.Now().Add(exitGrace)) // where pipes have no deadlines, reading ends with the last writer
	}()
	c := &Client{name: command, w: stdin, process: true}
	c.read(stdout, func() error {
		<-waited
		stdout.Close()
		return waitErr
	})
	c.kill = func() {
		_ = cmd.Process.Kill()
		_ = stdin.Close()
		<-c.exited
	}
	if err := c.handshake(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// NewClient speaks the protocol to an engine that reads commands from w
// and answers on r, such as a Server in the same program or an engine
// behind a network connection, and introduces it as Start does. Killing
// or closing the Client closes w if it is an io.Closer.
func NewClient(ctx context.Context, r io.Reader, w io.Writer) (*Client, error) {
	c := &Client{name: "(no name)", w: w}
	c.read(r, nil)
	c.kill = func() {
		if wc, ok := w.(io.Closer); ok {
			_ = wc.Close()
		}
	}
	if err := c.handshake(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// read reads the lines of r into c.lines in a goroutine of its own until
// the output ends, then calls wait, if not nil, and closes c.exited.
func (c *Client) read(r io.Reader, wait func() error) {
	c.Grace = DefaultGrace
	c.lines = make(chan string, 256)
	c.exited = make(chan struct{})
	go func() {
		br := bufio.NewReader(r)
		var line []byte
		long := false
		for {
			chunk, err := br.ReadSlice('\n')
			switch {
			case long:
			case len(line)+len(chunk) > maxEngineLine:
				// Said at once, as the rest of a flood may never come.
				long, line = true, line[:0]
				c.lines <- tooLong
			default:
				line = append(line, chunk...)
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if !long && (err == nil || len(line) > 0) {
				c.lines <- strings.TrimSpace(string(line))
			}
			if err != nil {
				break
			}
			line, long = line[:0], false
		}
		close(c.lines)
		if wait != nil {
			c.waitErr = wait()
		}
		close(c.exited)
	}()
}

// handshake sends uci and reads the engine's name, author and options
// until uciok.
func (c *Client) handshake(ctx context.Context) error {
	c.send("uci")
	for {
		line, err := c.next(ctx, "no uciok")
		if err != nil {
			c.stop()
			return err
		}
		switch {
		case line == "uciok":
			return nil
		case strings.HasPrefix(line, "id name "):
			c.name = lineio.Printable(strings.TrimSpace(strings.TrimPrefix(line, "id name ")), MaxName)
		case strings.HasPrefix(line, "id author "):
			c.author = lineio.Printable(strings.TrimSpace(strings.TrimPrefix(line, "id author ")), MaxName)
		case strings.HasPrefix(line, "option "):
			if o, err := parseOption(line); err == nil {
				c.options = append(c.options, o)
			}
		}
	}
}

// Name returns the engine's name ("id name"), or, if it gave none, its
// command line, quoted: at most MaxName bytes (and "…" when cut), with
// what is not a printable character escaped, such as \x1b.
func (c *Client) Name() string { return c.name }

// Author returns the engine's author ("id author"), or "", as Name gives
// the name.
func (c *Client) Author() string { return c.author }

// Options returns the options that the engine declared.
func (c *Client) Options() []Option { return slices.Clone(c.options) }

// send writes one command line; a failure shows as the end of the
// engine's output.
func (c *Client) send(line string) {
	c.wMu.Lock()
	defer c.wMu.Unlock()
	_, _ = io.WriteString(c.w, line+"\n")
}

// next returns the engine's next line, waiting until ctx is done. The
// error, an *Error of op, wraps ErrTimeout, ErrExited or ctx's error.
func (c *Client) next(ctx context.Context, op string) (string, error) {
	select {
	case line, ok := <-c.lines:
		switch {
		case !ok:
			return "", c.fail(op, ErrExited, c.howEnded())
		case line == tooLong:
			return "", c.fail(op, ErrProtocol, errTooLong)
		}
		return line, nil
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", c.fail(op, ErrTimeout, "")
		}
		return "", c.fail(op, ctx.Err(), "")
	}
}

// fail returns the *Error of op.
func (c *Client) fail(op string, err error, detail string) *Error {
	return &Error{Engine: c.name, Op: op, Err: err, Detail: detail}
}

// howEnded says how the engine ended: its exit status, or that its
// output ended.
func (c *Client) howEnded() string {
	if !c.process {
		return "its output ended"
	}
	select {
	case <-c.exited:
		if c.waitErr != nil {
			return c.waitErr.Error()
		}
		return "exit status 0"
	case <-time.After(quitTime):
		return "its output ended"
	}
}

// check returns the error of a command on a closed Client, or nil.
func (c *Client) check(op string) error {
	if c.closed.Load() {
		return c.fail(op, ErrClosed, "")
	}
	return nil
}

// stop ends the engine at once, and the Client with it.
func (c *Client) stop() {
	c.killOnce.Do(func() {
		c.closed.Store(true)
		go func() { // let read finish if it is blocked on c.lines
			for range c.lines {
			}
		}()
		c.kill()
	})
}

// IsReady sends isready and waits for readyok until ctx is done; an engine
// that does not answer is killed.
func (c *Client) IsReady(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.isReady(ctx)
}

// isReady is IsReady with c.mu held.
func (c *Client) isReady(ctx context.Context) error {
	if err := c.check("isready"); err != nil {
		return err
	}
	c.send("isready")
	for {
		line, err := c.next(ctx, "no readyok")
		if err != nil {
			c.stop()
			return err
		}
		if line == "readyok" {
			return nil
		}
	}
}

// NewGame sends ucinewgame, then isready, and waits for readyok until ctx
// is done.
func (c *Client) NewGame(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.check("ucinewgame"); err != nil {
		return err
	}
	c.send("ucinewgame")
	return c.isReady(ctx)
}

// SetOption sends "setoption name NAME value VALUE", or without "value"
// when value is "". The protocol has no answer to it; an engine that
// refuses the value may say so in an info string.
func (c *Client) SetOption(name, value string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.check("setoption"); err != nil {
		return err
	}
	line := "setoption name " + name
	if value != "" {
		line += " value " + value
	}
	c.send(line)
	return nil
}

// Position sends the position that the next Go searches: the board start,
// then moves (see the package documentation for the notation). The
// engine plays them under its own rules; the protocol has no answer.
func (c *Client) Position(start oware.Board, moves []oware.Move) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.check("position"); err != nil {
		return err
	}
	var b strings.Builder
	if start == oware.Start().Board() {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + start.String())
	}
	if len(moves) > 0 {
		b.WriteString(" moves ")
		for _, m := range moves {
			b.WriteString(m.String())
		}
	}
	c.send(b.String())
	c.toMove = start.ToMove()
	if len(moves)%2 == 1 { // every move passes the turn
		c.toMove = c.toMove.Opponent()
	}
	return nil
}

// BestMove is the answer to go: the move, and the opponent's reply that
// the engine expects, if it gives one.
type BestMove struct {
	Move      oware.Move // the move to play
	Ponder    oware.Move // the reply expected, when HasPonder
	HasPonder bool       // the engine gave a reply ("bestmove F ponder f")
}

// Go sends "go" with the limits lim and waits for the best move, calling
// info, when not nil, with each info line that the engine writes
// meanwhile. When lim has a time (MoveTime, or clocks: the clock of the
// player to move, 0 for no time left) and is neither Infinite nor Ponder,
// a best move that does not come within that time and c.Grace is an error
// wrapping ErrTimeout, and the engine is killed. When ctx is
// done first, Go sends stop and waits c.Grace for the best move, which it
// returns with no error: to stop a search, as of go infinite, end its
// context (or call Stop). An answer "bestmove 0000" is an error wrapping
// ErrNoMove; a best move that is no pit letter, ErrProtocol. The Client
// does not know the rules: judging the move is the caller's.
func (c *Client) Go(ctx context.Context, lim Limits, info func(Info)) (BestMove, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.check("go"); err != nil {
		return BestMove{}, err
	}
	// The time of the search: its movetime, or else the clock of the
	// player to move, which at 0, when the other's is not, is no time
	// left.
	limit, timed := lim.MoveTime, lim.MoveTime > 0
	if !timed && lim.Clock != [2]time.Duration{} {
		limit, timed = lim.Clock[c.toMove], true
	}
	if lim.Infinite || lim.Ponder {
		timed = false // the best move waits for stop (or ponderhit)
	}
	c.send(strings.TrimSpace("go " + lim.String()))
	var late <-chan time.Time
	var lateness string // what a late best move is late for
	if timed {
		timer := time.NewTimer(limit + c.Grace)
		defer timer.Stop()
		late = timer.C
		lateness = fmt.Sprintf("no best move within %s (%s and %s of grace)", limit+c.Grace, limit, c.Grace)
	}
	done := ctx.Done()
	for {
		var line string
		var ok bool
		select {
		case line, ok = <-c.lines:
		case <-late:
			c.stop()
			return BestMove{}, c.fail("go", ErrTimeout, lateness)
		case <-done:
			c.send("stop")
			done = nil
			timer := time.NewTimer(c.Grace)
			defer timer.Stop()
			late = timer.C
			lateness = fmt.Sprintf("no best move within %s of stop", c.Grace)
			continue
		}
		if !ok {
			err := c.fail("go", ErrExited, c.howEnded())
			c.stop()
			return BestMove{}, err
		}
		if line == tooLong {
			c.stop()
			return BestMove{}, c.fail("go", ErrProtocol, errTooLong)
		}
		words := strings.Fields(line)
		switch {
		case len(words) == 0:
			continue
		case words[0] == "info":
			if i, err := parseInfo(line); err == nil && info != nil {
				info(i)
			}
			continue
		case words[0] != "bestmove":
			continue
		}
		return c.bestMove(line, words)
	}
}

// bestMove reads the line of a best move, split into words.
func (c *Client) bestMove(line string, words []string) (BestMove, error) {
	if len(words) >= 2 && words[1] == "0000" {
		return BestMove{}, c.fail("go", ErrNoMove, "")
	}
	var best BestMove
	var ok bool
	if len(words) < 2 || len(words[1]) != 1 {
		return best, c.fail("go", ErrProtocol, quoted(line))
	}
	if best.Move, ok = parsePit(words[1][0]); !ok {
		return best, c.fail("go", ErrProtocol, quoted(line)+": not a pit letter")
	}
	if len(words) == 4 && words[2] == "ponder" && len(words[3]) == 1 {
		best.Ponder, best.HasPonder = parsePit(words[3][0])
	}
	return best, nil
}

// quoted returns an engine's line quoted, as strconv.Quote does, cut
// after maxShown bytes.
func quoted(line string) string {
	if len(line) <= maxShown {
		return strconv.Quote(line)
	}
	n := maxShown
	for n > 0 && !utf8.RuneStart(line[n]) {
		n--
	}
	return strconv.Quote(line[:n]) + "…"
}

// Stop sends stop: the search of a Go that waits in another goroutine
// ends, and its best move comes.
func (c *Client) Stop() {
	c.send("stop")
}

// PonderHit sends ponderhit: the opponent played the move that a Go with
// Ponder, waiting in another goroutine, searched for; the engine then
// searches with the time of that go, and its best move comes (the Go
// waits for it until its context is done).
func (c *Client) PonderHit() {
	c.send("ponderhit")
}

// Quit sends quit and waits until ctx is done for the engine to end,
// then kills it. The Client is closed from then on.
func (c *Client) Quit(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed.Load() {
		return nil
	}
	c.send("quit")
	if c.process {
		select {
		case <-c.exited:
		case <-ctx.Done():
		}
	}
	c.stop()
	return nil
}

// Close asks the engine to quit, and kills it if it has not within two
// seconds.
func (c *Client) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), quitTime)
	defer cancel()
	return c.Quit(ctx)
}

// Kill ends the engine at once, even while another command waits for its
// answer. The Client is closed from then on.
func (c *Client) Kill() { c.stop() }
