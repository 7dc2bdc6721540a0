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

// wordRanks ranks the boards of every level with few instructions a
// pit: one multiplication sums the pits of a board from the last one
// back, a byte a sum, and the two sums around a pit, the seeds from it
// to the last pit and those after it, are two adjacent bytes that index
// its entry directly, where the combinatorial number system keeps the
// seeds left and combines them with the pit. The seeds from a pit on do
// not depend on the level, as the seeds before it would, so one table
// serves every level: the builder's parents and captures and every probe.
//
// Before's z, whether an opponent's pit before pit i is empty, is bit 6
// of the byte of the seeds from pit i on, which never reach 64: entry
// [i][b|a<<8] is before's entry [i][z][x<<6|(x-y)] where a is x+64·z
// and b is y+64·z', z' that of pit i+1 (z or 1). It takes 5.8 MB of
// address space, so that a pair of bytes indexes it unchecked, of which
// the entries of x ≤ 48 are used (1.5 MB of pages); it is made the first
// time tables are opened or a level is built.
type wordRanks [11][1 << 16]uint64

// theWordRanks returns the one wordRanks, made on its first call.
var theWordRanks = sync.OnceValue(func() *wordRanks {
	t := new(wordRanks)
	for i := range t {
		// z is 0 up to pit 6, the opponent's first, and z' up to pit 5.
		for z := range int(b2u(i >= 7)) + 1 {
			for z1 := z; z1 <= int(b2u(i >= 6)); z1++ {
				for x := 0; x <= maxSeeds; x++ {
					for y := 0; y <= x; y++ {
						t[i][(y+64*z1)|(x+64*z)<<8] = before[i][z][x<<6|(x-y)]
					}
				}
			}
		}
	}
	return t
})

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
	// z of pit 7+k (an opponent's pit from 6 to 6+k is empty) goes to
	// bit 6 of byte 4-k of s. The lowest flag of empty, bit 8j+7, is
	// the first empty pit, 6+j (emptyPits flags no pit before an empty
	// one, and its bytes 6 and 7 are 0, so that the bit 63 set here,
	// which lets the count skip its test of 0, is never the lowest): z
	// holds for pits 7+j to 11, bytes 0 to 4-j of s, 64 each in
	// 0x40_4040_4040 shifted right by 8j, which is 0x2020_2020_2000
	// (that constant shifted left by 7) shifted right by 8j+7.
	s += 0x2020_2020_2000 >> bits.TrailingZeros64(empty|1<<63)
	var b [16]byte
	binary.LittleEndian.PutUint64(b[0:], s)
	binary.LittleEndian.PutUint64(b[8:], u)
	idx := t[0][binary.LittleEndian.Uint16(b[10:])]
	idx += t[1][binary.LittleEndian.Uint16(b[9:])]
	idx += t[2][binary.LittleEndian.Uint16(b[8:])]
	idx += t[3][uint16(s>>56|u<<8)]
	idx += t[4][binary.LittleEndian.Uint16(b[6:])]
	idx += t[5][binary.LittleEndian.Uint16(b[5:])]
	idx += t[6][binary.LittleEndian.Uint16(b[4:])]
	idx += t[7][binary.LittleEndian.Uint16(b[3:])]
	idx += t[8][binary.LittleEndian.Uint16(b[2:])]
	idx += t[9][binary.LittleEndian.Uint16(b[1:])]
	idx += t[10][binary.LittleEndian.Uint16(b[0:])]
	return idx
}
