package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// The forms of the engine's answers that Aualé's client reads (its
// src/auale/uci/rules.py): a best move is one pit letter, or 0000 when
// the game is over, optionally with the move it expects in reply; a
// principal variation is pit letters written together.
var (
	bestmoveLine = regexp.MustCompile(`^bestmove ([A-Fa-f]|0000)( ponder ([A-Fa-f]))?$`)
	infoLine     = regexp.MustCompile(`^info depth [0-9]+ score (cp -?[0-9]+|mate -?[0-9]+)( lowerbound)? nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [A-Fa-f]+$`)
	optionLine   = regexp.MustCompile(`^option name \S+ type (check|spin|combo|button|string)( (default|min|max|var) \S+)*$`)
	errorLine    = regexp.MustCompile(`^info string error: .+$`)
)

// lines collects what a uciServer writes, line by line.
type lines struct {
	mu      sync.Mutex
	partial []byte
	got     chan string
}

func newLines() *lines { return &lines{got: make(chan string, 10000)} }

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := slices.Index(l.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		l.got <- string(l.partial[:i])
		l.partial = l.partial[i+1:]
	}
}

// until returns the lines written up to the first that starts with word,
// which it includes, failing after a few seconds.
func (l *lines) until(t *testing.T, word string) []string {
	t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case s := <-l.got:
			got = append(got, s)
			if strings.HasPrefix(s, word) {
				return got
			}
		case <-timeout:
			require.Failf(t, "no answer", "no line starting with %q; got %q", word, got)
		}
	}
}

// now returns the lines written so far, waiting a little for them.
func (l *lines) now(wait time.Duration) []string {
	var got []string
	timeout := time.After(wait)
	for {
		select {
		case s := <-l.got:
			got = append(got, s)
		case <-timeout:
			return got
		}
	}
}

// written returns the lines written so far, without waiting.
func (l *lines) written() []string {
	var got []string
	for {
		select {
		case s := <-l.got:
			got = append(got, s)
		default:
			return got
		}
	}
}

// newSession returns a session of the built-in engine under rules, with a
// table of 1 MB and no endgames, that writes to out, and whose searches'
// clock runs speed times faster than the wall clock, so that sessions
// with seconds a move replay quickly.
func newSession(t *testing.T, rules oware.Rules, out *lines, speed int) *session {
	t.Helper()
	srv, err := NewEngineServer(EngineConfig{Rules: rules, HashMB: MinHashMB})
	require.NoError(t, err)
	srv.afterFunc = func(d time.Duration, f func()) *time.Timer { return time.AfterFunc(d/time.Duration(speed), f) }
	return srv.session(out)
}

// sessionStep is a command of a recorded session and the lines the
// engine answered.
type sessionStep struct {
	line    int
	cmd     string
	answers []string
}

// readSession reads a session transcript: its steps and the rules of its
// "# rules:" line.
func readSession(t *testing.T, name string) (oware.Rules, []sessionStep) {
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	var steps []sessionStep
	rules := oware.Rules{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "# rules: "):
			rules, err = oware.ParseRules(strings.TrimPrefix(text, "# rules: "))
			require.NoError(t, err)
		case strings.HasPrefix(text, "> "):
			steps = append(steps, sessionStep{line: n, cmd: text[2:]})
		case strings.HasPrefix(text, "< "):
			require.NotEmpty(t, steps, "%s:%d: an answer before any command", name, n)
			steps[len(steps)-1].answers = append(steps[len(steps)-1].answers, text[2:])
		}
	}
	require.NoError(t, sc.Err())
	return rules, steps
}

// refused are the commands of the recorded sessions that oware uci
// refuses, with an error line.
var refused = []string{
	"position startpos moves FX", // X is no pit
	"position fen 4-4-4",         // three pits
	"position somewhere",         // neither startpos nor fen
}

