package check

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

func TestGeneratorReproducible(t *testing.T) {
	a, b, c := NewGenerator(rules(t), 7), NewGenerator(rules(t), 7), NewGenerator(rules(t), 8)
	differ := false
	for i := range 2 * int(numKinds) {
		x, y, z := a.Next(), b.Next(), c.Next()
		assert.Equal(t, x.Line(), y.Line(), "the same seed gives the same cases")
		assert.Equal(t, Kind(i%int(numKinds)), x.Kind, "families come in turn")
		assert.Equal(t, x.Kind, z.Kind)
		differ = differ || x.Line() != z.Line()
	}
	assert.True(t, differ, "another seed gives other cases")
	g := NewGenerator(rules(t), 7, Laps, Illegal)
	for i := range 4 {
		assert.Equal(t, []Kind{Laps, Illegal}[i%2], g.Next().Kind, "the families asked for, in turn")
	}
}

// casesPerFamily is the number of cases of each family that
// TestFamiliesReachTheirRules plays: each variant of a family four times
// or more.
const casesPerFamily = 24

// TestFamiliesReachTheirRules plays, with the library, the cases of each
// family under every preset and checks that each family reaches what it
// is made for, and that every case is a start, legal moves, then at most
// one move that the library refuses.
func TestFamiliesReachTheirRules(t *testing.T) {
	want := map[Kind][]string{
		Opening:    {"R5 capture", "R3 sowing"},
		Endgame:    {"over"},
		Laps:       {"1 lap", "2 laps", "3 laps", "4 laps", "48 seeds in one pit"},
		GrandSlam:  {"a move that takes or would take every seed", "across the 11→0 wrap"},
		Feeding:    {"R7 fed", "a lap that feeds"},
		Majority:   {"R8 at exactly 25", "R8 past 25"},
		Draw:       {"24-24"},
		Repetition: {"a third occurrence"},
		EmptySide:  {"a third occurrence with an empty side"},
		Ended: {"a start won by 25", "a start won by more than 25", "a start without a move",
			"a game played to its end", "a move after the end"},
		Illegal: {"refused: empty_pit", "refused: not_your_pit", "refused: must_feed", "refused: game_over", "refused: bad_move"},
		LongLine: {"1,000 plies without a capture", "a recurrence 16 plies back", "a recurrence 64 plies back",
			"a recurrence 256 plies back", "a recurrence 1,024 plies back"},
	}
	// What a preset's rules never reach: a win by 25 without R8, a third
	// occurrence where the second ends the game, a line longer than the
	// preset's limit.
	repeatAt2 := []string{"a third occurrence", "a third occurrence with an empty side"}
	without := map[string][]string{
		"openspiel":    repeatAt2,
		"aalina":       repeatAt2,
		"auale":        repeatAt2,
		"playstrategy": append(repeatAt2, "a recurrence 1,024 plies back"),
		"game-oware":   {"1,000 plies without a capture", "a recurrence 1,024 plies back"},
		"awari":        {"R8 at exactly 25", "R8 past 25", "a start won by 25", "a start won by more than 25"},
	}
	perPreset := map[string]map[Kind][]string{
		"abapa":     {Repetition: {"R10"}, EmptySide: {"no end with an empty side"}},
		"openspiel": {Repetition: {"R10 at the second occurrence"}, EmptySide: {"R10 with an empty side"}, Majority: {"the board swept"}},
		"aalina":    {Repetition: {"R10 at the second occurrence"}, EmptySide: {"R10 with an empty side"}},
		"auale":     {Repetition: {"R10 at the second occurrence"}, EmptySide: {"R10 with an empty side"}},
		"playstrategy": {Repetition: {"R10 at the second occurrence"}, EmptySide: {"a recurrence with an empty side that goes on"},
			LongLine: {"ply limit", "1,000 plies without a capture"}},
		"board-game-rs": {Endgame: {"lone seeds"}, GrandSlam: {"a grand slam that captures"}},
		"game-oware":    {Repetition: {"R10"}, LongLine: {"quiet limit"}},
		"awari": {GrandSlam: {"refused: grand_slam", "a grand slam that captures"}, Illegal: {"refused: grand_slam"},
			Repetition: {"an even split"}, Majority: {"no win by 25"}},
	}
	for _, name := range oware.RulesNames() {
		r, err := LookupRules(name)
		require.NoError(t, err)
		g := NewGenerator(r, 1)
		seen := map[Kind]map[string]int{}
		for range casesPerFamily * int(numKinds) {
			c := g.Next()
			if seen[c.Kind] == nil {
				seen[c.Kind] = map[string]int{}
			}
			for _, what := range observe(t, c) {
				seen[c.Kind][what]++
			}
		}
		for k, whats := range want {
			for _, what := range append(whats, perPreset[name][k]...) {
				if !slices.Contains(without[name], what) {
					assert.Positive(t, seen[k][what], "%s, %s: %s", name, k, what)
				}
			}
		}
		t.Logf("%s: %v", name, seen)
	}
}

