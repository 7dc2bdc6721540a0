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
	assert.Len(t, cases, len(handCases())+DefaultOptions.Games+DefaultOptions.Endgames)
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

// TestVectorsReplay checks every case against an independent model of the
// rules written here (sowing, capture, grand slam, feeding, the endings and
// the repetition count), and against the library's Play.
func TestVectorsReplay(t *testing.T) {
	_, cases := readVectors(t)
	for _, c := range cases {
		replay(t, c)
	}
}

// model is a plain reimplementation of the rules, for checking.
type model struct {
	pits   [12]int
	scores [2]int
	toMove int
	seen   []string // positions since the last capture, oldest first, the current one included
}

func modelOf(t *testing.T, s string) (model, bool) {
	f := strings.Split(s, "-")
	if len(f) != 15 {
		return model{}, false
	}
	var m model
	total := 0
	for i := 0; i < 14; i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 0 {
			return model{}, false
		}
		if i < 12 {
			m.pits[i] = n
		} else {
			m.scores[i-12] = n
		}
		total += n
	}
	switch f[14] {
	case "S":
	case "N":
		m.toMove = 1
	default:
		return model{}, false
	}
	m.seen = []string{m.key()}
	return m, total == 48
}

// key identifies a position for the repetition count. The scores in the
// text do not matter: seen is cleared on every capture, the only change of
// score (D1).
func (m model) key() string { return m.text() }

func (m model) text() string {
	var b strings.Builder
	for _, n := range m.pits {
		b.WriteString(strconv.Itoa(n) + "-")
	}
	b.WriteString(strconv.Itoa(m.scores[0]) + "-" + strconv.Itoa(m.scores[1]) + "-" + "SN"[m.toMove:m.toMove+1])
	return b.String()
}

func (m model) side(p int) int {
	n := 0
	for i := 6 * p; i < 6*p+6; i++ {
		n += m.pits[i]
	}
	return n
}

// legal: the mover's non-empty pits (R2), only those that reach an empty
// opponent (R7); none once the game is over.
func (m model) legal() []string {
	if _, over := m.ending(); over {
		return []string{}
	}
	return m.movable()
}

func (m model) movable() []string {
	out := []string{}
	for i := 6 * m.toMove; i < 6*m.toMove+6; i++ {
		if m.pits[i] == 0 || m.side(1-m.toMove) == 0 && m.pits[i] < 6-i%6 {
			continue
		}
		out = append(out, oware.Move(i).String())
	}
	return out
}

func (m model) repetitions() int {
	n := 0
	for _, k := range m.seen {
		if k == m.seen[len(m.seen)-1] {
			n++
		}
	}
	return n
}

// notOver is the JSON form of an outcome while the game goes on.
const notOver = `{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`

// ending returns the outcome, R8, then R10, then R9, in the JSON form of
// the protocol, written here without the library: "over", "reason",
// "rule", "winner", "draw", then "tallies" as an object of South's and
// North's final tallies (D3), the winner by R11.
func (m model) ending() (string, bool) {
	var reason, rule string
	var tallies [2]int
	switch {
	case m.scores[0] >= 25 || m.scores[1] >= 25:
		reason, rule, tallies = "majority", "R8", m.scores
	case m.repetitions() >= 3 && m.side(0) > 0 && m.side(1) > 0:
		reason, rule = "repetition", "R10"
		tallies = [2]int{m.scores[0] + m.side(0), m.scores[1] + m.side(1)}
	case len(m.movable()) == 0:
		reason, rule = "no move", "R9"
		tallies = [2]int{m.scores[0] + m.side(0), m.scores[1] + m.side(1)}
	default:
		return notOver, false
	}
	winner, draw := "null", "false"
	switch {
	case tallies[0] > tallies[1]:
		winner = `"South"`
	case tallies[1] > tallies[0]:
		winner = `"North"`
	default:
		draw = "true"
	}
	return `{"over":true,"reason":"` + reason + `","rule":"` + rule + `","winner":` + winner + `,"draw":` + draw +
		`,"tallies":{"South":` + strconv.Itoa(tallies[0]) + `,"North":` + strconv.Itoa(tallies[1]) + `}}`, true
}

