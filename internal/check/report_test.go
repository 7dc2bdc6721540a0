package check

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// failed returns the result of a check that found c failing as line
// says, at case 3, shrunk to c itself in 10 tries.
func failed(t *testing.T, c Case, line string) Result {
	t.Helper()
	err := compareCase(t, c, line)
	require.Error(t, err)
	return Result{Cases: 2, Plies: 87, Elapsed: time.Second,
		Failure: &Failure{Found: c, FoundErr: err, Cases: 3, Shrunk: c, Err: err, Tries: 10}}
}

// slamCase is a grand slam of F, annulled (R6).
var slamCase = Case{Kind: GrandSlam, Start: oware.MustParseBoard("0-0-0-0-0-1-1-0-0-0-0-0-22-24-S"), Moves: moves("F")}

// slamTaken is what a subject without R6 says of slamCase.
func slamTaken(p map[string]any) {
	p["position"] = "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N"
	p["captures"] = []map[string]int{{"pit": 6, "seeds": 2}}
	p["captured"] = 2
	p["grand_slam"] = false
	delete(p, "annulled")
}

func TestReportOfADivergence(t *testing.T) {
	res := failed(t, slamCase, edited(t, slamCase, slamTaken))
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, res))
	text := out.String()
	for _, want := range []string{
		"FAILED at case 3 (grand slam, 2 seeds, 1 ply) after 2 cases and 87 plies in agreement\n",
		"first seen: divergence at ply 1 (F), rule R6: position, captures, captured, grand_slam differ\n",
		"shrunk in 10 tries to 2 seeds on the board and 1 ply\n",
		"rule:     R6 (grand slam)\n", "moves:    F\n", "ply 1: South plays F, from:\n",
		"library says: {", "subject says: {",
		"  grand_slam\n    library: true\n    subject: false\n",
	} {
		assert.Contains(t, text, want)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last := lines[len(lines)-1]
	assert.Equal(t, slamCase.Line(), last)
	req, err := oracle.DecodeRequest([]byte(last))
	require.NoError(t, err, "the last line is an oracle request")
	resp := oracle.Answer(req)
	require.Nil(t, resp.Error)
	assert.True(t, resp.Plies[len(resp.Plies)-1].GrandSlam())
}

func TestReportOfAKnobAndARefusedMove(t *testing.T) {
	c := Case{Kind: Repetition, Start: oware.MustParseBoard("1-0-0-0-0-0-1-0-0-0-0-0-24-22-S"), Moves: moves("AaBbCcDdEeFf"), rules: preset("openspiel")}
	res := failed(t, c, edited(t, c, func(p map[string]any) {
		p["legal"] = []string{"A"}
		p["outcome"] = map[string]any{"over": false, "reason": "not over"}
	}))
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, res))
	assert.Contains(t, out.String(), "rule:     RepeatLimit (the preset's occurrence that ends the game, R10 under abapa), under the openspiel rules\n")
	assert.Contains(t, out.String(), `{"rules":"openspiel","start":"1-0-0-0-0-0-1-0-0-0-0-0-24-22-S","moves":["A","a",`)

	c = Case{Kind: Illegal, Start: oware.Start().Board(), Moves: moves("F"), Refused: "12"}
	res = failed(t, c, editedResponse(t, c, func(r map[string]any) {
		r["error"].(map[string]any)["code"] = "no_such_pit"
	}))
	out.Reset()
	require.NoError(t, WriteReport(&out, res))
	for _, want := range []string{
		`first seen: divergence at ply 2 ("12"), rule R2: error.code differ`,
		"moves:    F then \"12\", refused\n",
		"ply 2: North plays \"12\", which the library refuses, from:\n",
		`library says: {"code":"bad_move","reason":"not a pit letter A-F, a-f or number 0-11","ply":2,"move":"12"}`,
		"  error.code\n    library: \"bad_move\"\n    subject: \"no_such_pit\"\n",
		`{"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","moves":["F","12"]}`,
	} {
		assert.Contains(t, out.String(), want)
	}
}

