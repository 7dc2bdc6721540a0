package ogn_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// readAll reads every game of text with a Reader of format f and the given
// limits, going on after errors, and returns the games and the errors.
func readAll(t *testing.T, f ogn.Format, lim ogn.Limits, text string) ([]ogn.Game, []error) {
	t.Helper()
	rd := ogn.NewReader(strings.NewReader(text))
	rd.Format, rd.Limits = f, lim
	var games []ogn.Game
	var errs []error
	for range len(text) + 2 {
		g, err := rd.Read()
		switch {
		case err == io.EOF:
			return games, errs
		case err != nil:
			errs = append(errs, err)
		default:
			games = append(games, g)
		}
	}
	t.Fatal("the reader does not end")
	return nil, nil
}

func TestReaderLimits(t *testing.T) {
	small := ogn.Limits{Tags: 2, Tag: 8, Comment: 5, Comments: 8, Plies: 3}
	for _, tc := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"tags", "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n1. F", 3, 1, "more than 2 tags (limit Tags)"},
		{"tag name", "[Abcdefghi \"1\"]", 1, 2, "tag name longer than 8 bytes (limit Tag)"},
		{"tag value", "[Event \"123456789\"]", 1, 1, "tag Event: value longer than 8 bytes (limit Tag)"},
		{"comment", "1. F {123456} e", 1, 6, "comment longer than 5 bytes (limit Comment)"},
		{"comments", "{12345} 1. F {1234} e", 1, 14, "comments of the game longer than 8 bytes in all (limit Comments)"},
		{"plies", "1. F e 2. D\nb", 2, 1, "more than 3 plies (limit Plies)"},
	} {
		_, errs := readAll(t, ogn.OGN, small, tc.text)
		require.Len(t, errs, 1, tc.name)
		var pe *ogn.ParseError
		require.ErrorAs(t, errs[0], &pe, tc.name)
		assert.ErrorIs(t, errs[0], ogn.ErrLimit, tc.name)
		assert.Equal(t, 1, pe.Game, tc.name)
		assert.Equal(t, tc.line, pe.Line, tc.name)
		assert.Equal(t, tc.col, pe.Column, tc.name)
		assert.Equal(t, tc.msg, pe.Msg, tc.name)
	}
	// At the limits, all is well.
	games, errs := readAll(t, ogn.OGN, small, "[A \"12345678\"]\n[B \"2\"]\n{12345} 1. F {123} e D")
	assert.Empty(t, errs)
	assert.Len(t, games, 1)
}

func TestReaderDefaultLimits(t *testing.T) {
	long := strings.Repeat("F e ", 5001) // 10002 plies
	_, errs := readAll(t, ogn.OGN, ogn.Limits{}, long)
	require.Len(t, errs, 1)
	assert.ErrorIs(t, errs[0], ogn.ErrLimit)
	assert.Contains(t, errs[0].Error(), "more than 10000 plies (limit Plies)")
	assert.Equal(t, ogn.Limits{Tags: 64, Tag: 1024, Comment: 16 << 10, Comments: 256 << 10, Plies: 10000}, ogn.DefaultLimits)
}

// TestReaderGoesOn: after a faulty game, the next Read gives the game after
// it, numbered on.
func TestReaderGoesOn(t *testing.T) {
	text := "[Event \"1\"]\n1. F e *\n\n" +
		"[Event \"2\"]\n[Bad tag]\n[Round \"2\"]\n1. F e (a {b} c) F g *\n\n" +
		"[Event \"3\"]\n1. F g {[Event \"no\"]} e *\n\n" +
		"[Event \"4\"]\n1. A *\n"
	games, errs := readAll(t, ogn.OGN, ogn.Limits{}, text)
	require.Len(t, games, 2)
	assert.Equal(t, []ogn.Tag{{Name: "Event", Value: "1"}}, games[0].Tags)
	assert.Equal(t, []ogn.Tag{{Name: "Event", Value: "4"}}, games[1].Tags)
	require.Len(t, errs, 2)
	assert.EqualError(t, errs[0], `ogn: game 2, line 5, column 6: tag Bad: value must be in double quotes`)
	assert.EqualError(t, errs[1], `ogn: game 3, line 10, column 6: unexpected 'g'`)
}

