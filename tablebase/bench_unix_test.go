//go:build unix

package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/seed3966233f/oware"
)

// BenchmarkLevel solves one level from the lower levels in the directory
// OWARE_TABLEBASE_DIR: OWARE_BENCH_LEVEL (16 by default) under
// OWARE_BENCH_RULES (awari by default), with OWARE_BENCH_WORKERS workers
// (every CPU by default), writing nothing. It reports the positions per
// CPU-second of the process (getrusage) and the peak of the process's
// resident memory. Skipped without the directory.
func BenchmarkLevel(b *testing.B) {
	dir := os.Getenv("OWARE_TABLEBASE_DIR")
	if dir == "" {
		b.Skip("OWARE_TABLEBASE_DIR not set")
	}
	n := envInt(b, "OWARE_BENCH_LEVEL", 16)
	workers := envInt(b, "OWARE_BENCH_WORKERS", 0)
	name := os.Getenv("OWARE_BENCH_RULES")
	if name == "" {
		name = "awari"
	}
	r, err := oware.ParseRules(name)
	if err != nil {
		b.Fatal(err)
	}
	var lower []*level
	for m := range n {
		l, err := readLevel(filepath.Join(dir, fileName(name, m)), true)
		if err != nil {
			b.Fatal(err)
		}
		lower = append(lower, l)
	}
	if workers == 0 {
		workers = 2
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for range b.N {
		s, err := newSolver(r, n, 0, Entries(n), lower, workers, func(string, uint64) {})
		if err != nil {
			b.Fatal(err)
		}
		t0 := cpuTime()
		if err := s.parallel(context.Background(), "children", initChunk, s.examine); err != nil {
			b.Fatal(err)
		}
		t1 := cpuTime()
		if err := s.propagate(context.Background()); err != nil {
			b.Fatal(err)
		}
		t2 := cpuTime()
		b.ReportMetric(float64(Entries(n))/(t1-t0).Seconds()/1e6, "Mpos/cpu-s-children")
		b.ReportMetric(float64(Entries(n))/(t2-t1).Seconds()/1e6, "Mpos/cpu-s-values")
		s.free()
	}
	cpu := (cpuTime() - cpu0).Seconds()
	b.ReportMetric(float64(Entries(n))*float64(b.N)/cpu/1e6, "Mpos/cpu-s")
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	b.ReportMetric(float64(ru.Maxrss)/1024, "peak-MB")
}

// reportCPU reports the CPU time of the process per operation since
// cpu, which on a busy machine tells more than the wall-clock time.
func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// cpuTime returns the CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func envInt(b *testing.B, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		b.Fatal(name, err)
	}
	return v
}
