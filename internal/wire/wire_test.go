package wire_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/wire"
)

// play plays moves given as pit letters from the position of text.
func play(t *testing.T, text, moves string) oware.Position {
	t.Helper()
	p := oware.MustParsePosition(text)
	for _, c := range moves {
		m, err := oware.ParseMove(string(c))
		require.NoError(t, err)
		p, err = p.Play(m)
		require.NoError(t, err, "%s %s", text, moves)
	}
	return p
}

// requireDecodeError checks that err is a *DecodeError about what, at the
// given byte offset, whose message contains msg, and that it wraps want.
func requireDecodeError(t *testing.T, err error, what string, offset int, msg string, want error) {
	t.Helper()
	var de *wire.DecodeError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, what, de.What)
	assert.Equal(t, offset, de.Offset, "offset; message %q", de.Msg)
	assert.Contains(t, err.Error(), msg)
	assert.ErrorIs(t, err, want)
	assert.Regexp(t, `^wire: `, err.Error())
}

// outcomes are positions whose game is over in each way (or not), with
// their outcome's JSON form, written by hand.
var outcomes = []struct {
	name, position, moves, json string
}{
	{"opening", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "",
		`{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`},
	// F sows into a, b, c, d; d holds 2 and c 3: South reaches 25 (R8).
	{"majority", "0-0-0-0-0-4-4-5-2-1-4-4-20-4-S", "F",
		`{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":4}}`},
	// South has no seed and North none to give: North takes its 3 (R9).
	{"no move", "0-0-0-0-0-0-1-2-0-0-0-0-22-23-S", "",
		`{"over":true,"reason":"no move","rule":"R9","winner":"North","draw":false,"tallies":{"South":22,"North":26}}`},
	// The two lone seeds chase each other round the board: the start
	// occurs for the third time 24 plies on (R10), 1 seed each.
	{"repetition", "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", "FfAaBbCcDdEeFfAaBbCcDdEe",
		`{"over":true,"reason":"repetition","rule":"R10","winner":null,"draw":true,"tallies":{"South":24,"North":24}}`},
	// Under awari the same repetition splits the seeds evenly; with three
	// on the board each player takes one and a half.
	{"even split", "awari 1-1-0-0-0-1-0-0-0-0-0-0-22-23-S", "FaBbCcDdEeAfFaBbCcDdEeAf",
		`{"over":true,"reason":"repetition","rule":"R10","winner":"North","draw":false,"tallies":{"South":23.5,"North":24.5}}`},
	// PlayStrategy draws at ply 1001 whatever the tallies: E sows into
	// F, a, b and c, and each player takes their own side, 8 + 5 and
	// 8 + 27.
	{"ply limit", "playstrategy 0-0-0-0-4-4-4-4-4-4-4-4-8-8-S +1000", "E",
		`{"over":true,"reason":"ply limit","rule":null,"winner":null,"draw":true,"tallies":{"South":13,"North":35}}`},
}

// TestOutcomeJSON: an outcome encodes field by field as written by hand,
// and decodes back to itself.
func TestOutcomeJSON(t *testing.T) {
	for _, tt := range outcomes {
		t.Run(tt.name, func(t *testing.T) {
			o := play(t, tt.position, tt.moves).Outcome()
			assert.Equal(t, tt.json, string(wire.AppendOutcome(nil, o)))
			b, err := json.Marshal(wire.Outcome{Outcome: o})
			require.NoError(t, err)
			assert.Equal(t, tt.json, string(b))

			var back wire.Outcome
			require.NoError(t, json.Unmarshal([]byte(tt.json), &back))
			assert.Equal(t, o, back.Outcome)
		})
	}
}

