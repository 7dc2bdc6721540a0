package tablebase

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
)

// Building a level in slices, by several processes at once (see
// "Slices" in the package documentation): each process holds the state
// of one slice, a run of the level's indexes, and the processes of a
// level exchange files in a directory of their own in the tables'
// directory, the work directory:
//
//	alive-I       touched every few seconds while slice I runs
//	failed-I      slice I failed: the error (the others stop)
//	msg-S-I       the messages of slice I at its S-th exchange
//	part-I        the entries of slice I, once solved
//
// Every exchange is a barrier: a slice writes its messages for all the
// others into one file, then reads the files of all the others for the
// same exchange, and works on what they sent it. A threshold ends at the
// first exchange where no slice sent anything, which every slice sees
// alike. Slice 0 joins the parts into the level's file.

// MaxSlices is the most slices a level may be built in.
const MaxSlices = 4096

// BuildSlice builds slice i (from 0) of k of the level of n seeds under
// rules r, into the directory dir that holds the levels below, together
// with the k-1 other slices, which other processes build at the same
// time, on this machine or others sharing dir, with the same run name:
// the processes exchange files in a directory of dir named after the
// level and the run. Slice 0 writes the level's file once every slice is
// solved. A slice holds about 1/k of the memory of the level (see
// [Build]) and reads the lower levels where its captures lead. The level
// is the same, byte for byte, as [Build]'s.
//
// The slices of a run must all run at the same time: a slice that hears
// nothing from another for opt.PeerTimeout (5 minutes when 0), because
// it failed, was killed or never started, stops with an error, as do the
// others once one has failed. A level whose file is whole already is
// left as it is. BuildSlice stops early with ctx's error when ctx is
// done.
func BuildSlice(ctx context.Context, dir string, r oware.Rules, n, i, k int, run string, opt BuildOptions) error {
	workers, err := checkBuild(r, n, opt)
	switch {
	case err != nil:
		return err
	case k < 1 || k > MaxSlices:
		return fmt.Errorf("tablebase: %d slices: want 1 to %d", k, MaxSlices)
	case i < 0 || i >= k:
		return fmt.Errorf("tablebase: slice %d of %d: want 0 to %d", i, k, k-1)
	case !runName.MatchString(run):
		return fmt.Errorf("tablebase: run name %q: want 1 to 64 letters, digits, '.', '_' or '-'", run)
	}
	name, _ := r.MarshalText()
	if l, err := readLevel(filepath.Join(dir, fileName(string(name), n)), true); err == nil && l.rules == r && l.seeds == n {
		return nil // built already
	}
	var lower []*level
	for m := range n {
		l, err := readLevel(filepath.Join(dir, fileName(string(name), m)), false)
		if err != nil {
			return fmt.Errorf("tablebase: the levels below %d are needed first: %w", n, err)
		}
		lower = append(lower, l)
	}
	p := &peers{
		work:    filepath.Join(dir, slicesPrefix+fileName(string(name), n)+"-"+run),
		me:      i,
		bounds:  sliceBounds(Entries(n), k),
		timeout: opt.PeerTimeout,
		start:   time.Now(),
	}
	if p.timeout <= 0 {
		p.timeout = 5 * time.Minute
	}
	if err := os.MkdirAll(p.work, 0o777); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	stop := p.heartbeat()
	err = p.build(ctx, dir, r, n, lower, workers, opt.Progress)
	stop()
	if err != nil {
		os.WriteFile(filepath.Join(p.work, "failed-"+strconv.Itoa(i)), []byte(err.Error()), 0o666) // for the others; an error here changes nothing
		return err
	}
	return nil
}

// runName is what a run's name may be.
var runName = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// sliceBounds returns where each of k slices of a level of entries
// positions begins, and then entries: multiples of 16, so that no word
// of the state is shared between slices.
func sliceBounds(entries uint64, k int) []uint64 {
	b := make([]uint64, k+1)
	for j := range k {
		b[j] = entries / uint64(k) * uint64(j) &^ 15
	}
	b[k] = entries
	return b
}

// peers is a slice's view of its run.
type peers struct {
	work    string   // the work directory
	me      int      // the slice
	bounds  []uint64 // where each slice begins, then the level's end
	timeout time.Duration
	start   time.Time
	seq     int // the exchanges done
}

