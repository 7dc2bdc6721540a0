package uci

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
)

// serveTimed serves the built-in engine as serve does, on an input whose
// end comes after hold, or once a best move is written, and returns its
// lines and how long its first best move took (or, without one, the
// session).
func serveTimed(t *testing.T, input string, hold time.Duration) ([]string, time.Duration) {
	t.Helper()
	srv, err := NewEngineServer(EngineConfig{HashMB: MinHashMB})
	require.NoError(t, err)
	r, w := io.Pipe()
	var out lockedBuilder
	go func() {
		_, _ = io.WriteString(w, input)
		for end := time.Now().Add(hold); time.Now().Before(end) && out.firstBest().IsZero(); {
			time.Sleep(time.Millisecond)
		}
		w.Close()
	}()
	began := time.Now()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(r, &out) }()
	select {
	case err := <-served:
		require.NoError(t, err)
	case <-time.After(hold + time.Minute):
		t.Fatalf("no end a minute after the input's: %q", out.String())
	}
	took := time.Since(began)
	if best := out.firstBest(); !best.IsZero() {
		took = best.Sub(began)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), took
}

// lockedBuilder is a strings.Builder safe for concurrent use, which
// notes when the first best move is written.
type lockedBuilder struct {
	mu   sync.Mutex
	b    strings.Builder
	best time.Time
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.best.IsZero() && strings.HasPrefix(string(p), "bestmove") {
		l.best = time.Now()
	}
	return l.b.Write(p)
}

// firstBest returns when the first best move was written; zero if none
// was.
func (l *lockedBuilder) firstBest() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.best
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestGoClockAtZero: "go wtime 0 btime 5000" with South to move gives
// South no time: the best move comes at once, where the engine searched
// without a limit (issue 26 #11); so with wtime 0 alone, and with the
// clock of North at 0 when North is to move.
func TestGoClockAtZero(t *testing.T) {
	for _, tc := range []struct{ position, args string }{
		{"position startpos", "go wtime 0 btime 5000"},
		{"position startpos", "go wtime 0"},
		{"position startpos", "go wtime 0 btime 5000 winc 1000 binc 1000"},
		{"position startpos moves F", "go wtime 5000 btime 0"},
	} {
		got, took := serveTimed(t, tc.position+"\n"+tc.args+"\n", 30*time.Second)
		require.Regexp(t, bestmoveLine, got[len(got)-1], tc.args)
		assert.Less(t, took, 30*time.Second, "%s: the best move comes before the end of the input", tc.args)
	}
}

// TestGoAnsweredAtEOF: the end of the input during go depth or go
// movetime ends the search at once, with its best move, as during go
// infinite (issue 26 #12: go depth 40 went on searching).
func TestGoAnsweredAtEOF(t *testing.T) {
	for _, args := range []string{"go depth 40", "go movetime 1000000", "go infinite", "go", "go nodes 1000000000"} {
		got, took := serveTimed(t, "position startpos\n"+args+"\n", 0)
		require.Regexp(t, bestmoveLine, got[len(got)-1], args)
		assert.Less(t, took, 30*time.Second, args)
	}
}

// TestGoZero: go movetime 0, go depth 0 and go nodes 0 are answered at
// once with a best move, as is a go that cannot be read (with an error
// line first), and a go when the game is over, with 0000: every go gets
// its best move, which a GUI waits for (issue 26 #13).
func TestGoZero(t *testing.T) {
	for _, tc := range []struct{ args, complaint string }{
		{"go movetime 0", ""},
		{"go depth 0", ""},
		{"go nodes 0", ""},
		{"go movetime 0 depth 5", ""},
		{"go depth -1", `info string error: go depth "-1": want a number from 0 to 1000000000`},
		{"go mate 3", `info string error: go: unknown parameter "mate"`},
		{"go depth", "info string error: go: depth wants a number"},
		{"go movetime 99999999999999999999", `info string error: go movetime "99999999999999999999": want a number from 0 to 1000000000`},
	} {
		got, took := serveTimed(t, "position startpos\n"+tc.args+"\n", 30*time.Second)
		require.Regexp(t, bestmoveLine, got[len(got)-1], tc.args)
		assert.NotEqual(t, "bestmove 0000", got[len(got)-1], "%s: a move is found at once", tc.args)
		assert.Less(t, took, 30*time.Second, "%s: the best move comes at once", tc.args)
		if tc.complaint != "" {
			assert.Equal(t, tc.complaint, got[0], tc.args)
		}
	}
	got, _ := serveTimed(t, "position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S\ngo depth 0\n", 0)
	assert.Equal(t, "bestmove 0000", got[len(got)-1], "no move: the game is over")
}

