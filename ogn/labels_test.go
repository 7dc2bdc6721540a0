package ogn_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// cycleGame is a game from a set-up position whose 12-ply cycle brings the
// start back a second time, which ends it under the rules that end a game
// at the first recurrence (OpenSpiel's, PlayStrategy's, Aualé's) and not
// under abapa's; a 13th ply follows, legal only where the game goes on.
func cycleGame(rules oware.Rules) ogn.Game {
	g := ogn.Game{Rules: rules, Start: oware.MustParseBoard("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N")}
	for _, c := range "cBdDeCfFaAbEc" {
		m, _ := oware.ParseMove(string(c))
		g.Moves = append(g.Moves, ogn.Ply{Move: m})
	}
	return g
}

// TestExportsStateTheirRules: a game written in OGN or as a PlayStrategy
// export reads back, without being told its rules, under the rules it was
// played by, with the same verdict.
func TestExportsStateTheirRules(t *testing.T) {
	for _, name := range oware.RulesNames() {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		g := cycleGame(rules)
		_, wantErr := g.Replay()
		for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy} {
			var b strings.Builder
			w := ogn.NewWriter(&b)
			w.Format = f
			if err := w.Write(g); err != nil {
				// Only the moves that can be played can be written as
				// PlayStrategy's moves: the 13th is not under rules
				// that end the game at the 12th.
				require.Equal(t, ogn.PlayStrategy, f, "%s: %v", name, err)
				require.Error(t, wantErr, name)
				g13 := g
				g13.Moves = g.Moves[:12]
				_, wantErr = g13.Replay()
				require.NoError(t, w.Write(g13), name)
			}
			rd := ogn.NewReader(strings.NewReader(b.String()))
			rd.Format = f
			back, _, err := rd.ReadReplay()
			assert.Equal(t, rules, back.Rules, "%s as %s:\n%s", name, f, b.String())
			assert.Equal(t, wantErr == nil, err == nil, "%s as %s: %v\n%s", name, f, err, b.String())
		}
	}
}

// TestPlayStrategyLabel: PlayStrategy's own rules are labelled "Oware", as
// PlayStrategy labels them; an abapa game is labelled "Oware Abapa", which
// the reader reads back by abapa's rules, where "Oware" would have ended
// the game at the 12th ply and refused the 13th.
func TestPlayStrategyLabel(t *testing.T) {
	text, err := cycleGame(oware.Rules{}).AppendFormat(nil, ogn.PlayStrategy)
	require.NoError(t, err)
	assert.Contains(t, string(text), "[Variant \"Oware Abapa\"]\n")

	ps, err := oware.ParseRules("playstrategy")
	require.NoError(t, err)
	g := cycleGame(ps)
	g.Moves = g.Moves[:12]
	text, err = g.AppendFormat(nil, ogn.PlayStrategy)
	require.NoError(t, err)
	assert.Contains(t, string(text), "[Variant \"Oware\"]\n")
	// At the recurrence each takes the seeds of their side: South 22+3,
	// North 22+1.
	assert.Contains(t, string(text), " 1-0\n")

	labelled := strings.Replace(string(text), `[Variant "Oware"]`, `[Variant "Oware Abapa"]`, 1)
	rd := ogn.NewReader(strings.NewReader(labelled))
	rd.Format = ogn.PlayStrategy
	_, _, err = rd.ReadReplay()
	assert.ErrorIs(t, err, ogn.ErrResult, "abapa's rules do not end the game at the 12th ply")

	rd = ogn.NewReader(strings.NewReader(strings.Replace(string(text), `[Variant "Oware"]`, `[Variant "Kalah"]`, 1)))
	rd.Format = ogn.PlayStrategy
	_, _, err = rd.ReadReplay()
	assert.ErrorIs(t, err, ogn.ErrVariant)
}

// TestVariantFollowsRules: a game read under a Reader's Rules that its
// Variant tag does not name is written with the name of those rules, so
// that it reads back under them; a tag that names them is kept as written.
func TestVariantFollowsRules(t *testing.T) {
	auale, err := oware.ParseRules("auale")
	require.NoError(t, err)
	rd := ogn.NewReader(strings.NewReader("[Variant \"Oware Abapa\"]\n1. F e *\n"))
	rd.Rules = &auale
	g, err := rd.Read()
	require.NoError(t, err)
	assert.Equal(t, "Oware Abapa", g.Variant, "the tag as written")
	text, err := g.AppendText(nil)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(text), "[Variant \"auale\"]\n"), "%s", text)
	back, err := ogn.ParseGame(string(text))
	require.NoError(t, err)
	assert.Equal(t, auale, back.Rules)

	g, err = ogn.ParseGame("[Variant \"OWARE ABAPA\"]\n1. F e *\n")
	require.NoError(t, err)
	text, err = g.AppendText(nil)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(text), "[Variant \"OWARE ABAPA\"]\n"), "%s", text)
}

// TestCommentNeverStartsATagLine: the writer never begins a line of a
// comment with what the reader takes for the start of a tag section, so
// that a comment with brackets reads back whole.
func TestCommentNeverStartsATagLine(t *testing.T) {
	comment := strings.TrimSpace(strings.Repeat("[Round \"2\"] ", 40))
	g := ogn.Game{Comments: []string{comment}, Moves: []ogn.Ply{{Move: 5, Comments: []string{comment}}}}
	for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy} {
		text, err := g.AppendFormat(nil, f)
		require.NoError(t, err)
		for _, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(line, "[") {
				assert.NotContains(t, line, "Round", "%s: a comment line begins with a tag:\n%s", f, text)
			}
		}
		back := readOne(t, f, string(text))
		assert.Equal(t, g.Comments, back.Comments, f)
		assert.Equal(t, g.Moves[0].Comments, back.Moves[0].Comments, f)
	}
}
