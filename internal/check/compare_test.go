package check

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// handCapture is a capture worked out by hand: F from
// 1-1-1-1-1-4-1-3-2-1-2-2-10-18-S sows 6, 7, 8, 9 and takes pits 9 and 8.
var handCapture = Case{Start: oware.MustParseBoard("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"), Moves: []oware.Move{5}}

// compareLine compares a response line written by hand with the
// library's answer to handCapture, sent with id 7.
func compareLine(t *testing.T, line string) error {
	t.Helper()
	return compareCase(t, handCapture, line)
}

// compareCase compares a response line with the library's answer to c,
// sent with id 7.
func compareCase(t *testing.T, c Case, line string) error {
	t.Helper()
	return compare(c, 7, Rules{game: c.rules}.Answer(c.Request(7)), []byte(line))
}

const (
	notOver = `{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`
	after   = `"position":"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N","legal":["a","b","e","f"]`
	head    = `{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"plies":[{`
)

func TestCompareAgrees(t *testing.T) {
	for name, line := range map[string]string{
		"required fields only": head + after + `}]}`,
		"every field": `{"version":1,"id":7,"start":"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S","legal":["A","B","C","D","E","F"],"outcome":` + notOver + `,"plies":[{"move":"F",` + after +
			`,"sown":[6,7,8,9],"captures":[{"pit":9,"seeds":2},{"pit":8,"seeds":3}],"captured":5,"grand_slam":false,"fed":false,"repetitions":1,"outcome":` + notOver + `}]}`,
		"members in another order, spaces": `{"plies":[{` + after + `, "outcome": {"tallies": {"North":0, "South":0}, "over": false}}], "legal":["A","B","C","D","E","F"], "id": 7, "version": 1}`,
		"numbers written otherwise":        `{"version":1.0,"id":7e0,"legal":["A","B","C","D","E","F"],"plies":[{` + after + `,"repetitions":1.0}]}`,
		"an outcome in part":               `{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"outcome":{"over":false},"plies":[{` + after + `}]}`,
		"an empty annulled list":           head + after + `,"annulled":[]}]}`,
	} {
		assert.NoError(t, compareLine(t, line), name)
	}
}

func TestCompareDiverges(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		ply        int
		rule       string
		diffs      []Diff
	}{
		{"a capture of pit 9 only", head + `"position":"1-1-1-1-1-0-2-4-3-0-2-2-12-18-N","legal":["a","b","e","f"],"captures":[{"pit":9,"seeds":2}]}]}`,
			1, "R5", []Diff{
				{"position", `"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"`, `"1-1-1-1-1-0-2-4-3-0-2-2-12-18-N"`},
				{"captures", `[{"pit":9,"seeds":2},{"pit":8,"seeds":3}]`, `[{"pit":9,"seeds":2}]`},
			}},
		{"the same, its position alone", head + `"position":"1-1-1-1-1-0-2-4-3-0-2-2-12-18-N","legal":["a","b","e","f"]}]}`,
			1, "R5", []Diff{{"position", `"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"`, `"1-1-1-1-1-0-2-4-3-0-2-2-12-18-N"`}}},
		{"sown one pit further, its position alone", head + `"position":"1-1-1-1-1-0-1-4-0-0-0-2-18-18-N","legal":["a","b","e","f"]}]}`,
			1, "R3", []Diff{{"position", `"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"`, `"1-1-1-1-1-0-1-4-0-0-0-2-18-18-N"`}}},
		{"sown otherwise", head + after + `,"sown":[6,7,8,10]}]}`,
			1, "R3", []Diff{{"sown", `[6,7,8,9]`, `[6,7,8,10]`}}},
		{"no legal moves after", head + `"position":"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N","legal":[]}]}`,
			1, "R2", []Diff{{"legal", `["a","b","e","f"]`, `[]`}}},
		{"the position left out", head + `"legal":["a","b","e","f"]}]}`,
			1, "R5", []Diff{{"position", `"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"`, "(absent)"}}},
		{"a wrong start", `{"version":1,"id":7,"legal":["F"],"plies":[]}`,
			0, "R2", []Diff{{"legal", `["A","B","C","D","E","F"]`, `["F"]`}}},
		{"the start read otherwise", `{"version":1,"id":7,"start":"1-1-1-1-1-4-1-3-2-1-2-2-18-10-S","legal":["A","B","C","D","E","F"],"plies":[]}`,
			0, "D4", []Diff{{"start", `"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"`, `"1-1-1-1-1-4-1-3-2-1-2-2-18-10-S"`}}},
		{"the move refused as empty", `{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"plies":[],"error":{"code":"empty_pit"}}`,
			1, "R2", []Diff{{"error", "none: F is legal", `{"code":"empty_pit"}`}}},
		{"the move refused as not feeding", `{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"plies":[],"error":{"code":"must_feed"}}`,
			1, "R7", []Diff{{"error", "none: F is legal", `{"code":"must_feed"}`}}},
		{"a game over too soon", head + after + `,"outcome":{"over":true,"reason":"majority"}}]}`,
			1, "R8", []Diff{{"outcome.over", "false", "true"}, {"outcome.reason", `"not over"`, `"majority"`}}},
		{"the occurrences miscounted", head + after + `,"repetitions":2}]}`,
			1, "D2", []Diff{{"repetitions", "1", "2"}}},
		{"fed, says the subject", head + after + `,"fed":true}]}`,
			1, "R7", []Diff{{"fed", "false", "true"}}},
		{"another move echoed", head + `"move":"E",` + after + `}]}`,
			1, "R2", []Diff{{"move", `"F"`, `"E"`}}},
		{"an extra ply", head + after + `},{` + after + `}]}`,
			1, "R2", []Diff{{"plies", "1", "2"}}},
	} {
		err := compareLine(t, tc.line)
		var d *Divergence
		require.ErrorAs(t, err, &d, tc.name)
		assert.Equal(t, tc.ply, d.Ply, tc.name)
		assert.Equal(t, tc.rule, d.Rule, tc.name)
		assert.Equal(t, tc.diffs, d.Diffs, tc.name)
	}
}

