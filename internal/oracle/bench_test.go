package oracle

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/seed3966233f/oware"
)

// benchRequests returns n request lines, each a whole random game from the
// opening under abapa (seeded), and the plies they hold.
func benchRequests(n int) ([]byte, int) {
	rng := rand.New(rand.NewPCG(5, 6))
	var buf bytes.Buffer
	plies := 0
	for i := range n {
		var moves []string
		for p := oware.Start(); p.Moves() != 0; {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
			moves = append(moves, strconv.Quote(m.String()))
		}
		plies += len(moves)
		buf.WriteString(`{"id":` + strconv.Itoa(i) + `,"moves":[` + strings.Join(moves, ",") + "]}\n")
	}
	return buf.Bytes(), plies
}

// BenchmarkServe measures the oracle's throughput: request lines of whole
// random games read, answered and written, per ply.
func BenchmarkServe(b *testing.B) {
	input, plies := benchRequests(64)
	b.ReportAllocs()
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		if err := Serve(bytes.NewReader(input), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*float64(plies)), "ns/ply")
}
