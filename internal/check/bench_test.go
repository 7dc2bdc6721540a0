package check

import (
	"encoding/json"
	"testing"

	"github.com/seed3966233f/oware/internal/oracle"
)

// BenchmarkCompare measures the checker's side of a case: the library's
// answer and the comparison of the subject's line, here the library's own
// answer, per ply.
func BenchmarkCompare(b *testing.B) {
	r, err := LookupRules(DefaultRules)
	if err != nil {
		b.Fatal(err)
	}
	g := NewGenerator(r, 1)
	var cases []Case
	var lines [][]byte
	plies := 0
	for range 90 {
		c := g.Next()
		line, _ := json.Marshal(oracle.Answer(c.Request(1)))
		cases, lines = append(cases, c), append(lines, line)
		plies += len(c.Moves)
	}
	b.ResetTimer()
	for i := range b.N {
		c := cases[i%len(cases)]
		if err := compare(c, 1, r.Answer(c.Request(1)), lines[i%len(cases)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(plies)/float64(len(cases))/b.Elapsed().Seconds(), "plies/s")
}
