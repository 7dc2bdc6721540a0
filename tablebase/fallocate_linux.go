package tablebase

import (
	"os"
	"syscall"
)

// fallocate reserves size bytes of disk for f.
func fallocate(f *os.File, size int64) error {
	for {
		err := syscall.Fallocate(int(f.Fd()), 0, 0, size)
		if err != syscall.EINTR {
			return err
		}
	}
}
