package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/internal/testkit"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
	"github.com/seed3966233f/oware/uci"
)

// The forms of the engine's answers that Aualé's client reads (its
// src/auale/uci/rules.py): a best move is one pit letter, or 0000 when
// the game is over, optionally with the move it expects in reply; a
// principal variation is pit letters written together.
var (
	bestmoveLine = regexp.MustCompile(`^bestmove ([A-Fa-f]|0000)( ponder ([A-Fa-f]))?$`)
	infoLine     = regexp.MustCompile(`^info depth [0-9]+ score (cp -?[0-9]+|mate -?[0-9]+)( lowerbound)? nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [A-Fa-f]+$`)
)

// uciSession runs oware uci on the given commands, one a line, with the
// flags args (a table of 1 MB and no endgames solved unless they say),
// and returns its status and output lines. The input ends once every go
// has its best move: its end would end a search at once, as quit does
// (issue 26 #12).
func uciSession(t *testing.T, input string, args ...string) (int, []string, string) {
	t.Helper()
	if !slices.Contains(args, "-hash") {
		args = append(args, "-hash", "1")
	}
	if !slices.Contains(args, "-endgame") && !slices.Contains(args, "-tablebase") {
		args = append(args, "-endgame", "0")
	}
	out, errOut := new(testkit.Buffer), new(testkit.Buffer)
	stdin := io.MultiReader(strings.NewReader(input), &answeredEOF{out: out, gos: countGos(input)})
	status := run(append([]string{"uci"}, args...), stdin, out, errOut)
	return status, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), errOut.String()
}

// countGos counts the lines of input that are go commands.
func countGos(input string) int {
	n := 0
	for line := range strings.Lines(input) {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "go" {
			n++
		}
	}
	return n
}

// answeredEOF is the end of an input, which comes once out holds a best
// move for each of gos searches, or after a minute.
type answeredEOF struct {
	out *testkit.Buffer
	gos int
}

func (r *answeredEOF) Read([]byte) (int, error) {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if strings.Count(r.out.String(), "bestmove ") >= r.gos {
			break
		}
	}
	return 0, io.EOF
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
		{"go depth -3", `go depth "-3": want a number`},
		{"go movetime 99999999999", `go movetime "99999999999": want a number`},
		{"go mate 3", `go: unknown parameter "mate"`},
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

// TestUCIHandshake: uci names the engine and its options; isready,
// ucinewgame and the options Aualé sets are answered as they should be.
func TestUCIHandshake(t *testing.T) {
	status, got, _ := uciSession(t, "uci\nsetoption name OwnBook value false\nsetoption name Hash value 2\nucinewgame\nisready\ndebug on\ndebug off\nquit\nisready\n")
	assert.Equal(t, exitOK, status)
	assert.Equal(t, []string{
		"id name oware (github.com/seed3966233f/oware, abapa rules)",
		"id author the oware authors",
		"option name Hash type spin default 64 min 1 max 4096",
		"option name MultiPV type spin default 1 min 1 max 6",
		"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", engine.MaxElo, engine.MinElo, engine.MaxElo),
		"uciok",
		"readyok",
	}, got, "nothing after quit")
	_, got, _ = uciSession(t, "uci\n", "-rules", "aalina", "-hash", "8")
	assert.Equal(t, "id name oware (github.com/seed3966233f/oware, aalina rules)", got[0])

	status, _, errOut := runCmd(t, "", "uci", "-hash", "0")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "0" for flag -hash: want a whole number from 1 to 4096`)
	status, _, errOut = runCmd(t, "", "uci", "-rules", "nope")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "nope" for flag -rules: oware: rules "nope"`)
	status, _, _ = runCmd(t, "", "uci", "extra")
	assert.Equal(t, exitUsage, status)
}

// TestUCILongLine: a line too long to read is reported and skipped.
func TestUCILongLine(t *testing.T) {
	_, got, _ := uciSession(t, "position startpos moves "+strings.Repeat("F", 64<<10)+"\nisready\n")
	assert.Equal(t, []string{"info string error: a line longer than 65536 bytes, ignored", "readyok"}, got)
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

// TestUCIEndgame: without -tablebase, oware uci gets the endgames of up
// to -endgame seeds when it starts (uci.DefaultEndgame by default, built
// into the cache the first time and read from it afterwards; 12 without a
// cache), answers isready once they are ready, and then plays one of
// their best moves where they decide the game.
func TestUCIEndgame(t *testing.T) {
	var tables *tablebase.Tables
	cache := filepath.Join(t.TempDir(), "xdg")
	t.Setenv("XDG_CACHE_HOME", cache)
	if !raceEnabled {
		// The first start builds the default endgames into the user's
		// cache directory.
		status, out, errOut := runCmd(t, "isready\n", "uci", "-hash", "1")
		require.Equal(t, exitOK, status, errOut)
		require.Equal(t, "readyok\n", out, "nothing to report")
		dir := uci.CacheDir(filepath.Join(cache, "oware"), oware.Rules{}, uci.DefaultEndgame)
		var err error
		tables, err = tablebase.Open(dir)
		require.NoError(t, err)
		require.Equal(t, uci.DefaultEndgame, tables.MaxSeeds(oware.Rules{}))
	} else {
		// 22 seeds take many minutes under the race detector.
		var err error
		tables, err = tablebase.Compute(context.Background(), oware.Rules{}, 6, tablebase.BuildOptions{})
		require.NoError(t, err)
	}
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

	// By default: 22 seeds (uci.DefaultEndgame), read from the cache, and
	// without a cache 12 (uci.MemoryEndgame), at positions where depth 1
	// alone misses.
	if !raceEnabled {
		for _, c := range []struct {
			seeds int
			args  []string
		}{{uci.DefaultEndgame, nil}, {uci.MemoryEndgame, []string{"-cache", ""}}} {
			p, best := bestOf(c.seeds-1, c.seeds)
			for !missed(p, best) {
				p, best = bestOf(c.seeds-1, c.seeds)
			}
			status, out, errOut := runCmd(t, "isready\nposition fen "+p.Board().String()+"\ngo depth 1\n", append([]string{"uci", "-hash", "1"}, c.args...)...)
			require.Equal(t, exitOK, status, errOut)
			checkBest(strings.Split(strings.TrimSpace(out), "\n"), p, best)
		}
	} else {
		t.Log("the defaults of 22 and 12 seeds are not checked under the race detector")
	}

	// Rules that the tables do not support: no endgames, and no wait.
	status, got, errOut := uciSession(t, "isready\ngo depth 2\n", "-rules", "board-game-rs", "-endgame", "12")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, "readyok", got[0])
	for _, n := range []string{"-1", "23"} {
		status, _, errOut = uciSession(t, "", "-endgame", n)
		assert.Equal(t, exitUsage, status, n)
		assert.Contains(t, errOut, `invalid value "`+n+`" for flag -endgame: want a whole number from 0 to 22`, n)
	}
}

