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
	"github.com/seed3966233f/oware/tablebase"
)

// The forms of the engine's answers that Aualé's client reads (its
// src/auale/uci/rules.py): a best move is one pit letter, or 0000 when
// the game is over, optionally with the move it expects in reply; a
// principal variation is pit letters written together.
var (
	bestmoveLine = regexp.MustCompile(`^bestmove ([A-Fa-f]|0000)( ponder ([A-Fa-f]))?$`)
	infoLine     = regexp.MustCompile(`^info depth [0-9]+( multipv [1-6])? score (cp -?[0-9]+|mate -?[0-9]+)( lowerbound)? nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [A-Fa-f]+( string proven (draw|(win|loss) by at least [0-9]+ seeds?))?$`)
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
	return serveAnsweredBy(t, srv, input)
}

// serveAnsweredBy is serveAnswered of srv.
func serveAnsweredBy(t *testing.T, srv *Server, input string) []string {
	t.Helper()
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

// TestSearchLimits: the limits of a go become those of the built-in
// engine's search and the time after which the Server ends it: movetime
// as it is; on the clock of the player to move, the most that the
// engine's time management allows at the opening (48 seeds on the board:
// 36 moves to come, or movestogo), five times the share of the time left
// for the moves to come, less 20 ms each, at most a third of the clock.
func TestSearchLimits(t *testing.T) {
	north := oware.PositionFrom(oware.MustParseBoard("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"))
	for _, tc := range []struct {
		args string
		p    oware.Position
		want engine.Limits
		time time.Duration
	}{
		// The engine's own time too, but while it ponders or searches
		// without end.
		{"movetime 300", oware.Start(), engine.Limits{Time: 300 * time.Millisecond}, 300 * time.Millisecond},
		{"ponder movetime 300", oware.Start(), engine.Limits{}, 300 * time.Millisecond},
		{"infinite movetime 300", oware.Start(), engine.Limits{}, 300 * time.Millisecond},
		{"depth 5 nodes 300", oware.Start(), engine.Limits{Depth: 5, Nodes: 300}, 0},
		// (60 s - 36·20 ms) / 36 = 1.6467 s, five times that.
		{"wtime 60000 btime 1000", oware.Start(), engine.Limits{Clock: time.Minute}, 8233333330},
		// (1 s - 36·20 ms) / 36 = 7.78 ms, five times that.
		{"wtime 60000 btime 1000", north, engine.Limits{Clock: time.Second}, 38888885},
		// A third of the clock, below five times (1 + 35·2 - 0.72 s) / 36.
		{"wtime 1000 winc 2000 binc 5", oware.Start(), engine.Limits{Clock: time.Second, Increment: 2 * time.Second}, 333333333},
		{"wtime 10000 movestogo 5", oware.Start(), engine.Limits{Clock: 10 * time.Second, MovesToGo: 5}, 3333333333},
		// North's clock at 0 while South's is given: no time left.
		{"depth 99 wtime 1000", north, engine.Limits{Depth: engine.MaxDepth}, time.Millisecond},
	} {
		l, err := parseGo(strings.Fields(tc.args))
		require.NoError(t, err, tc.args)
		got, d := l.search(tc.p)
		assert.Equal(t, tc.want, got, tc.args)
		assert.Equal(t, tc.time, d, tc.args)
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
// rules, Hash is the one option of its own, and MultiPV goes up to six
// lines.
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
	assert.Equal(t, oware.PitsPerSide, srv.MultiPV)
	assert.Nil(t, srv.Prepare, "no endgames asked for")
	rs, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	srv, err = NewEngineServer(EngineConfig{Rules: rs, Endgame: 12})
	require.NoError(t, err)
	assert.Nil(t, srv.Prepare, "no tables under board-game-rs")
	srv, err = NewEngineServer(EngineConfig{Rules: aalina, NoSolve: true})
	require.NoError(t, err)
	assert.Equal(t, "oware (github.com/seed3966233f/oware, aalina rules, no solver)", srv.Name)
}

// TestServerMultiPV: the option MultiPV, declared on uci and set for its
// session alone, makes go report each line of every iteration, ranked,
// with the lines, scores and depth of the engine's own search of that
// many lines; the best move is the first line's. Values out of range are
// refused; a Server that does not declare it refuses it as unknown.
func TestServerMultiPV(t *testing.T) {
	srv, err := NewEngineServer(EngineConfig{HashMB: MinHashMB})
	require.NoError(t, err)
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	got := serveAnsweredBy(t, srv, strings.Join([]string{
		"uci",
		"setoption name MultiPV value 0",
		"setoption name MultiPV value 7",
		"setoption name multipv value 3",
		"position fen " + p.Board().String(),
		"go depth 6",
	}, "\n")+"\n")
	assert.Contains(t, got, "option name MultiPV type spin default 1 min 1 max 6")
	assert.Contains(t, got, `info string error: MultiPV "0": want 1 to 6`)
	assert.Contains(t, got, `info string error: MultiPV "7": want 1 to 6`)
	eng, err := engine.New(engine.Options{TableSize: MinHashMB << 20})
	require.NoError(t, err)
	var want []engine.Result
	_, err = eng.Analyze(context.Background(), p, engine.Limits{Depth: 6, MultiPV: 3}, func(r engine.Result) { want = append(want, r) })
	require.NoError(t, err)
	var infos []Info
	for _, l := range got {
		if strings.HasPrefix(l, "info depth") {
			assert.Regexp(t, infoLine, l)
			i, err := parseInfo(l)
			require.NoError(t, err)
			infos = append(infos, i)
		}
	}
	require.Len(t, infos, 3*len(want))
	for d, r := range want {
		for k, l := range r.Lines {
			i := infos[3*d+k]
			assert.Equal(t, k+1, i.MultiPV, "depth %d line %d", d+1, k+1)
			assert.Equal(t, l.Depth, i.Depth, "depth %d line %d", d+1, k+1)
			assert.Equal(t, l.PV, i.PV, "depth %d line %d", d+1, k+1)
			assert.Equal(t, ScoreOf(l.Score), *i.Score, "depth %d line %d", d+1, k+1)
		}
	}
	assert.Equal(t, "bestmove "+want[5].Move.String()+" ponder "+want[5].PV[1].String(), got[len(got)-1])

	// Another session of the same Server starts with one line.
	got = serveAnsweredBy(t, srv, "go depth 3\n")
	for _, l := range got[:len(got)-1] {
		assert.NotContains(t, l, "multipv", l)
	}
	srv = &Server{Engine: eng}
	var out strings.Builder
	require.NoError(t, srv.Serve(strings.NewReader("uci\nsetoption name MultiPV value 2\n"), &out))
	assert.Contains(t, out.String(), `info string error: unknown option "MultiPV"`)
	assert.NotContains(t, out.String(), "option name MultiPV")
}

// TestServerProven: with endgame tables, a line whose result the tables
// prove says so after "string", a draw included.
func TestServerProven(t *testing.T) {
	tb, err := tablebase.Compute(context.Background(), oware.Rules{}, 6, tablebase.BuildOptions{})
	require.NoError(t, err)
	srv, err := NewEngineServer(EngineConfig{HashMB: MinHashMB, Tables: tb})
	require.NoError(t, err)
	got := serveAnsweredBy(t, srv, strings.Join([]string{
		"setoption name MultiPV value 3",
		"position fen 1-0-1-0-0-2-0-1-0-0-0-1-22-20-S",
		"go depth 4",
	}, "\n")+"\n")
	require.Len(t, got, 13)
	assert.Equal(t, []string{
		"info depth 4 multipv 1 score cp 100800 pv AbC string proven win by at least 8 seeds",
		"info depth 4 multipv 2 score cp 0 pv Cf",
		"info depth 4 multipv 3 score cp 0 pv F string proven draw",
	}, withoutSpeed(got[9:12]))
}

// withoutSpeed returns info lines without their nodes, speed and time.
func withoutSpeed(lines []string) []string {
	speed := regexp.MustCompile(` nodes [0-9]+ nps [0-9]+ time [0-9]+`)
	var kept []string
	for _, l := range lines {
		kept = append(kept, speed.ReplaceAllString(l, ""))
	}
	return kept
}

// TestServerNewGame: one game does not leak into the next: after the
// searches of a game, one of them of the same position, and ucinewgame, a
// search reports exactly what a new engine's does, positions visited
// included.
func TestServerNewGame(t *testing.T) {
	next := "position fen 3-0-5-1-7-2-0-4-4-1-6-3-6-6-N\ngo depth 10\n"
	want := withoutSpeed(serveAnswered(t, next))
	srv, err := NewEngineServer(EngineConfig{HashMB: MinHashMB})
	require.NoError(t, err)
	in, w := io.Pipe()
	out := newLines()
	served := make(chan error)
	go func() { served <- srv.Serve(in, out) }()
	for _, cmd := range []string{"position startpos moves FfEe\ngo depth 9", "position fen 3-0-5-1-7-2-0-4-4-1-6-3-6-6-N\ngo depth 10"} {
		fmt.Fprintln(w, cmd)
		out.until(t, "bestmove")
	}
	fmt.Fprint(w, "ucinewgame\n"+next)
	got := withoutSpeed(out.until(t, "bestmove"))
	fmt.Fprintln(w, "quit")
	require.NoError(t, <-served)
	assert.Equal(t, want, got)
}

// limitsRecorder is an Engine that plays the first legal move and records
// the limits of each search.
type limitsRecorder struct {
	mu     sync.Mutex
	limits []engine.Limits
}

func (l *limitsRecorder) Analyze(_ context.Context, p oware.Position, lim engine.Limits, _ func(engine.Result)) (engine.Result, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.limits = append(l.limits, lim)
	m, _ := p.Moves().Nth(0)
	return engine.Result{Move: m, PV: []oware.Move{m}, Depth: 1}, nil
}

// TestServerLevels: a Server with a range of Elo declares
// UCI_LimitStrength and UCI_Elo; the engine gets UCI_Elo only while
// UCI_LimitStrength is true, a setting of the session; values out of
// range are refused.
func TestServerLevels(t *testing.T) {
	rec := &limitsRecorder{}
	srv := &Server{Name: "levels", Engine: rec, MinElo: 300, MaxElo: 2000}
	got := converse(t, srv, []string{
		"uci",
		"go depth 2",
		"setoption name UCI_Elo value 1200",
		"go depth 2",
		"setoption name UCI_LimitStrength value true",
		"go depth 2",
		"setoption name UCI_Elo value 299",
		"setoption name UCI_Elo value 2001",
		"setoption name UCI_Elo value 650",
		"go depth 2",
		"setoption name UCI_LimitStrength value false",
		"go depth 2",
	})
	assert.Contains(t, got, "option name UCI_LimitStrength type check default false\n")
	assert.Contains(t, got, "option name UCI_Elo type spin default 2000 min 300 max 2000\n")
	assert.Contains(t, got, `info string error: UCI_Elo "299": want 300 to 2000`)
	assert.Contains(t, got, `info string error: UCI_Elo "2001": want 300 to 2000`)
	var elos []int
	for _, l := range rec.limits {
		elos = append(elos, l.Elo)
	}
	assert.Equal(t, []int{0, 0, 1200, 650, 0}, elos)
	require.NoError(t, srv.Serve(strings.NewReader("go depth 2\n"), io.Discard))
	assert.Zero(t, rec.limits[len(rec.limits)-1].Elo, "a new session plays at full strength")
	var out strings.Builder
	require.NoError(t, (&Server{Engine: rec}).Serve(strings.NewReader("uci\n"), &out))
	assert.NotContains(t, out.String(), "UCI_Elo", "no range, no levels")
}

// converse sends srv the commands one at a time, waiting for the best
// move after each go, and returns all it wrote.
func converse(t *testing.T, srv *Server, commands []string) string {
	t.Helper()
	in, w := io.Pipe()
	out := newLines()
	served := make(chan error)
	go func() { served <- srv.Serve(in, out) }()
	var got []string
	for _, cmd := range commands {
		fmt.Fprintln(w, cmd)
		switch {
		case strings.HasPrefix(cmd, "go"):
			got = append(got, out.until(t, "bestmove")...)
		case cmd == "uci":
			got = append(got, out.until(t, "uciok")...)
		default:
			got = append(got, out.now(20*time.Millisecond)...)
		}
	}
	fmt.Fprintln(w, "quit")
	require.NoError(t, <-served)
	return strings.Join(got, "\n") + "\n"
}
