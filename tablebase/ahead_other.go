//go:build !amd64

package tablebase

// readAhead brings into the cache the bytes st[p.index>>shift] of the
// parents ps, all at once, so that their cache misses overlap, and
// returns what it read (see loadAhead). Only amd64 prefetches the lines
// to be written.
func readAhead(st []byte, ps []parent, shift uint) uint32 { return loadAhead(st, ps, shift) }
