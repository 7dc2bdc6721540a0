package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// seed003 is the capture of the rule sheet seed 003: F from
// 1-1-1-1-1-4-1-3-2-1-2-2-10-18-S sows 6, 7, 8, 9 and takes pits 9 and 8.
var seed003 = Case{Start: oware.MustParseBoard("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"), Moves: []oware.Move{5}}

// The rule of a divergence in what the move does is that of the move: F
// captures, so it is R5 whichever of its fields differ.

// compareLine compares a response line written by hand with the
// library's answer to seed003, sent with id 7.
func compareLine(t *testing.T, line string) error {
	t.Helper()
	req := seed003.Request(7)
	return compare(seed003, 7, rules(t).Answer(req), []byte(line))
}

const (
	notOver = `{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`
	after   = `"position":"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N","legal":["a","b","e","f"]`
)

func TestCompareAgrees(t *testing.T) {
	for name, line := range map[string]string{
		"required fields only": `{"id":7,"legal":["A","B","C","D","E","F"],"plies":[{` + after + `}]}`,
		"every field": `{"version":1,"id":7,"legal":["A","B","C","D","E","F"],"outcome":` + notOver + `,"plies":[{"move":"F",` + after +
			`,"sown":[6,7,8,9],"captures":[{"pit":9,"seeds":2},{"pit":8,"seeds":3}],"grand_slam":false,"fed":false,"repetitions":1,"outcome":` + notOver + `}]}`,
		"members in another order, spaces": `{"plies":[{` + after + `, "outcome": {"tallies": {"North":0, "South":0}, "over": false}}], "legal":["A","B","C","D","E","F"], "id": 7}`,
		"numbers written otherwise":        `{"version":1.0,"id":7e0,"legal":["A","B","C","D","E","F"],"plies":[{` + after + `,"repetitions":1.0}]}`,
		"an outcome in part":               `{"id":7,"legal":["A","B","C","D","E","F"],"outcome":{"over":false},"plies":[{` + after + `}]}`,
	} {
		assert.NoError(t, compareLine(t, line), name)
	}
}

func TestCompareDiverges(t *testing.T) {
	start := `{"id":7,"legal":["A","B","C","D","E","F"],"plies":[{`
	for _, tc := range []struct {
		name, line string
		ply        int
		rule       string
		diffs      []Diff
	}{
		{"a capture of pit 9 only", start + `"position":"1-1-1-1-1-0-2-4-3-0-2-2-12-18-N","legal":["a","b","e","f"],"captures":[{"pit":9,"seeds":2}]}]}`,
			1, "R5", []Diff{
				{"position", `"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"`, `"1-1-1-1-1-0-2-4-3-0-2-2-12-18-N"`},
				{"captures", `[{"pit":9,"seeds":2},{"pit":8,"seeds":3}]`, `[{"pit":9,"seeds":2}]`},
			}},
		{"no legal moves after", start + `"position":"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N","legal":[]}]}`,
			1, "R2", []Diff{{"legal", `["a","b","e","f"]`, `[]`}}},
		{"the position left out", start + `"legal":["a","b","e","f"]}]}`,
			1, "R5", []Diff{{"position", `"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N"`, "(absent)"}}},
		{"a wrong start", `{"id":7,"legal":["F"],"plies":[]}`,
			0, "R2", []Diff{{"legal", `["A","B","C","D","E","F"]`, `["F"]`}}},
		{"the move refused", `{"id":7,"legal":["A","B","C","D","E","F"],"plies":[],"error":{"code":"empty_pit"}}`,
			1, "R5", []Diff{{"error", "none: F is legal", `{"code":"empty_pit"}`}}},
		{"a game over too soon", start + after + `,"outcome":{"over":true,"reason":"majority"}}]}`,
			1, "R8", []Diff{{"outcome.over", "false", "true"}, {"outcome.reason", `"not over"`, `"majority"`}}},
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
		line string
		want error
	}{
		{"", ErrNotJSON},
		{"Traceback (most recent call last):", ErrNotJSON},
		{`{"id":7,"legal":`, ErrNotJSON},
		{`[1,2]`, ErrNotJSON},
		{`{"id":7,"plies":"none"}`, ErrMalformed},
		{`{"version":2,"id":7}`, ErrMalformed},
		{`{"id":8,"legal":[]}`, ErrWrongID},
		{`{"id":"7","legal":[]}`, ErrWrongID},
		{`{"legal":[]}`, ErrWrongID},
	} {
		err := compareLine(t, tc.line)
		assert.ErrorIs(t, err, tc.want, tc.line)
		var se *SubjectError
		assert.ErrorAs(t, err, &se, tc.line)
	}
}
