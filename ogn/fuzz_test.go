package ogn_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

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
