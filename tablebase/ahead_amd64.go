package tablebase

import "unsafe"

// prefetchW issues PREFETCHW, a hint that the line will be written, for
// the bytes base[*index >> shift] of n indexes stride bytes apart.
//
//go:noescape
func prefetchW(base *byte, index *uint64, n int, stride uintptr, shift uint)

// cpuPrefetchW reports whether the processor has PREFETCHW.
func cpuPrefetchW() bool

// hasPrefetchW is cpuPrefetchW, asked once.
var hasPrefetchW = cpuPrefetchW()

// readAhead brings into the cache, to be written, the bytes
// st[p.index>>shift] of the parents ps, all at once, so that their
// cache misses overlap, and returns what it read, if it read (see
// loadAhead). A line read rather than prefetched to be written comes
// shared where another processor has read it, and its update then waits
// a second time, to take it.
func readAhead(st []byte, ps []parent, shift uint) uint32 {
	if !hasPrefetchW {
		return loadAhead(st, ps, shift)
	}
	if len(ps) > 0 {
		prefetchW(unsafe.SliceData(st), &ps[0].index, len(ps), unsafe.Sizeof(ps[0]), shift)
	}
	return 0
}
