package oware_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestPerftStart checks the published perft ladder from the opening
// position (leaves at exactly depth d, full rules).
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872, 18137964}
	for d, n := range want {
		if d > 8 && testing.Short() {
			break
		}
		require.Equal(t, n, oware.Perft(oware.Start(), d), "perft(%d)", d)
	}
}

// Pit letters as in the rule sheets: South's pits 0–5 are A–F, North's
// pits 6–11 are a–f.
const (
	A, B, C, D, E, F oware.Move = 0, 1, 2, 3, 4, 5
	a, b, c, d, e, f oware.Move = 6, 7, 8, 9, 10, 11
)

// moves turns a string of pit letters ("AaBb", spaces allowed) into moves.
// It is independent of the library's Move.String.
func moves(tb testing.TB, s string) []oware.Move {
	tb.Helper()
	var ms []oware.Move
	for _, r := range s {
		switch {
		case r == ' ':
		case r >= 'A' && r <= 'F':
			ms = append(ms, oware.Move(r-'A'))
		case r >= 'a' && r <= 'f':
			ms = append(ms, oware.Move(r-'a'+6))
		default:
			tb.Fatalf("bad pit letter %q in %q", r, s)
		}
	}
	return ms
}

// pos builds a position that the test requires to be valid.
func pos(tb testing.TB, pits [12]int, scores [2]int, toMove oware.Player) oware.Position {
	tb.Helper()
	p, err := oware.NewPosition(pits, scores, toMove)
	require.NoError(tb, err, "NewPosition(%v, %v, %v)", pits, scores, toMove)
	require.True(tb, p.Valid())
	return p
}

// playAll plays the moves in order, each of which must be legal.
func playAll(tb testing.TB, p oware.Position, ms ...oware.Move) oware.Position {
	tb.Helper()
	for i, m := range ms {
		next, err := p.Play(m)
		require.NoError(tb, err, "move %d (%v) of %v", i+1, m, ms)
		p = next
	}
	return p
}

// moveCase is one move played on a hand-built position, with the board
// after it written out by hand from the rules.
type moveCase struct {
	name       string
	pits       [12]int
	scores     [2]int
	toMove     oware.Player
	move       oware.Move
	wantPits   [12]int
	wantScores [2]int
}

func runMoveCases(t *testing.T, cases []moveCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := pos(t, tc.pits, tc.scores, tc.toMove)
			next, err := p.Play(tc.move)
			require.NoError(t, err)
			assert.Equal(t, tc.wantPits, next.Pits(), "pits after %v", tc.move)
			assert.Equal(t, tc.wantScores, [2]int{next.Score(oware.South), next.Score(oware.North)}, "scores after %v", tc.move)
			assert.Equal(t, tc.toMove.Opponent(), next.ToMove(), "side to move after %v", tc.move)
			for i, n := range tc.wantPits {
				assert.Equal(t, n, next.Pit(i), "Pit(%d)", i)
			}
			// The receiver is a value: it still shows the board before the move.
			assert.Equal(t, tc.pits, p.Pits(), "receiver changed")
		})
	}
}

// TestR1Start checks the opening position.
func TestR1Start(t *testing.T) {
	t.Parallel()
	p := oware.Start()
	require.True(t, p.Valid())
	assert.Equal(t, [12]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, p.Pits(), "R1: four seeds in every pit")
	assert.Equal(t, 0, p.Score(oware.South))
	assert.Equal(t, 0, p.Score(oware.North))
	assert.Equal(t, oware.South, p.ToMove(), "R1: South moves first")
	assert.Equal(t, []oware.Move{A, B, C, D, E, F}, p.LegalMoves(), "R2: every pit of South's side")
	assert.Equal(t, 1, p.Repetitions(), "D2: the game's first position is its first occurrence")
	assert.False(t, p.Outcome().Over())
	assert.Equal(t, oware.NotOver, p.Outcome().Reason())
	assert.Equal(t, 0, p.Pit(-1), "Pit outside the board")
	assert.Equal(t, 0, p.Pit(12), "Pit outside the board")
}

