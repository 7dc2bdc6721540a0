//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tablebase

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f into memory, read only, and
// returns them with the function that unmaps them.
func mapFile(f *os.File, size uint64) ([]byte, func(), error) {
	if size == 0 {
		return nil, nil, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, &os.PathError{Op: "mmap", Path: f.Name(), Err: err}
	}
	return b, func() { syscall.Munmap(b) }, nil
}

// lockFile locks f, a temporary file being written, for as long as it is
// open: the lock goes with the process however it ends, which tells
// cleanTemp the files of running builds from those of killed ones.
func lockFile(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// stale reports whether no process holds the file at path locked.
func stale(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

// reserve gives f its size, with the space on disk where the system
// reserves it (fallocate on Linux), so that a full disk shows at once.
func reserve(f *os.File, size int64) error {
	if err := fallocate(f, size); err == nil || err != syscall.EOPNOTSUPP && err != syscall.ENOSYS {
		if err != nil {
			return &os.PathError{Op: "fallocate", Path: f.Name(), Err: err}
		}
		return nil
	}
	return f.Truncate(size)
}
