package ogn

import (
	"errors"
	"fmt"

	"github.com/seed3966233f/oware"
)

// ReplayError reports a record that disagrees with the rules.
type ReplayError struct {
	// Ply is the number of the faulty ply, from 1; it is 0 when the error
	// concerns the whole game, as a result that disagrees with the outcome.
	Ply int
	// Move is the move of that ply as the record gives it, and Captured
	// its capture mark, 0 for none; both are zero when Ply is 0.
	Move     oware.Move
	Captured int
	// Err says what is wrong: the *oware.MoveError of an illegal move
	// (which wraps oware.ErrEmptyPit, oware.ErrMustFeed, oware.ErrGameOver
	// and the like), or an error that wraps ErrCaptureMark or ErrResult.
	Err error
}

// Error returns a message such as "ogn: ply 7 (c): North plays c: pit is
// empty" or "ogn: ply 3 (D+2): capture mark disagrees with the rules: the
// move captures 3 seeds".
func (e *ReplayError) Error() string {
	msg := ""
	var me *oware.MoveError
	switch {
	case errors.As(e.Err, &me):
		msg = me.Player.String() + " plays " + me.Move.String() + ": " + me.Err.Error()
	case e.Err != nil:
		msg = e.Err.Error()
	}
	if e.Ply == 0 {
		return "ogn: " + msg
	}
	return fmt.Sprintf("ogn: ply %d (%s): %s", e.Ply, plyText(e.Move, e.Captured), msg)
}

// Unwrap returns e.Err.
func (e *ReplayError) Unwrap() error { return e.Err }

// plyText writes a move with its capture mark, as in movetext.
func plyText(m oware.Move, captured int) string {
	if captured > 0 {
		return fmt.Sprintf("%s+%d", m, captured)
	}
	return m.String()
}

// Replay plays the game under the full rules, repetition (R10) included,
// and returns its positions: the start position (with a fresh repetition
// history, D4) and then the position after each ply, so that the last one
// holds the final outcome.
//
// It checks every ply: the move must be legal, and its capture mark must
// give exactly the seeds the move captures (none after a grand slam, R6).
// A move after the end of the game is illegal (oware.ErrGameOver, D5).
// Unless g.Result is "", the result must then agree with the outcome of the
// final position: "*" when the game is not over, "1-0", "0-1" or "1/2-1/2"
// for its winner, or the exact final tallies (D3).
//
// The first disagreement is returned as a *ReplayError, together with the
// positions before the faulty ply (all of them for a result error).
// The Game is not changed.
func (g Game) Replay() ([]oware.Position, error) {
	pos := g.startPosition()
	positions := make([]oware.Position, 1, len(g.Moves)+1)
	positions[0] = pos
	for i, ply := range g.Moves {
		fail := func(err error) ([]oware.Position, error) {
			return positions, &ReplayError{Ply: i + 1, Move: ply.Move, Captured: ply.Captured, Err: err}
		}
		eff, err := pos.Explain(ply.Move)
		if err != nil {
			return fail(err)
		}
		if err := checkMark(ply.Captured, eff); err != nil {
			return fail(err)
		}
		pos = eff.After
		positions = append(positions, pos)
	}
	if g.Result != "" {
		if err := checkResult(g.Result, pos.Outcome()); err != nil {
			return positions, &ReplayError{Err: err}
		}
	}
	return positions, nil
}

// checkMark compares the capture mark of a ply with what the move does.
func checkMark(mark int, eff oware.Effect) error {
	got := eff.Captured()
	if mark == got {
		return nil
	}
	switch {
	case got == 0 && eff.GrandSlam:
		return fmt.Errorf("%w: marked +%d, but the move is a grand slam and captures nothing (R6)", ErrCaptureMark, mark)
	case got == 0:
		return fmt.Errorf("%w: marked +%d, but the move captures nothing", ErrCaptureMark, mark)
	case mark == 0:
		return fmt.Errorf("%w: no mark, but the move captures %d seeds (+%d)", ErrCaptureMark, got, got)
	}
	return fmt.Errorf("%w: marked +%d, but the move captures %d seeds", ErrCaptureMark, mark, got)
}

// checkResult compares a recorded result with the final outcome.
func checkResult(result string, o oware.Outcome) error {
	kind, south, north := classifyResult(result)
	switch kind {
	case notResult:
		return fmt.Errorf("%w: %q is not a result", ErrResult, result)
	case tallyResult:
		if o.Over() && o.Tally(oware.South) == south && o.Tally(oware.North) == north {
			return nil
		}
	default:
		if resultOf(o, false) == result {
			return nil
		}
	}
	return fmt.Errorf("%w: recorded %q, but the game is %s", ErrResult, result, describe(o))
}

// describe states an outcome for a message.
func describe(o oware.Outcome) string {
	if !o.Over() {
		return "not over"
	}
	return "over: " + o.String()
}

// Outcome returns the outcome of the final position of the game, or the
// error of Replay.
func (g Game) Outcome() (oware.Outcome, error) {
	positions, err := g.Replay()
	if err != nil {
		return oware.Outcome{}, err
	}
	return positions[len(positions)-1].Outcome(), nil
}
