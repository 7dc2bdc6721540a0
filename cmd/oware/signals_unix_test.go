//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// TestConvertSignalsLeaveNoTemporaryFile (issue 26 #18): an interrupt, a
// request to terminate, a hang-up, or a closed pipe of the standard
// error, while convert writes its -o file, leave the file as it was and no
// temporary file; and the temporary file that kill -9 leaves is removed
// by the next run that writes the same file.
func TestConvertSignalsLeaveNoTemporaryFile(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.ogn")
	// Every tenth game is illegal and is reported on the standard error.
	require.NoError(t, os.WriteFile(in, []byte(strings.Repeat(strings.Repeat("1. F e 2. A b *\n\n", 9)+"1. F F *\n\n", 5000)), 0o644))
	start := func(t *testing.T) (*exec.Cmd, string, string) {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.ogn")
		require.NoError(t, os.WriteFile(out, []byte("precious\n"), 0o644))
		cmd := command("convert", "-o", out, in)
		return cmd, dir, out
	}
	kept := func(t *testing.T, dir, out string) {
		t.Helper()
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.Equal(t, "precious\n", string(data))
		assert.Equal(t, []string{"out.ogn"}, names(t, dir), "no temporary file is left")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, dir, out := start(t)
			require.NoError(t, cmd.Start())
			waitForWriting(t, dir, "out.ogn")
			require.NoError(t, cmd.Process.Signal(sig))
			assert.Error(t, cmd.Wait())
			assert.True(t, signalled(cmd, sig), "the signal ends the command: %v", cmd.ProcessState)
			kept(t, dir, out)
		})
	}
	t.Run("closed stderr", func(t *testing.T) {
		cmd, dir, out := start(t)
		r, w, err := os.Pipe()
		require.NoError(t, err)
		r.Close() // the first complaint meets a pipe without a reader
		cmd.Stderr = w
		err = cmd.Run()
		w.Close()
		assert.Error(t, err)
		assert.True(t, signalled(cmd, syscall.SIGPIPE), "the broken pipe ends the command: %v", cmd.ProcessState)
		kept(t, dir, out)
	})
	t.Run("kill -9", func(t *testing.T) {
		cmd, dir, out := start(t)
		require.NoError(t, cmd.Start())
		waitForWriting(t, dir, "out.ogn")
		require.NoError(t, cmd.Process.Kill())
		assert.Error(t, cmd.Wait())
		left := names(t, dir)
		require.Len(t, left, 2, "kill -9 leaves the temporary file: %q", left)
		// A temporary file of a process that runs, this one, is not
		// touched.
		live := filepath.Join(dir, fmt.Sprintf(".out.ogn.%d.0123456789abcdef.tmp", os.Getpid()))
		require.NoError(t, os.WriteFile(live, nil, 0o644))
		status, _, errOut := runCmd(t, "", "convert", "-o", out, "../../ogn/testdata/club.ogn")
		require.Equal(t, exitOK, status, errOut)
		assert.Equal(t, []string{filepath.Base(live), "out.ogn"}, names(t, dir), "the next run removes what kill -9 left")
	})
}