// TestR1Names checks the names of players, pits and reasons.
func TestR1Names(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "South", oware.South.String())
	assert.Equal(t, "North", oware.North.String())
	assert.Equal(t, "Player(2)", oware.Player(2).String())
	assert.Equal(t, oware.North, oware.South.Opponent())
	assert.Equal(t, oware.South, oware.North.Opponent())
	assert.True(t, oware.South.Valid())
	assert.True(t, oware.North.Valid())
	assert.False(t, oware.Player(2).Valid())

	letters := []string{"A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"}
	for i, l := range letters {
		m := oware.Move(i)
		assert.Equal(t, l, m.String(), "R1: letter of pit %d", i)
		assert.True(t, m.Valid())
		assert.Equal(t, i, m.Pit())
		if i < 6 {
			assert.Equal(t, oware.South, m.Player(), "R1: pit %d is South's", i)
		} else {
			assert.Equal(t, oware.North, m.Player(), "R1: pit %d is North's", i)
		}
	}
	assert.Equal(t, "Move(12)", oware.Move(12).String())
	assert.False(t, oware.Move(12).Valid())

	for r, want := range map[oware.Reason][2]string{
		oware.NotOver:    {"not over", ""},
		oware.Majority:   {"majority", "R8"},
		oware.NoMove:     {"no move", "R9"},
		oware.Repetition: {"repetition", "R10"},
	} {
		assert.Equal(t, want[0], r.String())
		assert.Equal(t, want[1], r.Rule())
	}
	assert.Equal(t, "not over", oware.Outcome{}.String())

	var s oware.MoveSet
	assert.Equal(t, "{}", s.String())
	assert.Equal(t, 0, s.Len())
	s = 1<<A | 1<<C | 1<<F
	assert.Equal(t, "{A C F}", s.String())
	assert.Equal(t, 3, s.Len())
	assert.True(t, s.Contains(C))
	assert.False(t, s.Contains(B))
	assert.False(t, s.Contains(oware.Move(40)))
	m, ok := s.Nth(1)
	assert.True(t, ok)
	assert.Equal(t, C, m)
	_, ok = s.Nth(3)
	assert.False(t, ok)
	_, ok = s.Nth(-1)
	assert.False(t, ok)
	assert.Equal(t, []oware.Move{A, C, F}, s.AppendTo(nil))
	var all []oware.Move
	for m := range s.All() {
		all = append(all, m)
	}
	assert.Equal(t, []oware.Move{A, C, F}, all)
}

// TestR3Sowing checks plain sowing, counter-clockwise, one seed per pit.
func TestR3Sowing(t *testing.T) {
	t.Parallel()
	runMoveCases(t, []moveCase{{
		// Seed 003: South takes the 4 seeds of pit 2 and sows them into
		// pits 3, 4, 5 and 6.
		name:       "R3/seed 003: C sows into 3,4,5,6",
		pits:       [12]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
		toMove:     oware.South,
		move:       C,
		wantPits:   [12]int{4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4},
		wantScores: [2]int{0, 0},
	}, {
		// North's pit 11 wraps round to South's pit 0.
		name:       "R3/North sows f through 11->0 into 0,1,2,3",
		pits:       [12]int{0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4},
		toMove:     oware.North,
		move:       f,
		wantPits:   [12]int{1, 6, 6, 6, 5, 4, 4, 4, 4, 4, 4, 0},
		wantScores: [2]int{0, 0},
	}, {
		name:       "R3/single seed moves one pit",
		pits:       [12]int{4, 4, 4, 4, 4, 1, 5, 5, 4, 4, 4, 5},
		scores:     [2]int{0, 0},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{4, 4, 4, 4, 4, 0, 6, 5, 4, 4, 4, 5},
		wantScores: [2]int{0, 0},
	}})

	// The seed 003 example from the opening, through Start.
	p := playAll(t, oware.Start(), C)
	assert.Equal(t, [12]int{4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4}, p.Pits())
	assert.Equal(t, oware.North, p.ToMove())
}

