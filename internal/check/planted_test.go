package check

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plantedBug is a bug of the example adapter, the family made to find it
// and the preset it shows under, and what the check must report: the rule
// of the divergence, or the kind of failure to answer, and the plies and
// most seeds of the smallest case. The bugs marked long run in the long
// checks only; the others include one for each family.
type plantedBug struct {
	long               bool
	bug                string
	family             Kind
	rules              string
	rule               string // the rule of the divergence, or "" for a failure to answer
	err                error  // the failure to answer, when rule is ""
	minPlies, maxPlies int
	seeds              int
}

// plantedBugs are worked out by hand. One move shows a wrong sowing,
// capture or feeding on a board of few seeds: a pit of 4 taken needs the
// 3 seeds that make it, the seed that lands and one more of the
// opponent's (5, and the shrinker may keep one or two more); a capture
// needs 3 seeds; the lone seeds and a grand slam 2; a lap 12 seeds, its
// fourth 45. A start shows a wrong ending or outcome: 1 seed left to
// feed (2 under aalina, where the mover must be able to move), none at
// 24-24. A game ended one occurrence early takes one
// 12-ply cycle of 2 seeds, the third occurrence two. A refused move needs
// 2 seeds, or none after the end. A repetition forgotten after W plies
// needs a cycle longer than W: the long lines' cycles of 270 and 1,040
// plies; the limits of plies need as many plies as they count, 500 or
// 1,001, in a long line of 7 seeds.
var plantedBugs = []plantedBug{
	{false, "capture-4", Opening, "abapa", "R5", nil, 1, 1, 7},
	{true, "chain-off-by-one", Opening, "abapa", "R5", nil, 1, 1, 8},
	{true, "chain-own-side", Opening, "abapa", "R5", nil, 1, 1, 6},
	{false, "misspelt-field", Opening, "abapa", "", ErrMalformed, 1, 1, 3},
	{false, "no-lone-seeds", Endgame, "board-game-rs", "LoneSeeds", nil, 1, 1, 2},
	{true, "extra-field", Endgame, "abapa", "", ErrMalformed, 0, 0, 0},
	{true, "lap-origin", Laps, "abapa", "R4", nil, 1, 1, 12},
	{false, "three-laps", Laps, "abapa", "R4", nil, 1, 1, 45},
	{false, "no-grand-slam", GrandSlam, "abapa", "R6", nil, 1, 1, 2},
	{true, "slam-annulled", GrandSlam, "board-game-rs", "GrandSlam", nil, 1, 1, 2},
	{true, "slam-annulled", GrandSlam, "awari", "GrandSlam", nil, 1, 1, 8},
	{true, "no-feeding", Feeding, "abapa", "R7", nil, 0, 0, 1},
	{false, "lap-not-feeding", Feeding, "abapa", "R7", nil, 0, 0, 12},
	{false, "sweep-after-25", Majority, "abapa", "D3", nil, 0, 0, 1},
	{true, "sweep-after-25", Majority, "aalina", "MajoritySweep", nil, 0, 0, 2},
	{false, "south-wins-ties", Draw, "abapa", "R11", nil, 0, 0, 0},
	{true, "second-occurrence", Repetition, "abapa", "R10", nil, 12, 12, 2},
	{true, "legal-after-end", Repetition, "abapa", "D5", nil, 24, 24, 2},
	{false, "repeat-3", Repetition, "openspiel", "RepeatLimit", nil, 12, 12, 2},
	{true, "no-even-split", Repetition, "awari", "EvenSplit", nil, 24, 24, 2},
	{false, "empty-side-repetition", EmptySide, "abapa", "R10", nil, 24, 24, 2},
	{false, "won-start", Ended, "abapa", "R8", nil, 0, 0, 0},
	{true, "no-id", Ended, "abapa", "", ErrWrongID, 1, 1, 1},
	{false, "accept-illegal", Illegal, "abapa", "R2", nil, 1, 1, 2},
	{true, "wrong-code", Illegal, "abapa", "R2", nil, 1, 1, 2},
	{false, "no-version", Illegal, "abapa", "", ErrMalformed, 1, 1, 0},
	{false, "memory-256", LongLine, "abapa", "D2", nil, 257, 300, 7},
	{true, "memory-512", LongLine, "abapa", "D2", nil, 513, 600, 7},
	{true, "ply-limit-late", LongLine, "playstrategy", "MaxPlies", nil, 1001, 1001, 7},
	{true, "no-quiet-limit", LongLine, "game-oware", "MaxQuietPlies", nil, 500, 500, 7},
	{true, "crash", Laps, "abapa", "", ErrCrashed, 1, 1, 12},
	{true, "garbage", Feeding, "abapa", "", ErrNotJSON, 1, 1, 2},
	{true, "wrong-id", Majority, "abapa", "", ErrWrongID, 1, 1, 5},
}

