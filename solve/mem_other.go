//go:build !linux

package solve

// allocEntries returns n empty entries.
func allocEntries(_ *table, n uint64) []entry { return make([]entry, n) }
