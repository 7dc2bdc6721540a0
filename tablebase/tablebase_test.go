package tablebase_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// smallSeeds is the highest level the tests build and check for every
// supported preset: 8, or 6 under the race detector.
var smallSeeds = map[bool]int{false: 8, true: 6}[raceEnabled]

// supported are the presets that tables can be built for.
var supported = []string{"abapa", "openspiel", "aalina", "auale", "awari"}

var (
	smallOnce   sync.Once
	smallDir    string
	smallTables *tablebase.Tables
	smallErr    error
)

// TestMain removes the tables the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if smallDir != "" {
		os.RemoveAll(smallDir)
	}
	os.Exit(code)
}

// small returns the tables of every supported preset up to smallSeeds,
// built once for all the tests.
func small(t testing.TB) *tablebase.Tables {
	t.Helper()
	smallOnce.Do(func() {
		smallDir, smallErr = os.MkdirTemp("", "tablebase-test-")
		if smallErr != nil {
			return
		}
		for _, name := range supported {
			if smallErr = tablebase.Build(context.Background(), smallDir, rules(t, name), smallSeeds, tablebase.BuildOptions{}); smallErr != nil {
				return
			}
		}
		smallTables, smallErr = tablebase.Open(smallDir)
	})
	require.NoError(t, smallErr)
	return smallTables
}

// tester is what the helpers need of a *testing.T, *testing.B or
// *rapid.T.
type tester interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	FailNow()
}

// rules returns a preset.
func rules(t tester, name string) oware.Rules {
	t.Helper()
	r, err := oware.ParseRules(name)
	require.NoError(t, err)
	return r
}

// position returns the position of relative pits b (the mover's first)
// with mover to move, under r, with scores below 25. It calls no
// t.Helper: it runs for every board of a level.
func position(t tester, r oware.Rules, b refBoard, mover oware.Player) oware.Position {
	var pits [12]int
	n := 0
	for i, s := range b {
		pits[(i+6*int(mover))%12] = s
		n += s
	}
	scores := [2]int{(48 - n) / 2, 48 - n - (48-n)/2}
	board, err := oware.NewBoard(pits, scores, mover)
	if err != nil {
		t.Fatalf("board %v: %v", b, err)
	}
	return r.Position(board)
}

// TestAgainstReference compares every board of every level up to
// smallSeeds, South and North to move, with the independent solver of
// ref_test.go, for awari (exact values) and abapa (bounds): the board's
// value and the value of each of its moves; the tables as Open maps them,
// and as OpenWith reads them onto huge pages.
func TestAgainstReference(t *testing.T) {
	small(t)
	huge, err := tablebase.OpenWith(smallDir, tablebase.OpenOptions{HugePages: true})
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		tb   *tablebase.Tables
	}{{"mapped", small(t)}, {"huge pages", huge}} {
		t.Run(tc.name, func(t *testing.T) { againstReference(t, tc.tb) })
	}
}

// againstReference is TestAgainstReference on tables tb.
func againstReference(t *testing.T, tb *tablebase.Tables) {
	for _, c := range []struct {
		name  string
		moves refRules
		exact bool
	}{{"awari", awariMoves, true}, {"abapa", abapaMoves, false}} {
		t.Run(c.name, func(t *testing.T) {
			r := rules(t, c.name)
			ref := refSolve(c.moves, smallSeeds, c.exact)
			var buf [6]tablebase.MoveValue
			for n, level := range ref {
				for _, b := range refBoards(level) {
					want := level[b]
					for _, mover := range []oware.Player{oware.South, oware.North} {
						p := position(t, r, b, mover)
						v, err := tb.Probe(p)
						if err != nil || v.Lo() != want.lo || v.Hi() != want.hi {
							t.Fatalf("%s %d seeds, %v: %v (%v), reference %d..%d", c.name, n, p.Board(), v, err, want.lo, want.hi)
						}
						moves, err := tb.ProbeMoves(p, buf[:0])
						refMoves, _ := c.moves(b)
						if err != nil || len(moves) != len(refMoves) {
							t.Fatalf("%v: moves %v (%v), reference %v", p.Board(), moves, err, refMoves)
						}
						for i, m := range refMoves {
							cv := ref[n-m.captured][m.child]
							if moves[i].Move != oware.Move(m.pit+6*int(mover)) {
								t.Fatalf("%v: moves %v, reference %v", p.Board(), moves, refMoves)
							}
							if moves[i].Value.Lo() != m.captured-cv.hi || moves[i].Value.Hi() != m.captured-cv.lo {
								t.Fatalf("%v move %v: %v, reference %d..%d", p.Board(), moves[i].Move, moves[i].Value, m.captured-cv.hi, m.captured-cv.lo)
							}
						}
					}
				}
			}
		})
	}
}

