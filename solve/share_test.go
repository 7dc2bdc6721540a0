package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestHolds: a kept proof holds at a position exactly when the stretch
// before it holds each board of the proof's lines as often as the
// proof's history did (R10 counts those occurrences), and when no board
// of that stretch one occurrence from ending the game (every one, under
// Aalina's rules) widens a leaf of the proof across its question.
func TestHolds(t *testing.T) {
	r, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	s := newSearcher(r, nil, nil, newMemory(1<<16, 1<<16))
	p := r.Position(oware.MustParseBoard("1-1-1-1-1-1-1-1-1-1-1-1-18-18-S"))
	line := []oware.Position{p}
	s.enter(&p, true)
	for _, m := range []oware.Move{0, 6, 1} { // three quiet moves
		c, err := line[len(line)-1].Play(m)
		require.NoError(t, err)
		require.Zero(t, c.Board().Score(oware.South)+c.Board().Score(oware.North)-36, "move %d captures nothing", m)
		line = append(line, c)
		s.enter(&c, false)
	}
	hash := func(i int) uint64 { return line[i].Board().Hash() }
	other := oware.MustParseBoard("2-0-1-1-1-1-1-1-1-1-1-1-18-18-S").Hash() // not on the line
	none := func() [2]tolerance {
		var tol [2]tolerance
		tol[0].reset()
		tol[1].reset()
		return tol
	}
	for _, tc := range []struct {
		name   string
		boards []uint64
		held   []held
		tol    [2]tolerance
		want   bool
	}{
		{"its lines meet no board of the stretch", []uint64{hash(3), other}, nil, none(), true},
		{"they meet one the history held as often", []uint64{hash(3), hash(1)}, []held{{hash(1), 1}}, none(), true},
		{"they meet one its history did not hold", []uint64{hash(3), hash(1)}, nil, none(), false},
		{"its history held one this stretch does not", []uint64{hash(3), other}, []held{{other, 1}}, none(), false},
		{"its history held one more often", []uint64{hash(3), hash(2)}, []held{{hash(2), 2}}, none(), false},
		{"a board of the stretch widens a leaf at even depth", []uint64{hash(3)}, nil, func() [2]tolerance {
			tol := none()
			tol[0].leaf(-oware.NumSeeds, oware.NumSeeds, oware.NumSeeds, true) // proved by its lower bound, at the top
			tol[0].close()
			return tol
		}(), false},
		{"one widens a leaf at odd depth", []uint64{hash(3)}, nil, func() [2]tolerance {
			tol := none()
			tol[1].leaf(oware.NumSeeds, oware.NumSeeds, -oware.NumSeeds, false) // disproved by its upper bound, at the bottom
			tol[1].close()
			return tol
		}(), false},
	} {
		k := kept{boards: newHashSet(tc.boards), held: tc.held, tol: tc.tol}
		require.Equal(t, tc.want, s.holds(&k), tc.name)
		s.loose = true
		require.True(t, s.holds(&k), "%s: loose takes it", tc.name)
		s.loose = false
	}
	// The tolerance itself: a board seen as v widens a leaf settled by its
	// lower bound (cycle bound clo, question tau) exactly when v.cloMax ≥
	// clo and v.split < tau (see prior), and one settled by its upper
	// bound exactly when v.chiMin ≤ chi and v.split ≥ tau.
	var tol tolerance
	tol.reset()
	tol.leaf(2, 6, 3, true)
	tol.leaf(-4, 1, -1, false)
	tol.close()
	for _, tc := range []struct {
		v    perilView
		want bool
	}{
		{perilView{cloMax: 1, chiMin: 5, split: 0}, true},   // below the first leaf's clo, above the second's chi
		{perilView{cloMax: 2, chiMin: 5, split: 0}, false},  // widens the first leaf's lower bound to 0 < 3
		{perilView{cloMax: 2, chiMin: 5, split: 3}, true},   // to 3, which still settles it
		{perilView{cloMax: 1, chiMin: 1, split: -1}, false}, // widens the second's upper bound to −1 ≥ −1
		{perilView{cloMax: 1, chiMin: 1, split: -2}, true},  // to −2 < −1
		{perilView{cloMax: 1, chiMin: 2, split: -1}, true},  // above the second's chi
	} {
		require.Equal(t, tc.want, tol.allows(&tc.v), "%+v", tc.v)
	}
}