// TestOutcomeJSONOnly reads outcomes that no game above reaches.
func TestOutcomeJSONOnly(t *testing.T) {
	for _, tt := range []struct{ in, text string }{
		{`{"over":true,"reason":"no move","rule":"R9","winner":"North","draw":false,"tallies":{"South":0,"North":48}}`, "North wins 48-0 (no move, R9)"},
		{`{"over":true,"reason":"repetition","rule":"R10","winner":"South","draw":false,"tallies":{"South":48,"North":0}}`, "South wins 48-0 (repetition, R10)"},
		{`{"over":true,"reason":"majority","rule":"R8","winner":"North","draw":false,"tallies":{"South":0,"North":25}}`, "North wins 25-0 (majority, R8)"},
		{`{"over":true,"reason":"quiet limit","rule":null,"winner":"South","draw":false,"tallies":{"South":30,"North":18}}`, "South wins 30-18 (quiet limit)"},
	} {
		var o wire.Outcome
		require.NoError(t, json.Unmarshal([]byte(tt.in), &o), tt.in)
		assert.Equal(t, tt.text, o.String())
	}
}

// TestOutcomeJSONSpacing: members in another order and white space are
// read; null leaves the outcome unchanged.
func TestOutcomeJSONSpacing(t *testing.T) {
	for _, tt := range []struct{ in, text string }{
		{` { "tallies" : { "North" : 22 , "South" : 26 } , "winner" : "South" , "reason" : "majority", "draw": false, "over": true, "rule": "R8" } `, "South wins 26-22 (majority, R8)"},
		{`{"draw":true,"reason":"repetition","tallies":{"South":24,"North":24},"rule":"R10","over":true,"winner":null}`, "draw 24-24 (repetition, R10)"},
	} {
		var o wire.Outcome
		require.NoError(t, json.Unmarshal([]byte(tt.in), &o), tt.in)
		assert.Equal(t, tt.text, o.String())
	}
	var o wire.Outcome
	require.NoError(t, o.UnmarshalJSON([]byte(outcomes[2].json)))
	require.NoError(t, o.UnmarshalJSON([]byte("null")))
	assert.Equal(t, "North wins 26-22 (no move, R9)", o.String(), "null leaves the outcome unchanged")
}

