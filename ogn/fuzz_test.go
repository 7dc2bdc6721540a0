package ogn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// FuzzParse checks that for every text Parse accepts, writing the games
// and parsing them again keeps them: the same tags, start position,
// comments and moves, and, when the game replays without error, the same
// capture marks and result. For a game that does not replay, the writer
// puts the rules' marks and result where it can (before an illegal move),
// so the written text must then be a fixed point: written again, it is
// unchanged.
func FuzzParse(f *testing.F) {
	for _, data := range sampleRecords(f) {
		f.Add(data)
	}
	for _, s := range []string{
		"", "*", "1-0", "1. F e 1/2-1/2", "[FEN \"0-0-0-0-0-1-0-0-0-0-0-1-23-23-N\"] 1. f",
		"{a}{b} 1.F{c}e+2(x{)}(y))", `[A "\"\\x"]`, "1... a 2... B+48 26-22",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ogn.Parse(strings.NewReader(text))
		if err != nil {
			return
		}
		for i, g := range games {
			written, err := g.AppendText(nil)
			require.NoError(t, err, "game %d", i+1)
			again, err := ogn.ParseGame(string(written))
			require.NoError(t, err, "game %d written as\n%s", i+1, written)

			require.Equal(t, g.Tags, again.Tags)
			require.Equal(t, g.Start, again.Start)
			require.Equal(t, g.Comments, again.Comments)
			require.Len(t, again.Moves, len(g.Moves))
			for j := range g.Moves {
				require.Equal(t, g.Moves[j].Move, again.Moves[j].Move, "ply %d", j+1)
				require.Equal(t, g.Moves[j].Comments, again.Moves[j].Comments, "ply %d", j+1)
			}
			if g.Variant == "" {
				g.Variant = ogn.Variant // the writer states the rules
			}
			require.Equal(t, g.Variant, again.Variant)
			if _, err := g.Replay(); err == nil {
				require.Equal(t, g, withStart(again, g))
				_, err := again.Replay()
				require.NoError(t, err)
			} else {
				rewritten, err := again.AppendText(nil)
				require.NoError(t, err)
				require.Equal(t, string(written), string(rewritten))
			}
		}
	})
}

// withStart returns g with the Start of from when both start positions
// have the same key, so that games compare with == on their fields
// (positions carry a history that Equal would compare).
func withStart(g, from ogn.Game) ogn.Game {
	if g.Start == from.Start {
		g.Start = from.Start
	}
	return g
}

// FuzzReader reads any input as a stream of games in each format, going
// on after errors, with small limits: it never panics, every error names
// its game and line, it ends, and every game it reads is written and read
// back the same: parse, write, parse keeps every game.
func FuzzReader(f *testing.F) {
	for _, data := range sampleRecords(f) {
		f.Add(uint8(ogn.OGN), data)
	}
	f.Add(uint8(ogn.PlayStrategy), "[P1 \"a\"]\n[Variant \"Oware\"]\n1. c1f2 a2d1 { [%clk 0:05:00] } 2. d1c2 *\n\n[P1 \"b\"]\n1. c1f2")
	f.Add(uint8(ogn.OpenSpiel), "2 5 3\n[5, 4, 1]\n0 0 0\n")
	f.Fuzz(func(t *testing.T, format uint8, text string) {
		fmtOf := ogn.Format(format % 3)
		rd := ogn.NewReader(strings.NewReader(text))
		rd.Format = fmtOf
		rd.Limits = ogn.Limits{Tags: 4, Tag: 16, Comment: 32, Comments: 64, Plies: 200}
		for n := 0; ; n++ {
			require.LessOrEqual(t, n, len(text)+1, "the reader does not end")
			g, err := rd.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				checkPlace(t, err)
				continue
			}
			written, err := g.AppendFormat(nil, fmtOf)
			require.NoError(t, err)
			again := ogn.NewReader(strings.NewReader(string(written)))
			again.Format = fmtOf
			back, err := again.Read()
			require.NoError(t, err, "written as\n%s", written)
			require.Equal(t, g.Start, back.Start)
			require.Len(t, back.Moves, len(g.Moves))
			for j := range g.Moves {
				require.Equal(t, g.Moves[j].Move, back.Moves[j].Move, "ply %d", j+1)
				require.Equal(t, g.Moves[j].Comments, back.Moves[j].Comments, "ply %d", j+1)
			}
			if _, err := g.Replay(); err == nil {
				// The marks of OGN are checked only by a replay.
				require.Equal(t, g.Moves, back.Moves, "written as\n%s", written)
			}
			if fmtOf != ogn.OpenSpiel {
				require.Equal(t, g.Tags, back.Tags)
				require.Equal(t, g.Comments, back.Comments)
			}
			_, err = again.Read()
			require.Equal(t, io.EOF, err, "one game written, one read")
		}
	})
}