func TestCompareNotAnAnswer(t *testing.T) {
	for _, tc := range []struct {
		line   string
		want   error
		detail string
	}{
		{"", ErrNotJSON, ""},
		{"Traceback (most recent call last):", ErrNotJSON, ""},
		{`{"version":1,"id":7,"legal":`, ErrNotJSON, ""},
		{`[1,2]`, ErrNotJSON, ""},
		{`{"version":1,"id":7,"plies":"none"}`, ErrMalformed, `"plies" is not an array`},
		{`{"id":7,"legal":[]}`, ErrMalformed, `no "version": want 1`},
		{`{"version":2,"id":7}`, ErrMalformed, "version 2, want 1"},
		{`{"version":"1","id":7}`, ErrMalformed, `version "1", want 1`},
		{`{"version":1,"id":8,"legal":[]}`, ErrWrongID, "id 8, want 7"},
		{`{"version":1,"id":"7","legal":[]}`, ErrWrongID, `id "7", want 7`},
		{`{"version":1,"legal":[]}`, ErrWrongID, "id none, want 7"},
		{`{"version":1,"id":7,"Legal":[]}`, ErrMalformed, `unknown field "Legal"`},
		{`{"version":1,"id":7,"legal":[],"elapsed":3}`, ErrMalformed, `unknown field "elapsed"`},
		{`{"version":1,"id":7,"rules":"awari","legal":[]}`, ErrMalformed, `rules "awari", want "abapa" as the request names them`},
		{`{"version":1,"id":7,"legal":[],"outcome":{"over":false,"margin":0}}`, ErrMalformed, `unknown field "margin" in the outcome`},
		{`{"version":1,"id":7,"legal":[],"outcome":{"over":false,"tallies":{"south":0}}}`, ErrMalformed, `unknown field "south" in the outcome`},
		{`{"version":1,"id":7,"legal":[],"error":{"code":"x","pos":1}}`, ErrMalformed, `unknown field "pos" in the error`},
		{head + after + `,"capture":[]}]}`, ErrMalformed, `unknown field "capture" in ply 1`},
		{head + after + `,"grand slam":false}]}`, ErrMalformed, `unknown field "grand slam" in ply 1`},
		{head + after + `,"outcome":{"Over":false}}]}`, ErrMalformed, `unknown field "Over" in the outcome of ply 1`},
		{head + after + `,"captures":[{"pit":9,"seed":2}]}]}`, ErrMalformed, `unknown field "seed" in the captures of ply 1`},
		{`{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"plies":[3]}`, ErrMalformed, "ply 1 is not an object"},
	} {
		err := compareLine(t, tc.line)
		assert.ErrorIs(t, err, tc.want, tc.line)
		var se *SubjectError
		if assert.ErrorAs(t, err, &se, tc.line) {
			assert.Contains(t, se.Detail, tc.detail, tc.line)
		}
	}
	// The rules echoed as the request names them.
	c := handCapture
	c.rules, _ = oware.ParseRules("awari")
	assert.NoError(t, compareCase(t, c, `{"version":1,"id":7,"rules":"awari","legal":["A","B","C","D","E","F"],"plies":[{`+after+`}]}`))
	assert.ErrorIs(t, compareCase(t, c, `{"version":1,"id":7,"rules":"abapa","legal":["A","B","C","D","E","F"],"plies":[{`+after+`}]}`), ErrMalformed)
}

