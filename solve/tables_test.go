package solve

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// supportedNames are the presets that the package solves.
var supportedNames = []string{"abapa", "openspiel", "aalina", "auale", "awari"}

// TestSupported: the presets with a repetition rule and without limits
// of plies or lone seeds.
func TestSupported(t *testing.T) {
	for _, name := range oware.RulesNames() {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		want := false
		for _, s := range supportedNames {
			want = want || s == name
		}
		require.Equal(t, want, Supported(r), name)
	}
	lone, err := oware.ParseRules("board-game-rs") // lone seeds, no repetition rule
	require.NoError(t, err)
	_, err = Compute(context.Background(), lone, 2, BuildOptions{})
	require.ErrorIs(t, err, ErrUnsupportedRules)
	_, err = Compute(context.Background(), oware.Rules{}, 49, BuildOptions{})
	require.Error(t, err)
}

// TestCycleBoundsWithinTablebase: the cycle bounds of every board are
// within the bounds of package tablebase (which count every endless game
// as the worst or the best for the mover), under every supported preset,
// up to 8 seeds; under awari, where a repetition is worth 0 wherever it
// happens, both are exact and equal; and the value of a board met for
// the first time lies within its cycle bounds.
func TestCycleBoundsWithinTablebase(t *testing.T) {
	const seeds = 8
	for _, name := range supportedNames {
		t.Run(name, func(t *testing.T) {
			r, _ := oware.ParseRules(name)
			ours, err := Compute(context.Background(), r, seeds, BuildOptions{BoardNodes: 1})
			require.NoError(t, err)
			plain, err := tablebase.Compute(context.Background(), r, seeds, tablebase.BuildOptions{})
			require.NoError(t, err)
			tighter := 0
			for n := 0; n <= seeds; n++ {
				q := relAt(n, 0)
				for i := range Size(n) {
					if i > 0 {
						q.next()
					}
					p := r.Position(q.board())
					clo, chi := ours.levels[n].cycle(i)
					lo, hi := ours.levels[n].fresh(i)
					require.True(t, clo <= lo && lo <= hi && hi <= chi, "%v: cycle %d..%d, value %d..%d", q, clo, chi, lo, hi)
					v, err := plain.Probe(p)
					require.NoError(t, err)
					require.True(t, v.Lo() <= int(clo) && int(chi) <= v.Hi(), "%v: cycle %d..%d, tablebase %v", q, clo, chi, v)
					if name == "awari" {
						require.Equal(t, [2]int{v.Lo(), v.Hi()}, [2]int{int(clo), int(chi)}, "%v", q)
					}
					if int(clo) > v.Lo() || int(chi) < v.Hi() {
						tighter++
					}
				}
			}
			if name != "awari" {
				require.Positive(t, tighter, "the cycle bounds are no tighter anywhere")
			}
		})
	}
}

// TestCycleBoundsRecurrence: every entry's cycle bounds satisfy their
// recurrence, the value of a positional game: lo is the best over the
// moves of the seeds captured minus the child's bound (a lower level's
// bounds of a board met for the first time for a capture, the upper
// cycle bound for a move that captures nothing), hi the same with the
// other bounds; a finished game is worth its result. Under abapa and
// aalina, up to 9 seeds.
func TestCycleBoundsRecurrence(t *testing.T) {
	for _, name := range []string{"abapa", "aalina"} {
		r, _ := oware.ParseRules(name)
		tabs, err := Compute(context.Background(), r, 9, BuildOptions{BoardNodes: 1})
		require.NoError(t, err)
		for n, l := range tabs.levels {
			q := relAt(n, 0)
			for i := range Size(n) {
				if i > 0 {
					q.next()
				}
				p := r.Position(q.board())
				clo, chi := l.cycle(i)
				if p.Outcome().Over() {
					v := terminal(&p)
					require.Equal(t, [2]int{v, v}, [2]int{int(clo), int(chi)}, "%v", q)
					continue
				}
				lo, hi := -100, -100
				for _, c := range p.Children() {
					cq, cn := relOf(c.Board())
					captured := n - cn
					var l2, h2 int8
					if captured > 0 {
						l2, h2 = tabs.levels[cn].fresh(cq.index(cn))
					} else {
						l2, h2 = l.cycle(cq.index(cn))
					}
					lo, hi = max(lo, captured-int(h2)), max(hi, captured-int(l2))
				}
				require.Equal(t, [2]int{lo, hi}, [2]int{int(clo), int(chi)}, "%s %v", name, q)
			}
		}
	}
}