// FuzzResync puts any text in place of the movetext of a first game (or,
// for OpenSpiel, of its first lines), then three games that are well
// formed and legal: whatever the text breaks, the reader reads the three
// games after it whole, with their tags, moves and comments, in every
// format. A broken game costs that game only.
func FuzzResync(f *testing.F) {
	for _, s := range []string{
		"1. F ( e 2. D b *", "1. F {unclosed e", "(", "{", "[", "[A", `[A "`, `[A "x"`, "1. F ) e *",
		"1. F e 1. F", "1", "1.", "\xef\xbb\xbf1. F", "c1f2 (", "2 5 (3", "{\n[%clk 0:05:00]\n", "(a {b\n[x",
	} {
		for format := range uint8(3) {
			f.Add(format, s)
		}
	}
	f.Fuzz(func(t *testing.T, format uint8, text string) {
		fmtOf := ogn.Format(format % 3)
		moves, tags := "1. F e 2. D {c} b *", "[Event \"Club\"]\n[Round \"%d\"]\n\n"
		switch fmtOf {
		case ogn.PlayStrategy:
			moves, tags = "1. f1c2 b2c1 2. d1e2 {c} e2b1 *", "[P1 \"Ama\"]\n[Round \"%d\"]\n[Variant \"Oware\"]\n\n"
		case ogn.OpenSpiel:
			moves, tags = "5 4 3 1", ""
		}
		var b strings.Builder
		for i := 1; i <= 4; i++ {
			if i > 1 {
				b.WriteString("\n\n")
			}
			if fmtOf != ogn.OpenSpiel {
				fmt.Fprintf(&b, tags, i)
			}
			if i == 1 {
				b.WriteString(text)
			} else {
				b.WriteString(moves)
			}
		}
		rd := ogn.NewReader(strings.NewReader(b.String()))
		rd.Format = fmtOf
		rd.Limits = ogn.Limits{Tags: 4, Tag: 16, Comment: 32, Comments: 64, Plies: 200}
		var games []ogn.Game
		for n := 0; ; n++ {
			require.LessOrEqual(t, n, b.Len()+1, "the reader does not end")
			g, _, err := rd.ReadReplay()
			if err == io.EOF {
				break
			}
			if err != nil {
				checkPlace(t, err)
				continue
			}
			games = append(games, g)
		}
		require.GreaterOrEqual(t, len(games), 3, "input:\n%s", b.String())
		for i, g := range games[len(games)-3:] {
			require.Len(t, g.Moves, 4, "game %d of the last three; input:\n%s", i+1, b.String())
			require.Equal(t, []oware.Move{5, 10, 3, 7}, []oware.Move{g.Moves[0].Move, g.Moves[1].Move, g.Moves[2].Move, g.Moves[3].Move})
			if fmtOf == ogn.OpenSpiel {
				continue
			}
			round, _ := g.Tag("Round")
			require.Equal(t, strconv.Itoa(i+2), round, "input:\n%s", b.String())
			require.Equal(t, []string{"c"}, g.Moves[2].Comments)
		}
	})
}

// checkPlace checks that an error of a Reader names its game and line.
func checkPlace(t *testing.T, err error) {
	var pe *ogn.ParseError
	var re *ogn.ReplayError
	switch {
	case errors.As(err, &pe):
		require.Positive(t, pe.Game)
		require.Positive(t, pe.Line)
		require.Positive(t, pe.Column)
	case errors.As(err, &re):
		require.Positive(t, re.Game)
		require.Positive(t, re.Line)
	default:
		t.Fatalf("error of unknown type: %v", err)
	}
	require.True(t, strings.HasPrefix(err.Error(), "ogn: "), err.Error())
}

// sampleRecords returns the sample records of testdata, as the seeds of
// the fuzz targets.
func sampleRecords(f *testing.F) []string {
	names, err := filepath.Glob(filepath.Join("testdata", "*.ogn"))
	if err != nil {
		f.Fatal(err)
	}
	var records []string
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		records = append(records, string(data))
	}
	return records
}

// FuzzResyncUntagged is FuzzResync for games without tags: any text, then
// three games without tags, each on lines of its own. Whatever the text
// breaks, the reader reads the three games whole, or, when the text has a
// "[" (which may open a tag section, whose movetext the next game then
// is), the last two. A broken game costs that game only, tagged
// or not (issue 26 #3).
func FuzzResyncUntagged(f *testing.F) {
	for _, s := range []string{
		"1. F e {oops", "1. F e (oops", "{oops", "(oops", "oops", "1. F e 7. D", "x 1. F e", "1. F {a\n1... e",
		"1", "1.", "[A", "{\n[x", "1. F e {a (b", ")", "}", "1. F 1. F 1.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const game = "1. F e 2. D {c} b *"
		input := text + "\n" + strings.Repeat(game+"\n", 3)
		rd := ogn.NewReader(strings.NewReader(input))
		rd.Limits = ogn.Limits{Tags: 4, Tag: 16, Comment: 32, Comments: 64, Plies: 200}
		var games []ogn.Game
		for n := 0; ; n++ {
			require.LessOrEqual(t, n, len(input)+1, "the reader does not end")
			g, _, err := rd.ReadReplay()
			if err == io.EOF {
				break
			}
			if err != nil {
				checkPlace(t, err)
				continue
			}
			games = append(games, g)
		}
		whole := 3
		if strings.Contains(text, "[") {
			whole = 2
		}
		require.GreaterOrEqual(t, len(games), whole, "input:\n%s", input)
		for i, g := range games[len(games)-whole:] {
			require.Len(t, g.Moves, 4, "game %d of the last %d; input:\n%s", i+1, whole, input)
			require.Equal(t, []oware.Move{5, 10, 3, 7}, []oware.Move{g.Moves[0].Move, g.Moves[1].Move, g.Moves[2].Move, g.Moves[3].Move})
			require.Equal(t, []string{"c"}, g.Moves[2].Comments)
		}
	})
}