// TestHashSet: a set of hashes holds exactly what was put in it (up to
// the lowest bit, which makes a proof depend on more boards, not fewer),
// and gives it back.
func TestHashSet(t *testing.T) {
	hs := []uint64{2, 3, 0x1234_5678_9abc_def0, 1 << 63, 17}
	set := newHashSet(hs)
	for _, h := range hs {
		require.True(t, set.has(h), "%#x", h)
	}
	require.False(t, set.has(4))
	require.False(t, set.has(0x1234_5678_9abc_def2))
	require.ElementsMatch(t, []uint64{3, 0x1234_5678_9abc_def1, 1<<63 | 1, 17}, set.appendTo(nil))
}

// TestSharingAgrees: on the boards of 8 seeds met for the first time
// whose cycle bounds leave two values (abapa), a question answered with
// proofs kept and shared between histories gets the answer that
// proof-number search alone gets, wherever both settle it, with every
// proof kept (not only those of 256 positions and more); and sharing
// settles at least as many of them within the budget.
func TestSharingAgrees(t *testing.T) {
	if testScale > 1 {
		t.Skip("the level of 8 seeds takes too long under the race detector")
	}
	var r oware.Rules // abapa
	tabs := eightSeeds(t)
	l := tabs.levels[8]
	open := l.open(0)
	const boards, budget = 12, 60_000
	m := newMemory(DefaultTableSize, treeFor(budget))
	settled := [2]int{}
	for j := range boards {
		i := open[j*len(open)/boards]
		q := relAt(8, i)
		p := r.Position(q.board())
		_, hi := l.fresh(i)
		var answers [2]string
		for share := range 2 {
			m.clear()
			s := newSearcher(r, tabs, nil, m)
			s.ctx, s.budget = context.Background(), budget
			s.isolate = share == 0
			s.shareMin = 1
			s.enter(&p, true)
			lo, h := s.test(&p, int(hi), false)
			answers[share] = answer(lo, h, int(hi))
			if answers[share] != "open" {
				settled[share]++
			}
		}
		if answers[0] != "open" && answers[1] != "open" {
			require.Equal(t, answers[0], answers[1], "%v", p)
		}
	}
	t.Logf("settled within %d positions, of %d boards: %d alone, %d sharing", budget, boards, settled[0], settled[1])
	require.GreaterOrEqual(t, settled[1], settled[0])
}

// eightOpen gives the shelf's tests aalina's rules, its tables to 8
// seeds (aalinaEight), their level 8 and the indices of the boards its
// cycle bounds leave open.
func eightOpen(t *testing.T) (oware.Rules, *Tables, *level, []uint64) {
	t.Helper()
	r, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	tabs, err := aalinaEight()
	require.NoError(t, err)
	l := tabs.levels[8]
	return r, tabs, l, l.open(0)
}

// TestShelfLimit: a question starts with an empty shelf when the kept
// proofs take more than the shelf's limit, and keeps them otherwise: a
// Solver's shelf empties beyond shelfBytes, a build worker's beyond its
// own, larger limit.
func TestShelfLimit(t *testing.T) {
	r, tabs, l, open := eightOpen(t)
	const budget = 20_000
	for _, tc := range []struct {
		most  int
		empty bool
	}{{1, true}, {0, false}, {1 << 30, false}} {
		m := newMemory(DefaultTableSize, treeFor(budget))
		kept := 0
		for j := 0; j < min(len(open), 20) && kept == 0; j++ {
			q := relAt(8, open[j])
			p := r.Position(q.board())
			_, hi := l.fresh(open[j])
			s := newSearcher(r, tabs, nil, m)
			s.ctx, s.budget, s.shareMin = context.Background(), budget, 1
			s.enter(&p, true)
			m.shelf.most = 1 << 30
			lo, h := s.test(&p, int(hi), false)
			kept = len(m.shelf.kept)
			if kept == 0 || lo == -oware.NumSeeds && h == oware.NumSeeds {
				kept = 0
				continue
			}
			require.Greater(t, m.shelf.bytes, 1)
			require.Less(t, m.shelf.bytes, shelfBytes)
			// The same question again, under the limit of the case:
			// the table answers it at once, and nothing is searched or
			// kept.
			m.shelf.most = tc.most
			lo2, h2 := s.test(&p, int(hi), false)
			require.Equal(t, [2]int{lo, h}, [2]int{lo2, h2})
			if tc.empty {
				require.Zero(t, m.shelf.bytes, "limit %d", tc.most)
				require.Empty(t, m.shelf.kept)
			} else {
				require.Len(t, m.shelf.kept, kept, "limit %d", tc.most)
			}
		}
		require.NotZero(t, kept, "no question settled with a proof kept")
	}
}

