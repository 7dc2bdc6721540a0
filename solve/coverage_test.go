package solve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
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
// within 10 ms, 100 ms and 1 s of wall time (the value alone, from an
// empty transposition table, the line of play not included), under
// abapa and aalina, with cycle-bound tables of as many seeds (built
// first, not timed), and the nodes it searched; a sample of the values
// is solved again with its line, which is checked by playing it. The figures are in
// docs/solve.md. Wall times depend on the machine and its load.
func TestCoverage(t *testing.T) {
	env := os.Getenv("OWARE_SOLVE_COVERAGE")
	if env == "" {
		t.Skip("OWARE_SOLVE_COVERAGE=8,12 measures the share of game positions solved in time (minutes)")
	}
	limits := []time.Duration{10 * time.Millisecond, 100 * time.Millisecond, time.Second}
	for _, name := range []string{"abapa", "aalina"} {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		for _, field := range strings.Split(env, ",") {
			n, err := strconv.Atoi(field)
			require.NoError(t, err)
			start := time.Now()
			tabs, err := Compute(context.Background(), r, n, BuildOptions{BoardNodes: 1})
			require.NoError(t, err)
			build := time.Since(start)
			ps := gamePositions(t, r, n)
			within := make([]int, len(limits))
			var nodes, decided uint64
			sv, err := New(r, Options{Tables: tabs, TableSize: 16 << 20})
			require.NoError(t, err)
			for _, p := range ps {
				ctx, cancel := context.WithTimeout(context.Background(), limits[len(limits)-1])
				s, root, err := sv.start(ctx, p, Limits{})
				require.NoError(t, err)
				s.tt.clear() // each position alone
				begin := time.Now()
				lo, hi := s.solve(&root)
				took := time.Since(begin)
				nodes += s.nodes
				sv.done(s)
				cancel()
				if lo != hi {
					continue
				}
				decided++
				for i, l := range limits {
					if took <= l {
						within[i]++
					}
				}
				if decided%10 == 1 { // a sample of the lines, played through Play
					res, err := sv.Solve(context.Background(), p, Limits{Nodes: 1 << 20})
					require.NoError(t, err)
					require.Equal(t, Value{int8(lo), int8(lo)}, res.Value, "%v", p)
					if res.LineComplete {
						checkLine(t, p, res)
					}
				}
			}
			line := fmt.Sprintf("%s n<=%d: %d positions (tables built in %v)", name, n, len(ps), build.Round(time.Millisecond))
			for i, l := range limits {
				line += fmt.Sprintf(", %v %.1f%%", l, 100*float64(within[i])/float64(max(len(ps), 1)))
			}
			line += fmt.Sprintf(", exact %d, nodes per position %d", decided, nodes/uint64(max(len(ps), 1)))
			t.Log(line)
		}
	}
}
