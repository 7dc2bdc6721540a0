//go:build !linux

package tablebase

// allocBytes returns n zero bytes.
func allocBytes(n uint64) ([]byte, error) { return make([]byte, n), nil }

// freeBytes lets b go.
func freeBytes([]byte) {}
