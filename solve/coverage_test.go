package solve

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/tablebase"
)

// gamePositions returns, for every game of the records in
// ../testdata/matches replayed under r, the position (with its history)
// at the first ply where at most n seeds are on the board, unless the
// game is over there or ended before under r.
func gamePositions(t *testing.T, r oware.Rules, n int) []oware.Position {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "matches", "*.ogn"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []oware.Position
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		rd := ogn.NewReader(f)
		for {
			g, err := rd.Read()
			if err != nil {
				break
			}
			p := r.Position(g.StartPosition().Board())
			for _, ply := range g.Moves {
				if p, err = p.Play(ply.Move); err != nil || p.Outcome().Over() {
					break
				}
				if seedsOf(p) <= n {
					out = append(out, p)
					break
				}
			}
		}
		require.NoError(t, f.Close())
	}
	return out
}

// TestCoverage measures, when OWARE_SOLVE_COVERAGE lists seed counts
// (such as "8,12"), the share of the positions of the recorded games
// (gamePositions) whose value with history the solver proves exactly
// within 10⁴, 10⁵ and 10⁶ nodes (which do not depend on the machine) and
// within 10 ms, 100 ms, 1 s (and 10 s when OWARE_SOLVE_COVERAGE_WALL is
// 10s) of wall time (the value alone, from an empty transposition table,
// the line of play not included), under abapa and aalina (or the rules
// OWARE_SOLVE_COVERAGE_RULES lists), with cycle-bound tables of as many
// seeds (built first, not timed; with OWARE_SOLVE_COVERAGE_TABLES=DIR, the
// tables that Build wrote in DIR, such as exact ones of a few seeds,
// completed there to n seeds by cycle bounds; with
// OWARE_SOLVE_COVERAGE_TABLES=plain, none but package tablebase's of n
// seeds, as the engine had before it cached cycle bounds), and the nodes it
// searched; a sample of the values is solved again with its line, which
// is checked by playing it. Each position has at most 10⁶ nodes (OWARE_SOLVE_COVERAGE_NODES sets
// another most, 10⁴ and the powers of ten below it the columns) and the
// longest wall time; with OWARE_SOLVE_COVERAGE_ISOLATE=1, no proof is
// shared between histories (see keep). The figures are in docs/solve.md. Wall times
// depend on the machine and its load, nodes do not.
func TestCoverage(t *testing.T) {
	env := os.Getenv("OWARE_SOLVE_COVERAGE")
	if env == "" {
		t.Skip("OWARE_SOLVE_COVERAGE=8,12 measures the share of game positions solved in time (minutes)")
	}
	limits := []time.Duration{10 * time.Millisecond, 100 * time.Millisecond, time.Second}
	if w := os.Getenv("OWARE_SOLVE_COVERAGE_WALL"); w != "" {
		d, err := time.ParseDuration(w)
		require.NoError(t, err)
		limits = append(limits, d)
	}
	most := uint64(1_000_000)
	if s := os.Getenv("OWARE_SOLVE_COVERAGE_NODES"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
		most = max(n, 10_000)
	}
	var budgets []uint64
	for b := uint64(10_000); b < most; b *= 10 {
		budgets = append(budgets, b)
	}
	budgets = append(budgets, most)
	names := []string{"abapa", "aalina"}
	if s := os.Getenv("OWARE_SOLVE_COVERAGE_RULES"); s != "" {
		names = strings.Split(s, ",")
	}
	for _, name := range names {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		for _, field := range strings.Split(env, ",") {
			n, err := strconv.Atoi(field)
			require.NoError(t, err)
			start := time.Now()
			var tabs *Tables
			var plain *tablebase.Tables
			switch dir := os.Getenv("OWARE_SOLVE_COVERAGE_TABLES"); dir {
			case "":
				tabs, err = Compute(context.Background(), r, n, BuildOptions{BoardNodes: 1})
			case "plain":
				plain, err = tablebase.Compute(context.Background(), r, n, tablebase.BuildOptions{})
			default:
				require.NoError(t, Build(context.Background(), dir, r, n, BuildOptions{BoardNodes: 1}))
				tabs, err = Open(dir, r)
			}
			require.NoError(t, err)
			build := time.Since(start)
			ps := gamePositions(t, r, n)
			open := map[openKind]int{} // the positions not solved, by kind
			within := make([]int, len(limits))
			inNodes := make([]int, len(budgets))
			var nodes, decided uint64
			sv, err := New(r, Options{Tables: tabs, Plain: plain, TableSize: 16 << 20})
			require.NoError(t, err)
			if os.Getenv("OWARE_SOLVE_COVERAGE_ISOLATE") != "" {
				sv.mutate = func(s *searcher) { s.isolate = true }
			}
			for _, p := range ps {
				ctx, cancel := context.WithTimeout(context.Background(), limits[len(limits)-1])
				s, root, err := sv.start(ctx, p, Limits{Nodes: budgets[len(budgets)-1]})
				require.NoError(t, err)
				s.clear() // each position alone
				plo, phi := s.prior(&root)
				begin := time.Now()
				lo, hi := s.solve(&root)
				took := time.Since(begin)
				nodes += s.nodes
				searched := s.nodes
				sv.done(s)
				cancel()
				if lo != hi {
					open[openKind{seedsOf(root), root.QuietPlies() == 0, phi - plo, hi - lo}]++
					continue
				}
				decided++
				for i, l := range limits {
					if took <= l {
						within[i]++
					}
				}
				for i, b := range budgets {
					if searched <= b {
						inNodes[i]++
					}
				}
				if decided%10 == 1 { // a sample of the lines, played through Play
					res, err := sv.Solve(context.Background(), p, Limits{Nodes: 1 << 20})
					require.NoError(t, err)
					if res.Value.Exact() {
						require.Equal(t, Value{int8(lo), int8(lo)}, res.Value, "%v", p)
					} else {
						require.True(t, res.Value.Lo() <= lo && lo <= res.Value.Hi(), "%v: %d, then %v", p, lo, res.Value)
					}
					if res.LineComplete {
						checkLine(t, p, res)
					}
				}
			}
			pc := func(k int) string { return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(max(len(ps), 1))) }
			line := fmt.Sprintf("%s n<=%d: %d positions (tables %s built in %v)", name, n, len(ps), cmp.Or(os.Getenv("OWARE_SOLVE_COVERAGE_TABLES"), "of cycle bounds"), build.Round(time.Millisecond))
			for i, b := range budgets {
				line += fmt.Sprintf(", %d nodes %s", b, pc(inNodes[i]))
			}
			for i, l := range limits {
				line += fmt.Sprintf(", %v %s", l, pc(within[i]))
			}
			line += fmt.Sprintf(", exact %d, nodes per position %d", decided, nodes/uint64(max(len(ps), 1)))
			t.Log(line)
			logOpen(t, name, n, open)
		}
	}
}

// openKind is a kind of position that the solver did not solve: its
// seeds, whether it is right after a capture (no history), and the width
// of its bounds before the search and after it.
type openKind struct {
	seeds         int
	fresh         bool
	before, after int
}

// logOpen logs how many positions of each kind the solver did not solve.
func logOpen(t *testing.T, name string, n int, open map[openKind]int) {
	kinds := slices.SortedFunc(maps.Keys(open), func(a, b openKind) int {
		return cmp.Or(cmp.Compare(a.seeds, b.seeds), cmp.Compare(a.before, b.before), cmp.Compare(a.after, b.after), cmp.Compare(fmt.Sprint(a.fresh), fmt.Sprint(b.fresh)))
	})
	for _, k := range kinds {
		history := "with a history"
		if k.fresh {
			history = "right after a capture"
		}
		t.Logf("%s n<=%d not solved: %d of %d seeds, %s, bounds %d wide before the search, %d after", name, n, open[k], k.seeds, history, k.before, k.after)
	}
}
