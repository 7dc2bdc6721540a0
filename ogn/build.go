package ogn

import "github.com/seed3966233f/oware"

// This file builds records from code: a Game made from a start and moves,
// and a Game kept move by move, as a game server keeps one, each ply with
// the capture mark the rules give it, so that the record replays.

// NewGame returns the record of the game that moves play from start under
// rules: each ply with its capture mark (the seeds the move captures, R5;
// none after a grand slam, R6), and the result of the position reached,
// Unfinished while the game goes on. The zero Board means the opening. An
// illegal move is a [*ReplayError] that names its ply and wraps the
// [*oware.MoveError]; the Game is then the zero Game.
func NewGame(rules oware.Rules, start oware.Board, moves ...oware.Move) (Game, error) {
	g := Game{Rules: rules, Start: start, Moves: make([]Ply, 0, len(moves))}
	p := g.StartPosition()
	for i, m := range moves {
		e, err := p.Explain(m)
		if err != nil {
			return Game{}, &ReplayError{Ply: i + 1, Move: m, Err: err}
		}
		g.Moves = append(g.Moves, Ply{Move: m, Captured: e.Captured()})
		p = e.After()
	}
	g.Result = ResultOf(p.Outcome())
	return g, nil
}

// Position returns the position at the end of the game, with the history
// that its plies make: that of [Game.StartPosition] after every ply. It
// returns the error of [Game.Replay] for a record that disagrees with the
// rules.
func (g Game) Position() (oware.Position, error) {
	p, err := g.final()
	if err != nil {
		return p, err
	}
	if err := (&replayer{pos: p}).finish(g.Result); err != nil {
		return oware.Position{}, err
	}
	return p, nil
}

// final replays the plies of g, their moves and capture marks, and
// returns the position they reach, or the error of the first faulty ply.
func (g Game) final() (oware.Position, error) {
	var rp replayer
	rp.start(g.StartPosition())
	for i, ply := range g.Moves {
		eff, err := rp.play(i+1, ply)
		if err == nil {
			err = rp.checkMark(i+1, ply, eff)
		}
		if err != nil {
			return oware.Position{}, err
		}
	}
	return rp.pos, nil
}

// Push plays move m at the end of the game: it appends the ply with the
// capture mark the rules give it, and sets the result to that of the
// position reached, in the form of g.Result (final tallies stay final
// tallies; any other form, NoResult included, becomes Unfinished, 1-0, 0-1
// or 1/2-1/2). It returns what the move did. g is first replayed: a record
// that disagrees with the rules gives the [*ReplayError] of its faulty
// ply, and an illegal m a [*ReplayError] with the ply m would have been;
// g is then unchanged. Push never writes into an array that g.Moves
// shares with another slice.
func (g *Game) Push(m oware.Move) (oware.Effect, error) {
	p, err := g.final()
	if err != nil {
		return oware.Effect{}, err
	}
	e, err := p.Explain(m)
	if err != nil {
		return oware.Effect{}, &ReplayError{Ply: len(g.Moves) + 1, Move: m, Err: err}
	}
	n := len(g.Moves)
	g.Moves = append(g.Moves[:n:n], Ply{Move: m, Captured: e.Captured()})
	g.Result = g.Result.as(e.Outcome())
	return e, nil
}

// Undo takes back the last ply of the game and returns it, and sets the
// result to that of the position before it, in the form of g.Result (see
// [Game.Push]); the result is left as it was when the plies before do not
// replay. It reports false, and changes nothing, when g has no ply.
func (g *Game) Undo() (Ply, bool) {
	n := len(g.Moves)
	if n == 0 {
		return Ply{}, false
	}
	last := g.Moves[n-1]
	g.Moves = g.Moves[: n-1 : n-1] // a later Push copies rather than overwrite the ply taken back
	if p, err := g.final(); err == nil {
		g.Result = g.Result.as(p.Outcome())
	}
	return last, true
}