// observe plays c with the library and names what it shows.
func observe(t *testing.T, c Case) []string {
	var seen []string
	add := func(ok bool, format string, a ...any) {
		if ok {
			seen = append(seen, fmt.Sprintf(format, a...))
		}
	}
	r := c.rules
	ps := c.positions()
	require.Len(t, ps, len(c.Moves)+1, "every move of a case is legal: %s", c.Line())
	start, end := ps[0], ps[len(ps)-1]
	if c.Refused != "" {
		m, err := oware.ParseMove(c.Refused)
		if err == nil {
			_, err = end.Play(m)
		}
		require.Error(t, err, "the refused move is refused: %s", c.Line())
		code := oracle.CodeBadMove
		if k, ok := oracle.ErrorOf(err); ok {
			code = k.Code
		}
		add(true, "refused: %s", code)
		add(code == oracle.CodeGameOver, "a move after the end")
		if code == oracle.CodeGrandSlam {
			add(true, "a move that takes or would take every seed")
			add(m.Player() == oware.North && int(m)+end.Board().Pit(int(m)) > 11, "across the 11→0 wrap")
		}
	}
	b := start.Board()
	top := max(b.Score(oware.South), b.Score(oware.North))
	add(top == oware.WinningScore && start.Outcome().Reason() == oware.Majority, "a start won by 25")
	add(top > oware.WinningScore && start.Outcome().Reason() == oware.Majority, "a start won by more than 25")
	add(start.Outcome().Reason() == oware.NoMove, "a start without a move")
	add(len(c.Moves) > 0 && end.Outcome().Over(), "a game played to its end")
	add(end.Outcome().Over(), "over")
	add(end.Outcome().Draw() && end.Outcome().Tally(oware.South) == 24, "24-24")
	add(end.Outcome().Reason() == oware.PlyLimit, "ply limit")
	add(end.Outcome().Reason() == oware.QuietLimit, "quiet limit")
	add(end.Outcome().Reason() == oware.Repetition, "R10")
	add(end.Outcome().Reason() == oware.Repetition && end.Repetitions() == 2, "R10 at the second occurrence")
	add(end.Outcome().Reason() == oware.Repetition && emptySide(end.Board()), "R10 with an empty side")
	add(end.Outcome().Reason() == oware.Repetition && r.EvenSplit(), "an even split")
	captures, last := 0, map[oware.Board]int{b: 0}
	for i, m := range c.Moves {
		e, err := ps[i].Explain(m)
		require.NoError(t, err)
		before := ps[i].Board()
		opp := before.ToMove().Opponent()
		add(i == 0 && e.Seeds() >= 12, "%s", lapsOf(e.Seeds()))
		add(i == 0 && e.Seeds() == oware.NumSeeds, "48 seeds in one pit")
		add(e.Captured() > 0, "R5 capture")
		add(true, "R3 sowing")
		slam := e.GrandSlam() || e.Captured() > 0 && e.After().Board().SideSeeds(opp) == 0
		add(slam, "a move that takes or would take every seed")
		add(e.Captured() > 0 && e.After().Board().SideSeeds(opp) == 0, "a grand slam that captures")
		add(slam && e.Player() == oware.North && e.Last() < oware.PitsPerSide && int(m)+e.Seeds() > 11, "across the 11→0 wrap")
		add(e.Fed(), "R7 fed")
		add(e.Fed() && e.Seeds() >= 12, "a lap that feeds")
		add(e.LoneSeeds(), "lone seeds")
		after := e.After().Board()
		mover := before.ToMove()
		add(e.Outcome().Reason() == oware.Majority && after.Score(mover) == oware.WinningScore, "R8 at exactly 25")
		add(e.Outcome().Reason() == oware.Majority && after.Score(mover) > oware.WinningScore, "R8 past 25")
		add(e.Outcome().Reason() == oware.Majority && e.Outcome().Tally(oware.South)+e.Outcome().Tally(oware.North) == oware.NumSeeds &&
			after.SideSeeds(oware.South)+after.SideSeeds(oware.North) > 0, "the board swept")
		add(r.NoMajority() && after.Score(mover) >= oware.WinningScore, "no win by 25")
		add(e.After().Repetitions() >= 3, "a third occurrence")
		add(e.After().Repetitions() >= 3 && emptySide(after), "a third occurrence with an empty side")
		add(e.After().Repetitions() >= 3 && emptySide(after) && !e.Outcome().Over(), "no end with an empty side")
		add(e.After().Repetitions() >= 2 && emptySide(after) && !e.Outcome().Over(), "a recurrence with an empty side that goes on")
		if e.Captured() > 0 || e.LoneSeeds() {
			captures++
			clear(last)
		}
		if j, ok := last[after]; ok {
			for _, d := range lineDistances {
				add(i+1-j >= d, "a recurrence %s plies back", thousands(d))
			}
		}
		last[after] = i + 1
	}
	add(captures == 0 && len(c.Moves) >= 1000, "1,000 plies without a capture")
	return seen
}

