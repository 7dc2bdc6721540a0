package solve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/seed3966233f/oware"
)

// The file of one level (see the package documentation): a header of 64
// bytes, then the entries in index order, entryWidth signed bytes each.

// fileVersion is the version of the format that this package writes and
// reads.
const fileVersion = 1

// fileMagic opens every file of the format.
var fileMagic = [8]byte{'O', 'W', 'A', 'R', 'E', '-', 'S', 'V'}

// partMagic opens the file of a level whose search is not finished.
var partMagic = [8]byte{'O', 'W', 'A', 'R', 'E', '-', 'S', 'P'}

// fileSuffix ends the name of every file of the format.
const fileSuffix = ".osv"

// partSuffix ends the name of the file of a level whose search is not
// finished, after the level's own name: "abapa-8.osv.part".
const partSuffix = ".part"

// fileHeader is the header of a level's file, little-endian.
type fileHeader struct {
	Magic    [8]byte
	Version  uint32
	Seeds    uint32
	Entries  uint64 // in a partial file, the index of the first board not searched
	Width    uint32
	Checksum uint32   // CRC-32C of the entries
	Rules    [16]byte // the preset's name, zero padded
	Budget   uint64   // BuildOptions.BoardNodes of the build (informative)
	Reserved [4]byte
	Sum      uint32 // CRC-32C of the bytes before it
}

// headerSize is the size of a fileHeader in bytes.
const headerSize = 64

// crc is the CRC-32C table.
var crc = crc32.MakeTable(crc32.Castagnoli)

// levelFile returns the name of the file of the level of n seeds under
// rules r, such as "abapa-12.osv".
func levelFile(r oware.Rules, n int) string {
	name, _ := r.MarshalText() // the rules are supported, so a preset
	return string(name) + "-" + strconv.Itoa(n) + fileSuffix
}

// write writes l into dir, through a temporary file renamed at the end,
// so that a file with the level's name is whole.
func (l *level) write(dir string, budget uint64) error {
	return writeEntries(dir, levelFile(l.rules, l.seeds), fileMagic, l.rules, l.seeds, Size(l.seeds), budget, l.data)
}

// writePart writes data, the entries of the level of n seeds under r
// whose boards below index next have been searched within budget, into
// the file of the level's search in dir.
func writePart(dir string, r oware.Rules, n int, budget, next uint64, data []byte) error {
	return writeEntries(dir, levelFile(r, n)+partSuffix, partMagic, r, n, next, budget, data)
}

