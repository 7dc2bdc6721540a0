package rulecases

import (
	"slices"
	"strings"
	"testing"
)

// TestFilesParse: every preset's files read without error, names are
// unique, abapa's vectors are the 33 of the conformance file, and every
// preset of package oware has its specification.
func TestFilesParse(t *testing.T) {
	presets, err := Presets()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"abapa", "aalina", "auale", "awari", "board-game-rs", "game-oware", "openspiel", "playstrategy"}
	if !slices.Equal(presets, want) {
		t.Errorf("presets %v, want %v", presets, want)
	}
	for _, preset := range presets {
		cs, err := Cases(preset)
		if err != nil || len(cs) == 0 {
			t.Errorf("%s: %d cases, %v", preset, len(cs), err)
		}
		for _, c := range cs {
			if c.Preset != preset {
				t.Errorf("%s: case %s of preset %q", preset, c.Name, c.Preset)
			}
		}
		ps, err := PerftCases(preset)
		if err != nil || len(ps) == 0 || ps[0].ID != "opening" || ps[0].Preset != preset {
			t.Errorf("%s: perft %v, %v", preset, ps, err)
		}
	}
	if _, err := Cases("chess"); err == nil {
		t.Error("cases of no preset")
	}
	all, err := Cases(Abapa)
	if err != nil {
		t.Fatal(err)
	}
	vectors, err := Vectors()
	if err != nil {
		t.Fatal(err)
	}
	if len(vectors) != 33 || len(all) <= len(vectors) {
		t.Errorf("%d cases, %d vectors", len(all), len(vectors))
	}
	for _, c := range vectors {
		if _, err := c.Letters(); err != nil {
			t.Error(err)
		}
	}
}

// TestParseCases checks the line format on small inputs.
func TestParseCases(t *testing.T) {
	cs, err := ParseCases(strings.Join([]string{
		"# a comment",
		"",
		"vector | R5 R6 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | Fa[12] | legal@0=ABCDEF; board@1=4-4-4-4-4-0-5-5-5-5-4-4-0-0-N; captures@1=-; outcome=not over; error=ErrNoSuchPit | about x",
		"case | D4 | y | 1,-1,0,0,0,0,0,0,0,0,0,0,48,0,3 | - | error=ErrNegativeCount; field=pit 1; value=-1 | about y",
	}, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	x, y := cs[0], cs[1]
	if !x.Vector || x.Name != "x" || len(x.Moves) != 3 || x.Moves[2] != 12 || x.Played() != 2 || !x.MoveRefused() {
		t.Errorf("x: %+v", x)
	}
	if !x.Plies[0].Has("legal") || len(x.Plies[0].Legal) != 6 || !x.Plies[1].Has("captures") || x.Plies[1].Has("legal") {
		t.Errorf("x facts: %+v", x.Plies)
	}
	if !x.Last().Has("outcome") || x.Last().Outcome.Over {
		t.Errorf("x outcome: %+v", x.Last())
	}
	if !y.Raw || y.Pits[1] != -1 || y.Scores[0] != 48 || y.ToMove != 3 || !y.StartRefused() || y.Field != "pit 1" || y.Value != -1 {
		t.Errorf("y: %+v", y)
	}
	for _, bad := range []string{
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | F | board=1 | about",           // not a position string
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | F | sown@0=1 | about",          // a move fact at the start
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | F | reps@2=1 | about",          // beyond the moves
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | error=ErrEmptyPit | about", // no move to refuse
		"case | R12 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | | about",                  // unknown rule
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | outcome=South wins 24-24 (no move, R9) | about",
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | | ",      // no about
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | G | | about", // not a letter
	} {
		if _, err := ParseCases(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	z, err := ParseCases("case | R10 MaxPlies | z | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +1000 | F | outcome=not over | about z")
	if err != nil || z[0].Start != "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +1000" || !slices.Equal(z[0].Rules, []string{"R10", "MaxPlies"}) {
		t.Errorf("z: %+v, %v", z, err)
	}
	for _, bad := range []string{
		"case | R5 Majority | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | | about",                    // no such knob
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +0 | - | | about",                          // no plies
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +012 | - | | about",                        // a leading zero
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +x | - | | about",                          // not a number
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +1 +1 | - | | about",                       // twice
		"case | R5 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | F | error=ErrGrandSlam; field=x | about", // field of a refused move
	} {
		if _, err := ParseCases(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	if _, err := ParseCases("case | R1 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | | a\ncase | R1 | x | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S | - | | b"); err == nil {
		t.Error("accepted a name twice")
	}
}

func TestParseOutcome(t *testing.T) {
	o, err := ParseOutcome("North wins 25-23 (repetition, R10)")
	if err != nil || !o.Over || o.Winner != "North" || o.Tallies != [2]int{23, 25} || o.Reason != "repetition" || o.Rule != "R10" {
		t.Errorf("%+v, %v", o, err)
	}
	o, err = ParseOutcome("North wins 24.5-23.5 (repetition, R10)")
	if err != nil || o.Winner != "North" || o.Tallies != [2]int{23, 24} || !o.Half || o.Rule != "R10" {
		t.Errorf("%+v, %v", o, err)
	}
	o, err = ParseOutcome("draw 13-35 (ply limit)")
	if err != nil || o.Winner != "" || o.Tallies != [2]int{13, 35} || o.Reason != "ply limit" || o.Rule != "" {
		t.Errorf("%+v, %v", o, err)
	}
	o, err = ParseOutcome("South wins 30-18 (quiet limit)")
	if err != nil || o.Winner != "South" || o.Tallies != [2]int{30, 18} || o.Reason != "quiet limit" {
		t.Errorf("%+v, %v", o, err)
	}
	for _, bad := range []string{"", "over", "draw 24-23 (no move, R9)", "South wins 24-24 (no move, R9)", "South wins 24-10 (majority, R8)", "South wins 25-10 (majority, R9)", "South wins 25-10 (majority, R8",
		"South wins 24.5-23 (repetition, R10)", "South wins 24.5-22.5 (no move, R9)", "South wins 30-18 (ply limit)", "draw 30-17 (ply limit)", "draw 24-24 (quiet limit, R10)", "South wins 30-18 (quiet limit, R10)"} {
		if _, err := ParseOutcome(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
