package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/tablebase"
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

// fastClock makes the clock of the oware command run speed times faster
// for the rest of the test, so that sessions with seconds a move replay
// quickly.
func fastClock(t *testing.T, speed int) {
	start := time.Now()
	saved := now
	now = func() time.Time { return start.Add(time.Since(start) * time.Duration(speed)) }
	t.Cleanup(func() { now = saved })
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

// TestUCISessions replays the commands of recorded sessions, Aalina's and
// Aualé's, to oware uci under the rules of the session, and checks each
// answer against the one recorded: the same kind of line, in the forms
// Aualé reads; a best move that is legal where oware uci stands, and
// 0000 exactly where the recorded engine saw the game over; a best move
// after go infinite or go ponder only once stop comes.
func TestUCISessions(t *testing.T) {
	fastClock(t, 20)
	names, err := filepath.Glob(filepath.Join("testdata", "uci", "*.txt"))
	require.NoError(t, err)
	require.Len(t, names, 3)
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			rules, steps := readSession(t, name)
			out := newLines()
			u, err := newUCIServer(rules, minHashMB, nil, 0, out)
			require.NoError(t, err)
			defer u.finish()
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

// uciSession runs oware uci on the given commands, one a line, with the
// flags args (a table of 1 MB and no endgames solved unless they say),
// and returns its status and output lines.
func uciSession(t *testing.T, input string, args ...string) (int, []string, string) {
	t.Helper()
	if !slices.Contains(args, "-hash") {
		args = append(args, "-hash", "1")
	}
	if !slices.Contains(args, "-endgame") && !slices.Contains(args, "-tablebase") {
		args = append(args, "-endgame", "0")
	}
	status, out, errOut := runCmd(t, input, append([]string{"uci"}, args...)...)
	return status, strings.Split(strings.TrimSuffix(out, "\n"), "\n"), errOut
}

// TestUCIRefuses: malformed commands get an error line and change
// nothing; the session goes on.
func TestUCIRefuses(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string // part of the error line
	}{
		{"hello", `unknown command "hello"`},
		{"debug maybe", `want "debug on" or "debug off"`},
		{"setoption", `want "setoption name NAME value VALUE"`},
		{"setoption name Hash value lots", `Hash "lots": want 1 to 4096`},
		{"setoption name Hash value 0", `Hash "0": want 1 to 4096`},
		{"setoption name Contempt value 5", `unknown option "Contempt"`},
		{"position", `want "position startpos" or "position fen BOARD"`},
		{"position middle", `position "middle": want startpos or fen`},
		{"position startpos FfE", `"FfE" where "moves" or the end was expected`},
		{"position startpos moves Fg", `move 2, "g", is not a pit letter`},
		{"position startpos moves Ff2", `move 3, "2", is not a pit letter`},
		{"position startpos moves FF", `move 2, F, at 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N: pit is not on the mover's side`},
		{"position startpos moves FfF", `move 3, F, at 5-5-5-5-4-0-5-5-5-5-4-0-0-0-S: pit is empty`},
		{"position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", `total is 49`},
		{"position fen", `position fen "": `},
		{"go depth", `go: depth wants a number`},
		{"go depth 0", `go depth 0: want at least 1`},
		{"go depth -3", `go depth "-3": want a number`},
		{"go movetime 0", `go movetime 0: want at least 1 (ms)`},
		{"go movetime 99999999999", `go movetime "99999999999": want a number`},
		{"go nodes 1000", `go: unknown parameter "nodes"`},
	} {
		status, got, errOut := uciSession(t, tc.cmd+"\nposition startpos moves F\ngo depth 1\n")
		assert.Equal(t, exitOK, status, tc.cmd)
		assert.Empty(t, errOut, tc.cmd)
		require.NotEmpty(t, got, tc.cmd)
		assert.Equal(t, "info string error: ", got[0][:min(len(got[0]), 19)], tc.cmd)
		assert.Contains(t, got[0], tc.want, tc.cmd)
		// The session goes on: the next commands are answered.
		assert.Regexp(t, `^bestmove [a-f]$`, got[len(got)-1], tc.cmd)
	}
}

// TestUCIGo checks the answers to go: by depth, the move of a search of
// that depth; a finished game, 0000; under Aalina's rules a repeated
// position is finished, under abapa it is not.
func TestUCIGo(t *testing.T) {
	_, got, _ := uciSession(t, "position fen 0-0-0-0-0-0-2-0-0-0-0-3-20-23-N\ngo depth 5\n")
	// North must feed South (R7): a (pit 6, two seeds) stays on North's
	// side; f (pit 11) sows into pits 0, 1 and 2.
	assert.Equal(t, "bestmove f", strings.Fields(got[len(got)-1])[0]+" "+strings.Fields(got[len(got)-1])[1])
	for _, l := range got[:len(got)-1] {
		assert.Regexp(t, infoLine, l)
	}

	_, got, _ = uciSession(t, "position fen 0-0-0-0-0-1-0-0-0-0-2-1-19-25-S\ngo movetime 100\n")
	assert.Equal(t, []string{"info string the game is over: North wins 25-19 (majority, R8)", "bestmove 0000"}, got)

	cycle := "position fen 0-1-0-1-0-1-0-0-1-0-0-0-22-22-N moves cBdDeCfFaAbE\ngo depth 3\n"
	_, got, _ = uciSession(t, cycle, "-rules", "aalina")
	assert.Equal(t, "bestmove 0000", got[len(got)-1])
	_, got, _ = uciSession(t, cycle)
	assert.Regexp(t, `^bestmove [a-f]`, got[len(got)-1], "abapa plays on (R10: the third occurrence)")

	// A search that its time ends reports all its nodes before its move:
	// the last report counts those of the iteration it did not finish.
	_, got, _ = uciSession(t, "position startpos\ngo movetime 50\n")
	require.GreaterOrEqual(t, len(got), 3)
	nodes := func(l string) int {
		m := regexp.MustCompile(` nodes ([0-9]+) `).FindStringSubmatch(l)
		require.NotNil(t, m, l)
		n, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		return n
	}
	assert.Greater(t, nodes(got[len(got)-2]), nodes(got[len(got)-3]))

	// A PlayStrategy FEN is read too, and moves may be written apart.
	_, got, _ = uciSession(t, "position fen 4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1 moves F f\ngo depth 1\n")
	assert.Regexp(t, `^bestmove [A-F]`, got[len(got)-1])
}

// TestUCIWaitsForStop: after go infinite the best move comes with stop;
// a ponder search turns into a timed one at ponderhit; quit and the end
// of the input end a search.
func TestUCIWaitsForStop(t *testing.T) {
	out := newLines()
	u, err := newUCIServer(oware.Rules{}, minHashMB, nil, 0, out)
	require.NoError(t, err)
	require.True(t, u.handle("go infinite"))
	for _, l := range out.now(100 * time.Millisecond) {
		assert.NotRegexp(t, `^bestmove`, l)
	}
	require.True(t, u.handle("go depth 3"))
	assert.Equal(t, []string{"info string error: go during a search: send stop first"}, filterInfo(out.now(20*time.Millisecond)))
	require.True(t, u.handle("stop"))
	got := out.until(t, "bestmove")
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

	// At the end of the input a search by depth ends as it would have.
	_, lines, _ := uciSession(t, "go depth 6\n")
	assert.Regexp(t, `^info depth 6 `, lines[len(lines)-2])
	assert.Regexp(t, bestmoveLine, lines[len(lines)-1])
}

// filterInfo drops the reports of a search.
func filterInfo(got []string) []string {
	var kept []string
	for _, l := range got {
		if !strings.HasPrefix(l, "info depth") {
			kept = append(kept, l)
		}
	}
	return kept
}

// TestUCIHandshake: uci names the engine and its options; isready,
// ucinewgame and the options Aualé sets are answered as they should be.
func TestUCIHandshake(t *testing.T) {
	status, got, _ := uciSession(t, "uci\nsetoption name OwnBook value false\nsetoption name Hash value 2\nucinewgame\nisready\ndebug on\ndebug off\nquit\nisready\n")
	assert.Equal(t, exitOK, status)
	assert.Equal(t, []string{
		"id name oware (github.com/seed3966233f/oware, abapa rules)",
		"id author the oware authors",
		"option name Hash type spin default 64 min 1 max 4096",
		"uciok",
		"readyok",
	}, got, "nothing after quit")
	_, got, _ = uciSession(t, "uci\n", "-rules", "aalina", "-hash", "8")
	assert.Equal(t, "id name oware (github.com/seed3966233f/oware, aalina rules)", got[0])

	status, _, errOut := runCmd(t, "", "uci", "-hash", "0")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "-hash 0: want 1 to 4096")
	status, _, errOut = runCmd(t, "", "uci", "-rules", "nope")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `-rules "nope"`)
	status, _, _ = runCmd(t, "", "uci", "extra")
	assert.Equal(t, exitUsage, status)
}

