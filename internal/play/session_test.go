package play

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed3966233f/oware/internal/shell"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuffer holds what a command writes while the test reads it.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	changed chan struct{} // closed and replaced at every write
}

func newSyncBuffer() *syncBuffer { return &syncBuffer{changed: make(chan struct{})} }

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.b.Write(p)
	close(s.changed)
	s.changed = make(chan struct{})
	return n, err
}

// String returns what was written, with a terminal's line ends "\r\n" as
// "\n".
func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.ReplaceAll(s.b.String(), "\r\n", "\n")
}

// next returns what was written and a channel closed at the next write.
func (s *syncBuffer) next() (string, chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.ReplaceAll(s.b.String(), "\r\n", "\n"), s.changed
}

// session is a run of the command that a test talks to as a person at a
// terminal would: it waits for the command's words, types lines and
// presses Ctrl-C.
type session struct {
	t      *testing.T
	out    *syncBuffer
	in     io.Writer
	seen   int                   // how far the output has been waited for
	notify chan chan<- os.Signal // the channel that the command listens to for Ctrl-C, once it listens
	intr   chan<- os.Signal
	status chan error
}

// startSession runs a game of opt with stdin and stdout, typing
// into typeTo and reading what the command writes in out. Ctrl-C is
// delivered by interrupt, not by a signal.
func startSession(t *testing.T, stdin io.Reader, stdout io.Writer, typeTo io.Writer, out *syncBuffer, opt Options) *session {
	t.Helper()
	s := &session{t: t, out: out, in: typeTo, notify: make(chan chan<- os.Signal, 1), status: make(chan error, 1)}
	savedNotify, savedStop := notifyInterrupt, stopInterrupt
	notifyInterrupt = func(c chan<- os.Signal) { s.notify <- c }
	stopInterrupt = func(chan<- os.Signal) {}
	t.Cleanup(func() { notifyInterrupt, stopInterrupt = savedNotify, savedStop })
	opt.In, opt.Out = stdin, stdout
	if opt.Time == 0 {
		opt.Time = DefaultTime
	}
	go func() { s.status <- Run(opt) }()
	return s
}

// startPipeSession runs a game of opt with pipes for its input and
// output.
func startPipeSession(t *testing.T, opt Options) *session {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	out := newSyncBuffer()
	return startSession(t, r, out, w, out, opt)
}

// waitFor waits until the output holds text after what was waited for
// before, and moves past it.
func (s *session) waitFor(text string) {
	s.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		out, changed := s.out.next()
		if i := strings.Index(out[s.seen:], text); i >= 0 {
			s.seen += i + len(text)
			return
		}
		select {
		case <-changed:
		case <-deadline:
			s.t.Fatalf("waited in vain for %q after:\n%s", text, out[:s.seen])
		}
	}
}

// typeLine types text and Enter.
func (s *session) typeLine(text string) {
	s.t.Helper()
	_, err := io.WriteString(s.in, text+"\n")
	require.NoError(s.t, err)
}

// interrupt presses Ctrl-C.
func (s *session) interrupt() {
	if s.intr == nil {
		s.intr = <-s.notify
	}
	s.intr <- os.Interrupt
}

// wait waits for the game to end and returns its output and error.
func (s *session) wait() (string, error) {
	s.t.Helper()
	select {
	case err := <-s.status:
		return s.out.String(), err
	case <-time.After(20 * time.Second):
		s.t.Fatalf("the command did not end; its output:\n%s", s.out.String())
	}
	return "", nil
}

// TestPlayInterruptAtPrompt: Ctrl-C at the prompt of a move stops the game
// and offers to save it; the game is saved under a name with spaces, and
// the resume command, pasted, resumes it.
func TestPlayInterruptAtPrompt(t *testing.T) {
	file := filepath.Join(t.TempDir(), "my game.ogn")
	s := startPipeSession(t, Options{Level: 1})
	s.waitFor("Your move (A B C D E F): ")
	s.typeLine("C")
	s.waitFor("North plays ")
	s.waitFor("Your move (")
	s.interrupt()
	s.waitFor("\nStopped. Type a file name to save the game in, or just press Enter to leave: ")
	s.typeLine(file)
	s.waitFor("Saved the game in " + file + ". To resume it: ")
	out, err := s.wait()
	require.NoError(t, err)
	hint := out[strings.LastIndex(out, "To resume it: ")+len("To resume it: "):]
	require.True(t, strings.HasSuffix(hint, "\n"), out)
	assert.Equal(t, "oware play -load '"+file+"'\n", hint)

	words, err := shell.Split(strings.TrimSuffix(hint, "\n"))
	require.NoError(t, err)
	require.Equal(t, "oware", words[0])
	require.Equal(t, []string{"oware", "play", "-load", file}, words)
	out, err = playGame(t, "quit\n", Options{Level: 1, Load: words[3]})
	require.NoError(t, err)
	assert.Contains(t, out, "Resumed the game saved in "+file+" after 2 plies.\n")
}

// TestPlayInterruptAtQuestions: Ctrl-C while save asks whether to replace
// a file offers to save the game; the file is kept unless the player says
// to replace it, a second name is asked for, and Ctrl-C at the offer
// leaves without saving.
func TestPlayInterruptAtQuestions(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.ogn")
	require.NoError(t, os.WriteFile(kept, []byte("keep me\n"), 0o644))

	s := startPipeSession(t, Options{Level: 1})
	s.waitFor("Your move (A B C D E F): ")
	s.typeLine("save " + kept)
	s.waitFor(kept + " exists. Replace it? (y/N): ")
	s.typeLine("n")
	s.waitFor("The game was not saved.\nYour move (A B C D E F): ")
	s.typeLine("save " + kept)
	s.waitFor(kept + " exists. Replace it? (y/N): ")
	s.interrupt()
	s.waitFor("\nStopped. Type a file name to save the game in, or just press Enter to leave: ")
	s.typeLine(kept)
	s.waitFor(kept + " exists. Replace it? (y/N): ")
	s.typeLine("")
	s.waitFor("Type a file name to save the game in, or just press Enter to leave: ")
	s.typeLine(filepath.Join(dir, "no such dir", "g.ogn"))
	s.waitFor("The game was not saved: write ")
	s.waitFor("Type a file name to save the game in, or just press Enter to leave: ")
	s.interrupt()
	s.waitFor("\nThe game was not saved.\n")
	_, err := s.wait()
	assert.NoError(t, err)
	data, err := os.ReadFile(kept)
	require.NoError(t, err)
	assert.Equal(t, "keep me\n", string(data))

	// Replacing, when the player says so.
	s = startPipeSession(t, Options{Level: 1})
	s.waitFor("Your move (A B C D E F): ")
	s.typeLine("save " + kept)
	s.waitFor(kept + " exists. Replace it? (y/N): ")
	s.typeLine("yes")
	s.waitFor("Saved the game in " + kept + ". To resume it: oware play -load " + kept + "\n")
	s.typeLine("quit")
	_, err = s.wait()
	assert.NoError(t, err)
	data, err = os.ReadFile(kept)
	require.NoError(t, err)
	assert.Contains(t, string(data), "[South \"You\"]")
}
