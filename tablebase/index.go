package tablebase

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/seed3966233f/oware"
)

// The index of a level: every board with n seeds that can arise, ranked in
// lexicographic order of its pits taken from the mover's side, the mover's
// first pit first, then the opponent's from the opponent's first pit. A
// board arises from a move only when the side that just moved (the
// opponent of the player to move) has an empty pit, the pit it sowed from
// (R3, R4); boards whose opponent side has no empty pit are left out, as
// Romein and Bal did.
//
// The rank is computed with the combinatorial number system: the number of
// ways to put r seeds into m pits is F(m, r) = C(r+m-1, m-1), and the rank
// of a board is the number of valid boards that come before it, summed pit
// by pit.

// maxSeeds is the largest seed count a level can have: every seed of the
// game on the board.
const maxSeeds = oware.NumSeeds

// pits is a board relative to its mover: pits[0:6] are the mover's pits
// from the mover's first, pits[6:12] the opponent's from the opponent's
// first.
type pits [12]uint8

// binom[a][b] is C(a, b) for a ≤ maxBinom, b ≤ 12.
const maxBinom = maxSeeds + 12

var binom = func() (t [maxBinom + 1][13]uint64) {
	for a := range t {
		t[a][0] = 1
		for b := 1; b <= 12 && b <= a; b++ {
			t[a][b] = t[a-1][b-1]
			if b <= a-1 {
				t[a][b] += t[a-1][b]
			}
		}
	}
	return t
}()

// compositions returns F(m, r), the ways to put r seeds into m pits; 0 for
// negative r.
func compositions(m, r int) uint64 {
	switch {
	case r < 0:
		return 0
	case m == 0:
		if r == 0 {
			return 1
		}
		return 0
	}
	return binom[r+m-1][m-1]
}

// completions returns how many ways the pits from pit i to 11 can hold r
// seeds so that the board is valid, when zero tells whether an opponent
// pit before pit i is already empty.
func completions(i, r int, zero bool) uint64 {
	m := 12 - i
	n := compositions(m, r)
	if !zero {
		q := min(6, m) // the opponent pits among them, each given one seed
		n -= compositions(m, r-q)
	}
	return n
}

// before[i][z][r<<6|x] is the number of valid boards that agree with a
// board on its pits before pit i and hold fewer than x seeds in pit i,
// when r seeds are left for pits i to 11 and z tells whether an opponent
// pit before pit i is empty. Ranking a board sums one entry per pit. A
// count is at most 48, so r<<6|x masked with 4095 is the index whatever
// the counts, and needs no check.
var before = func() *[12][2][64 * 64]uint64 {
	var t [12][2][64 * 64]uint64
	for i := range 12 {
		for z := range 2 {
			for r := 0; r <= maxSeeds; r++ {
				sum := uint64(0)
				for x := 0; x <= r; x++ {
					t[i][z][r<<6|x] = sum
					zero := z == 1 || i >= 6 && x == 0
					sum += completions(i+1, r-x, zero)
				}
				t[i][z][r<<6|(r+1)] = sum
			}
		}
	}
	return &t
}()

// Entries returns the number of entries of the level of n seeds: the
// boards with n seeds on which the side that just moved has an empty pit.
// It returns 0 for n outside 0–48.
func Entries(n int) uint64 {
	if n < 0 || n > maxSeeds {
		return 0
	}
	return completions(0, n, false)
}

// valid reports whether p can arise: the opponent has an empty pit.
func (p *pits) valid() bool {
	return p[6] == 0 || p[7] == 0 || p[8] == 0 || p[9] == 0 || p[10] == 0 || p[11] == 0
}

