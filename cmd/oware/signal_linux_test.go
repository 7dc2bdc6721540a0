package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"
)

// buildCommand builds the command into a temporary directory of t, for the
// tests that send it signals, and returns its path; it skips t with
// -short or without the go tool.
func buildCommand(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command; skipped with -short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go tool to build the command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "oware")
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// TestCheckSignalEndsSubjectGroup: whichever signal ends oware check,
// the subject's process group goes with it: here a child of the subject
// that sleeps. SIGHUP left it running (issue 26 #15).
func TestCheckSignalEndsSubjectGroup(t *testing.T) {
	bin := buildCommand(t)
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh to start the subject with a child: %v", err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT, syscall.SIGABRT} {
		t.Run(sig.String(), func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			script := fmt.Sprintf("sleep 300 & echo $! > %s; exec %s oracle", pidFile, bin)
			cmd := exec.Command(bin, "check", "-games", "1000000", "--", sh, "-c", script)
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			var pid int
			t.Cleanup(func() { // what the test started, if a failure left it
				_ = cmd.Process.Kill()
				if pgid, err := syscall.Getpgid(pid); pid > 0 && err == nil && pgid != syscall.Getpgrp() {
					_ = syscall.Kill(-pgid, syscall.SIGKILL)
				}
			})
			require.Eventually(t, func() bool {
				text, err := os.ReadFile(pidFile)
				pid, _ = strconv.Atoi(strings.TrimSpace(string(text)))
				return err == nil && pid > 0
			}, time.Minute, 10*time.Millisecond, "the subject starts its child")
			time.Sleep(200 * time.Millisecond) // the check under way
			require.NoError(t, cmd.Process.Signal(sig))
			var err error
			select {
			case err = <-exited:
			case <-time.After(time.Minute):
				t.Fatalf("oware check does not end on %v", sig)
			}
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "it ends by itself, with a status: %s", errOut.String())
			assert.Equal(t, exitFail, ee.ExitCode())
			assert.Contains(t, errOut.String(), "oware check: interrupted after ")
			assert.Eventually(t, func() bool { return testkit.Ended(pid) }, 5*time.Second, 10*time.Millisecond,
				"the subject's child %d ends with the check", pid)
		})
	}
}

// TestDuelInterruptedKeepsGames: Ctrl-C, which reaches the engines too,
// ends the match; the games played are kept in -o and the result so far
// is reported, and no temporary file is left (issue 26 #4: the games were
// left in a hidden temporary file, the file as it was).
func TestDuelInterruptedKeepsGames(t *testing.T) {
	bin := buildCommand(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "prev.ogn")
	require.NoError(t, os.WriteFile(file, []byte("[Event \"before\"]\n\n*\n"), 0o644))
	cmd := exec.Command(bin, "match", "-engine", bin+" uci -endgame 0", "-level", "1", "-openings", "300",
		"-movetime", "5ms", "-o", file)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a group of its own, as a terminal's job
	out, errOut := new(testkit.Buffer), new(testkit.Buffer)
	cmd.Stdout, cmd.Stderr = out, errOut
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }) // the job the test started, if a failure left it
	require.Eventually(t, func() bool { return strings.Count(out.String(), "\ngame ") >= 3 }, 2*time.Minute, 10*time.Millisecond,
		"three games played: %s", errOut.String())
	require.NoError(t, syscall.Kill(-cmd.Process.Pid, syscall.SIGINT), "Ctrl-C, to the whole job")
	var err error
	select {
	case err = <-exited:
	case <-time.After(time.Minute):
		t.Fatal("oware match does not end on Ctrl-C")
	}
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "it ends by itself: %s", errOut.String())
	assert.Equal(t, exitFail, ee.ExitCode())
	played := strings.Count(out.String(), "\ngame ")
	assert.Regexp(t, `\nElo difference: `, out.String(), "the result so far")
	assert.Contains(t, errOut.String(), fmt.Sprintf("oware match: interrupted after %d games", played))
	checkRecords(t, file, played)
	left, err := filepath.Glob(filepath.Join(dir, ".*"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temporary file left")
}