// TestReferenceSmall checks the reference solver itself on boards worked
// out by hand.
func TestReferenceSmall(t *testing.T) {
	awari := refSolve(awariMoves, 2, true)
	abapa := refSolve(abapaMoves, 2, false)
	for _, c := range []struct {
		levels []map[refBoard]refBounds
		board  refBoard
		want   refBounds
	}{
		// One seed, in the mover's last pit: it goes to the opponent's
		// first pit, from where it cannot come back. Abapa: the
		// opponent cannot feed and keeps it (R9). Awari: the opponent
		// must play it anyway, and then the mover has no seed and the
		// opponent takes it.
		{abapa, refBoard{0, 0, 0, 0, 0, 1}, refBounds{-1, -1}},
		{awari, refBoard{0, 0, 0, 0, 0, 1}, refBounds{-1, -1}},
		// The mover has no seed: the opponent takes those on the board.
		{awari, refBoard{0, 0, 0, 0, 0, 0, 1}, refBounds{-1, -1}},
		{abapa, refBoard{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, refBounds{-2, -2}},
		// The mover's last seed makes 2 in the opponent's only pit.
		// Abapa: a grand slam, annulled (R6); the opponent cannot feed
		// with two seeds in its first pit and keeps them (R9). Awari:
		// the only move may take everything, and does.
		{abapa, refBoard{0, 0, 0, 0, 0, 1, 1}, refBounds{-2, -2}},
		{awari, refBoard{0, 0, 0, 0, 0, 1, 1}, refBounds{2, 2}},
		// Nothing on the board.
		{abapa, refBoard{}, refBounds{0, 0}},
	} {
		assert.Equal(t, c.want, c.levels[boardSeeds(c.board)][c.board], "%v", c.board)
	}
}

// boardSeeds returns the seeds of b.
func boardSeeds(b refBoard) int {
	n := 0
	for _, s := range b {
		n += s
	}
	return n
}

// TestRecurrence checks, under every supported preset, that every entry
// up to smallSeeds satisfies its own recurrence: its bounds are the best
// over its moves (played by package oware) of the seeds captured minus
// the child's bounds, the lower with the lower and the upper with the
// upper; that lo ≤ hi; and that the mirrored board has the same value.
func TestRecurrence(t *testing.T) {
	tb := small(t)
	for _, name := range supported {
		t.Run(name, func(t *testing.T) {
			r := rules(t, name)
			top := tb.MaxSeeds(r)
			require.GreaterOrEqual(t, top, smallSeeds)
			for n := 0; n <= top; n++ {
				forEachBoard(n, func(b refBoard) {
					p := position(t, r, b, oware.South)
					v, err := tb.Probe(p)
					if err != nil {
						t.Fatalf("%v: %v", p.Board(), err)
					}
					checkRecurrence(t, tb, p, v)
					m, err := tb.Probe(r.Position(p.Board().Mirror()))
					if err != nil || m != v {
						t.Fatalf("%v: %v, mirrored %v (%v)", p.Board(), v, m, err)
					}
				})
			}
		})
	}
}

// checkRecurrence checks the bounds v of p against its children. It
// calls no t.Helper: it runs for every board of a level.
func checkRecurrence(t tester, tb *tablebase.Tables, p oware.Position, v tablebase.Value) {
	b := p.Board()
	n := 0
	for i := range 12 {
		n += b.Pit(i)
	}
	if v.Lo() > v.Hi() || v.Lo() < -n || v.Hi() > n {
		t.Fatalf("%v: bounds %v out of order or range", b, v)
	}
	if tablebase.Exact(p.Rules()) && !v.Exact() {
		t.Fatalf("%v: %v not exact under %v", b, v, p.Rules())
	}
	if p.Moves() == 0 {
		o := p.Outcome()
		me, them := b.ToMove(), b.ToMove().Opponent()
		want := (o.Tally(me) - b.Score(me)) - (o.Tally(them) - b.Score(them))
		if v.Lo() != want || v.Hi() != want {
			t.Fatalf("%v: finished game worth %d, table %v", b, want, v)
		}
		return
	}
	lo, hi := -1000, -1000
	for _, c := range p.Children() {
		captured := c.Board().Score(b.ToMove()) - b.Score(b.ToMove())
		cv, err := tb.Probe(c)
		if err != nil {
			t.Fatalf("%v: child %v: %v", b, c.Board(), err)
		}
		lo = max(lo, captured-cv.Hi())
		hi = max(hi, captured-cv.Lo())
	}
	if v.Lo() != lo || v.Hi() != hi {
		t.Fatalf("%v: %v, its moves give %d..%d", b, v, lo, hi)
	}
}

// forEachBoard calls f with every board of n seeds.
func forEachBoard(n int, f func(refBoard)) {
	var fill func(b refBoard, i, left int)
	fill = func(b refBoard, i, left int) {
		if i == 11 {
			b[11] = left
			f(b)
			return
		}
		for s := 0; s <= left; s++ {
			b[i] = s
			fill(b, i+1, left-s)
		}
	}
	fill(refBoard{}, 0, n)
}

// TestEntries checks the entry counts against a count of the boards
// whose opponent side has an empty pit, and against the figures of the
// package documentation.
func TestEntries(t *testing.T) {
	for n := 0; n <= 9; n++ {
		count := uint64(0)
		forEachBoard(n, func(b refBoard) {
			if b[6] == 0 || b[7] == 0 || b[8] == 0 || b[9] == 0 || b[10] == 0 || b[11] == 0 {
				count++
			}
		})
		assert.Equal(t, count, tablebase.Entries(n), "%d seeds", n)
	}
	// Every board with n seeds is C(n+11, 11); those with no empty pit
	// on the opponent's side are C(n+5, 11).
	assert.Equal(t, uint64(80_214_915), tablebase.Entries(20))
	assert.Equal(t, uint64(382_628_610), tablebase.Entries(24))
	assert.Equal(t, uint64(203_648_015_935), tablebase.Entries(48))
	assert.Zero(t, tablebase.Entries(-1))
	assert.Zero(t, tablebase.Entries(49))
}

// TestProperties plays random games under every supported preset and
// checks each position the tables hold: its recurrence, that the best
// moves are legal and worth the value, and that the history does not
// matter.
func TestProperties(t *testing.T) {
	tb := small(t)
	rapid.Check(t, func(rt *rapid.T) {
		r := rules(rt, rapid.SampledFrom(supported).Draw(rt, "rules"))
		var pits [12]int
		n := rapid.IntRange(0, tb.MaxSeeds(r)).Draw(rt, "seeds")
		for range n {
			pits[rapid.IntRange(0, 11).Draw(rt, "pit")]++
		}
		south := rapid.IntRange(0, 48-n).Draw(rt, "south")
		b, err := oware.NewBoard(pits, [2]int{south, 48 - n - south}, oware.Player(rapid.IntRange(0, 1).Draw(rt, "mover")))
		require.NoError(rt, err)
		p := r.Position(b)
		for ply := 0; ply < 30; ply++ {
			v, err := tb.Probe(p)
			require.NoError(rt, err)
			fresh, err := tb.Probe(r.Position(p.Board()))
			require.NoError(rt, err)
			require.Equal(rt, fresh, v, "the history does not count")
			best, bv, err := tb.BestMoves(p)
			require.NoError(rt, err)
			require.Equal(rt, v, bv)
			if p.Moves() == 0 {
				break
			}
			if p.Board().Score(oware.South) < 25 && p.Board().Score(oware.North) < 25 {
				checkRecurrence(rt, tb, p, v)
			}
			require.NotZero(rt, best, "%v", p.Board())
			require.Equal(rt, best, best&p.Moves())
			moves := p.Moves().AppendTo(nil)
			p, err = p.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(rt, "move")])
			require.NoError(rt, err)
		}
	})
}

