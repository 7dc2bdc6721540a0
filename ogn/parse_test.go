package ogn_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

func moveList(g ogn.Game) string {
	var b strings.Builder
	for i, p := range g.Moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.Move.String())
		if p.Captured > 0 {
			b.WriteString("+")
			b.WriteString(strings.Repeat("|", p.Captured))
		}
	}
	return b.String()
}

func TestParseMovetextForms(t *testing.T) {
	for text, want := range map[string]string{
		"1.F e 2.D":                    "F e D",
		"1. F 1... e 2. D":             "F e D",
		"F e D":                        "F e D",
		"1. F\r\n e\t2. D\r\n":         "F e D",
		"1. F e+12 2. D+3":             "F e+|||||||||||| D+|||",
		"1. F (e (f a) b) e":           "F e",
		"1. F (e {not a move ) } a) e": "F e",
		"1. F e {(} D":                 "F e D",
		"1. F e(f)D":                   "F e D",
		"1. F{x}e":                     "F e",
		"":                             "",
		"*":                            "",
	} {
		g, err := ogn.ParseGame("[Event \"x\"]\n" + text)
		if !assert.NoError(t, err, "%q", text) {
			continue
		}
		assert.Equal(t, want, moveList(g), "%q", text)
	}
}

func TestParseResults(t *testing.T) {
	for text, want := range map[string]string{
		"1. F":                          "*",
		"1. F *":                        "*",
		"1. F 1-0":                      "1-0",
		"1. F 0-1":                      "0-1",
		"1. F 1/2-1/2":                  "1/2-1/2",
		"1. F 26-22":                    "26-22",
		"[Result \"0-1\"] 1. F":         "0-1",
		"[Result \"0-1\"] 1. F 0-1":     "0-1",
		"[Result \"24-24\"] 1. F 24-24": "24-24",
	} {
		g, err := ogn.ParseGame(text)
		if assert.NoError(t, err, "%q", text) {
			assert.Equal(t, want, g.Result.String(), "%q", text)
		}
	}
}

func TestParseVariant(t *testing.T) {
	for _, v := range []string{"Oware Abapa", "oware abapa", " Oware Abapa "} {
		_, err := ogn.ParseGame(`[Variant "` + v + `"]`)
		assert.NoError(t, err, v)
	}
	for _, v := range []string{"Awale", "Oware", ""} {
		_, err := ogn.ParseGame(`[Variant "` + v + `"]`)
		assert.ErrorIs(t, err, ogn.ErrVariant, v)
	}
}

func TestParseSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		msg  string
	}{
		{`[Event "x"`, `ogn: game 1, line 1, column 11: tag Event: missing "]"`},
		{`[Event x]`, `ogn: game 1, line 1, column 8: tag Event: value must be in double quotes`},
		{`[ "x"]`, `ogn: game 1, line 1, column 3: tag without a name`},
		{`[Event "x]`, `ogn: game 1, line 1, column 1: tag Event: value has no closing quote`},
		{"[Event \"a\nb\"]", `ogn: game 1, line 1, column 10: tag Event: line break in the value`},
		{`[Site "a"] [Site "b"]`, `ogn: game 1, line 1, column 12: tag Site appears twice`},
		{`[Result "win"]`, `ogn: game 1, line 1, column 1: Result tag "win" is not a result`},
		{"1. Fe", `ogn: game 1, line 1, column 5: unexpected 'e' after the move F`},
		{"1. F+", `ogn: game 1, line 1, column 6: capture mark of F must be a number of seeds from 1 to 48`},
		{"1. F+49", `ogn: game 1, line 1, column 6: capture mark of F must be a number of seeds from 1 to 48`},
		{"1. F+02", `ogn: game 1, line 1, column 6: capture mark of F must be a number of seeds from 1 to 48`},
		{"1. G", `ogn: game 1, line 1, column 4: unexpected 'G'`},
		{"1. F e 2", `ogn: game 1, line 1, column 8: "2" is neither a move number nor a result`},
		{"1. F 1-2-3", `ogn: game 1, line 1, column 6: "1-2-3" is neither a move number nor a result`},
		{"1. F 49-0", `ogn: game 1, line 1, column 6: "49-0" is neither a move number nor a result`},
		{"1. F )", `ogn: game 1, line 1, column 6: ')' without its opening bracket`},
		{"1. F }", `ogn: game 1, line 1, column 6: '}' without its opening bracket`},
		{"1. F ; rest", `ogn: game 1, line 1, column 6: unexpected ';'`},
		{"1. F \xff", `ogn: game 1, line 1, column 6: unexpected byte 0xff`},
		{"1. F (e {x)", `ogn: game 1, line 1, column 9: comment has no closing "}"`},
		{"1. F (e (f)", `ogn: game 1, line 1, column 6: variation has no closing ")"`},
		// After a result the next game begins.
		{"1. F 1-0 e", `ogn: game 2, line 1, column 10: more than one game in the text`},
		{"1. F 1-0 {late}", `ogn: game 2, line 1, column 10: more than one game in the text`},
		{"1. F e 1. F", `ogn: game 2, line 1, column 8: more than one game in the text`},
		{"", `ogn: game 1, line 1, column 1: no game in the text`},
		{"1. F\n[Event \"2\"]", `ogn: game 2, line 2, column 1: more than one game in the text`},
	} {
		_, err := ogn.ParseGame(tc.text)
		assert.ErrorIs(t, err, ogn.ErrSyntax, "%q", tc.text)
		if assert.Error(t, err, "%q", tc.text) {
			assert.Equal(t, tc.msg, err.Error(), "%q", tc.text)
		}
	}
}

func TestParseFENTagErrors(t *testing.T) {
	_, err := ogn.ParseGame("[Event \"x\"]\n[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S\"]")
	assert.ErrorIs(t, err, oware.ErrSeedTotal)
	var pe *ogn.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 2, pe.Line)
	var ope *oware.ParseError
	assert.ErrorAs(t, err, &ope)
	assert.True(t, strings.HasPrefix(err.Error(), "ogn: game 1, line 2, column 1: FEN tag \"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S\": byte 0: total is 49: seeds do not add up to 48"), err.Error())
}

func TestParseSeveralGames(t *testing.T) {
	text := "[Event \"1\"]\n1. F e 1-0\n[Event \"2\"] 1. A\n\n{c} 1... B\n[Round \"3\"]\n1. C\n"
	games, err := ogn.Parse(strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, games, 3)
	assert.Equal(t, "F e", moveList(games[0]))
	assert.Equal(t, ogn.Result{Kind: ogn.SouthWins}, games[0].Result)
	assert.Equal(t, "A B", moveList(games[1]))
	assert.Equal(t, []string{"c"}, games[1].Moves[0].Comments)
	assert.Equal(t, "C", moveList(games[2]))
	assert.Equal(t, []ogn.Tag{{"Round", "3"}}, games[2].Tags)
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, games[1].Result)

	// The games before a faulty one are returned with the error.
	games, err = ogn.Parse(strings.NewReader("1. F *\n[Round \"2\"]\n1. A *\n[Round \"3\"]\n1. B g"))
	assert.Len(t, games, 2)
	var pe *ogn.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 3, pe.Game)
	assert.Equal(t, 5, pe.Line)
	assert.Equal(t, 6, pe.Column)

	games, err = ogn.Parse(strings.NewReader(" \n\t"))
	assert.NoError(t, err)
	assert.Empty(t, games)
}

type failingReader struct{}

var errRead = errors.New("read failed")

func (failingReader) Read([]byte) (int, error) { return 0, errRead }

func TestParseReaderError(t *testing.T) {
	games, err := ogn.Parse(failingReader{})
	assert.Nil(t, games)
	assert.ErrorIs(t, err, errRead)
	_, err = ogn.Parse(io.MultiReader(strings.NewReader("1. F"), failingReader{}))
	assert.ErrorIs(t, err, errRead)
}
