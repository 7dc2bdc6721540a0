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

// fileSuffix ends the name of every file of the format.
const fileSuffix = ".osv"

// fileHeader is the header of a level's file, little-endian.
type fileHeader struct {
	Magic    [8]byte
	Version  uint32
	Seeds    uint32
	Entries  uint64
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
func (l *level) write(dir string, budget uint64) (err error) {
	h := fileHeader{Magic: fileMagic, Version: fileVersion, Seeds: uint32(l.seeds), Entries: Size(l.seeds),
		Width: entryWidth, Checksum: crc32.Checksum(l.data, crc), Budget: budget}
	name, _ := l.rules.MarshalText()
	copy(h.Rules[:], name)
	var head bytes.Buffer
	_ = binary.Write(&head, binary.LittleEndian, h) // a fixed-size struct to a buffer: cannot fail
	h.Sum = crc32.Checksum(head.Bytes()[:headerSize-4], crc)
	binary.LittleEndian.PutUint32(head.Bytes()[headerSize-4:], h.Sum)

	final := filepath.Join(dir, levelFile(l.rules, l.seeds))
	f, err := os.CreateTemp(dir, ".tmp-"+levelFile(l.rules, l.seeds)+"-*")
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
		_, err = w.Write(l.data)
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
		err = os.Rename(f.Name(), final)
	}
	return err
}

// readLevel reads and checks the file of the level of n seeds under r in
// dir. A missing file gives an error wrapping fs.ErrNotExist.
func readLevel(dir string, r oware.Rules, n int) (*level, error) {
	path := filepath.Join(dir, levelFile(r, n))
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	bad := func(format string, a ...any) error { return &FormatError{File: path, Msg: fmt.Sprintf(format, a...)} }
	raw := make([]byte, headerSize)
	if _, err := io.ReadFull(f, raw); err != nil {
		return nil, bad("shorter than a header")
	}
	var h fileHeader
	_ = binary.Read(bytes.NewReader(raw), binary.LittleEndian, &h) // 64 bytes for 64 bytes: cannot fail
	name, _ := r.MarshalText()
	var want [16]byte
	copy(want[:], name)
	switch {
	case h.Magic != fileMagic:
		return nil, bad("not a table file of package solve (bad magic)")
	case h.Sum != crc32.Checksum(raw[:headerSize-4], crc):
		return nil, bad("header checksum mismatch")
	case h.Version != fileVersion:
		return nil, bad("format version %d, want %d", h.Version, fileVersion)
	case h.Rules != want || h.Seeds != uint32(n):
		return nil, bad("holds another level than its name says")
	case h.Entries != Size(n) || h.Width != entryWidth:
		return nil, bad("%d entries of %d bytes, want %d of %d", h.Entries, h.Width, Size(n), entryWidth)
	case h.Reserved != [4]byte{}:
		return nil, bad("reserved header bytes are not zero")
	}
	size := int64(Size(n)) * entryWidth
	if st, err := f.Stat(); err == nil && st.Size() != headerSize+size {
		return nil, bad("%d bytes, want %d", st.Size(), headerSize+size)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, bad("truncated: %v", err)
	}
	if crc32.Checksum(data, crc) != h.Checksum {
		return nil, bad("entry checksum mismatch")
	}
	l := &level{rules: r, seeds: n, data: data}
	if err := l.check(); err != nil {
		return nil, bad("%v", err)
	}
	return l, nil
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
// (see [Compute] for what each holds). A level whose file is already
// there is checked and read instead of built, so that an interrupted
// build resumes where it stopped. It stops early with ctx's error when
// ctx is done.
func Build(ctx context.Context, dir string, r oware.Rules, seeds int, opt BuildOptions) error {
	if err := checkBuild(r, seeds); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	t := &Tables{rules: r}
	for n := 0; n <= seeds; n++ {
		l, err := readLevel(dir, r, n)
		if errors.Is(err, fs.ErrNotExist) {
			if l, err = buildLevel(ctx, t, n, opt); err == nil {
				if werr := l.write(dir, opt.budget()); werr != nil {
					return fmt.Errorf("solve: %w", werr)
				}
			}
		}
		if err != nil {
			return err
		}
		t.levels = append(t.levels, l)
	}
	return nil
}