// TestMissing checks the errors of positions the tables do not hold.
func TestMissing(t *testing.T) {
	tb := small(t)
	_, err := tb.Probe(oware.Start())
	var missing *tablebase.MissingTableError
	require.ErrorAs(t, err, &missing)
	assert.ErrorIs(t, err, tablebase.ErrMissingTable)
	assert.Equal(t, 48, missing.Seeds)
	assert.Equal(t, smallSeeds, missing.Max)
	assert.Equal(t, fmt.Sprintf("tablebase: no table for 48 seeds under abapa (the tables go up to %d)", smallSeeds), err.Error())

	r := rules(t, "playstrategy")
	b := oware.MustParseBoard("0-0-0-0-0-1-0-0-0-0-0-0-24-23-S")
	_, err = tb.Probe(r.Position(b))
	require.ErrorAs(t, err, &missing)
	assert.Equal(t, -1, missing.Max)
	assert.Equal(t, "tablebase: no table for 1 seeds under playstrategy (the tables hold none under these rules)", err.Error())
	_, err = tb.ProbeMoves(r.Position(b), nil)
	assert.ErrorIs(t, err, tablebase.ErrMissingTable)
	_, _, err = tb.BestMoves(r.Position(b))
	assert.ErrorIs(t, err, tablebase.ErrMissingTable)
	_, err = tb.Probe(oware.Position{})
	assert.ErrorIs(t, err, tablebase.ErrInvalidPosition)
	assert.Equal(t, -1, tb.MaxSeeds(r))
}

