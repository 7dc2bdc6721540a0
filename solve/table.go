package solve

import "math/bits"

// The transposition table holds proven facts: for a key, which stands for
// a board together with the occurrences of its stretch since the last
// capture (see searcher.key), bounds of the value that a search proved.
// A fact stays true for ever, whatever window or budget the search had,
// so an entry needs no depth, and a later search only tightens it.

// entry is one slot of the table, 16 bytes: four fill a cache line.
type entry struct {
	k0     uint64 // the key's first word
	k1     uint32 // part of its second: 96 bits in all tell keys apart
	lo, hi int8   // the proven bounds
	// meta packs the best move found (bits 0–3: a pit, or noMove), about
	// log₂ of the nodes its search took (bits 4–8, saturating) and the
	// generation that wrote it (bits 9–15; others count as empty).
	meta uint16
}

// The fields of entry.meta.
const (
	noMove   = 0xf
	workBits = 5
	workMax  = 1<<workBits - 1
	genShift = 4 + workBits
	genMask  = 1<<(16-genShift) - 1
)

// move returns the best move of e, as a pit, or -1.
func (e *entry) move() int {
	if m := int(e.meta & 0xf); m != noMove {
		return m
	}
	return -1
}

// work returns about log₂ of the nodes the search of e took.
func (e *entry) work() uint16 { return e.meta >> 4 & workMax }

// gen returns the generation that wrote e.
func (e *entry) gen() uint16 { return e.meta >> genShift }

// pack returns the meta of an entry of move (or -1), work and generation gen.
func pack(move int, work, gen uint16) uint16 {
	m := uint16(noMove)
	if move >= 0 {
		m = uint16(move)
	}
	return m | min(work, workMax)<<4 | gen<<genShift
}

// bucketLen is the number of entries a key may go to: a 64-byte cache
// line.
const bucketLen = 4

// table is a transposition table of a fixed number of entries.
type table struct {
	entries []entry
	mask    uint64
	gen     uint16 // 1 to genMask
}

// newTable returns a table of about size bytes (a power of two number of
// buckets, at least one).
func newTable(size int) *table {
	n := uint64(max(size, 1024)) / (bucketLen * 16)
	n = 1 << (bits.Len64(n) - 1)
	t := &table{mask: n - 1, gen: 1}
	t.entries = allocEntries(t, n*bucketLen)
	return t
}

// clear empties the table, at once but every genMask-th time.
func (t *table) clear() {
	t.gen++
	if t.gen > genMask {
		clear(t.entries)
		t.gen = 1
	}
}

// probe returns the entry of key, or nil.
func (t *table) probe(k0, k1 uint64) *entry {
	b := t.entries[(k0&t.mask)*bucketLen:][:bucketLen]
	for i := range b {
		if b[i].k0 == k0 && b[i].k1 == uint32(k1) && b[i].gen() == t.gen {
			return &b[i]
		}
	}
	return nil
}

// store records bounds for key, tightening the entry of the same key, or
// else taking an empty one or the one whose search took the least work.
func (t *table) store(k0, k1 uint64, lo, hi, move int, nodes uint64) {
	b := t.entries[(k0&t.mask)*bucketLen:][:bucketLen]
	work := uint16(bits.Len64(nodes))
	victim := &b[0]
	for i := range b {
		e := &b[i]
		if e.gen() != t.gen {
			victim = e
			break
		}
		if e.k0 == k0 && e.k1 == uint32(k1) {
			e.lo, e.hi = int8(max(int(e.lo), lo)), int8(min(int(e.hi), hi))
			if move < 0 {
				move = e.move()
			}
			e.meta = pack(move, max(e.work(), work), t.gen)
			return
		}
		if e.work() < victim.work() {
			victim = e
		}
	}
	*victim = entry{k0: k0, k1: uint32(k1), lo: int8(lo), hi: int8(hi), meta: pack(move, work, t.gen)}
}
