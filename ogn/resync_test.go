package ogn_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// manyGames returns n records of the same short game, numbered by their
// Round tag from 1, with broken put in place of the movetext of game 1.
func manyGames(n int, broken string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		moves := "1. F e 2. D {a comment} b *"
		if i == 1 {
			moves = broken
		}
		fmt.Fprintf(&b, "[Event \"Club\"]\n[Round \"%d\"]\n[Result \"*\"]\n\n%s\n\n", i, moves)
	}
	return b.String()
}

// TestBrokenGameCostsItselfOnly: in a file of 1,001 games whose first is
// broken by an unclosed variation or comment, or by a stray bracket, the
// reader reports game 1 by its number and place and reads the 1,000 games
// after it, numbered on.
func TestBrokenGameCostsItselfOnly(t *testing.T) {
	for _, tc := range []struct {
		name, broken string
		col          int
		msg          string
	}{
		{"unclosed variation", "1. F ( e 2. D b *", 6, `variation has no closing ")"`},
		{"unclosed nested variation", "1. F (e (D) 2. D b *", 6, `variation has no closing ")"`},
		{"unclosed comment", "1. F {unclosed e 2. D b *", 6, `comment has no closing "}"`},
		{"unclosed comment in a variation", "1. F (e {x) 2. D b *", 9, `comment has no closing "}"`},
		{"stray closing bracket", "1. F ) e *", 6, `')' without its opening bracket`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, errs := readAll(t, ogn.OGN, ogn.Limits{}, manyGames(1001, tc.broken))
			require.Len(t, errs, 1)
			var pe *ogn.ParseError
			require.ErrorAs(t, errs[0], &pe)
			assert.Equal(t, 1, pe.Game)
			assert.Equal(t, 5, pe.Line)
			assert.Equal(t, tc.col, pe.Column)
			assert.Equal(t, tc.msg, pe.Msg)
			assert.Equal(t, []ogn.Tag{{Name: "Event", Value: "Club"}, {Name: "Round", Value: "1"}}, pe.Tags, "the broken game's tags")
			require.Len(t, games, 1000)
			for i, g := range games {
				round, _ := g.Tag("Round")
				require.Equal(t, fmt.Sprint(i+2), round)
				require.Len(t, g.Moves, 4, "round %s", round)
				require.Equal(t, []string{"a comment"}, g.Moves[2].Comments, "round %s", round)
			}
		})
	}
}

// TestBrokenGameNumbersOn: after a broken game the next one keeps its own
// number, in the errors as in the order of the games.
func TestBrokenGameNumbersOn(t *testing.T) {
	text := "[Round \"1\"]\n1. F {open\n\n[Round \"2\"]\n1. F (e\n\n[Round \"3\"]\n[Bad tag]\n1. F e *\n\n[Round \"4\"]\n1. F e *\n"
	games, errs := readAll(t, ogn.OGN, ogn.Limits{}, text)
	require.Len(t, errs, 3)
	for i, want := range []string{
		`ogn: game 1, line 2, column 6: comment has no closing "}"`,
		`ogn: game 2, line 5, column 6: variation has no closing ")"`,
		`ogn: game 3, line 8, column 6: tag Bad: value must be in double quotes`,
	} {
		assert.EqualError(t, errs[i], want)
		var pe *ogn.ParseError
		require.ErrorAs(t, errs[i], &pe)
		assert.Equal(t, []ogn.Tag{{Name: "Round", Value: fmt.Sprint(i + 1)}}, pe.Tags)
	}
	require.Len(t, games, 1)
	assert.Equal(t, []ogn.Tag{{Name: "Round", Value: "4"}}, games[0].Tags)
}

