//go:build unix

package outfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives f the owner and group of old where the process may: root
// may give any, another user only a group it belongs to.
func keepOwner(f *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if f.Chown(int(st.Uid), int(st.Gid)) != nil {
		_ = f.Chown(-1, int(st.Gid))
	}
}

// running reports whether a process of number pid runs: one that the
// signal 0 reaches, or may not be sent signals.
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
