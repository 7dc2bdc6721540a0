package conformance

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/refmodel"
	"github.com/seed3966233f/oware/internal/rulecases"
	"github.com/seed3966233f/oware/internal/wire"
)

const vectorsFile = "../../testdata/conformance/v1.jsonl"

func readVectors(t *testing.T) (Header, []Case) {
	t.Helper()
	f, err := os.Open(vectorsFile)
	require.NoError(t, err)
	defer f.Close()
	h, cases, err := Read(f)
	require.NoError(t, err)
	return h, cases
}

// TestCommittedFileIsRegenerated: the committed file is exactly what the
// generator writes with the default options.
func TestCommittedFileIsRegenerated(t *testing.T) {
	committed, err := os.ReadFile(vectorsFile)
	require.NoError(t, err)
	var fresh bytes.Buffer
	require.NoError(t, Generate(&fresh, DefaultOptions))
	if !bytes.Equal(committed, fresh.Bytes()) {
		t.Fatalf("%s is stale: run go generate ./cmd/oware", vectorsFile)
	}
	assert.Less(t, len(committed), 2<<20, "the file stays under 2 MB")
}

// TestCoverage: every rule and decision is named by cases, and the header
// tells the truth about the file.
func TestCoverage(t *testing.T) {
	h, cases := readVectors(t)
	assert.Equal(t, "oware vectors -seed 1 -games 20 -endgames 60", h.Generator)
	counts := map[string]int{}
	plies := 0
	names := map[string]bool{}
	for _, c := range cases {
		require.False(t, names[c.Name], "duplicate case name %s", c.Name)
		names[c.Name] = true
		for _, r := range c.Rules {
			counts[r]++
		}
		if c.Game != nil {
			plies += len(c.Plies)
		}
	}
	for _, id := range RuleIDs {
		assert.Positive(t, counts[id], "no case covers %s", id)
	}
	assert.Equal(t, counts, h.Coverage)
	assert.Equal(t, plies, h.Plies)
	hand, err := rulecases.Vectors()
	require.NoError(t, err)
	assert.Len(t, cases, len(hand)+DefaultOptions.Games+DefaultOptions.Endgames)
	// Random endgames reach the endings of R9 and R10 often.
	for _, id := range []string{"R8", "R9", "R10"} {
		n := 0
		for _, c := range cases {
			if strings.HasPrefix(c.Name, "random-endgame-") && slices.Contains(c.Rules, id) {
				n++
			}
		}
		assert.GreaterOrEqual(t, n, 5, "random endgames ending by %s", id)
	}
}

// TestRandomCaseRules: the rules named by a random case are those its data
// shows, with R2 and R1 or D4.
func TestRandomCaseRules(t *testing.T) {
	_, cases := readVectors(t)
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "random-") {
			continue
		}
		for _, id := range Observed(c) {
			assert.Contains(t, c.Rules, id, c.Name)
		}
		assert.Contains(t, c.Rules, "R2", c.Name)
		assert.Nil(t, c.Error, c.Name)
		require.NotNil(t, c.Game, c.Name)
		assert.True(t, len(c.Plies) == 0 && c.Outcome.Over() || c.Plies[len(c.Plies)-1].Outcome.Over(),
			"%s: random games are played to the end", c.Name)
	}
}

// TestVectorsReplay checks every case against the independent model of
// the rules, internal/refmodel (sowing, capture, grand slam, feeding, the
// endings and the repetition count), and against the library's Play.
func TestVectorsReplay(t *testing.T) {
	_, cases := readVectors(t)
	for _, c := range cases {
		replay(t, c)
	}
}

// letters writes the model's pits as the file writes moves; none is an
// empty list, as in the file.
func letters(pits []int) []string {
	out := []string{}
	for _, p := range pits {
		out = append(out, refmodel.Letter(p))
	}
	return out
}

// notOver is the JSON form of an outcome while the game goes on.
const notOver = `{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`

// modelJSON writes the model's outcome in the JSON form of the protocol,
// without the library: "over", "reason", "rule", "winner", "draw", then
// "tallies" as an object of South's and North's final tallies (D3).
func modelJSON(o refmodel.Outcome) string {
	if !o.Over {
		return notOver
	}
	winner := "null"
	if o.Winner >= 0 {
		winner = `"` + [2]string{"South", "North"}[o.Winner] + `"`
	}
	return `{"over":true,"reason":"` + o.Reason + `","rule":"` + o.Rule + `","winner":` + winner +
		`,"draw":` + strconv.FormatBool(o.Winner < 0) +
		`,"tallies":{"South":` + strconv.Itoa(o.Tallies[0]) + `,"North":` + strconv.Itoa(o.Tallies[1]) + `}}`
}

// outcomeJSON returns the JSON text of an outcome read from the file.
func outcomeJSON(t *testing.T, o wire.Outcome) string {
	t.Helper()
	b, err := json.Marshal(o)
	require.NoError(t, err)
	return string(b)
}