// TestCompareRefused: a move that the library refuses must be refused
// with the same code at the same ply.
func TestCompareRefused(t *testing.T) {
	// F from the opening, then F again: North is to move, and F is South's
	// pit (R2).
	c := Case{Start: oware.Start().Board(), Moves: []oware.Move{5}, Refused: "F"}
	ply := `{"move":"F","position":"4-4-4-4-4-0-5-5-5-5-4-4-0-0-N","legal":["a","b","c","d","e","f"]}`
	start := `{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"plies":[` + ply
	assert.NoError(t, compareCase(t, c, start+`],"error":{"code":"not_your_pit","ply":2,"move":"F"}}`))
	assert.NoError(t, compareCase(t, c, start+`],"error":{"ply":2,"code":"not_your_pit","reason":"whatever it says"}}`))
	for _, tc := range []struct {
		name, line string
		diffs      []Diff
	}{
		{"another code", start + `],"error":{"code":"empty_pit","ply":2}}`,
			[]Diff{{"error.code", `"not_your_pit"`, `"empty_pit"`}}},
		{"another ply", start + `],"error":{"code":"not_your_pit","ply":1}}`,
			[]Diff{{"error.ply", "2", "1"}}},
		{"no ply", start + `],"error":{"code":"not_your_pit"}}`,
			[]Diff{{"error.ply", "2", "(absent)"}}},
		{"played", start + `,{"position":"0-5-5-5-5-1-5-5-5-5-4-4-0-0-S","legal":["a"]}]}`,
			[]Diff{{"error", `{"code":"not_your_pit","ply":2}`, `(absent): a ply for "F"`}}},
		{"no error", start + `]}`,
			[]Diff{{"error", `{"code":"not_your_pit","ply":2}`, "(absent)"}}},
	} {
		err := compareCase(t, c, tc.line)
		var d *Divergence
		require.ErrorAs(t, err, &d, tc.name)
		assert.Equal(t, 2, d.Ply, tc.name)
		assert.Equal(t, "F", d.Move, tc.name)
		assert.Equal(t, "R2", d.Rule, tc.name)
		assert.Equal(t, tc.diffs, d.Diffs, tc.name)
	}
	// Each code's rule, from the library's table of errors.
	for code, rule := range map[string]string{"empty_pit": "R2", "not_your_pit": "R2", "must_feed": "R7",
		"game_over": "D5", "bad_move": "R2", "no_such_pit": "R2"} {
		assert.Equal(t, rule, judge{}.refusedRule(code), code)
	}
	awari, _ := oware.ParseRules("awari")
	assert.Equal(t, "GrandSlam", judge{rules: awari}.refusedRule("grand_slam"))
}

// edited returns the library's answer to c, sent with id 7, as a line,
// after edit has changed its last ply (or its start, when c has no move).
func edited(t *testing.T, c Case, edit func(map[string]any)) string {
	t.Helper()
	return editedResponse(t, c, func(resp map[string]any) {
		target := resp
		if plies := resp["plies"].([]any); len(plies) > 0 {
			target = plies[len(plies)-1].(map[string]any)
		}
		edit(target)
	})
}

