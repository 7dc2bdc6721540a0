package uci

import (
	"context"
	"fmt"
	"strconv"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/tablebase"
)

// Limits of the Hash option of the built-in engine, in MB, and its
// default.
const (
	MinHashMB     = 1
	MaxHashMB     = 4096
	DefaultHashMB = 64
)

// The endgames that the built-in engine solves when it starts, by default
// (as many seeds as Aalina's endgame database holds) and at most.
const (
	DefaultEndgame = 12
	MaxEndgame     = 15
)

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
	// Endgame, without Tables, is the number of seeds up to which the
	// engine solves the endgames in memory as each session starts, from
	// 0 (none) to MaxEndgame, as Aalina ships its endgame database:
	// "isready" waits for them, and a search started before they are
	// ready goes without. Under rules that the tables do not support (see
	// tablebase.Supported) there are none.
	Endgame int
}

// NewEngineServer returns a Server of the built-in engine (package
// engine), as the command oware uci serves it: its name says the rules,
// its one option is Hash, the size of its table in MB. The engine is
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
	case cfg.Endgame < 0 || cfg.Endgame > MaxEndgame:
		return nil, &Error{Op: "endgame", Err: ErrSyntax, Detail: fmt.Sprintf("%d seeds: want 0 to %d", cfg.Endgame, MaxEndgame)}
	}
	eng, err := engine.New(engine.Options{TableSize: cfg.HashMB << 20, Tables: cfg.Tables})
	if err != nil {
		return nil, err
	}
	s := &Server{
		Name:   fmt.Sprintf("oware (github.com/seed3966233f/oware, %s rules)", cfg.Rules),
		Author: "the oware authors",
		Rules:  cfg.Rules,
		Engine: eng,
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
			if eng.Tables() != nil {
				return nil // solved for an earlier session
			}
			tb, err := tablebase.Compute(ctx, cfg.Rules, cfg.Endgame, tablebase.BuildOptions{})
			if err != nil {
				return fmt.Errorf("endgame tables: %w", err)
			}
			eng.SetTables(tb)
			return nil
		}
	}
	return s, nil
}
