package check

import (
	"encoding/json"
	"strconv"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// Case is one question put to the subject: a start position, with a fresh
// repetition history (D4), moves that the library finds legal and, when
// Refused is set, one more move that it refuses, whose error code and ply
// the subject must give.
type Case struct {
	Kind  Kind        // the family the case was made in
	Start oware.Board // the position before the first move
	Moves []oware.Move
	// Refused is the text of a last move, sent after Moves, that the
	// library refuses: an illegal move, a move after the end, or text
	// that names no pit such as "12". "" for none.
	Refused string
	rules   oware.Rules // the library's rules the moves are played under
}

// with returns a case of the same family, rules and refused move as c
// with another start and moves.
func (c Case) with(start oware.Board, moves []oware.Move) Case {
	return Case{Kind: c.Kind, Start: start, Moves: moves, Refused: c.Refused, rules: c.rules}
}

// Seeds returns the seeds on the board at the start.
func (c Case) Seeds() int {
	return c.Start.SideSeeds(oware.South) + c.Start.SideSeeds(oware.North)
}

// Plies returns the moves the case sends, the refused one included.
func (c Case) Plies() int {
	if c.Refused != "" {
		return len(c.Moves) + 1
	}
	return len(c.Moves)
}

// Request returns the oracle request of c with the given id, or without
// one when id is negative.
func (c Case) Request(id int) oracle.Request {
	start := c.Start.String()
	req := oracle.Request{Version: oracle.Version, Start: &start, Moves: make([]string, len(c.Moves), c.Plies())}
	if c.rules != (oware.Rules{}) {
		name := c.rules.String()
		req.Rules = &name
	}
	if id >= 0 {
		req.ID = json.RawMessage(strconv.Itoa(id))
	}
	for i, m := range c.Moves {
		req.Moves[i] = m.String()
	}
	if c.Refused != "" {
		req.Moves = append(req.Moves, c.Refused)
	}
	return req
}

// Line returns c as one oracle request line without an id and without a
// line break, such as {"start":"2-1-0-0-0-0-0-0-0-4-1-0-20-20-N","moves":["d"]}.
func (c Case) Line() string {
	req := c.Request(-1)
	req.Version = 0
	b, err := json.Marshal(req)
	if err != nil { // cannot happen: strings only
		panic(err)
	}
	return string(b)
}

// positions returns the positions of c: the start, then the position after
// each move, as many as the library can play (a move that is illegal under
// the library ends the list). The refused move is not played.
func (c Case) positions() []oware.Position {
	p := c.rules.Position(c.Start)
	out := make([]oware.Position, 1, len(c.Moves)+1)
	out[0] = p
	for _, m := range c.Moves {
		next, err := p.Play(m)
		if err != nil {
			break
		}
		p = next
		out = append(out, p)
	}
	return out
}

// legalized returns c cut before its first move that the library refuses,
// so that every case sent asks about legal moves, then at most one refused
// move. A refused move that the position reached allows is played as one
// of the moves.
func (c Case) legalized() Case {
	ps := c.positions()
	n := len(ps) - 1
	c.Moves = c.Moves[:n:n]
	if c.Refused == "" {
		return c
	}
	if m, err := oware.ParseMove(c.Refused); err == nil && ps[n].Moves().Contains(m) {
		c.Moves, c.Refused = append(c.Moves, m), ""
	}
	return c
}
