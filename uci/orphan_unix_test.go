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
}
