package ogn

import (
	"fmt"

	"github.com/seed3966233f/oware"
)

// playStrategyVariant is the value of the Variant tag in PlayStrategy's
// export of an Oware game.
const playStrategyVariant = "Oware"

// playStrategyTagName returns the name of the Game's tag for a tag of
// PlayStrategy's export: P1 is South and P2 North.
func playStrategyTagName(name string) string {
	switch name {
	case "P1":
		return "South"
	case "P2":
		return "North"
	}
	return name
}

// Square returns the PlayStrategy name of a pit: South's pits 0–5 are
// "a1" to "f1", North's pits 6–11 are "f2" down to "a2", so that a2 lies
// across from a1. It returns "" for a pit outside 0–11.
func Square(pit int) string {
	switch {
	case pit < 0 || pit >= oware.NumPits:
		return ""
	case pit < oware.PitsPerSide:
		return string([]byte{byte('a' + pit), '1'})
	}
	return string([]byte{byte('a' + oware.NumPits - 1 - pit), '2'})
}

// ParseSquare returns the pit of a PlayStrategy square, as Square names
// it, and whether s names one.
func ParseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'f' {
		return 0, false
	}
	file := int(s[0] - 'a')
	switch s[1] {
	case '1':
		return file, true
	case '2':
		return oware.NumPits - 1 - file, true
	}
	return 0, false
}

// playStrategyPly reads a move such as "c1f2", plays it and checks that
// its last seed lands on the square it names.
func (gr *gameReader) playStrategyPly() error {
	r := gr.r
	at := r.here()
	tok, long := r.token()
	from, ok1 := ParseSquare(safeSlice(tok, 0, 2))
	to, ok2 := ParseSquare(safeSlice(tok, 2, 4))
	if long || len(tok) != 4 || !ok1 || !ok2 {
		return r.errAt(at, ErrSyntax, fmt.Sprintf("%q is not a move such as c1f2", tok))
	}
	ply := Ply{Move: oware.Move(from)}
	if err := gr.addPly(at, ply); err != nil {
		return err
	}
	eff, rerr := gr.rep.play(len(gr.g.Moves), ply)
	if rerr == nil && eff.Last() != to {
		gr.rep.effects = gr.rep.effects[:len(gr.rep.effects)-1]
		rerr = &ReplayError{Ply: len(gr.g.Moves), Move: ply.Move,
			Err: fmt.Errorf("%w: %s sows its last seed in %s, not %s", ErrLastPit, Square(from), Square(eff.Last()), Square(to))}
	}
	if rerr != nil {
		rerr.Game, rerr.Line = r.games, at.line
		return rerr
	}
	gr.g.Moves[len(gr.g.Moves)-1].Captured = eff.Captured()
	return nil
}

// safeSlice returns s[i:j], or "" when s is shorter than j.
func safeSlice(s string, i, j int) string {
	if len(s) < j {
		return ""
	}
	return s[i:j]
}

// appendPlayStrategy appends the movetext of the PlayStrategy export of g
// with w.
func (g Game) appendPlayStrategy(w *lineWriter, c canonical) {
	res := c.result.winnerForm()
	for i, s := range g.Comments {
		w.comment(s, 0, i)
	}
	number := 1
	for i, ply := range g.Moves {
		move := Square(ply.Move.Pit()) + Square(c.lasts[i])
		switch mover := c.plays[i].ToMove(); {
		case mover == oware.South:
			move = fmt.Sprintf("%d. %s", number, move)
		case i == 0:
			move = fmt.Sprintf("%d... %s", number, move)
		}
		if c.plays[i].ToMove() == oware.North {
			number++
		}
		w.word(move)
		for j, s := range ply.Comments {
			w.comment(s, i+1, j)
		}
	}
	w.word(res.String())
	w.b = append(w.b, '\n')
}

// playStrategyLabel returns the Variant tag of g's PlayStrategy export:
// "Oware" for PlayStrategy's own rules, as PlayStrategy writes it, else the
// Variant tag of its OGN record, which the reader reads back by the same
// rules.
func (g Game) playStrategyLabel() string {
	if g.Rules == playStrategyRules {
		return playStrategyVariant
	}
	return g.variantLabel()
}

// psName returns the PlayStrategy name of a roster tag.
func psName(name string) string {
	switch name {
	case "South":
		return "P1"
	case "North":
		return "P2"
	}
	return name
}
