package solve

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestFreshBoardsOfEightSeeds: boards of 8 seeds met for the first time
// under abapa (R10 at the third occurrence), whose cycle bounds leave two
// values and which the alpha-beta search this package had before its
// proof-number search did not settle within 2·10⁶ nodes (docs/solve.md),
// are solved within 2·10⁵; each value lies within the cycle bounds, has
// the parity of the 8 seeds, is the best of its moves' values (SolveMoves)
// and is what its line, played through Play, ends with. The line is found
// within a budget of 6·10⁴ nodes of its own: one that took the first move
// known to keep the value went round cycles into positions whose history
// made its questions hard, and needed 1.3·10⁶ nodes on each.
func TestFreshBoardsOfEightSeeds(t *testing.T) {
	if testScale > 1 {
		t.Skip("the level of 8 seeds takes too long under the race detector")
	}
	var r oware.Rules // abapa
	tabs := eightSeeds(t)
	sv, err := New(r, Options{Tables: tabs, TableSize: 1 << 22})
	require.NoError(t, err)
	for _, pits := range []string{
		"0-0-2-0-0-2-0-0-1-2-0-1",
		"3-0-2-0-0-0-2-1-0-0-0-0",
	} {
		p, err := oware.ParsePosition(r.String() + " " + pits + "-20-20-S")
		require.NoError(t, err)
		prior, err := tabs.Probe(p)
		require.NoError(t, err)
		require.Equal(t, 2, prior.Hi()-prior.Lo(), "%v: the cycle bounds %v", p, prior)
		res, err := sv.Solve(context.Background(), p, Limits{Nodes: 2_000_000})
		require.NoError(t, err)
		require.True(t, res.Value.Exact(), "%v: %v in %d nodes", p, res.Value, res.Nodes)
		v := res.Value.Lo()
		require.True(t, prior.Lo() <= v && v <= prior.Hi(), "%v: %d outside %v", p, v, prior)
		require.Zero(t, (v+8)%2, "%v: %d", p, v)
		require.True(t, res.LineComplete, "%v: %d nodes, a line of %d moves", p, res.Nodes, len(res.Line))
		checkLine(t, p, res)
		fresh, err := New(r, Options{Tables: tabs, TableSize: 1 << 22}) // nothing in its table
		require.NoError(t, err)
		res, err = fresh.Solve(context.Background(), p, Limits{Nodes: 60_000})
		require.NoError(t, err)
		require.Equal(t, Value{int8(v), int8(v)}, res.Value, "%v", p)
		require.True(t, res.LineComplete, "%v: %d nodes, a line of %d moves", p, res.Nodes, len(res.Line))
		checkLine(t, p, res)
		moves, err := sv.SolveMoves(context.Background(), p, Limits{Nodes: 400_000}, nil)
		require.NoError(t, err)
		best := -100
		for _, mv := range moves {
			require.True(t, mv.Value.Exact(), "%v: move %v %v", p, mv.Move, mv.Value)
			best = max(best, mv.Value.Lo())
		}
		require.Equal(t, v, best, "%v: %v", p, moves)
	}
}

// TestCurrentNode: a question grows its tree in the order in which going
// down from the root to the most proving leaf at every step grows it,
// although the search backs up only as far as the proof numbers change
// and goes down again from there (Allis's current node). The positions
// searched and the answers are those that the search going down from the
// root each time (2d638c7) found for these abapa boards of 8 seeds met
// for the first time, whose cycle bounds leave two values: a node left
// too early or too late would grow another tree. A question stopped by
// its budget deep in its tree leaves the line at the root, as it found it.
func TestCurrentNode(t *testing.T) {
	if testScale > 1 {
		t.Skip("the level of 8 seeds takes too long under the race detector")
	}
	var r oware.Rules // abapa
	tabs := eightSeeds(t)
	m := newMemory(DefaultTableSize, treeFor(1<<20))
	for _, tc := range []struct {
		pits    string
		tau     int
		budget  uint64
		answer  string // "yes", "no", or "open" when the budget stops the question
		nodes   uint64
		longest int
	}{
		{"0-1-2-0-0-0-0-4-1-0-0-0", -2, 1 << 20, "yes", 41_564, 55},
		{"1-0-2-0-1-0-1-0-0-2-0-1", 4, 1 << 20, "no", 435_840, 127},
		{"0-0-0-0-0-1-0-0-0-1-1-5", 4, 50_000, "open", 50_000, -1},
	} {
		p, err := oware.ParsePosition(r.String() + " " + tc.pits + "-20-20-S")
		require.NoError(t, err)
		m.clear()
		s := newSearcher(r, tabs, nil, m)
		s.ctx, s.budget = context.Background(), tc.budget
		s.isolate = true // the tree as proof-number search alone grows it
		s.enter(&p, true)
		lo, hi := s.test(&p, tc.tau, false)
		require.Len(t, s.frames, 1, "%v: the line is back at the root", p)
		requireOnLine(t, s)
		require.Equal(t, tc.answer, answer(lo, hi, tc.tau), "%v: %d..%d", p, lo, hi)
		require.Equal(t, tc.nodes, s.nodes, "%v", p)
		if tc.answer == "open" {
			require.Equal(t, []int{-oware.NumSeeds, oware.NumSeeds}, []int{lo, hi}, "%v", p)
			continue
		}
		require.Equal(t, tc.longest, treeDepth(s.proof.nodes), "%v", p)
	}
}

