package ogn

import (
	"errors"
	"fmt"

	"github.com/seed3966233f/oware"
)

// ReplayError reports a record that disagrees with the rules.
type ReplayError struct {
	// Game and Line are the game of the input, from 1, and the line of the
	// faulty ply or of the result, when a Reader found the error; both are
	// 0 for the error of [Game.Replay].
	Game, Line int
	// Ply is the number of the faulty ply, from 1; it is 0 when the error
	// concerns the whole game, as a result that disagrees with the outcome.
	Ply int
	// Move is the move of that ply as the record gives it, and Captured
	// its capture mark, 0 for none; both are zero when Ply is 0.
	Move     oware.Move
	Captured int
	// Err says what is wrong: the *oware.MoveError of an illegal move
	// (which wraps oware.ErrEmptyPit, oware.ErrMustFeed, oware.ErrGameOver
	// and the like), or an error that wraps ErrCaptureMark, ErrLastPit or
	// ErrResult.
	Err error
}

// Error returns a message such as "ogn: ply 7 (c): North plays c: pit is
// empty", "ogn: game 2, line 9: ply 3 (D+2): capture mark disagrees with
// the rules: the move captures 3 seeds" or "ogn: game 2, line 5: result
// disagrees with the outcome: …".
func (e *ReplayError) Error() string {
	where := ""
	if e.Game > 0 {
		where = fmt.Sprintf("game %d, line %d: ", e.Game, e.Line)
	}
	if e.Ply > 0 {
		where += fmt.Sprintf("ply %d (%s): ", e.Ply, plyText(e.Move, e.Captured))
	}
	return "ogn: " + where + e.Reason()
}

// Reason returns what is wrong, without the place: "North plays c: pit is
// empty", "capture mark disagrees with the rules: …".
func (e *ReplayError) Reason() string {
	var me *oware.MoveError
	switch {
	case errors.As(e.Err, &me):
		return me.Player.String() + " plays " + me.Move.String() + ": " + me.Err.Error()
	case e.Err != nil:
		return e.Err.Error()
	}
	return "record disagrees with the rules"
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
// and returns what each ply did: its [oware.Effect], whose After is the
// position after the ply, so that the last one holds the final outcome.
// The game starts from [Game.StartPosition], with a fresh repetition
// history (D4).
//
// It checks every ply: the move must be legal, and its capture mark must
// give exactly the seeds the move captures (none after a grand slam, R6).
// A move after the end of the game is illegal (oware.ErrGameOver, D5).
// The result must then agree with the outcome of the final position (see
// [Result.Agrees]); NoResult is not checked.
//
// The first disagreement is returned as a *ReplayError, together with the
// effects of the plies before the faulty one (all of them for a result
// error). The Game is not changed.
func (g Game) Replay() ([]oware.Effect, error) {
	var rp replayer
	rp.start(g.StartPosition())
	rp.effects = make([]oware.Effect, 0, len(g.Moves))
	for i, ply := range g.Moves {
		eff, err := rp.play(i+1, ply)
		if err == nil {
			err = rp.checkMark(i+1, ply, eff)
		}
		if err != nil {
			return rp.effects, err
		}
	}
	if err := rp.finish(g.Result); err != nil {
		return rp.effects, err
	}
	return rp.effects, nil
}

// Outcome returns the outcome of the final position of the game, or the
// error of Replay.
func (g Game) Outcome() (oware.Outcome, error) {
	effects, err := g.Replay()
	if err != nil {
		return oware.Outcome{}, err
	}
	if len(effects) == 0 {
		return g.StartPosition().Outcome(), nil
	}
	return effects[len(effects)-1].Outcome(), nil
}

// replayer plays a game ply by ply.
type replayer struct {
	pos     oware.Position
	effects []oware.Effect
	// aualeMarks reads the mark of a ply that ends the game by R9 or R10
	// as Aualé writes it: the seeds captured and those the mover gathers.
	aualeMarks bool
}

// auale are the rules of Aualé, whose records mark the last ply their way,
// and playStrategyRules those of PlayStrategy, whose exports are read by
// them.
var (
	auale, _             = oware.ParseRules("auale")
	playStrategyRules, _ = oware.ParseRules("playstrategy")
)

// start starts the replay at p.
func (rp *replayer) start(p oware.Position) {
	rp.pos, rp.effects = p, nil
}

// play plays ply number n.
func (rp *replayer) play(n int, ply Ply) (oware.Effect, *ReplayError) {
	eff, err := rp.pos.Explain(ply.Move)
	if err != nil {
		return eff, &ReplayError{Ply: n, Move: ply.Move, Captured: ply.Captured, Err: err}
	}
	if rp.effects == nil {
		rp.effects = make([]oware.Effect, 0, 128) // most games are shorter
	}
	rp.pos = eff.After()
	rp.effects = append(rp.effects, eff)
	return eff, nil
}

// checkMark compares the capture mark of ply number n with what the move
// did; a faulty ply is taken back out of the effects.
func (rp *replayer) checkMark(n int, ply Ply, eff oware.Effect) *ReplayError {
	err := markError(ply.Captured, eff)
	if err == nil || rp.aualeMarks && ply.Captured == eff.Captured()+gathered(eff) {
		return nil
	}
	rp.effects = rp.effects[:len(rp.effects)-1]
	return &ReplayError{Ply: n, Move: ply.Move, Captured: ply.Captured, Err: err}
}

// gathered returns the seeds that the player who made the move of eff
// gathers from their own side when it ends the game by R9 or R10.
func gathered(eff oware.Effect) int {
	switch eff.Outcome().Reason() {
	case oware.NoMove, oware.Repetition:
		return eff.Outcome().Tally(eff.Player()) - eff.After().Board().Score(eff.Player())
	}
	return 0
}

// markError compares the capture mark of a ply with what the move does.
func markError(mark int, eff oware.Effect) error {
	got := eff.Captured()
	if mark == got {
		return nil
	}
	switch {
	case got == 0 && eff.GrandSlam():
		return fmt.Errorf("%w: marked +%d, but the move is a grand slam and captures nothing (R6)", ErrCaptureMark, mark)
	case got == 0:
		return fmt.Errorf("%w: marked +%d, but the move captures nothing", ErrCaptureMark, mark)
	case mark == 0:
		return fmt.Errorf("%w: no mark, but the move captures %d seeds (+%d)", ErrCaptureMark, got, got)
	}
	return fmt.Errorf("%w: marked +%d, but the move captures %d seeds", ErrCaptureMark, mark, got)
}

// finish compares the recorded result with the outcome reached.
func (rp *replayer) finish(res Result) *ReplayError {
	o := rp.pos.Outcome()
	switch {
	case !res.valid():
		return &ReplayError{Err: fmt.Errorf("%w: %v is not a result", ErrResult, res)}
	case res.Agrees(o):
		return nil
	}
	return &ReplayError{Err: fmt.Errorf("%w: recorded %q, but the game is %s", ErrResult, res, describe(o))}
}

// describe states an outcome for a message.
func describe(o oware.Outcome) string {
	if !o.Over() {
		return "not over"
	}
	return "over: " + o.String()
}
