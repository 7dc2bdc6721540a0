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
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
)

// The file of one level (see the package documentation for the layout):
// a header of headerSize bytes, then the entries in index order, one byte
// each (an exact value) or two (the lower bound, then the upper bound),
// as signed bytes.
const (
	magic         = "OWARE-TB"
	formatVersion = 1
	headerSize    = 64
	rulesField    = 16 // bytes of the rules name, zero padded
	fileSuffix    = ".otb"
	// kindValues is the kind of entries of this format (header bytes
	// 48–51): the values under exact rules, the bounds under the others.
	// Other kinds are for other entries, such as values that depend on
	// more than the board; a reader refuses the kinds it does not know.
	kindValues = 0
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

// errHeaderChecksum reports a header whose checksum does not match: a
// table file, damaged.
var errHeaderChecksum = errors.New("header checksum mismatch")

// parseHeader reads a header, checking everything it can say by itself.
func parseHeader(b []byte) (header, error) {
	var h header
	switch {
	case len(b) < headerSize:
		return h, errors.New("shorter than a header")
	case string(b[:8]) != magic:
		return h, errors.New("not a table file (bad magic)")
	case binary.LittleEndian.Uint32(b[60:]) != crc32.Checksum(b[:60], castagnoli):
		return h, errHeaderChecksum
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != formatVersion {
		return h, fmt.Errorf("format version %d, want %d", v, formatVersion)
	}
	if k := binary.LittleEndian.Uint32(b[48:]); k != kindValues {
		return h, fmt.Errorf("entries of kind %d, want %d (a later version of this package may read them)", k, kindValues)
	}
	for _, z := range b[52:60] {
		if z != 0 {
			return h, errors.New("reserved header bytes are not zero")
		}
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
	// damaged: the file is a table file of this format, for the level
	// its name says, with a wrong size, checksum or entry; Build builds
	// the level again.
	damaged bool
}

// Error returns a message such as "tablebase: awari-9.otb: entry checksum
// mismatch".
func (e *FormatError) Error() string { return "tablebase: " + e.File + ": " + e.Msg }

// Unwrap returns ErrFormat.
func (e *FormatError) Unwrap() error { return ErrFormat }

// readLevel reads and checks the file of a level: its header, its name,
// its size and, with verify, the checksum of its entries and every entry
// (see checkEntries), which takes reading the whole file.
// The entries are mapped into memory where the system allows it, and
// read into memory elsewhere.
func readLevel(path string, verify bool) (*level, error) { return loadLevel(path, verify, false) }

// loadLevel is readLevel, which with huge reads the entries into memory
// of the process's own (allocBytes: on huge pages where the system gives
// them) instead of mapping the file.
func loadLevel(path string, verify, huge bool) (*level, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, headerSize)
	n, err := io.ReadFull(f, buf)
	if err != nil {
		// A level's file cut short, or some other file.
		return nil, &FormatError{File: path, Msg: "shorter than a header", damaged: n >= len(magic) && string(buf[:len(magic)]) == magic}
	}
	h, err := parseHeader(buf)
	if err != nil {
		return nil, &FormatError{File: path, Msg: err.Error(), damaged: err == errHeaderChecksum}
	}
	if rules, n, ok := parseFileName(filepath.Base(path)); !ok || rules != h.rules || n != h.seeds {
		return nil, &FormatError{File: path, Msg: "header says " + fileName(h.rules, h.seeds)}
	}
	size := h.entries * uint64(h.width)
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if uint64(st.Size()) != headerSize+size {
		return nil, &FormatError{File: path, Msg: fmt.Sprintf("%d bytes, want %d", st.Size(), headerSize+size), damaged: true}
	}
	var data []byte
	var unmap func()
	if huge {
		data, unmap, err = readEntries(f, size)
	} else {
		var whole []byte
		whole, unmap, err = mapFile(f, headerSize+size)
		if whole != nil {
			data = whole[headerSize:]
		}
	}
	if err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	if unmap == nil { // entries read into the Go heap
		unmap = func() {}
	}
	if verify && crc32.Checksum(data, castagnoli) != h.checksum {
		unmap()
		return nil, &FormatError{File: path, Msg: "entry checksum mismatch", damaged: true}
	}
	if i, ok := checkEntries(data, h.width, h.seeds); verify && !ok {
		unmap()
		return nil, &FormatError{File: path, Msg: fmt.Sprintf("entry %d out of range", i), damaged: true}
	}
	r, _ := oware.ParseRules(h.rules) // checked by parseHeader
	l := &level{rules: r, seeds: h.seeds, width: h.width, data: data, path: path}
	runtime.AddCleanup(l, func(f func()) { f() }, unmap)
	return l, nil
}

// readEntries reads the size bytes of entries that follow the header of
// f into memory from allocBytes, and returns them with the function that
// frees them.
func readEntries(f *os.File, size uint64) ([]byte, func(), error) {
	data, err := allocBytes(size)
	if err != nil {
		return nil, nil, &os.PathError{Op: "mmap", Path: f.Name(), Err: err}
	}
	if _, err := f.ReadAt(data, headerSize); err != nil {
		freeBytes(data)
		return nil, nil, err
	}
	return data, func() { freeBytes(data) }, nil
}

// checkEntries reports whether every entry of a level of n seeds, width
// bytes each, is one that a build can write, and the first that is not:
// a value between -n and n; or two bounds from -n to n in order, each of
// the parity of n (the seeds of a game that ends, as a bound counts an
// endless one, all go to one player or the other, so that the mover's
// share minus the opponent's is n minus twice the opponent's). The
// checksum finds damage; this finds entries forged with a checksum to
// match, as far as they are out of range.
func checkEntries(data []byte, width, n int) (uint64, bool) {
	// An entry x is in range when x+n, as a byte, is at most 2n.
	top := byte(2 * n)
	if width == 1 {
		for i, x := range data {
			if x+byte(n) > top {
				return uint64(i), false
			}
		}
		return 0, true
	}
	for i := 0; i+1 < len(data); i += 2 {
		lo, hi := data[i]+byte(n), data[i+1]+byte(n)
		if lo > top || hi > top || lo > hi || (lo|hi)&1 != 0 {
			return uint64(i / 2), false
		}
	}
	return 0, true
}

// levelFile is the file of a level being built: a temporary file in the
// level's directory, made when the level's build starts and locked while
// it is open, which takes the level's name only once written whole.
type levelFile struct {
	f     *os.File
	final string // the level's file
	h     header
}

// createLevel makes the file of the level of n seeds under rules r in
// dir, entries width bytes each, and reserves its space on disk where
// the system can, so that a disk too small shows before the level is
// solved rather than after. A temporary file that a killed process
// leaves is removed by the next build in the directory (cleanTemp).
func createLevel(dir string, r oware.Rules, n, width int) (*levelFile, error) {
	name, _ := r.MarshalText()
	h := header{rules: string(name), seeds: n, entries: Entries(n), width: width}
	f, err := os.CreateTemp(dir, tempPrefix+fileName(h.rules, h.seeds)+"-*")
	if err != nil {
		return nil, err
	}
	lockFile(f)
	if err := reserve(f, headerSize+int64(h.entries)*int64(width)); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &levelFile{f: f, final: filepath.Join(dir, fileName(h.rules, h.seeds)), h: h}, nil
}

// abort closes and removes the file, unless it has been written.
func (lf *levelFile) abort() {
	if lf.f != nil {
		lf.f.Close()
		os.Remove(lf.f.Name())
		lf.f = nil
	}
}

// write writes the level, fill writing the entries of the positions from
// from on into a buffer, and gives the file the level's name: a header
// whose checksums are those of what was written, then the entries. On
// an error the file is removed.
func (lf *levelFile) write(fill func(dst []byte, from uint64) error) error {
	f, h := lf.f, lf.h
	err := func() error {
		if _, err := f.Seek(headerSize, io.SeekStart); err != nil { // the header, once the checksum is known
			return err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		buf := make([]byte, 1<<16)
		crc := uint32(0)
		per := uint64(len(buf) / h.width)
		for from := uint64(0); from < h.entries; from += per {
			chunk := buf[:min(per, h.entries-from)*uint64(h.width)]
			if err := fill(chunk, from); err != nil {
				return err
			}
			crc = crc32.Update(crc, castagnoli, chunk)
			if _, err := w.Write(chunk); err != nil {
				return err
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
		h.checksum = crc
		if _, err := f.WriteAt(h.marshal(), 0); err != nil {
			return err
		}
		if err := f.Chmod(0o644); err != nil { // as a file made by os.Create, not the 0600 of a temporary one
			return err
		}
		return f.Sync()
	}()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), lf.final)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	lf.f = nil
	return err
}

// tempPrefix begins the name of every temporary file of a build.
const tempPrefix = ".tmp-"

// cleanTemp removes from dir the temporary files of builds that were
// killed (kill -9, a crash, a lost node): those that no running build
// holds locked. A file just made, empty and not yet locked, is left to
// its maker. Errors are ignored: what cannot be removed stays.
func cleanTemp(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() && strings.HasPrefix(name, slicesPrefix) {
			cleanSlices(filepath.Join(dir, name))
			continue
		}
		if !e.Type().IsRegular() || !strings.HasPrefix(name, tempPrefix) && !isOldSpill(name) {
			continue
		}
		path := filepath.Join(dir, name)
		if info, err := e.Info(); err != nil || info.Size() == 0 && time.Since(info.ModTime()) < time.Minute {
			continue
		}
		if stale(path) {
			os.Remove(path)
		}
	}
}

// slicesPrefix begins the name of the work directory of a level built in
// slices (see BuildSlice).
const slicesPrefix = ".slices-"

// cleanSlices removes the work directory of a level built in slices
// whose run ended without removing it (a slice failed or was killed):
// one where nothing changed for an hour, while a running slice says it
// is alive every few seconds.
func cleanSlices(work string) {
	ents, err := os.ReadDir(work)
	if info, serr := os.Stat(work); err != nil || serr != nil || time.Since(info.ModTime()) < time.Hour {
		return
	}
	for _, e := range ents {
		if info, err := e.Info(); err != nil || time.Since(info.ModTime()) < time.Hour {
			return
		}
	}
	os.RemoveAll(work)
}

// isOldSpill reports whether name is that of the temporary file of the
// moves within a level that the builder of format version 1 before this
// one kept, ".moves-*.tmp".
func isOldSpill(name string) bool {
	return strings.HasPrefix(name, ".moves-") && strings.HasSuffix(name, ".tmp")
}
