package variants

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
)

// draws is rapid's draws as a boardgen.Source, so that the boards it
// makes shrink with the test case.
type draws struct{ t *rapid.T }

func (d draws) IntN(n int) int { return rapid.IntRange(0, n-1).Draw(d.t, "n") }

// randomBoard draws a board: the opening, few seeds, or huge pits, with
// scores that may already have won.
func randomBoard(t *rapid.T) oware.Board {
	var pits [12]int
	switch rapid.IntRange(0, 2).Draw(t, "kind") {
	case 0:
		return oware.Start().Board()
	case 1:
		boardgen.Scatter(draws{t}, &pits, rapid.IntRange(1, 12).Draw(t, "seeds"), 0, 12)
	default:
		for i := 0; i < 48; i++ {
			pits[rapid.IntRange(0, 2).Draw(t, "third")*rapid.IntRange(0, 5).Draw(t, "pit")]++
		}
	}
	return boardgen.Board(draws{t}, pits, oware.Player(rapid.IntRange(0, 1).Draw(t, "side")), true)
}

// mirrored returns the moves of s seen from the other side.
func mirrored(s oware.MoveSet) oware.MoveSet {
	var out oware.MoveSet
	for m := range s.All() {
		out |= 1 << ((m + 6) % 12)
	}
	return out
}

// checkPosition checks the invariants of one position under its rules.
func checkPosition(t *rapid.T, p oware.Position) {
	b := p.Board()
	south, north := rows(b)
	seeds := south + north + b.Score(oware.South) + b.Score(oware.North)
	require.Equal(t, 48, seeds, "seeds are conserved at %s", p)
	for m := oware.Move(0); m < 13; m++ {
		_, err := p.Play(m)
		require.Equal(t, p.Moves().Contains(m), err == nil, "Play(%v) at %s: %v", m, p, err)
	}
	o := p.Outcome()
	require.Equal(t, o.Over(), p.Moves() == 0, "over exactly when no move is legal, at %s", p)
	m := p.Mirror()
	require.Equal(t, b.Mirror(), m.Board())
	require.Equal(t, mirrored(p.Moves()), m.Moves(), "mirror at %s", p)
	require.Equal(t, p.Repetitions(), m.Repetitions(), "mirror at %s", p)
	mo := m.Outcome()
	require.Equal(t, [2]int{o.Tally(oware.North), o.Tally(oware.South)}, [2]int{mo.Tally(oware.South), mo.Tally(oware.North)}, "mirror at %s", p)
	require.Equal(t, o.Reason(), mo.Reason())
	q, err := oware.ParsePosition(p.String())
	require.NoError(t, err, "%s", p)
	require.Equal(t, p.String(), q.String())
	require.Equal(t, p.Repetitions(), q.Repetitions())
	require.Equal(t, p.Moves(), q.Moves())
	require.Equal(t, o, q.Outcome())
	require.Equal(t, p.Rules(), q.Rules())
}

// TestPropPresets plays random games under every preset from random
// boards and checks, at every ply: seed conservation, that Play succeeds
// exactly on the legal moves, mirror symmetry, that the text form keeps
// everything, and that every game ends within a bound.
func TestPropPresets(t *testing.T) {
	for _, name := range oware.RulesNames() {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := rules.Position(randomBoard(t))
				seed := rapid.Uint64().Draw(t, "seed")
				rng := rand.New(rand.NewPCG(seed, seed))
				for ply := 0; ; ply++ {
					checkPosition(t, p)
					moves := p.Moves()
					if moves.Len() == 0 {
						break
					}
					require.Less(t, ply, 5000, "the game ends")
					m, _ := moves.Nth(rng.IntN(moves.Len()))
					p, _ = p.Play(m)
				}
			})
		})
	}
}

