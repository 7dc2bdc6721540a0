//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package tablebase

import (
	"io"
	"os"
)

// mapFile reads the first size bytes of f into memory: this system maps
// no files here.
func mapFile(f *os.File, size uint64) ([]byte, func(), error) {
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, nil, err
	}
	return b, nil, nil
}

// lockFile does nothing: without locks, cleanTemp leaves every file.
func lockFile(*os.File) {}

// stale reports false: without locks, no file can be known to be left
// by a killed build.
func stale(string) bool { return false }

// reserve gives f its size.
func reserve(f *os.File, size int64) error { return f.Truncate(size) }
