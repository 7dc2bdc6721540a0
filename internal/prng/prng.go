// Package prng is a small seeded pseudo-random generator (SplitMix64) whose
// sequence is fixed by this code alone, so that random games written to
// files (the conformance vectors) and random opponents can be reproduced
// exactly by any later build.
package prng

import "math/bits"

// Source is a SplitMix64 generator. The zero Source is valid: it is the
// generator seeded with 0.
type Source struct {
	state uint64
}

// New returns a generator seeded with seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Uint64 returns the next 64 random bits.
func (s *Source) Uint64() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// IntN returns a number in [0, n), or 0 when n <= 0. It takes the high
// bits of a 64-bit multiply, whose bias is below 2^-58 for the small n used
// here and whose result depends only on the sequence of Uint64.
func (s *Source) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	hi, _ := bits.Mul64(s.Uint64(), uint64(n))
	return int(hi)
}
