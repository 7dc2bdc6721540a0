package engine

import (
	"slices"

	"github.com/seed3966233f/oware"
)

// Line is a line of play that a search found from its root: a move, its
// score for the player to move at the root, and the moves expected after
// it. A search of Limits.MultiPV lines returns them best first in
// Result.Lines.
type Line struct {
	Move  oware.Move   // the move at the root
	Score Score        // its score for the player to move at the root
	Depth int          // the depth it was searched to, in plies
	PV    []oware.Move // the line, starting with Move
	// Proven tells that Score is a result, not an estimate: the end of
	// the game seen within the search (Score.Mate), a win or loss that
	// the endgame tables prove (Score.Proven), or a draw (Score 0): after
	// a move that ends the game drawn, or one that the tables prove drawn
	// where no earlier board can recur.
	Proven bool
}

// prove sets the Proven of each of r's lines from p, and where the tables
// decided the game at p (r.TableMove), gives their result to the line of
// r.Move, first. probe, when not nil, is the oracle
// of the search, asked of positions of at most seeds seeds on the board.
func prove(p oware.Position, r *Result, probe Probe, seeds int) {
	me := p.Board().ToMove()
	r.Lines = slices.Clone(r.Lines) // those of a result already reported stay as they were
	for i := range r.Lines {
		l := &r.Lines[i]
		_, mate := l.Score.Mate()
		_, won := l.Score.Proven()
		l.Proven = mate || won
		if l.Proven || l.Score != 0 {
			continue
		}
		child, err := p.Play(l.Move)
		if err != nil {
			continue
		}
		if child.Outcome().Over() {
			l.Proven = true
			continue
		}
		if probe == nil || !firstMet(child) {
			continue
		}
		b := child.Board()
		if oware.NumSeeds-b.Score(oware.South)-b.Score(oware.North) > seeds {
			continue
		}
		if lo, hi, ok := probe(child); ok {
			diff := b.Score(me.Opponent()) - b.Score(me)
			l.Proven = lo+diff == 0 && hi+diff == 0
		}
	}
	if r.TableMove {
		lo, hi := r.TableValue.Margin(p.Board())
		if me == oware.North {
			lo, hi = -hi, -lo
		}
		var score Score
		switch {
		case lo > 0:
			score = KnownWin + Score(lo)
		case hi < 0:
			score = -KnownWin + Score(hi)
		}
		best := Line{Move: r.Move, Score: score, Depth: r.Depth, PV: r.PV, Proven: true}
		lines := []Line{best}
		for _, l := range r.Lines {
			switch {
			case l.Move != r.Move:
				lines = append(lines, l)
			case l.Proven && score > 0:
				lines[0].Score = max(l.Score, score) // a win seen within the search, or by more
			case l.Proven && score < 0:
				lines[0].Score = min(l.Score, score)
			}
		}
		r.Lines = lines[:len(r.Lines)]
		r.Score = r.Lines[0].Score
	}
}
