package svg_test

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/svg"
)

// node is an element of an SVG document.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []node     `xml:",any"`
}

// attr returns the value of the attribute name, or "".
func (n node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// num returns the attribute name as a number.
func (n node) num(t require.TestingT, name string) float64 {
	f, err := strconv.ParseFloat(n.attr(name), 64)
	require.NoError(t, err, "attribute %s of <%s>", name, n.XMLName.Local)
	return f
}

// classes returns the classes of n.
func (n node) classes() []string { return strings.Fields(n.attr("class")) }

// content returns the text of n and of its children.
func (n node) content() string {
	s := n.Text
	for _, c := range n.Nodes {
		s += c.content()
	}
	return s
}

// walk calls f on n and every element below it, in document order.
func (n node) walk(f func(node)) {
	f(n)
	for _, c := range n.Nodes {
		c.walk(f)
	}
}

// pit is what a picture shows of one pit.
type pit struct {
	x, y    float64        // its centre
	classes []string       // of its circle
	origin  bool           // ringed as the pit sown from
	legal   bool           // ringed as a legal move
	count   int            // the seeds drawn in it
	letter  string         // the letter next to it
	badges  map[string]int // the marks in it by class: "plus", "minus", "from", "kept"
}

// drawn is what a picture shows, read back from its SVG.
type drawn struct {
	title    string
	pits     map[string]*pit // by letter
	names    []string        // the score panels' names, top first
	scores   []int           // their scores, top first
	gains    []string        // the seeds gained shown beside a score
	captions []string        // the lines under the board
}

// read parses an SVG picture and reads back what it shows: each pit is the
// circle of class "pit", and its letter, count and marks are the texts
// centred on the same x nearest to it.
func read(t require.TestingT, data []byte) drawn {
	var root node
	require.NoError(t, xml.Unmarshal(data, &root), "the picture is XML:\n%s", data)
	require.Equal(t, "svg", root.XMLName.Local)
	require.Equal(t, "http://www.w3.org/2000/svg", root.XMLName.Space)
	w, h := root.num(t, "width"), root.num(t, "height")
	require.Equal(t, "0 0 "+root.attr("width")+" "+root.attr("height"), root.attr("viewBox"))
	var d drawn
	var circles []*pit
	type text struct {
		x, y    float64
		class   string
		content string
		tspan   string // the class of its tspan, if any
	}
	var texts []text
	root.walk(func(n node) {
		switch n.XMLName.Local {
		case "title":
			d.title = n.content()
		case "circle":
			x, y := n.num(t, "cx"), n.num(t, "cy")
			require.True(t, x > 0 && x < w && y > 0 && y < h, "a circle inside the picture")
			if strings.Contains(n.attr("class"), "legal") {
				for _, c := range circles {
					if c.x == x && c.y == y {
						c.legal = true
					}
				}
				return
			}
			if strings.Contains(n.attr("class"), "origin") {
				for _, c := range circles {
					if c.x == x && c.y == y {
						c.origin = true
					}
				}
				return
			}
			circles = append(circles, &pit{x: x, y: y, classes: n.classes(), badges: map[string]int{}})
		case "text":
			tx := text{x: n.num(t, "x"), y: n.num(t, "y"), class: n.attr("class"), content: n.content()}
			require.True(t, tx.x >= 0 && tx.x < w && tx.y > 0 && tx.y <= h, "a text inside the picture: %q", tx.content)
			if len(n.Nodes) == 1 && n.Nodes[0].XMLName.Local == "tspan" {
				tx.tspan = n.Nodes[0].attr("class")
			}
			texts = append(texts, tx)
		}
	})
	d.pits = map[string]*pit{}
	for _, c := range circles {
		near := func(class string) *text {
			var best *text
			for i := range texts {
				tx := &texts[i]
				if tx.x == c.x && tx.class == class && (best == nil || math.Abs(tx.y-c.y) < math.Abs(best.y-c.y)) {
					best = tx
				}
			}
			require.NotNil(t, best, "a %s text for the circle at %v,%v", class, c.x, c.y)
			return best
		}
		c.letter = near("letter").content
		n, err := strconv.Atoi(near("count").content)
		require.NoError(t, err)
		c.count = n
		for _, tx := range texts {
			if tx.x == c.x && tx.tspan != "" && math.Abs(tx.y-c.y) < 27 {
				v, err := strconv.Atoi(strings.TrimLeft(tx.content, "+−"))
				require.NoError(t, err, "mark %q", tx.content)
				c.badges[tx.tspan] = v
			}
		}
		require.NotContains(t, d.pits, c.letter, "one pit per letter")
		d.pits[c.letter] = c
	}
	for _, tx := range texts {
		switch tx.class {
		case "name":
			d.names = append(d.names, tx.content)
		case "score":
			n, err := strconv.Atoi(tx.content)
			require.NoError(t, err)
			d.scores = append(d.scores, n)
		case "gain":
			d.gains = append(d.gains, tx.content)
		case "caption":
			d.captions = append(d.captions, tx.content)
		}
	}
	return d
}

// rows returns the letters of the top row and of the bottom row, each from
// left to right.
func (d drawn) rows() (top, bottom string) {
	ys := map[float64]bool{}
	for _, p := range d.pits {
		ys[p.y] = true
	}
	var minY float64 = math.MaxFloat64
	for y := range ys {
		minY = min(minY, y)
	}
	var tops, bottoms []*pit
	for _, p := range d.pits {
		if p.y == minY {
			tops = append(tops, p)
		} else {
			bottoms = append(bottoms, p)
		}
	}
	order := func(ps []*pit) string {
		var s []byte
		for len(ps) > 0 {
			at := 0
			for i, p := range ps {
				if p.x < ps[at].x {
					at = i
				}
			}
			s = append(s, ps[at].letter...)
			ps = append(ps[:at], ps[at+1:]...)
		}
		return string(s)
	}
	return order(tops), order(bottoms)
}

// counts returns the counts of the pits by letter, A to F then a to f, as
// a position string's first twelve fields.
func (d drawn) counts() string {
	var s []string
	for _, l := range strings.Split("ABCDEFabcdef", "") {
		p := d.pits[l]
		if p == nil {
			return "missing " + l
		}
		s = append(s, strconv.Itoa(p.count))
	}
	return strings.Join(s, "-")
}

// marked returns the letters of the pits with the given class, or mark,
// A to F then a to f, with the mark's value: "c:3 d:2".
func (d drawn) marked(kind string) string {
	var s []string
	for _, l := range strings.Split("ABCDEFabcdef", "") {
		p := d.pits[l]
		if v, ok := p.badges[kind]; ok {
			s = append(s, l+":"+strconv.Itoa(v))
		} else if (kind == "last" || kind == "captured" || kind == "annulled") && hasClass(p.classes, kind) {
			s = append(s, l)
		} else if kind == "origin" && p.origin {
			s = append(s, l)
		}
	}
	return strings.Join(s, " ")
}

func hasClass(classes []string, c string) bool {
	for _, x := range classes {
		if x == c {
			return true
		}
	}
	return false
}

// TestBoardOpening: the opening as South sees it and as North sees it.
func TestBoardOpening(t *testing.T) {
	b := oware.Start().Board()
	d := read(t, svg.Board(b, svg.Options{}))
	top, bottom := d.rows()
	assert.Equal(t, "fedcba", top)
	assert.Equal(t, "ABCDEF", bottom)
	assert.Equal(t, "4-4-4-4-4-4-4-4-4-4-4-4", d.counts())
	assert.Equal(t, []string{"North", "South, to move"}, d.names)
	assert.Equal(t, []int{0, 0}, d.scores)
	assert.Equal(t, []string{"South to move"}, d.captions)
	assert.Empty(t, d.gains)
	assert.Contains(t, d.title, "South's pits A 4 B 4 C 4 D 4 E 4 F 4, score 0")

	d = read(t, svg.Board(b, svg.Options{Side: oware.North}))
	top, bottom = d.rows()
	assert.Equal(t, "FEDCBA", top)
	assert.Equal(t, "abcdef", bottom)
	assert.Equal(t, []string{"South, to move", "North"}, d.names)
}

// TestBoardCounts: the README's FEN example, North to move, read back
// pit by pit and score by score.
func TestBoardCounts(t *testing.T) {
	b := oware.MustParseBoard("0-10-0-0-0-1-2-0-5-0-0-3-13-14-N")
	for _, side := range []oware.Player{oware.South, oware.North} {
		d := read(t, svg.Board(b, svg.Options{Side: side}))
		assert.Equal(t, "0-10-0-0-0-1-2-0-5-0-0-3", d.counts())
		if side == oware.South {
			assert.Equal(t, []string{"North, to move", "South"}, d.names)
			assert.Equal(t, []int{14, 13}, d.scores)
		} else {
			assert.Equal(t, []string{"South", "North, to move"}, d.names)
			assert.Equal(t, []int{13, 14}, d.scores)
		}
		assert.Equal(t, []string{"North to move"}, d.captions)
		assert.Equal(t, "", d.marked("plus")+d.marked("minus")+d.marked("origin")+d.marked("last"), "a board has no marks")
	}
}

// TestMoves: the four rules that the README pictures, worked out by hand.
func TestMoves(t *testing.T) {
	for _, tt := range []struct {
		name, start string
		move        oware.Move
		counts      string // after the move, A-F then a-f
		scores      []int  // North's, then South's
		plus, last  string // the pits sown and the seeds each received; the last pit
		from        string // the pit sown from and its seeds
		minus, kept string // captured, and what a grand slam would have taken
		gains       []string
		caption     []string
	}{
		{
			// R4: F's 12 seeds go round the board; F is skipped and a
			// gets a second seed, which is the last.
			name: "laps", start: "2-1-0-3-1-12-3-2-1-2-1-1-10-9-S", move: 5,
			counts: "3-2-1-4-2-0-5-3-2-3-2-2", scores: []int{9, 10},
			plus: "A:1 B:1 C:1 D:1 E:1 a:2 b:1 c:1 d:1 e:1 f:1", last: "a", from: "F:12",
			caption: []string{"South sows F, 12 seeds round the board, skipping F (R4)", "North to move"},
		},
		{
			// R5: F's 4 seeds end in d, which holds 2, after c, which
			// holds 3: 5 seeds captured; b holds 4 and stops the run.
			name: "capture", start: "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S", move: 5,
			counts: "1-1-1-1-1-0-2-4-0-0-2-2", scores: []int{18, 15},
			plus: "a:1 b:1 c:1 d:1", last: "d", from: "F:4", minus: "c:3 d:2", gains: []string{"+5"},
			caption: []string{"South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)", "North to move"},
		},
		{
			// R6: F's 3 seeds make a, b and c, North's only seeds, hold
			// 2, 3 and 2: taking them all is annulled.
			name: "grand slam", start: "4-4-4-4-4-3-1-2-1-0-0-0-10-11-S", move: 5,
			counts: "4-4-4-4-4-0-2-3-2-0-0-0", scores: []int{11, 10},
			plus: "a:1 b:1 c:1", last: "c", from: "F:3", kept: "a:2 b:3 c:2",
			caption: []string{"South sows F, 3 seeds; a grand slam: it would take all of North's seeds,", "so it captures nothing (R6)", "North to move"},
		},
		{
			// R7: North's side is empty; F's 2 seeds reach a and b.
			name: "feeding", start: "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S", move: 5,
			counts: "2-0-0-3-1-0-1-1-0-0-0-0", scores: []int{20, 20},
			plus: "a:1 b:1", last: "b", from: "F:2",
			caption: []string{"South sows F, 2 seeds; it feeds North, whose side was empty (R7)", "North to move"},
		},
		{
			// R8: North's c sows 10, 11, 0 and 1, making A and B hold 3 and
			// 2: 5 more seeds make 25, and the game ends.
			name: "majority", start: "2-1-0-0-0-1-0-0-0-4-1-0-19-20-N", move: 9,
			counts: "0-0-0-0-0-1-0-0-0-0-2-1", scores: []int{25, 19},
			plus: "A:1 B:1 e:1 f:1", last: "B", from: "d:4", minus: "A:3 B:2", gains: []string{"+5"},
			caption: []string{"North sows d, 4 seeds, and captures 5: 2 from B, 3 from A (R5)", "Game over: North wins 25-19 (majority, R8)"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, err := oware.MustParsePosition(tt.start).Explain(tt.move)
			require.NoError(t, err)
			d := read(t, svg.Move(e, svg.Options{}))
			assert.Equal(t, tt.counts, d.counts())
			assert.Equal(t, tt.scores, d.scores)
			assert.Equal(t, tt.plus, d.marked("plus"))
			assert.Equal(t, tt.last, d.marked("last"))
			assert.Equal(t, tt.from, d.marked("from"))
			assert.Equal(t, tt.from[:1], d.marked("origin"))
			assert.Equal(t, tt.minus, d.marked("minus"))
			assert.Equal(t, tt.kept, d.marked("kept"))
			assert.Equal(t, tt.gains, d.gains)
			assert.Equal(t, tt.caption, d.captions)
			assert.Equal(t, strings.Join(tt.caption[:len(tt.caption)-1], " "), svg.Caption(e), "Caption is the picture's first line")
			if strings.HasPrefix(tt.caption[len(tt.caption)-1], "Game over") {
				assert.Equal(t, []string{"North", "South"}, d.names, "nobody is to move")
			} else {
				assert.Equal(t, []string{"North, to move", "South"}, d.names)
			}
			if tt.minus != "" {
				assert.NotEmpty(t, d.marked("captured"))
			}
			if tt.kept != "" {
				assert.Equal(t, "a b c", d.marked("annulled"))
			}
		})
	}
}

// TestPosition: a position's picture is its board's while the game goes
// on; a finished one names nobody to move and gives the outcome, under
// the position's rules.
func TestPosition(t *testing.T) {
	p := oware.MustParsePosition("1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	assert.Equal(t, svg.Board(p.Board(), svg.Options{}), svg.Position(p, svg.Options{}))

	// R9: South has no move; each side keeps its seeds: 24-24.
	p = oware.MustParsePosition("0-0-0-0-0-0-0-0-4-0-0-0-24-20-S")
	d := read(t, svg.Position(p, svg.Options{Side: oware.North}))
	assert.Equal(t, []string{"Game over: draw 24-24 (no move, R9)"}, d.captions)
	assert.Equal(t, []string{"South", "North"}, d.names)
	assert.Equal(t, []int{24, 20}, d.scores, "the board's scores, not the tallies")
	d = read(t, svg.Position(p, svg.Options{Caption: "mine"}))
	assert.Equal(t, []string{"mine"}, d.captions)

	// A score of 25 ends the game under abapa, not under awari.
	b := oware.MustParseBoard("3-0-0-0-0-0-0-0-0-0-0-20-25-0-S")
	assert.Equal(t, []string{"Game over: South wins 25-0 (majority, R8)"}, read(t, svg.Position(oware.PositionFrom(b), svg.Options{})).captions)
	awari, err := oware.ParseRules("awari")
	require.NoError(t, err)
	assert.Equal(t, []string{"South to move"}, read(t, svg.Position(awari.Position(b), svg.Options{})).captions)
}

// TestCaptionAndZero: a caption of one's own is escaped; the zero Board and
// the zero Effect are drawn and say that they are no board of the game; a
// side that is no player's draws as South sees it.
func TestCaptionAndZero(t *testing.T) {
	b := oware.Start().Board()
	d := read(t, svg.Board(b, svg.Options{Caption: `<b>"Ama" & Kofi</b>`}))
	assert.Equal(t, []string{`<b>"Ama" & Kofi</b>`}, d.captions)

	for _, pic := range [][]byte{svg.Board(oware.Board{}, svg.Options{}), svg.Move(oware.Effect{}, svg.Options{})} {
		d = read(t, pic)
		assert.Equal(t, "0-0-0-0-0-0-0-0-0-0-0-0", d.counts())
		assert.Equal(t, []string{"not a board of the game"}, d.captions)
		assert.Equal(t, []string{"North", "South"}, d.names, "nobody to move")
	}
	assert.Equal(t, svg.Board(b, svg.Options{}), svg.Board(b, svg.Options{Side: 7}))
	assert.Equal(t, "", svg.Caption(oware.Effect{}))
}

// TestAppend: the Append functions append, leaving what dst holds.
func TestAppend(t *testing.T) {
	b := oware.Start().Board()
	prefix := []byte("prefix")
	out := svg.AppendBoard(prefix, b, svg.Options{})
	assert.Equal(t, "prefix", string(prefix))
	assert.True(t, bytes.HasPrefix(out, prefix))
	assert.Equal(t, svg.Board(b, svg.Options{}), out[len(prefix):])
	e, err := oware.Start().Explain(2)
	require.NoError(t, err)
	out = svg.AppendMove(prefix, e, svg.Options{Side: oware.North})
	assert.Equal(t, svg.Move(e, svg.Options{Side: oware.North}), out[len(prefix):])
}

// draws is rapid's draws as a boardgen.Source.
type draws struct{ t *rapid.T }

func (d draws) IntN(n int) int { return rapid.IntRange(0, n-1).Draw(d.t, "n") }

// TestPropertyMoves: for eight plies from a random point of random games
// from random boards under every preset, from either side, every picture
// of a move parses, shows every pit's seeds and both scores after it, and
// marks as many seeds sown as were taken, and the seeds captured or
// annulled.
func TestPropertyMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(oware.RulesNames()).Draw(t, "rules")
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		var p oware.Position
		if rapid.Bool().Draw(t, "endgame") {
			p = rules.Position(boardgen.Endgame(draws{t}, 1, 48))
		} else {
			p = rules.Start()
		}
		side := oware.Player(rapid.IntRange(0, 1).Draw(t, "side"))
		for skip := rapid.IntRange(0, 80).Draw(t, "skip"); skip > 0 && p.Moves().Len() > 0; skip-- {
			m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "skipped move"))
			p, _ = p.Play(m)
		}
		for ply := 0; ply < 8 && p.Moves().Len() > 0; ply++ {
			m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "move"))
			e, err := p.Explain(m)
			require.NoError(t, err)
			d := read(t, svg.Move(e, svg.Options{Side: side}))
			after := e.After().Board()
			assert.Equal(t, strings.Join(strings.Split(after.String(), "-")[:12], "-"), d.counts())
			near, far := side, side.Opponent()
			assert.Equal(t, []int{after.Score(far), after.Score(near)}, d.scores)
			sum := func(kind string) int {
				n := 0
				for _, pt := range d.pits {
					n += pt.badges[kind]
				}
				return n
			}
			assert.Equal(t, e.Seeds(), sum("plus"), "sown")
			assert.Equal(t, e.Seeds(), sum("from"), "taken")
			assert.Equal(t, e.Captured(), sum("minus"), "captured")
			annulled := 0
			for c := range e.Annulled() {
				annulled += c.Seeds
			}
			assert.Equal(t, annulled, sum("kept"), "annulled")
			assert.Equal(t, e.Move().String(), d.marked("origin"))
			assert.Equal(t, oware.Move(e.Last()).String(), d.marked("last"))
			p = e.After()
		}
	})
}
