package svg_test

import (
	"encoding/xml"
	"errors"
	"math"
	"regexp"
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

// step is what a test expects of one step: its rule, its caption, and the
// counts of the pits A–F then a–f in its picture ("" not to check them).
type step struct{ rule, caption, counts string }

// TestSteps: the README's four rules and a majority, step by step, worked
// out by hand.
func TestSteps(t *testing.T) {
	for _, tt := range []struct {
		name, start string
		move        oware.Move
		steps       []step
		scores      []int // in the last step before the board after the move: North's, South's
	}{
		{
			// R5: F's 4 seeds end in d, which holds 2, after c, which
			// holds 3; b holds 4 and stops the run.
			name: "R5 capture", start: "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S", move: 5,
			steps: []step{
				{"R3", "R3: South takes the 4 seeds of F", "1-1-1-1-1-0-1-3-2-1-2-2"},
				{"R3", "R3: a seed into a", "1-1-1-1-1-0-2-3-2-1-2-2"},
				{"R3", "R3: a seed into b", "1-1-1-1-1-0-2-4-2-1-2-2"},
				{"R3", "R3: a seed into c", "1-1-1-1-1-0-2-4-3-1-2-2"},
				{"R3", "R3: a seed into d", "1-1-1-1-1-0-2-4-3-2-2-2"},
				{"R5", "R5: the last seed makes d hold 2: South captures them", "1-1-1-1-1-0-2-4-3-0-2-2"},
				{"R5", "R5: c, the pit before, holds 3: South captures them too; b holds 4, which ends the run", "1-1-1-1-1-0-2-4-0-0-2-2"},
				{"R5", "South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)", "1-1-1-1-1-0-2-4-0-0-2-2"},
			},
			scores: []int{18, 15},
		},
		{
			// R4: F's 12 seeds go round the board; F is skipped and a
			// gets the twelfth.
			name: "R4 laps", start: "2-1-0-3-1-12-3-2-1-2-1-1-10-9-S", move: 5,
			steps: []step{
				{"R3", "R3: South takes the 12 seeds of F", "2-1-0-3-1-0-3-2-1-2-1-1"},
				{"R3", "R3: a seed into a", ""}, {"R3", "R3: a seed into b", ""},
				{"R3", "R3: a seed into c", ""}, {"R3", "R3: a seed into d", ""},
				{"R3", "R3: a seed into e", ""}, {"R3", "R3: a seed into f", ""},
				{"R3", "R3: a seed into A", ""}, {"R3", "R3: a seed into B", ""},
				{"R3", "R3: a seed into C", ""}, {"R3", "R3: a seed into D", ""},
				{"R3", "R3: a seed into E", "3-2-1-4-2-0-4-3-2-3-2-2"},
				{"R4", "R4: F, the pit sown from, is skipped; a seed into a", "3-2-1-4-2-0-5-3-2-3-2-2"},
				{"R4", "South sows F, 12 seeds round the board, skipping F (R4)", "3-2-1-4-2-0-5-3-2-3-2-2"},
			},
			scores: []int{9, 10},
		},
		{
			// R6: F's 3 seeds make a, b and c, North's only seeds, hold
			// 2, 3 and 2: taking them is annulled.
			name: "R6 grand slam", start: "4-4-4-4-4-3-1-2-1-0-0-0-10-11-S", move: 5,
			steps: []step{
				{"R3", "R3: South takes the 3 seeds of F", "4-4-4-4-4-0-1-2-1-0-0-0"},
				{"R3", "R3: a seed into a", ""}, {"R3", "R3: a seed into b", ""},
				{"R3", "R3: a seed into c", "4-4-4-4-4-0-2-3-2-0-0-0"},
				{"R6", "R6: taking c, b, a (7 seeds) would leave North no seed: a grand slam, so nothing is captured", "4-4-4-4-4-0-2-3-2-0-0-0"},
				{"R6", "South sows F, 3 seeds; a grand slam: it would take all of North's seeds, so it captures nothing (R6)", "4-4-4-4-4-0-2-3-2-0-0-0"},
			},
			scores: []int{11, 10},
		},
		{
			// R7: North's side is empty; F's 2 seeds reach a and b.
			name: "R7 feeding", start: "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S", move: 5,
			steps: []step{
				{"R3", "R3: South takes the 2 seeds of F", "2-0-0-3-1-0-0-0-0-0-0-0"},
				{"R3", "R3: a seed into a", "2-0-0-3-1-0-1-0-0-0-0-0"},
				{"R3", "R3: a seed into b", "2-0-0-3-1-0-1-1-0-0-0-0"},
				{"R7", "South sows F, 2 seeds; it feeds North, whose side was empty (R7)", "2-0-0-3-1-0-1-1-0-0-0-0"},
			},
			scores: []int{20, 20},
		},
		{
			// R8: North's d sows e, f, A and B, which hold 3 and 2: North
			// captures 5 and reaches 25; the run ends at North's own f.
			name: "R8 majority", start: "2-1-0-0-0-1-0-0-0-4-1-0-19-20-N", move: 9,
			steps: []step{
				{"R3", "R3: North takes the 4 seeds of d", "2-1-0-0-0-1-0-0-0-0-1-0"},
				{"R3", "R3: a seed into e", ""}, {"R3", "R3: a seed into f", ""},
				{"R3", "R3: a seed into A", ""}, {"R3", "R3: a seed into B", "3-2-0-0-0-1-0-0-0-0-2-1"},
				{"R5", "R5: the last seed makes B hold 2: North captures them", "3-0-0-0-0-1-0-0-0-0-2-1"},
				{"R5", "R5: A, the pit before, holds 3: North captures them too; f is North's own pit, which ends the run", "0-0-0-0-0-1-0-0-0-0-2-1"},
				{"R8", "North sows d, 4 seeds, and captures 5: 2 from B, 3 from A (R5)", "0-0-0-0-0-1-0-0-0-0-2-1"},
			},
			scores: []int{25, 19},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := oware.MustParsePosition(tt.start)
			steps, err := svg.Steps(p, tt.move, svg.Options{})
			require.NoError(t, err)
			require.Len(t, steps, len(tt.steps))
			height := ""
			for i, want := range tt.steps {
				got := steps[i]
				assert.Equal(t, want.rule, got.Rule, "step %d", i)
				assert.Equal(t, want.caption, got.Caption, "step %d", i)
				d := read(t, got.SVG)
				if want.counts != "" {
					assert.Equal(t, want.counts, d.counts(), "step %d: %s", i, want.caption)
				}
				h := heightOf(t, got.SVG)
				if height == "" {
					height = h
				}
				assert.Equal(t, height, h, "step %d: every step has the same size", i)
			}
			assert.Equal(t, tt.scores, read(t, steps[len(steps)-2].SVG).scores)
			e, err := p.Explain(tt.move)
			require.NoError(t, err)
			assert.Equal(t, read(t, svg.Move(e, svg.Options{})), read(t, steps[len(steps)-1].SVG), "the last step draws what Move draws")
		})
	}
}

