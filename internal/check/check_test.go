package check

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// rules is the default preset.
func rules(t *testing.T) Rules {
	r, err := LookupRules(DefaultRules)
	require.NoError(t, err)
	return r
}

// config returns a check of n cases of seed 1 against argv.
func config(t *testing.T, argv []string, n int) Config {
	return Config{Rules: rules(t), Command: argv, Games: n, Seed: 1, Timeout: time.Minute}
}

func TestLookupRules(t *testing.T) {
	r, err := LookupRules("abapa")
	require.NoError(t, err)
	assert.Equal(t, "abapa", r.Name)
	_, err = LookupRules("chess")
	assert.ErrorIs(t, err, oware.ErrUnknownRules)
}

// TestPresetsAgainstTheLibrary: under every preset the requests name their
// rules, and the library's oracle agrees with itself; the abapa toy, which
// knows no presets, is found out under OpenSpiel's rules.
func TestPresetsAgainstTheLibrary(t *testing.T) {
	for _, name := range oware.RulesNames() {
		r, err := LookupRules(name)
		require.NoError(t, err)
		cfg := config(t, helper(t, "oracle"), 90)
		cfg.Rules = r
		res, err := Run(t.Context(), cfg)
		require.NoError(t, err, name)
		require.Nil(t, res.Failure, "%s: the library agrees with itself", name)
		if name != DefaultRules {
			assert.Contains(t, openingCase(r).Line(), `"rules":"`+name+`"`)
		}
	}
	r, err := LookupRules("openspiel")
	require.NoError(t, err)
	cfg := config(t, toy(t, ""), 400)
	cfg.Rules = r
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err)
	require.NotNil(t, res.Failure, "the abapa toy does not play OpenSpiel's rules")
}

func TestAgainstTheLibrary(t *testing.T) {
	n := 900 // 100 cases of each kind
	res, err := Run(t.Context(), config(t, helper(t, "oracle"), n))
	require.NoError(t, err)
	require.Nil(t, res.Failure, "the library agrees with itself")
	assert.Equal(t, n+1, res.Cases, "the opening, then the cases")
	assert.Greater(t, res.Plies, 10*n)
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, res))
	assert.Regexp(t, `^ok: 901 cases, \d+ plies checked in .*: no divergence\n$`, out.String())
}

func TestOptionalFieldsLeftOut(t *testing.T) {
	res, err := Run(t.Context(), config(t, helper(t, "minimal"), 90))
	require.NoError(t, err)
	assert.Nil(t, res.Failure, "a subject that gives position and legal only agrees")
}

func TestToyWithoutBugs(t *testing.T) {
	res, err := Run(t.Context(), config(t, toy(t, ""), 450)) // 50 of each kind
	require.NoError(t, err)
	require.Nil(t, res.Failure, "the example adapter implements the rules")
}

// plantedBugs are the bugs of the toy, the rule that each breaks, and the
// most plies and seeds of a case that shows it, worked out by hand: one
// move shows a wrong sowing or capture on a board of few seeds; a game ended
// one occurrence early takes one 12-ply cycle of 3 seeds, the empty-side
// exception two; a swept board needs one seed left after 25.
var plantedBugs = []struct {
	bug          string
	rule         string
	plies, seeds int
}{
	{"capture-4", "R5", 1, 8},
	{"no-grand-slam", "R6", 1, 4},
	{"second-occurrence", "R10", 12, 3},
	{"no-feeding", "R7", 1, 3},
	{"lap-origin", "R4", 1, 12},
	{"empty-side-repetition", "R10", 24, 3},
	{"sweep-after-25", "R8", 1, 2},
	{"chain-off-by-one", "R5", 1, 8},
}

func TestPlantedBugs(t *testing.T) {
	for _, pb := range plantedBugs {
		t.Run(pb.bug, func(t *testing.T) {
			res, err := Run(t.Context(), config(t, toy(t, pb.bug), DefaultGames))
			require.NoError(t, err)
			require.NotNil(t, res.Failure, "the bug is found")
			f := res.Failure
			var d *Divergence
			require.ErrorAs(t, f.Err, &d)
			assert.Equal(t, pb.rule, d.Rule, "%v", d)
			assert.LessOrEqual(t, len(f.Shrunk.Moves), pb.plies, f.Shrunk.Line())
			assert.LessOrEqual(t, f.Shrunk.Seeds(), pb.seeds, f.Shrunk.Line())
			assert.Equal(t, len(f.Shrunk.Moves), d.Ply, "the case ends with the ply that diverges")
			t.Logf("%s: found at case %d, shrunk in %d tries to %d plies, %d seeds: %s",
				pb.bug, f.Cases, f.Tries, len(f.Shrunk.Moves), f.Shrunk.Seeds(), f.Shrunk.Line())
		})
	}
}

