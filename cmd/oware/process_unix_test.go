//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ignoredAtStart are the signals that the tests were started with
// ignored (under nohup, or as a background job of a shell, which ignores
// SIGINT): the commands that they start inherit that and keep them
// ignored, as they should, so that no test can end them with one. Read
// before any test runs, as a command run in this process catches them.
var ignoredAtStart = map[syscall.Signal]bool{}

func init() {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		ignoredAtStart[sig] = signal.Ignored(sig)
	}
}

// skipIgnored skips t when the tests were started with sig ignored.
func skipIgnored(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if ignoredAtStart[sig] {
		t.Skipf("the tests were started with %v ignored (nohup, a background job): the command keeps it ignored", sig)
	}
}

// TestVectorsSignalKeepsTheFile (issue 26 #1): a signal while vectors
// writes its -o file leaves the file as it was, and no temporary file.
func TestVectorsSignalKeepsTheFile(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			skipIgnored(t, sig)
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
		})
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
			skipIgnored(t, sig)
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
		assert.True(t, signalled(cmd, syscall.SIGPIPE) || cmd.ProcessState.ExitCode() == 128+13, "the broken pipe ends the command: %v", cmd.ProcessState)
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

// TestConvertReadOnlyDirectory (issue 26 #22): a file that may be written
// in a directory that may not is refused with the reason, not with a
// "permission denied" that the file's own mode belies. As root, the
// command runs as nobody, whom the permissions bind.
func TestConvertReadOnlyDirectory(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "oware.test")
	data, err := os.ReadFile(os.Args[0])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, data, 0o755))
	ro := filepath.Join(dir, "ro")
	require.NoError(t, os.Mkdir(ro, 0o755))
	out := filepath.Join(ro, "out.ogn")
	require.NoError(t, os.WriteFile(out, []byte("precious\n"), 0o666))
	in := filepath.Join(dir, "in.ogn")
	club, err := os.ReadFile("../../ogn/testdata/club.ogn")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(in, club, 0o644))
	for d := dir; d != filepath.Dir(d); d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && st.Mode().Perm()&0o005 != 0o005 {
			require.NoError(t, os.Chmod(d, st.Mode().Perm()|0o005)) // the test's directories, made for root alone
		}
	}
	cmd := exec.Command(bin, "convert", "-o", out, in)
	cmd.Env = append(os.Environ(), "OWARE_TEST_MAIN=1")
	switch {
	case os.Geteuid() == 0:
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	default:
		require.NoError(t, os.Chmod(ro, 0o555))
		t.Cleanup(func() { os.Chmod(ro, 0o755) })
	}
	var errOut strings.Builder
	cmd.Stderr = &errOut
	require.Error(t, cmd.Run())
	assert.Equal(t, exitFail, cmd.ProcessState.ExitCode())
	assert.Equal(t, "oware convert: write "+out+": cannot make a new file in the directory "+ro+
		" (permission denied); the file is written whole by writing a new one beside it, which then replaces it\n", errOut.String())
	data, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "precious\n", string(data))
}

// TestConvertKeepsOwnerAndMode (issue 26 #22): the file that replaces
// the -o file keeps its mode and, as root may give it, its owner; the
// other hard links of the old file keep the old contents, as the help
// says.
func TestConvertKeepsOwnerAndMode(t *testing.T) {
	needUnix(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.ogn")
	require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o600))
	other := filepath.Join(dir, "other.ogn")
	require.NoError(t, os.Link(out, other))
	const nobody = 65534
	root := os.Geteuid() == 0
	if root {
		require.NoError(t, os.Chown(out, nobody, nobody))
	}
	status, _, errOut := runCmd(t, "", "convert", "-o", out, "../../ogn/testdata/club.ogn")
	require.Equal(t, exitOK, status, errOut)
	st, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	if root {
		sys := st.Sys().(*syscall.Stat_t)
		assert.Equal(t, []uint32{nobody, nobody}, []uint32{sys.Uid, sys.Gid}, "the owner and group are kept")
	} else {
		t.Log("not root: the owner is not checked")
	}
	data, err := os.ReadFile(other)
	require.NoError(t, err)
	assert.Equal(t, "old\n", string(data), "the other hard link keeps the old contents")
}

// TestBrokenPipe: a command whose reader goes away, as "| head -1" does,
// ends as a broken pipe ends a program, without a word, whether it
// catches the signal (replay) or not (match); one that writes a file
// leaves no temporary file.
func TestBrokenPipe(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.ogn")
	require.NoError(t, os.WriteFile(in, []byte(strings.Repeat("1. F e 2. A b *\n\n", 20000)), 0o644))
	for _, args := range [][]string{{"replay", in}, {"match", "-games", "1000", "-level", "1", "-json"}, {"vectors", "-games", "1000"}, {"convert", in}} {
		cmd := command(args...)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		var errOut strings.Builder
		cmd.Stderr = &errOut
		require.NoError(t, cmd.Start())
		first := make([]byte, 1)
		_, err = io.ReadFull(out, first)
		require.NoError(t, err)
		out.Close()
		assert.Error(t, cmd.Wait())
		// Go programs that catch the signal end with the status that
		// shells give a program the signal ended.
		assert.True(t, signalled(cmd, syscall.SIGPIPE) || cmd.ProcessState.ExitCode() == 128+13, "%q: %v", args, cmd.ProcessState)
		assert.Empty(t, errOut.String(), "%q", args)
	}
}
