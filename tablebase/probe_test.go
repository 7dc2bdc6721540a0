package tablebase

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/seed3966233f/oware"
)

// benchTables returns the tables of awari up to seeds, from the
// directory OWARE_TABLEBASE_DIR when it holds them, else built by the
// benchmark (a minute or two for 20 seeds) into a directory of the
// system's temporary directory that the next run finds again.
func benchTables(b *testing.B, seeds int) *Tables { return benchTablesWith(b, seeds, OpenOptions{}) }

// benchTablesWith is benchTables, the tables opened with opts.
func benchTablesWith(b *testing.B, seeds int, opts OpenOptions) *Tables {
	b.Helper()
	r, _ := oware.ParseRules("awari")
	if dir := os.Getenv("OWARE_TABLEBASE_DIR"); dir != "" {
		if tb, err := OpenWith(dir, opts); err == nil && tb.MaxSeeds(r) >= seeds {
			return tb
		}
	}
	dir := filepath.Join(os.TempDir(), "oware-tablebase-bench")
	if err := Build(context.Background(), dir, r, seeds, BuildOptions{}); err != nil {
		b.Fatal(err)
	}
	tb, err := OpenWith(dir, opts)
	if err != nil {
		b.Fatal(err)
	}
	return tb
}

// randomBoards is how many boards the probe benchmarks cycle through, and
// randomReads how many addresses the latency benchmarks do: enough that
// their reads cover most of the 80 MB of the 20-seed level (about 55% and
// 96% of its cache lines) rather than 4 MB of it, which a large
// last-level cache kept when they were 65,536 (docs/tables.md,
// "Measured: probes").
const (
	randomBoards = 1 << 20
	randomReads  = 1 << 22
)

// boardsAtRandom and fullBoardsAtRandom are the boards of 20 seeds the
// probe benchmarks cycle through (see randomPositions), made once: a
// benchmark function runs several times while its b.N grows, and making
// 2²⁰ positions each time cost more than the probes it measured.
var (
	boardsAtRandom     = sync.OnceValue(func() []oware.Position { return randomPositions(awariRules(), 20, randomBoards, false) })
	fullBoardsAtRandom = sync.OnceValue(func() []oware.Position { return randomPositions(awariRules(), 20, randomBoards>>2, true) })
)

// awariRules returns the preset awari.
func awariRules() oware.Rules {
	r, _ := oware.ParseRules("awari")
	return r
}

// randomPositions returns count positions of n seeds under r, drawn
// uniformly from the level's boards, either player to move; with full
// set, boards on which the side that just moved has no empty pit, which
// are probed through their children.
func randomPositions(r oware.Rules, n, count int, full bool) []oware.Position {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []oware.Position
	for len(ps) < count {
		p := unrank(n, rng.Uint64N(Entries(n)))
		if full { // a seed of the mover's side into each empty pit of the other
			for i := 6; i < 12; i++ {
				for j := rng.IntN(6); p[i] == 0 && p[0]+p[1]+p[2]+p[3]+p[4]+p[5] > 0; j = (j + 1) % 6 {
					if p[j] > 0 {
						p[j]--
						p[i]++
					}
				}
			}
			if p.valid() {
				continue // the mover's side had too few seeds
			}
		}
		b := boardOf(&p, n)
		if rng.IntN(2) == 1 {
			b = b.Mirror()
		}
		ps = append(ps, r.Position(b))
	}
	return ps
}

// BenchmarkProbeBoards probes boards drawn at random from the 20-seed
// level of awari, a real one (see benchTables), mapped from its file:
// each probe reads the entry of a board far from the last one's.
func BenchmarkProbeBoards(b *testing.B) { probeBoards(b, OpenOptions{}) }

// BenchmarkProbeBoardsHugePages is BenchmarkProbeBoards on the tables
// read onto huge pages (OpenOptions.HugePages).
func BenchmarkProbeBoardsHugePages(b *testing.B) { probeBoards(b, OpenOptions{HugePages: true}) }

// probeBoards probes boards drawn at random from the 20-seed level of
// awari, the tables opened with opts.
func probeBoards(b *testing.B, opts OpenOptions) {
	tb := benchTablesWith(b, 20, opts)
	ps := boardsAtRandom()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := tb.Probe(ps[i&(len(ps)-1)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkProbeMovesBoards probes every move of boards drawn at random
// from the 20-seed level of awari, a real one mapped from its file (see
// benchTables): the children's entries are read together, so that their
// cache misses overlap. It reports the CPU time per move as well.
func BenchmarkProbeMovesBoards(b *testing.B) {
	tb := benchTables(b, 20)
	ps := boardsAtRandom()
	var buf [oware.PitsPerSide]MoveValue
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	moves := 0
	for i := 0; i < b.N; i++ {
		mv, err := tb.ProbeMoves(ps[i&(len(ps)-1)], buf[:0])
		if err != nil {
			b.Fatal(err)
		}
		moves += len(mv)
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(cpuTime()-cpu)/float64(max(moves, 1)), "cpu-ns/move")
}

// BenchmarkProbeThroughChildren probes boards of 20 seeds on which the
// side that just moved has no empty pit: not in the tables, they are
// probed through their children.
func BenchmarkProbeThroughChildren(b *testing.B) {
	tb := benchTables(b, 20)
	ps := fullBoardsAtRandom()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := tb.Probe(ps[i&(len(ps)-1)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkMemoryLatency reads bytes at random from 80 MB, as many as the
// 20-seed level of awari holds, each read's address depending on the
// last: the time of one access to memory, which a probe of a board at
// random cannot beat. Compare BenchmarkProbeBoards with it, measured in
// the same run.
func BenchmarkMemoryLatency(b *testing.B) {
	data, err := allocBytes(uint64(Entries(20)))
	if err != nil {
		b.Fatal(err)
	}
	defer freeBytes(data)
	for i := range data {
		data[i] = byte(i)
	}
	readAtRandom(b, data)
}

// BenchmarkMemoryLatencyMapped is BenchmarkMemoryLatency on the 20-seed
// level of awari as the probes read it, mapped from its file (see
// benchTables): pages of the file rather than huge pages of anonymous
// memory, each read at random costing a walk of the page tables besides
// the access. A probe at random cannot beat it; the difference from
// BenchmarkProbeBoards, measured in the same run, is the probe's own
// work.
func BenchmarkMemoryLatencyMapped(b *testing.B) {
	tb := benchTables(b, 20)
	r, _ := oware.ParseRules("awari")
	data := tb.set(r).levels[20].data
	readAtRandom(b, data)
	// The mapping is the tables': unmapped once they are collected,
	// which the allocations of readAtRandom may bring about before its
	// reads.
	runtime.KeepAlive(tb)
}

// readAtRandom reads b.N bytes of data at random, each read's address
// depending on the last, and reports the CPU time per read.
func readAtRandom(b *testing.B, data []byte) {
	rng := rand.New(rand.NewPCG(1, 2))
	at := make([]uint64, randomReads)
	for i := range at {
		at[i] = rng.Uint64N(uint64(len(data)))
	}
	b.ResetTimer()
	cpu := cpuTime()
	x := byte(0)
	for i := 0; i < b.N; i++ {
		x += data[at[i&(randomReads-1)]^uint64(x&1)]
	}
	reportCPU(b, cpu)
	latencySink = x
}

// latencySink keeps the reads of readAtRandom.
var latencySink byte