// quietLine returns a line of n plies from start under rules, none of
// which captures or ends the game, but for the last, which may end it, and
// each of which reaches a position not met before: a depth-first search in
// random move order.
func quietLine(t *testing.T, rules oware.Rules, start oware.Board, n int) []oware.Move {
	rng := rand.New(rand.NewPCG(5, 8))
	seen := map[oware.Board]bool{start: true}
	type frame struct {
		p    oware.Position
		left []oware.Move
	}
	var line []oware.Move
	next := func(p oware.Position) frame {
		var left []oware.Move
		for m, c := range p.Children() {
			quiet := c.Board().Score(oware.South)+c.Board().Score(oware.North) == p.Board().Score(oware.South)+p.Board().Score(oware.North)
			if quiet && (!c.Outcome().Over() || len(line) == n-1) && !seen[c.Board()] {
				left = append(left, m)
			}
		}
		rng.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
		return frame{p, left}
	}
	stack := []frame{next(rules.Position(start))}
	for len(line) < n && len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.left) == 0 {
			stack = stack[:len(stack)-1]
			if len(line) > 0 {
				line = line[:len(line)-1]
			}
			continue
		}
		m := top.left[0]
		top.left = top.left[1:]
		c, _ := top.p.Play(m)
		seen[c.Board()] = true
		line = append(line, m)
		stack = append(stack, next(c))
	}
	require.Len(t, line, n, "a quiet line of %d plies", n)
	return line
}

// TestLimits: Game::Oware ends a game after 500 plies without a capture,
// each player taking their own seeds; PlayStrategy draws it after 1,001
// plies. The text form keeps the plies played before a capture.
func TestLimits(t *testing.T) {
	start := oware.MustParseBoard("0-1-0-1-0-1-0-0-1-0-0-6-19-19-S")
	for _, c := range []struct {
		name   string
		plies  int
		reason oware.Reason
	}{{"game-oware", 500, oware.QuietLimit}, {"playstrategy", 1001, oware.PlyLimit}} {
		rules, err := oware.ParseRules(c.name)
		require.NoError(t, err)
		line := quietLine(t, rules, start, c.plies)
		p := rules.Position(start)
		for i, m := range line {
			require.False(t, p.Outcome().Over(), "%s: over before ply %d", c.name, i+1)
			p, err = p.Play(m)
			require.NoError(t, err)
		}
		o := p.Outcome()
		assert.Equal(t, c.reason, o.Reason(), c.name)
		b := p.Board()
		south, north := rows(b)
		assert.Equal(t, b.Score(oware.South)+south, o.Tally(oware.South), c.name)
		assert.Equal(t, b.Score(oware.North)+north, o.Tally(oware.North), c.name)
		if c.reason == oware.PlyLimit {
			assert.True(t, o.Draw(), "a ply limit draws whatever the tallies")
			_, won := o.Winner()
			assert.False(t, won)
		}
		q, err := oware.ParsePosition(p.String())
		require.NoError(t, err)
		assert.Equal(t, o, q.Outcome(), "%s: the text keeps the count", c.name)
	}

	// A capture at ply 1, then plies: the text says how many came before.
	rules, _ := oware.ParseRules("playstrategy")
	p := rules.Position(oware.MustParseBoard("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"))
	p, _ = p.Play(5) // F captures 5
	p, _ = p.Play(6)
	assert.Equal(t, "playstrategy 1-1-1-1-1-0-2-4-0-0-2-2-15-18-N +1 a", p.String())
	q, err := oware.ParsePosition(p.String())
	require.NoError(t, err)
	assert.Equal(t, p.String(), q.String())
	assert.True(t, strings.HasPrefix(rules.Start().String(), "playstrategy 4-4-"))
}

// leavesSeed reports whether sowing pit at b, then capturing every pit of
// the opponent's side from the last seed backwards while it holds 2 or 3
// (R5), even all they have, leaves the opponent a seed. It is written
// here from the rules (R3–R5), apart from the library.
func leavesSeed(b oware.Board, pit int) bool {
	pits := b.Pits()
	seeds, at := pits[pit], pit
	pits[pit] = 0
	for ; seeds > 0; seeds-- {
		at = (at + 1) % 12
		if at == pit { // the pit of origin is skipped on every lap (R4)
			at = (at + 1) % 12
		}
		pits[at]++
	}
	theirs := 6 * int(b.ToMove().Opponent())
	for ; at >= theirs && at < theirs+6 && (pits[at] == 2 || pits[at] == 3); at-- {
		pits[at] = 0
	}
	for _, n := range pits[theirs : theirs+6] {
		if n > 0 {
			return true
		}
	}
	return false
}

