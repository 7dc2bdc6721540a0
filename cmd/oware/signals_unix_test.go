//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVectorsSignalKeepsTheFile (issue 26 #1): a signal while vectors
// writes its -o file leaves the file as it was, and no temporary file.
func TestVectorsSignalKeepsTheFile(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		dir := t.TempDir()
		file := filepath.Join(dir, "v.jsonl")
		require.NoError(t, os.WriteFile(file, []byte("precious\n"), 0o644))
		cmd := command("vectors", "-games", "100000", "-o", file)
		require.NoError(t, cmd.Start())
		waitForWriting(t, dir, "v.jsonl")
		require.NoError(t, cmd.Process.Signal(sig))
		assert.Error(t, cmd.Wait())
		assert.True(t, signalled(cmd, sig), "%v: the signal ends the command: %v", sig, cmd.ProcessState)
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Equal(t, "precious\n", string(data), "%v", sig)
		assert.Equal(t, []string{"v.jsonl"}, names(t, dir), "%v: no temporary file is left", sig)
	}
}