// lapsOf names the laps of a move of n seeds, 12 or more.
func lapsOf(n int) string {
	laps := (n - 1) / (oware.NumPits - 1)
	if laps == 1 {
		return "1 lap"
	}
	return fmt.Sprintf("%d laps", laps)
}

// thousands writes n with a comma between thousands, as the README does.
func thousands(n int) string {
	if n < 1000 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%d,%03d", n/1000, n%1000)
}

// TestLongLines: the long lines are capture-free, of the lengths the
// family promises, and their recurrences are where they should be.
func TestLongLines(t *testing.T) {
	g := NewGenerator(rules(t), 5, LongLine)
	for turn := range 2 * (len(lineDistances) + 1) {
		c := g.Next()
		ps := c.positions()
		require.Len(t, ps, len(c.Moves)+1)
		for _, p := range ps {
			require.Equal(t, c.Start.Score(oware.South), p.Board().Score(oware.South), "no capture")
			require.Equal(t, c.Start.Score(oware.North), p.Board().Score(oware.North), "no capture")
		}
		variant := turn % (len(lineDistances) + 1)
		if variant == len(lineDistances) {
			assert.Len(t, c.Moves, lineStraight)
			for i, p := range ps {
				assert.Equal(t, 1, p.Repetitions(), "nothing recurs: ply %d", i)
			}
			continue
		}
		// A simple cycle of at least d moves, played twice: the start
		// recurs after it, and a third time at the end (R10).
		n := len(c.Moves) / 2
		assert.GreaterOrEqual(t, n, lineDistances[variant])
		assert.Equal(t, c.Moves[:n], c.Moves[n:])
		assert.Equal(t, c.Start, ps[n].Board())
		for i := 1; i < n; i++ {
			assert.Equal(t, 1, ps[i].Repetitions(), "the cycle is simple: ply %d", i)
		}
		assert.Equal(t, 3, ps[2*n].Repetitions())
		assert.Equal(t, oware.Repetition, ps[2*n].Outcome().Reason())
	}
}
