package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesFlag: -rules picks a preset in replay, oracle and vectors, and
// an unknown name is a usage error.
func TestRulesFlag(t *testing.T) {
	files, err := filepath.Glob("../../ogn/testdata/auale/*.ogn")
	require.NoError(t, err)
	require.Len(t, files, 20)
	status, out, _ := runCmd(t, "", append([]string{"replay", "-s", "-rules", "auale"}, files...)...)
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, "20 games, 1951 plies: 20 valid, 0 invalid")
	status, out, _ = runCmd(t, "", append([]string{"replay", "-s"}, files...)...)
	assert.Equal(t, exitFail, status, "Aualé's records under the abapa rules of their Variant tag")
	assert.Contains(t, out, "16 valid, 4 invalid")

	cycle := `{"start":"0-1-0-1-0-1-0-0-1-0-0-0-22-22-N","moves":["c","B","d","D","e","C","f","F","a","A","b","E"]}`
	status, out, _ = runCmd(t, cycle+"\n", "oracle", "-rules", "openspiel")
	assert.Equal(t, exitOK, status)
	assert.True(t, strings.HasSuffix(strings.TrimSpace(out), `"reason":"repetition","rule":"R10","winner":"South","draw":false,"tallies":{"South":25,"North":23}}}]}`), out)

	status, out, _ = runCmd(t, "", "vectors", "-rules", "awari", "-games", "1", "-endgames", "0")
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, `"preset":"awari"`)

	for _, args := range [][]string{{"replay", "-rules", "chess", "x"}, {"oracle", "-rules", "chess"}, {"vectors", "-rules", "chess"}} {
		cmd := args[0]
		status, _, errOut := runCmd(t, "", args...)
		assert.Equal(t, exitUsage, status, cmd)
		assert.Contains(t, errOut, `invalid value "chess" for flag -rules: oware: rules "chess": byte 0: not one of abapa, openspiel`, cmd)
	}
}

// TestRulesFlagGames: -rules on perft, match and play.
func TestRulesFlagGames(t *testing.T) {
	// From this board the first recurrence cuts lines at ply 12 under
	// OpenSpiel's rules (internal/rulecases/testdata/openspiel/perft.txt): 2475 leaves at depth
	// 13 against abapa's 2626.
	const board = "0-1-0-1-0-1-0-0-1-0-0-0-22-22-N"
	// The line of the count names the rules but abapa's (issue 26 #26).
	for _, tt := range []struct {
		rules, line string
	}{{"abapa", "perft 13 " + board + ": 2626 leaves\n"}, {"openspiel", "perft 13 " + board + " under the openspiel rules: 2475 leaves\n"}} {
		status, out, errOut := runCmd(t, "", "perft", "-rules", tt.rules, "-j", "1", "13", board)
		require.Equal(t, exitOK, status, errOut)
		assert.True(t, strings.HasPrefix(out, tt.line), "%s: %s", tt.rules, out)
	}
	status, out, errOut := runCmd(t, "", "match", "-rules", "awari", "-games", "2", "-level", "2")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "2 games")

	saved := filepath.Join(t.TempDir(), "game.ogn")
	status, _, errOut = runCmd(t, "save "+saved+"\nquit\n", "play", "-rules", "openspiel", "-time", "10ms")
	require.Equal(t, exitOK, status, errOut)
	data, err := os.ReadFile(saved)
	require.NoError(t, err)
	assert.Contains(t, string(data), `[Variant "openspiel"]`, "a saved game names its rules")
	status, out, errOut = runCmd(t, "quit\n", "play", "-load", saved, "-time", "10ms")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "Resumed the game")
}
