package ogn_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// benchRecords returns an OGN file of random games from the opening, the
// same on every run, as `oware replay` checks them in bulk: about 600 bytes
// and 107 plies a game.
func benchRecords(b *testing.B, games int) []byte {
	b.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	var buf bytes.Buffer
	w := ogn.NewWriter(&buf)
	for i := range games {
		g := ogn.Game{Tags: []ogn.Tag{{Name: "Event", Value: "Bench"}, {Name: "Round", Value: string(rune('0' + i%10))},
			{Name: "South", Value: "Random A"}, {Name: "North", Value: "Random B"}}}
		for p := oware.Start(); !p.Outcome().Over(); {
			ms := p.LegalMoves()
			m := ms[r.IntN(len(ms))]
			g.Moves = append(g.Moves, ogn.Ply{Move: m})
			p, _ = p.Play(m)
		}
		if err := w.Write(g); err != nil {
			b.Fatal(err)
		}
	}
	return buf.Bytes()
}

// BenchmarkReadReplay checks a file of 2,000 games as `oware replay` does:
// each game read from the stream and replayed under the rules as it is
// read. It reports games (records) and plies per second, and MB/s.
func BenchmarkReadReplay(b *testing.B) {
	const games = 2000
	data := benchRecords(b, games)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		rd := ogn.NewReader(bytes.NewReader(data))
		plies = 0
		for {
			_, effects, err := rd.ReadReplay()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			plies += len(effects)
		}
	}
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(games/secs, "records/s")
	b.ReportMetric(float64(plies)/secs, "plies/s")
}

// BenchmarkRead reads the same file without replaying it: the form only.
func BenchmarkRead(b *testing.B) {
	const games = 2000
	data := benchRecords(b, games)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		rd := ogn.NewReader(bytes.NewReader(data))
		for {
			_, err := rd.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(games/(b.Elapsed().Seconds()/float64(b.N)), "records/s")
}

// BenchmarkWrite writes the games of the file again.
func BenchmarkWrite(b *testing.B) {
	data := benchRecords(b, 2000)
	games, err := ogn.Parse(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		w := ogn.NewWriter(io.Discard)
		for _, g := range games {
			if err := w.Write(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(games))/(b.Elapsed().Seconds()/float64(b.N)), "records/s")
}
