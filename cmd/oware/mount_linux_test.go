package main

import (
	"fmt"
	"syscall"
)

// mountTmpfs mounts a tmpfs of size bytes on dir.
func mountTmpfs(dir string, size int) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size))
}

// unmount unmounts dir.
func unmount(dir string) { _ = syscall.Unmount(dir, syscall.MNT_DETACH) }
