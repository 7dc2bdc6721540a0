package oware

import "encoding/binary"

// Sowing (R3, R4).
//
// Seeds from pit p go into p+1, p+2, … (11 wraps to 0), skipping p itself on
// every lap. With n seeds each of the 11 other pits receives n/11 seeds, and
// the first n%11 of them one more. Since no pit can hold more than 48 seeds,
// the whole sowing is one addition per word of the board: sowPlan holds, for
// every pit of origin and every seed count, the seeds each pit receives,
// packed one byte per pit like a Key, and the pit of the last seed.

// sowing is the effect of sowing one pit: the seeds added to pits 0–7 (lo)
// and to pits 8–11 (hi, in its low four bytes), and the pit of the last seed.
type sowing struct {
	lo, hi uint64
	last   int
}

// sowPlan[p][n] is the sowing of n seeds from pit p.
var sowPlan = makeSowPlan()

func makeSowPlan() *[pitCount][totalSeeds + 1]sowing {
	var plan [pitCount][totalSeeds + 1]sowing
	for p := 0; p < pitCount; p++ {
		for n := 1; n <= totalSeeds; n++ {
			var add [16]byte
			pit := p
			for seed := 0; seed < n; seed++ {
				pit = nextSownPit(pit, p)
				add[pit]++
			}
			plan[p][n] = sowing{
				lo:   binary.LittleEndian.Uint64(add[0:8]),
				hi:   binary.LittleEndian.Uint64(add[8:16]),
				last: pit,
			}
		}
	}
	return &plan
}

// sow empties pit and sows its seeds (R3, R4). It returns the new key and
// the pit of the last seed. The pit must hold at least one seed. The side to
// move is not changed.
func (k Key) sow(pit int) (Key, int) {
	s := &sowPlan[pit][k.b[pit]]
	k.b[pit] = 0
	lo, hi := k.words()
	return keyOf(lo+s.lo, hi+s.hi), s.last
}

// sownPits returns the pits that receive the seeds of pit, one entry per
// seed in sowing order, for a key whose pit holds at least one seed.
func (k Key) sownPits(pit int) []int {
	n := int(k.b[pit])
	pits := make([]int, n)
	for i, at := 0, pit; i < n; i++ {
		at = nextSownPit(at, pit)
		pits[i] = at
	}
	return pits
}

// nextSownPit returns the pit that receives the seed after the one dropped
// in pit at, when sowing from origin: the next pit counter-clockwise (R3),
// passing over the pit of origin (R4).
func nextSownPit(at, origin int) int {
	at = (at + 1) % pitCount
	if at == origin {
		at = (at + 1) % pitCount
	}
	return at
}

// reaches reports whether sowing pit puts at least one seed on the side of
// the player who does not own it, the test of feeding (R7).
func (k Key) reaches(pit int) bool {
	// The opponent's side starts at the next multiple of 6, wrapping.
	distance := 6 - pit%6
	return int(k.b[pit]) >= distance
}
