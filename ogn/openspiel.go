package ogn

import (
	"fmt"
	"strconv"

	"github.com/seed3966233f/oware"
)

// moveList reads an OpenSpiel move list: the actions of one line, played
// by the Reader's Rules, or abapa's when it has none: a move list does not
// state its rules. The actions are separated by blanks or by commas, one
// comma between two actions, and the list may be in one pair of brackets;
// anything else is refused where it is.
func (gr *gameReader) moveList() error {
	r := gr.r
	gr.phase = movePhase
	gr.g.Start = oware.Start().Board()
	if r.Rules != nil {
		gr.g.Rules = *r.Rules
	}
	gr.rep.start(gr.g.StartPosition())
	var (
		open, closed bool // the list's "[" and "]" were read
		openAt       mark
		comma        *mark // the place of a comma with no action after it yet
		action       bool  // an action was read since the last comma
	)
	for {
		at := r.here()
		c, ok := r.peek()
		switch {
		case !ok || c == '\n':
			switch {
			case comma != nil:
				return r.errAt(*comma, ErrSyntax, `"," without an action after it`)
			case open && !closed:
				return r.errAt(openAt, ErrSyntax, `"[" has no closing "]"`)
			}
			gr.g.Result = Result{}
			return nil
		case c == ' ' || c == '\t' || c == '\r':
			r.take()
			continue
		case closed:
			return r.errAt(at, ErrSyntax, "unexpected "+quoteByte(c)+` after the closing "]"`)
		case c == '[' && !open && !action && len(gr.g.Moves) == 0:
			open, openAt = true, at
		case c == ']' && !open:
			return r.errAt(at, ErrSyntax, `"]" without its opening "["`)
		case c == ']' && comma != nil:
			return r.errAt(*comma, ErrSyntax, `"," without an action after it`)
		case c == ']':
			closed = true
		case c == ',' && !action:
			return r.errAt(at, ErrSyntax, `"," without an action before it`)
		case c == ',':
			comma, action = &at, false
		case '0' <= c && c <= '9':
			if err := gr.action(); err != nil {
				return err
			}
			comma, action = nil, true
			continue
		default:
			return r.errAt(at, ErrSyntax, "unexpected "+quoteByte(c)+" in an OpenSpiel move list")
		}
		r.take()
	}
}

// maxActionDigits is the most digits of an action that a message shows.
const maxActionDigits = 20

// action reads one OpenSpiel action and plays it.
func (gr *gameReader) action() error {
	r := gr.r
	at := r.here()
	var digits []byte
	long := false
	for c, ok := r.peek(); ok && '0' <= c && c <= '9'; c, ok = r.peek() {
		if r.take(); len(digits) < maxActionDigits {
			digits = append(digits, c)
		} else {
			long = true
		}
	}
	n, err := strconv.Atoi(string(digits))
	if long || err != nil || n >= oware.PitsPerSide {
		shown := string(digits)
		if long {
			shown += "…"
		}
		return r.errAt(at, ErrSyntax, fmt.Sprintf("action %q is not from 0 to 5", shown))
	}
	if c, ok := r.peek(); ok && !isActionDelim(c) {
		return r.errAt(r.here(), ErrSyntax, fmt.Sprintf("unexpected %s after the action %d", quoteByte(c), n))
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