// TestReadReplayGoesOn: a game that breaks the rules is reported at its
// ply, and the rest of it, comments and variations included, is skipped.
// A line of a comment may begin with a bracket that begins no tag.
func TestReadReplayGoesOn(t *testing.T) {
	text := "[Round \"1\"]\n1. F e 2. F {a comment with [brackets]\n[%clk 0:05:00] in it} (D e) e *\n\n" +
		"[Round \"2\"]\n1. F e *\n"
	rd := ogn.NewReader(strings.NewReader(text))
	g, effects, err := rd.ReadReplay()
	var re *ogn.ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, ogn.ReplayError{Game: 1, Line: 2, Ply: 3, Move: 5, Err: re.Err}, *re)
	assert.ErrorIs(t, err, oware.ErrEmptyPit)
	assert.EqualError(t, err, "ogn: game 1, line 2: ply 3 (F): South plays F: pit is empty")
	assert.Len(t, effects, 2)
	assert.Len(t, g.Moves, 3)

	g, effects, err = rd.ReadReplay()
	require.NoError(t, err)
	assert.Equal(t, []ogn.Tag{{Name: "Round", Value: "2"}}, g.Tags)
	assert.Len(t, effects, 2)
	_, _, err = rd.ReadReplay()
	assert.Equal(t, io.EOF, err)
}

// TestReadReplayReportsAtOnce: the error of a faulty ply comes before the
// reader has seen anything after it.
func TestReadReplayReportsAtOnce(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() { _, _ = io.WriteString(pw, "[Result \"*\"]\n1. F e 2. F ") }()
	done := make(chan error, 1)
	go func() {
		_, _, err := ogn.NewReader(pr).ReadReplay()
		done <- err
	}()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, oware.ErrEmptyPit)
	case <-time.After(5 * time.Second):
		t.Fatal("the faulty ply was not reported before the end of the input")
	}
}

func TestReadReplayResultLine(t *testing.T) {
	rd := ogn.NewReader(strings.NewReader("[Event \"x\"]\n\n1. F e\n2. D b 1-0\n"))
	_, effects, err := rd.ReadReplay()
	var re *ogn.ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 1, re.Game)
	assert.Equal(t, 4, re.Line)
	assert.Zero(t, re.Ply)
	assert.ErrorIs(t, err, ogn.ErrResult)
	assert.Len(t, effects, 4)
}

// errAfter is a reader that gives its text, then fails.
type errAfter struct{ text string }

var errDisk = errors.New("disk on fire")

func (e *errAfter) Read(p []byte) (int, error) {
	if e.text == "" {
		return 0, errDisk
	}
	n := copy(p, e.text)
	e.text = e.text[n:]
	return n, nil
}

// TestReaderInputError: an error of the input is returned once, with its
// place, and ends the input.
func TestReaderInputError(t *testing.T) {
	rd := ogn.NewReader(&errAfter{text: "1. F e *\n\n[Round \"2\"]\n1. F"})
	_, err := rd.Read()
	require.NoError(t, err)
	_, err = rd.Read()
	var pe *ogn.ParseError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, errDisk)
	assert.Equal(t, ogn.ParseError{Game: 2, Line: 4, Column: 5, Msg: "reading: disk on fire", Err: errDisk,
		Tags: []ogn.Tag{{Name: "Round", Value: "2"}}}, *pe)
	_, err = rd.Read()
	assert.Equal(t, io.EOF, err)
}

