package uci

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// readyWith serves a session of a new built-in engine of cfg that asks
// isready, and returns its lines and the endgame seeds of its engine (-1
// for no tables).
func readyWith(t *testing.T, cfg EngineConfig) ([]string, int) {
	t.Helper()
	got, eng := readyEngine(t, cfg)
	tb := eng.Tables()
	if tb == nil {
		return got, -1
	}
	return got, tb.MaxSeeds(cfg.Rules)
}

// readyEngine serves a session of a new built-in engine of cfg that asks
// isready, and returns its lines and its engine.
func readyEngine(t *testing.T, cfg EngineConfig) ([]string, *engine.Engine) {
	t.Helper()
	srv, err := NewEngineServer(cfg)
	require.NoError(t, err)
	got := serveAnsweredBy(t, srv, "isready\n")
	eng, ok := srv.Engine.(*engine.Engine)
	require.True(t, ok)
	return got, eng
}

// sameProbes checks that got gives the values that want does at 200
// positions of 1 to seeds seeds under r drawn with seed.
func sameProbes[V any](t *testing.T, r oware.Rules, seeds int, seed uint64, want, got func(oware.Position) (V, error)) {
	t.Helper()
	rng := prng.New(seed)
	for range 200 {
		p := r.Position(boardgen.Endgame(rng, 1, seeds))
		w, err := want(p)
		require.NoError(t, err, "%s", p.Board())
		v, err := got(p)
		require.NoError(t, err, "%s", p.Board())
		assert.Equal(t, w, v, "%s", p.Board())
	}
}

// inode returns the inode number of the file at path, which a file
// written again (a temporary file renamed over it) changes.
func inode(t *testing.T, path string) uint64 {
	t.Helper()
	info, err := os.Stat(path)
	require.NoError(t, err)
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		t.Skip("no inode numbers on this system")
	}
	return st.Ino
}

// TestEngineServerCache: with a cache, the endgames are built there on the
// first start, in the directory CacheDir names, as tables that
// tablebase.Open reads and that agree with those solved in memory; the
// next start reads them without writing anything; a damaged level is
// built again; and a cache that cannot be made is reported in an info
// string, the endgames then solved in memory, up to MemoryEndgame seeds.
func TestEngineServerCache(t *testing.T) {
	aalina, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	const seeds = 7
	cache := t.TempDir()
	cfg := EngineConfig{Rules: aalina, HashMB: MinHashMB, Endgame: seeds, Cache: cache}
	dir := filepath.Join(cache, "endgames", "aalina-7")
	require.Equal(t, dir, CacheDir(cache, aalina, seeds))

	got, top := readyWith(t, cfg)
	assert.Equal(t, []string{"readyok"}, got, "nothing to report")
	assert.Equal(t, seeds, top)
	built, err := tablebase.Open(dir)
	require.NoError(t, err)
	assert.Equal(t, seeds, built.MaxSeeds(aalina))
	inMemory, err := tablebase.Compute(t.Context(), aalina, seeds, tablebase.BuildOptions{})
	require.NoError(t, err)
	sameProbes(t, aalina, seeds, 7, inMemory.Probe, built.Probe)

	// The second start reads the files written by the first.
	level := filepath.Join(dir, "aalina-6.otb")
	before := inode(t, level)
	got, top = readyWith(t, cfg)
	assert.Equal(t, []string{"readyok"}, got)
	assert.Equal(t, seeds, top)
	assert.Equal(t, before, inode(t, level), "read, not written again")

	// A damaged level is set aside and built again.
	data, err := os.ReadFile(level)
	require.NoError(t, err)
	data[len(data)-1] ^= 0x02
	require.NoError(t, os.WriteFile(level, data, 0o644))
	got, top = readyWith(t, cfg)
	assert.Equal(t, []string{"readyok"}, got)
	assert.Equal(t, seeds, top)
	assert.FileExists(t, level+".damaged")
	assert.NotEqual(t, before, inode(t, level), "written again")
	rebuilt, err := tablebase.Open(dir)
	require.NoError(t, err)
	assert.Equal(t, seeds, rebuilt.MaxSeeds(aalina))

	// A cache where a file stands in the way of its directory.
	blocked := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(blocked, nil, 0o644))
	cfg.Cache = blocked
	cfg.HistorySeeds = -1
	got, top = readyWith(t, cfg)
	require.Len(t, got, 2)
	assert.True(t, strings.HasPrefix(got[0], "info string error: endgame cache "+CacheDir(blocked, aalina, seeds)+": "), got[0])
	assert.Contains(t, got[0], "not a directory")
	assert.True(t, strings.HasSuffix(got[0], "; the endgames of up to 7 seeds are solved in memory instead"), got[0])
	assert.Equal(t, "readyok", got[1])
	assert.Equal(t, seeds, top, "solved in memory")
	cfg.HistorySeeds = -1 // none: the cycle bounds' error is TestEngineServerHistoryCache's
	if !raceEnabled {
		cfg.Endgame = MemoryEndgame + 1
		got, top = readyWith(t, cfg)
		require.Len(t, got, 2)
		assert.True(t, strings.HasSuffix(got[0], "; the endgames of up to 12 seeds are solved in memory instead"), got[0])
		assert.Equal(t, MemoryEndgame, top, "no more in memory than MemoryEndgame")
	}
}

