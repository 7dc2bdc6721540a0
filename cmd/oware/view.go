package main

import (
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// diagram draws p as seen by player near, whose row is at the bottom and
// reads from left to right in sowing order: the library's diagram for
// South, and the board turned round for North, with North's row a–f at the
// bottom and South's F–A on top.
//
//	    F  E  D  C  B  A
//	S   4  4  4  4  4  4   South 0
//	N   4  4  4  4  4  4   North 0
//	    a  b  c  d  e  f
//	North to move
func diagram(p oware.Position, near oware.Player) string {
	if near == oware.South || !p.Valid() {
		return p.Diagram()
	}
	b := p.Board()
	var out strings.Builder
	out.WriteString("    F  E  D  C  B  A\n")
	row(&out, b, oware.South, true)
	row(&out, b, oware.North, false)
	out.WriteString("    a  b  c  d  e  f\n")
	if o := p.Outcome(); o.Over() {
		out.WriteString(o.String())
	} else {
		out.WriteString(b.ToMove().String() + " to move")
	}
	return out.String()
}

// row writes the line of pl's pits, right to left when reversed, and pl's
// score.
func row(out *strings.Builder, b oware.Board, pl oware.Player, reversed bool) {
	out.WriteString(pl.String()[:1] + " ")
	for i := 0; i < oware.PitsPerSide; i++ {
		j := i
		if reversed {
			j = oware.PitsPerSide - 1 - i
		}
		n := strconv.Itoa(b.Pit(oware.PitsPerSide*int(pl) + j))
		out.WriteString(strings.Repeat(" ", 3-len(n)) + n)
	}
	out.WriteString("   " + pl.String() + " " + strconv.Itoa(b.Score(pl)) + "\n")
}
