package play

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// abapaTables builds the abapa tables of up to 6 seeds in a directory of
// the test and opens them.
func abapaTables(t *testing.T) *tablebase.Tables {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, tablebase.Build(context.Background(), dir, oware.Rules{}, 6, tablebase.BuildOptions{Workers: 1}))
	tb, err := tablebase.Open(dir)
	require.NoError(t, err)
	return tb
}

// TestTablesSayAfterAQuietMove: after a move that captured nothing, an
// earlier board can recur (R10), which the tables do not see; the hint
// searches the value with the history, and says when the tables alone
// speak; right after a capture it says what they say.
func TestTablesSayAfterAQuietMove(t *testing.T) {
	tables := abapaTables(t)
	fresh := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	assert.Equal(t, "The tables say: perfect play: South wins by 2; best move F.", tablesSay(tables, nil, fresh))
	assert.Empty(t, tablesSay(nil, nil, fresh))
	// North's c sows into d: nothing captured, so the start may recur.
	start := oware.MustParsePosition("0-0-0-0-0-1-2-1-1-0-0-0-22-21-N")
	quiet, err := start.Play(oware.Move(8))
	require.NoError(t, err)
	require.Equal(t, 1, quiet.QuietPlies())
	say := tablesSay(tables, nil, quiet)
	assert.True(t, strings.HasPrefix(say, "The tables"), say)
	// After F, f and A from 0-0-0-0-0-1-0-0-0-0-0-1-23-23-S the tables
	// give -2..2 (the board met for the first time); with the history the
	// value is 0, a draw, which package solve's independent reference
	// solver gives too.
	p := oware.MustParsePosition("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S")
	for _, m := range []oware.Move{5, 11, 0} {
		p, err = p.Play(m)
		require.NoError(t, err)
	}
	v, err := tables.Probe(p)
	require.NoError(t, err)
	require.False(t, v.Exact())
	assert.Equal(t, "The tables and a search with this game's history (R10) say: perfect play: draw; best move a.", tablesSay(tables, nil, p))
}

// TestTablesSayWithHistoryTables: right after a capture, where the
// tables' bounds leave the value open (-2..2), package solve's tables
// give the hint the exact value, a draw by C, the value that the plain
// search finds from a history that makes the board met for the first
// time the same way.
func TestTablesSayWithHistoryTables(t *testing.T) {
	tables := abapaTables(t)
	fresh := oware.MustParsePosition("0-0-1-0-0-2-1-0-0-0-2-0-21-21-S")
	v, err := tables.Probe(fresh)
	require.NoError(t, err)
	require.Equal(t, "-2..2", v.String())
	assert.Contains(t, tablesSay(tables, nil, fresh), "perfect play: not known")
	hist, err := solve.Compute(context.Background(), oware.Rules{}, 6, solve.BuildOptions{BoardNodes: 1, Workers: 1})
	require.NoError(t, err)
	assert.Equal(t, "The tables and a search with this game's history (R10) say: perfect play: draw; best move C.", tablesSay(tables, hist, fresh))
	a, err := solve.Analyse(context.Background(), fresh, solve.Options{Plain: tables}, solve.Limits{})
	require.NoError(t, err)
	assert.Equal(t, "0", a.Value.String())
}
