package engine

import (
	"time"

	"github.com/seed3966233f/oware"
)

// Time management of a game on the clock (Limits.Clock): the search aims
// at a share of the time left for the moves to come, takes more while its
// best move is unsettled and less once it is, and never more than a part
// of the clock that leaves enough for the rest of the game.

// MoveOverhead is the time that each move costs a player beyond its
// search, which its clock counts too: its answer reaching the program
// that keeps the clock, and the delays of a loaded machine. A search on
// the clock leaves it out of the time it takes.
const MoveOverhead = 20 * time.Millisecond

// movesLeft returns the number of moves that the player to move at p is
// thought still to make: lim.MovesToGo, or from the seeds on the board,
// 36 at the start of a game down to 13 near its end.
func movesLeft(p oware.Position, lim Limits) int {
	if lim.MovesToGo > 0 {
		return lim.MovesToGo
	}
	b := p.Board()
	return 12 + (oware.NumSeeds-b.Score(oware.South)-b.Score(oware.North))/2
}

// clockTimes returns the time that a search of p on the clock of lim
// (Clock above 0) aims to take and the most it may take: the aim is the
// time left for the moves to come (the clock and the increments they
// will bring, less their overheads) shared among them; the most is five
// times the aim, at most a third of the clock, and leaves an overhead on
// it. Both are at least a millisecond.
func clockTimes(p oware.Position, lim Limits) (aim, most time.Duration) {
	left := time.Duration(movesLeft(p, lim))
	pool := lim.Clock + (left-1)*lim.Increment - left*MoveOverhead
	aim = pool / left
	most = min(5*aim, lim.Clock/3, lim.Clock-MoveOverhead)
	most = max(most, time.Millisecond)
	aim = min(max(aim, time.Millisecond), most)
	return aim, most
}

// MaxTime returns the most time that a search of p within lim takes, or
// 0 for no limit of time: lim.Time, or on the clock the most that it
// allows (see Limits.Clock), whichever is less. The search ends a
// fiftieth of it early (see Limits.Time). A program that serves the
// engine can end the search's context then, as a safeguard.
func (lim Limits) MaxTime(p oware.Position) time.Duration {
	t := lim.Time
	if lim.Clock > 0 {
		_, most := clockTimes(p, lim)
		if t == 0 || most < t {
			t = most
		}
	}
	return t
}

// pace decides, after an iteration of a search on the clock, whether to
// start another: not once the time taken is half the aim, which grows by
// half while the best move changes from iteration to iteration or its
// score falls by a seed or more, and shrinks by a quarter once the move
// has stood for four iterations. The next iteration would take about as
// long as all the others together, and longer than what is left of the
// aim. A search of one move, or where endgame tables decide the game,
// starts none.
type pace struct {
	aim    time.Duration
	move   oware.Move
	score  Score
	stable int // the iterations the move has stood
}

// goOn reports whether to start another iteration after one whose best
// line is best, elapsed into the search.
func (pc *pace) goOn(best Line, elapsed time.Duration) bool {
	scale := 1.0
	switch {
	case best.Move != pc.move && pc.stable > 0:
		scale = 1.5
		pc.stable = 0
	case best.Score <= pc.score-SeedValue && pc.stable > 0:
		scale = 1.5
	case pc.stable >= 4:
		scale = 0.75
	}
	if best.Move == pc.move {
		pc.stable++
	} else {
		pc.move, pc.stable = best.Move, 1
	}
	pc.score = best.Score
	return float64(elapsed) < scale*float64(pc.aim)/2
}

// withSolve returns lim with the time that a search of p within it gives
// package solve (see SolveSeeds) taken out, and that time: a share
// (solveShare) of lim.Time or, on the clock, of the time the search aims
// at or of the most it may take, whichever is less. On the clock it is
// taken from the clock as well, and the search may take no more than the
// rest of that most (see MaxTime): the search and the solver together
// stay within what lim allows.
func (lim Limits) withSolve(p oware.Position) (Limits, time.Duration) {
	if lim.Clock == 0 {
		t := lim.Time / solveShare
		lim.Time -= t
		return lim, t
	}
	aim, _ := clockTimes(p, lim)
	most := lim.MaxTime(p)
	t := min(aim, most) / solveShare
	lim.Clock -= t
	lim.Time = most - t
	return lim, t
}
