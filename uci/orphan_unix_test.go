//go:build unix

package uci_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"

	"github.com/seed3966233f/oware/uci"
)

// TestStartEngineExitsLeavingAChild: an engine that exits without
// answering while a process it started keeps its output open is reported
// at once as an engine that exited, with its status; it was "no answer in
// time" after the wait for uciok, and the Client then waited for the
// child to end (the class of issue 26 #16, for engines: a child that
// sleeps an hour held the match an hour).
func TestStartEngineExitsLeavingAChild(t *testing.T) {
	dir := t.TempDir()
	script, pidFile := filepath.Join(dir, "engine.sh"), filepath.Join(dir, "pid")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\nsleep 60 &\necho $! > "+pidFile+"\nexit 0\n"), 0o755))
	t.Cleanup(func() {
		if text, err := os.ReadFile(pidFile); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(text))); err == nil {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	began := time.Now()
	_, err := uci.Start(t.Context(), script)
	require.ErrorIs(t, err, uci.ErrExited)
	assert.ErrorContains(t, err, "exit status 0")
	assert.Less(t, time.Since(began), 10*time.Second, "not the wait for uciok, nor for the child")
	assertKilled(t, pidFile)
}

// TestClosedEngineLeavesNoChild: an engine that starts a process of its
// own (here one that runs for a minute) and is then closed or killed
// leaves no process running: the Client ends the engine's process group.
func TestClosedEngineLeavesNoChild(t *testing.T) {
	for _, end := range []string{"close", "kill"} {
		t.Run(end, func(t *testing.T) {
			dir := t.TempDir()
			script, pidFile := filepath.Join(dir, "engine.sh"), filepath.Join(dir, "pid")
			engine := "#!/bin/sh\nsleep 60 &\necho $! > " + pidFile + `
while read line; do
  case "$line" in
    uci) echo uciok;;
    isready) echo readyok;;
    quit) exit 0;;
  esac
done
`
			require.NoError(t, os.WriteFile(script, []byte(engine), 0o755))
			c, err := uci.Start(t.Context(), script)
			require.NoError(t, err)
			if end == "close" {
				assert.NoError(t, c.Close())
			} else {
				c.Kill()
			}
			assertKilled(t, pidFile)
		})
	}
}

// assertKilled checks that the process whose pid is in pidFile ends soon.
func assertKilled(t *testing.T, pidFile string) {
	t.Helper()
	text, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(text)))
	require.NoError(t, err)
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	assert.Eventually(t, func() bool { return testkit.Ended(pid) }, 5*time.Second, 10*time.Millisecond, "the engine's child %d is killed", pid)
}