// heightOf returns the height attribute of a picture.
func heightOf(t *testing.T, pic []byte) string {
	var root struct {
		Height string `xml:"height,attr"`
	}
	require.NoError(t, xml.Unmarshal(pic, &root))
	return root.Height
}

// TestStepsIllegal: an illegal move gives the error that Play gives, and
// no pictures.
func TestStepsIllegal(t *testing.T) {
	p := oware.MustParsePosition("2-0-0-3-1-2-0-0-0-0-0-0-20-20-S")
	steps, err := svg.Steps(p, 4, svg.Options{}) // E does not feed (R7)
	assert.Nil(t, steps)
	assert.ErrorIs(t, err, oware.ErrMustFeed)
	var me *oware.MoveError
	assert.True(t, errors.As(err, &me))
	_, err = svg.Steps(oware.Position{}, 0, svg.Options{})
	assert.ErrorIs(t, err, oware.ErrInvalidPosition)
}

// TestPropertySteps: under every preset, from random games and endgames,
// the steps of a move are one to take the seeds, one a seed sown, one a
// pit captured, one for an annulled grand slam and the board after the
// move; every picture holds the board's 48 seeds less those in hand, and
// the hand goes down by one a step until it is empty; the pits sown are
// those of Effect.Sown; the last step draws what Move draws.
func TestPropertySteps(t *testing.T) {
	handRE := regexp.MustCompile(`(\d+) seeds? in hand|No seed left in hand`)
	rapid.Check(t, func(t *rapid.T) {
		rules, err := oware.ParseRules(rapid.SampledFrom(oware.RulesNames()).Draw(t, "rules"))
		require.NoError(t, err)
		p := rules.Start()
		if rapid.Bool().Draw(t, "endgame") {
			p = rules.Position(boardgen.Endgame(draws{t}, 1, 48))
		}
		for skip := rapid.IntRange(0, 60).Draw(t, "skip"); skip > 0 && p.Moves().Len() > 0; skip-- {
			m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "skipped move"))
			p, _ = p.Play(m)
		}
		if p.Moves().Len() == 0 {
			return
		}
		m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "move"))
		side := oware.Player(rapid.IntRange(0, 1).Draw(t, "side"))
		e, err := p.Explain(m)
		require.NoError(t, err)
		steps, err := svg.Steps(p, m, svg.Options{Side: side, Caption: "ignored", Legal: p.Moves()})
		require.NoError(t, err)
		captures := 0
		for range e.Captures() {
			captures++
		}
		grandSlam := 0
		if e.GrandSlam() {
			grandSlam = 1
		}
		require.Len(t, steps, 1+e.Seeds()+captures+grandSlam+1)
		var sown []int
		for pit := range e.Sown() {
			sown = append(sown, pit)
		}
		for i, st := range steps[:len(steps)-1] {
			d := read(t, st.SVG)
			assert.NotContains(t, string(st.SVG), "tabindex", "steps mark no legal move")
			hand := 0
			if m := handRE.FindStringSubmatch(strings.Join(d.captions, " ")); m != nil && m[1] != "" {
				hand, _ = strconv.Atoi(m[1])
			}
			if i <= e.Seeds() {
				assert.Equal(t, e.Seeds()-i, hand, "step %d: %s", i, st.Caption)
			}
			total := hand
			for _, pt := range d.pits {
				total += pt.count
			}
			for _, s := range d.scores {
				total += s
			}
			assert.Equal(t, oware.NumSeeds, total, "step %d: %s", i, st.Caption)
			if i >= 1 && i <= e.Seeds() {
				assert.Contains(t, st.Caption, "a seed into "+oware.Move(sown[i-1]).String())
				assert.Equal(t, oware.Move(sown[i-1]).String(), d.marked("last"))
				assert.Contains(t, []string{"R3", "R4"}, st.Rule)
			}
			if i > e.Seeds() {
				assert.Contains(t, []string{"R5", "R6"}, st.Rule)
			}
		}
		assert.Equal(t, svg.Caption(e), steps[len(steps)-1].Caption)
		assert.True(t, strings.HasPrefix(strings.Join(read(t, steps[len(steps)-1].SVG).captions, " "), svg.Caption(e)), "the last step's picture says what the move did")
	})
}