// TestPropAwariLegality: under awari a move is legal when it leaves the
// opponent a seed, or when no move does, whether the opponent's side is
// empty (a lap may feed it and take all back) or not; here checked
// against every move on random boards, sown and captured as if a capture
// could take everything. Random boards with small pits often let a move
// take all.
func TestPropAwariLegality(t *testing.T) {
	awari, err := oware.ParseRules("awari")
	require.NoError(t, err)
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.OneOf(rapid.Custom(randomBoard), rapid.Custom(starvableBoard), rapid.Custom(feedBackBoard)).Draw(t, "board")
		mover := b.ToMove()
		if awari.Position(b).Outcome().Over() {
			return
		}
		var all, keep oware.MoveSet
		for pit := 6 * int(mover); pit < 6*int(mover)+6; pit++ {
			if b.Pit(pit) == 0 {
				continue
			}
			all |= 1 << pit
			if leavesSeed(b, pit) { // a move that does not feed an empty side leaves none (R7)
				keep |= 1 << pit
			}
		}
		want := keep
		if keep == 0 {
			want = all
		}
		require.Equal(t, want, awari.Position(b).Moves(), "%s", b)
	})
}

// starvableBoard draws a board where a move may take all the opponent has:
// the opponent's seeds, 1 or 2 a pit, fill a run of pits from their first.
func starvableBoard(t *rapid.T) oware.Board {
	side := oware.Player(rapid.IntRange(0, 1).Draw(t, "side"))
	var pits [12]int
	theirs := 6 * int(side.Opponent())
	for i := 0; i < rapid.IntRange(1, 6).Draw(t, "run"); i++ {
		pits[theirs+i] = rapid.IntRange(1, 2).Draw(t, "seeds")
	}
	on := 0
	for _, c := range pits {
		on += c
	}
	for i := 0; i < 6; i++ {
		pits[6*int(side)+i] = rapid.IntRange(0, min(13, 48-on)).Draw(t, "mine")
		on += pits[6*int(side)+i]
	}
	return boardgen.Board(draws{t}, pits, side, true)
}

// feedBackBoard draws a board where the opponent's side is empty and the
// mover has a pit of 12 to 23 seeds, whose laps feed the opponent and may
// take back all they fed.
func feedBackBoard(t *rapid.T) oware.Board {
	side := oware.Player(rapid.IntRange(0, 1).Draw(t, "side"))
	var pits [12]int
	pit := rapid.IntRange(0, 5).Draw(t, "big pit")
	seeds := rapid.IntRange(12, 23).Draw(t, "laps")
	if rapid.Bool().Draw(t, "takes all back") {
		seeds = 22 - pit // the last seed in the opponent's last pit, each of theirs holding 2
	}
	pits[6*int(side)+pit] = seeds
	boardgen.Scatter(draws{t}, &pits, rapid.IntRange(0, 6).Draw(t, "more"), 6*int(side), 6)
	return boardgen.Board(draws{t}, pits, side, true)
}

// rows returns the seeds on South's and on North's side of b, summed here
// from the pits rather than asked of the library.
func rows(b oware.Board) (south, north int) {
	for i, n := range b.Pits() {
		if i < 6 {
			south += n
		} else {
			north += n
		}
	}
	return south, north
}

// TestPropExplainIsPlay: under every preset, Explain makes the move that
// Play makes, and its record agrees with the boards before and after:
// Fed exactly when the opponent's side was empty before the move and is
// not after it (R7), the pits sown, and the seeds captured.
func TestPropExplainIsPlay(t *testing.T) {
	for _, name := range oware.RulesNames() {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := rules.Position(rapid.OneOf(rapid.Custom(randomBoard), rapid.Custom(starvableBoard)).Draw(t, "board"))
				for range rapid.IntRange(0, 30).Draw(t, "plies") {
					if p.Moves() == 0 {
						return
					}
					m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "move"))
					checkExplain(t, p, m)
					p, _ = p.Play(m)
				}
			})
		})
	}
}

