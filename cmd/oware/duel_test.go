package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/fakeengine"
	"github.com/seed3966233f/oware/internal/term"
	"github.com/seed3966233f/oware/internal/wire"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/uci"
)

// fake returns the command line of a fake engine (see package
// fakeengine), run by the test binary.
func fake(t *testing.T, mode string) string { return fakeengine.Command(t, mode) }

// TestHelperEngine is not a test: runs of oware match in the tests start
// the test binary as a fake engine, which serves it and exits.
func TestHelperEngine(t *testing.T) {
	fakeengine.Run()
	t.Skip("the duel tests run this as an engine")
}

// TestDuelForfeits: an engine that plays an illegal move, answers too
// late, crashes or sees the game over loses each game where it does, and
// the report says so; the engine that crashed or was too slow is started
// again for the next game.
func TestDuelForfeits(t *testing.T) {
	for _, tc := range []struct {
		mode, want string
	}{
		{"illegal@3", "illegal move: "},
		{"timeout@2", "no move in time: no best move within 300ms (50ms and 250ms of grace)"},
		{"crash@4", "the engine exited: exit status 3"},
		{"zero@2", "an answer not in the protocol: bestmove 0000: the engine sees the game over"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "games.ogn")
			status, out, errOut := runCmd(t, "", "match", "-engine", fake(t, "random"), "-engine", fake(t, tc.mode),
				"-openings", "2", "-plies", "2", "-movetime", "50ms", "-grace", "250ms", "-o", file)
			require.Equal(t, exitOK, status, errOut)
			assert.Contains(t, out, "fake random against fake "+tc.mode+": 4 games (2 openings of 2 plies, both colours), 50ms a move, abapa rules\n")
			assert.Contains(t, out, "fake random: 4 wins, 0 draws, 0 losses: 100.0% of the points\n")
			assert.Contains(t, out, "Elo difference: none can be told from a score of 100%\n")
			assert.Equal(t, 4, strings.Count(out, "forfeit: game "), out)
			assert.Contains(t, out, "(South) lost: "+tc.want)
			assert.Contains(t, out, "(North) lost: "+tc.want)
			checkRecords(t, file, 4)
		})
	}
}

// checkRecords reads the OGN file of a match: games records that replay
// under the rules, each with its result or, when a forfeit ended it, "*"
// and a Termination tag.
func checkRecords(t *testing.T, file string, games int) []ogn.Game {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	recs, err := ogn.Parse(f)
	require.NoError(t, err)
	require.Len(t, recs, games)
	for i, rec := range recs {
		effects, err := rec.Replay()
		require.NoError(t, err, "game %d", i+1)
		end := rec.StartPosition()
		if len(effects) > 0 {
			end = effects[len(effects)-1].After()
		}
		term, forfeited := rec.Tag("Termination")
		assert.Equal(t, !end.Outcome().Over(), forfeited, "game %d: %s", i+1, term)
		assert.Equal(t, ogn.ResultOf(end.Outcome()), rec.Result, "game %d", i+1)
		round, _ := rec.Tag("Round")
		assert.Equal(t, strconv.Itoa(i+1), round)
	}
	return recs
}

// TestDuelAgainstBuiltIn: one engine plays the built-in engine; the games
// are played to their end by the rules, both colours from each opening.
func TestDuelAgainstBuiltIn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.ogn")
	status, out, errOut := runCmd(t, "", "match", "-engine", fake(t, "random"), "-level", "3",
		"-openings", "3", "-plies", "3", "-movetime", "20ms", "-seed", "4", "-o", file)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "fake random against oware (built in, level 3): 6 games (3 openings of 3 plies, both colours), 20ms a move, abapa rules\n")
	assert.Contains(t, out, "fake random: 0 wins, 0 draws, 6 losses: 0.0% of the points\n")
	assert.NotContains(t, out, "forfeit")
	recs := checkRecords(t, file, 6)
	for i := 0; i < 6; i += 2 {
		opening, _ := recs[i].Tag("Opening")
		again, _ := recs[i+1].Tag("Opening")
		assert.Equal(t, opening, again, "both colours from each opening")
		assert.Len(t, opening, 3)
		south, _ := recs[i].Tag("South")
		north, _ := recs[i+1].Tag("North")
		assert.Equal(t, "fake random", south)
		assert.Equal(t, "fake random", north)
	}
	status, out, errOut = runCmd(t, "", "match", "-engine", fake(t, "random"), "-level", "1", "-openings", "1", "-plies", "1", "-movetime", "20ms")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "2 games (1 opening of 1 ply, both colours)", "issue 26 #26: no \"1 openings\"")
}

