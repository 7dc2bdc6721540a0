package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/oracle"
)

// TestHelperOracle is not a test: TestCheckCommand runs the test binary
// with OWARE_TEST_ORACLE set, and it then serves the oracle and exits.
func TestHelperOracle(t *testing.T) {
	if os.Getenv("OWARE_TEST_ORACLE") == "" {
		t.Skip("TestCheckCommand runs this as a subject")
	}
	if err := oracle.Serve(os.Stdin, os.Stdout); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

func TestCheckCommand(t *testing.T) {
	t.Setenv("OWARE_TEST_ORACLE", "1")
	status, out, errOut := runCmd(t, "", "check", "-games", "50", "-seed", "2", "--", os.Args[0], "-test.run=^TestHelperOracle$")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "under the abapa rules: 50 cases, seed 2, timeout 10s\n")
	assert.Regexp(t, `\nok: 51 cases, \d+ plies checked in .*: no divergence\n$`, out)
}

func TestCheckCommandFindsABug(t *testing.T) {
	python, err := exec.LookPath("python3")
	require.NoError(t, err, "python3 is needed to run the example adapter (apt-get install -y python3)")
	toy := filepath.Join("..", "..", "testdata", "check", "toy_oware.py")
	status, out, errOut := runCmd(t, "", "check", "--", python, toy, "--bug", "no-feeding")
	require.Equal(t, exitFail, status, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	req, err := oracle.DecodeRequest([]byte(last))
	require.NoError(t, err, "the last line is an oracle request: %s", last)
	assert.Len(t, req.Moves, 1, last)
	assert.Contains(t, out, "rule:     R7 (feeding)\n")
}

func TestCheckCommandUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "-rules", "chess", "--", "x"}, `-rules "chess": want one of abapa, openspiel, aalina, auale, playstrategy, board-game-rs, game-oware, awari`},
		{[]string{"check"}, "want the command of the implementation to check, after --"},
		{[]string{"check", "-games", "0", "--", "x"}, "-games 0: want at least 1"},
		{[]string{"check", "-timeout", "0s", "--", "x"}, "-timeout 0s: want a positive duration"},
		{[]string{"check", "--", filepath.Join(t.TempDir(), "none")}, "cannot run the subject"},
	} {
		status, _, errOut := runCmd(t, "", tc.args...)
		assert.Equal(t, exitUsage, status, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
}