// TestResynchronisation pins the rule: a comment or a variation ends at
// the latest before a line that begins a tag section ("[" and a letter,
// digit or underscore at the start of a line); after any error the reader
// skips to the next tag section, to the end of a result, or to a move
// number "1." after a move, where the next game begins.
func TestResynchronisation(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		rounds     []string // the Round tags of the games read
		errs       int
	}{
		{"tag section after an error in the tags", "[Round \"1\"]\n[Bad]\n\n[Round \"2\"]\n1. F e *\n", []string{"2"}, 1},
		{"tag lines of the broken game", "[Round \"1\"]\n[Bad]\n[Site \"x\"]\n1. F e *\n\n[Round \"2\"]\n1. F *\n", []string{"2"}, 1},
		{"movetext right after a broken tag", "[Round \"1\"\n1. F e *\n[Round \"2\"]\n1. F *\n", []string{"2"}, 1},
		{"result of the broken game", "[Round \"1\"]\n1. F ) e *\n1. F e *\n", []string{""}, 1},
		{"clock comment in a comment", "[Round \"1\"]\n1. F {see\n[%clk 0:05:00]} e *\n\n[Round \"2\"]\n1. F *\n", []string{"1", "2"}, 0},
		{"bracket inside a line of a comment", "[Round \"1\"]\n1. F {a [Round \"x\"] b} e *\n", []string{"1"}, 0},
		{"variation before a tag line", "[Round \"1\"]\n1. F (e\n[Round \"2\"]\n1. F e *\n", []string{"2"}, 1},
		{"broken tagless game", "1. F e 2. F\n\n1. F e *\n", []string{""}, 1},
		{"tagless game broken before its first move", "x 1. F e\n\n1. A *\n", []string{""}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd := ogn.NewReader(strings.NewReader(tc.text))
			var rounds []string
			errs := 0
			for range 100 {
				g, _, err := rd.ReadReplay()
				if err == io.EOF {
					break
				}
				if err != nil {
					errs++
					continue
				}
				r, _ := g.Tag("Round")
				rounds = append(rounds, r)
			}
			assert.Equal(t, tc.rounds, rounds)
			assert.Equal(t, tc.errs, errs)
		})
	}
}

// TestTaglessGames: games without tags follow one another after a result,
// or, when a game states no result, from the move number "1." that starts
// the next; "1..." does not, as PlayStrategy's exports repeat the number of
// North's reply after a comment.
func TestTaglessGames(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		plies      []int
	}{
		{"no result", "1. F e 2. D b\n\n1. C d\n", []int{4, 2}},
		{"result", "1. F e *\n1. C d *", []int{2, 2}},
		{"same line", "1. F e 1. C d", []int{2, 2}},
		{"North's number", "1. F {x} 1... e 2. D b", []int{4}},
		{"set-up game", "[FEN \"0-0-1-0-0-0-0-0-0-1-0-0-23-23-S\"]\n1. C d\n1. F e\n", []int{2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, errs := readAll(t, ogn.OGN, ogn.Limits{}, tc.text)
			require.Empty(t, errs)
			var plies []int
			for _, g := range games {
				plies = append(plies, len(g.Moves))
			}
			assert.Equal(t, tc.plies, plies)
		})
	}
}

// TestTagSectionEndsAtEmptyLine: tags after an empty line begin another
// game, so that a game of tags alone does not take the next one's.
func TestTagSectionEndsAtEmptyLine(t *testing.T) {
	games, errs := readAll(t, ogn.OGN, ogn.Limits{}, "[Round \"1\"]\n\n[Round \"2\"]\n[Site \"x\"] [Date \"y\"]\n  [Event \"z\"]\n1. F\n")
	require.Empty(t, errs)
	require.Len(t, games, 2)
	assert.Empty(t, games[0].Moves)
	assert.Equal(t, []ogn.Tag{{"Event", "z"}, {"Site", "x"}, {"Date", "y"}, {"Round", "2"}}, games[1].Tags)
	assert.Len(t, games[1].Moves, 1)
}

// TestByteOrderMark: a UTF-8 byte-order mark at the start of the input is
// skipped, in every format; elsewhere it is an error.
func TestByteOrderMark(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	for f, text := range map[ogn.Format]string{
		ogn.OGN:          "[Round \"1\"]\n1. F e *\n",
		ogn.PlayStrategy: "[P1 \"Ama\"]\n[Variant \"Oware\"]\n1. c1f2 *\n",
		ogn.OpenSpiel:    "2 5 3\n",
	} {
		games, errs := readAll(t, f, ogn.Limits{}, bom+text)
		require.Empty(t, errs, f)
		require.Len(t, games, 1, f)
		plain, _ := readAll(t, f, ogn.Limits{}, text)
		assert.Equal(t, plain, games, f)
	}
	_, errs := readAll(t, ogn.OGN, ogn.Limits{}, "1. F e *\n"+bom+"1. F *")
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "ogn: game 2, line 2, column 1: unexpected byte 0xef")
	// A BOM cut short by the end of the input is not one.
	_, errs = readAll(t, ogn.OGN, ogn.Limits{}, "\xef\xbb")
	require.Len(t, errs, 1)
}