// checkExplain checks Explain(m) at p against Play(m) and the boards.
func checkExplain(t *rapid.T, p oware.Position, m oware.Move) {
	next, err := p.Play(m)
	require.NoError(t, err)
	e, err := p.Explain(m)
	require.NoError(t, err)
	after := e.After()
	require.Equal(t, next.String(), after.String(), "Explain(%v) at %s", m, p)
	require.Equal(t, next.Repetitions(), after.Repetitions())
	require.Equal(t, next.Moves(), after.Moves())
	require.Equal(t, next.Outcome(), after.Outcome())
	require.Equal(t, next.Outcome(), e.Outcome())

	before, mover := p.Board(), p.Board().ToMove()
	opponent := mover.Opponent()
	_, northBefore := rows(before)
	southBefore, _ := rows(before)
	southAfter, northAfter := rows(after.Board())
	emptyBefore, emptyAfter := southBefore == 0, southAfter == 0
	if opponent == oware.North {
		emptyBefore, emptyAfter = northBefore == 0, northAfter == 0
	}
	require.Equal(t, emptyBefore && !emptyAfter, e.Fed(), "Fed of %v at %s (R7)", m, p)

	sown := slices.Collect(e.Sown())
	require.Len(t, sown, before.Pit(int(m)), "one pit per seed")
	require.Equal(t, sown[len(sown)-1], e.Last())
	require.NotContains(t, sown, int(m), "the pit of origin is skipped (R4)")
	captured := 0
	for c := range e.Captures() {
		captured += c.Seeds
	}
	require.Equal(t, captured, e.Captured())
	lone := 0
	if e.LoneSeeds() {
		lone = 1
	}
	require.Equal(t, before.Score(mover)+captured+lone, after.Board().Score(mover), "the mover's score after %v at %s", m, p)
	require.Equal(t, e.GrandSlam(), len(slices.Collect(e.Annulled())) > 0)
}

// TestFedUnderEveryPreset: hand-checked moves that do and do not feed an
// empty side. Under awari no move can reach North from A with one seed,
// so every move is allowed and A feeds nothing (Explain once said Fed
// there). Under board-game-rs the seed that F feeds is taken at once by
// the lone seeds rule, so North's side is empty again.
func TestFedUnderEveryPreset(t *testing.T) {
	for _, tc := range []struct {
		rules, start string
		move         oware.Move
		fed          bool
		sown         []int
	}{
		{"awari", "1-0-0-0-0-0-0-0-0-0-0-0-24-23-S", 0, false, []int{1}},
		{"abapa", "1-0-0-0-2-0-0-0-0-0-0-0-22-23-S", 4, true, []int{5, 6}},
		{"awari", "1-0-0-0-2-0-0-0-0-0-0-0-22-23-S", 4, true, []int{5, 6}},
		{"board-game-rs", "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S", 5, false, []int{6}},
		{"abapa", "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S", 5, true, []int{6}},
		{"abapa", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 2, false, []int{3, 4, 5, 6}},
	} {
		rules, err := oware.ParseRules(tc.rules)
		require.NoError(t, err)
		e, err := rules.Position(oware.MustParseBoard(tc.start)).Explain(tc.move)
		require.NoError(t, err, "%s %s %v", tc.rules, tc.start, tc.move)
		assert.Equal(t, tc.fed, e.Fed(), "%s %s %v", tc.rules, tc.start, tc.move)
		assert.Equal(t, tc.sown, slices.Collect(e.Sown()), "%s %s %v", tc.rules, tc.start, tc.move)
	}
}

// TestRepetitionsCountedExactly: under board-game-rs, which has no
// repetition rule, a position recurs as often as a cycle brings it back,
// and the count goes on past 63 (it once stopped there), through the
// text form too.
func TestRepetitionsCountedExactly(t *testing.T) {
	rules, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	p := rules.Position(oware.MustParseBoard("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N"))
	cycle := []oware.Move{8, 1, 9, 3, 10, 2, 11, 5, 6, 0, 7, 4} // c B d D e C f F a A b E
	for round := 1; round <= 70; round++ {
		for _, m := range cycle {
			p, err = p.Play(m)
			require.NoError(t, err)
		}
		require.Equal(t, round+1, p.Repetitions(), "after %d cycles", round)
	}
	q, err := oware.ParsePosition(p.String())
	require.NoError(t, err)
	assert.Equal(t, 71, q.Repetitions())
	for _, m := range cycle[:3] {
		p, _ = p.Play(m)
	}
	assert.Equal(t, 71, p.Repetitions(), "three plies into the 71st cycle")
}
