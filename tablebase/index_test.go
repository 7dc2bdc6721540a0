package tablebase

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/seed3966233f/oware"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestIndexOrder(t *testing.T) {
	for n := 0; n <= 9; n++ {
		var p pits
		p[11] = uint8(n)
		if !p.valid() {
			p.nextValid()
		}
		var i uint64
		ranks := theWordRanks()
		for {
			if got := p.rank(n); got != i {
				t.Fatalf("n=%d %v: rank %d, want %d", n, p, got, i)
			}
			if got := ranks.rankWords(p.words()); got != i {
				t.Fatalf("n=%d %v: wordRanks.rankWords %d, want %d", n, p, got, i)
			}
			if q := unrank(n, i); q != p {
				t.Fatalf("n=%d: unrank(%d) = %v, want %v", n, i, q, p)
			}
			i++
			if !p.nextValid() {
				break
			}
		}
		if i != Entries(n) {
			t.Fatalf("n=%d: %d boards, Entries %d", n, i, Entries(n))
		}
	}
}

// TestIndexRoundTripDeep checks rank and unrank against each other at
// indexes drawn across levels too large to walk, up to every seed on
// the board: each index's board is valid, holds the level's seeds, and
// ranks back to the index. Levels 31 and 32 are on either side of 2³²:
// every index of level 31 fits in 32 bits, and some of level 32's do
// not (Entries(31) < 2³² < Entries(32)).
func TestIndexRoundTripDeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{14, 20, 24, 28, 31, 32, 36, 48} {
		ranks := theWordRanks()
		for k := range 2000 {
			i := rng.Uint64N(Entries(n))
			switch k {
			case 0:
				i = 0
			case 1:
				i = Entries(n) - 1
			}
			p := unrank(n, i)
			sum := 0
			for _, c := range p {
				sum += int(c)
			}
			if sum != n || !p.valid() {
				t.Fatalf("n=%d: unrank(%d) = %v: %d seeds, valid %v", n, i, p, sum, p.valid())
			}
			if got := p.rank(n); got != i {
				t.Fatalf("n=%d: rank(unrank(%d)) = %d", n, i, got)
			}
			if got := ranks.rankWords(p.words()); got != i {
				t.Fatalf("n=%d: wordRanks.rankWords(unrank(%d)) = %d", n, i, got)
			}
		}
	}
}

// TestNextValidDeep checks the step to the next board against unrank at
// indexes drawn across the levels too large for TestIndexOrder to walk:
// from the board of index i, nextValid reaches that of i+1, and after the
// last board of a level it reports false and leaves the board as it was.
func TestNextValidDeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 10; n <= oware.NumSeeds; n++ {
		last := Entries(n) - 1
		for k := range 500 {
			i := rng.Uint64N(last)
			if k == 0 {
				i = 0
			}
			p := unrank(n, i)
			if !p.nextValid() {
				t.Fatalf("n=%d: no board after index %d of %d", n, i, last+1)
			}
			if want := unrank(n, i+1); p != want {
				t.Fatalf("n=%d: after unrank(%d), nextValid gives %v, want %v", n, i, p, want)
			}
		}
		p := unrank(n, last)
		if p.nextValid() || p != unrank(n, last) {
			t.Fatalf("n=%d: nextValid after the last board: %v", n, p)
		}
	}
}

// TestNorthWords checks turnWords(southWords(b)) (b's pits relative to
// North), moverWords and wordsPits against the board's own pits,
// emptyPits against pits.valid and against the empty pits,
// seedsOf against the seed count, and wordRanks.rankWords against
// pits.rank, on random boards of every seed count, valid or not (a side
// with no empty pit).
func TestNorthWords(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var c [oware.NumPits]uint8
		n := rapid.IntRange(0, oware.NumSeeds).Draw(rt, "seeds")
		for range n {
			c[rapid.IntRange(0, oware.NumPits-1).Draw(rt, "pit")]++
		}
		south := uint8(rapid.IntRange(0, oware.NumSeeds-n).Draw(rt, "south"))
		b := oware.PackBoard(c, [2]uint8{south, uint8(oware.NumSeeds-n) - south}, oware.Player(rapid.IntRange(0, 1).Draw(rt, "mover")))
		require.True(t, b.Valid())
		lo, hi := turnWords(southWords(b))
		p := wordsPits(lo, hi)
		require.Zero(t, hi>>32)
		mlo, mhi := moverWords(b)
		mover := wordsPits(mlo, mhi)
		for i, seeds := range b.PitCounts() { // North's pits first
			j := (i + 6) % 12
			require.Equal(t, seeds, p[j], "wordsPits, pit %d", i)
			w := lo
			if j >= 8 {
				w = hi
			}
			require.Equal(t, seeds, uint8(w>>(8*(j%8))), "turnWords(southWords), pit %d", i)
			k := i // the pit relative to the mover
			if b.ToMove() == oware.North {
				k = j
			}
			require.Equal(t, seeds, mover[k], "moverWords, pit %d", i)
		}
		require.Equal(t, n, seedsOf(lo, hi), "seedsOf")
		require.Equal(t, n, seedsOf(mlo, mhi), "seedsOf(moverWords)")
		empty := emptyPits(lo, hi)
		require.Equal(t, p.valid(), empty != 0, "emptyPits: valid")
		require.Zero(t, empty&^(ones<<7), "emptyPits: top bits only")
		require.Zero(t, empty>>48, "emptyPits: bytes 6 and 7")
		first := slices.Index(p[6:], 0) // the first empty pit is flagged, and none before it
		for k := range 6 {
			if k == first {
				require.NotZero(t, empty>>(8*k+7)&1, "emptyPits: pit %d empty", 6+k)
			} else if first < 0 || k < first {
				require.Zero(t, empty>>(8*k+7)&1, "emptyPits: pit %d", 6+k)
			}
		}
		if p.valid() {
			require.Equal(t, p.rank(n), theWordRanks().rankWords(lo, hi))
		}
	})
}

// rank returns the index of p, a valid board of n seeds, in its level,
// by the combinatorial number system pit by pit (one entry of before
// each but the last): the reference that TestIndexOrder checks against
// the order of the boards, and the others wordRanks against.
func (p *pits) rank(n int) uint64 {
	idx, r, z := uint64(0), n, 0
	for i := range 11 {
		idx += before[i][z][r<<6|int(p[i])]
		r -= int(p[i])
		if i >= 6 && p[i] == 0 {
			z = 1
		}
	}
	return idx
}

// rankWords returns the index, in its level, of the valid board whose
// pits are lo and hi (see wordRanks.rankEmpty).
func (t *wordRanks) rankWords(lo, hi uint64) uint64 { return t.rankEmpty(lo, hi, emptyPits(lo, hi)) }

// words returns the pits of p as the two little-endian words that
// wordRanks.rankEmpty takes, pits 0–7 in lo and 8–11 in hi.
func (p *pits) words() (lo, hi uint64) {
	for i := 7; i >= 0; i-- {
		lo = lo<<8 | uint64(p[i])
	}
	for i := 11; i >= 8; i-- {
		hi = hi<<8 | uint64(p[i])
	}
	return lo, hi
}