func TestReaderPlayStrategy(t *testing.T) {
	text := "[Event \"Rated Oware game\"]\n[Site \"https://playstrategy.org/x\"]\n[P1 \"Ama\"]\n[P2 \"Kofi\"]\n" +
		"[Result \"*\"]\n[Variant \"Oware\"]\n\n1. c1f2 a2d1 2. d1c2 { [%clk 0:05:00] } *\n"
	games, errs := readAll(t, ogn.PlayStrategy, ogn.Limits{}, text)
	require.Empty(t, errs)
	require.Len(t, games, 1)
	g := games[0]
	assert.Equal(t, []ogn.Tag{{"Event", "Rated Oware game"}, {"Site", "https://playstrategy.org/x"},
		{"South", "Ama"}, {"North", "Kofi"}}, g.Tags)
	// c1 is C (pit 2), a2 is f (pit 11), d1 is D (pit 3).
	assert.Equal(t, []ogn.Ply{{Move: 2}, {Move: 11}, {Move: 3, Comments: []string{"[%clk 0:05:00]"}}}, g.Moves)
	assert.Equal(t, "", g.Variant)

	for _, tc := range []struct{ text, want string }{
		{"1. c1f1", "ogn: game 1, line 1: ply 1 (C): last seed does not land where the move says: c1 sows its last seed in f2, not f1"},
		{"1. c1f2 d1e1", "ogn: game 1, line 1: ply 2 (D): North plays D: pit is not on the mover's side"},
		// d is pit 9, 4 seeds: 10, 11, 0 and 1, which is b1.
		{"1. c1f2 c2e2", "ogn: game 1, line 1: ply 2 (d): last seed does not land where the move says: c2 sows its last seed in b1, not e2"},
		{"1. c1f", `ogn: game 1, line 1, column 4: "c1f" is not a move such as c1f2`},
		{"1. c1f2 26-22", `ogn: game 1, line 1, column 9: "26-22" is neither a move number nor a result`},
		{"[Variant \"Kalah\"]", `ogn: game 1, line 1, column 1: variant "Kalah" is neither "Oware" nor the name of rules: ` + strings.Join(oware.RulesNames(), ", ")},
		{"1. C f", `ogn: game 1, line 1, column 4: unexpected 'C'`},
	} {
		_, errs := readAll(t, ogn.PlayStrategy, ogn.Limits{}, tc.text)
		require.Len(t, errs, 1, tc.text)
		assert.EqualError(t, errs[0], tc.want, tc.text)
	}
}

func TestReaderOpenSpiel(t *testing.T) {
	games, errs := readAll(t, ogn.OpenSpiel, ogn.Limits{}, "2 5 3\n\n[5, 4,1]\r\n 0 0 0 0 0 0 0\n")
	require.Len(t, games, 2)
	// 2 is C; then North's 5 is f, South's 3 is D. Then F, e, B.
	assert.Equal(t, []ogn.Ply{{Move: 2}, {Move: 11}, {Move: 3}}, games[0].Moves)
	assert.Equal(t, []ogn.Ply{{Move: 5}, {Move: 10}, {Move: 1}}, games[1].Moves)
	assert.Equal(t, ogn.Result{}, games[0].Result)
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "ogn: game 3, line 4: ply 3 (A): South plays A: pit is empty")

	for text, want := range map[string]string{
		"2 6":  `ogn: game 1, line 1, column 3: action "6" is not from 0 to 5`,
		"2 1x": `ogn: game 1, line 1, column 4: unexpected 'x' after the action 1`,
		"2 a":  `ogn: game 1, line 1, column 3: unexpected 'a' in an OpenSpiel move list`,
		// Malformed lists are refused at the fault (issue 26 #9).
		"[2,5,4":                           `ogn: game 1, line 1, column 1: "[" has no closing "]"`,
		"2,5,4]":                           `ogn: game 1, line 1, column 6: "]" without its opening "["`,
		"[[2]]":                            `ogn: game 1, line 1, column 2: unexpected '[' in an OpenSpiel move list`,
		"[2]]":                             `ogn: game 1, line 1, column 4: unexpected ']' after the closing "]"`,
		"[2] 3":                            `ogn: game 1, line 1, column 5: unexpected '3' after the closing "]"`,
		"2,,5":                             `ogn: game 1, line 1, column 3: "," without an action before it`,
		",2":                               `ogn: game 1, line 1, column 1: "," without an action before it`,
		"[,2]":                             `ogn: game 1, line 1, column 2: "," without an action before it`,
		"2,5,":                             `ogn: game 1, line 1, column 4: "," without an action after it`,
		"[2, 5, ]":                         `ogn: game 1, line 1, column 6: "," without an action after it`,
		"2 [5]":                            `ogn: game 1, line 1, column 3: unexpected '[' in an OpenSpiel move list`,
		"99999999999999999999":             `ogn: game 1, line 1, column 1: action "99999999999999999999" is not from 0 to 5`,
		"2 123456789012345678901234567890": `ogn: game 1, line 1, column 3: action "12345678901234567890…" is not from 0 to 5`,
	} {
		_, errs := readAll(t, ogn.OpenSpiel, ogn.Limits{}, text)
		require.Len(t, errs, 1, text)
		assert.EqualError(t, errs[0], want, text)
	}
}