// TestOutcomeUnmarshalJSONErrors: syntax errors give encoding/json's
// offset (the bytes read, the faulty one included); other problems give 0.
// Every field is required: a missing "rule" is refused as a missing
// "reason" is (they were not alike once).
func TestOutcomeUnmarshalJSONErrors(t *testing.T) {
	// whole completes the derived fields of an R8 outcome 25-4 for South.
	whole := func(s string) string {
		return strings.Replace(s, "{", `{"over":true,"rule":"R8","winner":"South","draw":false,`, 1)
	}
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "not valid JSON"},
		{`[1]`, 0, "not a JSON object"},
		{`"South wins"`, 0, "not a JSON object"},
		{`{"reason":"majority","tallies":{"South":25,"North":4}`, 53, "not valid JSON"},
		{`{"reason":"majority",}`, 22, "not valid JSON"},
		{`{"reason":"majority","tallies":{"South":25,"North":4}} x`, 56, "not valid JSON"},
		{`{"reason":"majority","tallies":{"South":25,"North":4}}{}`, 55, "not valid JSON"},
		{`{}`, 0, `field "over" is missing`},
		{`{"over":true,"rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":4}}`, 0, `field "reason" is missing`},
		{`{"over":true,"reason":"majority","winner":"South","draw":false,"tallies":{"South":25,"North":4}}`, 0, `field "rule" is missing`},
		{`{"over":true,"reason":"majority","rule":"R8","draw":false,"tallies":{"South":25,"North":4}}`, 0, `field "winner" is missing`},
		{`{"over":true,"reason":"majority","rule":"R8","winner":"South","tallies":{"South":25,"North":4}}`, 0, `field "draw" is missing`},
		{`{"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":4}}`, 0, `field "over" is missing`},
		{whole(`{"reason":"majority"}`), 0, `field "tallies" is missing`},
		{whole(`{"reason":"majority","tallies":null}`), 0, `field "tallies" is missing`},
		{whole(`{"reason":"majority","tallies":{"North":4}}`), 0, `"tallies" has no field "South"`},
		{whole(`{"reason":"majority","tallies":{"South":25}}`), 0, `"tallies" has no field "North"`},
		{whole(`{"reason":"majority","tallies":{"South":25,"North":4},"Reason":"x"}`), 0, `unknown field "Reason"`},
		{whole(`{"REASON":"majority","tallies":{"South":25,"North":4}}`), 0, `unknown field "REASON"`},
		// Unlike encoding/json, a repeated field is refused, not read by
		// its last value.
		{whole(`{"reason":"no move","reason":"majority","tallies":{"South":25,"North":4}}`), 0, `field "reason" appears twice`},
		{whole(`{"reason":"majority","tallies":{"South":25,"North":4,"North":4}}`), 0, `"tallies" is not a JSON object`},
		{whole(`{"reason":"majority","tallies":{"south":25,"North":4}}`), 0, `"tallies" has a field other than "South" and "North"`},
		{whole(`{"reason":8,"tallies":{"South":25,"North":4}}`), 0, `"reason" is not "not over", "majority"`},
		{whole(`{"reason":null,"tallies":{"South":25,"North":4}}`), 0, `"reason" is not "not over", "majority"`},
		{whole(`{"reason":"R8","tallies":{"South":25,"North":4}}`), 0, `"reason" is not "not over", "majority"`},
		{whole(`{"reason":"majority","tallies":{"South":25.0,"North":4}}`), 0, "South's tally is not a whole number from 0 to 48"},
		{whole(`{"reason":"majority","tallies":{"South":25,"North":-4}}`), 0, "North's tally is not a whole number"},
		{whole(`{"reason":"majority","tallies":{"South":49,"North":0}}`), 0, "South's tally is not a whole number"},
		{whole(`{"reason":"majority","tallies":{"South":"25","North":4}}`), 0, "South's tally is not a whole number"},
		{whole(`{"reason":"majority","tallies":{"South":2e1,"North":4}}`), 0, "South's tally is not a whole number"},
		{whole(`{"reason":"majority","tallies":{"South":null,"North":4}}`), 0, "South's tally is not a whole number"},
		{whole(`{"reason":"majority","tallies":{"South":25.5,"North":4}}`), 0, "only both tallies hold half a seed"},
		{whole(`{"reason":"majority","tallies":[25,4]}`), 0, `"tallies" is not a JSON object`},
		{whole(`{"reason":"majority","tallies":{"South":24,"North":4}}`), 0, "after R8 one tally is 25 or more"},
		{whole(`{"reason":"majority","tallies":{"South":25,"North":24}}`), 0, "they add up to at most 48"},
		{whole(`{"reason":"majority","tallies":{"South":25.5,"North":4.5}}`), 0, "only an even split after a repetition holds half seeds"},
		{whole(`{"reason":"no move","tallies":{"South":24,"North":4}}`), 0, "after R9 and R10 the tallies add up to 48"},
		{whole(`{"reason":"repetition","tallies":{"South":23,"North":23}}`), 0, "after R9 and R10 the tallies add up to 48"},
		{whole(`{"reason":"not over","tallies":{"South":24,"North":24}}`), 0, "a game that goes on has no tallies"},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"over":true`, `"over":false`, 1), 0, `field "over" is false; this outcome has true`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"R8"`, `"R9"`, 1), 0, `field "rule" is "R9"; this outcome has "R8"`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"R8"`, `null`, 1), 0, `field "rule" is null; this outcome has "R8"`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"winner":"South"`, `"winner":"North"`, 1), 0, `field "winner" is "North"; this outcome has "South"`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"winner":"South"`, `"winner":"S"`, 1), 0, `field "winner" is "S"; this outcome has "South"`},
		{strings.Replace(whole(`{"reason":"no move","tallies":{"South":24,"North":24}}`), `"R8"`, `"R9"`, 1), 0, `field "winner" is "South"; this outcome has null`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"draw":false`, `"draw":true`, 1), 0, `field "draw" is true; this outcome has false`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"draw":false`, `"draw":"false"`, 1), 0, `field "draw" is "false"; this outcome has false`},
		{strings.Replace(whole(`{"reason":"majority","tallies":{"South":25,"North":4}}`), `"over":true`, `"over":null`, 1), 0, `field "over" is null; this outcome has true`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			o := wire.Outcome{Outcome: oware.Start().Outcome()}
			err := o.UnmarshalJSON([]byte(tt.in))
			requireDecodeError(t, err, "outcome", tt.offset, tt.msg, wire.ErrSyntax)
			assert.False(t, o.Over(), "unchanged on error")
		})
	}
}

// FuzzOutcome: whatever decodes encodes back to the same outcome, in the
// one form the encoder writes; whatever is refused leaves the outcome
// unchanged.
func FuzzOutcome(f *testing.F) {
	for _, tt := range outcomes {
		f.Add(tt.json)
	}
	for _, s := range []string{
		`{"reason":"no move","tallies":{"South":24,"North":24},"draw":true}`,
		`{"reason":"majority","tallies":{"South":25,"North":4},"winner":"North"}`,
		`{"reason":"majority","tallies":[25,4]}`,
		"null",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o wire.Outcome
		if err := o.UnmarshalJSON([]byte(s)); err != nil {
			var de *wire.DecodeError
			require.ErrorAs(t, err, &de)
			require.Equal(t, "outcome", de.What)
			require.Equal(t, s, de.Input)
			require.Equal(t, wire.Outcome{}, o, "unchanged on error")
			return
		}
		b, err := json.Marshal(o)
		require.NoError(t, err)
		var back wire.Outcome
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		require.Equal(t, o, back)
		out := o.Outcome
		require.LessOrEqual(t, out.Tally(oware.South)+out.Tally(oware.North), 48, "tallies fit in 48 seeds")
		var fromText oware.Outcome
		require.NoError(t, fromText.UnmarshalText([]byte(out.String())), "the text of %s", b)
		require.Equal(t, out, fromText)
	})
}

// TestEffectJSON: an Effect encodes as the ply of the protocol, field by
// field, and refuses to be decoded, since its JSON carries no history.
func TestEffectJSON(t *testing.T) {
	notOver := `{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`
	for _, tt := range []struct {
		start string
		move  oware.Move
		want  string
	}{
		{"4-4-4-4-4-4-4-5-2-1-4-4-2-2-S", 5, // F takes 2 from d and 3 from c
			`{"move":"F","position":"4-4-4-4-4-0-5-6-0-0-4-4-7-2-N","legal":["a","b","e","f"],"sown":[6,7,8,9],` +
				`"captures":[{"pit":9,"seeds":2},{"pit":8,"seeds":3}],"captured":5,"grand_slam":false,"fed":false,"repetitions":1,"outcome":` + notOver + `}`},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S Cf", 0, // the repetition count goes along
			`{"move":"A","position":"0-6-2-7-6-6-5-4-4-4-4-0-0-0-N","legal":["a","b","c","d","e"],"sown":[1,2,3,4,5],` +
				`"captures":[],"captured":0,"grand_slam":false,"fed":false,"repetitions":1,"outcome":` + notOver + `}`},
		{"4-4-4-4-4-3-1-2-1-0-0-0-10-11-S", 5, // a grand slam (R6)
			`{"move":"F","position":"4-4-4-4-4-0-2-3-2-0-0-0-10-11-N","legal":["a","b","c"],"sown":[6,7,8],` +
				`"captures":[],"captured":0,"grand_slam":true,"annulled":[{"pit":8,"seeds":2},{"pit":7,"seeds":3},{"pit":6,"seeds":2}],"fed":false,"repetitions":1,"outcome":` + notOver + `}`},
		{"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S", 4, // E feeds North (R7)
			`{"move":"E","position":"1-0-0-3-0-2-1-0-0-0-0-0-20-21-N","legal":["a"],"sown":[5,6],` +
				`"captures":[],"captured":0,"grand_slam":false,"fed":true,"repetitions":1,"outcome":` + notOver + `}`},
	} {
		e, err := oware.MustParsePosition(tt.start).Explain(tt.move)
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(wire.AppendEffect(nil, e)))
		out, err := json.Marshal(wire.Effect{Effect: e})
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(out))
		back := wire.Effect{Effect: e}
		err = json.Unmarshal(out, &back)
		assert.ErrorIs(t, err, errors.ErrUnsupported)
		var de *wire.DecodeError
		require.ErrorAs(t, err, &de)
		assert.Equal(t, "ply", de.What)
		assert.Equal(t, e.After().Board(), back.After().Board(), "unchanged on error")
	}
	out, err := json.Marshal(wire.Effect{})
	require.NoError(t, err)
	assert.Equal(t, "null", string(out))
	var e wire.Effect
	assert.NoError(t, json.Unmarshal([]byte("null"), &e))
}

// TestMoveSetJSON: a MoveSet is a JSON array of pit letters; each move is
// named once (["A","A"] was once read as {A}).
func TestMoveSetJSON(t *testing.T) {
	out, err := json.Marshal(map[string]wire.MoveSet{"legal": wire.MoveSet{MoveSet: 0b1000_0010_0101}, "none": {}})
	require.NoError(t, err)
	assert.Equal(t, `{"legal":["A","C","F","f"],"none":[]}`, string(out))
	var back map[string]wire.MoveSet
	require.NoError(t, json.Unmarshal(out, &back))
	assert.Equal(t, wire.MoveSet{MoveSet: 0b1000_0010_0101}, back["legal"])
	assert.Equal(t, wire.MoveSet{MoveSet: 0}, back["none"])
	s := wire.MoveSet{MoveSet: 5}
	require.NoError(t, json.Unmarshal([]byte(`["11","0"]`), &s), "pit numbers too")
	assert.Equal(t, wire.MoveSet{MoveSet: 1<<11 | 1}, s)
	for _, data := range []string{
		`["G"]`, `"AB"`, `["A","A"]`, `["F","5"]`, `["a","6"]`, `[null]`, `"AAE="`, `["A",null]`, `[1]`, `["AB"]`, `{}`, `"A"`, `[["A"]]`, `true`, `["a","A",""]`,
	} {
		err := json.Unmarshal([]byte(data), &s)
		var de *wire.DecodeError
		require.ErrorAs(t, err, &de, data)
		assert.Equal(t, "moves", de.What)
		assert.Equal(t, wire.MoveSet{MoveSet: 1<<11 | 1}, s, "unchanged on error: %s", data)
	}
	err = json.Unmarshal([]byte(`["A","A"]`), &s)
	assert.ErrorContains(t, err, "move A is named twice")
	require.NoError(t, json.Unmarshal([]byte(`null`), &s))
	assert.Equal(t, wire.MoveSet{MoveSet: 1<<11 | 1}, s, "null leaves it")
	require.NoError(t, json.Unmarshal([]byte(` [ "F", "a" ,"11" ] `), &s))
	assert.Equal(t, wire.MoveSet{MoveSet: 1<<5 | 1<<6 | 1<<11}, s)
}

// FuzzMoveSet: whatever decodes as a set of moves encodes back to the same
// set, in pit order, each move once; whatever is refused leaves the set
// unchanged.
func FuzzMoveSet(f *testing.F) {
	for _, s := range []string{`["A","C","F"]`, `[]`, `["11","0"]`, `["A","A"]`, `[null]`, `"AB"`, `null`, ` [ "f" , "a" ] `} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set := wire.MoveSet{MoveSet: 1 << 3}
		if err := set.UnmarshalJSON([]byte(s)); err != nil {
			var de *wire.DecodeError
			require.ErrorAs(t, err, &de)
			require.Equal(t, "moves", de.What)
			require.Equal(t, wire.MoveSet{MoveSet: 1 << 3}, set, "unchanged on error")
			return
		}
		out, err := json.Marshal(set)
		require.NoError(t, err)
		var elems []string
		require.NoError(t, json.Unmarshal(out, &elems))
		require.Equal(t, set.Len(), len(elems), "%s", out)
		var back wire.MoveSet
		require.NoError(t, json.Unmarshal(out, &back))
		require.Equal(t, set, back)
	})
}
