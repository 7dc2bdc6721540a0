package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/term"
	"github.com/seed3966233f/oware/internal/wire"
)

func TestOracleCommand(t *testing.T) {
	in := `{"id":1,"moves":["C"]}` + "\n" + `{"id":2,"mvoes":[]}` + "\n"
	status, out, _ := runCmd(t, in, "oracle")
	require.Equal(t, exitOK, status)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2)
	var first struct {
		ID    int
		Plies []struct{ Position string }
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.Equal(t, 1, first.ID)
	require.Len(t, first.Plies, 1)
	assert.Equal(t, "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N", first.Plies[0].Position)
	// The rule sheet's worked sowing (R3): South sows pit 2's four seeds
	// into 3, 4, 5 and 6; the game goes on, so both outcomes are the
	// library's "not over" form.
	assert.Equal(t, `{"version":1,"id":1,"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","legal":["A","B","C","D","E","F"],`+
		`"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[`+
		`{"move":"C","position":"4-4-0-5-5-5-5-4-4-4-4-4-0-0-N","legal":["a","b","c","d","e","f"],"sown":[3,4,5,6],`+
		`"captures":[],"captured":0,"grand_slam":false,"fed":false,"repetitions":1,`+
		`"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}]}`, lines[0])
	assert.Equal(t, `{"version":1,"id":2,"error":{"code":"unknown_field","reason":"unknown field \"mvoes\": want version, id, rules, start, moves, values"}}`, lines[1])

	status, _, errOut := runCmd(t, "", "oracle", "x")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `unexpected argument "x"`)
}

func TestMatch(t *testing.T) {
	res, err := match(oware.Rules{}, 4, 3, 5, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, res.wins+res.draws+res.losses)
	assert.Equal(t, 4, res.wins, "a three-ply search beats a random mover")
	// Tallies add up to 48 after R9 and R10, and to less after R8 (D3).
	assert.LessOrEqual(t, res.mine+res.theirs, 4*48)
	assert.Greater(t, res.mine, res.theirs)
	status, out, _ := runCmd(t, "", "match", "-games", "2", "-level", "2", "-seed", "9")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "level 2 against a random mover, 2 games (seed 9):\n  computer wins ")
	status, out, _ = runCmd(t, "", "match", "-games", "1", "-level", "1")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "level 1 against a random mover, 1 game (seed 1):\n", "issue 26 #26: no \"1 games\"")
	status, _, errOut := runCmd(t, "", "match", "-games", "0")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "0" for flag -games: want a whole number, 1 or more`)
}

func TestVectorsCommand(t *testing.T) {
	status, out, _ := runCmd(t, "", "vectors", "-seed", "3", "-games", "1", "-endgames", "2")
	require.Equal(t, exitOK, status)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.True(t, strings.HasPrefix(lines[0], `{"format":"oware-conformance","version":1,"generator":"oware vectors -seed 3 -games 1 -endgames 2",`), lines[0])
	assert.Contains(t, lines[len(lines)-1], `"name":"random-endgame-002"`)

	file := filepath.Join(t.TempDir(), "v.jsonl")
	status, _, errOut := runCmd(t, "", "vectors", "-seed", "3", "-games", "1", "-endgames", "2", "-o", file)
	require.Equal(t, exitOK, status, errOut)
	written, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, out, string(written))

	status, _, errOut = runCmd(t, "", "vectors", "-games", "-1")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "-1" for flag -games: want a whole number, 0 or more`)
	status, _, errOut = runCmd(t, "", "vectors", "-o", filepath.Join(t.TempDir(), "no", "such", "dir"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware vectors: write ")
}

// TestMatchProgressAndJSON: on a terminal, stderr shows the game being
// played and the score so far, erased at the end, and stdout is as off a
// terminal; -json writes one object per game and a summary whose score is
// the text report's and agrees with the games' outcomes.
func TestMatchProgressAndJSON(t *testing.T) {
	args := []string{"match", "-games", "3", "-level", "2", "-seed", "9"}
	status, plain, errOut := runCmd(t, "", args...)
	require.Equal(t, exitOK, status)
	assert.Empty(t, errOut, "silent off a terminal")
	score := regexp.MustCompile(`computer wins (\d+), draws (\d+), loses (\d+)`).FindStringSubmatch(plain)
	require.NotNil(t, score, plain)

	status, out, _ := runCmd(t, "", append(args, "-json")...)
	require.Equal(t, exitOK, status)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 4, out)
	wins, draws, losses := 0, 0, 0
	var tallies [2]int
	for i, l := range lines[:3] {
		var g struct {
			Kind     string
			Game     int
			Computer oware.Player
			Outcome  wire.Outcome
			Plies    int
		}
		require.NoError(t, json.Unmarshal([]byte(l), &g), l)
		assert.Equal(t, "game", g.Kind)
		assert.Equal(t, i+1, g.Game)
		assert.Equal(t, oware.Player(i%2), g.Computer, "the computer takes South in even-numbered games")
		require.True(t, g.Outcome.Over(), l)
		assert.Positive(t, g.Plies)
		switch w, ok := g.Outcome.Winner(); {
		case !ok:
			draws++
		case w == g.Computer:
			wins++
		default:
			losses++
		}
		tallies[0] += g.Outcome.Tally(g.Computer)
		tallies[1] += g.Outcome.Tally(g.Computer.Opponent())
	}
	var sum struct {
		Kind                              string
		Rules                             string
		Level, Games, Wins, Draws, Losses int
		Seed                              uint64
		Tallies                           [2]int
	}
	require.NoError(t, json.Unmarshal([]byte(lines[3]), &sum), lines[3])
	assert.Equal(t, "summary", sum.Kind)
	assert.Equal(t, "abapa", sum.Rules)
	assert.Equal(t, []int{2, 3, 9}, []int{sum.Level, sum.Games, int(sum.Seed)})
	assert.Equal(t, []int{wins, draws, losses}, []int{sum.Wins, sum.Draws, sum.Losses}, "the summary adds up the games")
	assert.Equal(t, []string{score[1], score[2], score[3]}, []string{strconv.Itoa(wins), strconv.Itoa(draws), strconv.Itoa(losses)}, "the text report's score")
	assert.Equal(t, tallies, sum.Tallies)

	onTerminalForTest(t)
	status, out, errOut = runCmd(t, "", args...)
	require.Equal(t, exitOK, status)
	assert.Equal(t, strings.SplitN(plain, "\n", 2)[0], strings.SplitN(out, "\n", 2)[0], "stdout is the same")
	testkit.InOrder(t, errOut, term.ClearLine+"game 1 of 3: computer ", term.ClearLine+"game 2 of 3: computer ", term.ClearLine+"game 3 of 3: computer ")
	assert.True(t, strings.HasSuffix(errOut, term.ClearLine), "the line is erased: %q", errOut)
}
