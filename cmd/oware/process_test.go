package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestMain runs the command itself when OWARE_TEST_MAIN is set, so that
// the tests can run it as a process: to send it signals, or give it a full
// disk or a closed pipe.
func TestMain(m *testing.M) {
	if os.Getenv("OWARE_TEST_MAIN") == "1" {
		main()
	}
	code := m.Run()
	if tablesDir != "" {
		os.RemoveAll(tablesDir)
	}
	os.Exit(code)
}

// command returns the command line args of oware as a process of the
// test binary.
func command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "OWARE_TEST_MAIN=1")
	return cmd
}

// needUnix skips a test of signals or devices where they are not.
func needUnix(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("signals and devices of Unix")
	}
}

// smallDisk mounts a file system of size bytes in memory for the test and
// returns its directory; it skips the test where none can be mounted
// (mounting needs root).
func smallDisk(t *testing.T, size int) string {
	t.Helper()
	needUnix(t)
	dir := t.TempDir()
	if err := mountTmpfs(dir, size); err != nil {
		t.Skipf("no small disk: mount tmpfs: %v", err)
	}
	t.Cleanup(func() { unmount(dir) })
	return dir
}

// names returns the names in dir, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var ns []string
	for _, e := range entries {
		ns = append(ns, e.Name())
	}
	slices.Sort(ns)
	return ns
}

// waitForWriting waits until the command has begun to write the file
// base of dir: until dir holds a temporary file for it, or the file is
// no longer what it held before.
func waitForWriting(t *testing.T, dir, base string) {
	t.Helper()
	before, _ := os.ReadFile(filepath.Join(dir, base))
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, n := range names(t, dir) {
			if strings.HasPrefix(n, "."+base+".") && strings.HasSuffix(n, ".tmp") {
				return
			}
		}
		if now, _ := os.ReadFile(filepath.Join(dir, base)); string(now) != string(before) {
			return
		}
	}
	t.Fatalf("the command did not begin to write %s in %s", base, dir)
}

// signalled reports whether the process of cmd ended by sig.
func signalled(cmd *exec.Cmd, sig syscall.Signal) bool {
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}
