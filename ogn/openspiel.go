package ogn

import (
	"fmt"
	"strconv"

	"github.com/seed3966233f/oware"
)

// moveList reads an OpenSpiel move list: the actions of one line, played
// by the Reader's Rules, or abapa's when it has none: a move list does not
// state its rules.
func (gr *gameReader) moveList() error {
	r := gr.r
	gr.phase = movePhase
	gr.g.Start = oware.Start().Board()
	if r.Rules != nil {
		gr.g.Rules = *r.Rules
	}
	gr.rep.start(gr.g.StartPosition())
	for {
		c, ok := r.peek()
		switch {
		case !ok || c == '\n':
			gr.g.Result = Result{}
			return nil
		case c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '[' || c == ']':
			r.take()
		case '0' <= c && c <= '9':
			if err := gr.action(); err != nil {
				return err
			}
		default:
			return r.errAt(r.here(), ErrSyntax, "unexpected "+quoteByte(c)+" in an OpenSpiel move list")
		}
	}
}

// action reads one OpenSpiel action and plays it.
func (gr *gameReader) action() error {
	r := gr.r
	at := r.here()
	digits, long := gr.digits()
	n, err := strconv.Atoi(digits)
	if c, ok := r.peek(); long || err != nil || n >= oware.PitsPerSide || ok && !isActionDelim(c) {
		return r.errAt(at, ErrSyntax, fmt.Sprintf("action %q is not from 0 to 5", digits))
	}
	mover := gr.rep.pos.Board().ToMove()
	ply := Ply{Move: oware.Move(n + oware.PitsPerSide*int(mover))}
	if err := gr.addPly(at, ply); err != nil {
		return err
	}
	eff, rerr := gr.rep.play(len(gr.g.Moves), ply)
	if rerr != nil {
		rerr.Game, rerr.Line = r.games, at.line
		return rerr
	}
	gr.g.Moves[len(gr.g.Moves)-1].Captured = eff.Captured()
	return nil
}

// isActionDelim reports whether c may follow an action.
func isActionDelim(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ']'
}

// appendOpenSpiel appends the OpenSpiel move list of g: its actions
// separated by spaces, then a line break; "[]" for a game without moves,
// since a blank line is no game.
func (g Game) appendOpenSpiel(b []byte, c canonical) []byte {
	if len(g.Moves) == 0 {
		return append(b, "[]\n"...)
	}
	for i, ply := range g.Moves {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(ply.Move.Pit()%oware.PitsPerSide), 10)
	}
	return append(b, '\n')
}