// parseOutcome reads an outcome's JSON text into a wire.Outcome, so
// that a model ply can be compared with a ply of the file as a whole.
func parseOutcome(t *testing.T, text string) wire.Outcome {
	t.Helper()
	var o wire.Outcome
	require.NoError(t, json.Unmarshal([]byte(text), &o), text)
	return o
}

// modelCaptures turns the model's captures into the file's; none is nil
// unless empty is set.
func modelCaptures(cs []refmodel.Capture, empty bool) []wire.Capture {
	var out []wire.Capture
	if empty {
		out = []wire.Capture{}
	}
	for _, c := range cs {
		out = append(out, wire.Capture{Pit: c.Pit, Seeds: c.Seeds})
	}
	return out
}

// modelPly returns the ply the model plays at pit, without its outcome,
// and the outcome's JSON text.
func modelPly(t *testing.T, g *refmodel.Game, pit int) (Ply, string) {
	t.Helper()
	next, e, err := g.Play(pit)
	require.NoError(t, err)
	*g = next
	ply := Ply{
		Move:        refmodel.Letter(pit),
		Position:    next.Board.String(),
		Legal:       letters(next.Legal()),
		Sown:        e.Sown,
		Captures:    modelCaptures(e.Captures, true),
		Captured:    e.Captured(),
		GrandSlam:   len(e.Annulled) > 0,
		Annulled:    modelCaptures(e.Annulled, false),
		Fed:         e.Fed,
		Repetitions: next.Repetitions(),
	}
	return ply, modelJSON(next.Outcome())
}

// refusalCodes are the protocol's codes for the model's refusals.
var refusalCodes = map[error]string{
	refmodel.ErrGameOver:   oracle.CodeGameOver,
	refmodel.ErrNoSuchPit:  oracle.CodeNoSuchPit,
	refmodel.ErrNotYourPit: oracle.CodeNotYourPit,
	refmodel.ErrEmptyPit:   oracle.CodeEmptyPit,
	refmodel.ErrMustFeed:   oracle.CodeMustFeed,
}

func replay(t *testing.T, c Case) {
	t.Helper()
	b, err := refmodel.Parse(c.Start)
	var g refmodel.Game
	if err == nil {
		g, err = refmodel.New(refmodel.Rules{}, b)
	}
	valid := err == nil
	p, err := oware.ParsePosition(c.Start)
	require.Equal(t, valid, err == nil, "%s: validity of the start", c.Name)
	if !valid {
		require.Nil(t, c.Game, c.Name)
		require.NotNil(t, c.Error, c.Name)
		assert.Equal(t, oracle.CodeBadStart, c.Error.Code, c.Name)
		return
	}
	require.NotNil(t, c.Game, c.Name)
	assert.Equal(t, letters(g.Legal()), c.Legal, "%s: legal at the start", c.Name)
	assert.Equal(t, modelJSON(g.Outcome()), outcomeJSON(t, c.Outcome), "%s: outcome at the start", c.Name)
	for i, text := range c.Moves {
		mv, perr := oware.ParseMove(text)
		if i == len(c.Plies) {
			require.NotNil(t, c.Error, "%s: the moves stop at ply %d", c.Name, i+1)
			assert.Equal(t, i+1, c.Error.Ply, c.Name)
			assert.Equal(t, text, *c.Error.Move, c.Name)
			want := oracle.CodeBadMove
			if perr == nil {
				refusal := g.Refusal(mv.Pit())
				require.Error(t, refusal, "%s: ply %d: the model plays the move", c.Name, i+1)
				want = refusalCodes[refusal]
				_, err := p.Play(mv)
				assert.Error(t, err, c.Name)
			}
			assert.Equal(t, want, c.Error.Code, "%s: ply %d", c.Name, i+1)
			return
		}
		require.NoError(t, perr, c.Name)
		require.Contains(t, letters(g.Legal()), mv.String(), "%s: ply %d is legal", c.Name, i+1)
		want, outcome := modelPly(t, &g, mv.Pit())
		require.Equal(t, outcome, outcomeJSON(t, c.Plies[i].Outcome), "%s: ply %d: outcome", c.Name, i+1)
		want.Outcome = parseOutcome(t, outcome)
		require.Equal(t, want, c.Plies[i], "%s: ply %d", c.Name, i+1)
		p, err = p.Play(mv)
		require.NoError(t, err, c.Name)
		require.Equal(t, want.Position, p.Board().String(), "%s: ply %d: the library's Play", c.Name, i+1)
		require.Equal(t, want.Repetitions, p.Repetitions(), "%s: ply %d", c.Name, i+1)
	}
	assert.Len(t, c.Plies, len(c.Moves), c.Name)
	assert.Nil(t, c.Error, c.Name)
}
