package solve

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// smallTables are the tables of this package up to 7 seeds, by rules
// name, built once.
var smallTables = struct {
	sync.Mutex
	m map[string]*Tables
}{m: map[string]*Tables{}}

// tablesFor returns the tables of the named rules up to 7 seeds.
func tablesFor(t *testing.T, name string) *Tables {
	t.Helper()
	smallTables.Lock()
	defer smallTables.Unlock()
	if tb := smallTables.m[name]; tb != nil {
		return tb
	}
	r, err := oware.ParseRules(name)
	require.NoError(t, err)
	tb, err := Compute(context.Background(), r, testTableSeeds, BuildOptions{BoardNodes: 10_000})
	require.NoError(t, err)
	smallTables.m[name] = tb
	return tb
}

// eightSeeds returns abapa's tables up to 8 seeds with the cycle bounds
// alone (a budget of one node searches none of their boards), built
// once: the level where the boards the tables leave open have proofs of
// a hundred plies and more.
func eightSeeds(tb testing.TB) *Tables {
	tb.Helper()
	tabs, err := abapaEight()
	require.NoError(tb, err)
	return tabs
}

var abapaEight = sync.OnceValues(func() (*Tables, error) {
	return Compute(context.Background(), oware.Rules{}, 8, BuildOptions{BoardNodes: 1})
})