// build solves the slice, writes its part and, for slice 0, the level.
func (p *peers) build(ctx context.Context, dir string, r oware.Rules, n int, lower []*level, workers int, progress func(Progress)) error {
	start := time.Now()
	s, err := newSolver(r, n, p.bounds[p.me], p.bounds[p.me+1], lower, workers, reporter(r, n, progress, start))
	if err != nil {
		return err
	}
	s.exchange = p.exchange
	err = s.solve(ctx)
	if err == nil {
		err = p.writePart(s)
	}
	edges := s.edges.Load()
	s.free()
	if err != nil || p.me != 0 {
		return err
	}
	if err := p.assemble(ctx, dir, r, n); err != nil {
		return err
	}
	if progress != nil {
		e := Entries(n)
		progress(Progress{Rules: r, Seeds: n, Phase: "done", Done: e, Total: e, Elapsed: time.Since(start), Edges: edges, Exchanges: p.seq})
	}
	return os.RemoveAll(p.work)
}

// heartbeat touches the slice's alive file every few seconds until the
// function it returns is called.
func (p *peers) heartbeat() func() {
	path := filepath.Join(p.work, "alive-"+strconv.Itoa(p.me))
	os.WriteFile(path, nil, 0o666)
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(heartbeatEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				now := time.Now()
				os.Chtimes(path, now, now)
			}
		}
	}()
	return func() { close(done) }
}

// heartbeatEvery is how often a slice says it is alive.
const heartbeatEvery = 2 * time.Second

// wait waits until the file name of every slice is in the work
// directory ("msg-3" waits for msg-3-0, msg-3-1, …), failing when a
// slice failed or has been silent for the timeout.
func (p *peers) wait(ctx context.Context, name string) error {
	pause := time.Millisecond
	for j := 0; j < len(p.bounds)-1; {
		if _, err := os.Stat(filepath.Join(p.work, name+"-"+strconv.Itoa(j))); err == nil {
			j++
			continue
		}
		if err := p.check(j); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, 20*time.Millisecond)
	}
	return nil
}

// check returns an error when a slice failed, or when slice j has been
// silent for the timeout.
func (p *peers) check(j int) error {
	if failed, _ := filepath.Glob(filepath.Join(p.work, "failed-*")); len(failed) > 0 {
		msg, _ := os.ReadFile(failed[0])
		return fmt.Errorf("tablebase: slice %s of the level failed: %s", strings.TrimPrefix(filepath.Base(failed[0]), "failed-"), msg)
	}
	last := p.start
	if info, err := os.Stat(filepath.Join(p.work, "alive-"+strconv.Itoa(j))); err == nil {
		last = info.ModTime()
	}
	if silent := time.Since(last); silent > p.timeout {
		return fmt.Errorf("tablebase: slice %d of the level has not been heard of for %s (it failed, was killed or never started)", j, silent.Round(time.Second))
	}
	return nil
}

// exchange writes the messages out for the other slices and returns
// those the others sent this one, and the number of messages sent by
// every slice (see solver.exchange).
func (p *peers) exchange(ctx context.Context, out []uint64) ([]uint64, uint64, error) {
	name := "msg-" + strconv.Itoa(p.seq)
	if err := p.writeMessages(name, out); err != nil {
		return nil, 0, err
	}
	if p.seq >= 2 { // every slice has read it, having written the one after
		os.Remove(filepath.Join(p.work, "msg-"+strconv.Itoa(p.seq-2)+"-"+strconv.Itoa(p.me)))
	}
	p.seq++
	if err := p.wait(ctx, name); err != nil {
		return nil, 0, err
	}
	var in []uint64
	total := uint64(0)
	for j := range len(p.bounds) - 1 {
		mine, count, err := p.readMessages(filepath.Join(p.work, name+"-"+strconv.Itoa(j)))
		if err != nil {
			return nil, 0, err
		}
		in = append(in, mine...)
		total += count
	}
	return in, total, nil
}

// A file of messages: for each slice, the number of messages for it and
// the bytes they take; then, for each slice, its messages in increasing
// order, each as the difference from the one before (the first from 0)
// in unsigned varint; then the CRC-32C of all that.

