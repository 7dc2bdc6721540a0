// Package words tells in words and diagrams what happens in a game, for
// the command's messages: what a move did, a board as seen from one side,
// a list of pits, the verdict of the endgame tables, numbers with their
// nouns.
package words

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// Describe tells in one line what a move did, such as
// "South plays F (4 seeds) and captures 5 from d and c".
func Describe(e oware.Effect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s plays %s (%s)", e.Player(), e.Move(), Count(e.Seeds(), "seed", "seeds"))
	if e.Fed() {
		fmt.Fprintf(&b, ", feeding %s (R7)", e.Player().Opponent())
	}
	switch {
	case e.GrandSlam():
		fmt.Fprintf(&b, "; grand slam: taking all of %s's seeds is not allowed, nothing is captured (R6)", e.Player().Opponent())
	case e.Captured() > 0:
		fmt.Fprintf(&b, " and captures %d from %s", e.Captured(), PitList(slices.Collect(e.Captures())))
	}
	return b.String()
}

// PitList names captured pits by letter, in the order of the captures:
// "d", "d and c", "d, c and b".
func PitList(cs []oware.Capture) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = oware.Move(c.Pit).String()
	}
	return List(names)
}

// MoveList names moves by letter: "D and e".
func MoveList(ms []oware.Move) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.String()
	}
	return List(names)
}

// List joins words as a sentence lists them: "a", "a and b", "a, b and c".
func List(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// Plural returns one or many as n is 1 or not.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count returns n and its noun, in the singular for 1: "1 seed", "4
// seeds".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Amount returns n with commas between groups of three digits and its
// noun, in the singular for 1: "1 position", "12,685,179 positions".
func Amount(n uint64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}

// Thousands writes n with commas between groups of three digits:
// "12,685,179".
func Thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Letters lists moves by letter, separated by spaces: "A B D E F".
func Letters(ms oware.MoveSet) string { return strings.Trim(ms.String(), "{}") }

// Diagram draws p as seen by player near, whose row is at the bottom and
// reads from left to right in sowing order: the library's diagram for
// South, and the board turned round for North, with North's row a–f at the
// bottom and South's F–A on top.
//
//	    F  E  D  C  B  A
//	S   4  4  4  4  4  4   South 0
//	N   4  4  4  4  4  4   North 0
//	    a  b  c  d  e  f
//	North to move
func Diagram(p oware.Position, near oware.Player) string {
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

// Bounds are bounds of a value that give the final margin of a board:
// a value of package tablebase or of package solve.
type Bounds interface {
	Margin(b oware.Board) (lo, hi int)
}

// Verdict says who wins under perfect play from b, whose value is v:
// "South wins by 3", "draw", or, when the bounds do not tell, the range.
func Verdict(v Bounds, b oware.Board) string {
	lo, hi := v.Margin(b)
	one := func(m int) string {
		switch {
		case m > 0:
			return fmt.Sprintf("South wins by %d", m)
		case m < 0:
			return fmt.Sprintf("North wins by %d", -m)
		}
		return "draw"
	}
	switch {
	case lo == hi:
		return one(lo)
	case lo > 0:
		return fmt.Sprintf("South wins, by %d to %d", lo, hi)
	case hi < 0:
		return fmt.Sprintf("North wins, by %d to %d", -hi, -lo)
	}
	return fmt.Sprintf("not known: from %s to %s", one(lo), one(hi))
}