// TestUnsupported checks that Build refuses rules whose values depend on
// more than the board, and bad seed counts.
func TestUnsupported(t *testing.T) {
	for _, name := range []string{"playstrategy", "board-game-rs", "game-oware"} {
		assert.False(t, tablebase.Supported(rules(t, name)), name)
		err := tablebase.Build(context.Background(), t.TempDir(), rules(t, name), 2, tablebase.BuildOptions{})
		assert.ErrorIs(t, err, tablebase.ErrUnsupportedRules, name)
	}
	for _, name := range supported {
		assert.True(t, tablebase.Supported(rules(t, name)), name)
	}
	for _, n := range []int{-1, 49} {
		assert.Error(t, tablebase.Build(context.Background(), t.TempDir(), oware.Rules{}, n, tablebase.BuildOptions{}))
	}
}

// TestResume checks that Build reads the levels already built and builds
// only the others, reporting each.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	r := rules(t, "awari")
	var done []string
	opt := tablebase.BuildOptions{Workers: 1, Progress: func(p tablebase.Progress) {
		if p.Phase == "done" {
			done = append(done, fmt.Sprintf("%d:%v", p.Seeds, p.Existing))
		}
	}}
	require.NoError(t, tablebase.Build(context.Background(), dir, r, 3, opt))
	assert.Equal(t, []string{"0:false", "1:false", "2:false", "3:false"}, done)
	done = nil
	require.NoError(t, tablebase.Build(context.Background(), dir, r, 5, opt))
	assert.Equal(t, []string{"0:true", "1:true", "2:true", "3:true", "4:false", "5:false"}, done)
	// The files are those of a build in one go.
	other := t.TempDir()
	require.NoError(t, tablebase.Build(context.Background(), other, r, 5, tablebase.BuildOptions{}))
	for n := 0; n <= 5; n++ {
		a, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("awari-%d.otb", n)))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(other, fmt.Sprintf("awari-%d.otb", n)))
		require.NoError(t, err)
		assert.Equal(t, a, b, "level %d", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, tablebase.Build(ctx, t.TempDir(), r, 9, tablebase.BuildOptions{}), context.Canceled)
}

