package engine

import (
	"context"
	"slices"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// firstMet reports whether p counts as met for the first time, as the
// tables value it: no earlier board of its game can recur, because a
// capture has just been made or the rules know no repetition (R10).
func firstMet(p oware.Position) bool {
	return p.QuietPlies() == 0 || p.Rules().RepeatLimit() == 0
}

// tablesDecide reports whether the tables tb decide the game at p, where
// no earlier board can recur.
func tablesDecide(tb *tablebase.Tables, p oware.Position) bool {
	if !firstMet(p) {
		return false
	}
	v, err := tb.Probe(p)
	if err != nil {
		return false
	}
	lo, hi := v.Margin(p.Board())
	return lo > 0 || hi < 0 || lo == 0 && hi == 0
}

// tableMove returns r, the result of a search of p, with the move to play
// where the tables tb decide the game at p: one of their best moves, the
// search's if it is one, else a capture among them, else the first. The
// tables tell the value of a position met for the first time, so they are
// followed only where no earlier board can recur (firstMet); elsewhere
// their best move could walk into a repetition (R10) that they do not see,
// and the search's choice stands.
func tableMove(tb *tablebase.Tables, p oware.Position, r Result) Result {
	if !firstMet(p) {
		return r
	}
	best, v, err := tb.BestMoves(p)
	if err != nil || best == 0 {
		return r
	}
	if lo, hi := v.Margin(p.Board()); !(lo > 0 || hi < 0 || lo == 0 && hi == 0) {
		return r // the bounds do not decide the game
	}
	r.TableMove, r.TableValue = true, v
	if best.Contains(r.Move) {
		return r
	}
	m, _ := best.Nth(0)
	me := p.Board().ToMove()
	for c, child := range p.Children() {
		if best.Contains(c) && child.Board().Score(me) > p.Board().Score(me) {
			m = c
			break
		}
	}
	r.Move, r.PV = m, []oware.Move{m}
	return r
}

// SolveSeeds is the most seeds on the board of a position at which a
// search with a time limit or on the clock and with endgame tables asks
// package solve for the value with the game's history, where the tables
// do not decide the game.
const SolveSeeds = 12

// solveShare is the share of a search's time given to package solve
// where it is asked (see SolveSeeds): a quarter.
const solveShare = 4

// solveWorth reports whether a search of p with tables tb asks package
// solve: a few seeds, rules it supports, a position the tables hold and
// do not decide with their first-met values (they never see the history).
func solveWorth(tb *tablebase.Tables, p oware.Position) bool {
	b := p.Board()
	if oware.NumSeeds-b.Score(oware.South)-b.Score(oware.North) > SolveSeeds || !solve.Supported(p.Rules()) {
		return false
	}
	v, err := tb.Probe(p)
	if err != nil {
		return false
	}
	lo, hi := v.Margin(b)
	return !firstMet(p) || !(lo > 0 || hi < 0 || lo == 0 && hi == 0)
}

// perfectMoves returns package solve's analysis of p within ctx, from the
// tables tb and hist (nil for none), and the moves of perfect play with
// p's history, in pit order: those whose value is proved equal to p's;
// none where the value is not proved.
func perfectMoves(ctx context.Context, tb *tablebase.Tables, hist *solve.Tables, p oware.Position) (solve.Analysis, []oware.Move) {
	a, err := solve.Analyse(ctx, p, solve.Options{Tables: hist, Plain: tb}, solve.Limits{})
	if err != nil || !a.Value.Exact() {
		return a, nil
	}
	var best []oware.Move
	for _, m := range a.Moves {
		if m.Value == a.Value {
			best = append(best, m.Move)
		}
	}
	return a, best
}

// solveContext returns ctx with a deadline a fiftieth short of d, the
// time given to package solve at the root, so that the move comes in time.
func solveContext(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d-d/50)
}

// solvedMove returns r, the result of a search of p, with a move of
// perfect play with p's history where package solve proves the value
// within ctx: the search's move if it is one, else the first in pit
// order; Solved and SolvedValue then say so. hist, package solve's
// tables or nil, start the search of the value.
func solvedMove(ctx context.Context, tb *tablebase.Tables, hist *solve.Tables, p oware.Position, r Result) Result {
	a, best := perfectMoves(ctx, tb, hist, p)
	if len(best) == 0 {
		return r
	}
	r.Solved, r.SolvedValue = true, a.Value
	if !slices.Contains(best, r.Move) {
		r.Move, r.PV = best[0], []oware.Move{best[0]}
		r.TableMove = false
		// Lines[0] is the move played: its own line, if the search had
		// one, first, then the others in their order.
		first := Line{Move: r.Move, Score: r.Score, Depth: r.Depth, PV: r.PV}
		others := make([]Line, 0, len(r.Lines))
		for _, l := range r.Lines {
			if l.Move == r.Move {
				first = l
			} else {
				others = append(others, l)
			}
		}
		r.Lines = append([]Line{first}, others...)
	}
	return r
}