// TestServerSessions replays the commands of recorded sessions, Aalina's and
// Aualé's, to the built-in engine's Server under the rules of the session, and checks each
// answer against the one recorded: the same kind of line, in the forms
// Aualé reads; a best move that is legal where oware uci stands, and
// 0000 exactly where the recorded engine saw the game over; a best move
// after go infinite or go ponder only once stop comes.
func TestServerSessions(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	require.NoError(t, err)
	require.Len(t, names, 3)
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			rules, steps := readSession(t, name)
			out := newLines()
			u := newSession(t, rules, out, 20)
			defer u.close()
			searched := 0
			for _, st := range steps {
				where := fmt.Sprintf("%s:%d: %s", name, st.line, st.cmd)
				pos, searching := u.pos, u.search != nil
				goOn := u.handle(st.cmd)
				if st.cmd == "quit" {
					assert.False(t, goOn, where)
					continue
				}
				require.True(t, goOn, where)
				words := strings.Fields(st.cmd)
				switch {
				case words[0] == "uci":
					got := out.until(t, "uciok")
					require.GreaterOrEqual(t, len(got), 3, where)
					assert.Regexp(t, `^id name .+`, got[0], where)
					assert.Regexp(t, `^id author .+`, got[1], where)
					for _, l := range got[2 : len(got)-1] {
						assert.Regexp(t, optionLine, l, where)
					}
				case words[0] == "isready":
					assert.Equal(t, []string{"readyok"}, out.until(t, "readyok"), where)
				case words[0] == "go" && (slices.Contains(words, "infinite") || slices.Contains(words, "ponder")):
					for _, l := range out.now(50 * time.Millisecond) {
						assert.NotRegexp(t, `^bestmove`, l, "%s: a best move before stop", where)
					}
					searched++
				case words[0] == "go":
					checkBest(t, where, pos, out.until(t, "bestmove"), st.answers)
					searched++
				case words[0] == "stop" && searching:
					got := out.until(t, "bestmove")
					best := got[len(got)-1]
					require.Regexp(t, bestmoveLine, best, where)
					assert.NotEqual(t, "bestmove 0000", best, where)
				case slices.Contains(refused, st.cmd):
					assert.Regexp(t, errorLine, strings.Join(out.now(5*time.Millisecond), "\n"), where)
					assert.Equal(t, pos.Board(), u.pos.Board(), "%s: the position is kept", where)
				default:
					assert.Empty(t, out.now(5*time.Millisecond), where)
				}
			}
			assert.Greater(t, searched, 4)
		})
	}
}

// checkBest checks the answer of oware uci to a go command at pos: info
// lines, then a legal best move and ponder move, or 0000 exactly where
// the recorded answer is 0000.
func checkBest(t *testing.T, where string, pos oware.Position, got, recorded []string) {
	t.Helper()
	for _, l := range got[:len(got)-1] {
		if !strings.HasPrefix(l, "info string the game is over: ") {
			assert.Regexp(t, infoLine, l, where)
		}
	}
	best := got[len(got)-1]
	m := bestmoveLine.FindStringSubmatch(best)
	require.NotNil(t, m, "%s: %q", where, best)
	if recorded != nil {
		assert.Equal(t, recorded[len(recorded)-1] == "bestmove 0000", m[1] == "0000", "%s: %q, recorded %q", where, best, recorded)
	}
	if m[1] == "0000" {
		assert.Zero(t, pos.Moves().Len(), "%s: 0000 while the game goes on", where)
		return
	}
	mv, err := oware.ParseMove(m[1])
	require.NoError(t, err)
	next, err := pos.Play(mv)
	require.NoError(t, err, "%s: best move %s at %s", where, mv, pos)
	if m[3] != "" {
		reply, err := oware.ParseMove(m[3])
		require.NoError(t, err)
		_, err = next.Play(reply)
		assert.NoError(t, err, "%s: ponder move %s at %s", where, reply, next)
	}
}

// TestServerWaitsForStop: after go infinite the best move comes with stop,
// or with the next go, which ends the search first; a ponder search turns
// into a timed one at ponderhit; quit and the end of the input end a
// search.
func TestServerWaitsForStop(t *testing.T) {
	out := newLines()
	u := newSession(t, oware.Rules{}, out, 1)
	defer u.close()
	require.True(t, u.handle("go infinite"))
	for _, l := range out.now(100 * time.Millisecond) {
		assert.NotRegexp(t, `^bestmove`, l)
	}
	require.True(t, u.handle("go depth 3"))
	got := out.until(t, "bestmove")
	assert.Regexp(t, bestmoveLine, got[len(got)-1], "the best move of go infinite")
	got = out.until(t, "bestmove")
	assert.Regexp(t, bestmoveLine, got[len(got)-1], "the best move of go depth 3")
	assert.Regexp(t, `^info depth 3 `, got[len(got)-2])

	require.True(t, u.handle("go infinite"))
	require.True(t, u.handle("stop"))
	got = out.until(t, "bestmove")
	assert.Regexp(t, bestmoveLine, got[len(got)-1])
	require.True(t, u.handle("stop"), "a stop without a search")
	assert.Empty(t, out.now(20*time.Millisecond))

	require.True(t, u.handle("go ponder movetime 50"))
	for _, l := range out.now(100 * time.Millisecond) {
		assert.NotRegexp(t, `^bestmove`, l, "pondering")
	}
	require.True(t, u.handle("ponderhit"))
	got = out.until(t, "bestmove")
	assert.Regexp(t, bestmoveLine, got[len(got)-1])

	require.True(t, u.handle("go infinite"))
	assert.False(t, u.handle("quit"))
	u.finish()
	got = out.until(t, "bestmove")
	assert.Regexp(t, bestmoveLine, got[len(got)-1], "quit ends the search with its best move")

	// A search by depth ends as it would have while the input lasts.
	got = serveAnswered(t, "go depth 6\n")
	assert.Regexp(t, `^info depth 6 `, got[len(got)-2])
	assert.Regexp(t, bestmoveLine, got[len(got)-1])
}

