package uci

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// Limits of the Hash option of the built-in engine, in MB, and its
// default.
const (
	MinHashMB     = 1
	MaxHashMB     = 4096
	DefaultHashMB = 64
)

// The endgames that the built-in engine plays from: by default, up to
// DefaultEndgame seeds, built once into a cache directory
// (EngineConfig.Cache) and read from it afterwards; at most MaxEndgame;
// and up to MemoryEndgame where there is no cache to read or build, as
// solving more in memory at every start takes too long (15 seeds: 11
// CPU-seconds, against 1.3 for 12).
const (
	DefaultEndgame = 22
	MaxEndgame     = 22
	MemoryEndgame  = 12
)

// DefaultHistorySeeds is the most seeds of the boards whose cycle bounds
// (the tables of package solve, without search:
// solve.BuildOptions.BoardNodes 1) the built-in engine builds by default
// into its cache beside its endgames (EngineConfig.HistorySeeds), under
// rules where a value depends on the history (solve.Supported), for
// package solve to start from where the engine asks it: far tighter than
// the endgames' bounds, and a quarter of a minute on one core under
// aalina, once.
const DefaultHistorySeeds = 12

// EngineConfig configures the Server of the built-in engine that
// NewEngineServer returns.
type EngineConfig struct {
	// Rules are the rules of the games.
	Rules oware.Rules
	// HashMB is the size of the transposition table in MB, from MinHashMB
	// to MaxHashMB; 0 means DefaultHashMB.
	HashMB int
	// Tables, when not nil, are endgame tables that hold Rules (see
	// package engine).
	Tables *tablebase.Tables
	// History, when not nil, are package solve's tables under Rules
	// (engine.Options.History). Without them, with Cache and without
	// NoSolve, the engine builds the cycle bounds of up to HistorySeeds
	// seeds into CacheDir(Cache, Rules, Endgame) (solve.Build, which
	// keeps the levels already there, such as exact ones that oware
	// tablebase history wrote) and reads them from there. Where they can
	// be neither read nor built, the session reports why in an info
	// string and package solve starts from the endgames' bounds.
	History *solve.Tables
	// HistorySeeds is the most seeds of the tables of package solve built
	// into Cache (see History), and at most Endgame and
	// engine.SolveSeeds, beyond which the engine does not ask package
	// solve: 0 means DefaultHistorySeeds, a negative number none.
	HistorySeeds int
	// Endgame, without Tables, is the number of seeds up to which the
	// engine gets its endgames as each session starts, from 0 (none) to
	// MaxEndgame, as Aalina loads its endgame database: "isready" waits
	// for them, and a search started before they are ready goes without.
	// Without Cache, they are solved in memory (tablebase.Compute). Under
	// rules that the tables do not support (see tablebase.Supported) there
	// are none.
	Endgame int
	// Cache, when not empty and without Tables, is a directory where the
	// endgames of up to Endgame seeds are built the first time, into
	// CacheDir(Cache, Rules, Endgame) (tablebase.Build: each level written
	// to a temporary file, synced, then renamed), and read from afterwards
	// (tablebase.Open, which checks every checksum and entry). A partial
	// or damaged cache is built again where it falls short. Where the
	// cache can be neither read nor built, the session reports why in an
	// info string and solves the endgames of up to min(Endgame,
	// MemoryEndgame) seeds in memory instead.
	Cache string
	// NoSolve, when true, keeps the engine from asking package solve at
	// the root of a search with a time limit (engine.Options.NoSolve); its
	// name then says so, which tells it apart in the records of a match
	// against the engine with it.
	NoSolve bool
}