func TestDuelUsage(t *testing.T) {
	random := fake(t, "random")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-engine", random, "-engine", random, "-engine", random}, "3 engines: give one (against the built-in engine) or two"},
		{[]string{"-engine", random, "-games", "10"}, "-games is for the match against the random mover"},
		{[]string{"-engine", random, "-openings", "0"}, `invalid value "0" for flag -openings: want a whole number, 1 or more`},
		{[]string{"-engine", random, "-movetime", "0s"}, `invalid value "0s" for flag -movetime: want a duration of 1ms or more`},
		{[]string{"-engine", random, "-grace", "-1s"}, `invalid value "-1s" for flag -grace: want a duration of 0s or more`},
		{[]string{"-engine", random, "-maxplies", "0"}, `invalid value "0" for flag -maxplies: want a whole number, 1 or more`},
		{[]string{"-engine", random, "-plies", "-1"}, `invalid value "-1" for flag -plies: want a whole number, 0 or more`},
		{[]string{"-engine", random, "-maxplies", "10001", "-o", "x.ogn"}, "-maxplies 10001: a record holds 10000 plies at most; want at most that with -o"},
		{[]string{"-engine", random, "-openings", "40", "-plies", "2"}, "only 36 different openings of 2 plies found"},
		{[]string{"-engine", random, "-rules", "chess"}, `invalid value "chess" for flag -rules`},
		{[]string{"-engine", ""}, "an empty command"},
		{[]string{"-engine", random, "-sprt", "10"}, "want ELO0,ELO1, such as 0,10"},
		{[]string{"-engine", random, "-sprt", "a,b"}, "want ELO0,ELO1, two numbers"},
		{[]string{"-engine", random, "-sprt", "5,0"}, "want ELO0 below ELO1"},
		{[]string{"-engine", random, "-tc", "0+1"}, "want TIME+INCREMENT in seconds"},
		{[]string{"-engine", random, "-tc", "10+x"}, "want TIME+INCREMENT in seconds"},
		{[]string{"-engine", random, "-tc", "10+1", "-movetime", "50ms"}, "-tc with -movetime, -nodes or -depth"},
		{[]string{"-engine", random, "-tc", "10+1", "-nodes", "500"}, "-tc with -movetime, -nodes or -depth"},
		{[]string{"-engine", random, "-depth", "41"}, "invalid value \"41\" for flag -depth: want a whole number from 0 to 40"},
	} {
		status, _, errOut := runCmd(t, "", append([]string{"match"}, tc.args...)...)
		assert.Equal(t, exitUsage, status, tc.want)
		assert.Contains(t, errOut, tc.want)
	}
	status, _, errOut := runCmd(t, "", "match", "-engine", fake(t, "exit"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "no uciok: the engine exited: exit status 2")
	status, _, errOut = runCmd(t, "", "match", "-engine", filepath.Join(t.TempDir(), "none"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware match: uci: engine ")
}

// TestDuelSPRT: with -sprt the match stops once the test decides: a
// random mover against the built-in engine, at a number of positions a
// move, is soon found no better; the report and -json give the test, its
// log-likelihood ratio and bounds, and the pairs.
func TestDuelSPRT(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.ogn")
	status, out, errOut := runCmd(t, "", "match", "-engine", fake(t, "random"), "-level", "3", "-nodes", "2000",
		"-openings", "40", "-plies", "4", "-sprt", "0,100", "-o", file)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "fake random against oware (built in, level 3): 80 games (40 openings of 4 plies, both colours), 2000 nodes a move, abapa rules\n")
	assert.Contains(t, out, "SPRT of elo0 0 against elo1 100 (α = β = 0.05, LLR bounds -2.94 and 2.94): the match stops once it decides\n")
	assert.Regexp(t, `SPRT: H0 accepted, LLR -[0-9.]+ \(bounds -2.94 and 2.94\) after [0-9]+ pairs\n`, out)
	assert.Regexp(t, `pairs by the first engine's points \(0, ½, 1, 1½, 2\): \[[0-9]+ 0 0 0 0\]; Elo difference none can be told from a score of 0%`, out)
	recs := checkRecords(t, file, strings.Count(out, "(North), opening"))
	assert.Less(t, len(recs), 80, "it stopped early")
	control, _ := recs[0].Tag("TimeControl")
	assert.Equal(t, "2000 nodes a move", control)

	status, out, errOut = runCmd(t, "", "match", "-engine", fake(t, "random"), "-level", "2", "-nodes", "500",
		"-openings", "40", "-plies", "4", "-sprt", "0,100", "-json")
	require.Equal(t, exitOK, status, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var sum struct {
		Games    int
		Limits   string
		MoveTime string
		Pairs    [5]int `json:"pentanomial"`
		SPRT     struct {
			Elo0, Elo1, Alpha, Beta, LLR, Lower, Upper float64
			Result                                     string
			Elo                                        *float64
		}
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &sum), lines[len(lines)-1])
	assert.Equal(t, "nodes 500", sum.Limits)
	assert.Equal(t, "", sum.MoveTime)
	assert.Equal(t, [5]int{sum.Games / 2, 0, 0, 0, 0}, sum.Pairs)
	assert.Equal(t, "H0 accepted", sum.SPRT.Result)
	assert.Equal(t, [4]float64{0, 100, 0.05, 0.05}, [4]float64{sum.SPRT.Elo0, sum.SPRT.Elo1, sum.SPRT.Alpha, sum.SPRT.Beta})
	assert.LessOrEqual(t, sum.SPRT.LLR, sum.SPRT.Lower)
	assert.InDelta(t, -2.944, sum.SPRT.Lower, 0.001)
	assert.Nil(t, sum.SPRT.Elo, "no pair won: no finite Elo difference")
}

// TestSPRTSummaryEnd: a test that crossed no bound says why it has no
// decision: the openings all played, or a match that ended before them
// (Ctrl-C, an engine that failed), which must not be reported as the
// openings running out; a crossed bound is reported however the match
// ended.
func TestSPRTSummaryEnd(t *testing.T) {
	s := &uci.SPRT{Elo0: 0, Elo1: 10}
	undecided := uci.Pentanomial{1, 0, 2, 0, 1}    // LLR 0 (an even score): far from both bounds
	decided := uci.Pentanomial{10, 10, 80, 40, 60} // 66% over 200 pairs, far above elo1: H1
	for _, c := range []struct {
		p     uci.Pentanomial
		early bool
		want  string
	}{
		{undecided, false, "no decision: the openings ran out"},
		{undecided, true, "no decision: the match ended early"},
		{decided, false, "H1 accepted"},
		{decided, true, "H1 accepted"},
	} {
		assert.Equal(t, c.want, sprtSummary(s, c.p, c.early).Result, "%v early=%v", c.p, c.early)
	}
	assert.Nil(t, sprtSummary(nil, undecided, true), "no test, no summary")
}

// TestDuelClock: with -tc the games are played on the clock: the engines
// get their clocks with every go, and the records say the time control.
func TestDuelClock(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.ogn")
	status, out, errOut := runCmd(t, "", "match", "-engine", fake(t, "random"), "-level", "4",
		"-openings", "1", "-plies", "2", "-tc", "3+0.05", "-o", file)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "2 games (1 opening of 2 plies, both colours), 3s+50ms, abapa rules\n")
	assert.NotContains(t, out, "forfeit")
	recs := checkRecords(t, file, 2)
	control, _ := recs[0].Tag("TimeControl")
	assert.Equal(t, "3s+50ms", control)
}