// serveAnswered serves the built-in engine, with a table of 1 MB and no
// endgames, on the commands of input, whose end comes once every go is
// answered, and returns its lines: the end of the input ends a search at
// once.
func serveAnswered(t *testing.T, input string) []string {
	t.Helper()
	srv, err := NewEngineServer(EngineConfig{HashMB: MinHashMB})
	require.NoError(t, err)
	gos := 0
	for _, l := range strings.Split(input, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "go" {
			gos++
		}
	}
	r, w := io.Pipe()
	var out lockedBuilder
	go func() {
		_, _ = io.WriteString(w, input)
		for countBest(strings.Split(out.String(), "\n")) < gos {
			time.Sleep(time.Millisecond)
		}
		w.Close()
	}()
	require.NoError(t, srv.Serve(r, &out))
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestBudget: the time to think under a clock is a share of the time
// left plus most of the increment, never more than half the time left.
func TestBudget(t *testing.T) {
	for _, tc := range []struct {
		args string
		pl   oware.Player
		want time.Duration
	}{
		{"movetime 300", oware.South, 300 * time.Millisecond},
		{"wtime 60000 btime 1000", oware.South, 3 * time.Second},
		{"wtime 60000 btime 1000", oware.North, 50 * time.Millisecond},
		{"wtime 1000 winc 2000", oware.South, 500 * time.Millisecond},
		{"wtime 10000 movestogo 5", oware.South, 2 * time.Second},
		{"depth 5", oware.South, 0},
	} {
		l, err := parseGo(strings.Fields(tc.args))
		require.NoError(t, err, tc.args)
		assert.Equal(t, tc.want, l.Budget(tc.pl), tc.args)
	}
}

// FuzzServer: no input makes the Server fail, hang or write anything but the
// lines of the protocol, and every go gets one best move.
func FuzzServer(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\nposition startpos moves FfE\ngo depth 3\n",
		"position fen 0-1-0-1-0-1-0-0-1-0-0-0-22-22-N moves cBdDeCfFaAbE\ngo depth 2\n",
		"setoption name Hash value 1\ngo movetime 5\nstop\n",
		"go infinite\nposition startpos\nstop\nponderhit\n",
		"position fen 4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1 moves F f\ngo depth 1\n",
		"debug on\nucinewgame\nquit\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		out := newLines()
		u := newSession(t, oware.Rules{}, out, 1)
		// Each line as serve reads it; at the end, what quit does, so that
		// no search outlasts the input.
		gos := 0
		for _, line := range strings.Split(input, "\n") {
			if f := strings.Fields(line); len(f) > 0 && f[0] == "go" {
				gos++
			}
			if !u.handle(strings.TrimSpace(line)) {
				break
			}
		}
		u.close()
		got := out.written()
		assert.Equal(t, gos, countBest(got), "every go answered")
		for _, l := range got {
			ok := l == "uciok" || l == "readyok" || bestmoveLine.MatchString(l) || infoLine.MatchString(l) ||
				errorLine.MatchString(l) || optionLine.MatchString(l) || strings.HasPrefix(l, "id ") ||
				strings.HasPrefix(l, "info string the game is over: ")
			assert.True(t, ok, "line %q", l)
		}
	})
}

