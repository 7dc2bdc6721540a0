package tablebase

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeader checks the header's layout on a hand-written example.
func TestHeader(t *testing.T) {
	h := header{rules: "awari", seeds: 2, entries: 78, width: 1, checksum: 0x04030201}
	b := h.marshal()
	want := []byte("OWARE-TB" +
		"\x01\x00\x00\x00" + // version 1
		"\x02\x00\x00\x00" + // 2 seeds
		"\x4e\x00\x00\x00\x00\x00\x00\x00" + // 78 entries
		"\x01\x00\x00\x00" + // 1 byte each
		"\x01\x02\x03\x04" + // the entries' checksum
		"awari\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	require.Equal(t, want, b[:60])
	got, err := parseHeader(b)
	require.NoError(t, err)
	assert.Equal(t, h, got)
	for _, c := range []struct {
		name string
		edit func([]byte)
		msg  string
	}{
		{"bad crc", func(b []byte) { b[61] ^= 1 }, "header checksum mismatch"},
		{"width", func(b []byte) { b[24] = 2 }, "entry width 2, want 1 for awari"},
		{"entries", func(b []byte) { b[16] = 77 }, "77 entries for 2 seeds, want 78"},
		{"rules", func(b []byte) { copy(b[32:], "chess") }, `unknown rules "chess"`},
		{"version", func(b []byte) { b[8] = 2 }, "format version 2, want 1"},
		{"kind", func(b []byte) { b[48] = 1 }, "entries of kind 1, want 0 (a later version of this package may read them)"},
		{"reserved", func(b []byte) { b[55] = 1 }, "reserved header bytes are not zero"},
		{"seeds", func(b []byte) { b[12] = 49 }, "49 seeds"},
	} {
		b := h.marshal()
		c.edit(b)
		if c.name != "bad crc" {
			binary.LittleEndian.PutUint32(b[60:], crc32.Checksum(b[:60], castagnoli))
		}
		_, err := parseHeader(b)
		assert.EqualError(t, err, c.msg, c.name)
	}
}

// TestFileName checks the names of level files.
func TestFileName(t *testing.T) {
	assert.Equal(t, "awari-16.otb", fileName("awari", 16))
	for _, c := range []struct {
		name  string
		rules string
		n     int
		ok    bool
	}{
		{"awari-16.otb", "awari", 16, true},
		{"board-game-rs-0.otb", "board-game-rs", 0, true},
		{"awari-016.otb", "", 0, false},
		{"awari-49.otb", "", 0, false},
		{"awari--1.otb", "", 0, false},
		{"awari-16.otb.tmp", "", 0, false},
		{"-16.otb", "", 0, false},
		{"chess-16.otb", "", 0, false},
		{"awari16.otb", "", 0, false},
	} {
		rules, n, ok := parseFileName(c.name)
		assert.Equal(t, c.ok, ok, c.name)
		if ok {
			assert.Equal(t, c.rules, rules, c.name)
			assert.Equal(t, c.n, n, c.name)
		}
	}
}

// FuzzParseHeader checks that any bytes are read without a panic, and
// that a header read back writes the same bytes.
func FuzzParseHeader(f *testing.F) {
	f.Add(header{rules: "awari", seeds: 2, entries: 78, width: 1}.marshal())
	f.Add(header{rules: "abapa", seeds: 48, entries: Entries(48), width: 2, checksum: 7}.marshal())
	f.Add([]byte("OWARE-TB"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := parseHeader(b)
		if err != nil {
			return
		}
		if !bytes.Equal(h.marshal(), b[:headerSize]) {
			t.Fatalf("%x reads as %+v, which writes %x", b[:headerSize], h, h.marshal())
		}
	})
}

// FuzzParseFileName checks that a name read back is written the same.
func FuzzParseFileName(f *testing.F) {
	f.Add("awari-16.otb")
	f.Add("abapa-0.otb")
	f.Add("auale-48.otb")
	f.Fuzz(func(t *testing.T, name string) {
		rules, n, ok := parseFileName(name)
		if ok && fileName(rules, n) != name {
			t.Fatalf("%q reads as %q, %d", name, rules, n)
		}
	})
}
