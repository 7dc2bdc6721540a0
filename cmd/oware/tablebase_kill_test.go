//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/tablebase"
)

// commandProcess returns oware with args as a process of its own (see
// TestMain), not started, its output kept.
func commandProcess(args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := command(args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	return cmd, &out, &errOut
}

// buildingLevel waits until a build in dir is building a level of at
// least seeds seeds (its temporary file is there, given its size) and
// returns it; it
// fails the test after a minute.
func buildingLevel(t *testing.T, dir string, seeds int) int {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		for n := seeds; n <= oware.NumSeeds; n++ {
			m, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf(".tmp-awari-%d.otb-*", n)))
			if len(m) == 0 {
				continue
			}
			// Given its size: locked, and the level begun (an empty file
			// just made is left to its maker, which may lock it yet).
			if info, err := os.Stat(m[0]); err == nil && info.Size() > 0 {
				return n
			}
		}
	}
	t.Fatalf("no level of %d seeds or more built after a minute", seeds)
	return 0
}

// temporary returns the temporary files in dir.
func temporary(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".tmp-*"))
	require.NoError(t, err)
	return m
}

// sameLevels checks that the level files of dir are those of want, byte
// for byte, from 0 to seeds.
func sameLevels(t *testing.T, dir, want string, seeds int) {
	t.Helper()
	for n := 0; n <= seeds; n++ {
		a, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("awari-%d.otb", n)))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(want, fmt.Sprintf("awari-%d.otb", n)))
		require.NoError(t, err)
		require.True(t, bytes.Equal(a, b), "level %d", n)
	}
}

// TestTablebaseBuildKilled kills a build (kill -9) in the middle of a
// level: the levels written are whole and Open takes them, the level
// being built is in no file Open accepts, and the next build removes the
// temporary file left behind, resumes at that level, and writes the
// files of a build that was never interrupted.
func TestTablebaseBuildKilled(t *testing.T) {
	const seeds = 12
	dir := t.TempDir()
	cmd, _, _ := commandProcess("tablebase", "build", "-rules", "awari", "-seeds", fmt.Sprint(seeds), "-dir", dir, "-j", "1")
	require.NoError(t, cmd.Start())
	n := buildingLevel(t, dir, seeds-2)
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	left := temporary(t, dir)
	require.Len(t, left, 1, "the file of the level being built")

	tb, err := tablebase.Open(dir)
	require.NoError(t, err)
	awari := mustRulesNamed(t, "awari")
	require.Equal(t, n-1, tb.MaxSeeds(awari), "the levels below the one being built, and no more")

	// The partial file is no level either under the level's name: a copy
	// of the directory with it renamed is refused.
	forged := t.TempDir()
	for m := 0; m < n; m++ {
		copyFile(t, filepath.Join(dir, fmt.Sprintf("awari-%d.otb", m)), filepath.Join(forged, fmt.Sprintf("awari-%d.otb", m)))
	}
	copyFile(t, left[0], filepath.Join(forged, fmt.Sprintf("awari-%d.otb", n)))
	_, err = tablebase.Open(forged)
	require.ErrorIs(t, err, tablebase.ErrFormat, "the partial level of %d seeds", n)

	status, out, errOut := runCmd(t, "", "tablebase", "build", "-rules", "awari", "-seeds", fmt.Sprint(seeds), "-dir", dir)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, fmt.Sprintf("awari %d seeds: %s positions, already built\n", n-1, words.Thousands(tablebase.Entries(n-1))))
	assert.Contains(t, out, fmt.Sprintf("awari %d seeds: %s positions in ", n, words.Thousands(tablebase.Entries(n))))
	assert.Empty(t, temporary(t, dir), "the file the killed build left is gone")

	want := t.TempDir()
	require.NoError(t, tablebase.Build(context.Background(), want, awari, seeds, tablebase.BuildOptions{}))
	sameLevels(t, dir, want, seeds)
}

// TestTablebaseBuildSignals interrupts a build in the middle of a level
// with each signal that asks a process to stop: it stops, says how to
// resume, and leaves no temporary file; the levels written are whole.
func TestTablebaseBuildSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			const seeds = 12
			dir := t.TempDir()
			cmd, _, errOut := commandProcess("tablebase", "build", "-rules", "awari", "-seeds", fmt.Sprint(seeds), "-dir", dir, "-j", "1")
			require.NoError(t, cmd.Start())
			n := buildingLevel(t, dir, seeds-2)
			require.NoError(t, cmd.Process.Signal(sig))
			err := cmd.Wait()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit, errOut.String())
			assert.Equal(t, exitFail, exit.ExitCode())
			assert.Contains(t, errOut.String(), "interrupted; the levels written are kept, and the same command resumes")
			assert.Empty(t, temporary(t, dir))
			tb, err := tablebase.Open(dir)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, tb.MaxSeeds(mustRulesNamed(t, "awari")), n-1)
		})
	}
}

// copyFile copies the file from to the new file to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, data, 0o644))
}

// mustRulesNamed returns a preset.
func mustRulesNamed(t *testing.T, name string) oware.Rules {
	t.Helper()
	r, err := oware.ParseRules(name)
	require.NoError(t, err)
	return r
}