// TestOpenSpielForms: the forms of a move list that the reader accepts,
// each the same three actions: spaces, commas with or without spaces, in
// brackets or not; "[]" is a game without moves.
func TestOpenSpielForms(t *testing.T) {
	for _, text := range []string{"2 5 3", "2,5,3", "2, 5, 3", "[2, 5, 3]", "[ 2 5 3 ]", "2 ,5 , 3", "\t2\t5\t3\r"} {
		games, errs := readAll(t, ogn.OpenSpiel, ogn.Limits{}, text+"\n")
		require.Empty(t, errs, text)
		require.Len(t, games, 1, text)
		assert.Equal(t, []ogn.Ply{{Move: 2}, {Move: 11}, {Move: 3}}, games[0].Moves, text)
	}
	for _, text := range []string{"[]", "[ ]"} {
		games, errs := readAll(t, ogn.OpenSpiel, ogn.Limits{}, text)
		require.Empty(t, errs, text)
		require.Len(t, games, 1, text)
		assert.Empty(t, games[0].Moves, text)
	}
}

// TestMoveNumbers: a move number must be the number of the move that
// follows it, counted as the writer counts (before each of South's plies,
// and "1..." before a first ply of North's) or as Aualé does (every other
// ply from the first, whoever plays it); a number out of turn is refused
// where it is (issue 26 #9).
func TestMoveNumbers(t *testing.T) {
	for _, text := range []string{
		"1. F e 2. D b 3. A *",
		"1.F e 2.D b *",
		"1. F 1... e 2. D *",
		"F e D b *",
		"1. F e 2. D b 3. *",
		"[FEN \"0-0-1-0-0-0-0-0-0-1-0-0-23-23-N\"]\n\n1... d 2. C e *",
		"[FEN \"0-0-1-0-0-0-0-0-0-1-0-0-23-23-N\"]\n\n1. d C 2. e *",
	} {
		_, errs := readAll(t, ogn.OGN, ogn.Limits{}, text)
		assert.Empty(t, errs, text)
	}
	for text, want := range map[string]string{
		"1. F e 7. D b 3. A *":    `ogn: game 1, line 1, column 8: move number 7 where move 2 comes`,
		"1. F e 2. D b 2. A *":    `ogn: game 1, line 1, column 15: move number 2 where move 3 comes`,
		"2. F e *":                `ogn: game 1, line 1, column 1: move number 2 where move 1 comes`,
		"1. F e 2.. D *":          `ogn: game 1, line 1, column 8: "2.." is neither a move number nor a result`,
		"1. F e 2.... D *":        `ogn: game 1, line 1, column 8: "2...." is neither a move number nor a result`,
		"1. F e 0. D *":           `ogn: game 1, line 1, column 8: move number 0 where move 2 comes`,
		"1. F e 99999999999. D *": `ogn: game 1, line 1, column 8: "99999999…" is neither a move number nor a result`,
	} {
		_, errs := readAll(t, ogn.OGN, ogn.Limits{}, text)
		require.Len(t, errs, 1, text)
		assert.EqualError(t, errs[0], want, text)
	}
}