// b2u returns 1 for true and 0 for false.
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// unrank returns the board of index idx in the level of n seeds, which
// must be below Entries(n): pit by pit, the most seeds whose entry of
// before is at most what is left of idx. The mover's pits and the
// opponent's first never look at an empty pit before them; the
// opponent's others do.
func unrank(n int, idx uint64) pits {
	var p pits
	t := before
	r := uint(n)
	for i := range 7 {
		row := &t[i][0]
		x := unrankPit(row, r, idx)
		idx -= row[(r<<6|x)&4095]
		p[i] = uint8(x)
		r -= x
	}
	z := b2u(p[6] == 0)
	for i := 7; i < 11; i++ {
		row := &t[i][z]
		x := unrankPit(row, r, idx)
		idx -= row[(r<<6|x)&4095]
		p[i] = uint8(x)
		r -= x
		z |= b2u(x == 0)
	}
	p[11] = uint8(r)
	return p
}

// unrankPit returns the seeds of a pit whose row of before is row, when
// r seeds are left and idx of the index: the most x up to r whose entry
// is at most idx.
func unrankPit(row *[64 * 64]uint64, r uint, idx uint64) uint {
	x := uint(0)
	for x < r && row[(r<<6|(x+1))&4095] <= idx {
		x++
	}
	return x
}

// next advances p to the next board of its level in index order, valid or
// not, and reports false after the last one.
func (p *pits) next() bool { return nextComposition(p[:]) }

// nextComposition advances the counts c to the next way of putting the
// same seeds into len(c) pits, in lexicographic order, and reports false
// after the last one.
func nextComposition(c []uint8) bool {
	last := len(c) - 1
	for last > 0 && c[last] == 0 {
		last--
	}
	if last == 0 {
		return false
	}
	rest := c[last] - 1
	c[last] = 0
	c[last-1]++
	c[len(c)-1] = rest
	return true
}

// nextValid advances p to the next valid board of its level and reports
// false after the last one.
func (p *pits) nextValid() bool {
	for p.next() {
		if p.valid() {
			return true
		}
	}
	return false
}

// wordRanks ranks the boards of every level with two pits a table
// read. A board's rank sums, pit by pit, the entries of before, each a
// function of the seeds from that pit on and of those after it (and of
// z). Each such entry is the difference of two cumulative sums of
// completions, one of each of those two sums of seeds, and a term of the
// first alone: so the rank is also a sum of one term a suffix sum, the
// seeds from pit j to the last one, which depends on that sum and on
// whether an opponent's pit is empty before pit j-1, before j and
// before j+1 (see pitTerm). Those three flags only ever turn on one
// after another, so their number, 0 to 3, says them all, and goes into
// bits 6 and 7 of the suffix sum's byte (the seeds never reach 64). One
// multiplication sums the pits from the last one back, a byte a sum,
// and each pair of adjacent bytes, pits 11 and 10, 9 and 8, and so on,
// indexes one entry that holds the two pits' terms: six reads a rank.
// The seeds from a pit on do not depend on the level, as the seeds
// before it would, so one table serves every level: the builder's
// parents and captures and every probe.
//
// It takes 3 MB of address space, so that a pair of bytes indexes it
// unchecked, of which the entries of sums up to 48 with flags that can
// occur are written (about 1.3 MB of pages); it is made the first time
// tables are opened or a level is built.
type wordRanks [6][1 << 16]uint64

// theWordRanks returns the one wordRanks, made on its first call.
var theWordRanks = sync.OnceValue(func() *wordRanks {
	var term [12][256]uint64 // term[j][s+64c] is pitTerm(j, s, c)
	for j := range term {
		for c := range flagCounts(j) {
			for s := 0; s <= maxSeeds; s++ {
				term[j][s+64*c] = pitTerm(j, s, c)
			}
		}
	}
	t := new(wordRanks)
	for k := range t {
		hi, lo := 10-2*k, 11-2*k // the pits of the entry's high and low byte
		for ch := range flagCounts(hi) {
			for y := 0; y <= maxSeeds; y++ {
				for cl := range flagCounts(lo) {
					for x := 0; x <= maxSeeds; x++ {
						t[k][(x+64*cl)|(y+64*ch)<<8] = term[lo][x+64*cl] + term[hi][y+64*ch]
					}
				}
			}
		}
	}
	return t
})

// flagCounts returns one more than the most flags the byte of pit j's
// suffix sum can have: 0 to 3, one for each of pits j-1, j and j+1 that
// has an empty opponent's pit before it (pits 6 to 11 are the
// opponent's, so pit 6 is the first that can follow one).
func flagCounts(j int) int { return min(max(j-4, 0), 3) + 1 }