// TestWiden (R10): the bounds of a position on a line widen, peril by
// peril before it, to the split of a board whose next occurrence ends the
// game, seen by the player to move at the position: the lower bound when
// the peril's lower cycle bound is at least the position's, the upper
// when its upper one is at most the position's. Hand-checked cases.
func TestWiden(t *testing.T) {
	// A board met at index 2 of the line, its cycle bounds 2..4 for its
	// mover, a repetition there worth 0 to its mover; seen by the other
	// player, -4..-2 and 0.
	a := newPeril(2, &frame{clo: 2, chi: 4, split: 0})
	// One at index 5: -2..6, a repetition worth -4 to its mover; seen by
	// the other, -6..2 and 4.
	b := newPeril(5, &frame{clo: -2, chi: 6, split: -4})
	for _, c := range []struct {
		name           string
		perils         []peril
		k, clo, chi    int
		wantLo, wantHi int
	}{
		{"no peril", nil, 4, -3, 5, -3, 5},
		{"a peril at the position itself is not before it", []peril{a}, 2, 2, 2, 2, 2},
		{"same mover, the lower bound widened to the split", []peril{a}, 4, 2, 2, 0, 2},
		{"same mover, the lower bound widened, the upper above the split already", []peril{a}, 4, 1, 5, 0, 5},
		{"same mover, neither: 2 < 3 and 4 > 3", []peril{a}, 6, 3, 3, 3, 3},
		{"other mover, seen as -4..-2, neither: -4 < -3 and -2 > -3", []peril{a}, 3, -3, -3, -3, -3},
		{"other mover, the upper bound widened to the split, the lower below it already", []peril{a}, 3, -5, -1, -5, 0},
		{"other mover, the upper bound not widened: -2 > -5", []peril{a}, 3, -5, -5, -5, -5},
		{"two perils, the lower bound from the second, the upper from the first", []peril{a, b}, 7, -3, -1, -4, 0},
		{"two perils, the second seen by the other mover", []peril{a, b}, 6, 1, 3, 0, 4},
		{"the second peril not yet before the position", []peril{a, b}, 5, -3, -1, -3, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			lo, hi := widen(c.perils, c.k, c.clo, c.chi)
			assert.Equal(t, [2]int{c.wantLo, c.wantHi}, [2]int{lo, hi})
		})
	}
}

// TestPriorSums: prior, which sums up the perils of a long stretch frame
// by frame (perilSum), widens the bounds of every position of random lines
// as a scan of each peril before it does, under every rule of
// repetition, each child of each position entered and left in turn as
// the search does.
func TestPriorSums(t *testing.T) {
	for _, name := range []string{"abapa", "aalina", "awari", "openspiel"} {
		t.Run(name, func(t *testing.T) {
			r, err := oware.ParseRules(name)
			require.NoError(t, err)
			tabs, err := Compute(context.Background(), r, 7, BuildOptions{BoardNodes: 1}) // cycle bounds
			require.NoError(t, err)
			s := newSearcher(r, tabs, nil, newMemory(1<<16, 1<<16))
			rng := rand.New(rand.NewPCG(31, uint64(len(name))))
			checked, widened, summed := 0, 0, 0
			for range 40 / testScale {
				p := walk(rng, r, 4+rng.IntN(4), 0)
				if p.Board() == (oware.Board{}) {
					continue
				}
				s.clearLine()
				var saved []stretchStart
				saved = append(saved, s.enter(&p, true))
				for range 150 {
					if p.Outcome().Over() {
						break
					}
					var kids []oware.Position
					var fresh []bool
					for _, c := range p.Children() {
						captured := seedsOf(c) < seedsOf(p)
						if captured {
							c = s.freshPosition(&c)
						}
						at := s.enter(&c, captured)
						if !c.Outcome().Over() {
							lo, hi := s.prior(&c)
							wlo, whi := priorScan(s, &c)
							require.Equal(t, [2]int{wlo, whi}, [2]int{lo, hi}, "%v after %d plies", c, len(s.frames)-1)
							checked++
							if len(s.danger[s.dbase:]) > scanPerils {
								summed++
							}
							if f := &s.frames[len(s.frames)-1]; lo < int(f.clo) || hi > int(f.chi) {
								widened++
							}
						}
						s.leave(at)
						kids, fresh = append(kids, c), append(fresh, captured)
					}
					j := rng.IntN(len(kids))
					p = kids[j]
					saved = append(saved, s.enter(&p, fresh[j]))
				}
				for i := len(saved) - 1; i >= 0; i-- {
					s.leave(saved[i])
				}
			}
			require.Positive(t, widened, "no peril widened a bound in %d positions: the test checks nothing", checked)
			if name == "aalina" || name == "openspiel" { // every board of a stretch is a peril
				require.Positive(t, summed, "no stretch of more than %d perils: the sums are not checked", scanPerils)
			}
			t.Logf("%d positions, %d bounds widened, %d from the sums of the perils", checked, widened, summed)
		})
	}
}

