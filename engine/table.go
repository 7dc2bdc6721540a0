package engine

import "math/bits"

// The transposition table is an array of buckets of four 16-byte entries:
// one bucket is one 64-byte cache line, so that a probe reads one line of
// memory. An entry is found by its key, 64 bits that stand for everything
// the score of a position depends on (see searcher.key); the key's low bits
// choose the bucket and the whole key is kept in the entry, so that a
// false match needs two different positions with the same 64-bit key.

// Bound kinds of a table entry.
const (
	exact uint8 = iota + 1
	lower       // the score is at least the stored one (a beta cut-off)
	upper       // the score is at most the stored one (no move raised alpha)
)

// noMove marks an entry without a best move.
const noMove = 0xff

// entry is one slot of the transposition table.
type entry struct {
	key   uint64
	score int32
	gen   uint8 // the search that wrote the entry
	depth uint8
	bound uint8
	move  uint8
}

// bucketLen is the number of entries of a bucket: a 64-byte cache line.
const bucketLen = 4

// bucket is the part of the table that one key may go to.
type bucket [bucketLen]entry

// Sizes of the table, in bytes.
const (
	// DefaultTableSize is the size of the transposition table of an Engine
	// made with the zero Options, and of the package-level searches.
	DefaultTableSize = 4 << 20
	// MinTableSize and MaxTableSize bound Options.TableSize.
	MinTableSize = 64 << 10
	MaxTableSize = 1 << 40
)

// table is a transposition table whose entries belong to one search at a
// time: an entry written by another search (another gen) counts as empty,
// which keeps each search independent of those before it.
type table struct {
	buckets []bucket
	mask    uint64
	gen     uint8
}

// newTable returns a table of at most size bytes (a power of two number of
// buckets, at least one).
func newTable(size int) table {
	n := uint64(max(size, 64)) / 64
	n = 1 << (bits.Len64(n) - 1)
	t := table{buckets: make([]bucket, n), mask: n - 1}
	adviseHugePages(t.buckets)
	clear(t.buckets) // the memory is mapped now, not in the first search's time
	return t
}

// size returns the size of t in bytes.
func (t *table) size() int { return len(t.buckets) * 64 }

// next starts a new search: every entry written so far counts as empty.
func (t *table) next() {
	t.gen++
	if t.gen == 0 { // wrapped: entries of gen 1 and on would look current
		clear(t.buckets)
		t.gen = 1
	}
}

// probe returns the entry of key written by this search, or nil.
func (t *table) probe(key uint64) *entry {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if e := &b[i]; e.key == key && e.gen == t.gen {
			return e
		}
	}
	return nil
}

// store writes an entry for key, replacing the entry of the same key, or
// else an entry of an earlier search, or else the one searched least deep.
func (t *table) store(key uint64, score int, depth int, bound, move uint8) {
	b := &t.buckets[key&t.mask]
	victim := &b[0]
	for i := range b {
		e := &b[i]
		if e.key == key || e.gen != t.gen {
			victim = e
			break
		}
		if e.depth < victim.depth {
			victim = e
		}
	}
	*victim = entry{key: key, score: int32(score), gen: t.gen, depth: uint8(depth), bound: bound, move: move}
}

// cut returns the score of e's position ply plies below the root, when e
// was searched depth plies deep and its bound settles the window
// (alpha, beta). Only an entry of the same depth counts, so that the
// search's score is that of a plain negamax of its depth.
func (e *entry) cut(depth, ply, alpha, beta int) (int, bool) {
	if int(e.depth) != depth {
		return 0, false
	}
	v := fromTable(int(e.score), ply)
	switch {
	case e.bound == exact,
		e.bound == lower && v >= beta,
		e.bound == upper && v <= alpha:
		return v, true
	}
	return 0, false
}

// toTable and fromTable convert the scores of won and lost games between
// "plies from the root" and "plies from this node", so that a table entry
// stays right wherever the position recurs in the tree.
func toTable(v, ply int) int {
	switch {
	case v >= Win-MaxDepth-1:
		return v + ply
	case v <= -Win+MaxDepth+1:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int {
	switch {
	case v >= Win-MaxDepth-1:
		return v - ply
	case v <= -Win+MaxDepth+1:
		return v + ply
	}
	return v
}