// TestUCIEndgameSearch: the endgames that oware uci solves itself reach
// the search as tables given with -tablebase do: the same reports, move
// for move, at every depth (the time and speed left out), and not those
// of a search without tables.
func TestUCIEndgameSearch(t *testing.T) {
	dir := smallTables(t)                   // abapa up to 6 seeds
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the cache of -endgame 6, not the user's
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

// TestUCINoCache: without a user's cache directory (no $XDG_CACHE_HOME
// nor $HOME), oware uci says so on its standard error and solves its
// endgames in memory.
func TestUCINoCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	status, out, errOut := runCmd(t, "isready\n", "uci", "-hash", "1", "-endgame", "6")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, "readyok\n", out)
	assert.Contains(t, errOut, "oware uci: no cache directory for the endgames (")
	assert.Contains(t, errOut, "): the endgames of up to 6 seeds are solved in memory\n")
	status, out, errOut = runCmd(t, "isready\n", "uci", "-hash", "1", "-endgame", "6", "-cache", "")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, "readyok\n", out)
	assert.Empty(t, errOut, "no cache asked for")
}

// TestUCISolve: with a time a move (go movetime) and endgame tables, oware
// uci asks the solver with the game's history at a position of few seeds
// that the tables' first-met values do not decide, and plays a move of
// perfect play with that history, which the search alone does not find
// here; -nosolve switches the solver off, and the search's move stands.
// Each move's value is package solve's Solver's, which its tests check
// against an independent reference solver. The position (abapa, 5 seeds,
// its quiet moves from 0-0-2-0-0-1-2-0-0-0-0-0-21-22-S) was found by a
// search of random ones where the two differ.
func TestUCISolve(t *testing.T) {
	const (
		start = "0-0-2-0-0-1-2-0-0-0-0-0-21-22-S"
		moves = "C a F c E b D c E"
	)
	p := oware.PositionFrom(oware.MustParseBoard(start))
	for _, s := range strings.Fields(moves) {
		m, err := oware.ParseMove(s)
		require.NoError(t, err)
		p, err = p.Play(m)
		require.NoError(t, err)
	}
	tb, err := tablebase.Compute(context.Background(), oware.Rules{}, 6, tablebase.BuildOptions{})
	require.NoError(t, err)
	sv, err := solve.New(oware.Rules{}, solve.Options{Plain: tb, TableSize: 1 << 20})
	require.NoError(t, err)
	values, err := sv.SolveMoves(context.Background(), p, solve.Limits{}, nil)
	require.NoError(t, err)
	best := math.MinInt
	value := map[oware.Move]int{}
	for _, mv := range values {
		require.True(t, mv.Value.Exact(), "%s", mv.Move)
		value[mv.Move] = mv.Value.Lo()
		best = max(best, mv.Value.Lo())
	}
	session := "isready\nposition fen " + start + " moves " + strings.ReplaceAll(moves, " ", "") + "\ngo movetime 300\n"
	played := func(args ...string) oware.Move {
		t.Helper()
		status, out, errOut := uciSession(t, session, append([]string{"-endgame", "6", "-cache", ""}, args...)...)
		require.Equal(t, exitOK, status, errOut)
		m := bestmoveLine.FindStringSubmatch(out[len(out)-1])
		require.NotNil(t, m, "%q", out)
		mv, err := oware.ParseMove(m[1])
		require.NoError(t, err)
		return mv
	}
	with := played()
	assert.Equal(t, best, value[with], "with the solver: %s, values %v", with, values)
	without := played("-nosolve")
	assert.Less(t, value[without], best, "without it: %s, values %v", without, values)
	// On the clock as well: a quarter of the time the search aims at.
	session = strings.Replace(session, "movetime 300", "wtime 4000 btime 4000", 1)
	clocked := played()
	assert.Equal(t, best, value[clocked], "with the solver on the clock: %s, values %v", clocked, values)
	without = played("-nosolve")
	assert.Less(t, value[without], best, "without it on the clock: %s, values %v", without, values)
	session = strings.Replace(session, "wtime 4000 btime 4000", "movetime 300", 1)
	// A search by depth never asks it.
	status, out, errOut := uciSession(t, strings.Replace(session, "movetime 300", "depth 12", 1), "-endgame", "6", "-cache", "")
	require.Equal(t, exitOK, status, errOut)
	assert.True(t, strings.HasPrefix(out[len(out)-1], "bestmove "+without.String()), "%q", out)
}
