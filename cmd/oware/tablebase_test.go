package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/term"
	"github.com/seed3966233f/oware/solve"
)

var (
	tablesOnce sync.Once
	tablesDir  string
)

// smallTables builds abapa and awari tables up to 6 seeds with the
// command, once, and returns their directory.
func smallTables(t *testing.T) string {
	t.Helper()
	tablesOnce.Do(func() {
		dir, err := os.MkdirTemp("", "oware-tables-")
		require.NoError(t, err)
		for _, name := range []string{"abapa", "awari"} {
			status, out, errOut := runCmd(t, "", "tablebase", "build", "-rules", name, "-seeds", "6", "-dir", dir)
			require.Equal(t, exitOK, status, errOut)
			require.Contains(t, out, name+" 6 seeds: 12,375 positions in ")
			require.Contains(t, out, name+" 0-6 seeds in "+dir+": ")
		}
		tablesDir = dir
	})
	require.NotEmpty(t, tablesDir)
	return tablesDir
}

// TestTablebaseBuild: the levels are built one by one, a line each, and a
// second run finds them built.
func TestTablebaseBuild(t *testing.T) {
	dir := t.TempDir()
	status, out, errOut := runCmd(t, "", "tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", dir, "-j", "1")
	require.Equal(t, exitOK, status, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 5)
	assert.True(t, strings.HasPrefix(lines[0], "awari 0 seeds: 1 position in "), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "awari 1 seed: 12 positions in "), lines[1])
	assert.True(t, strings.HasPrefix(lines[3], "awari 3 seeds: 364 positions in "), lines[3])
	status, out, _ = runCmd(t, "", "tablebase", "build", "-rules", "awari", "-seeds", "4", "-dir", dir)
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "awari 3 seeds: 364 positions, already built\n")
	assert.Contains(t, out, "awari 4 seeds: 1,365 positions in ")
	for _, n := range []string{"0", "1", "2", "3", "4"} {
		assert.FileExists(t, filepath.Join(dir, "awari-"+n+".otb"))
	}
}

// TestTablebaseUsage: the command's usage errors.
func TestTablebaseUsage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tablebase"}, "usage: oware tablebase build"},
		{[]string{"tablebase", "bild"}, "usage: oware tablebase build"},
		{[]string{"tablebase", "build", "-seeds", "3", "-dir", dir}, "-rules: required"},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir}, "-seeds: required"},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "-1", "-dir", dir}, "-seeds: want 0 to 48"},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "49", "-dir", dir}, "-seeds: want 0 to 48"},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "3"}, "-dir: required"},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", dir, "-j", "-1"}, `invalid value "-1" for flag -j: want a whole number from 0 to 1024`},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", dir, "-j", "1025"}, `invalid value "1025" for flag -j: want a whole number from 0 to 1024`},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", dir, "-level", "3"}, "-level, -run and -wait: only with -slice"},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", dir, "-slice", "0/2", "-level", "3", "-run", "r"}, "-seeds: not with -slice"},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "0/2", "-run", "r"}, "-level: required with -slice"},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "0/2", "-level", "3"}, "-run: required with -slice"},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "2/2", "-level", "3", "-run", "r"}, `invalid value "2/2" for flag -slice: want a slice from 0 to 1`},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "0/0", "-level", "3", "-run", "r"}, `invalid value "0/0" for flag -slice: want 1 to 4096 slices`},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "1", "-level", "3", "-run", "r"}, `invalid value "1" for flag -slice: want I/K, such as 0/4`},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "0/2", "-level", "49", "-run", "r"}, `invalid value "49" for flag -level: want a whole number from 0 to 48`},
		{[]string{"tablebase", "build", "-rules", "awari", "-dir", dir, "-slice", "0/2", "-level", "3", "-run", "r", "-wait", "0s"}, `invalid value "0s" for flag -wait: want a duration of 1s or more`},
		{[]string{"tablebase", "plan", "-rules", "awari", "-seeds", "3", "-dir", dir}, "-slices: required"},
		{[]string{"tablebase", "plan", "-rules", "awari", "-dir", dir, "-slices", "2"}, "-seeds: required"},
		{[]string{"tablebase", "plan", "-rules", "awari", "-seeds", "3", "-dir", dir, "-slices", "0"}, "-slices: want 1 to 4096"},
		{[]string{"tablebase", "plan", "-rules", "awari", "-seeds", "3", "-dir", dir, "-slices", "2", "-from", "49"}, "-from: want 0 to 48"},
		{[]string{"tablebase", "plan", "-rules", "awari", "-seeds", "3", "-dir", dir, "-slices", "2", "-j", "0"}, `invalid value "0" for flag -j: want a whole number from 1 to 1024`},
		{[]string{"tablebase", "plan", "-rules", "awari", "-seeds", "3", "-dir", dir, "-slices", "2", "-local", "-sbatch", "-p x"}, "-sbatch: not with -local"},
		{[]string{"tablebase", "plan", "-rules", "auale", "-seeds", "3", "-slices", "2"}, "-dir: required"},
		{[]string{"tablebase", "plan", "-rules", "playstrategy", "-seeds", "3", "-dir", dir, "-slices", "2"}, "-rules playstrategy: the value of a position depends on more than its board"},
		{[]string{"tablebase", "build", "-rules", "chess", "-seeds", "3", "-dir", dir}, `oware tablebase build: oware: rules "chess": byte 0: not one of`},
		{[]string{"tablebase", "build", "-rules", "playstrategy", "-seeds", "3", "-dir", dir}, "-rules playstrategy: the value of a position depends on more than its board; want one of abapa, openspiel, aalina, auale, awari"},
		{[]string{"tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", dir, "extra"}, `unexpected argument "extra"`},
		{[]string{"tablebase", "probe", "-dir", dir}, "want a POSITION"},
		{[]string{"tablebase", "probe", "-dir", dir, "-solve", "-1", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}, "-solve"},
		{[]string{"tablebase", "probe", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}, "-dir: required"},
		{[]string{"tablebase", "probe", "-dir", dir, "4-4"}, `"4-4" is not a position string or a FEN`},
		{[]string{"tablebase", "stats"}, "-dir: required"},
		{[]string{"tablebase", "stats", "-dir", dir, "x"}, `unexpected argument "x"`},
	} {
		status, _, errOut := runCmd(t, "", c.args...)
		assert.Equal(t, exitUsage, status, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
	}
	status, out, _ := runCmd(t, "", "tablebase", "-h")
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, "oware tablebase stats -dir DIR")
	status, _, errOut := runCmd(t, "", "tablebase", "stats", "-dir", dir)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "holds no table file")
}