// TestSigned: Elo differences are written rounded, with their sign.
func TestSigned(t *testing.T) {
	assert.Equal(t, "+inf", signed(math.Inf(1)))
	assert.Equal(t, "-inf", signed(math.Inf(-1)))
	assert.Equal(t, "-12", signed(-12.3))
	assert.Equal(t, "+0", signed(0))
	assert.Equal(t, "+0", signed(math.Copysign(0, -1)), "no minus zero")
	assert.Equal(t, "+0", signed(-0.4), "no minus zero")
}

// TestEloText (issue 26 #26): a score of 0% or 100% gives no Elo
// difference, which is said in words, and a bound that the score does not
// give is said to be missing, never written as infinite.
func TestEloText(t *testing.T) {
	for _, tt := range []struct {
		res  uci.Result
		want string
	}{
		{uci.Result{Wins: 6}, "none can be told from a score of 100%"},
		{uci.Result{Losses: 6}, "none can be told from a score of 0%"},
		{uci.Result{Wins: 1, Draws: 1, Losses: 1}, "+0 (95% interval -561 to +561)"},
		{uci.Result{Wins: 5, Losses: 1}, "+280 (95% interval from +24, no upper bound)"},
		{uci.Result{Wins: 1, Losses: 5}, "-280 (95% interval up to -24, no lower bound)"},
	} {
		diff, lo, hi := tt.res.Elo()
		got := eloText(tt.res.Share(), diff, lo, hi)
		assert.Equal(t, tt.want, got, "%+v", tt.res)
		assert.NotContains(t, got, "inf")
	}
}