// editedResponse returns the library's answer to c, sent with id 7, as a
// line, after edit has changed it.
func editedResponse(t *testing.T, c Case, edit func(map[string]any)) string {
	t.Helper()
	b, err := json.Marshal(Rules{game: c.rules}.Answer(c.Request(7)))
	require.NoError(t, err)
	var resp map[string]any
	require.NoError(t, json.Unmarshal(b, &resp))
	edit(resp)
	b, err = json.Marshal(resp)
	require.NoError(t, err)
	return string(b)
}

// moves reads moves written as pit letters, such as "AaBb".
func moves(letters string) []oware.Move {
	var ms []oware.Move
	for _, l := range letters {
		m, err := oware.ParseMove(string(l))
		if err != nil {
			panic(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// preset returns the rules of a preset.
func preset(name string) oware.Rules {
	r, err := oware.ParseRules(name)
	if err != nil {
		panic(err)
	}
	return r
}

// TestRuleOfEachStep: the rule of a divergence is that of the first step
// of the move whose field differs, in the position where it differs, and
// a preset's knob where the preset changes the rule. Each case is worked
// out by hand.
func TestRuleOfEachStep(t *testing.T) {
	// One seed on each side, South's in A and North's in a: 12 plies bring
	// the start back (each side sows its seed round its own row and into
	// the other's), 24 a third time (R10).
	cycle := moves("AaBbCcDdEeFf")
	cycle2 := append(append([]oware.Move(nil), cycle...), cycle...)
	twice := oware.MustParseBoard("1-0-0-0-0-0-1-0-0-0-0-0-24-22-S")
	// South's two seeds in A and F, North's side empty: F feeds North, and
	// the two seeds go round as above, the start occurring a third time
	// after 24 plies. Awari splits the 2 seeds, 25-23; each side's own
	// would be 26-22.
	oneSide := oware.MustParseBoard("1-0-0-0-0-1-0-0-0-0-0-0-24-22-S")
	oneSideCycle := moves("FaAbBcCdDeEfFaAbBcCdDeEf")
	// The one below ends when the grand slam of F is annulled (R6), or, in
	// board-game-rs, captures (South's row is empty after the sowing).
	slam := oware.MustParseBoard("0-0-0-0-0-1-1-0-0-0-0-0-23-23-S")
	// D sows pits 4, 5 and 6: 6 holds 2 and is taken (R5); 5 holds 2 too,
	// but is South's own.
	ownSide := oware.MustParseBoard("0-0-0-3-0-1-1-0-0-0-0-1-24-18-S")
	// North has 25: won under abapa (R8), not under awari; South has no
	// seed, so in aalina the player to move, North, must feed with f.
	won := oware.MustParseBoard("0-0-0-0-0-0-0-0-0-0-0-1-22-25-N")
	for _, tc := range []struct {
		name  string
		c     Case
		edit  func(map[string]any)
		field string
		rule  string
	}{
		{"moves listed after a repetition, which the subject sees",
			Case{Start: twice, Moves: cycle2}, func(p map[string]any) { p["legal"] = []string{"A"} }, "legal", "D5"},
		{"moves listed after a repetition, which the subject misses",
			Case{Start: twice, Moves: cycle2}, func(p map[string]any) {
				p["legal"] = []string{"A"}
				p["outcome"] = map[string]any{"over": false, "reason": "not over"}
			}, "legal", "R10"},
		{"the same, its legal moves alone",
			Case{Start: twice, Moves: cycle2}, func(p map[string]any) {
				p["legal"] = []string{"A"}
				delete(p, "outcome")
			}, "legal", "R10"},
		{"the same at the second occurrence under openspiel",
			Case{Start: twice, Moves: cycle, rules: preset("openspiel")}, func(p map[string]any) {
				p["legal"] = []string{"A"}
				p["outcome"] = map[string]any{"over": false, "reason": "not over"}
			}, "legal", "RepeatLimit"},
		{"the second occurrence counted once",
			Case{Start: twice, Moves: cycle}, func(p map[string]any) { p["repetitions"] = 1 }, "repetitions", "D2"},
		{"a lap that feeds, not seen as feeding: no move, says the subject",
			Case{Start: oware.MustParseBoard("0-0-0-12-0-0-0-0-0-0-0-0-14-22-S")}, func(s map[string]any) {
				s["legal"] = []string{}
				s["outcome"] = map[string]any{"over": true, "reason": "no move"}
			}, "legal", "R7"},
		{"a capture run onto the mover's own side, a grand slam says the subject",
			Case{Start: ownSide, Moves: moves("D")}, func(p map[string]any) {
				p["position"] = "0-0-0-0-1-0-0-0-0-0-0-1-28-18-N"
				p["captures"] = []map[string]int{{"pit": 6, "seeds": 2}, {"pit": 5, "seeds": 2}}
				p["grand_slam"] = true
			}, "captures", "R5"},
		{"the same, its position alone",
			Case{Start: ownSide, Moves: moves("D")}, func(p map[string]any) {
				p["position"] = "0-0-0-0-1-0-0-0-0-0-0-1-28-18-N"
				delete(p, "captures")
				delete(p, "captured")
				delete(p, "grand_slam")
			}, "position", "R5"},
		{"a grand slam taken",
			Case{Start: slam, Moves: moves("F")}, func(p map[string]any) {
				p["captures"] = []map[string]int{{"pit": 6, "seeds": 2}}
			}, "captures", "R6"},
		{"a grand slam annulled where board-game-rs takes it",
			Case{Start: slam, Moves: moves("F"), rules: preset("board-game-rs")}, func(p map[string]any) {
				p["captures"] = []any{}
				p["grand_slam"] = true
			}, "captures", "GrandSlam"},
		{"a lap sown into its pit of origin",
			Case{Start: oware.MustParseBoard("12-0-0-0-0-0-0-0-0-0-0-0-24-12-S"), Moves: moves("A")}, func(p map[string]any) {
				p["sown"] = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0}
			}, "sown", "R4"},
		{"the board swept after 25",
			Case{Start: won}, func(s map[string]any) {
				s["outcome"].(map[string]any)["tallies"] = map[string]int{"South": 22, "North": 26}
			}, "outcome.tallies", "D3"},
		{"the board swept after 25 where aalina does not, North being able to move",
			Case{Start: won, rules: preset("aalina")}, func(s map[string]any) {
				s["outcome"] = map[string]any{"over": true, "reason": "majority", "tallies": map[string]int{"South": 22, "North": 26}}
			}, "outcome.tallies", "MajoritySweep"},
		{"a win by 25 under awari, which has none",
			Case{Start: won, rules: preset("awari")}, func(s map[string]any) {
				s["legal"] = []string{}
				s["outcome"] = map[string]any{"over": true, "reason": "majority"}
			}, "legal", "NoMajority"},
		{"no even split after a repetition under awari: each takes their own side",
			Case{Start: oneSide, Moves: oneSideCycle, rules: preset("awari")}, func(p map[string]any) {
				p["outcome"].(map[string]any)["tallies"] = map[string]int{"South": 26, "North": 22}
			}, "outcome.tallies", "EvenSplit"},
		{"the lone seeds of board-game-rs kept on the board",
			Case{Start: oware.MustParseBoard("0-0-0-0-0-1-0-0-0-0-0-1-22-24-N"), Moves: moves("f"), rules: preset("board-game-rs")},
			func(p map[string]any) { p["position"] = "1-0-0-0-0-1-0-0-0-0-0-0-22-24-S" }, "position", "LoneSeeds"},
		{"a winner named at 24-24",
			Case{Start: oware.MustParseBoard("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S")}, func(s map[string]any) {
				s["outcome"].(map[string]any)["winner"] = "South"
			}, "outcome.winner", "R11"},
	} {
		err := compareCase(t, tc.c, edited(t, tc.c, tc.edit))
		var d *Divergence
		require.ErrorAs(t, err, &d, tc.name)
		assert.Equal(t, tc.c.Plies(), d.Ply, tc.name)
		assert.Equal(t, tc.rule, d.Rule, "%s: %v", tc.name, d)
		assert.Equal(t, tc.field, firstStep(d.Diffs), tc.name)
	}
}

// TestRuleOfTheLimits: the limits of playstrategy and game-oware, reached
// by the long lines, are named by their knobs.
func TestRuleOfTheLimits(t *testing.T) {
	for name, knob := range map[string]string{"playstrategy": "MaxPlies", "game-oware": "MaxQuietPlies"} {
		r, err := LookupRules(name)
		require.NoError(t, err)
		g := NewGenerator(r, 1, LongLine)
		var c Case
		for range len(lineDistances) + 1 { // the last is the line without a recurrence
			c = g.Next()
		}
		ps := c.positions()
		end := ps[len(ps)-1]
		require.True(t, end.Outcome().Over(), name)
		err = compareCase(t, c, edited(t, c, func(p map[string]any) {
			p["legal"] = []string{"A"}
			p["outcome"] = map[string]any{"over": false, "reason": "not over"}
		}))
		var d *Divergence
		require.ErrorAs(t, err, &d, name)
		assert.Equal(t, knob, d.Rule, name)
	}
}

func TestKnobs(t *testing.T) {
	full := oware.MustParseBoard("1-0-0-0-0-0-1-0-0-0-0-0-24-22-S")
	empty := oware.MustParseBoard("1-1-0-0-0-0-0-0-0-0-0-0-24-22-S")
	for _, tc := range []struct {
		rules, rule string
		at          oware.Board
		want        string
	}{
		{"abapa", "R6", full, "R6"},
		{"awari", "R6", full, "GrandSlam"},
		{"board-game-rs", "R6", full, "GrandSlam"},
		{"abapa", "R8", full, "R8"},
		{"awari", "R8", full, "NoMajority"},
		{"abapa", "R10", full, "R10"},
		{"abapa", "R10", empty, "R10"},
		{"openspiel", "R10", full, "RepeatLimit"},
		{"openspiel", "R10", empty, "RepeatWithEmptySide"},
		{"playstrategy", "R10", empty, "RepeatLimit"},
		{"game-oware", "R10", empty, "RepeatWithEmptySide"},
		{"game-oware", "R10", full, "R10"},
		{"awari", "R5", full, "R5"},
	} {
		assert.Equal(t, tc.want, judge{rules: preset(tc.rules)}.knob(tc.rule, tc.at), "%s %s %s", tc.rules, tc.rule, tc.at)
	}
	assert.Equal(t, "R6 (grand slam)", RuleName("R6"))
	assert.Equal(t, "RepeatLimit (the preset's occurrence that ends the game, R10 under abapa)", RuleName("RepeatLimit"))
	assert.Equal(t, "RepeatLimit (the preset's occurrence that ends the game, R10 under abapa), under the openspiel rules",
		ruleLine("RepeatLimit", preset("openspiel")))
}

// TestCompareRefusesDuplicates: a response that gives a name twice in any
// object, at any depth, is malformed, whichever value comes last: the
// checker is as strict as the oracle, which refuses a request that gives
// a field twice (issue 26 #7). A line that is not UTF-8 is not JSON to
// the oracle, nor to the checker.
func TestCompareRefusesDuplicates(t *testing.T) {
	for _, tc := range []struct{ name, line, want string }{
		{"legal, wrong then right", `{"version":1,"id":7,"legal":["A"],"legal":["A","B","C","D","E","F"],"plies":[{` + after + `}]}`,
			`response does not have the protocol's form: field "legal" appears twice`},
		{"version", `{"version":1,"version":1,"id":7,"legal":["A","B","C","D","E","F"],"plies":[{` + after + `}]}`,
			`response does not have the protocol's form: field "version" appears twice`},
		{"a ply's position", head + `"position":"x",` + after + `}]}`,
			`response does not have the protocol's form: field "plies[0].position" appears twice`},
		{"an outcome's winner", head + after + `,"outcome":{"over":false,"winner":"South","winner":null}}]}`,
			`response does not have the protocol's form: field "plies[0].outcome.winner" appears twice`},
		{"tallies", head + after + `,"outcome":{"tallies":{"South":1,"North":0,"South":0}}}]}`,
			`response does not have the protocol's form: field "plies[0].outcome.tallies.South" appears twice`},
		{"a capture", head + after + `,"captures":[{"pit":9,"seeds":2},{"pit":8,"pit":8,"seeds":3}]}]}`,
			`response does not have the protocol's form: field "plies[0].captures[1].pit" appears twice`},
	} {
		err := compareLine(t, tc.line)
		require.ErrorIs(t, err, ErrMalformed, tc.name)
		assert.EqualError(t, err, tc.want, tc.name)
	}
	err := compareLine(t, head+`"position":"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N","legal":["a","b","e","f`+"\xff"+`"]}]}`)
	require.ErrorIs(t, err, ErrNotJSON)
	assert.EqualError(t, err, "response is not a JSON object: not valid UTF-8")
}
