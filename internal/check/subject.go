package check

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/seed3966233f/oware/internal/lineio"
)

// Errors of a subject that does not answer as the protocol says, wrapped
// in a *SubjectError; and ErrCannotRun, wrapped by StartSubject's error.
var (
	ErrCannotRun = errors.New("cannot run the subject")
	ErrNotJSON   = errors.New("response is not a JSON object")
	ErrMalformed = errors.New("response does not have the protocol's form")
	ErrWrongID   = errors.New("response to another request")
	ErrCrashed   = errors.New("subject exited")
	ErrTimeout   = errors.New("no response in time")
	ErrTooLong   = errors.New("response too long")
)

// maxResponse bounds a response line: seven times the longest that the
// library gives to a case (592 KB, for a long line of over 2,048 plies),
// so that a subject may space its JSON as it likes. A longer line is a
// failure of the subject as soon as it passes the bound.
const maxResponse = 4 << 20

// exitGrace is the time that the output of a subject that has exited is
// still read for, although a process that it started keeps it open: what
// the subject wrote before it exited is in the pipe already.
const exitGrace = 200 * time.Millisecond

// SubjectError is a response that is not an answer: Err is ErrNotJSON,
// ErrMalformed, ErrWrongID, ErrCrashed, ErrTimeout or ErrTooLong.
type SubjectError struct {
	Err    error
	Detail string // what was wrong: the JSON error, the id, the exit status
	// Line is the response line, and Stderr the end of what the subject
	// wrote on its standard error, each cut to a readable length and made
	// printable: the subject's control characters are escaped.
	Line   string
	Stderr string
}

// Error describes the failure.
func (e *SubjectError) Error() string {
	if e.Detail == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Detail
}

// Unwrap returns Err.
func (e *SubjectError) Unwrap() error { return e.Err }

// Subject is a running implementation under test, spoken to through its
// standard input and output. Close kills it.
type Subject struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stdout  *os.File // the end of the pipe of the subject's output that is read
	stderr  *tail
	lines   chan output   // the response lines, closed at the end of the output
	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // the exit status, once exited is closed
	closed  sync.Once
}

// output is a line of the subject's output, or the error of a line too
// long.
type output struct {
	line []byte
	err  error
}

// StartSubject starts argv[0] with the arguments argv[1:]. The error wraps
// ErrCannotRun.
func StartSubject(argv []string) (*Subject, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("%w: no command", ErrCannotRun)
	}
	s := &Subject{
		cmd:    exec.Command(argv[0], argv[1:]...),
		stderr: &tail{max: 2048},
		lines:  make(chan output),
		exited: make(chan struct{}),
	}
	s.cmd.Stderr = s.stderr
	s.cmd.WaitDelay = time.Second // a grandchild holding stderr open cannot stall Wait
	ownGroup(s.cmd)
	var err error
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCannotRun, err)
	}
	// The pipe of the output is the Subject's own, not StdoutPipe's, which
	// Wait would close: the output is read until its end, or until
	// exitGrace after the process exits, whichever comes first.
	stdout, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCannotRun, err)
	}
	s.stdout, s.cmd.Stdout = stdout, w
	err = s.cmd.Start()
	w.Close() // the subject's now
	if err != nil {
		stdout.Close()
		return nil, fmt.Errorf("%w: %w", ErrCannotRun, err)
	}
	go s.read()
	go s.wait()
	return s, nil
}

// read sends the subject's output lines on s.lines until it ends, or
// until a line is too long, which it sends as an error.
func (s *Subject) read() {
	br := bufio.NewReaderSize(s.stdout, 64<<10)
	for {
		line, err := readLine(br)
		if errors.Is(err, ErrTooLong) {
			s.lines <- output{line: line, err: err}
			break
		}
		if err != nil {
			break
		}
		s.lines <- output{line: line}
	}
	close(s.lines)
}

// wait waits for the process and then lets the reading of its output end
// within exitGrace, even if a process that it started keeps it open.
func (s *Subject) wait() {
	s.waitErr = s.cmd.Wait()
	close(s.exited)
	_ = s.stdout.SetReadDeadline(time.Now().Add(exitGrace)) // where pipes have no deadlines, reading ends with the last writer
}

// readLine reads one line, without its line break. A line longer than
// maxResponse is the error ErrTooLong, with its first maxResponse bytes,
// as soon as it passes them.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(bytes.TrimRight(line, "\r\n")) > maxResponse {
			return line[:maxResponse], ErrTooLong
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && len(line) == 0 {
			return nil, err
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

// Ask sends one request line (without its line break) and returns the
// response line, waiting at most timeout, and not after ctx is done. The
// error is a *SubjectError wrapping ErrCrashed or ErrTimeout, or ctx's
// error.
func (s *Subject) Ask(ctx context.Context, request []byte, timeout time.Duration) ([]byte, error) {
	written := make(chan error, 1)
	go func() {
		_, err := s.stdin.Write(append(request, '\n'))
		written <- err
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case out, ok := <-s.lines:
		switch {
		case !ok:
			return nil, s.crashed()
		case out.err != nil:
			return nil, &SubjectError{Err: out.err, Detail: fmt.Sprintf("line longer than %d bytes", maxResponse),
				Line: cut(string(out.line)), Stderr: s.stderr.String()}
		}
		return out.line, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, &SubjectError{Err: ErrTimeout, Detail: fmt.Sprintf("waited %v", timeout), Stderr: s.stderr.String()}
	}
}

// crashed returns the error of a subject whose output has ended.
func (s *Subject) crashed() error {
	detail := "its output ended, and it is still running"
	select {
	case <-s.exited:
		// The process's status, "exit status 0" too, where Wait's error
		// would be the end of its wait for the output that a child of the
		// subject holds.
		detail = "exit status 0"
		if ps := s.cmd.ProcessState; ps != nil {
			detail = ps.String()
		} else if s.waitErr != nil {
			detail = s.waitErr.Error()
		}
	case <-time.After(5 * time.Second):
	}
	return &SubjectError{Err: ErrCrashed, Detail: detail, Stderr: s.stderr.String()}
}

// Close kills the subject, with every process of its group, and waits
// for it. It may be called more than once.
func (s *Subject) Close() {
	s.closed.Do(func() {
		killGroup(s.cmd)
		s.stdin.Close()
		s.stdout.Close()
		go func() { // let read finish if it is blocked on s.lines
			for range s.lines {
			}
		}()
		<-s.exited
	})
}

// Stderr returns the end of what the subject wrote on its standard error.
func (s *Subject) Stderr() string { return s.stderr.String() }

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write keeps the end of p.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String returns the bytes kept, without surrounding space, made
// printable.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return lineio.PrintableText(strings.TrimSpace(string(t.buf)), 4*t.max)
}
