package check

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
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

// perFamily is the number of cases of each family that the checks
// against the library send: enough to go through the variants of every
// family (five long lines, six error codes) twice.
const perFamily = 12

func TestAgainstTheLibrary(t *testing.T) {
	n := perFamily * int(numKinds)
	res, err := Run(t.Context(), config(t, helper(t, "oracle"), n))
	require.NoError(t, err)
	require.Nil(t, res.Failure, "the library agrees with itself")
	assert.Equal(t, n+1, res.Cases, "the opening, then the cases")
	for _, k := range Kinds() {
		want := perFamily
		if k == Opening {
			want++ // the opening with no moves
		}
		assert.Equal(t, want, res.Families[k], k)
	}
	g, plies := NewGenerator(rules(t), 1), 0
	for range n {
		plies += g.Next().Plies()
	}
	assert.Equal(t, plies, res.Plies, "the plies of the cases, the refused moves included")
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, res))
	assert.Regexp(t, `^ok: 145 cases, \d+ plies checked in .*: no divergence\n$`, out.String())
}

// TestPresetsAgainstTheLibrary: under every preset the requests name their
// rules, and the library's oracle agrees with itself.
func TestPresetsAgainstTheLibrary(t *testing.T) {
	for _, name := range oware.RulesNames() {
		r, err := LookupRules(name)
		require.NoError(t, err)
		cfg := config(t, helper(t, "oracle"), perFamily*int(numKinds)/2)
		cfg.Rules = r
		res, err := Run(t.Context(), cfg)
		require.NoError(t, err, name)
		require.Nil(t, res.Failure, "%s: the library agrees with itself", name)
		if name != DefaultRules {
			assert.Contains(t, openingCase(r).Line(), `"rules":"`+name+`"`)
		}
	}
}

func TestOptionalFieldsLeftOut(t *testing.T) {
	res, err := Run(t.Context(), config(t, helper(t, "minimal"), perFamily*int(numKinds)))
	require.NoError(t, err)
	assert.Nil(t, res.Failure, "a subject that gives the required fields only agrees")
}

// TestExampleAdapterUnderEveryPreset: the example adapter, without a bug,
// agrees with the library under every preset: on a case of each family,
// and in the long checks on 20 of each.
func TestExampleAdapterUnderEveryPreset(t *testing.T) {
	n := int(numKinds)
	if os.Getenv(longEnv) != "" {
		n = 20 * int(numKinds)
	}
	for _, name := range oware.RulesNames() {
		r, err := LookupRules(name)
		require.NoError(t, err)
		cfg := config(t, toy(t, ""), n)
		cfg.Rules = r
		res, err := Run(t.Context(), cfg)
		require.NoError(t, err)
		if !assert.Nil(t, res.Failure, "%s: the example adapter implements the rules", name) {
			var out bytes.Buffer
			_ = WriteReport(&out, res)
			t.Log(out.String())
		}
	}
}

// The failures to answer, each planted in a subject that starts fast: the
// test binary as the library's oracle. The example adapter's bugs of the
// same names are among the planted bugs; its hang is checked here, in the
// long checks.

// subjects returns the subject with the fault, the test binary, and, when
// bug is not "" and the long checks run, the example adapter with bug.
func subjects(t *testing.T, fault, bug string) map[string][]string {
	out := map[string][]string{"test binary": helper(t, fault)}
	if bug != "" && os.Getenv(longEnv) != "" {
		out["example adapter"] = toy(t, bug)
	}
	return out
}

// failsToAnswer runs cfg with the cases of family only, and returns the
// failure, which must be a failure to answer that wraps want.
func failsToAnswer(t *testing.T, name string, cfg Config, family Kind, want error) (*Failure, *SubjectError) {
	t.Helper()
	cfg.Families = []Kind{family}
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err, "%s: it answers the opening, so it runs", name)
	require.NotNil(t, res.Failure, name)
	assert.ErrorIs(t, res.Failure.Err, want, name)
	var se *SubjectError
	require.ErrorAs(t, res.Failure.Err, &se, name)
	require.Len(t, res.Failure.Shrunk.Moves, 1, "%s: one move shows it: %s", name, res.Failure.Shrunk.Line())
	return res.Failure, se
}

