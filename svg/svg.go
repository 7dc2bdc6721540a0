// Package svg draws Oware boards, and what a move did, as SVG pictures.
//
// A picture shows the board as the players see it: two rows of six pits,
// the player of Options.Side nearest, with their row at the bottom reading
// from left to right in sowing order; each pit with its letter (A–F for
// South's pits 0–5, a–f for North's pits 6–11) and its seeds; both scores
// beside their rows; and under the board the side to move. The picture of
// a move (Move, from an oware.Effect) shows the board after it and marks
// what it did: the pit sown from and the seeds taken from it, every pit
// sown and how many seeds it received (more than one on a lap, R4), the
// pit of the last seed, the captured run with the seeds taken from each
// pit (R5), or the run that an annulled grand slam would have taken (R6);
// its caption says it in words, feeding included (R7). Steps draws a
// move step by step, seed by seed and pit by pit, each step with its rule.
// A picture with legal moves (Options.Legal) marks them and is one to play
// on, its pits buttons labelled for screen readers.
//
// The pictures are deterministic: the same input gives the same bytes.
// They need no fonts or scripts beyond what any browser has, and carry a
// title for screen readers. Their colours hold for readers with any of
// the common colour deficiencies, and every mark has a number or a ring
// beside its colour. The package imports the standard library only.
package svg

import (
	"encoding/xml"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/seed3966233f/oware"
)

// Options tell how a picture is drawn. The zero Options draw the board as
// South sees it, with the default caption.
type Options struct {
	// Side is the player whose row is drawn at the bottom, reading from
	// left to right in sowing order, and whose opponent's row is at the
	// top: oware.South (A–F at the bottom, f–a on top) or oware.North
	// (a–f at the bottom, F–A on top). Any other value draws it as
	// South sees it.
	Side oware.Player
	// Caption, when not empty, replaces the last line under the board,
	// which says by default who is to move. Its text is escaped.
	Caption string
	// Legal, when not empty, are the moves to mark as playable, such as
	// a position's Moves: each of their pits is ringed. The picture is
	// then one to play on, for a page that shows it inline: its root is
	// a group rather than an image, each pit of Legal is a button that
	// the keyboard reaches (tabindex 0) and each other pit an image,
	// each labelled for screen readers with its letter, its seeds and
	// whether it can be played.
	Legal oware.MoveSet
}

// Board returns the SVG picture of b: see AppendBoard.
func Board(b oware.Board, o Options) []byte { return AppendBoard(nil, b, o) }

// AppendBoard appends the SVG picture of b to dst and returns the extended
// buffer: the pits, both scores, and under the board who is to move (or
// o.Caption). The zero Board, which is no board of the game, is drawn
// with empty pits and says so.
func AppendBoard(dst []byte, b oware.Board, o Options) []byte {
	pic := newPicture(b, o)
	if !b.Valid() {
		pic.lines = []string{"not a board of the game"}
	} else {
		pic.lines = []string{b.ToMove().String() + " to move"}
	}
	if o.Caption != "" {
		pic.lines[len(pic.lines)-1] = o.Caption
	}
	return pic.appendTo(dst)
}

// Position returns the SVG picture of p: see AppendPosition.
func Position(p oware.Position, o Options) []byte { return AppendPosition(nil, p, o) }

// AppendPosition appends the SVG picture of p's board to dst and returns
// the extended buffer, as AppendBoard does, except that under a finished
// game's board nobody is to move and the caption gives the outcome under
// p's rules, such as "Game over: South wins 25-18 (majority, R8)".
func AppendPosition(dst []byte, p oware.Position, o Options) []byte {
	out := p.Outcome()
	if !out.Over() {
		return AppendBoard(dst, p.Board(), o)
	}
	pic := newPicture(p.Board(), o)
	pic.over, pic.lines = true, []string{"Game over: " + out.String()}
	if o.Caption != "" {
		pic.lines[0] = o.Caption
	}
	return pic.appendTo(dst)
}

// Move returns the SVG picture of what a move did: see AppendMove.
func Move(e oware.Effect, o Options) []byte { return AppendMove(nil, e, o) }

// AppendMove appends to dst the SVG picture of the move that e tells of,
// and returns the extended buffer. It draws the board after the move
// (e.After) and marks on it the pit sown from, with the seeds taken from
// it, each pit sown with the seeds it received, the pit of the last seed,
// the captured pits with the seeds taken from each, and the pits that an
// annulled grand slam would have taken. The captor's score shows what it
// gained. Under the board, a line says what the move did and the next
// says who is to move, or the outcome if the move ended the game (or
// o.Caption). The zero Effect, which is no move's, is drawn as the zero
// Board.
func AppendMove(dst []byte, e oware.Effect, o Options) []byte {
	after := e.After().Board()
	if !after.Valid() {
		return AppendBoard(dst, after, o)
	}
	pic := movePicture(e, o)
	return pic.appendTo(dst)
}