// TestUCILongLine: a line too long to read is reported and skipped.
func TestUCILongLine(t *testing.T) {
	_, got, _ := uciSession(t, "position startpos moves "+strings.Repeat("F", maxUCILine)+"\nisready\n")
	assert.Equal(t, []string{"info string error: a line longer than 65536 bytes, ignored", "readyok"}, got)
}

// TestUCIBudget: the time to think under a clock is a share of the time
// left plus most of the increment, never more than half the time left.
func TestUCIBudget(t *testing.T) {
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
		g, err := parseGo(strings.Fields(tc.args))
		require.NoError(t, err, tc.args)
		assert.Equal(t, tc.want, g.budget(tc.pl), tc.args)
	}
}

// FuzzUCI: no input makes oware uci fail, hang or write anything but the
// lines of the protocol.
func FuzzUCI(f *testing.F) {
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
		u, err := newUCIServer(oware.Rules{}, minHashMB, nil, 0, out)
		require.NoError(t, err)
		// Each line as serve reads it; at the end, what quit does, so that
		// no search outlasts the input.
		for _, line := range strings.Split(input, "\n") {
			if !u.handle(strings.TrimSpace(line)) {
				break
			}
		}
		u.finish()
		for _, l := range out.now(0) {
			ok := l == "uciok" || l == "readyok" || bestmoveLine.MatchString(l) || infoLine.MatchString(l) ||
				errorLine.MatchString(l) || optionLine.MatchString(l) || strings.HasPrefix(l, "id ") ||
				strings.HasPrefix(l, "info string the game is over: ")
			assert.True(t, ok, "line %q", l)
		}
	})
}