// TestR4Laps sows 11 to 47 seeds: every lap skips the pit of origin, which
// stays empty. With n seeds each of the 11 other pits gets n/11 and the
// first n%11 of them, in sowing order, one more.
func TestR4Laps(t *testing.T) {
	t.Parallel()
	runMoveCases(t, []moveCase{{
		// 3..11, 0, 1: one seed each, the last on South's own pit 1.
		name:       "R4/11 seeds from C: one round, origin not reached",
		pits:       [12]int{3, 3, 11, 3, 3, 3, 4, 4, 4, 4, 3, 3},
		toMove:     oware.South,
		move:       C,
		wantPits:   [12]int{4, 4, 0, 4, 4, 4, 5, 5, 5, 5, 4, 4},
		wantScores: [2]int{0, 0},
	}, {
		// 3..11, 0, 1, (skip 2), 3: pit 3 gets two.
		name:       "R4/12 seeds from C: origin skipped, 12th seed into 3",
		pits:       [12]int{3, 3, 12, 2, 3, 3, 4, 4, 4, 4, 3, 3},
		toMove:     oware.South,
		move:       C,
		wantPits:   [12]int{4, 4, 0, 4, 4, 4, 5, 5, 5, 5, 4, 4},
		wantScores: [2]int{0, 0},
	}, {
		// North: 8..11, 0..6, (skip 7), 8: the last seed on North's own pit 8.
		name:       "R4/12 seeds from b: origin skipped, last on own side",
		pits:       [12]int{3, 3, 3, 3, 3, 3, 4, 12, 3, 3, 3, 3},
		scores:     [2]int{1, 1},
		toMove:     oware.North,
		move:       b,
		wantPits:   [12]int{4, 4, 4, 4, 4, 4, 5, 0, 5, 4, 4, 4},
		wantScores: [2]int{1, 1},
	}, {
		// 6..11, 0..4, (skip 5), 6, 7: pits 6 and 7 get two each, holding 2
		// and 3; the last seed is in 7: capture 3 + 2, stop at South's pit 5.
		name:       "R4/13 seeds from F: lap then R5 capture of pits 7 and 6",
		pits:       [12]int{2, 2, 2, 2, 2, 13, 0, 1, 4, 4, 4, 4},
		scores:     [2]int{4, 4},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{3, 3, 3, 3, 3, 0, 0, 0, 5, 5, 5, 5},
		wantScores: [2]int{9, 4},
	}, {
		// Exactly two laps: every other pit +2, the last seed in South's pit
		// 4; pit 6 then holds 3 but is not where the last seed fell.
		name:       "R4/22 seeds from F: two laps, last seed on own pit 4",
		pits:       [12]int{2, 2, 2, 3, 3, 22, 1, 2, 2, 3, 3, 3},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{4, 4, 4, 5, 5, 0, 3, 4, 4, 5, 5, 5},
		wantScores: [2]int{0, 0},
	}, {
		// Two laps and one: pit 6 gets 3 and holds 3; the last seed is there.
		name:       "R4/23 seeds from F: two laps plus one, capture 3 in pit 6",
		pits:       [12]int{3, 3, 3, 3, 3, 23, 0, 2, 2, 2, 2, 2},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{5, 5, 5, 5, 5, 0, 0, 4, 4, 4, 4, 4},
		wantScores: [2]int{3, 0},
	}, {
		// North: three laps and one; pit 9 gets 4, the others 3.
		name:       "R4/34 seeds from c: three laps plus one, last on own pit 9",
		pits:       [12]int{1, 1, 1, 1, 1, 1, 1, 1, 34, 1, 1, 1},
		scores:     [2]int{2, 1},
		toMove:     oware.North,
		move:       c,
		wantPits:   [12]int{4, 4, 4, 4, 4, 4, 4, 4, 0, 5, 4, 4},
		wantScores: [2]int{2, 1},
	}, {
		// North: three laps and two; pits 11 and 0 get 4, the others 3. The
		// last seed is in South's pit 0, which holds 5: no capture.
		name:       "R4/35 seeds from e: three laps plus two, last in pit 0 holding 5",
		pits:       [12]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 35, 1},
		scores:     [2]int{1, 1},
		toMove:     oware.North,
		move:       e,
		wantPits:   [12]int{5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 5},
		wantScores: [2]int{1, 1},
	}, {
		// Four laps and three: pits 1, 2, 3 get 5, the others 4.
		name:       "R4/47 seeds from A: four laps plus three, origin empty",
		pits:       [12]int{47, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0},
		toMove:     oware.South,
		move:       A,
		wantPits:   [12]int{0, 5, 5, 5, 4, 4, 4, 5, 4, 4, 4, 4},
		wantScores: [2]int{0, 0},
	}})
}