// movePicture returns the picture of the move that e tells of, which
// must be a move's: see AppendMove.
func movePicture(e oware.Effect, o Options) picture {
	after := e.After().Board()
	pic := newPicture(after, o)
	pic.move = true
	mover := e.Player()
	pic.marks[e.Move().Pit()].origin = e.Seeds()
	for pit := range e.Sown() {
		pic.marks[pit].sown++
	}
	pic.marks[e.Last()].last = true
	for c := range e.Captures() {
		pic.marks[c.Pit].captured = c.Seeds
	}
	for c := range e.Annulled() {
		pic.marks[c.Pit].annulled = c.Seeds
	}
	pic.gained[mover] = e.Captured()
	next := after.ToMove().String() + " to move"
	if out := e.Outcome(); out.Over() {
		next = "Game over: " + out.String()
		pic.over = true
	}
	if o.Caption != "" {
		next = o.Caption
	}
	pic.lines = []string{caption(e), next}
	return pic
}

// Caption says in words what the move of e did, as the first line under
// its picture (Move) says it, such as "South sows F, 4 seeds, and
// captures 5: 2 from d, 3 from c (R5)": the seeds sown, a lap (R4), the
// capture (R5) or a grand slam (R6), feeding (R7). The zero Effect gives
// "".
func Caption(e oware.Effect) string {
	if !e.After().Valid() {
		return ""
	}
	return caption(e)
}

// caption says in words what the move of e did: see Caption.
func caption(e oware.Effect) string {
	var b strings.Builder
	seeds := "seeds"
	if e.Seeds() == 1 {
		seeds = "seed"
	}
	fmt.Fprintf(&b, "%s sows %s, %d %s", e.Player(), e.Move(), e.Seeds(), seeds)
	if e.Seeds() >= oware.NumPits {
		fmt.Fprintf(&b, " round the board, skipping %s (R4)", e.Move())
	}
	switch {
	case e.GrandSlam():
		fmt.Fprintf(&b, "; a grand slam: it would take all of %s's seeds, so it captures nothing (R6)", e.Player().Opponent())
	case e.Captured() > 0:
		var taken []string
		for c := range e.Captures() {
			taken = append(taken, fmt.Sprintf("%d from %s", c.Seeds, oware.Move(c.Pit)))
		}
		fmt.Fprintf(&b, ", and captures %d: %s (R5)", e.Captured(), strings.Join(taken, ", "))
	}
	if e.Fed() {
		fmt.Fprintf(&b, "; it feeds %s, whose side was empty (R7)", e.Player().Opponent())
	}
	if e.LoneSeeds() {
		b.WriteString("; the two lone seeds go one to each player")
	}
	return b.String()
}

// mark is what a move did to one pit.
type mark struct {
	origin   int  // seeds taken from the pit to sow them, if it is the pit sown
	sown     int  // seeds it received
	last     bool // the last seed fell in it (or, in a step, the latest)
	captured int  // seeds captured from it (R5)
	annulled int  // seeds an annulled grand slam would have taken from it (R6)
}

// picture is what a picture shows. Its pits and scores are a board's, or
// in a step of a move (Steps) those of the board while the seeds are
// sown, some of them still in hand.
type picture struct {
	pits     [oware.NumPits]int
	scores   [2]int
	toMove   oware.Player
	valid    bool         // a board of the game, or a step of a move on one
	side     oware.Player // the player nearest
	move     bool         // the picture of a move: marks and gained apply
	over     bool         // the game is over: nobody is to move
	legal    oware.MoveSet
	marks    [oware.NumPits]mark
	gained   [2]int // seeds each player captured by the move
	lines    []string
	minLines int // the caption's lines, at the least (Steps pads with blank lines)
}

// newPicture returns the picture of board b drawn with the options o,
// without marks or caption.
func newPicture(b oware.Board, o Options) picture {
	pic := picture{pits: b.Pits(), toMove: b.ToMove(), valid: b.Valid(), side: o.Side, legal: o.Legal}
	for pl := range pic.scores {
		pic.scores[pl] = b.Score(oware.Player(pl))
	}
	if pic.side != oware.North {
		pic.side = oware.South
	}
	return pic
}