// writeEntries writes the file name in dir: a header with magic, whose
// field Entries is count, then data; through a temporary file renamed at
// the end, so that a file with that name is whole.
func writeEntries(dir, name string, magic [8]byte, r oware.Rules, n int, count, budget uint64, data []byte) (err error) {
	h := fileHeader{Magic: magic, Version: fileVersion, Seeds: uint32(n), Entries: count,
		Width: entryWidth, Checksum: crc32.Checksum(data, crc), Budget: budget}
	rules, _ := r.MarshalText()
	copy(h.Rules[:], rules)
	var head bytes.Buffer
	_ = binary.Write(&head, binary.LittleEndian, h) // a fixed-size struct to a buffer: cannot fail
	h.Sum = crc32.Checksum(head.Bytes()[:headerSize-4], crc)
	binary.LittleEndian.PutUint32(head.Bytes()[headerSize-4:], h.Sum)

	f, err := os.CreateTemp(dir, ".tmp-"+name+"-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	_, err = w.Write(head.Bytes())
	if err == nil {
		_, err = w.Write(data)
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	return err
}

// readLevel reads and checks the file of the level of n seeds under r in
// dir. A missing file gives an error wrapping fs.ErrNotExist.
func readLevel(dir string, r oware.Rules, n int) (*level, error) {
	l, _, err := readEntries(filepath.Join(dir, levelFile(r, n)), fileMagic, r, n)
	return l, err
}

// readPart reads and checks the file of the search of the level of n
// seeds under r in dir that a build stopped, and returns the level and
// the index of its first board not searched. A missing file gives an
// error wrapping fs.ErrNotExist.
func readPart(dir string, r oware.Rules, n int) (*level, uint64, error) {
	return readEntries(filepath.Join(dir, levelFile(r, n)+partSuffix), partMagic, r, n)
}

// readEntries reads and checks the file path of the level of n seeds
// under r, whose header opens with magic, and returns the level and the
// header's field Entries.
func readEntries(path string, magic [8]byte, r oware.Rules, n int) (*level, uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	bad := func(format string, a ...any) error { return &FormatError{File: path, Msg: fmt.Sprintf(format, a...)} }
	raw := make([]byte, headerSize)
	if _, err := io.ReadFull(f, raw); err != nil {
		return nil, 0, bad("shorter than a header")
	}
	var h fileHeader
	_ = binary.Read(bytes.NewReader(raw), binary.LittleEndian, &h) // 64 bytes for 64 bytes: cannot fail
	name, _ := r.MarshalText()
	var want [16]byte
	copy(want[:], name)
	entries := h.Entries
	if magic == partMagic {
		entries = Size(n) // the field is the first board not searched
	}
	switch {
	case h.Magic != magic:
		return nil, 0, bad("not a table file of package solve (bad magic)")
	case h.Sum != crc32.Checksum(raw[:headerSize-4], crc):
		return nil, 0, bad("header checksum mismatch")
	case h.Version != fileVersion:
		return nil, 0, bad("format version %d, want %d", h.Version, fileVersion)
	case h.Rules != want || h.Seeds != uint32(n):
		return nil, 0, bad("holds another level than its name says")
	case entries != Size(n) || h.Width != entryWidth:
		return nil, 0, bad("%d entries of %d bytes, want %d of %d", h.Entries, h.Width, Size(n), entryWidth)
	case h.Entries > Size(n):
		return nil, 0, bad("searched up to board %d of %d", h.Entries, Size(n))
	case h.Reserved != [4]byte{}:
		return nil, 0, bad("reserved header bytes are not zero")
	}
	size := int64(Size(n)) * entryWidth
	if st, err := f.Stat(); err == nil && st.Size() != headerSize+size {
		return nil, 0, bad("%d bytes, want %d", st.Size(), headerSize+size)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, 0, bad("truncated: %v", err)
	}
	if crc32.Checksum(data, crc) != h.Checksum {
		return nil, 0, bad("entry checksum mismatch")
	}
	l := &level{rules: r, seeds: n, data: data, budget: h.Budget}
	if err := l.check(); err != nil {
		return nil, 0, bad("%v", err)
	}
	return l, h.Entries, nil
}

// check reports entries that no build writes: bounds outside the level's
// range, a lower bound above the upper, or the bounds of a board met for
// the first time outside its cycle bounds.
func (l *level) check() error {
	n := int8(l.seeds)
	for i := range Size(l.seeds) {
		clo, chi := l.cycle(i)
		lo, hi := l.fresh(i)
		if clo < -n || chi > n || clo > chi || lo < clo || hi > chi || lo > hi {
			return fmt.Errorf("entry %d holds %d..%d within %d..%d", i, lo, hi, clo, chi)
		}
	}
	return nil
}

// Open reads the tables of rules r in directory dir: the files that
// [Build] writes, from 0 seeds up to the first level missing. Each file
// is checked (its header, its size, the checksum and the range of its
// entries) and read whole into memory. It returns an error wrapping
// ErrMissingTable when dir holds no level of r, and a [*FormatError] for a
// damaged file.
func Open(dir string, r oware.Rules) (*Tables, error) {
	if !Supported(r) {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	t := &Tables{rules: r}
	for n := 0; n <= oware.NumSeeds; n++ {
		l, err := readLevel(dir, r, n)
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, err
		}
		t.levels = append(t.levels, l)
	}
	if len(t.levels) == 0 {
		return nil, fmt.Errorf("%w: %s holds no %s", ErrMissingTable, dir, levelFile(r, 0))
	}
	return t, nil
}

// Build builds the tables of rules r for every seed count from 0 to seeds
// into directory dir, which it creates if needed, one file per level
// (see [Compute] for what each holds). It stops early with ctx's error
// when ctx is done.
//
// A level whose file is already there is checked and kept, and read
// instead of built, unless it was built with a smaller
// BuildOptions.BoardNodes and holds boards whose value is not exact:
// then those boards are searched again within the larger budget, which
// deepens the level. A level above a level that changed gets the cycle
// bounds of the new values below, and keeps the tighter of its bounds.
// BuildOptions.DeepenFrom keeps the levels below it from being deepened,
// so that a larger budget goes to the levels above alone.
//
// While it searches a level, Build saves its progress about every minute,
// and when ctx ends it, in the file of the level with ".part" after its
// name, which [Open] does not read; the next Build with the same budget
// starts the level's search where it stopped, and removes that file when
// the level is whole. A Build with a budget of one node, which searches
// nothing, writes the level as far as it was searched and leaves the
// file to resume from.
func Build(ctx context.Context, dir string, r oware.Rules, seeds int, opt BuildOptions) error {
	if err := checkBuild(r, seeds); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	t := &Tables{rules: r}
	changed := false // whether a level below has changed
	for n := 0; n <= seeds; n++ {
		l, c, err := buildFile(ctx, dir, t, n, opt, changed)
		if err != nil {
			return err
		}
		changed = changed || c
		t.levels = append(t.levels, l)
	}
	return nil
}

// buildFile returns the level of n seeds on the levels of t, read from
// its file in dir, and built, resumed or deepened there as Build says;
// below tells whether a level of t changed in this build. It reports
// whether the level changed.
func buildFile(ctx context.Context, dir string, t *Tables, n int, opt BuildOptions, below bool) (*level, bool, error) {
	r, budget := t.rules, opt.budget()
	old, err := readLevel(dir, r, n)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	if old != nil && n < opt.DeepenFrom && !below {
		return old, false, nil // kept, whatever budget built it
	}
	part, next, err := readPart(dir, r, n)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	// l holds what is known of the level: the boards below next were
	// searched within from.
	l, from := part, uint64(0)
	switch {
	case part != nil:
		from = part.budget
		if old != nil {
			part.intersect(old) // both hold
		}
	case old != nil:
		c := *old
		c.data = slices.Clone(old.data) // old stays what the file holds
		l, from, next = &c, old.budget, Size(n)
	}
	first := next // the first board to search
	if l == nil || budget > from {
		first = 0
	}
	b := newLevelBuild(t, n, opt)
	if l == nil || below {
		fresh, err := b.bounds(ctx)
		if err != nil {
			return nil, false, err
		}
		if l != nil {
			fresh.intersect(l)
		}
		l = fresh
	}
	open := l.open(first)
	if budget <= 1 {
		open = nil
	}
	partFile := filepath.Join(dir, levelFile(r, n)+partSuffix)
	if old != nil && len(open) == 0 && bytes.Equal(l.data, old.data) {
		if part != nil && budget > 1 { // the search it saved is over
			if err := os.Remove(partFile); err != nil {
				return nil, false, fmt.Errorf("solve: %w", err)
			}
		}
		return old, false, nil // nothing to add
	}
	save := func(data []byte, upto uint64) error { return writePart(dir, r, n, budget, upto, data) }
	if err := b.refine(ctx, l, open, save); err != nil {
		return nil, false, err
	}
	l.budget = budget
	if first == Size(n) {
		l.budget = from // nothing searched: every board was within from
	}
	if err := l.write(dir, l.budget); err != nil {
		return nil, false, fmt.Errorf("solve: %w", err)
	}
	if budget > 1 { // with no search, a saved search stays to be resumed
		if err := os.Remove(partFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, false, fmt.Errorf("solve: %w", err)
		}
	}
	b.report(Progress{Phase: "done"})
	return l, old == nil || !bytes.Equal(l.data, old.data), nil
}

// intersect tightens the bounds of l, both the cycle bounds and those of
// the boards met for the first time, to those of o, another level of the
// same seeds whose bounds hold.
func (l *level) intersect(o *level) {
	for i := range Size(l.seeds) {
		e, f := l.data[i*entryWidth:][:entryWidth], o.data[i*entryWidth:][:entryWidth]
		for _, lo := range []int{cycleLo, freshLo} {
			e[lo] = byte(max(int8(e[lo]), int8(f[lo])))
			e[lo+1] = byte(min(int8(e[lo+1]), int8(f[lo+1])))
		}
	}
}

// Unfinished describes a level whose build stopped before the search of
// every board was done, and that [Build] saved to resume (the file of the
// level's name followed by ".part", beside the levels; [Open] never reads
// it).
type Unfinished struct {
	// LevelStats are those of the level as saved: the boards before Next
	// with the bounds their search proved, the others with the bounds
	// known before any search. Budget is that of the build that stopped.
	LevelStats
	Next uint64 // the index of the first board not searched
}

// String returns a line such as "10 seeds: 352,716 boards, stopped at
// board 120,000 (34.0%), 96.1% exact so far; the same build resumes it".
func (u Unfinished) String() string {
	return fmt.Sprintf("%s, stopped at board %s (%s), %s exact so far; the same build resumes it",
		u.level(), thousands(u.Next), u.share(u.Next), u.share(u.Exact))
}

// OpenUnfinished returns the levels of rules r in dir whose build
// stopped and was saved to resume (see [Build]), from the fewest seeds
// up; none when dir holds no such file or does not exist. A file that is
// damaged, or that is not one that Build writes, is a *[FormatError].
func OpenUnfinished(dir string, r oware.Rules) ([]Unfinished, error) {
	if !Supported(r) {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	}
	var out []Unfinished
	for n := 0; n <= oware.NumSeeds; n++ {
		l, next, err := readPart(dir, r, n)
		var fe *FormatError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case errors.As(err, &fe):
			return nil, err
		case err != nil:
			return nil, fmt.Errorf("solve: %w", err)
		}
		out = append(out, Unfinished{LevelStats: l.stats(), Next: next})
	}
	return out, nil
}
