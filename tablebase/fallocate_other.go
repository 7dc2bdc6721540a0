//go:build !linux && (darwin || freebsd || netbsd || openbsd || dragonfly)

package tablebase

import (
	"os"
	"syscall"
)

// fallocate reports that this system reserves no disk here.
func fallocate(*os.File, int64) error { return syscall.EOPNOTSUPP }
