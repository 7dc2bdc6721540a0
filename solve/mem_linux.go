package solve

import (
	"runtime"
	"syscall"
	"unsafe"
)

// allocEntries returns n empty entries outside the Go heap, on huge
// pages where the system has them: a table is read at random, and in a
// virtual machine a miss of the translation buffer on small pages walks
// two levels of page tables, which costs several reads of memory. The
// memory goes back to the system once owner is unreachable.
func allocEntries(owner *table, n uint64) []entry {
	size := int(n * uint64(unsafe.Sizeof(entry{})))
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]entry, n)
	}
	syscall.Madvise(b, madvHugepage) // a hint: no error matters
	runtime.AddCleanup(owner, func(b []byte) { syscall.Munmap(b) }, b)
	return unsafe.Slice((*entry)(unsafe.Pointer(&b[0])), n)
}

// madvHugepage is MADV_HUGEPAGE, missing from package syscall.
const madvHugepage = 14