// TestTablebaseProbe: the value of a position and of its moves. With one
// seed in South's last pit and 2 and 1 in North's first two pits (abapa),
// South's F takes 3 and North keeps its last seed (R9): 3 - 1 = 2, and
// with the scores 22-22 South wins 25-23.
func TestTablebaseProbe(t *testing.T) {
	dir := smallTables(t)
	status, out, errOut := runCmd(t, "", "tablebase", "probe", "-dir", dir, "-rules", "abapa", "0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, `0-0-0-0-0-1-2-1-0-0-0-0-22-22-S, abapa, South to move
value: 2 (South's seeds from the board minus North's)
perfect play: South wins by 2
  F  2  best
`, out)
	// Moves played first, with the history they make (abapa, R10): the
	// tables count the board as met for the first time and give bounds;
	// with the history the value is 0, which package solve's independent
	// reference solver gives too. -solve 0 gives the tables alone.
	status, out, errOut = runCmd(t, "", "tablebase", "probe", "-dir", dir, "-rules", "abapa", "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", "F", "f", "A")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, `0-1-0-0-0-0-1-0-0-0-0-0-23-23-N, abapa, North to move
value: -2..2 (North's seeds from the board minus South's)
value with its history (R10): 0, exact
perfect play: draw
  a  0  best
`, out)
	status, out, errOut = runCmd(t, "", "tablebase", "probe", "-dir", dir, "-rules", "abapa", "-solve", "0", "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", "F", "f", "A")
	require.Equal(t, exitOK, status, errOut)
	assert.NotContains(t, out, "history")
	assert.Contains(t, out, "perfect play: not known")
	status, _, errOut = runCmd(t, "", "tablebase", "probe", "-dir", dir, "-rules", "abapa", "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", "A")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "move 1 (A)")
	// Awari, North to move.
	status, out, _ = runCmd(t, "", "tablebase", "probe", "-dir", dir, "-rules", "awari", "0-0-0-0-0-1-2-1-0-0-0-0-22-22-N")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "0-0-0-0-0-1-2-1-0-0-0-0-22-22-N, awari, North to move\n")
	// Several rules in the directory: -rules is required.
	status, _, errOut = runCmd(t, "", "tablebase", "probe", "-dir", dir, "0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "-rules: required, the tables hold several")
	// Too many seeds.
	status, _, errOut = runCmd(t, "", "tablebase", "probe", "-dir", dir, "-rules", "awari", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "oware tablebase probe: tablebase: no table for 48 seeds under awari (the tables go up to 6)\n", errOut)
}

// TestTablebaseStats: a line per level; awari's values are all exact.
func TestTablebaseStats(t *testing.T) {
	dir := smallTables(t)
	status, out, errOut := runCmd(t, "", "tablebase", "stats", "-dir", dir)
	require.Equal(t, exitOK, status, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 1+7+7)
	assert.Equal(t, strings.Fields("rules seeds positions wins draws losses exact bytes"), strings.Fields(lines[0]))
	// No seed: a draw, exact; the file is the 64-byte header and one or
	// two bytes.
	assert.Equal(t, strings.Fields("abapa 0 1 0.00% 100.00% 0.00% 100.00% 66"), strings.Fields(lines[1]))
	assert.Equal(t, strings.Fields("awari 0 1 0.00% 100.00% 0.00% 100.00% 65"), strings.Fields(lines[8]))
	assert.Contains(t, lines[14], "awari         6          12,375")
	assert.Contains(t, lines[14], " 100.00% ")
}

// TestOracleTablebase: oware oracle -tablebase answers "values".
func TestOracleTablebase(t *testing.T) {
	dir := smallTables(t)
	status, out, errOut := runCmd(t, `{"id":1,"start":"0-0-0-0-0-1-2-1-0-0-0-0-22-22-S","values":true}`+"\n", "oracle", "-tablebase", dir)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, `"value":{"lo":2,"hi":2,"moves":{"F":{"lo":2,"hi":2}},"history":true}`)
	status, _, errOut = runCmd(t, "", "oracle", "-tablebase", filepath.Join(dir, "nowhere"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware oracle: tablebase: open ")
}

// TestPlayTablebase: with tables, the hint tells perfect play, and the
// computer plays the endgame from them.
func TestPlayTablebase(t *testing.T) {
	dir := smallTables(t)
	status, out, errOut := runCmd(t, "hint\nquit\n", "play", "-level", "1", "-rules", "abapa", "-tablebase", dir,
		"-start", "0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "Hint: the computer would play F (it looked 1 ply ahead).\n"+
		"The tables say: perfect play: South wins by 2; best move F.\n")
	// The computer, North, to move in the mirrored position: its f takes
	// 3, its 25th seed.
	status, out, errOut = runCmd(t, "quit\n", "play", "-level", "1", "-side", "S", "-rules", "abapa", "-tablebase", dir,
		"-start", "2-1-0-0-0-0-0-0-0-0-0-1-22-22-N")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "The computer knows this endgame: North wins by 2.\n")
	assert.Contains(t, out, "Game over: North wins 25-22 (majority, R8). The computer wins.")
	status, _, errOut = runCmd(t, "", "play", "-rules", "openspiel", "-tablebase", dir)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "-tablebase "+dir+": no tables under openspiel")
}

// TestTablebaseBuildProgress: on a terminal, stderr shows each level's
// progress on one line, erased at the end; stdout keeps a line per level.
func TestTablebaseBuildProgress(t *testing.T) {
	onTerminalForTest(t)
	status, out, errOut := runCmd(t, "", "tablebase", "build", "-rules", "awari", "-seeds", "3", "-dir", t.TempDir(), "-j", "1")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "awari 3 seeds: 364 positions in ")
	assert.Contains(t, errOut, term.ClearLine+"awari 3 seeds: ")
	assert.True(t, strings.HasSuffix(errOut, term.ClearLine), "the line is erased: %q", errOut)
}

// TestTablebaseHistory: oware tablebase history builds package solve's
// tables beside the tablebase's, a line a level and what each holds,
// resumes, and deepens the levels with a larger -nodes; probe, oracle -tablebase and play's hint then start their
// search from them:
// with a search of one position the value with history is exact, where
// the tablebase's bounds alone leave it open, and it is the value that a
// search of a million positions without them finds.
func TestTablebaseHistory(t *testing.T) {
	dir := t.TempDir()
	status, _, errOut := runCmd(t, "", "tablebase", "build", "-rules", "abapa", "-seeds", "6", "-dir", dir, "-j", "1")
	require.Equal(t, exitOK, status, errOut)
	const pos = "0-0-1-0-0-2-1-0-0-0-2-0-21-21-S"
	probe := func(solveNodes string) string {
		status, out, errOut := runCmd(t, "", "tablebase", "probe", "-dir", dir, "-solve", solveNodes, pos)
		require.Equal(t, exitOK, status, errOut)
		return out
	}
	searched := probe("1000000")
	assert.Contains(t, searched, "value with its history (R10): 0, exact\n")
	assert.Contains(t, probe("1"), "value with its history (R10): -2..2, bounds proven within the search\n")

	status, out, errOut := runCmd(t, "", "tablebase", "history", "-rules", "abapa", "-seeds", "5", "-dir", dir, "-nodes", "1", "-j", "1")
	require.Equal(t, exitOK, status, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6+6+1, out)
	assert.True(t, strings.HasPrefix(lines[0], "abapa 0 seeds: built in "), lines[0])
	assert.Equal(t, "abapa 5 seeds: 4,368 boards, 100.0% exact by their cycle bounds, 100.0% exact", lines[11])
	assert.True(t, strings.HasPrefix(lines[12], "abapa 0-5 seeds in "+dir+": "), lines[12])
	status, out, errOut = runCmd(t, "", "tablebase", "history", "-rules", "abapa", "-seeds", "6", "-dir", dir, "-nodes", "1")
	require.Equal(t, exitOK, status, errOut)
	assert.NotContains(t, out, "abapa 5 seeds: built")
	assert.Contains(t, out, "abapa 6 seeds: built in ")
	assert.Contains(t, out, "abapa 6 seeds: 12,376 boards, 100.0% exact by their cycle bounds, 100.0% exact\n")

	// Deepen: a larger -nodes searches again the boards left at bounds.
	aalina := func(nodes string) string {
		status, out, errOut := runCmd(t, "", "tablebase", "history", "-rules", "aalina", "-seeds", "3", "-dir", dir, "-nodes", nodes)
		require.Equal(t, exitOK, status, errOut)
		return out
	}
	assert.Contains(t, aalina("1"), "aalina 3 seeds: 364 boards, 82.4% exact by their cycle bounds, 83.5% exact, the others at their bounds without a search\n")
	out = aalina("100000")
	assert.NotContains(t, out, "aalina 1 seed: built")
	assert.Contains(t, out, "aalina 3 seeds: built in ")
	assert.Contains(t, out, ", 60 searched, 60 solved in ")
	assert.Contains(t, out, "aalina 3 seeds: 364 boards, 82.4% exact by their cycle bounds, 100.0% exact\n")
	assert.NotContains(t, aalina("100000"), "built")

	// -from: a larger -nodes deepens the levels from it up only.
	from := t.TempDir()
	for _, c := range []struct{ args, want, unwanted string }{
		{"-nodes 1", "aalina 3 seeds: 364 boards, 82.4% exact by their cycle bounds, 83.5% exact, the others at their bounds without a search\n", ""},
		{"-nodes 100000 -from 3", "aalina 3 seeds: built in ", "aalina 2 seeds: built"},
		{"-nodes 100000 -from 3", "aalina 2 seeds: 78 boards, 83.3% exact by their cycle bounds, 98.7% exact, the others at their bounds without a search\n", "built"},
		{"-nodes 100000", "aalina 2 seeds: built in ", "aalina 3 seeds: built"},
		{"-nodes 100000", "aalina 2 seeds: 78 boards, 83.3% exact by their cycle bounds, 100.0% exact\n", "built"},
	} {
		args := append([]string{"tablebase", "history", "-rules", "aalina", "-seeds", "3", "-dir", from}, strings.Fields(c.args)...)
		status, out, errOut := runCmd(t, "", args...)
		require.Equal(t, exitOK, status, errOut)
		assert.Contains(t, out, c.want, c.args)
		if c.unwanted != "" {
			assert.NotContains(t, out, c.unwanted, c.args)
		}
	}

	assert.Equal(t, searched, probe("1"))
	query := `{"id":1,"start":"` + pos + `","values":true}` + "\n"
	status, out, errOut = runCmd(t, query, "oracle", "-tablebase", dir, "-solve", "1")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, `"value":{"lo":0,"hi":0,"moves":{"C":{"lo":0,"hi":0},"F":{"lo":-6,"hi":-6}},"history":true}`)
	status, out, errOut = runCmd(t, "hint\nquit\n", "play", "-level", "1", "-rules", "abapa", "-tablebase", dir, "-start", pos)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "The tables and a search with this game's history (R10) say: perfect play: draw; best move C.\n")

	for _, c := range []struct{ args, want string }{
		{"-rules abapa -seeds 3", "-dir: required"},
		{"-rules abapa -dir " + dir, "-seeds: required"},
		{"-seeds 3 -dir " + dir, "-rules: required"},
		{"-rules board-game-rs -seeds 3 -dir " + dir, "-rules board-game-rs: want one of abapa, openspiel, aalina, auale, awari"},
		{"-rules abapa -seeds 49 -dir " + dir, "-seeds"},
		{"-rules abapa -seeds 3 -nodes 0 -dir " + dir, "-nodes"},
		{"-rules abapa -seeds 3 -from 49 -dir " + dir, "-from"},
	} {
		status, _, errOut := runCmd(t, "", append([]string{"tablebase", "history"}, strings.Fields(c.args)...)...)
		assert.Equal(t, exitUsage, status, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}

	// Stats shows the levels of values with history after the tablebase's.
	status, out, errOut = runCmd(t, "", "tablebase", "stats", "-dir", dir)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "\n\nvalues with history (oware tablebase history):\n"+
		"abapa 0 seeds: 1 board, 100.0% exact by their cycle bounds, 100.0% exact\n")
	assert.Contains(t, out, "abapa 6 seeds: 12,376 boards, 100.0% exact by their cycle bounds, 100.0% exact\n"+
		"aalina 0 seeds: 1 board, 100.0% exact by their cycle bounds, 100.0% exact\n")
	assert.True(t, strings.HasSuffix(out, "aalina 3 seeds: 364 boards, 82.4% exact by their cycle bounds, 100.0% exact\n"), out)
	// A directory of values with history alone.
	only := t.TempDir()
	for _, name := range []string{"aalina-0.osv", "aalina-1.osv"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(only, name), data, 0o644))
	}
	status, out, errOut = runCmd(t, "", "tablebase", "stats", "-dir", only)
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, "values with history (oware tablebase history):\n"+
		"aalina 0 seeds: 1 board, 100.0% exact by their cycle bounds, 100.0% exact\n"+
		"aalina 1 seed: 12 boards, 100.0% exact by their cycle bounds, 100.0% exact\n", out)
	status, _, errOut = runCmd(t, "", "tablebase", "stats", "-dir", t.TempDir())
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "holds no table file")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "aalina-2.osv"), []byte("not a level"), 0o644))
	status, _, errOut = runCmd(t, "", "tablebase", "stats", "-dir", dir)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware tablebase stats: solve: "+filepath.Join(dir, "aalina-2.osv")+": ")
}

// TestTablebaseHistoryInterrupted: a build of package solve's tables that
// a signal stops says that what it has done is kept and how to resume.
func TestTablebaseHistoryInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := historyBuild(ctx, io.Discard, io.Discard, t.TempDir(), mustRulesNamed(t, "aalina"), 6, solve.BuildOptions{})
	require.ErrorIs(t, err, errHistoryInterrupted)
	assert.Equal(t, "interrupted; the levels written and the search of the level being built are kept, and the same command resumes", err.Error())

	// Stats shows the level whose build stopped, after those written:
	// the search of aalina's level of 7 seeds (the 15% of its 31,824
	// boards that their cycle bounds leave open) is still going at its
	// first report of progress, a second in; that of level 6 is over
	// before, since a build's runs of boards share their proofs.
	dir := t.TempDir()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	r := mustRulesNamed(t, "aalina")
	err = solve.Build(ctx, dir, r, 7, solve.BuildOptions{Workers: 1, Progress: func(p solve.Progress) {
		if p.Phase == "search" && p.Seeds == 7 && p.Searched >= 1 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, context.Canceled)
	status, out, errOut := runCmd(t, "", "tablebase", "stats", "-dir", dir)
	require.Equal(t, exitOK, status, errOut)
	assert.Regexp(t, `^values with history \(oware tablebase history\):\n`+
		`(aalina [0-6] seeds?: .*, 100\.0% exact\n){7}`+
		`aalina 7 seeds: 31,824 boards, stopped at board [0-9,]+ \([0-9.]+%\), [0-9.]+% exact so far; the same build resumes it\n$`, out)
}
