package solve

import (
	"strings"

	"github.com/seed3966233f/oware"
)

// history returns the positions of p's stretch since the last capture,
// oldest first, ending with p itself, read from p's text: the board where
// the stretch starts and the moves since, replayed from that board under
// p's rules with scores below 25, so that R8 does not end the stretch
// (its seeds, and so its scores, do not change within it).
func history(p oware.Position) ([]oware.Position, error) {
	text, err := p.MarshalText()
	if err != nil {
		return nil, err
	}
	f := strings.Fields(string(text))
	if len(f) > 0 && f[0][0] >= 'a' && f[0][0] <= 'z' {
		f = f[1:] // the rules' name; p.Rules() gives them
	}
	if len(f) == 0 || len(f) > 2 {
		return nil, ErrInvalidPosition
	}
	start, err := oware.ParseBoard(f[0])
	if err != nil {
		return nil, err
	}
	q := p.Rules().Position(normalize(start))
	line := []oware.Position{q}
	if len(f) == 2 {
		for i := 0; i < len(f[1]); i++ {
			m, err := oware.ParseMove(f[1][i : i+1])
			if err != nil {
				return nil, err
			}
			if q, err = q.Play(m); err != nil {
				return nil, err
			}
			line = append(line, q)
		}
	}
	return line, nil
}

// normalize returns b with the captured seeds shared as evenly as they
// can be, South taking the smaller half: both below 25, so that R8 does
// not end the game, which the values of this package play on without.
func normalize(b oware.Board) oware.Board {
	q, _ := relOf(b)
	nb := q.board()
	if b.ToMove() == oware.North {
		return nb.Mirror()
	}
	return nb
}
