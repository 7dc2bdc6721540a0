package engine

import (
	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// firstMet reports whether p counts as met for the first time, as the
// tables value it: no earlier board of its game can recur, because a
// capture has just been made or the rules know no repetition (R10).
func firstMet(p oware.Position) bool {
	return p.QuietPlies() == 0 || p.Rules().RepeatLimit() == 0
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