// TestFiles: Build writes what Compute computes, Open reads it back, a
// second Build keeps the files and builds only a missing level, and a
// damaged file is refused.
func TestFiles(t *testing.T) {
	ctx := context.Background()
	r, _ := oware.ParseRules("aalina")
	dir := t.TempDir()
	opt := BuildOptions{BoardNodes: 200}
	require.NoError(t, Build(ctx, dir, r, 7, opt))
	want, err := Compute(ctx, r, 7, opt)
	require.NoError(t, err)
	got, err := Open(dir, r)
	require.NoError(t, err)
	require.Equal(t, 7, got.MaxSeeds())
	for n := range want.levels {
		require.Equal(t, want.levels[n].data, got.levels[n].data, "%d seeds", n)
	}

	// Resume: a missing level is built again, the others are read.
	path := filepath.Join(dir, "aalina-5.osv")
	six := filepath.Join(dir, "aalina-6.osv")
	before, err := os.Stat(six)
	require.NoError(t, err)
	require.NoError(t, os.Remove(path))
	require.NoError(t, Build(ctx, dir, r, 7, opt))
	after, err := os.Stat(six)
	require.NoError(t, err)
	require.Equal(t, before.ModTime(), after.ModTime(), "a level already built was rewritten")
	_, err = os.Stat(path)
	require.NoError(t, err)

	// Damage.
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"entry", func(b []byte) []byte { b[headerSize+10] ^= 1; return b }},
		{"header", func(b []byte) []byte { b[12] ^= 1; return b }},
		{"magic", func(b []byte) []byte { b[0] = 'X'; return b }},
		{"truncated", func(b []byte) []byte { return b[:len(b)-1] }},
		{"short", func(b []byte) []byte { return b[:10] }},
	} {
		bad := tc.damage(append([]byte(nil), data...))
		require.NoError(t, os.WriteFile(path, bad, 0o644))
		_, err := Open(dir, r)
		require.ErrorIs(t, err, ErrFormat, tc.name)
		var fe *FormatError
		require.ErrorAs(t, err, &fe, tc.name)
		require.Equal(t, path, fe.File)
	}
	require.NoError(t, os.WriteFile(path, data, 0o644))

	// Another level's file under this name.
	four, err := os.ReadFile(filepath.Join(dir, "aalina-4.osv"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, four, 0o644))
	_, err = Open(dir, r)
	require.ErrorIs(t, err, ErrFormat)

	_, err = Open(t.TempDir(), r)
	require.ErrorIs(t, err, ErrMissingTable)
	abapa, _ := oware.ParseRules("abapa")
	_, err = Open(dir, abapa)
	require.ErrorIs(t, err, ErrMissingTable)
}

// TestProbe: the value of a board met for the first time, whatever the
// history; the errors of a position the tables do not hold.
func TestProbe(t *testing.T) {
	tabs := tablesFor(t, "abapa")
	// South's F makes 3 in North's a and takes them; North, left with the
	// seed in b, cannot feed South and keeps it (R9): South takes 3, North 1.
	p := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	v, err := tabs.Probe(p)
	require.NoError(t, err)
	require.Equal(t, "2", v.String())
	require.True(t, v.Exact())
	lo, hi := v.Margin(p.Board())
	require.Equal(t, [2]int{2, 2}, [2]int{lo, hi})

	_, err = tabs.Probe(oware.Start())
	var missing *MissingTableError
	require.ErrorAs(t, err, &missing)
	require.Equal(t, MissingTableError{Rules: oware.Rules{}, Seeds: 48, Max: testTableSeeds}, *missing)
	require.ErrorIs(t, err, ErrMissingTable)
	require.Equal(t, fmt.Sprintf("solve: no table for 48 seeds under abapa (the tables go up to %d)", testTableSeeds), err.Error())

	aalina, _ := oware.ParseRules("aalina")
	_, err = tabs.Probe(aalina.Position(p.Board()))
	require.ErrorAs(t, err, &missing)
	require.Equal(t, -1, missing.Max)
	_, err = tabs.Probe(oware.Position{})
	require.True(t, errors.Is(err, ErrInvalidPosition))
}

// TestLevelStatsString: the line of a level's statistics, its counts
// written with commas between thousands, as its doc says.
func TestLevelStatsString(t *testing.T) {
	for _, c := range []struct {
		st   LevelStats
		want string
	}{
		{LevelStats{Seeds: 12, Entries: 1_352_078, Exact: 1_352_078, CycleExact: 1_099_240}, "12 seeds: 1,352,078 boards, 81.3% exact by their cycle bounds, 100.0% exact"},
		{LevelStats{Seeds: 1, Entries: 12, Exact: 12, CycleExact: 6}, "1 seed: 12 boards, 50.0% exact by their cycle bounds, 100.0% exact"},
		{LevelStats{Seeds: 0, Entries: 1}, "0 seeds: 1 board, 0.0% exact by their cycle bounds, 0.0% exact"},
		{LevelStats{Seeds: 3, Entries: 364, Exact: 91}, "3 seeds: 364 boards, 0.0% exact by their cycle bounds, 25.0% exact"},
		{LevelStats{Seeds: 3, Entries: 364, Exact: 91, Budget: 1}, "3 seeds: 364 boards, 0.0% exact by their cycle bounds, 25.0% exact, the others at their bounds without a search"},
		{LevelStats{Seeds: 8, Entries: 75_582, Exact: 69_690, CycleExact: 63_027, Budget: 200_000}, "8 seeds: 75,582 boards, 83.4% exact by their cycle bounds, 92.2% exact, the others at bounds after a search of 200,000 positions each"},
		{LevelStats{Seeds: 8, Entries: 75_582, Exact: 75_553, CycleExact: 63_027, Budget: 2_097_152}, "8 seeds: 75,582 boards, 83.4% exact by their cycle bounds, 99.96% exact, the others at bounds after a search of 2,097,152 positions each"},
		{LevelStats{Seeds: 12, Entries: 1_352_078, Exact: 1_352_077, CycleExact: 1, Budget: 1}, "12 seeds: 1,352,078 boards, 0.0001% exact by their cycle bounds, 99.9999% exact, the others at their bounds without a search"},
		{LevelStats{Seeds: 2, Entries: 78, Exact: 78, CycleExact: 65, Budget: 1}, "2 seeds: 78 boards, 83.3% exact by their cycle bounds, 100.0% exact"},
	} {
		require.Equal(t, c.want, c.st.String())
	}
}