// priorScan returns the bounds prior gives the position p on top of the
// line, found by a scan of each peril of its stretch before it.
func priorScan(s *searcher, p *oware.Position) (lo, hi int) {
	k := len(s.frames) - 1
	f := &s.frames[k]
	if k == s.base {
		return s.freshBounds(p, f)
	}
	return widen(s.danger[s.dbase:], k, int(f.clo), int(f.chi))
}

// TestShelfLeavesFollowTheirNodes: every leaf of a question's tree that a
// kept proof settled names that proof, one kept for the leaf's own board,
// also after expand has put the move found best before first among its
// siblings: keep merges what that proof depends on into the proofs above
// the leaf, and a proof of another board there would let them be taken
// under histories where they do not hold (R10). Boards of 8 seeds under
// aalina, every proof kept, several questions each.
func TestShelfLeavesFollowTheirNodes(t *testing.T) {
	r, tabs, l, open := eightOpen(t)
	const budget = 20_000
	m := newMemory(DefaultTableSize, treeFor(budget))
	m.shelf.most = 1 << 30
	leaves, first := 0, 0
	for j := range min(len(open), 40) {
		b := open[j*len(open)/40]
		q := relAt(8, b)
		p := r.Position(q.board())
		clo, chi := l.fresh(b)
		s := newSearcher(r, tabs, nil, m)
		s.ctx, s.budget, s.shareMin = context.Background(), budget, 1
		s.enter(&p, true)
		for tau := int(clo) + 1; tau <= int(chi); tau++ {
			s.nodes, s.stop = 0, false
			s.test(&p, tau, false)
			requireOnLine(t, s)
			pr := &s.proof
			for i := range pr.nodes {
				n := &pr.nodes[i]
				if n.exp >= 0 || n.how != byShelf || n.pn != 0 && n.dn != 0 {
					continue
				}
				leaves++
				at, in := pr.leaves[int32(i)]
				require.True(t, in, "%v, question %d: leaf %d settled by a kept proof names none", p, tau, i)
				parent := &pr.expanded[pr.nodes[n.parent].exp]
				c, err := parent.pos.Play(oware.Move(n.pit))
				require.NoError(t, err)
				// A kept proof's boards include its own (keep).
				require.True(t, m.shelf.kept[at].boards.has(c.Board().Hash()), "%v, question %d: leaf %d (%v) names a proof of another board", p, tau, i, c.Board())
				if i == int(pr.nodes[n.parent].kids) {
					first++ // where expand puts the move found best before
				}
			}
		}
	}
	t.Logf("%d leaves settled by kept proofs, %d of them first among their siblings", leaves, first)
	require.Positive(t, leaves)
}

// requireOnLine checks that the searcher's count of the line's boards by
// their hashes' leading bits (onLine, which holds reads) counts the
// frames on its line, no more and no fewer.
func requireOnLine(t *testing.T, s *searcher) {
	t.Helper()
	var want [len(s.onLine)]uint32
	for i := range s.frames {
		want[s.frames[i].hash>>(64-onLineBits)]++
	}
	require.Equal(t, want, s.onLine, "a line of %d frames", len(s.frames))
}
