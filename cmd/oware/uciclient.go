package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
)

// Times an engine has to answer what needs no thought.
const (
	engineStartTime = 30 * time.Second // uci to uciok: a Java engine starts slowly
	engineReadyTime = 30 * time.Second // isready to readyok: oware uci -endgame 15 takes 11-13 s
	engineQuitTime  = 2 * time.Second  // quit to the end of the process
	maxEngineLine   = 1 << 20          // a longer line is cut
)

// uciEngine is an external engine, started by its command line (split at
// spaces, without a shell) and spoken to through its standard input and
// output. A crashed or silent engine is killed and started again for the
// next game.
type uciEngine struct {
	command string
	grace   time.Duration // time beyond the limit before a move is late
	id      string        // the engine's "id name"
	proc    *engineProc   // the running process; nil once killed
	longest time.Duration // the longest time to answer a go
}

// engineProc is a running engine process.
type engineProc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // the output lines, closed when the output ends
	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // how it ended, once exited is closed
}

// startEngine starts the engine of command and waits for its uciok.
func startEngine(command string, grace time.Duration) (*uciEngine, error) {
	e := &uciEngine{command: command, grace: grace}
	if err := e.start(); err != nil {
		return nil, err
	}
	return e, nil
}

// start starts the process and introduces the protocol.
func (e *uciEngine) start() error {
	argv := strings.Fields(e.command)
	if len(argv) == 0 {
		return errors.New("an empty engine command")
	}
	p := &engineProc{cmd: exec.Command(argv[0], argv[1:]...), lines: make(chan string, 256), exited: make(chan struct{})}
	p.cmd.WaitDelay = time.Second
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		return err
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("engine %q: %w", e.command, err)
	}
	go p.read(stdout)
	e.proc = p
	e.send("uci")
	for {
		line, err := e.next(time.Now().Add(engineStartTime))
		if err != nil {
			e.kill()
			return fmt.Errorf("engine %q: no uciok: %w", e.command, err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok && e.id == "" {
			e.id = strings.TrimSpace(name)
		}
		if line == "uciok" {
			return nil
		}
	}
}

// read sends the output lines on p.lines until the output ends, then
// waits for the process.
func (p *engineProc) read(stdout io.Reader) {
	r := bufio.NewReader(stdout)
	for {
		line, _, err := readLineMax(r, maxEngineLine)
		if err != nil {
			break
		}
		p.lines <- line
	}
	close(p.lines)
	p.waitErr = p.cmd.Wait()
	close(p.exited)
}

// send writes one command line; a failure shows as the end of the output.
func (e *uciEngine) send(line string) { _, _ = io.WriteString(e.proc.stdin, line+"\n") }

// next returns the engine's next line, waiting until deadline. The error
// is a *forfeit wrapping errTimeout or errCrash.
func (e *uciEngine) next(deadline time.Time) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case line, ok := <-e.proc.lines:
		if !ok {
			return "", &forfeit{errCrash, e.proc.exitStatus()}
		}
		return line, nil
	case <-timer.C:
		return "", &forfeit{errTimeout, "no answer"}
	}
}

// exitStatus says how the process ended.
func (p *engineProc) exitStatus() string {
	select {
	case <-p.exited:
		if p.waitErr != nil {
			return p.waitErr.Error()
		}
		return "exit status 0"
	case <-time.After(engineQuitTime):
		return "its output ended"
	}
}

// kill ends the engine at once.
func (e *uciEngine) kill() {
	p := e.proc
	if p == nil {
		return
	}
	_ = p.cmd.Process.Kill()
	_ = p.stdin.Close()
	go func() { // let read finish if it is blocked on p.lines
		for range p.lines {
		}
	}()
	<-p.exited
	e.proc = nil
}

func (e *uciEngine) name() string {
	if e.id != "" {
		return e.id
	}
	return e.command
}

// newGame starts the engine again if it was killed, then sends ucinewgame
// and waits for readyok.
func (e *uciEngine) newGame() error {
	if e.proc == nil {
		if err := e.start(); err != nil {
			return err
		}
	}
	e.send("ucinewgame")
	e.send("isready")
	deadline := time.Now().Add(engineReadyTime)
	for {
		line, err := e.next(deadline)
		if err != nil {
			e.kill()
			return fmt.Errorf("engine %s: no readyok: %w", e.name(), err)
		}
		if line == "readyok" {
			return nil
		}
	}
}

// choose sends the game so far and "go movetime", and reads the engine's
// best move: a *forfeit if it comes late or not at all, or is no move.
// The legality of the move is the judge's to check.
func (e *uciEngine) choose(start oware.Board, moves []oware.Move, _ oware.Position, limit time.Duration) (oware.Move, error) {
	var cmd strings.Builder
	if start == oware.Start().Board() {
		cmd.WriteString("position startpos")
	} else {
		cmd.WriteString("position fen " + start.String())
	}
	if len(moves) > 0 {
		cmd.WriteString(" moves ")
		for _, m := range moves {
			cmd.WriteString(m.String())
		}
	}
	e.send(cmd.String())
	e.send(fmt.Sprintf("go movetime %d", max(limit.Milliseconds(), 1)))
	sent := time.Now()
	deadline := sent.Add(limit + e.grace)
	for {
		line, err := e.next(deadline)
		if err != nil {
			e.kill()
			var f *forfeit
			if errors.As(err, &f) && f.err == errTimeout {
				f.detail = fmt.Sprintf("no best move within %s (%s and %s of grace)", limit+e.grace, limit, e.grace)
			}
			return 0, err
		}
		words := strings.Fields(line)
		if len(words) == 0 || words[0] != "bestmove" {
			continue
		}
		e.longest = max(e.longest, time.Since(sent))
		if len(words) >= 2 && words[1] == "0000" {
			return 0, &forfeit{errProtocol, "bestmove 0000: the engine sees the game over, which goes on under the match's rules"}
		}
		if len(words) < 2 || len(words[1]) != 1 {
			return 0, &forfeit{errProtocol, fmt.Sprintf("%q", line)}
		}
		m, err := oware.ParseMove(words[1])
		if c := words[1][0] | 0x20; err != nil || c < 'a' || c > 'f' {
			return 0, &forfeit{errProtocol, fmt.Sprintf("%q: not a pit letter", line)}
		}
		return m, nil
	}
}

// close asks the engine to quit, and kills it if it does not.
func (e *uciEngine) close() {
	if e.proc == nil {
		return
	}
	e.send("quit")
	select {
	case <-e.proc.exited:
		e.proc = nil
	case <-time.After(engineQuitTime):
		e.kill()
	}
}
