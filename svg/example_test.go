package svg_test

import (
	"bytes"
	"encoding/xml"
	"fmt"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/svg"
)

// The picture of the rule sheet's capture (R5), as North sees it. Its
// title says in words what it shows.
func ExampleMove() {
	p := oware.MustParsePosition("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S")
	e, err := p.Explain(oware.Move(5)) // South sows F
	if err != nil {
		fmt.Println(err)
		return
	}
	pic := svg.Move(e, svg.Options{Side: oware.North})
	var doc struct {
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
		Title  string `xml:"title"`
	}
	if err := xml.Unmarshal(pic, &doc); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.Width, "by", doc.Height)
	fmt.Println(doc.Title)
	// Output:
	// 568 by 264
	// Oware board; South's pits A 1 B 1 C 1 D 1 E 1 F 0, score 15; North's pits a 2 b 4 c 0 d 0 e 2 f 2, score 18. South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5). North to move
}

// A board's picture begins with the SVG element; write it to a file or
// serve it as image/svg+xml.
func ExampleBoard() {
	pic := svg.Board(oware.Start().Board(), svg.Options{})
	fmt.Printf("%s\n", pic[:bytes.IndexByte(pic, '\n')])
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="568" height="242" viewBox="0 0 568 242" role="img">
}

// The rule sheet's capture (R5) step by step, as a board shows it while
// it happens: one picture a step, each with its rule and caption.
func ExampleSteps() {
	p := oware.MustParsePosition("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S")
	steps, err := svg.Steps(p, oware.Move(5), svg.Options{}) // South sows F
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range steps {
		fmt.Println(s.Rule, "|", s.Caption)
	}
	// Output:
	// R3 | R3: South takes the 4 seeds of F
	// R3 | R3: a seed into a
	// R3 | R3: a seed into b
	// R3 | R3: a seed into c
	// R3 | R3: a seed into d
	// R5 | R5: the last seed makes d hold 2: South captures them
	// R5 | R5: c, the pit before, holds 3: South captures them too; b holds 4, which ends the run
	// R5 | South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)
}

// A picture to play on: the legal moves are ringed, and each legal pit is
// a button that names its move for screen readers.
func ExampleOptions_legal() {
	p := oware.MustParsePosition("2-0-0-3-1-2-0-0-0-0-0-0-20-20-S") // only D and F feed North (R7)
	pic := svg.Position(p, svg.Options{Legal: p.Moves()})
	for _, line := range bytes.Split(pic, []byte("\n")) {
		if bytes.Contains(line, []byte(`role="button"`)) {
			fmt.Printf("%s\n", line)
		}
	}
	// Output:
	// <g data-pit="3" role="button" tabindex="0" aria-label="D: 3 seeds; play D">
	// <g data-pit="5" role="button" tabindex="0" aria-label="F: 2 seeds; play F">
}