// TestServerOptions: a Server declares its options on uci, checks a value
// against the option's type before setting it, reports the setter's
// errors, and accepts OwnBook and Ponder when it does not declare them.
func TestServerOptions(t *testing.T) {
	var set []string
	setter := func(name string) func(string) error {
		return func(v string) error {
			if v == "refused" {
				return fmt.Errorf("no, not %s", v)
			}
			set = append(set, name+"="+v)
			return nil
		}
	}
	eng, err := engine.New(engine.Options{TableSize: engine.MinTableSize})
	require.NoError(t, err)
	srv := &Server{Name: "test engine", Author: "the tests", Engine: eng, Options: []Option{
		{Name: "Level", Type: SpinOption, Default: "3", Min: 1, Max: 5, Set: setter("Level")},
		{Name: "Strong Play", Type: CheckOption, Default: "true", Set: setter("Strong Play")},
		{Name: "Style", Type: ComboOption, Default: "calm", Vars: []string{"calm", "wild"}, Set: setter("Style")},
		{Name: "Clear", Type: ButtonOption, Set: setter("Clear")},
		{Name: "Note", Type: StringOption, Set: setter("Note")},
	}}
	var out strings.Builder
	require.NoError(t, srv.Serve(strings.NewReader(strings.Join([]string{
		"uci",
		"setoption name level value 4",
		"setoption name Level value 6",
		"setoption name Strong Play value maybe",
		"setoption name strong play value false",
		"setoption name Style value odd",
		"setoption name Style value wild",
		"setoption name Clear value now",
		"setoption name Clear",
		"setoption name Note value two words",
		"setoption name Note value refused",
		"setoption name OwnBook value true",
		"setoption name Ponder value false",
		"setoption name Threads value 2",
	}, "\n")), &out))
	assert.Equal(t, []string{
		"id name test engine",
		"id author the tests",
		"option name Level type spin default 3 min 1 max 5",
		"option name Strong Play type check default true",
		"option name Style type combo default calm var calm var wild",
		"option name Clear type button",
		"option name Note type string default <empty>",
		"uciok",
		`info string error: Level "6": want 1 to 5`,
		`info string error: Strong Play "maybe": want true or false`,
		`info string error: Style "odd": want one of calm, wild`,
		`info string error: Clear is a button: want no value`,
		`info string error: Note refused: no, not refused`,
		`info string error: unknown option "Threads"`,
	}, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"))
	assert.Equal(t, []string{"Level=4", "Strong Play=false", "Style=wild", "Clear=", "Note=two words"}, set)
}

// TestServerHooks: Prepare runs as the session starts, isready waits for
// it and its error is reported; NewGame is called on ucinewgame.
func TestServerHooks(t *testing.T) {
	eng, err := engine.New(engine.Options{TableSize: engine.MinTableSize})
	require.NoError(t, err)
	prepared, games := false, 0
	srv := &Server{Engine: eng, NewGame: func() { games++ },
		Prepare: func(ctx context.Context) error {
			time.Sleep(20 * time.Millisecond)
			prepared = true
			return errors.New("the book is missing")
		}}
	in, w := io.Pipe()
	out := newLines()
	served := make(chan error)
	go func() { served <- srv.Serve(in, out) }()
	fmt.Fprintln(w, "isready")
	assert.Equal(t, []string{"info string error: the book is missing", "readyok"}, out.until(t, "readyok"))
	assert.True(t, prepared)
	fmt.Fprintln(w, "ucinewgame")
	fmt.Fprintln(w, "ucinewgame")
	fmt.Fprintln(w, "quit")
	require.NoError(t, <-served)
	assert.Equal(t, 2, games)

	// The context of Prepare ends with the session, which waits for it.
	srv.Prepare = func(ctx context.Context) error {
		<-ctx.Done()
		prepared = false
		return ctx.Err()
	}
	require.NoError(t, srv.Serve(strings.NewReader("quit\n"), io.Discard))
	assert.False(t, prepared)
}

// TestServerNodes: go nodes N searches about N positions: the last report
// counts N and less than a poll's worth more.
func TestServerNodes(t *testing.T) {
	got := serveAnswered(t, "go nodes 50000\n")
	require.GreaterOrEqual(t, len(got), 2)
	assert.Regexp(t, bestmoveLine, got[len(got)-1])
	i, err := parseInfo(got[len(got)-2])
	require.NoError(t, err)
	assert.GreaterOrEqual(t, i.Nodes, uint64(50000))
	assert.Less(t, i.Nodes, uint64(50000+4096))
}

// TestNewEngineServer: the configuration is checked; the name says the
// rules, and Hash is the one option.
func TestNewEngineServer(t *testing.T) {
	for _, cfg := range []EngineConfig{{HashMB: -1}, {HashMB: MaxHashMB + 1}, {Endgame: -1}, {Endgame: MaxEndgame + 1}} {
		_, err := NewEngineServer(cfg)
		assert.ErrorIs(t, err, ErrSyntax, "%+v", cfg)
		assert.True(t, strings.HasPrefix(err.Error(), "uci: "), err.Error())
	}
	aalina, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	srv, err := NewEngineServer(EngineConfig{Rules: aalina})
	require.NoError(t, err)
	assert.Equal(t, "oware (github.com/seed3966233f/oware, aalina rules)", srv.Name)
	require.Len(t, srv.Options, 1)
	assert.Equal(t, "option name Hash type spin default 64 min 1 max 4096", srv.Options[0].String())
	assert.Nil(t, srv.Prepare, "no endgames asked for")
	rs, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	srv, err = NewEngineServer(EngineConfig{Rules: rs, Endgame: 12})
	require.NoError(t, err)
	assert.Nil(t, srv.Prepare, "no tables under board-game-rs")
}
