package solve

import (
	"context"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
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
// ctx and lim, the tightest bounds proven otherwise. It cuts the search
// with the bounds of plain (package tablebase's tables, or nil), widened
// where the history puts a board one occurrence from ending the game
// (see the package documentation). It is the one call with which the
// command, the engine and the board show values with history. It returns an error
// wrapping ErrUnsupportedRules when p's rules are not [Supported], and
// ErrInvalidPosition for a position that is not valid.
func Analyse(ctx context.Context, p oware.Position, plain *tablebase.Tables, lim Limits) (Analysis, error) {
	if !Supported(p.Rules()) {
		_, err := New(p.Rules(), Options{})
		return Analysis{}, err
	}
	sv, err := New(p.Rules(), Options{Plain: plain, TableSize: AnalyseTableSize})
	if err != nil {
		return Analysis{}, err
	}
	if p.Outcome().Over() {
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