// writeMessages writes the file name-me of the messages out.
func (p *peers) writeMessages(name string, out []uint64) error {
	slices.Sort(out)
	k := len(p.bounds) - 1
	head := make([]byte, 0, 16*k)
	var body []byte
	at := 0
	for j := range k {
		end := at
		for end < len(out) && out[end]>>1 < p.bounds[j+1] {
			end++
		}
		size := len(body)
		prev := uint64(0)
		for _, m := range out[at:end] {
			body = binary.AppendUvarint(body, m-prev)
			prev = m
		}
		head = binary.LittleEndian.AppendUint64(head, uint64(end-at))
		head = binary.LittleEndian.AppendUint64(head, uint64(len(body)-size))
		at = end
	}
	data := append(head, body...)
	data = binary.LittleEndian.AppendUint32(data, crc32.Checksum(data, castagnoli))
	return p.writeFile(name+"-"+strconv.Itoa(p.me), data)
}

// writeFile writes a file of the work directory whole or not at all.
func (p *peers) writeFile(name string, data []byte) error {
	path := filepath.Join(p.work, name)
	if err := os.WriteFile(path+".tmp", data, 0o666); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	return nil
}

// readMessages reads a file of messages and returns those for this
// slice and the number for all.
func (p *peers) readMessages(path string) ([]uint64, uint64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, fmt.Errorf("tablebase: %w", err)
	}
	k := len(p.bounds) - 1
	bad := fmt.Errorf("tablebase: %s: not a file of messages of this run", path)
	if len(data) < 16*k+4 || crc32.Checksum(data[:len(data)-4], castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, 0, bad
	}
	body := data[16*k : len(data)-4]
	total, at := uint64(0), uint64(0)
	var mine []uint64
	for j := range k {
		count := binary.LittleEndian.Uint64(data[16*j:])
		size := binary.LittleEndian.Uint64(data[16*j+8:])
		if size > uint64(len(body))-at || count > size {
			return nil, 0, bad
		}
		total += count
		if j == p.me {
			prev := uint64(0)
			for b := body[at : at+size]; len(b) > 0; {
				d, w := binary.Uvarint(b)
				if w <= 0 {
					return nil, 0, bad
				}
				prev += d
				if prev>>1 < p.bounds[j] || prev>>1 >= p.bounds[j+1] {
					return nil, 0, bad
				}
				mine = append(mine, prev)
				b = b[w:]
			}
			if uint64(len(mine)) != count {
				return nil, 0, bad
			}
		}
		at += size
	}
	return mine, total, nil
}

// writePart writes the entries of the slice.
func (p *peers) writePart(s *solver) error {
	width := uint64(entryWidth(s.rules))
	path := filepath.Join(p.work, "part-"+strconv.Itoa(p.me))
	f, err := os.Create(path + ".tmp")
	if err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	buf := make([]byte, 1<<16)
	per := uint64(len(buf)) / width
	for from := uint64(0); from < s.size() && err == nil; from += per {
		chunk := buf[:min(per, s.size()-from)*width]
		s.fill(chunk, from)
		_, err = w.Write(chunk)
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(path+".tmp", path)
	}
	if err != nil {
		os.Remove(path + ".tmp")
		return fmt.Errorf("tablebase: %w", err)
	}
	return nil
}

// assemble waits for the parts of every slice and writes the level's
// file from them, then checks it.
func (p *peers) assemble(ctx context.Context, dir string, r oware.Rules, n int) error {
	if err := p.wait(ctx, "part"); err != nil {
		return err
	}
	width := uint64(entryWidth(r))
	parts := make([]io.Reader, len(p.bounds)-1)
	for j := range parts {
		f, err := os.Open(filepath.Join(p.work, "part-"+strconv.Itoa(j)))
		if err != nil {
			return fmt.Errorf("tablebase: %w", err)
		}
		defer f.Close()
		if info, err := f.Stat(); err != nil || uint64(info.Size()) != (p.bounds[j+1]-p.bounds[j])*width {
			return fmt.Errorf("tablebase: %s: not the part of slice %d", f.Name(), j)
		}
		parts[j] = f
	}
	lf, err := createLevel(dir, r, n, int(width))
	if err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	defer lf.abort()
	all := bufio.NewReaderSize(io.MultiReader(parts...), 1<<20)
	if err := lf.write(func(dst []byte, _ uint64) error {
		_, err := io.ReadFull(all, dst)
		return err
	}); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	if _, err := readLevel(lf.final, true); err != nil {
		return err
	}
	return nil
}