// TestUCITablebase: with -tablebase, where the tables decide the game the
// engine plays one of their best moves, even at depth 1, where the search
// alone often does not; without tables for its rules, -tablebase is a
// usage error.
func TestUCITablebase(t *testing.T) {
	dir := smallTables(t)
	tables, err := tablebase.Open(dir)
	require.NoError(t, err)
	rng := prng.New(7)
	decidedPositions, differs := 0, 0
	for decidedPositions < 40 {
		p := oware.PositionFrom(boardgen.Endgame(rng, 2, 6))
		if p.Moves().Len() < 2 || !decided(tables, p) {
			continue
		}
		best, _, err := tables.BestMoves(p)
		require.NoError(t, err)
		if best.Len() == p.Moves().Len() {
			continue // every move is best: nothing to tell
		}
		decidedPositions++
		session := "position fen " + p.Board().String() + "\ngo depth 1\n"
		status, with, errOut := uciSession(t, session, "-tablebase", dir)
		require.Equal(t, exitOK, status, errOut)
		m := bestmoveLine.FindStringSubmatch(with[len(with)-1])
		require.NotNil(t, m, "%s: %q", p.Board(), with)
		mv, err := oware.ParseMove(m[1])
		require.NoError(t, err)
		assert.True(t, best.Contains(mv), "%s: %s is not among the tables' best moves %s", p.Board(), mv, best)
		_, without, _ := uciSession(t, session)
		m = bestmoveLine.FindStringSubmatch(without[len(without)-1])
		require.NotNil(t, m)
		if mv, err = oware.ParseMove(m[1]); err == nil && !best.Contains(mv) {
			differs++
		}
	}
	assert.Positive(t, differs, "a search of depth 1 alone misses a best move somewhere")

	status, _, errOut := uciSession(t, "", "-rules", "auale", "-tablebase", dir)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "-tablebase "+dir+": no tables under auale")
	status, _, errOut = uciSession(t, "", "-tablebase", filepath.Join(dir, "missing"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware uci: ")
}

// TestUCIEndgame: without -tablebase, oware uci solves the endgames of
// up to -endgame seeds when it starts (12 by default), answers isready
// once they are solved, and then plays one of their best moves where they
// decide the game.
func TestUCIEndgame(t *testing.T) {
	top := defaultEndgame
	if raceEnabled {
		top = 6 // 12 seeds take minutes under the race detector
	}
	tables, err := tablebase.Compute(context.Background(), oware.Rules{}, top, tablebase.BuildOptions{})
	require.NoError(t, err)
	rng := prng.New(11)
	// bestOf returns a position of from to seeds seeds at which the tables
	// decide the game and some move is not among their best ones, and
	// those best moves.
	bestOf := func(from, seeds int) (oware.Position, oware.MoveSet) {
		for {
			p := oware.PositionFrom(boardgen.Endgame(rng, from, seeds))
			if p.Moves().Len() < 2 || !decided(tables, p) {
				continue
			}
			best, _, err := tables.BestMoves(p)
			require.NoError(t, err)
			if best.Len() < p.Moves().Len() {
				return p, best
			}
		}
	}
	checkBest := func(got []string, p oware.Position, best oware.MoveSet) {
		t.Helper()
		require.Equal(t, "readyok", got[0], "%s", p.Board())
		m := bestmoveLine.FindStringSubmatch(got[len(got)-1])
		require.NotNil(t, m, "%s: %q", p.Board(), got)
		mv, err := oware.ParseMove(m[1])
		require.NoError(t, err)
		assert.True(t, best.Contains(mv), "%s: %s is not among the tables' best moves %s", p.Board(), mv, best)
	}
	// missed reports whether a search of depth 1 without tables misses
	// every best move at p.
	missed := func(p oware.Position, best oware.MoveSet) bool {
		_, without, _ := uciSession(t, "position fen "+p.Board().String()+"\ngo depth 1\n")
		m := bestmoveLine.FindStringSubmatch(without[len(without)-1])
		require.NotNil(t, m)
		mv, err := oware.ParseMove(m[1])
		require.NoError(t, err)
		return !best.Contains(mv)
	}
	differs := 0
	for range 30 {
		p, best := bestOf(2, 6)
		status, got, errOut := uciSession(t, "isready\nposition fen "+p.Board().String()+"\ngo depth 1\n", "-endgame", "6")
		require.Equal(t, exitOK, status, errOut)
		checkBest(got, p, best)
		if missed(p, best) {
			differs++
		}
	}
	assert.Positive(t, differs, "a search of depth 1 alone misses a best move somewhere")

	// By default: 12 seeds (defaultEndgame), at a position where depth 1
	// alone misses.
	if !raceEnabled {
		p, best := bestOf(defaultEndgame-1, defaultEndgame)
		for !missed(p, best) {
			p, best = bestOf(defaultEndgame-1, defaultEndgame)
		}
		status, out, errOut := runCmd(t, "isready\nposition fen "+p.Board().String()+"\ngo depth 1\n", "uci", "-hash", "1")
		require.Equal(t, exitOK, status, errOut)
		checkBest(strings.Split(strings.TrimSpace(out), "\n"), p, best)
	} else {
		t.Log("the default of 12 seeds is not checked under the race detector")
	}

	// Rules that the tables do not support: no endgames, and no wait.
	status, got, errOut := uciSession(t, "isready\ngo depth 2\n", "-rules", "board-game-rs", "-endgame", "12")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, "readyok", got[0])
	for _, n := range []string{"-1", "16"} {
		status, _, errOut = uciSession(t, "", "-endgame", n)
		assert.Equal(t, exitUsage, status, n)
		assert.Contains(t, errOut, "-endgame "+n+": want 0 to 15", n)
	}
}