// TestOpenErrors checks that Open refuses damaged or incomplete
// directories.
func TestOpenErrors(t *testing.T) {
	r := rules(t, "awari")
	build := func(t *testing.T) string {
		dir := t.TempDir()
		require.NoError(t, tablebase.Build(context.Background(), dir, r, 6, tablebase.BuildOptions{}))
		return dir
	}
	t.Run("empty", func(t *testing.T) {
		_, err := tablebase.Open(t.TempDir())
		assert.ErrorIs(t, err, tablebase.ErrMissingTable)
	})
	t.Run("no such dir", func(t *testing.T) {
		_, err := tablebase.Open(filepath.Join(t.TempDir(), "nowhere"))
		assert.ErrorIs(t, err, os.ErrNotExist)
	})
	t.Run("gap", func(t *testing.T) {
		dir := build(t)
		require.NoError(t, os.Remove(filepath.Join(dir, "awari-3.otb")))
		_, err := tablebase.Open(dir)
		assert.ErrorIs(t, err, tablebase.ErrFormat)
		assert.ErrorContains(t, err, "awari-3.otb: missing, below awari-4.otb")
	})
	// forge sets entry i of a level of awari to v, and its checksums to
	// match.
	forge := func(b []byte, i int, v int8) []byte {
		b[64+i] = byte(v)
		binary.LittleEndian.PutUint32(b[28:], crc32.Checksum(b[64:], crc32.MakeTable(crc32.Castagnoli)))
		binary.LittleEndian.PutUint32(b[60:], crc32.Checksum(b[:60], crc32.MakeTable(crc32.Castagnoli)))
		return b
	}
	// Damaged levels: Open refuses them; Build builds them again and
	// keeps the damaged file beside.
	damage := map[string]func([]byte) []byte{
		"entry":      func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"header":     func(b []byte) []byte { b[13] ^= 1; return b },
		"truncated":  func(b []byte) []byte { return b[:len(b)-1] },
		"short":      func(b []byte) []byte { return b[:10] },
		"forged":     func(b []byte) []byte { return forge(b, 7, 6) }, // 5 seeds: a value above 5
		"forged low": func(b []byte) []byte { return forge(b, 0, -6) },
	}
	for name, f := range damage {
		t.Run(name, func(t *testing.T) {
			dir := build(t)
			path := filepath.Join(dir, "awari-5.otb")
			whole, err := os.ReadFile(path)
			require.NoError(t, err)
			damaged := f(bytes.Clone(whole))
			require.NoError(t, os.WriteFile(path, damaged, 0o666))
			_, err = tablebase.Open(dir)
			assert.ErrorIs(t, err, tablebase.ErrFormat)
			var fe *tablebase.FormatError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, path, fe.File)
			_, err = tablebase.OpenWith(dir, tablebase.OpenOptions{HugePages: true})
			require.ErrorAs(t, err, &fe, "read onto huge pages")
			assert.Equal(t, path, fe.File)
			require.NoError(t, tablebase.Build(context.Background(), dir, r, 6, tablebase.BuildOptions{}))
			_, err = tablebase.Open(dir)
			require.NoError(t, err)
			again, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, whole, again, "built again")
			kept, err := os.ReadFile(path + ".damaged")
			require.NoError(t, err)
			assert.Equal(t, damaged, kept, "the damaged file is kept")
		})
	}
	// Files that are no level's of this format: Open and Build refuse
	// them, and Build leaves them as they are.
	foreign := map[string]func([]byte) []byte{
		"magic": func(b []byte) []byte { b[0] = 'X'; return b },
		"version": func(b []byte) []byte {
			b[8] = 2
			binary.LittleEndian.PutUint32(b[60:], crc32.Checksum(b[:60], crc32.MakeTable(crc32.Castagnoli)))
			return b
		},
		"no bytes": func([]byte) []byte { return []byte{} },
	}
	for name, f := range foreign {
		t.Run(name, func(t *testing.T) {
			dir := build(t)
			path := filepath.Join(dir, "awari-5.otb")
			whole, err := os.ReadFile(path)
			require.NoError(t, err)
			changed := f(whole)
			require.NoError(t, os.WriteFile(path, changed, 0o666))
			_, err = tablebase.Open(dir)
			assert.ErrorIs(t, err, tablebase.ErrFormat)
			assert.ErrorIs(t, tablebase.Build(context.Background(), dir, r, 6, tablebase.BuildOptions{}), tablebase.ErrFormat)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, changed, after, "left as it was")
			assert.NoFileExists(t, path+".damaged")
		})
	}
	t.Run("renamed", func(t *testing.T) {
		dir := build(t)
		require.NoError(t, os.Rename(filepath.Join(dir, "awari-6.otb"), filepath.Join(dir, "abapa-0.otb")))
		_, err := tablebase.Open(dir)
		assert.ErrorContains(t, err, "header says awari-6.otb")
	})
}

