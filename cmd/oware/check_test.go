package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"

	"github.com/seed3966233f/oware/internal/check"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/term"
)

// TestHelperOracle is not a test: the tests of oware check run the test
// binary with OWARE_TEST_ORACLE set, and it then serves the oracle and
// exits.
func TestHelperOracle(t *testing.T) {
	if os.Getenv("OWARE_TEST_ORACLE") == "" {
		t.Skip("the tests of oware check run this as a subject")
	}
	if err := oracle.Serve(os.Stdin, os.Stdout); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// oracleArgv returns the command line of the test binary serving the
// library's oracle.
func oracleArgv(t *testing.T) []string {
	t.Setenv("OWARE_TEST_ORACLE", "1")
	return []string{os.Args[0], "-test.run=^TestHelperOracle$"}
}

func TestCheckCommand(t *testing.T) {
	args := append([]string{"check", "-games", "50", "-seed", "2", "--"}, oracleArgv(t)...)
	status, out, errOut := runCmd(t, "", args...)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "under the abapa rules: 50 cases, seed 2, timeout 10s\n")
	assert.Regexp(t, `\nok: 51 cases, \d+ plies checked in .*: no divergence\n$`, out)
	assert.Empty(t, errOut, "no progress line off a terminal")
}

// TestCheckCommandJSON: -json writes the report, and nothing else, as one
// JSON object.
func TestCheckCommandJSON(t *testing.T) {
	args := append([]string{"check", "-json", "-games", "24", "-rules", "awari", "--"}, oracleArgv(t)...)
	status, out, errOut := runCmd(t, "", args...)
	require.Equal(t, exitOK, status, errOut)
	require.Equal(t, 1, strings.Count(out, "\n"), out)
	var rep struct {
		Rules    string
		Games    int
		OK       bool
		Cases    int
		Families []struct {
			Family string
			Cases  int
		}
		Failure *struct{}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, "awari", rep.Rules)
	assert.Equal(t, 24, rep.Games)
	assert.True(t, rep.OK)
	assert.Equal(t, 25, rep.Cases)
	assert.Nil(t, rep.Failure)
	require.NotEmpty(t, rep.Families)
	assert.Equal(t, "opening game", rep.Families[0].Family)
	assert.Equal(t, 3, rep.Families[0].Cases, "the opening, then two of each family")
}

// onATerminal makes the command's output a terminal for the test.
func onATerminal(t *testing.T) {
	saved := onTerminal
	onTerminal = func(io.Writer) bool { return true }
	t.Cleanup(func() { onTerminal = saved })
}

// TestCheckCommandProgress: on a terminal, a line on stderr shows the
// cases done out of all, the plies, the time and the family of the case
// on its way, and is erased at the end.
func TestCheckCommandProgress(t *testing.T) {
	onATerminal(t)
	args := append([]string{"check", "-games", "24", "--"}, oracleArgv(t)...)
	status, out, errOut := runCmd(t, "", args...)
	require.Equal(t, exitOK, status, errOut)
	assert.Regexp(t, `^`+regexp.QuoteMeta(term.ClearLine)+`0 of 24 cases, 0 plies, \d+\.\ds, now: opening game`, errOut)
	assert.True(t, strings.HasSuffix(errOut, term.ClearLine), "the line is erased: %q", errOut)
	assert.NotContains(t, out, term.ClearLine, "the report is not mixed with it")
}

func TestCheckStatus(t *testing.T) {
	assert.Equal(t, "17 of 4000 cases, 1234 plies, 2.5s, now: long line",
		checkStatus(check.Progress{Cases: 18, Plies: 1234, Kind: check.LongLine}, 4000)(2549*time.Millisecond))
	assert.Equal(t, "0 of 1 case, 1 ply, 0.0s, now: opening game",
		checkStatus(check.Progress{Cases: 1, Plies: 1, Kind: check.Opening}, 1)(0), "issue 26 #26: no \"1 cases\"")
	assert.Equal(t, "shrinking a failure: 35 tries, 12.0s, now: grand slam",
		checkStatus(check.Progress{Cases: 18, Shrinking: true, Tries: 35, Kind: check.GrandSlam}, 4000)(12*time.Second))
}

// TestStatusLine: oware check's line is drawn at once, at most every
// fifth of a second when told something new, redrawn every half second
// while nothing new comes, erased by stop; nothing at all off a terminal.
func TestStatusLine(t *testing.T) {
	var off testkit.Buffer
	s := newStatus(&off)
	s.update(func(time.Duration) string { return "never shown" })
	s.stop()
	assert.Empty(t, off.String(), "not a terminal")

	onATerminal(t)
	var w testkit.Buffer
	s = newStatus(&w)
	s.update(func(time.Duration) string { return "a" })
	s.update(func(time.Duration) string { return "b" }) // too soon after a
	assert.Equal(t, term.ClearLine+"a", w.String(), "drawn at once, then not again so soon")
	time.Sleep(progressEvery + 10*time.Millisecond)
	s.update(func(time.Duration) string { return "c" })
	assert.Equal(t, term.ClearLine+"a"+term.ClearLine+"c", w.String())
	assert.Eventually(t, func() bool { return strings.Count(w.String(), "c") >= 2 }, 5*progressTick, 10*time.Millisecond,
		"redrawn while nothing new comes")
	s.stop()
	assert.True(t, strings.HasSuffix(w.String(), "c"+term.ClearLine), "erased: %q", w.String())
	drawn := w.String()
	time.Sleep(progressTick + 50*time.Millisecond)
	assert.Equal(t, drawn, w.String(), "no redraw after stop")
}

// python returns the path of python3, or skips the test: once saying
// why, as the tests of oware check run the example adapter with it.
func python(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("python3")
	if err != nil {
		said := false
		noPython.Do(func() { said = true })
		if said {
			t.Skipf("python3 not found (%v): the tests of oware check that run the example adapter "+
				"testdata/check/toy_oware.py are skipped; CI installs python3 and runs them", err)
		}
		t.Skip("python3 not found: skipped, as said above")
	}
	return path
}

// noPython says once why the tests that need python3 are skipped.
var noPython sync.Once

func TestCheckCommandFindsABug(t *testing.T) {
	toy := filepath.Join("..", "..", "testdata", "check", "toy_oware.py")
	status, out, errOut := runCmd(t, "", "check", "--", python(t), toy, "--bug", "no-feeding")
	require.Equal(t, exitFail, status, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	req, err := oracle.DecodeRequest([]byte(last))
	require.NoError(t, err, "the last line is an oracle request: %s", last)
	assert.LessOrEqual(t, len(req.Moves), 1, last)
	assert.Contains(t, out, "rule:     R7 (feeding)\n")
}

func TestCheckCommandUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "-rules", "chess", "--", "x"}, `invalid value "chess" for flag -rules: oware: rules "chess": byte 0: not one of abapa, openspiel, aalina, auale, playstrategy, board-game-rs, game-oware, awari: no such rules`},
		{[]string{"check"}, "want the command of the implementation to check, after --"},
		{[]string{"check", "-games", "0", "--", "x"}, `invalid value "0" for flag -games: want a whole number, 1 or more`},
		{[]string{"check", "-timeout", "0s", "--", "x"}, `invalid value "0s" for flag -timeout: want a duration above 0`},
		{[]string{"check", "--", filepath.Join(t.TempDir(), "none")}, "cannot run the subject"},
	} {
		status, _, errOut := runCmd(t, "", tc.args...)
		assert.Equal(t, exitUsage, status, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
}
