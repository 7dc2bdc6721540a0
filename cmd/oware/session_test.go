package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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
	status chan int
}

// startSession runs the command line args with stdin and stdout, typing
// into typeTo and reading what the command writes in out. Ctrl-C is
// delivered by interrupt, not by a signal.
func startSession(t *testing.T, stdin io.Reader, stdout io.Writer, typeTo io.Writer, out *syncBuffer, args ...string) *session {
	t.Helper()
	s := &session{t: t, out: out, in: typeTo, notify: make(chan chan<- os.Signal, 1), status: make(chan int, 1)}
	savedNotify, savedStop := notifyInterrupt, stopInterrupt
	notifyInterrupt = func(c chan<- os.Signal) { s.notify <- c }
	stopInterrupt = func(chan<- os.Signal) {}
	t.Cleanup(func() { notifyInterrupt, stopInterrupt = savedNotify, savedStop })
	go func() { s.status <- run(args, stdin, stdout, io.Discard) }()
	return s
}

// startPipeSession runs the command line args with pipes for its input
// and output.
func startPipeSession(t *testing.T, args ...string) *session {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	out := newSyncBuffer()
	return startSession(t, r, out, w, out, args...)
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

// wait waits for the command to end and returns its status and output.
func (s *session) wait() (int, string) {
	s.t.Helper()
	select {
	case status := <-s.status:
		return status, s.out.String()
	case <-time.After(20 * time.Second):
		s.t.Fatalf("the command did not end; its output:\n%s", s.out.String())
	}
	return 0, ""
}

// shellWords splits a command line of plain words, 'single-quoted' parts
// and backslash escapes, as a POSIX shell does.
func shellWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated quote")
			}
			word.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '\\' && i+1 < len(line):
			word.WriteByte(line[i+1])
			i++
			inWord = true
		case strings.IndexByte("\"$`;&|<>*?()[]{}~#!", c) >= 0:
			return nil, errors.New("a character the test does not read: " + string(c))
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

func TestShellQuote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"game.ogn", "game.ogn"},
		{"dir/sub-dir/g_1.ogn", "dir/sub-dir/g_1.ogn"},
		{"my game.ogn", "'my game.ogn'"},
		{"it's.ogn", `'it'\''s.ogn'`},
		{"$HOME.ogn", "'$HOME.ogn'"},
		{"", "''"},
		{"a\tb", "'a\tb'"},
	} {
		assert.Equal(t, tt.want, shellQuote(tt.in), "%q", tt.in)
		words, err := shellWords(shellQuote(tt.in))
		require.NoError(t, err, tt.in)
		assert.Equal(t, []string{tt.in}, words, "%q reads back", tt.in)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Log("no sh: the quoting is checked against the test's own reading only")
		return
	}
	for _, name := range []string{"my game.ogn", "it's.ogn", "$HOME `x` \"q\" \\ *.ogn", "tab\there"} {
		out, err := exec.Command(sh, "-c", `printf '%s\0' `+shellQuote(name)).Output()
		require.NoError(t, err)
		assert.Equal(t, name+"\x00", string(out), "sh reads %q back", name)
	}
}

// TestPlayInterruptAtPrompt: Ctrl-C at the prompt of a move stops the game
// and offers to save it; the game is saved under a name with spaces, and
// the resume command, pasted, resumes it.
func TestPlayInterruptAtPrompt(t *testing.T) {
	file := filepath.Join(t.TempDir(), "my game.ogn")
	s := startPipeSession(t, "play", "-level", "1")
	s.waitFor("Your move (A B C D E F): ")
	s.typeLine("C")
	s.waitFor("North plays ")
	s.waitFor("Your move (")
	s.interrupt()
	s.waitFor("\nStopped. Type a file name to save the game in, or just press Enter to leave: ")
	s.typeLine(file)
	s.waitFor("Saved the game in " + file + ". To resume it: ")
	status, out := s.wait()
	require.Equal(t, exitOK, status)
	hint := out[strings.LastIndex(out, "To resume it: ")+len("To resume it: "):]
	require.True(t, strings.HasSuffix(hint, "\n"), out)
	assert.Equal(t, "oware play -load '"+file+"'\n", hint)

	words, err := shellWords(strings.TrimSuffix(hint, "\n"))
	require.NoError(t, err)
	require.Equal(t, "oware", words[0])
	status, out, errOut := runCmd(t, "quit\n", words[1:]...)
	require.Equal(t, exitOK, status, errOut)
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

	s := startPipeSession(t, "play", "-level", "1")
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
	s.waitFor("The game was not saved: open ")
	s.waitFor("Type a file name to save the game in, or just press Enter to leave: ")
	s.interrupt()
	s.waitFor("\nThe game was not saved.\n")
	status, _ := s.wait()
	assert.Equal(t, exitOK, status)
	data, err := os.ReadFile(kept)
	require.NoError(t, err)
	assert.Equal(t, "keep me\n", string(data))

	// Replacing, when the player says so.
	s = startPipeSession(t, "play", "-level", "1")
	s.waitFor("Your move (A B C D E F): ")
	s.typeLine("save " + kept)
	s.waitFor(kept + " exists. Replace it? (y/N): ")
	s.typeLine("yes")
	s.waitFor("Saved the game in " + kept + ". To resume it: oware play -load " + kept + "\n")
	s.typeLine("quit")
	status, _ = s.wait()
	assert.Equal(t, exitOK, status)
	data, err = os.ReadFile(kept)
	require.NoError(t, err)
	assert.Contains(t, string(data), "[South \"You\"]")
}
