package check

import (
	"encoding/json"
	"testing"
)

// benchCompare measures the checker's side of a case: the library's
// answer and the comparison of the subject's line, per ply. The lines are
// the library's own answers, as the library's oracle gives them (asis),
// or with their members in another order, as another program may write
// them, which the checker reads field by field.
func benchCompare(b *testing.B, asis bool) {
	r, err := LookupRules(DefaultRules)
	if err != nil {
		b.Fatal(err)
	}
	g := NewGenerator(r, 1)
	var cases []Case
	var lines [][]byte
	plies := 0
	for range 2 * int(numKinds) {
		c := g.Next()
		line, _ := json.Marshal(r.Answer(c.Request(1)))
		if !asis {
			var v any
			_ = json.Unmarshal(line, &v)
			line, _ = json.Marshal(v) // members sorted by name
		}
		cases, lines = append(cases, c), append(lines, line)
		plies += c.Plies()
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

func BenchmarkCompareOwnAnswer(b *testing.B)    { benchCompare(b, true) }
func BenchmarkCompareFieldByField(b *testing.B) { benchCompare(b, false) }
