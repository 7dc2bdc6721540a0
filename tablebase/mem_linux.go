package tablebase

import "syscall"

// allocBytes returns n zero bytes outside the Go heap, on huge pages
// where the system has them: the state of a level is read and written at
// random, and a huge page saves a miss of the translation buffer on most
// accesses. freeBytes gives them back at once, which the garbage
// collector would do only later.
func allocBytes(n uint64) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, err
	}
	syscall.Madvise(b, madvHugepage) // a hint: no error matters
	return b, nil
}

// madvHugepage is MADV_HUGEPAGE, missing from package syscall.
const madvHugepage = 14

// freeBytes gives back what allocBytes returned.
func freeBytes(b []byte) {
	if cap(b) > 0 {
		syscall.Munmap(b[:cap(b)])
	}
}
