package tablebase

import (
	"encoding/binary"

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

// rank returns the index of p, a valid board of n seeds, in its level.
func (p *pits) rank(n int) uint64 {
	lo, hi := p.words()
	return rankWords(n, lo, hi)
}

// words returns the pits of p as two little-endian words, pits 0–7 in lo
// and 8–11 in hi, as rankWords takes them.
func (p *pits) words() (lo, hi uint64) {
	return binary.LittleEndian.Uint64(p[0:8]), uint64(binary.LittleEndian.Uint32(p[8:12]))
}

// rankWords returns the index of the valid board of n seeds whose pits
// 0–7 are the bytes of lo and 8–11 those of hi, little-endian, in its
// level: one entry of before per pit but the last, which takes what is
// left, written out pit by pit (this is the probe's inner loop).
func rankWords(n int, lo, hi uint64) uint64 {
	t := before
	r := uint(n)
	p0, p1, p2, p3 := uint(lo&0xff), uint(lo>>8&0xff), uint(lo>>16&0xff), uint(lo>>24&0xff)
	p4, p5, p6, p7 := uint(lo>>32&0xff), uint(lo>>40&0xff), uint(lo>>48&0xff), uint(lo>>56)
	p8, p9, p10 := uint(hi&0xff), uint(hi>>8&0xff), uint(hi>>16&0xff)
	idx := t[0][0][(r<<6|p0)&4095]
	r -= p0
	idx += t[1][0][(r<<6|p1)&4095]
	r -= p1
	idx += t[2][0][(r<<6|p2)&4095]
	r -= p2
	idx += t[3][0][(r<<6|p3)&4095]
	r -= p3
	idx += t[4][0][(r<<6|p4)&4095]
	r -= p4
	idx += t[5][0][(r<<6|p5)&4095]
	r -= p5
	// The opponent's pits: z tells whether one before is empty.
	idx += t[6][0][(r<<6|p6)&4095]
	r -= p6
	z := b2u(p6 == 0)
	idx += t[7][z][(r<<6|p7)&4095]
	r -= p7
	z |= b2u(p7 == 0)
	idx += t[8][z][(r<<6|p8)&4095]
	r -= p8
	z |= b2u(p8 == 0)
	idx += t[9][z][(r<<6|p9)&4095]
	r -= p9
	z |= b2u(p9 == 0)
	idx += t[10][z][(r<<6|p10)&4095]
	return idx
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

// prefixRanks ranks the boards of one level, n seeds, as pits.rank does,
// with fewer instructions a pit: one multiplication sums the pits of a
// board into prefix sums, one a byte, and the two sums around a pit, the
// seeds before it and the seeds up to it, are two adjacent bytes that
// index its entry directly, where rank keeps what is left and combines
// it with the pit. Entry [i][z][a|b<<8] is before's entry for pit i when
// the pits before it hold a seeds and those up to it b, z as in before.
// It takes 2.9 MB, of which the entries with a ≤ b ≤ n are used.
type prefixRanks [11][2][1 << 14]uint64

// newPrefixRanks returns the prefixRanks of the level of n seeds, 0–48.
func newPrefixRanks(n int) *prefixRanks {
	t := new(prefixRanks)
	for i := range t {
		for z := range t[i] {
			for a := 0; a <= n; a++ {
				for b := a; b <= n; b++ {
					t[i][z][a|b<<8] = before[i][z][(n-a)<<6|(b-a)]
				}
			}
		}
	}
	return t
}

// rankWords returns the index of the valid board of the level's seeds
// whose pits 0–7 are the bytes of lo and 8–11 those of hi, little-endian.
func (t *prefixRanks) rankWords(lo, hi uint64) uint64 {
	// Byte k of s is the seeds of pits 0 to k; byte k of u those of pits
	// 0 to 8+k. No sum exceeds 48, so no byte carries into the next.
	s := lo * ones
	u := (hi + s>>56) * (ones & 0xffff_ffff)
	const m = 1<<14 - 1
	idx := t[0][0][s<<8&m]
	idx += t[1][0][s&m]
	idx += t[2][0][s>>8&m]
	idx += t[3][0][s>>16&m]
	idx += t[4][0][s>>24&m]
	idx += t[5][0][s>>32&m]
	idx += t[6][0][s>>40&m]
	// The opponent's pits: z tells whether one before is empty.
	z := b2u(lo>>48&0xff == 0)
	idx += t[7][z][s>>48&m]
	z |= b2u(lo>>56 == 0)
	idx += t[8][z][(s>>56|u<<8)&m]
	z |= b2u(hi&0xff == 0)
	idx += t[9][z][u&m]
	z |= b2u(hi>>8&0xff == 0)
	idx += t[10][z][u>>8&m]
	return idx
}