// TestR5Capture checks captures and where their chain stops.
func TestR5Capture(t *testing.T) {
	t.Parallel()
	runMoveCases(t, []moveCase{{
		// Seed 003: the last seed lands in pit 9, which then holds 2; pit 8
		// holds 3: 2 + 3 = 5 captured. Pit 7 then holds 4, so the chain
		// stops there.
		name:       "R5/seed 003: pits 9 and 8 captured, chain stops at count 4",
		pits:       [12]int{4, 4, 4, 4, 4, 4, 3, 3, 2, 1, 5, 5},
		scores:     [2]int{3, 2},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{4, 4, 4, 4, 4, 0, 4, 4, 0, 0, 5, 5},
		wantScores: [2]int{8, 2},
	}, {
		// E: 3 seeds into 5, 6, 7. Pit 7 holds 3 (captured), pit 6 holds 1.
		name:       "R5/chain stops at count 1",
		pits:       [12]int{4, 4, 4, 4, 3, 4, 0, 2, 4, 4, 4, 4},
		scores:     [2]int{4, 3},
		toMove:     oware.South,
		move:       E,
		wantPits:   [12]int{4, 4, 4, 4, 0, 5, 1, 0, 4, 4, 4, 4},
		wantScores: [2]int{7, 3},
	}, {
		// E: 4 seeds into 5, 6, 7, 8. Pits 8, 7, 6 hold 2, 3, 2 and are
		// captured; pit 5 holds 2 too but is South's own: the chain stops.
		name:       "R5/South's chain stops at the end of North's side",
		pits:       [12]int{5, 5, 5, 5, 4, 1, 1, 2, 1, 4, 4, 4},
		scores:     [2]int{3, 4},
		toMove:     oware.South,
		move:       E,
		wantPits:   [12]int{5, 5, 5, 5, 0, 2, 0, 0, 0, 4, 4, 4},
		wantScores: [2]int{10, 4},
	}, {
		// e: 4 seeds into 11, 0, 1, 2. Pits 2, 1, 0 hold 2, 3, 2 and are
		// captured; the chain does not wrap round to North's own pit 11,
		// which holds 2.
		name:       "R5/North's chain stops at pit 0, no wrap to own pit 11",
		pits:       [12]int{1, 2, 1, 4, 4, 4, 4, 4, 4, 4, 4, 1},
		scores:     [2]int{5, 6},
		toMove:     oware.North,
		move:       e,
		wantPits:   [12]int{0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 0, 2},
		wantScores: [2]int{5, 13},
	}, {
		// D: 2 seeds into 4 and 5, which then hold 3 and 2: own side.
		name:       "R5/last seed on own side captures nothing",
		pits:       [12]int{4, 4, 4, 2, 2, 1, 2, 3, 2, 3, 2, 3},
		scores:     [2]int{8, 8},
		toMove:     oware.South,
		move:       D,
		wantPits:   [12]int{4, 4, 4, 0, 3, 2, 2, 3, 2, 3, 2, 3},
		wantScores: [2]int{8, 8},
	}, {
		// F: 2 seeds into 6 and 7; pit 7 (last) holds 4, so pit 6 holding
		// 2 is not taken either.
		name:       "R5/last pit holds 4: nothing, not even the 2 before it",
		pits:       [12]int{4, 4, 4, 4, 4, 2, 1, 3, 4, 4, 4, 4},
		scores:     [2]int{3, 3},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{4, 4, 4, 4, 4, 0, 2, 4, 4, 4, 4, 4},
		wantScores: [2]int{3, 3},
	}, {
		// F: 1 seed into an empty pit 6, which holds 1.
		name:       "R5/last pit holds 1: nothing",
		pits:       [12]int{4, 4, 4, 4, 4, 1, 0, 3, 4, 4, 4, 4},
		scores:     [2]int{4, 4},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{4, 4, 4, 4, 4, 0, 1, 3, 4, 4, 4, 4},
		wantScores: [2]int{4, 4},
	}, {
		// c: 5 seeds into 9, 10, 11, 0, 1. Pit 1 holds 3, pit 0 holds 2:
		// North captures 5.
		name:       "R5/North captures 3+2 in pits 1 and 0",
		pits:       [12]int{1, 2, 4, 4, 4, 4, 4, 4, 5, 4, 4, 2},
		scores:     [2]int{3, 3},
		toMove:     oware.North,
		move:       c,
		wantPits:   [12]int{0, 0, 4, 4, 4, 4, 4, 4, 0, 5, 5, 3},
		wantScores: [2]int{3, 8},
	}, {
		// A: 11 seeds, one into every other pit; the last in pit 11, now 3;
		// pits 10 and 9 hold 2 and 3, pit 8 holds 5: capture 3+2+3.
		name:       "R5/three-pit chain after a long sowing",
		pits:       [12]int{11, 2, 2, 2, 2, 2, 2, 2, 4, 2, 1, 2},
		scores:     [2]int{7, 7},
		toMove:     oware.South,
		move:       A,
		wantPits:   [12]int{0, 3, 3, 3, 3, 3, 3, 3, 5, 0, 0, 0},
		wantScores: [2]int{15, 7},
	}})
}