// TestPlantedBugs: each bug is found by the family made to find it, and
// shrunk. With OWARE_CHECK_LONG=readme, each is found by a default run
// too, whose first case, rule and shrunk size the log gives for the
// README's table.
func TestPlantedBugs(t *testing.T) {
	for _, pb := range plantedBugs {
		t.Run(pb.bug+"/"+pb.rules, func(t *testing.T) {
			t.Parallel()
			if pb.long {
				long(t)
			}
			r, err := LookupRules(pb.rules)
			require.NoError(t, err)
			cfg := config(t, toy(t, pb.bug), DefaultGames)
			cfg.Rules, cfg.Families = r, []Kind{pb.family}
			res, err := Run(t.Context(), cfg)
			require.NoError(t, err)
			require.NotNil(t, res.Failure, "the bug is found")
			pb.check(t, res.Failure)
			if os.Getenv(longEnv) != "readme" {
				return
			}
			// A default run meets the bug in whichever family comes
			// first, which may show it otherwise: a move after the end
			// accepted is D5, not R2.
			cfg.Families = nil
			res, err = Run(t.Context(), cfg)
			require.NoError(t, err)
			require.NotNil(t, res.Failure, "the bug is found by a default run")
			f := res.Failure
			var what string
			if pb.rule != "" {
				var d *Divergence
				require.ErrorAs(t, f.Err, &d, "a divergence")
				what = d.Rule
			} else {
				require.ErrorIs(t, f.Err, pb.err)
				what = pb.err.Error()
			}
			t.Logf("README: | `%s` | %s | %s | %s | %d | %d | %d |", pb.bug, f.Found.Kind, pb.rules, what, f.Cases, f.Shrunk.Plies(), f.Shrunk.Seeds())
		})
	}
}

// check checks the failure f found for pb.
func (pb plantedBug) check(t *testing.T, f *Failure) {
	t.Helper()
	if pb.rule != "" {
		var d *Divergence
		require.ErrorAs(t, f.Err, &d)
		assert.Equal(t, pb.rule, d.Rule, "%v", d)
		assert.Equal(t, f.Shrunk.Plies(), d.Ply, "the case ends with the ply that diverges")
	} else {
		assert.ErrorIs(t, f.Err, pb.err)
	}
	assert.GreaterOrEqual(t, f.Shrunk.Plies(), pb.minPlies, f.Shrunk.Line())
	assert.LessOrEqual(t, f.Shrunk.Plies(), pb.maxPlies, f.Shrunk.Line())
	assert.LessOrEqual(t, f.Shrunk.Seeds(), pb.seeds, f.Shrunk.Line())
	t.Logf("%s under %s: found by %s at case %d (%d plies), shrunk in %d tries to %d plies, %d seeds: %s; %v",
		pb.bug, pb.rules, f.Found.Kind, f.Cases, f.Found.Plies(), f.Tries, f.Shrunk.Plies(), f.Shrunk.Seeds(), cut(f.Shrunk.Line()), f.Err)
}