func TestCrash(t *testing.T) {
	for name, argv := range subjects(t, "crash", "") {
		f, se := failsToAnswer(t, name, config(t, argv, DefaultGames), Laps, ErrCrashed)
		assert.Contains(t, se.Stderr, "laps are not implemented", name)
		assert.Equal(t, "exit status 1", se.Detail, name)
		// The subject dies on a move of 12 seeds or more: one such move,
		// alone on the board.
		assert.Equal(t, 12, f.Shrunk.Seeds(), name)
		assert.Equal(t, 12, f.Shrunk.Start.Pit(f.Shrunk.Moves[0].Pit()), name)
	}
}

func TestGarbage(t *testing.T) {
	for name, argv := range subjects(t, "garbage", "") {
		f, se := failsToAnswer(t, name, config(t, argv, DefaultGames), Feeding, ErrNotJSON)
		assert.Contains(t, se.Line, "fed! the ", name)
		// The line comes when a move feeds: from one or two seeds (a
		// seed in the last pit feeds; so do two in the pit before).
		assert.LessOrEqual(t, f.Shrunk.Seeds(), 2, "%s: %s", name, f.Shrunk.Line())
	}
}

func TestWrongID(t *testing.T) {
	for name, argv := range subjects(t, "wrong-id", "") {
		// Another id when a capture makes 25.
		_, se := failsToAnswer(t, name, config(t, argv, DefaultGames), Majority, ErrWrongID)
		assert.Contains(t, se.Detail, `id "not this one", want `, name)
	}
}

func TestHangOnACase(t *testing.T) {
	for name, argv := range subjects(t, "hang-on-slam", "hang") {
		cfg := config(t, argv, DefaultGames)
		cfg.Timeout = 300 * time.Millisecond // far above an answer to a small case, once started
		cfg.StartTimeout = time.Minute
		if name == "example adapter" {
			cfg.Timeout = time.Second // python on a loaded machine
		}
		// The subject hangs on a grand slam: one move.
		f, _ := failsToAnswer(t, name, cfg, GrandSlam, ErrTimeout)
		e, err := oware.PositionFrom(f.Shrunk.Start).Explain(f.Shrunk.Moves[0])
		require.NoError(t, err)
		assert.True(t, e.GrandSlam(), name)
	}
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

	t.Run("example adapter", func(t *testing.T) {
		_, err := Run(t.Context(), config(t, toy(t, "no-such-bug"), 3))
		assert.ErrorIs(t, err, ErrCannotRun)
		require.ErrorAs(t, err, &se)
		assert.Contains(t, se.Stderr, "usage: toy_oware.py [--bug NAME]")
	})
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

// TestProgress: Progress is called before every case, with the counts so
// far and the family of the case, then while shrinking.
func TestProgress(t *testing.T) {
	var seen []Progress
	cfg := config(t, helper(t, "oracle"), 2*int(numKinds))
	cfg.Progress = func(p Progress) { seen = append(seen, p) }
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err)
	require.Len(t, seen, 1+2*int(numKinds), "the opening, then each case")
	for i, p := range seen {
		assert.Equal(t, Kind(max(i-1, 0)%int(numKinds)), p.Kind, i)
		assert.Equal(t, i, p.Cases, "the cases done before this one")
		assert.False(t, p.Shrinking)
		if i > 0 {
			assert.GreaterOrEqual(t, p.Plies, seen[i-1].Plies)
			assert.GreaterOrEqual(t, p.Elapsed, seen[i-1].Elapsed)
		}
	}
	g := NewGenerator(rules(t), 1)
	var c Case
	for range 2 * int(numKinds) {
		c = g.Next()
	}
	assert.Equal(t, c.Plies(), res.Plies-seen[len(seen)-1].Plies, "the last call comes before the last case")

	seen = nil
	cfg = config(t, helper(t, "crash"), DefaultGames)
	cfg.Families = []Kind{Laps}
	cfg.Progress = func(p Progress) { seen = append(seen, p) }
	res, err = Run(t.Context(), cfg)
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	last := seen[len(seen)-1]
	assert.True(t, last.Shrinking)
	assert.Equal(t, res.Failure.Tries, last.Tries)
	assert.Equal(t, res.Cases, last.Cases, "shrinking leaves the counts of cases in agreement")
}