// TestDuelJSON: with -json, one object per game and a summary. Games that
// a forfeit ended have no outcome, and say who lost and why; an Elo
// difference without bound is null. On a terminal, stderr shows the game
// being played and its ply.
func TestDuelJSON(t *testing.T) {
	status, out, errOut := runCmd(t, "", "match", "-engine", fake(t, "random"), "-engine", fake(t, "illegal@3"),
		"-openings", "2", "-plies", "2", "-movetime", "50ms", "-json")
	require.Equal(t, exitOK, status, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 5, out)
	for i, l := range lines[:4] {
		var g struct {
			Kind, South, North string
			Game               int
			Opening, Moves     []oware.Move
			Outcome            *wire.Outcome
			Forfeit            *struct {
				Loser          oware.Player
				Reason, Detail string
			}
		}
		require.NoError(t, json.Unmarshal([]byte(l), &g), l)
		assert.Equal(t, "game", g.Kind)
		assert.Equal(t, i+1, g.Game)
		assert.Len(t, g.Opening, 2)
		assert.Equal(t, g.Opening, g.Moves[:2], "the moves start with the opening")
		assert.Nil(t, g.Outcome, "a forfeit is no end by the rules")
		require.NotNil(t, g.Forfeit, l)
		loser := oware.North
		if i%2 == 1 {
			loser = oware.South
		}
		assert.Equal(t, loser, g.Forfeit.Loser, "the engine with illegal moves loses")
		assert.Equal(t, "illegal move", g.Forfeit.Reason)
		assert.Equal(t, "fake illegal@3", []string{g.South, g.North}[loser])
	}
	var sum struct {
		Kind                       string
		Engines                    []string
		Games, Wins, Draws, Losses int
		Score                      float64
		Elo                        *float64
		Forfeits                   []string
		LongestMS                  map[string]int `json:"longest_ms"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[4]), &sum), lines[4])
	assert.Equal(t, "summary", sum.Kind)
	assert.Equal(t, []string{"fake random", "fake illegal@3"}, sum.Engines)
	assert.Equal(t, []int{4, 4, 0, 0}, []int{sum.Games, sum.Wins, sum.Draws, sum.Losses})
	assert.Equal(t, 1.0, sum.Score)
	assert.Nil(t, sum.Elo, "a score of 100% has no finite Elo difference")
	assert.Len(t, sum.Forfeits, 4)
	assert.Len(t, sum.LongestMS, 2)

	onTerminalForTest(t)
	status, _, errOut = runCmd(t, "", "match", "-engine", fake(t, "random"), "-engine", fake(t, "random"),
		"-openings", "1", "-plies", "2", "-movetime", "20ms")
	require.Equal(t, exitOK, status, errOut)
	testkit.InOrder(t, errOut, term.ClearLine+"game 1 of 2, ply 3: 0 wins, 0 draws, 0 losses; ", term.ClearLine+"game 2 of 2, ply 3: ")
	assert.True(t, strings.HasSuffix(errOut, term.ClearLine), "the line is erased: %q", errOut)
}

// TestMatchRecordsAgainstAalina: the recorded matches of docs/engine.md
// (testdata/matches) replay under Aalina's rules, two games from each
// opening with the colours swapped, and give the score that its tables
// state for oware uci; a game lost by forfeit (its Termination tag) counts
// as a loss for the side that tag names. The totals that the page gives
// for two runs of one engine are the sums of those runs.
func TestMatchRecordsAgainstAalina(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "engine.md"))
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(page)), " ")
	records := []matchRecord{
		{"aalina-tables20.ogn", 200, "| with the tables up to 20 seeds | 115 | 27 | 58 | 64.2% | +102 (+57 to +150) |", 0, ""},
		{"aalina-notables.ogn", 200, "| without tables, the same build | 81 | 25 | 94 | 46.8% | −23 (−68 to +22) |", 0, ""},
		{"aalina-endgame12.ogn", 200, "| `oware uci -rules aalina`: its own endgames of up to 12 seeds, in the search (3b3174a, alone) | 105 | 29 | 66 | 59.8% | +69 (+24 to +115) |", 0, ""},
		{"aalina-tables20-bounds.ogn", 200, "| `-tablebase`, the tables up to 20 seeds (a7426b9, pair 2) | 103 | 20 | 77 | 56.5% | +45 (+0 to +93) |", 0, ""},
		{"aalina-endgame0.ogn", 200, "| `-endgame 0`, no endgame tables (a7426b9, pair 2) | 68 | 23 | 109 | 39.8% | −72 (−120 to −27) |", 0, ""},
		{"aalina-root12-a.ogn", 200, "| its own 12-seed endgames at the root only (a7426b9, pair 1) | 97 | 26 | 77 | 55.0% | +35 (−10 to +81) |", 0, ""},
		{"aalina-root12-b.ogn", 200, "| the same engine, the other run of pair 1 | 92 | 27 | 81 | 52.8% | +19 (−26 to +65) |", 0, ""},
		{"aalina-s22.ogn", 50, "| `oware uci -rules aalina` (ac699b3, alone, seed 22, 50 games) | 27 | 6 | 17 | 60.0% | +70 (−19 to +170) |", 0, ""},
		{"aalina-s23.ogn", 120, "| the same, seed 23, 60 openings, 120 games | 58 | 15 | 47 | 54.6% | +32 (−26 to +92) |", 0, ""},
		{"aalina-s24.ogn", 100, "| `oware uci -rules aalina` (36a3bd1: forced moves extended, its 15-seed endgames from its cache; seed 24, 50 openings, 100 games, not alone) | 62 | 10 | 28 | 67.0% | +123 (+58 to +197) |", 1, ""},
		{"aalina-s25.ogn", 200, "| `oware uci -rules aalina` (1556605: forced moves extended, reverse futility pruning, 15-seed endgames from its cache; alone, seed 25, 100 openings, 200 games) | 120 | 30 | 50 | 67.5% | +127 (+82 to +176) |", 0, ""},
		{"aalina-s26.ogn", 200, "| `oware uci -rules aalina` (e436cd3: as 1556605, with 18-seed endgames from its cache and package solve at the root; alone, seed 26, 100 openings, 200 games) | 126 | 19 | 55 | 67.8% | +129 (+82 to +180) |", 0, ""},
		{"aalina-s27.ogn", 200, "| the same engine (b7d32d2: engine, solve, tablebase and the rules as at e436cd3; alone, seed 27, 100 openings, 200 games) | 112 | 24 | 64 | 62.0% | +85 (+40 to +133) |", 0, "aalina-s26.ogn"},
		{"aalina-s28.ogn", 200, "| `oware uci -rules aalina` (e9424ce: 20-seed endgames from its cache, package solve at the root; alone, seed 28, 100 openings, 200 games) | 121 | 24 | 55 | 66.5% | +119 (+73 to +169) |", 0, ""},
		{"aalina-s29.ogn", 200, "| the same engine (e9424ce; alone, seed 29, 100 openings, 200 games) | 124 | 25 | 51 | 68.2% | +133 (+87 to +184) |", 0, "aalina-s28.ogn"},
		{"aalina-endgame0-s30.ogn", 200, "| `oware uci -rules aalina -endgame 0` (436d2d1, the engine of e9424ce with no endgame tables; alone, seed 30, 100 openings, 200 games) | 101 | 32 | 67 | 58.5% | +60 (+16 to +106) |", 0, ""},
		{"aalina-endgame0-s33.ogn", 200, "| the same engine, `-endgame 0` (6bd3ad7; alone, seed 33, 100 openings, 200 games) | 104 | 17 | 79 | 56.2% | +44 (−2 to +91) |", 0, "aalina-endgame0-s30.ogn"},
		{"aalina-s31.ogn", 200, "| `oware uci -rules aalina` (99ca177: 22-seed endgames from its cache, package solve at the root; alone, seed 31, 100 openings, 200 games) | 132 | 19 | 49 | 70.8% | +153 (+106 to +207) |", 0, ""},
		{"aalina-s32.ogn", 200, "| the same engine (alone, seed 32, 100 openings, 200 games) | 138 | 22 | 40 | 74.5% | +186 (+138 to +242) |", 0, "aalina-s31.ogn"},
		{"aalina-1s-s40.ogn", 50, "| `oware uci -rules aalina` at 1 s a move (6bd3ad7; seed 40, 25 openings, 50 games, beside the next) | 31 | 7 | 12 | 69.0% | +139 (+51 to +249) |", 0, ""},
		{"aalina-1s-s41.ogn", 50, "| the same at 1 s a move (seed 41, 25 openings, 50 games, beside the one before) | 31 | 8 | 11 | 70.0% | +147 (+60 to +257) |", 0, "aalina-1s-s40.ogn"},
	}
	results := map[string]uci.Result{}
	for _, tc := range records {
		t.Run(tc.file, func(t *testing.T) {
			results[tc.file] = checkMatchRecord(t, text, tc, "aalina", func(name string) bool { return strings.HasPrefix(name, "oware ") })
		})
	}
	for _, tc := range records {
		if tc.runBefore == "" {
			continue
		}
		a, okA := results[tc.runBefore]
		b, okB := results[tc.file]
		require.True(t, okA && okB, "%s and %s replayed", tc.runBefore, tc.file)
		sum := uci.Result{Wins: a.Wins + b.Wins, Draws: a.Draws + b.Draws, Losses: a.Losses + b.Losses}
		share, diff, lo, hi := scoreCells(sum)
		assert.Contains(t, text, fmt.Sprintf("%s, **%s, %s Elo (95%% interval %s to %s)**", sum.Score(), share, diff, lo, hi), "%s and %s", tc.runBefore, tc.file)
	}
}

// matchRecord is a match in testdata/matches and the row of the docs
// that states its score.
type matchRecord struct {
	file     string
	games    int
	row      string // the row of the docs
	forfeits int    // games lost by a forfeit, counted in the row
	// runBefore is the file of the other run of the same engine, listed
	// before this one, whose total with this run the docs give.
	runBefore string
}

// scoreCells returns the share of the points of r and its Elo difference
// with the bounds of its 95% interval, as the docs write them.
func scoreCells(r uci.Result) (share, diff, lo, hi string) {
	d, l, h := r.Elo()
	minus := func(s string) string { return strings.ReplaceAll(s, "-", "−") }
	return fmt.Sprintf("%.1f%%", 100*r.Share()), minus(signed(d)), minus(signed(l)), minus(signed(h))
}

// checkMatchRecord checks that the games of tc replay under the rules
// named, two from each opening with the colours swapped, and give the
// score of its row, which page holds, for the engine whose name isOurs
// (or, when isOurs is nil, for the first engine of the match, which has
// South in the first game of each pair: both engines have the same name);
// a game lost by forfeit (its Termination tag) counts as a loss for the
// side that tag names. It returns that engine's wins, draws and losses,
// and its pairs of games by its points in them.
func checkMatchRecord(t *testing.T, page string, tc matchRecord, rules string, isOurs func(name string) bool) uci.Result {
	t.Helper()
	require.Contains(t, page, tc.row)
	f, err := os.Open(filepath.Join("..", "..", "testdata", "matches", tc.file))
	require.NoError(t, err)
	defer f.Close()
	games, err := ogn.Parse(f)
	require.NoError(t, err)
	require.Len(t, games, tc.games)
	require.Zero(t, len(games)%2, "two games an opening")
	var r uci.Result
	forfeits, first := 0, 0 // first: our half points in the first game of the pair
	for i, g := range games {
		require.Equal(t, rules, g.Rules.String(), "game %d", i+1)
		effects, err := g.Replay()
		require.NoError(t, err, "game %d", i+1)
		end := effects[len(effects)-1].After()
		ours := oware.Player(i % 2) // South in the first game of each pair
		if isOurs != nil {
			south, _ := g.Tag("South")
			require.Equal(t, ours == oware.South, isOurs(south), "game %d: colours alternate", i+1)
		}
		if i%2 == 1 {
			a, _ := games[i-1].Tag("Opening")
			b, _ := g.Tag("Opening")
			require.Equal(t, a, b, "game %d: the opening of the game before", i+1)
		}
		points := 0 // our half points in this game
		if term, _ := g.Tag("Termination"); strings.HasPrefix(term, "forfeit: ") {
			// Lost by the side the tag names, the game unfinished.
			require.False(t, end.Outcome().Over(), "game %d", i+1)
			forfeits++
			if !strings.HasPrefix(term, "forfeit: "+ours.String()+" loses") {
				require.True(t, strings.HasPrefix(term, "forfeit: "+ours.Opponent().String()+" loses"), "game %d: %s", i+1, term)
				points = 2
			}
		} else {
			require.True(t, end.Outcome().Over(), "game %d ends by the rules", i+1)
			require.Equal(t, ogn.ResultOf(end.Outcome()), g.Result, "game %d", i+1)
			switch w, ok := end.Outcome().Winner(); {
			case !ok:
				points = 1
			case w == ours:
				points = 2
			}
		}
		switch points {
		case 0:
			r.Losses++
		case 1:
			r.Draws++
		default:
			r.Wins++
		}
		if i%2 == 0 {
			first = points
		} else {
			r.Pairs[first+points]++
		}
	}
	assert.Equal(t, tc.forfeits, forfeits)
	want := strings.Split(tc.row, " | ")
	assert.Equal(t, want[1:4], []string{strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses)})
	share, diff, lo, hi := scoreCells(r)
	assert.Equal(t, share, want[4])
	assert.Equal(t, fmt.Sprintf("%s (%s to %s) |", diff, lo, hi), want[5])
	return r
}

// TestMatchRecordSolverAgainstNoSolver: the matches of docs/solve.md
// between the engine that asks package solve and the same engine without
// it (-nosolve), the solver's search alpha-beta (e9424ce) and then
// proof-number (96f89a7), replay and give the scores, and the pairs of
// games by points, that the page states.
func TestMatchRecordSolverAgainstNoSolver(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "solve.md"))
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(page)), " ")
	for _, c := range []struct {
		record matchRecord
		pairs  uci.Pentanomial
		told   string
	}{
		{
			matchRecord{"solver-nosolve-s4031.ogn", 200, "| `oware uci -rules aalina` against `oware uci -rules aalina -nosolve` (e9424ce, seed 4031, 200 games) | 95 | 23 | 82 | 53.2% | +23 (−23 to +69) |", 0, ""},
			uci.Pentanomial{6, 10, 63, 7, 14}, "scored 0, ½, 1, 1½ and 2 points 6, 10, 63, 7 and 14 times",
		},
		{
			matchRecord{"solver-nosolve-pns-s4031.ogn", 200, "| `oware uci -rules aalina -endgame 20` against the same with `-nosolve` (96f89a7, seed 4031, 200 games) | 86 | 17 | 97 | 47.2% | −19 (−66 to +27) |", 0, ""},
			uci.Pentanomial{6, 8, 80, 3, 3}, "scored 0, ½, 1, 1½ and 2 points 6, 8, 80, 3 and 3 times",
		},
		{
			matchRecord{"solver-cache-nosolve-s4031.ogn", 200, "| `oware uci -rules aalina -cache DIR` (cycle bounds 0–12) against the same with `-nosolve` (9eff2be, seed 4031, 200 games) | 87 | 31 | 82 | 51.2% | +9 (−36 to +53) |", 0, ""},
			uci.Pentanomial{9, 13, 53, 14, 11}, "scored 0, ½, 1, 1½ and 2 points 9, 13, 53, 14 and 11 times with the cycle bounds",
		},
		{
			matchRecord{"solver-history-nosolve-s4031.ogn", 200, "| `oware uci -rules aalina -tablebase DIR` (exact 0–7, cycle bounds 8–12) against the same with `-nosolve` (9eff2be, seed 4031, 200 games) | 90 | 24 | 86 | 51.0% | +7 (−38 to +53) |", 0, ""},
			uci.Pentanomial{8, 8, 64, 12, 8}, "and 8, 8, 64, 12 and 8 times with the exact tables",
		},
	} {
		t.Run(c.record.file, func(t *testing.T) {
			res := checkMatchRecord(t, text, c.record, "aalina", func(name string) bool {
				return name == "oware (github.com/seed3966233f/oware, aalina rules)"
			})
			assert.Equal(t, c.pairs, res.Pairs)
			assert.Contains(t, text, c.told)
		})
	}
}

// TestMatchRecordTables24Against20: the match of docs/tables.md between
// the engine with awari's tables of 0–24 seeds and the same engine with
// those of 0–20 replays under awari and gives the score, and the pairs of
// games by points, that the page states. Both engines have the same name:
// the first, with 24 seeds, has South in the first game of each pair.
func TestMatchRecordTables24Against20(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "tables.md"))
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(page)), " ")
	tc := matchRecord{"awari-tables24-s5001.ogn", 200, "| `oware uci -rules awari` with the tables of 0–24 seeds against 0–20 (3b98a53, seed 5001, 200 games) | 124 | 21 | 55 | 67.2% | +125 (+79 to +176) |", 0, ""}
	res := checkMatchRecord(t, text, tc, "awari", nil)
	assert.Equal(t, uci.Pentanomial{3, 2, 49, 15, 31}, res.Pairs)
	assert.Contains(t, text, "scored 0, ½, 1, 1½ and 2 points 3, 2, 49, 15 and 31 times")
}

// TestMatchRecordAalinaOnTheClock: the two games of docs/engine.md tried
// against Aalina at 12 s and 100 ms a move replay, and each ends with
// Aalina's side out of time, as the page states.
func TestMatchRecordAalinaOnTheClock(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "engine.md"))
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(page)), " ")
	require.Contains(t, text, "Aalina ran out of time after 63 and 62 plies, taking 505 ms and 503 ms for a move with 0.21 s and 0.24 s left on its clock")
	f, err := os.Open(filepath.Join("..", "..", "testdata", "matches", "aalina-tc12-s99.ogn"))
	require.NoError(t, err)
	defer f.Close()
	games, err := ogn.Parse(f)
	require.NoError(t, err)
	require.Len(t, games, 2)
	for i, want := range []struct {
		plies       int
		late, clock string
		aalina      string // Aalina's side
	}{
		{63, "505ms", "209.808118ms", "North"},
		{62, "503ms", "238.864687ms", "South"},
	} {
		g := games[i]
		tc, _ := g.Tag("TimeControl")
		assert.Equal(t, "12s+100ms", tc)
		name, _ := g.Tag(want.aalina)
		assert.True(t, strings.HasPrefix(name, "Samurai Oware 2.1"), name)
		effects, err := g.Replay()
		require.NoError(t, err)
		assert.Equal(t, want.plies, len(effects), "game %d: the plies played", i+1)
		end := effects[len(effects)-1].After()
		assert.False(t, end.Outcome().Over())
		assert.Equal(t, want.aalina, end.Board().ToMove().String(), "Aalina was to move")
		term, _ := g.Tag("Termination")
		assert.Equal(t, "forfeit: "+want.aalina+" loses: no move in time: out of time: "+want.late+" to move with "+want.clock+" on its clock", term)
	}
}