// TestNoAllocs pins the probe of a board, and of its moves, at zero
// allocations under every supported preset: a board the tables hold, and
// one on which the side that just moved has no empty pit, probed through
// its children.
func TestNoAllocs(t *testing.T) {
	tb := small(t)
	var buf [6]tablebase.MoveValue
	for _, name := range supported {
		for _, b := range []refBoard{{1, 0, 2, 0, 1, 0, 1, 1, 0, 0, 0, 0}, {1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1}} {
			p := position(t, rules(t, name), b, oware.North)
			if oware.NumSeeds-p.Board().Score(oware.South)-p.Board().Score(oware.North) > smallSeeds {
				continue // beyond the small tables of a run under the race detector; checked without it
			}
			allocs := testing.AllocsPerRun(100, func() {
				if _, err := tb.Probe(p); err != nil {
					t.Fatal(err)
				}
				if _, err := tb.ProbeMoves(p, buf[:0]); err != nil {
					t.Fatal(err)
				}
				if _, _, err := tb.BestMoves(p); err != nil {
					t.Fatal(err)
				}
			})
			assert.Zero(t, allocs, "%s %v", name, b)
		}
	}
}

// TestConcurrent probes from many goroutines at once (for the race
// detector).
func TestConcurrent(t *testing.T) {
	tb := small(t)
	r := rules(t, "abapa")
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			forEachBoard(4+g%2, func(b refBoard) {
				if _, err := tb.Probe(position(t, r, b, oware.South)); err != nil {
					t.Error(err)
				}
			})
		}()
	}
	wg.Wait()
}

// TestValue checks Value's methods on hand-made cases.
func TestValue(t *testing.T) {
	tb := small(t)
	// The mover has 1 seed in its last pit, the opponent 2 and 1 in its
	// first two (abapa): the move makes 3 in the opponent's first pit and
	// takes them; the opponent cannot feed with its last seed and keeps
	// it (R9). Worth 3 - 1 = 2 to the mover.
	r := rules(t, "abapa")
	for _, mover := range []oware.Player{oware.South, oware.North} {
		p := position(t, r, refBoard{0, 0, 0, 0, 0, 1, 2, 1}, mover)
		v, err := tb.Probe(p)
		require.NoError(t, err)
		assert.Equal(t, "2", v.String())
		assert.True(t, v.Exact())
		assert.Equal(t, 2, v.Lo())
		assert.Equal(t, 2, v.Hi())
		// The scores are 22 and 22: the mover ends 25-23.
		lo, hi := v.Margin(p.Board())
		want := 2
		if mover == oware.North {
			want = -2
		}
		assert.Equal(t, [2]int{want, want}, [2]int{lo, hi})
	}
	// A board of bounds: both South and North to move.
	var bounded oware.Position
	forEachBoard(6, func(b refBoard) {
		p := position(t, r, b, oware.South)
		if v, _ := tb.Probe(p); !v.Exact() && !bounded.Valid() {
			bounded = p
		}
	})
	require.True(t, bounded.Valid(), "some board of 6 seeds has bounds")
	v, err := tb.Probe(bounded)
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("%d..%d", v.Lo(), v.Hi()), v.String())
	lo, hi := v.Margin(bounded.Board())
	assert.Equal(t, [2]int{v.Lo(), v.Hi()}, [2]int{lo, hi}) // scores 21-21
	lo, hi = v.Margin(bounded.Board().Mirror())
	assert.Equal(t, [2]int{-v.Hi(), -v.Lo()}, [2]int{lo, hi})
	assert.Equal(t, "0", tablebase.Value{}.String())
}

