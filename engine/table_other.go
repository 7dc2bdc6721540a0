//go:build !linux

package engine

// adviseHugePages does nothing but on Linux.
func adviseHugePages([]bucket) {}