func TestReportOfAFailureToAnswer(t *testing.T) {
	res := failed(t, slamCase, `{"version":1,"id":7,"legal":["F"],"plies":[{"position":"x","grandslam":true}]}`)
	res.Failure.Err.(*SubjectError).Stderr = "the end\nof its errors"
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, res))
	for _, want := range []string{
		"the subject failed to answer: response does not have the protocol's form: unknown field \"grandslam\" in ply 1\n",
		"its response line:\n    {\"version\":1,",
		"the end of its standard error:\n    the end\n    of its errors\n",
	} {
		assert.Contains(t, out.String(), want)
	}
}

func TestReportOK(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, WriteReport(&out, Result{Cases: 4001, Plies: 200000, Elapsed: 4 * time.Second}))
	assert.Equal(t, "ok: 4001 cases, 200000 plies checked in 4.0s (50000 plies/s): no divergence\n", out.String())
}

// TestWriteJSON: the report as one JSON object on one line, with what a
// program needs to act on it, under the names the README gives.
func TestWriteJSON(t *testing.T) {
	cfg := Config{Rules: rules(t), Command: []string{"python3", "toy.py"}, Games: 4000, Seed: 1}
	res := failed(t, slamCase, edited(t, slamCase, slamTaken))
	res.Families[Opening], res.Families[Endgame] = 1, 1
	var out bytes.Buffer
	require.NoError(t, WriteJSON(&out, cfg, res))
	require.Equal(t, 1, strings.Count(out.String(), "\n"), "one line")
	var rep map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	assert.ElementsMatch(t, []string{"rules", "seed", "games", "command", "ok", "cases", "plies", "seconds", "families", "failure"}, keys(rep))
	assert.Equal(t, "abapa", rep["rules"])
	assert.Equal(t, []any{"python3", "toy.py"}, rep["command"])
	assert.Equal(t, false, rep["ok"])
	assert.Equal(t, 2.0, rep["cases"])
	assert.Equal(t, 87.0, rep["plies"])
	assert.Equal(t, 1.0, rep["seconds"])
	families := rep["families"].([]any)
	require.Len(t, families, int(numKinds))
	assert.Equal(t, map[string]any{"family": "opening game", "cases": 1.0}, families[0])
	assert.Equal(t, map[string]any{"family": "long line", "cases": 0.0}, families[numKinds-1])
	f := rep["failure"].(map[string]any)
	assert.ElementsMatch(t, []string{"case", "family", "first_seen", "found", "tries", "shrunk", "seeds", "plies", "error",
		"rule", "rule_name", "ply", "move", "before", "library", "subject", "diffs"}, keys(f))
	assert.Equal(t, 3.0, f["case"])
	assert.Equal(t, "grand slam", f["family"])
	assert.Equal(t, res.Failure.FoundErr.Error(), f["first_seen"])
	assert.Equal(t, res.Failure.Err.Error(), f["error"])
	shrunk, _ := json.Marshal(f["shrunk"])
	assert.JSONEq(t, slamCase.Line(), string(shrunk), "an oracle request, as an object")
	assert.Equal(t, 10.0, f["tries"])
	assert.Equal(t, 2.0, f["seeds"])
	assert.Equal(t, 1.0, f["plies"])
	assert.Equal(t, "R6", f["rule"])
	assert.Equal(t, "R6 (grand slam)", f["rule_name"])
	assert.Equal(t, 1.0, f["ply"])
	assert.Equal(t, "F", f["move"])
	assert.Equal(t, slamCase.Start.String(), f["before"])
	assert.Equal(t, true, f["library"].(map[string]any)["grand_slam"])
	assert.Equal(t, false, f["subject"].(map[string]any)["grand_slam"])
	assert.Contains(t, f["diffs"], map[string]any{"field": "grand_slam", "library": "true", "subject": "false"})

	out.Reset()
	require.NoError(t, WriteJSON(&out, cfg, Result{Cases: 4001, Plies: 9}))
	assert.Contains(t, out.String(), `"ok":true,"cases":4001,"plies":9,`)
	assert.Contains(t, out.String(), `"failure":null}`)
}

// keys returns the names of an object's members.
func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
