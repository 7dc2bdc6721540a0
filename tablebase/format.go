package tablebase

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// The file of one level (see the README for the layout): a header of
// headerSize bytes, then the entries in index order, one byte each (an
// exact value) or two (the lower bound, then the upper bound), as signed
// bytes.
const (
	magic         = "OWARE-TB"
	formatVersion = 1
	headerSize    = 64
	rulesField    = 16 // bytes of the rules name, zero padded
	fileSuffix    = ".otb"
)

// castagnoli is the CRC-32C table of the checksum.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// header is the header of a level file.
type header struct {
	rules    string // the name of the rules preset
	seeds    int    // the seeds on the board
	entries  uint64 // Entries(seeds)
	width    int    // bytes per entry: 1 exact, 2 bounds
	checksum uint32 // CRC-32C of the entries
}

// marshal returns the header's bytes.
func (h header) marshal() []byte {
	b := make([]byte, headerSize)
	copy(b, magic)
	binary.LittleEndian.PutUint32(b[8:], formatVersion)
	binary.LittleEndian.PutUint32(b[12:], uint32(h.seeds))
	binary.LittleEndian.PutUint64(b[16:], h.entries)
	binary.LittleEndian.PutUint32(b[24:], uint32(h.width))
	binary.LittleEndian.PutUint32(b[28:], h.checksum)
	copy(b[32:32+rulesField], h.rules)
	binary.LittleEndian.PutUint32(b[60:], crc32.Checksum(b[:60], castagnoli))
	return b
}

// parseHeader reads a header, checking everything it can say by itself.
func parseHeader(b []byte) (header, error) {
	var h header
	switch {
	case len(b) < headerSize:
		return h, errors.New("shorter than a header")
	case string(b[:8]) != magic:
		return h, errors.New("not a table file (bad magic)")
	case binary.LittleEndian.Uint32(b[60:]) != crc32.Checksum(b[:60], castagnoli):
		return h, errors.New("header checksum mismatch")
	}
	for _, z := range b[32+rulesField : 60] {
		if z != 0 {
			return h, errors.New("reserved header bytes are not zero")
		}
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != formatVersion {
		return h, fmt.Errorf("format version %d, want %d", v, formatVersion)
	}
	seeds := binary.LittleEndian.Uint32(b[12:])
	h.entries = binary.LittleEndian.Uint64(b[16:])
	width := binary.LittleEndian.Uint32(b[24:])
	h.checksum = binary.LittleEndian.Uint32(b[28:])
	h.rules = strings.TrimRight(string(b[32:32+rulesField]), "\x00")
	switch {
	case seeds > maxSeeds:
		return h, fmt.Errorf("%d seeds", seeds)
	case h.entries != Entries(int(seeds)):
		return h, fmt.Errorf("%d entries for %d seeds, want %d", h.entries, seeds, Entries(int(seeds)))
	case width != 1 && width != 2:
		return h, fmt.Errorf("entry width %d", width)
	}
	h.seeds, h.width = int(seeds), int(width)
	r, err := oware.ParseRules(h.rules)
	if err != nil {
		return h, fmt.Errorf("unknown rules %q", h.rules)
	}
	if want := entryWidth(r); int(width) != want {
		return h, fmt.Errorf("entry width %d, want %d for %s", width, want, h.rules)
	}
	return h, nil
}

// fileName returns the name of the file of the level of n seeds under the
// rules of the given name, such as "awari-16.otb".
func fileName(rules string, n int) string {
	return rules + "-" + strconv.Itoa(n) + fileSuffix
}

// parseFileName reads a name that fileName makes, for a preset's rules.
func parseFileName(name string) (rules string, n int, ok bool) {
	base, found := strings.CutSuffix(name, fileSuffix)
	i := strings.LastIndexByte(base, '-')
	if !found || i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(base[i+1:])
	if err != nil || n < 0 || n > maxSeeds || strconv.Itoa(n) != base[i+1:] {
		return "", 0, false
	}
	if _, err := oware.ParseRules(base[:i]); err != nil {
		return "", 0, false
	}
	return base[:i], n, true
}

// FormatError reports a table file that cannot be used: not a table file,
// damaged, or not matching its name.
type FormatError struct {
	File string // the file's path
	Msg  string // what is wrong
}

// Error returns a message such as "tablebase: awari-9.otb: entry checksum
// mismatch".
func (e *FormatError) Error() string { return "tablebase: " + e.File + ": " + e.Msg }

// Unwrap returns ErrFormat.
func (e *FormatError) Unwrap() error { return ErrFormat }

// readLevel reads and checks the file of a level.
func readLevel(path string) (*level, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, headerSize)
	if _, err := io.ReadFull(f, buf); err != nil {
		return nil, &FormatError{File: path, Msg: "shorter than a header"}
	}
	h, err := parseHeader(buf)
	if err != nil {
		return nil, &FormatError{File: path, Msg: err.Error()}
	}
	if rules, n, ok := parseFileName(filepath.Base(path)); !ok || rules != h.rules || n != h.seeds {
		return nil, &FormatError{File: path, Msg: "header says " + fileName(h.rules, h.seeds)}
	}
	size := h.entries * uint64(h.width)
	if st, err := f.Stat(); err == nil && uint64(st.Size()) != headerSize+size {
		return nil, &FormatError{File: path, Msg: fmt.Sprintf("%d bytes, want %d", st.Size(), headerSize+size)}
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, &FormatError{File: path, Msg: "truncated: " + err.Error()}
	}
	if crc32.Checksum(data, castagnoli) != h.checksum {
		return nil, &FormatError{File: path, Msg: "entry checksum mismatch"}
	}
	r, _ := oware.ParseRules(h.rules) // checked by parseHeader
	return &level{rules: r, seeds: h.seeds, width: h.width, data: data}, nil
}

// writeLevel writes the file of l into dir, through a temporary file
// renamed at the end, so that a file with the level's name is whole.
func writeLevel(dir string, l *level) error {
	name, _ := l.rules.MarshalText()
	h := header{rules: string(name), seeds: l.seeds, entries: Entries(l.seeds), width: l.width,
		checksum: crc32.Checksum(l.data, castagnoli)}
	final := filepath.Join(dir, fileName(h.rules, h.seeds))
	f, err := os.CreateTemp(dir, ".tmp-"+fileName(h.rules, h.seeds)+"-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	_, err = w.Write(h.marshal())
	if err == nil {
		_, err = w.Write(l.data)
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Chmod(0o644) // as a file made by os.Create, not the 0600 of a temporary one
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), final)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
