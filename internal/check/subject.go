package check

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
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
)

// maxResponse bounds a response line, far above what the longest case
// asks for.
const maxResponse = 64 << 20

// SubjectError is a response that is not an answer: Err is ErrNotJSON,
// ErrMalformed, ErrWrongID, ErrCrashed or ErrTimeout.
type SubjectError struct {
	Err    error
	Detail string // what was wrong: the JSON error, the id, the exit status
	Line   string // the response line, cut to a readable length
	Stderr string // the end of what the subject wrote on its standard error
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
	stdout  io.ReadCloser
	stderr  *tail
	lines   chan []byte   // the response lines, closed at the end of the output
	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // the exit status, once exited is closed
	closed  sync.Once
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
		lines:  make(chan []byte),
		exited: make(chan struct{}),
	}
	s.cmd.Stderr = s.stderr
	s.cmd.WaitDelay = time.Second // a grandchild holding stderr open cannot stall Wait
	ownGroup(s.cmd)
	var err error
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCannotRun, err)
	}
	if s.stdout, err = s.cmd.StdoutPipe(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCannotRun, err)
	}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCannotRun, err)
	}
	go s.read()
	return s, nil
}

// read sends the subject's output lines on s.lines until it ends, then
// waits for the process.
func (s *Subject) read() {
	br := bufio.NewReaderSize(s.stdout, 64<<10)
	for {
		line, err := readLine(br)
		if err != nil {
			break
		}
		s.lines <- line
	}
	close(s.lines)
	s.waitErr = s.cmd.Wait()
	close(s.exited)
}

// readLine reads one line of at most maxResponse bytes, without its line
// break.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) <= maxResponse {
			line = append(line, chunk...)
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
	case line, ok := <-s.lines:
		if !ok {
			return nil, s.crashed()
		}
		return line, nil
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
		detail = "exit status 0"
		if s.waitErr != nil {
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

// String returns the bytes kept, without surrounding space.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
