package engine

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with huge pages (2 MB):
// a probe anywhere in a large table then rarely misses the translation
// lookaside buffer. It must come before the memory is first touched. It
// is only advice: where it is refused nothing changes.
func adviseHugePages(buckets []bucket) {
	const huge = 2 << 20
	if len(buckets) == 0 {
		return
	}
	base := unsafe.Pointer(&buckets[0])
	start := uintptr(base)
	end := start + uintptr(len(buckets))*unsafe.Sizeof(bucket{})
	first := (start + huge - 1) &^ (huge - 1)
	last := end &^ (huge - 1)
	if last <= first {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(base, first-start)), last-first), syscall.MADV_HUGEPAGE)
}