// The geometry of a picture, in pixels.
const (
	cell     = 64                   // the width and height of a pit's cell
	radius   = 27                   // a pit's radius
	left     = 24                   // the left edge of the first pit's cell
	top      = 40                   // the top edge of the upper row
	panelX   = left + 6*cell + 24   // the left edge of the score panels
	panelW   = 124                  // their width
	width    = panelX + panelW + 12 // the picture's width
	lettersY = top + 2*cell + 26    // the baseline of the lower letters
	lineY    = lettersY + 34        // the baseline of the first caption line
	lineGap  = 22                   // between caption lines
	boardX   = left - 12            // the board's outline
	boardW   = 6*cell + 24          // its width
	boardY   = top - 6              // its top
	boardH   = 2*cell + 12          // its height
	letterUp = top - 12             // the baseline of the upper letters
	centerUp = top + cell/2         // the centre of the upper row
	centerDn = top + cell + cell/2  // the centre of the lower row
	textDrop = 8                    // from a pit's centre to its count's baseline
	wrapAt   = 72                   // the longest caption line, in characters
)

// style is the picture's style sheet. Its fills of pits (plain, sown,
// captured, annulled) and of the board tell apart for readers with any
// of the common colour deficiencies (blue against orange against
// yellow, each of its own lightness), and every mark has a number or a
// ring beside its colour.
const style = `text{font-family:sans-serif;fill:#222}` +
	`.board{fill:#8a6a45;stroke:#5c4328;stroke-width:2}` +
	`.pit{fill:#faf3e3;stroke:#5c4328;stroke-width:1.5}` +
	`.sown{fill:#8fc3ee}` +
	`.captured{fill:#e8915d}` +
	`.annulled{fill:#e6d34a}` +
	`.origin{stroke:#0072b2;stroke-width:3;stroke-dasharray:5 3}` +
	`.legal{stroke:#009e73;stroke-width:3}` +
	`.last{stroke:#222;stroke-width:3.5}` +
	`.panel{fill:#fbf7ee;stroke:#5c4328;stroke-width:1.5}` +
	`.tomove{stroke:#0072b2;stroke-width:3.5}` +
	`.count{font-size:22px;font-weight:bold}` +
	`.letter{font-size:15px;fill:#3b2a1a}` +
	`.plus{font-size:12px;fill:#0b3d66}` +
	`.minus{font-size:12px;fill:#6e1f00}` +
	`.from{font-size:12px;fill:#00538a}` +
	`.kept{font-size:12px;fill:#5a4a00;text-decoration:line-through}` +
	`.name{font-size:14px}` +
	`.score{font-size:24px;font-weight:bold}` +
	`.gain{font-size:14px;fill:#0b3d66;font-weight:bold}` +
	`.caption{font-size:14px}`

// rowPits returns the pits of the row at the top or at the bottom of the
// picture, from left to right, as side sees the board.
func rowPits(side oware.Player, bottom bool) [oware.PitsPerSide]int {
	var pits [oware.PitsPerSide]int
	for i := range pits {
		if bottom {
			pits[i] = oware.PitsPerSide*int(side) + i
		} else {
			pits[i] = oware.PitsPerSide*int(side.Opponent()) + oware.PitsPerSide - 1 - i
		}
	}
	return pits
}

// appendTo appends the SVG document of pic to dst.
func (pic *picture) appendTo(dst []byte) []byte {
	lines := pic.wrapped()
	for len(lines) < pic.minLines {
		lines = append(lines, "")
	}
	height := lineY + lineGap*(len(lines)-1) + 14
	role := "img"
	if pic.legal.Len() > 0 {
		role = "group"
	}
	w := writer{b: dst}
	w.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="%s">`+"\n", width, height, width, height, role)
	w.printf("<title>%s</title>\n", escape(pic.title()))
	w.printf("<style>%s</style>\n", style)
	w.printf(`<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	w.printf(`<rect class="board" x="%d" y="%d" width="%d" height="%d" rx="18"/>`+"\n", boardX, boardY, boardW, boardH)
	for _, bottom := range []bool{false, true} {
		cy, letterY := centerUp, letterUp
		if bottom {
			cy, letterY = centerDn, lettersY
		}
		for i, pit := range rowPits(pic.side, bottom) {
			pic.appendPit(&w, pit, left+cell/2+cell*i, cy, letterY)
		}
		owner := pic.side
		if !bottom {
			owner = pic.side.Opponent()
		}
		pic.appendPanel(&w, owner, cy-cell/2+4)
	}
	for i, line := range lines {
		if line != "" {
			w.printf(`<text class="caption" x="%d" y="%d">%s</text>`+"\n", boardX, lineY+lineGap*i, escape(line))
		}
	}
	w.printf("</svg>\n")
	return w.b
}

// wrapped returns the lines of the caption as the picture writes them.
func (pic *picture) wrapped() []string {
	var lines []string
	for _, line := range pic.lines {
		lines = append(lines, wrap(line, wrapAt)...)
	}
	return lines
}

