package tablebase

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadAhead reads ahead the bytes of parents spread over a slice,
// up to its last byte, for the state bytes (shift 0) and the nibbles
// (shift 1): neither the state nor the parents change, and the reads of
// loadAhead, which non-amd64 builds use, sum the words of those bytes.
func TestReadAhead(t *testing.T) {
	st := make([]byte, 64)
	for i := range st {
		st[i] = byte(3*i + 1)
	}
	before := append([]byte(nil), st...)
	ps := []parent{{index: 0}, {index: 5}, {index: 63}, {index: 40}}
	pcopy := append([]parent(nil), ps...)
	// The words at 0, 4, 60 and 40 (shift 0), at 0, 0, 28 and 20 (shift 1).
	word := func(at int) uint32 { return binary.LittleEndian.Uint32(st[at:]) }
	want := map[uint]uint32{
		0: word(0) + word(4) + word(60) + word(40),
		1: word(0) + word(0) + word(28) + word(20),
	}
	for _, shift := range []uint{0, 1} {
		readAhead(st, ps, shift)
		require.Equal(t, before, st)
		require.Equal(t, pcopy, ps)
		require.Equal(t, want[shift], loadAhead(st, ps, shift), "shift %d", shift)
	}
	readAhead(nil, nil, 0) // nothing to read
	require.Zero(t, loadAhead(nil, nil, 0))
}