// outcomeJSON returns the JSON text of an outcome read from the file.
func outcomeJSON(t *testing.T, o oware.Outcome) string {
	t.Helper()
	b, err := json.Marshal(o)
	require.NoError(t, err)
	return string(b)
}

// parseOutcome reads the model's outcome text into an oware.Outcome, so
// that a model ply can be compared with a ply of the file as a whole.
func parseOutcome(t *testing.T, text string) oware.Outcome {
	t.Helper()
	var o oware.Outcome
	require.NoError(t, json.Unmarshal([]byte(text), &o), text)
	return o
}

// play sows pit (R3, R4), captures (R5) unless it is a grand slam (R6).
// It returns the ply without its outcome, and the outcome's JSON text.
func (m *model) play(pit int) (oracle.Ply, string) {
	ply := oracle.Ply{Move: oware.Move(pit).String(), Captures: []oracle.Capture{}, Fed: m.side(1-m.toMove) == 0}
	n := m.pits[pit]
	m.pits[pit] = 0
	at := pit
	for n > 0 {
		at = (at + 1) % 12
		if at == pit {
			continue
		}
		m.pits[at]++
		ply.Sown = append(ply.Sown, at)
		n--
	}
	opp := 1 - m.toMove
	var run []oracle.Capture
	taken := 0
	for i := at; i >= 6*opp && i < 6*opp+6 && (m.pits[i] == 2 || m.pits[i] == 3); i-- {
		run = append(run, oracle.Capture{Pit: i, Seeds: m.pits[i]})
		taken += m.pits[i]
	}
	switch {
	case taken > 0 && taken == m.side(opp):
		ply.GrandSlam, ply.Annulled = true, run
	case taken > 0:
		ply.Captures, ply.Captured = run, taken
		for _, c := range run {
			m.pits[c.Pit] = 0
		}
		m.scores[m.toMove] += taken
		m.seen = nil
	}
	m.toMove = opp
	m.seen = append(m.seen, m.key())
	ply.Position = m.text()
	ply.Legal = m.legal()
	ply.Repetitions = m.repetitions()
	outcome, _ := m.ending()
	return ply, outcome
}

func replay(t *testing.T, c Case) {
	t.Helper()
	m, valid := modelOf(t, c.Start)
	p, err := oware.ParsePosition(c.Start)
	require.Equal(t, valid, err == nil, "%s: validity of the start", c.Name)
	if !valid {
		require.Nil(t, c.Game, c.Name)
		require.NotNil(t, c.Error, c.Name)
		assert.Equal(t, oracle.CodeBadStart, c.Error.Code, c.Name)
		return
	}
	require.NotNil(t, c.Game, c.Name)
	assert.Equal(t, m.legal(), c.Legal, "%s: legal at the start", c.Name)
	o, _ := m.ending()
	assert.Equal(t, o, outcomeJSON(t, c.Outcome), "%s: outcome at the start", c.Name)
	for i, text := range c.Moves {
		mv, perr := oware.ParseMove(text)
		if i == len(c.Plies) {
			require.NotNil(t, c.Error, "%s: the moves stop at ply %d", c.Name, i+1)
			assert.Equal(t, i+1, c.Error.Ply, c.Name)
			assert.Equal(t, text, *c.Error.Move, c.Name)
			want := oracle.CodeBadMove
			if perr == nil {
				legal := m.legal()
				switch {
				case len(legal) == 0:
					want = oracle.CodeGameOver
				case mv.Pit()/6 != m.toMove:
					want = oracle.CodeNotYourPit
				case m.pits[mv.Pit()] == 0:
					want = oracle.CodeEmptyPit
				default:
					want = oracle.CodeMustFeed
				}
				_, err := p.Play(mv)
				assert.Error(t, err, c.Name)
			}
			assert.Equal(t, want, c.Error.Code, "%s: ply %d", c.Name, i+1)
			return
		}
		require.NoError(t, perr, c.Name)
		require.Contains(t, m.legal(), mv.String(), "%s: ply %d is legal", c.Name, i+1)
		want, outcome := m.play(mv.Pit())
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
