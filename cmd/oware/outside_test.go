package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutsideModule builds a program outside the module (testdata/outside,
// with a go.mod of its own whose replace directive points at this
// repository) that uses only exported packages: it plays a game against
// the engine, drives oware uci through the UCI client, plays a short
// match and probes endgame tables. The go tool builds it with the module
// cache that the tests already need (GOFLAGS=-mod=mod, the repository's
// go.sum), so the test runs offline once that cache is filled.
func TestOutsideModule(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go tool is not on the PATH: the program outside the module cannot be built")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "outside", "main.go"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644))
	mod := "module example.com/outside\n\ngo 1.24\n\nrequire github.com/seed3966233f/oware v0.0.0\n\n" +
		"replace github.com/seed3966233f/oware => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))

	build := func(out string, args ...string) {
		t.Helper()
		cmd := exec.Command(goTool, append([]string{"build", "-o", out}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOWORK=off")
		output, err := cmd.CombinedOutput()
		require.NoError(t, err, "go build %s:\n%s", strings.Join(args, " "), output)
	}
	outside := filepath.Join(dir, "outside")
	build(outside, ".")
	owareBin := filepath.Join(dir, "oware")
	build(owareBin, "github.com/seed3966233f/oware/cmd/oware")

	var stdout, stderr bytes.Buffer
	cmd := exec.Command(outside, owareBin)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "stderr:\n%s", stderr.String())
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	require.Len(t, lines, 5, stdout.String())
	assert.Regexp(t, `^game: over after \d+ plies, the engine won: true$`, lines[0])
	assert.Equal(t, "uci: oware (github.com/seed3966233f/oware, abapa rules), 6 reports, the same move as the engine in this program: true", lines[1])
	assert.Equal(t, "match: 2 games, 0 forfeits", lines[2])
	assert.Equal(t, "tables: South's final margin 2 to 2, the same in memory and on disk: true", lines[3])
	assert.Equal(t, "engine with tables: F, from the tables: true", lines[4])
}