// pitTerm returns the term of pit j in a rank: the part of the entries
// of before that depends on the seeds s from pit j to the last, when c of
// pits j-1, j and j+1 have an empty opponent's pit before them. Entry
// before[i][z][r<<6|x], r seeds from pit i on and y = r-x from pit i+1
// on, counts the valid boards with fewer than x seeds in pit i: the
// completions of pits i+1 to 11 by y+1 to r seeds, which is cum(i, r, z)
// - cum(i, y, z), and when pit i is the opponent's, no opponent's pit
// before it is empty and x > 0 (so that no opponent's pit up to pit i is
// empty), the boards with pit i empty counted as valid whatever the
// others: completions(i+1, r, true) - completions(i+1, r, false) more.
// Pit 11 has no entry (its seeds are what is left), and its term is
// -cum(10, s, z) alone. The terms wrap below 0 as unsigned numbers;
// their sum is the rank.
func pitTerm(j, s, c int) uint64 {
	zPrev, z, zNext := c >= 3, c >= 2, c >= 1
	var v uint64
	if j <= 10 {
		v += cum(j, s, z)
		if j >= 6 && !zNext {
			v += completions(j+1, s, true) - completions(j+1, s, false)
		}
	}
	if j >= 1 {
		v -= cum(j-1, s, zPrev)
	}
	return v
}

// cum returns the completions of pits i+1 to 11 by 0 to s seeds, when
// zero tells whether an opponent's pit up to pit i is empty.
func cum(i, s int, zero bool) uint64 {
	sum := uint64(0)
	for u := 0; u <= s; u++ {
		sum += completions(i+1, u, zero)
	}
	return sum
}

// rankEmpty returns the index, in its level, of the valid board whose
// pits 0–7 are the bytes of lo and 8–11 those of hi, little-endian, given
// empty = emptyPits(lo, hi), which a caller that checks the board first
// has computed already.
func (t *wordRanks) rankEmpty(lo, hi, empty uint64) uint64 {
	// The pits from the last back: pits 11 to 4 in the bytes of w, 3 to
	// 0 in those of r>>32. Byte k of s is then the seeds of pits 11-k to
	// 11, and byte k of u those of pits 3-k to 11. No sum exceeds 48, so
	// no byte carries into the next.
	r := bits.ReverseBytes64(lo)
	w := uint64(bits.ReverseBytes32(uint32(hi))) | r<<32
	s := w * ones
	u := (r>>32 + s>>56) * (ones & 0xffff_ffff)
	// The flags of pit j count those of pits j-1, j and j+1 that follow
	// an empty opponent's pit, the first of which is f: pit j has
	// min(j-f+1, 3) when j >= f, in bits 6 and 7 of byte 11-j of s. For
	// f = 6 those are 192, 192, 192, 192, 128 and 64 in bytes 0 to 5,
	// and for f = 6+i the same shifted right by 8i. The lowest flag of
	// empty, bit 8i+7, is the first empty pit, 6+i (emptyPits flags no
	// pit before an empty one, and its bytes 6 and 7 are 0, so that the
	// bit 63 set here, which lets the count skip its test of 0, is never
	// the lowest): so the flags are the bytes for f = 6 shifted left by 7
	// and right by 8i+7.
	s += 0x4080_c0c0_c0c0 << 7 >> bits.TrailingZeros64(empty|1<<63)
	var b [16]byte
	binary.LittleEndian.PutUint64(b[0:], s)
	binary.LittleEndian.PutUint64(b[8:], u)
	idx := t[0][binary.LittleEndian.Uint16(b[0:])]
	idx += t[1][binary.LittleEndian.Uint16(b[2:])]
	idx += t[2][binary.LittleEndian.Uint16(b[4:])]
	idx += t[3][binary.LittleEndian.Uint16(b[6:])]
	idx += t[4][binary.LittleEndian.Uint16(b[8:])]
	idx += t[5][binary.LittleEndian.Uint16(b[10:])]
	return idx
}