// TestUCIEndgameSearch: the endgames that oware uci solves itself reach
// the search as tables given with -tablebase do: the same reports, move
// for move, at every depth (the time and speed left out), and not those
// of a search without tables.
func TestUCIEndgameSearch(t *testing.T) {
	dir := smallTables(t) // abapa up to 6 seeds
	rng := prng.New(5)
	timing := regexp.MustCompile(` nps \d+ time \d+`)
	searches := func(session string, args ...string) string {
		status, out, errOut := uciSession(t, session, args...)
		require.Equal(t, exitOK, status, errOut)
		return timing.ReplaceAllString(strings.Join(out, "\n"), "")
	}
	differs := 0
	for range 12 {
		p := oware.PositionFrom(boardgen.Endgame(rng, 7, 10))
		if p.Moves().Len() < 2 {
			continue
		}
		session := "isready\nposition fen " + p.Board().String() + "\ngo depth 6\n"
		own := searches(session, "-endgame", "6")
		require.Equal(t, searches(session, "-tablebase", dir), own, "%s", p.Board())
		if own != searches(session) {
			differs++
		}
	}
	assert.Positive(t, differs, "the tables change some search")
}

// decided reports whether the tables decide the game at p: who wins (the
// final margin of the same sign at both bounds), or a draw (an exact
// margin of 0).
func decided(tb *tablebase.Tables, p oware.Position) bool {
	v, err := tb.Probe(p)
	if err != nil {
		return false
	}
	lo, hi := v.Margin(p.Board())
	return lo > 0 || hi < 0 || lo == 0 && hi == 0
}