// NewEngineServer returns a Server of the built-in engine (package
// engine), as the command oware uci serves it: its name says the rules,
// its options are Hash, the size of its table in MB, MultiPV, up to as
// many lines as a player has moves, and UCI_LimitStrength and UCI_Elo,
// the levels of package engine (engine.MinElo to engine.MaxElo);
// ucinewgame empties its table (engine.Engine.NewGame). The engine is
// shared by the sessions that the Server serves; give each program its
// own Server. It returns an [*Error] wrapping ErrSyntax when the
// configuration is out of range.
func NewEngineServer(cfg EngineConfig) (*Server, error) {
	if cfg.HashMB == 0 {
		cfg.HashMB = DefaultHashMB
	}
	switch {
	case cfg.HashMB < MinHashMB || cfg.HashMB > MaxHashMB:
		return nil, &Error{Op: "Hash", Err: ErrSyntax, Detail: fmt.Sprintf("%d MB: want %d to %d", cfg.HashMB, MinHashMB, MaxHashMB)}
	case cfg.HistorySeeds > oware.NumSeeds:
		return nil, &Error{Op: "history", Err: ErrSyntax, Detail: fmt.Sprintf("%d seeds: want at most %d", cfg.HistorySeeds, oware.NumSeeds)}
	case cfg.Endgame < 0 || cfg.Endgame > MaxEndgame:
		return nil, &Error{Op: "endgame", Err: ErrSyntax, Detail: fmt.Sprintf("%d seeds: want 0 to %d", cfg.Endgame, MaxEndgame)}
	}
	eng, err := engine.New(engine.Options{TableSize: cfg.HashMB << 20, Tables: cfg.Tables, NoSolve: cfg.NoSolve, History: cfg.History})
	if err != nil {
		return nil, err
	}
	suffix := ""
	if cfg.NoSolve {
		suffix = ", no solver"
	}
	name := fmt.Sprintf("oware (github.com/seed3966233f/oware, %s rules%s)", cfg.Rules, suffix)
	s := &Server{
		Name:    name,
		Author:  "the oware authors",
		Rules:   cfg.Rules,
		Engine:  eng,
		MultiPV: oware.PitsPerSide,
		MinElo:  engine.MinElo,
		MaxElo:  engine.MaxElo,
		NewGame: eng.NewGame,
		Options: []Option{{
			Name: "Hash", Type: SpinOption, Default: strconv.Itoa(DefaultHashMB), Min: MinHashMB, Max: MaxHashMB,
			Set: func(value string) error {
				mb, _ := strconv.Atoi(value) // checked by the Server
				return eng.SetTableSize(mb << 20)
			},
		}},
	}
	if cfg.Tables == nil && cfg.Endgame > 0 && tablebase.Supported(cfg.Rules) {
		s.Prepare = func(ctx context.Context) error {
			var err error
			if eng.Tables() == nil { // else read or solved for an earlier session
				tb, terr := endgameTables(ctx, cfg)
				if tb != nil {
					eng.SetTables(tb)
				}
				err = terr
			}
			if cfg.History == nil && cfg.Cache != "" && !cfg.NoSolve && cfg.HistorySeeds >= 0 && solve.Supported(cfg.Rules) && eng.History() == nil && ctx.Err() == nil {
				// The engine asks package solve only where its endgames
				// hold the position (engine.SolveSeeds at most).
				seeds := min(cmp.Or(cfg.HistorySeeds, DefaultHistorySeeds), cfg.Endgame, engine.SolveSeeds)
				h, herr := historyTables(ctx, CacheDir(cfg.Cache, cfg.Rules, cfg.Endgame), cfg.Rules, seeds)
				if h != nil {
					eng.SetHistory(h)
				}
				err = errors.Join(err, herr)
			}
			return err
		}
	}
	return s, nil
}

// historyTables returns package solve's tables of up to seeds seeds under
// r in the cache directory dir, built there first where they fall short
// (solve.Build keeps the levels already there, such as exact ones of
// oware tablebase history).
func historyTables(ctx context.Context, dir string, r oware.Rules, seeds int) (*solve.Tables, error) {
	h, err := solve.Open(dir, r)
	if err == nil && h.MaxSeeds() >= seeds {
		return h, nil
	}
	if err = solve.Build(ctx, dir, r, seeds, solve.BuildOptions{BoardNodes: 1}); err == nil {
		if h, err = solve.Open(dir, r); err == nil {
			return h, nil
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return nil, fmt.Errorf("cycle bounds cache %s: %w; package solve starts from the endgames' bounds instead", dir, err)
}

// CacheDir returns the directory under cache where EngineConfig.Cache
// keeps the endgames of up to seeds seeds under rules r: endgames/RULES-N.
func CacheDir(cache string, r oware.Rules, seeds int) string {
	name, _ := r.MarshalText()
	return filepath.Join(cache, "endgames", fmt.Sprintf("%s-%d", name, seeds))
}

// endgameTables returns the endgame tables of cfg (no Tables, Endgame
// seeds under supported rules): read from the cache, or built there first,
// or solved in memory. With tables, the error reports what went wrong with
// the cache, which the tables in memory stand in for.
func endgameTables(ctx context.Context, cfg EngineConfig) (*tablebase.Tables, error) {
	if cfg.Cache == "" {
		return computeEndgames(ctx, cfg.Rules, cfg.Endgame)
	}
	dir := CacheDir(cfg.Cache, cfg.Rules, cfg.Endgame)
	tb, err := openCache(dir, cfg.Rules, cfg.Endgame)
	if err == nil {
		return tb, nil
	}
	// Missing, partial or damaged: Build keeps the whole levels, sets a
	// damaged one aside and builds the rest.
	if err = tablebase.Build(ctx, dir, cfg.Rules, cfg.Endgame, tablebase.BuildOptions{}); err == nil {
		if tb, err = openCache(dir, cfg.Rules, cfg.Endgame); err == nil {
			return tb, nil
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	seeds := min(cfg.Endgame, MemoryEndgame)
	tb, cerr := computeEndgames(ctx, cfg.Rules, seeds)
	if cerr != nil {
		return nil, fmt.Errorf("endgame cache %s: %w; %w", dir, err, cerr)
	}
	return tb, fmt.Errorf("endgame cache %s: %w; the endgames of up to %d seeds are solved in memory instead", dir, err, seeds)
}

// openCache opens the tables in dir and checks that they hold the
// endgames of up to seeds seeds under r.
func openCache(dir string, r oware.Rules, seeds int) (*tablebase.Tables, error) {
	tb, err := tablebase.Open(dir)
	if err != nil {
		return nil, err
	}
	if got := tb.MaxSeeds(r); got < seeds {
		return nil, fmt.Errorf("uci: %s holds %d seeds of %s, not %d", dir, got, r, seeds)
	}
	return tb, nil
}

// computeEndgames solves the endgames of up to seeds seeds under r in
// memory.
func computeEndgames(ctx context.Context, r oware.Rules, seeds int) (*tablebase.Tables, error) {
	tb, err := tablebase.Compute(ctx, r, seeds, tablebase.BuildOptions{})
	if err != nil {
		return nil, fmt.Errorf("endgame tables: %w", err)
	}
	return tb, nil
}
