package tablebase

import "testing"

func TestIndexOrder(t *testing.T) {
	for n := 0; n <= 9; n++ {
		var p pits
		p[11] = uint8(n)
		if !p.valid() {
			p.nextValid()
		}
		var i uint64
		for {
			if got := p.rank(n); got != i {
				t.Fatalf("n=%d %v: rank %d, want %d", n, p, got, i)
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