// TestPlantedBugsShownByTheShrunkCase checks, with the library, that the
// smallest cases show what each bug breaks.
func TestPlantedBugsShownByTheShrunkCase(t *testing.T) {
	shows := map[string]func(before oware.Position, e oware.Effect) bool{
		"no-grand-slam": func(_ oware.Position, e oware.Effect) bool { return e.GrandSlam() },
		"lap-origin":    func(_ oware.Position, e oware.Effect) bool { return e.Seeds() >= 12 },
		"no-feeding": func(b oware.Position, _ oware.Effect) bool {
			return true // the legal moves after the move differ; checked below
		},
		"empty-side-repetition": func(_ oware.Position, e oware.Effect) bool {
			a := e.After().Board()
			return e.After().Repetitions() == 3 && (a.SideSeeds(oware.South) == 0 || a.SideSeeds(oware.North) == 0)
		},
		"second-occurrence": func(_ oware.Position, e oware.Effect) bool { return e.After().Repetitions() == 2 },
		"sweep-after-25":    func(_ oware.Position, e oware.Effect) bool { return e.Outcome().Reason() == oware.Majority },
	}
	for bug, show := range shows {
		res, err := Run(t.Context(), config(t, toy(t, bug), DefaultGames))
		require.NoError(t, err)
		require.NotNil(t, res.Failure, bug)
		c := res.Failure.Shrunk
		ps := c.positions()
		require.Len(t, ps, len(c.Moves)+1, "every move is legal")
		if len(c.Moves) == 0 {
			assert.Equal(t, "sweep-after-25", bug, "only a start can show a swept board")
			assert.Equal(t, oware.Majority, ps[0].Outcome().Reason())
			continue
		}
		before := ps[len(ps)-2]
		e, err := before.Explain(c.Moves[len(c.Moves)-1])
		require.NoError(t, err)
		assert.True(t, show(before, e), "%s: %s", bug, c.Line())
	}
}

func TestCrash(t *testing.T) {
	res, err := Run(t.Context(), config(t, toy(t, "crash"), DefaultGames))
	require.NoError(t, err, "it answers the opening, so it runs")
	require.NotNil(t, res.Failure)
	f := res.Failure
	assert.ErrorIs(t, f.Err, ErrCrashed)
	var se *SubjectError
	require.ErrorAs(t, f.Err, &se)
	assert.Contains(t, se.Stderr, "RuntimeError: toy: laps are not implemented")
	assert.Equal(t, "exit status 1", se.Detail)
	// The toy dies on a move of 12 seeds or more: one such move, alone on
	// the board.
	require.Len(t, f.Shrunk.Moves, 1, f.Shrunk.Line())
	assert.Equal(t, 12, f.Shrunk.Seeds())
	assert.Equal(t, 12, f.Shrunk.Start.Pit(f.Shrunk.Moves[0].Pit()))
}

func TestGarbage(t *testing.T) {
	res, err := Run(t.Context(), config(t, toy(t, "garbage"), DefaultGames))
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.ErrorIs(t, res.Failure.Err, ErrNotJSON)
	var se *SubjectError
	require.ErrorAs(t, res.Failure.Err, &se)
	assert.Equal(t, "fed! the toy is pleased", se.Line)
	// The toy prints its line when a move feeds: one move, from one seed.
	c := res.Failure.Shrunk
	require.Len(t, c.Moves, 1, c.Line())
	assert.Equal(t, 1, c.Seeds())
}

func TestWrongID(t *testing.T) {
	res, err := Run(t.Context(), config(t, toy(t, "wrong-id"), DefaultGames))
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.ErrorIs(t, res.Failure.Err, ErrWrongID)
	assert.LessOrEqual(t, len(res.Failure.Shrunk.Moves), 1, res.Failure.Shrunk.Line())
}

func TestHangOnACase(t *testing.T) {
	cfg := config(t, toy(t, "hang"), DefaultGames)
	cfg.Timeout = 2 * time.Second // far above the toy's answer to a small case, once started
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.ErrorIs(t, res.Failure.Err, ErrTimeout)
	// The toy hangs on a grand slam: one move.
	c := res.Failure.Shrunk
	require.Len(t, c.Moves, 1, c.Line())
	e, err := oware.PositionFrom(c.Start).Explain(c.Moves[0])
	require.NoError(t, err)
	assert.True(t, e.GrandSlam())
}

func TestCannotRun(t *testing.T) {
	_, err := Run(t.Context(), config(t, []string{filepath.Join(t.TempDir(), "no-such-program")}, 3))
	assert.ErrorIs(t, err, ErrCannotRun)

	_, err = Run(t.Context(), config(t, helper(t, "exit"), 3))
	assert.ErrorIs(t, err, ErrCannotRun)
	assert.ErrorIs(t, err, ErrCrashed)
	var se *SubjectError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "subject: cannot load the model", se.Stderr)
	assert.Equal(t, "exit status 3", se.Detail)

	_, err = Run(t.Context(), config(t, toy(t, "no-such-bug"), 3))
	assert.ErrorIs(t, err, ErrCannotRun)
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.Stderr, "usage: toy_oware.py [--bug NAME]")
}

func TestReportOfADivergence(t *testing.T) {
	res, err := Run(t.Context(), config(t, toy(t, "no-grand-slam"), DefaultGames))
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, res))
	text := out.String()
	for _, want := range []string{"rule:     R6 (grand slam)\n", "library says: {", "subject says: {",
		"  grand_slam\n    library: true\n    subject: false\n"} {
		assert.Contains(t, text, want)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last := lines[len(lines)-1]
	assert.Equal(t, res.Failure.Shrunk.Line(), last)
	req, err := oracle.DecodeRequest([]byte(last))
	require.NoError(t, err, "the last line is an oracle request")
	resp := oracle.Answer(req)
	require.Nil(t, resp.Error)
	assert.True(t, resp.Plies[len(resp.Plies)-1].GrandSlam())
}

func TestRunCancelled(t *testing.T) {
	cfg := config(t, helper(t, "hang"), 3)
	cfg.StartTimeout = 10 * time.Minute
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	began := time.Now()
	_, err := Run(ctx, cfg)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(began), cfg.StartTimeout, "Run stops when its context is done")
}
