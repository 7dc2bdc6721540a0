package solve

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestBuildLevels measures, when OWARE_SOLVE_BUILD names rules and a
// seed count (such as "abapa:8,aalina:7"), the build of the exact tables
// of boards met for the first time, level by level: the boards whose
// cycle bounds are exact, those a forced return settled, those searched,
// those the search proved, the nodes, the time and the heap. The figures
// are in docs/solve.md; the time depends on the machine and its load, the
// nodes do not.
// OWARE_SOLVE_BUILD_NODES sets the budget of a board (default
// DefaultBoardNodes) and OWARE_SOLVE_BUILD_WORKERS the goroutines.
func TestBuildLevels(t *testing.T) {
	env := os.Getenv("OWARE_SOLVE_BUILD")
	if env == "" {
		t.Skip("OWARE_SOLVE_BUILD=abapa:8 measures the build of the exact tables (minutes to hours)")
	}
	var opt BuildOptions
	if s := os.Getenv("OWARE_SOLVE_BUILD_NODES"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
		opt.BoardNodes = n
	}
	if s := os.Getenv("OWARE_SOLVE_BUILD_WORKERS"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err)
		opt.Workers = n
	}
	for _, field := range strings.Split(env, ",") {
		name, seeds, ok := strings.Cut(field, ":")
		require.True(t, ok, "want rules:seeds, got %q", field)
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		n, err := strconv.Atoi(seeds)
		require.NoError(t, err)
		var last time.Time
		opt.Progress = func(p Progress) {
			if p.Phase == "done" || time.Since(last) > time.Minute {
				last = time.Now()
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				t.Logf("%s %d seeds: %s %d/%d boards, returns %d, searched %d, solved %d, nodes %d, %v, heap %d MB",
					name, p.Seeds, p.Phase, p.Done, p.Total, p.Returned, p.Searched, p.Solved, p.Nodes, p.Elapsed.Round(time.Millisecond), m.HeapAlloc>>20)
			}
		}
		var searched, solved, nodes uint64
		opt.Progress = logSearch(opt.Progress, &searched, &solved, &nodes)
		start := time.Now()
		tabs, err := Compute(context.Background(), r, n, opt)
		require.NoError(t, err)
		for _, st := range tabs.Stats() {
			t.Logf("%s %v", name, st)
		}
		t.Logf("%s 0-%d: %v, searched %d boards, solved %d, %d nodes", name, n, time.Since(start).Round(time.Millisecond), searched, solved, nodes)
	}
}

// logSearch returns f, which also adds up in the counters the boards
// searched and solved and the nodes of each level's last report.
func logSearch(f func(Progress), searched, solved, nodes *uint64) func(Progress) {
	var level Progress
	return func(p Progress) {
		if p.Phase == "search" {
			level = p
		}
		if p.Phase == "done" {
			*searched += level.Searched
			*solved += level.Solved
			*nodes += level.Nodes
			level = Progress{}
		}
		f(p)
	}
}
