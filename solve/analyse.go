package solve

import (
	"context"

	"github.com/seed3966233f/oware"
)

// AnalyseTableSize is the size in bytes of the transposition table of
// one call of [Analyse].
const AnalyseTableSize = 8 << 20

// Analysis is what [Analyse] proved of a position with its history: its
// value and those of its moves, exact or bounds.
type Analysis struct {
	Value Value
	Moves []MoveValue // in ascending pit order; none when the game is over
}

// Analyse returns the value of p with its history (see the package
// documentation) and that of each legal move, exact where proven within
// ctx and lim, the tightest bounds proven otherwise. It is
// [Solver.Analyse] by a solver of p's rules with the options opt: it
// starts from the values of opt.Tables (the exact values of the boards met
// for the first time, and their cycle bounds) where they hold the board,
// and from the bounds of opt.Plain (package tablebase's tables) beyond
// them, widened where the history puts a board one occurrence from
// ending the game (see the package documentation). Tables of other
// rules than p's are not used; a TableSize of 0 means AnalyseTableSize,
// and a TreeSize of 0 DefaultTreeSize, which holds a search of about a
// million positions: a larger lim.Nodes needs a larger TreeSize
// (TreeBytesPerPosition a position) to be spent.
// It is the one call with which the command, the engine and the board
// show values with history. It returns an error wrapping
// ErrUnsupportedRules when p's rules are not [Supported], and
// ErrInvalidPosition for a position that is not valid.
func Analyse(ctx context.Context, p oware.Position, opt Options, lim Limits) (Analysis, error) {
	if opt.Tables != nil && opt.Tables.rules != p.Rules() {
		opt.Tables = nil
	}
	if opt.TableSize <= 0 {
		opt.TableSize = AnalyseTableSize
	}
	sv, err := New(p.Rules(), opt)
	if err != nil {
		return Analysis{}, err
	}
	return sv.Analyse(ctx, p, lim)
}

// Analyse returns the value of p with its history and that of each legal
// move, as the package function [Analyse] does, with the solver's
// tables: the exact values of the boards met for the first time that
// they hold (right after a capture, and at p itself when p starts a
// stretch) and their cycle bounds, far tighter than package tablebase's
// bounds. Its errors are [Solver.Solve]'s.
func (sv *Solver) Analyse(ctx context.Context, p oware.Position, lim Limits) (Analysis, error) {
	if p.Valid() && p.Outcome().Over() {
		res, err := sv.Solve(ctx, p, lim)
		return Analysis{Value: res.Value}, err
	}
	moves, err := sv.SolveMoves(ctx, p, lim, nil)
	if err != nil {
		return Analysis{}, err
	}
	a := Analysis{Moves: moves, Value: Value{-128, -128}}
	for _, m := range moves {
		a.Value = Value{max(a.Value.lo, m.Value.lo), max(a.Value.hi, m.Value.hi)}
	}
	return a, nil
}