// TestEngineServerHistoryCache: under rules where a value depends on the
// history, the first start with a cache also builds there the cycle
// bounds of package solve, of up to min(HistorySeeds, Endgame) seeds,
// equal to those computed in memory, which the engine then holds; the
// next start reads them without writing; none are built with NoSolve or
// with a negative HistorySeeds; and a cache where they cannot be built is
// reported in an info string of its own, the endgames read all the same.
func TestEngineServerHistoryCache(t *testing.T) {
	aalina, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	const seeds = 7
	cache := t.TempDir()
	cfg := EngineConfig{Rules: aalina, HashMB: MinHashMB, Endgame: seeds, HistorySeeds: 20, Cache: cache}
	dir := CacheDir(cache, aalina, seeds)

	got, eng := readyEngine(t, cfg)
	assert.Equal(t, []string{"readyok"}, got, "nothing to report")
	require.NotNil(t, eng.History())
	assert.Equal(t, seeds, eng.History().MaxSeeds(), "no more than the endgames")
	built, err := solve.Open(dir, aalina)
	require.NoError(t, err)
	assert.Equal(t, seeds, built.MaxSeeds())
	inMemory, err := solve.Compute(t.Context(), aalina, seeds, solve.BuildOptions{BoardNodes: 1})
	require.NoError(t, err)
	sameProbes(t, aalina, seeds, 17, inMemory.Probe, built.Probe)

	level := filepath.Join(dir, "aalina-6.osv")
	before := inode(t, level)
	got, eng = readyEngine(t, cfg)
	assert.Equal(t, []string{"readyok"}, got)
	require.NotNil(t, eng.History())
	assert.Equal(t, before, inode(t, level), "read, not written again")

	for _, c := range []EngineConfig{
		{Rules: aalina, HashMB: MinHashMB, Endgame: seeds, Cache: t.TempDir(), NoSolve: true},
		{Rules: aalina, HashMB: MinHashMB, Endgame: seeds, Cache: t.TempDir(), HistorySeeds: -1},
	} {
		got, eng = readyEngine(t, c)
		assert.Equal(t, []string{"readyok"}, got, "%+v", c)
		assert.Nil(t, eng.History(), "%+v", c)
		assert.NoFileExists(t, filepath.Join(CacheDir(c.Cache, c.Rules, seeds), "aalina-0.osv"), "%+v", c)
	}

	// The endgames read, the cycle bounds blocked by a file where their
	// first level goes.
	cfg.Cache = t.TempDir()
	dir = CacheDir(cfg.Cache, aalina, seeds)
	require.NoError(t, tablebase.Build(t.Context(), dir, aalina, seeds, tablebase.BuildOptions{}))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "aalina-0.osv"), 0o755))
	got, eng = readyEngine(t, cfg)
	require.Len(t, got, 2, "%q", got)
	assert.True(t, strings.HasPrefix(got[0], "info string error: cycle bounds cache "+dir+": "), got[0])
	assert.True(t, strings.HasSuffix(got[0], "; package solve starts from the endgames' bounds instead"), got[0])
	assert.Equal(t, "readyok", got[1])
	assert.Nil(t, eng.History())
	assert.Equal(t, seeds, eng.Tables().MaxSeeds(aalina), "the endgames all the same")
}