// TestOpenSpielUnderRules: a move list is replayed by the Reader's Rules.
// In this game South's 31st ply takes its 25th seed, leaving South's side
// empty and 5+1+0+2+2+2 = 12 seeds on North's: abapa leaves them on the
// board (D3), 25-11; OpenSpiel's rules give each player the seeds of their
// own side, 25-23.
func TestOpenSpielUnderRules(t *testing.T) {
	const list = "2 1 0 0 2 1 5 3 1 2 3 2 1 5 5 3 0 5 1 4 1 0 2 0 5 4 3 5 4 1 5\n"
	openspiel, err := oware.ParseRules("openspiel")
	require.NoError(t, err)
	for _, tc := range []struct {
		rules   *oware.Rules
		tallies [2]int
	}{{nil, [2]int{25, 11}}, {&openspiel, [2]int{25, 23}}} {
		rd := ogn.NewReader(strings.NewReader(list))
		rd.Format = ogn.OpenSpiel
		rd.Rules = tc.rules
		g, effects, err := rd.ReadReplay()
		require.NoError(t, err)
		if tc.rules != nil {
			assert.Equal(t, *tc.rules, g.Rules)
		}
		require.Len(t, effects, 31)
		o := effects[30].Outcome()
		assert.Equal(t, oware.Majority, o.Reason())
		assert.Equal(t, "0-0-0-0-0-0-5-1-0-2-2-2-25-11-N", effects[30].After().Board().String())
		assert.Equal(t, tc.tallies, [2]int{o.Tally(oware.South), o.Tally(oware.North)})
	}
}

// TestUntaggedBrokenGameCostsItselfOnly: in a file of games without tags,
// a stray "{" or "(" in the first costs that game only: a comment or a
// variation ends at the latest before a line that begins with the move
// number "1.", where the next game begins, and the 1,000 games after it
// are read (issue 26 #3). The same holds when the stray bracket comes
// before the first move of the broken game, or when its only fault is a
// word that is no move.
func TestUntaggedBrokenGameCostsItselfOnly(t *testing.T) {
	for _, tc := range []struct {
		name, broken string
		col          int
		msg          string
	}{
		{"unclosed comment", "1. F e {oops", 8, `comment has no closing "}"`},
		{"unclosed variation", "1. F e (oops", 8, `variation has no closing ")"`},
		{"unclosed comment in a variation", "1. F e (d {x", 11, `comment has no closing "}"`},
		{"unclosed comment before a move", "{oops", 1, `comment has no closing "}"`},
		{"unclosed variation before a move", "(oops", 1, `variation has no closing ")"`},
		{"junk before a move", "oops", 1, `unexpected 'o'`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.broken + "\n" + strings.Repeat("1. C f 2. D b *\n", 1000)
			games, errs := readAll(t, ogn.OGN, ogn.Limits{}, text)
			require.Len(t, errs, 1)
			var pe *ogn.ParseError
			require.ErrorAs(t, errs[0], &pe)
			assert.Equal(t, [3]int{1, 1, tc.col}, [3]int{pe.Game, pe.Line, pe.Column})
			assert.Equal(t, tc.msg, pe.Msg)
			require.Len(t, games, 1000)
			for _, g := range games {
				require.Equal(t, []ogn.Ply{{Move: 2}, {Move: 11}, {Move: 3}, {Move: 7}}, g.Moves)
			}
		})
	}
}

// TestCommentEndsBeforeGameLine: the rule that ends an unclosed comment
// at a line beginning with "1." holds where "1." would begin a game: in a
// game without tags, or after a move. In a game with tags, before its
// first move, such a line is the game's own first move, so the comment
// goes on to the next tag section; "1..." at the start of a line and "1."
// within a line end nothing.
func TestCommentEndsBeforeGameLine(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		plies      []int // of the games read
		errs       int
	}{
		{"number inside a line", "1. F {see 1. A} e *\n", []int{2}, 0},
		{"North's number at a line's start", "1. F {see\n1... e} e *\n", []int{2}, 0},
		{"tagged game before its first move", "[Round \"1\"]\n\n{open\n1. F e *\n\n[Round \"2\"]\n\n1. F e *\n", []int{2}, 1},
		{"tagged game after a move", "[Round \"1\"]\n\n1. F {open\n1. F e *\n", []int{2}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, errs := readAll(t, ogn.OGN, ogn.Limits{}, tc.text)
			assert.Len(t, errs, tc.errs)
			var plies []int
			for _, g := range games {
				plies = append(plies, len(g.Moves))
			}
			assert.Equal(t, tc.plies, plies)
		})
	}
}