// TestLegal: a picture with legal moves marks them with a ring, and is one
// to play on: a group whose legal pits are buttons the keyboard reaches,
// each pit labelled with its letter and seeds.
func TestLegal(t *testing.T) {
	p := oware.MustParsePosition("2-0-0-3-1-2-0-0-0-0-0-0-20-20-S") // only D and F feed (R7)
	pic := svg.Position(p, svg.Options{Legal: p.Moves()})
	d := read(t, pic)
	var ringed []string
	for _, l := range strings.Split("ABCDEFabcdef", "") {
		if d.pits[l].legal {
			ringed = append(ringed, l)
		}
	}
	assert.Equal(t, []string{"D", "F"}, ringed)
	var root node
	require.NoError(t, xml.Unmarshal(pic, &root))
	assert.Equal(t, "group", root.attr("role"))
	labels := map[string]string{}
	root.walk(func(n node) {
		if n.XMLName.Local == "g" && n.attr("data-pit") != "" {
			pit, err := strconv.Atoi(n.attr("data-pit"))
			require.NoError(t, err)
			labels[oware.Move(pit).String()] = n.attr("role") + " " + n.attr("tabindex") + " " + n.attr("aria-label")
		}
	})
	assert.Len(t, labels, 12)
	assert.Equal(t, "button 0 D: 3 seeds; play D", labels["D"])
	assert.Equal(t, "button 0 F: 2 seeds; play F", labels["F"])
	assert.Equal(t, "img  E: 1 seed, South's pit", labels["E"])
	assert.Equal(t, "img  a: 0 seeds, North's pit", labels["a"])
	assert.Contains(t, d.title, "Legal moves: D F")

	// Without legal moves, the picture is an image, its pits unlabelled.
	plain := svg.Position(p, svg.Options{})
	var plainRoot node
	require.NoError(t, xml.Unmarshal(plain, &plainRoot))
	assert.Equal(t, "img", plainRoot.attr("role"))
	assert.NotContains(t, string(plain), "aria-label")
	assert.NotContains(t, string(plain), "tabindex")
}

// TestColourBlindSafe: the fills that tell pits apart (plain, sown,
// captured, annulled) and the board's differ by at least 20 (CIE76 ΔE)
// from one another for normal vision and under the simulations of
// protanopia, deuteranopia and tritanopia of Machado, Oliveira and
// Fernandes (2009, severity 1).
func TestColourBlindSafe(t *testing.T) {
	pic := string(svg.Board(oware.Start().Board(), svg.Options{}))
	fills := map[string]string{}
	for _, class := range []string{"board", "pit", "sown", "captured", "annulled"} {
		m := regexp.MustCompile(`\.` + class + `\{fill:(#[0-9a-f]{6})`).FindStringSubmatch(pic)
		require.NotNil(t, m, "the fill of .%s", class)
		fills[class] = m[1]
	}
	visions := map[string][3][3]float64{
		"normal":       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
		"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
	}
	for vision, m := range visions {
		for a, ca := range fills {
			for b, cb := range fills {
				if a < b {
					d := deltaE(lab(t, ca, m), lab(t, cb, m))
					assert.GreaterOrEqual(t, d, 20.0, "%s: .%s %s and .%s %s", vision, a, ca, b, cb)
				}
			}
		}
	}
}

// lab returns the CIELAB colour of the sRGB colour hex seen through the
// matrix m, applied to linear RGB.
func lab(t *testing.T, hex string, m [3][3]float64) [3]float64 {
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	require.NoError(t, err)
	linear := func(c uint64) float64 {
		x := float64(c) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	in := [3]float64{linear(v >> 16 & 255), linear(v >> 8 & 255), linear(v & 255)}
	var rgb [3]float64
	for i := range 3 {
		for j := range 3 {
			rgb[i] += m[i][j] * in[j]
		}
		rgb[i] = min(1, max(0, rgb[i]))
	}
	x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
	y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// deltaE returns the CIE76 distance of two CIELAB colours.
func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}