// TestR6GrandSlam checks that a capture that would take every seed of the
// opponent's side is annulled, the seeds staying sown, and that a capture
// that leaves the opponent one seed stands.
func TestR6GrandSlam(t *testing.T) {
	t.Parallel()
	runMoveCases(t, []moveCase{{
		// Seed 003: North's seeds are only in pits 6, 7 and 8; South sows 3
		// seeds from pit 5 into them, and they hold 2, 3 and 2. Taking
		// them would empty North's side: nothing is captured.
		name:       "R6/seed 003 grand slam annulled, seeds stay sown",
		pits:       [12]int{5, 5, 5, 5, 5, 3, 1, 2, 1, 0, 0, 0},
		scores:     [2]int{8, 8},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{5, 5, 5, 5, 5, 0, 2, 3, 2, 0, 0, 0},
		wantScores: [2]int{8, 8},
	}, {
		// The same, but North keeps one seed in pit 11: the capture stands.
		name:       "R6/near grand slam: pit 11 keeps a seed, capture of 7 stands",
		pits:       [12]int{5, 5, 5, 5, 5, 3, 1, 2, 1, 0, 0, 1},
		scores:     [2]int{8, 7},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{5, 5, 5, 5, 5, 0, 0, 0, 0, 0, 0, 1},
		wantScores: [2]int{15, 7},
	}, {
		// Pit 6 ends with 4, stopping the chain: North keeps it.
		name:       "R6/near grand slam: chain stops at pit 6 holding 4, capture stands",
		pits:       [12]int{5, 5, 5, 5, 5, 3, 3, 2, 1, 0, 0, 0},
		scores:     [2]int{8, 6},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{5, 5, 5, 5, 5, 0, 4, 0, 0, 0, 0, 0},
		wantScores: [2]int{13, 6},
	}, {
		// North's mirror image of the seed 003 grand slam.
		name:       "R6/North's grand slam annulled",
		pits:       [12]int{1, 2, 1, 0, 0, 0, 5, 5, 5, 5, 5, 3},
		scores:     [2]int{8, 8},
		toMove:     oware.North,
		move:       f,
		wantPits:   [12]int{2, 3, 2, 0, 0, 0, 5, 5, 5, 5, 5, 0},
		wantScores: [2]int{8, 8},
	}, {
		// A single pit: South's last seed makes North's only pit hold 2.
		name:       "R6/one-pit grand slam annulled",
		pits:       [12]int{4, 4, 4, 4, 4, 1, 1, 0, 0, 0, 0, 0},
		scores:     [2]int{12, 14},
		toMove:     oware.South,
		move:       F,
		wantPits:   [12]int{4, 4, 4, 4, 4, 0, 2, 0, 0, 0, 0, 0},
		wantScores: [2]int{12, 14},
	}})

	// After the annulled grand slam North plays on with the sown seeds.
	p := playAll(t, pos(t, [12]int{5, 5, 5, 5, 5, 3, 1, 2, 1, 0, 0, 0}, [2]int{8, 8}, oware.South), F)
	assert.False(t, p.Outcome().Over())
	assert.Equal(t, []oware.Move{a, b, c}, p.LegalMoves())
}