// answer says what bounds lo..hi that a question returned answer of
// "is the value at least tau?": "yes", "no" or "open".
func answer(lo, hi, tau int) string {
	switch {
	case lo >= tau:
		return "yes"
	case hi < tau:
		return "no"
	}
	return "open"
}

// treeDepth returns the plies from the root to the deepest node of a
// proof tree.
func treeDepth(nodes []proofNode) int {
	depth := make([]int, len(nodes))
	deepest := 0
	for c := 1; c < len(nodes); c++ {
		depth[c] = depth[nodes[c].parent] + 1
		deepest = max(deepest, depth[c])
	}
	return deepest
}

// TestProofBoards measures, when OWARE_SOLVE_PROOF is "DIR,RULES,N,K"
// (tables that Build wrote in DIR, a level N of them and K of its boards
// not exact, taken evenly), what one question's proof tree holds: the
// question whether the value of each board met for the first time is at
// least its upper bound, within OWARE_SOLVE_PROOF_NODES positions
// (2²⁰ when unset) and a tree sized to them. It logs the positions the
// tree expanded, the distinct boards among them, the most times one
// board was expanded and the tree's depth (docs/solve.md, "Abapa to 12
// seeds"), then how many of the K questions were answered and the
// positions searched in all. With OWARE_SOLVE_PROOF_ISOLATE=1 no proof
// is shared between histories (see keep).
func TestProofBoards(t *testing.T) {
	env := os.Getenv("OWARE_SOLVE_PROOF")
	if env == "" {
		t.Skip("OWARE_SOLVE_PROOF=DIR,RULES,N,K measures what proof trees hold (minutes)")
	}
	f := strings.Split(env, ",")
	require.Len(t, f, 4, "OWARE_SOLVE_PROOF=DIR,RULES,N,K")
	r, err := oware.ParseRules(f[1])
	require.NoError(t, err)
	n, err := strconv.Atoi(f[2])
	require.NoError(t, err)
	k, err := strconv.Atoi(f[3])
	require.NoError(t, err)
	budget := uint64(1 << 20)
	if s := os.Getenv("OWARE_SOLVE_PROOF_NODES"); s != "" {
		budget, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
	}
	tabs, err := Open(f[0], r)
	require.NoError(t, err)
	require.Greater(t, len(tabs.levels), n, "%s holds no level of %d seeds", f[0], n)
	l := tabs.levels[n]
	open := l.open(0)
	require.NotEmpty(t, open, "every board of level %d is exact", n)
	m := newMemory(DefaultTableSize, treeFor(budget))
	isolate := os.Getenv("OWARE_SOLVE_PROOF_ISOLATE") != ""
	answered, positions := 0, uint64(0)
	for j := range min(k, len(open)) {
		i := open[j*len(open)/min(k, len(open))]
		q := relAt(n, i)
		p := r.Position(q.board())
		m.clear()
		s := newSearcher(r, tabs, nil, m)
		s.ctx, s.budget = context.Background(), budget
		s.isolate = isolate
		s.enter(&p, true)
		flo, fhi := l.fresh(i)
		lo, hi := s.test(&p, int(fhi), false)
		positions += s.nodes
		if answer(lo, hi, int(fhi)) != "open" {
			answered++
		}
		copies := map[oware.Board]int{}
		for _, e := range s.proof.expanded {
			copies[normalize(e.pos.Board())]++
		}
		most := 0
		for _, c := range copies {
			most = max(most, c)
		}
		t.Logf("%v, %d..%d: value >= %d? %s; %d positions, %d expanded, %d distinct boards, one expanded %d times at most, %d plies deep",
			p, flo, fhi, fhi, answer(lo, hi, int(fhi)), s.nodes, len(s.proof.expanded), len(copies), most, treeDepth(s.proof.nodes))
	}
	t.Logf("%d of %d answered, %d positions (proofs shared between histories: %v)", answered, min(k, len(open)), positions, !isolate)
}