// appendPit draws pit centred at (cx, cy), with its letter on the line at
// letterY and the marks of the move, as a group that names the pit
// (data-pit) and, in a picture to play on, labels it.
func (pic *picture) appendPit(w *writer, pit, cx, cy, letterY int) {
	m := pic.marks[pit]
	switch {
	case pic.legal.Len() == 0:
		w.printf(`<g data-pit="%d">`+"\n", pit)
	case pic.legal.Contains(oware.Move(pit)):
		w.printf(`<g data-pit="%d" role="button" tabindex="0" aria-label="%s: %s; play %s">`+"\n", pit, oware.Move(pit), seeds(pic.pits[pit]), oware.Move(pit))
	default:
		w.printf(`<g data-pit="%d" role="img" aria-label="%s: %s, %s's pit">`+"\n", pit, oware.Move(pit), seeds(pic.pits[pit]), oware.Move(pit).Player())
	}
	class := "pit"
	switch {
	case m.captured > 0:
		class += " captured"
	case m.annulled > 0:
		class += " annulled"
	case m.sown > 0:
		class += " sown"
	}
	if m.last {
		class += " last"
	}
	w.printf(`<circle class="%s" cx="%d" cy="%d" r="%d"/>`+"\n", class, cx, cy, radius)
	switch {
	case m.origin > 0:
		w.printf(`<circle class="origin" cx="%d" cy="%d" r="%d" fill="none"/>`+"\n", cx, cy, radius+5)
	case pic.legal.Contains(oware.Move(pit)):
		w.printf(`<circle class="legal" cx="%d" cy="%d" r="%d" fill="none"/>`+"\n", cx, cy, radius+3)
	}
	w.printf(`<text class="letter" x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", cx, letterY, oware.Move(pit))
	w.printf(`<text class="count" x="%d" y="%d" text-anchor="middle">%d</text>`+"\n", cx, cy+textDrop, pic.pits[pit])
	above, below := "", ""
	switch {
	case m.origin > 0:
		above = fmt.Sprintf(`<tspan class="from">−%d</tspan>`, m.origin)
	case m.sown > 0:
		above = fmt.Sprintf(`<tspan class="plus">+%d</tspan>`, m.sown)
	}
	switch {
	case m.captured > 0:
		below = fmt.Sprintf(`<tspan class="minus">−%d</tspan>`, m.captured)
	case m.annulled > 0:
		below = fmt.Sprintf(`<tspan class="kept">−%d</tspan>`, m.annulled)
	}
	if above != "" {
		w.printf(`<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", cx, cy-12, above)
	}
	if below != "" {
		w.printf(`<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", cx, cy+22, below)
	}
	w.printf("</g>\n")
}

// seeds returns "1 seed" or "n seeds".
func seeds(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return fmt.Sprintf("%d seeds", n)
}

// appendPanel draws the panel of pl's name and score beside their row,
// its top at y.
func (pic *picture) appendPanel(w *writer, pl oware.Player, y int) {
	class, name := "panel", pl.String()
	if pic.valid && !pic.over && pic.toMove == pl {
		class, name = class+" tomove", name+", to move"
	}
	w.printf(`<rect class="%s" x="%d" y="%d" width="%d" height="%d" rx="8"/>`+"\n", class, panelX, y, panelW, cell-8)
	w.printf(`<text class="name" x="%d" y="%d">%s</text>`+"\n", panelX+10, y+19, name)
	w.printf(`<text class="score" x="%d" y="%d">%d</text>`+"\n", panelX+10, y+46, pic.scores[pl])
	if g := pic.gained[pl]; g > 0 {
		w.printf(`<text class="gain" x="%d" y="%d">+%d</text>`+"\n", panelX+56, y+45, g)
	}
}

// title describes the picture in words, for screen readers.
func (pic *picture) title() string {
	var b strings.Builder
	b.WriteString("Oware board")
	for _, pl := range []oware.Player{oware.South, oware.North} {
		fmt.Fprintf(&b, "; %s's pits", pl)
		for i := range oware.PitsPerSide {
			pit := oware.PitsPerSide*int(pl) + i
			fmt.Fprintf(&b, " %s %d", oware.Move(pit), pic.pits[pit])
		}
		fmt.Fprintf(&b, ", score %d", pic.scores[pl])
	}
	for _, line := range pic.lines {
		b.WriteString(". " + line)
	}
	if pic.legal.Len() > 0 {
		b.WriteString(". Legal moves:")
		for m := range pic.legal.All() {
			b.WriteString(" " + m.String())
		}
	}
	return b.String()
}

// wrap cuts text into lines of at most n characters where it can, between
// words.
func wrap(text string, n int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= n:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// writer builds a document.
type writer struct{ b []byte }

// printf appends formatted text.
func (w *writer) printf(format string, a ...any) { w.b = fmt.Appendf(w.b, format, a...) }

// escape returns s with the characters that XML reserves escaped.
func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}