// TestGoDuringSearch: a go during a search ends that search, whose best
// move answers the earlier go, and starts its own: two gos, two best
// moves.
func TestGoDuringSearch(t *testing.T) {
	got, _ := serveTimed(t, "position startpos\ngo infinite\ngo depth 2\n", 30*time.Second)
	assert.Equal(t, 2, countBest(got), "%q", got)
}

// countBest counts the best moves of lines.
func countBest(lines []string) int {
	n := 0
	for _, l := range lines {
		if bestmoveLine.MatchString(l) {
			n++
		}
	}
	return n
}

// TestPropertyEveryGoAnswered: whatever the commands, every go is answered
// with one best move, in the order of the gos, once the input ends: gos
// with any arguments, well formed or not, at any position, among stops,
// ponderhits, positions and the other commands.
func TestPropertyEveryGoAnswered(t *testing.T) {
	srv, err := NewEngineServer(EngineConfig{HashMB: MinHashMB})
	require.NoError(t, err)
	srv.afterFunc = func(d time.Duration, f func()) *time.Timer { return time.AfterFunc(d/1000, f) }
	goArgs := rapid.SampledFrom([]string{
		"", "infinite", "ponder", "ponder movetime 30", "ponder depth 2", "depth 0", "depth 1", "depth 3", "nodes 0", "nodes 500",
		"movetime 0", "movetime 20", "wtime 0 btime 5000", "wtime 5000 btime 0", "wtime 100 btime 100 movestogo 3",
		"depth -1", "depth", "mate 2", "movetime x", "infinite depth 0", "ponder movetime 0",
	})
	other := rapid.SampledFrom([]string{
		"stop", "ponderhit", "isready", "ucinewgame", "position startpos", "position startpos moves FfE",
		"position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S", "position fen 0-1-0-1-0-1-0-0-1-0-0-0-22-22-N",
		"setoption name Hash value 1", "debug on", "uci", "nonsense",
	})
	rapid.Check(t, func(t *rapid.T) {
		var input strings.Builder
		gos := 0
		for range rapid.IntRange(0, 12).Draw(t, "commands") {
			if rapid.Bool().Draw(t, "go") {
				gos++
				input.WriteString(strings.TrimSpace("go "+goArgs.Draw(t, "args")) + "\n")
			} else {
				input.WriteString(other.Draw(t, "command") + "\n")
			}
		}
		var out strings.Builder
		require.NoError(t, srv.Serve(strings.NewReader(input.String()), &out))
		lines := strings.Split(out.String(), "\n")
		require.Equal(t, gos, countBest(lines), "input:\n%s\noutput:\n%s", input.String(), out.String())
	})
}

// TestBudgetClockAtZero: a clock at 0 while the other player's is given
// leaves no time: the least budget, a millisecond.
func TestBudgetClockAtZero(t *testing.T) {
	l := Limits{Clock: [2]time.Duration{0, 5 * time.Second}, Increment: [2]time.Duration{time.Second, time.Second}}
	assert.Equal(t, time.Millisecond, l.Budget(oware.South))
	assert.Equal(t, "wtime 0 btime 5000 winc 1000 binc 1000", l.String(), "both clocks are written")
}
