package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// TestSolverAtTheRoot measures, when OWARE_ENGINE_SOLVER_RECORD names a
// file of game records and OWARE_ENGINE_SOLVER_TABLES a directory of
// endgame tables (with package solve's tables beside them, or without),
// what package solve adds at the root of a search with a time limit, at
// every position of those games (replayed under
// OWARE_ENGINE_SOLVER_RULES, aalina by default) where the engine asks it
// (solveWorth): how often it proves the value within its share of the
// time (OWARE_ENGINE_SOLVER_MOVETIME, 100ms by default, a quarter of it),
// and there how often the search alone, in the rest of the time and with
// the same tables, plays a move not proved of perfect play (which the
// engine replaces), and how many of those moves are proved worse, by
// how much at least. The figures are in docs/solve.md; the times, and thus the
// figures, depend on the machine and its load.
func TestSolverAtTheRoot(t *testing.T) {
	record, dir := os.Getenv("OWARE_ENGINE_SOLVER_RECORD"), os.Getenv("OWARE_ENGINE_SOLVER_TABLES")
	if record == "" || dir == "" {
		t.Skip("OWARE_ENGINE_SOLVER_RECORD=FILE OWARE_ENGINE_SOLVER_TABLES=DIR measure package solve at the root (minutes)")
	}
	r, err := oware.ParseRules(cmp.Or(os.Getenv("OWARE_ENGINE_SOLVER_RULES"), "aalina"))
	require.NoError(t, err)
	movetime := 100 * time.Millisecond
	if s := os.Getenv("OWARE_ENGINE_SOLVER_MOVETIME"); s != "" {
		movetime, err = time.ParseDuration(s)
		require.NoError(t, err)
	}
	tb, err := tablebase.Open(dir)
	require.NoError(t, err)
	hist, err := solve.Open(dir, r)
	if errors.Is(err, solve.ErrMissingTable) {
		hist, err = nil, nil
	}
	require.NoError(t, err)
	search, err := New(Options{Tables: tb, NoSolve: true})
	require.NoError(t, err)
	solveTime := movetime / solveShare

	f, err := os.Open(record)
	require.NoError(t, err)
	defer f.Close()
	rd := ogn.NewReader(f)
	var asked, proved, replaced int
	lost := map[int]int{} // the moves of the search alone proved worse, by what they cost at least
	for {
		g, err := rd.Read()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		search.NewGame()
		p := r.Position(g.StartPosition().Board())
		for _, ply := range g.Moves {
			if solveWorth(tb, p) {
				asked++
				ctx, cancel := solveContext(context.Background(), solveTime)
				a, best := perfectMoves(ctx, tb, hist, p)
				cancel()
				if len(best) > 0 {
					proved++
					res, err := search.Search(context.Background(), p, Limits{Time: movetime - solveTime})
					require.NoError(t, err)
					// The engine plays another move where the search's
					// is not of perfect play (solvedMove); it is proved
					// worse where its upper bound is below the value.
					if !slices.Contains(best, res.Move) {
						replaced++
						i := slices.IndexFunc(a.Moves, func(m solve.MoveValue) bool { return m.Move == res.Move })
						require.GreaterOrEqual(t, i, 0)
						if v := a.Moves[i].Value; v.Hi() < a.Value.Lo() {
							lost[a.Value.Lo()-v.Hi()]++
						}
					}
				}
			}
			if p, err = p.Play(ply.Move); err != nil || p.Outcome().Over() {
				break
			}
		}
	}
	pc := func(k, of int) string { return fmt.Sprintf("%d (%.1f%%)", k, 100*float64(k)/float64(max(of, 1))) }
	t.Logf("%s, %s, tables of package solve %v: asked at %d positions, value proved within %v at %s; there the search alone in %v plays a move not proved of perfect play at %s",
		record, r, hist != nil, asked, solveTime, pc(proved, asked), movetime-solveTime, pc(replaced, proved))
	for _, k := range slices.Sorted(maps.Keys(lost)) {
		t.Logf("  %d of those moves proved to cost at least %d", lost[k], k)
	}
}