// TestExample16 checks Romein and Bal's example against the 16-seed
// level of awari: the board 1 1 1 1 1 2 4 2 3 0 0 0 (the mover's pits
// first) is worth 0, and its six moves -1, -1, -2, -2, -2 and 0. The
// level takes a while to build, so the test reads the tables from the
// directory in OWARE_TABLEBASE_DIR (CI builds them there), and is skipped
// without it.
func TestExample16(t *testing.T) {
	tb := dirTables(t)
	r := rules(t, "awari")
	if tb.MaxSeeds(r) < 16 {
		t.Skip("the tables hold no awari level of 16 seeds")
	}
	for _, mover := range []oware.Player{oware.South, oware.North} {
		p := position(t, r, refBoard{1, 1, 1, 1, 1, 2, 4, 2, 3, 0, 0, 0}, mover)
		v, err := tb.Probe(p)
		require.NoError(t, err)
		assert.Equal(t, "0", v.String())
		moves, err := tb.ProbeMoves(p, nil)
		require.NoError(t, err)
		var got []string
		for _, m := range moves {
			got = append(got, m.Value.String())
		}
		assert.Equal(t, []string{"-1", "-1", "-2", "-2", "-2", "0"}, got)
		checkRecurrence(t, tb, p, v)
	}
}

// TestDirRecurrence checks every entry of every level of the tables in
// OWARE_TABLEBASE_DIR up to OWARE_TABLEBASE_CHECK seeds (12 by default)
// against its recurrence, as TestRecurrence does for the small levels.
func TestDirRecurrence(t *testing.T) {
	tb := dirTables(t)
	top := 12
	if s := os.Getenv("OWARE_TABLEBASE_CHECK"); s != "" {
		var err error
		top, err = strconv.Atoi(s)
		require.NoError(t, err, "OWARE_TABLEBASE_CHECK")
	}
	for _, name := range oware.RulesNames() {
		r := rules(t, name)
		for n := 0; n <= min(top, tb.MaxSeeds(r)); n++ {
			forEachBoard(n, func(b refBoard) {
				p := position(t, r, b, oware.South)
				v, err := tb.Probe(p)
				if err != nil {
					t.Fatalf("%v: %v", p.Board(), err)
				}
				checkRecurrence(t, tb, p, v)
			})
			t.Logf("%s %d seeds: every entry checked", name, n)
		}
	}
}

// dirTables opens the tables in OWARE_TABLEBASE_DIR, or skips the test.
func dirTables(t *testing.T) *tablebase.Tables {
	t.Helper()
	dir := os.Getenv("OWARE_TABLEBASE_DIR")
	if dir == "" {
		t.Skip("OWARE_TABLEBASE_DIR not set: build tables there to run this test")
	}
	tb, err := tablebase.Open(dir)
	require.NoError(t, err)
	return tb
}

// BenchmarkProbe measures a probe of a board of the tables.
func BenchmarkProbe(b *testing.B) {
	tb := small(b)
	r := rules(b, "awari")
	var ps []oware.Position
	forEachBoard(smallSeeds, func(rb refBoard) {
		if len(ps) < 1024 && (rb[6] == 0 || rb[11] == 0) {
			ps = append(ps, position(b, r, rb, oware.Player(len(ps)%2)))
		}
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tb.Probe(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProbeMoves measures the values of every move of a board.
func BenchmarkProbeMoves(b *testing.B) {
	tb := small(b)
	p := position(b, rules(b, "awari"), refBoard{1, 0, 2, 0, 0, 0, 1, 1, 0, 1, 0, 0}, oware.South)
	var buf [6]tablebase.MoveValue
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tb.ProbeMoves(p, buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// errorsAs is errors.As, kept for the examples' imports.
var _ = errors.As
