package ogn_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// TestWriteRefusesWhatReaderRefuses: a game over a limit of the reader
// (DefaultLimits for AppendText) is not written, with a message that
// names the limit, where before it was written and then refused on
// reading (issue 26 #5); a game at the limits is written and read back.
func TestWriteRefusesWhatReaderRefuses(t *testing.T) {
	def := ogn.DefaultLimits
	words := func(n int, word string) string { return strings.TrimSpace(strings.Repeat(word+" ", n)) }
	setUp := oware.MustParseBoard("0-0-1-0-0-0-0-0-0-1-0-0-23-23-S")
	for _, tc := range []struct {
		name     string
		over, at ogn.Game
		want     string
	}{
		{"tag value",
			ogn.Game{Tags: []ogn.Tag{{Name: "South", Value: strings.Repeat("N", 5000)}}},
			ogn.Game{Tags: []ogn.Tag{{Name: "South", Value: strings.Repeat("\"", def.Tag)}}},
			"tag South: value of 5000 bytes, over the reader's limit of 1024 (Limits.Tag)"},
		{"tag name",
			ogn.Game{Tags: []ogn.Tag{{Name: strings.Repeat("X", def.Tag+1), Value: "v"}}},
			ogn.Game{Tags: []ogn.Tag{{Name: strings.Repeat("X", def.Tag), Value: "v"}}},
			"tag name of 1025 bytes, over the reader's limit of 1024 (Limits.Tag)"},
		{"tags",
			ogn.Game{Tags: manyTags(def.Tags - 1)},
			ogn.Game{Tags: manyTags(def.Tags - 2)},
			"65 tags as written, Variant and Result included, over the reader's limit of 64 (Limits.Tags)"},
		{"tags with a set-up position",
			ogn.Game{Start: setUp, Tags: manyTags(def.Tags - 2)},
			ogn.Game{Start: setUp, Tags: manyTags(def.Tags - 3)},
			"65 tags as written, Variant and Result included, over the reader's limit of 64 (Limits.Tags)"},
		{"plies",
			ogn.Game{Moves: make([]ogn.Ply, def.Plies+1)},
			ogn.Game{Moves: make([]ogn.Ply, def.Plies)},
			"10001 plies, over the reader's limit of 10000 (Limits.Plies)"},
		{"comment",
			ogn.Game{Comments: []string{words(def.Comment/2, "x") + " y"}},
			ogn.Game{Comments: []string{words(def.Comment/2-1, "x") + " y"}},
			"game comment 1: 16385 bytes as written, over the reader's limit of 16384 (Limits.Comment)"},
		// The words that the writer puts after a space at the start of a
		// line count with their space. 4,096 words "1.x" and their spaces
		// make 16,383 bytes, on lines of 19 words ("{1.x" then 18 " 1.x"
		// make 76 bytes, and a 20th would pass 79), so 215 of the 216
		// lines begin with a space more: 16,598 bytes. 4,040 words make
		// 16,159 bytes on 213 lines, 16,371 bytes.
		{"comment with words put after a space",
			ogn.Game{Comments: []string{words(4096, "1.x")}},
			ogn.Game{Comments: []string{words(4040, "1.x")}},
			"game comment 1: 16598 bytes as written, over the reader's limit of 16384 (Limits.Comment)"},
		{"comments of a ply",
			ogn.Game{Moves: []ogn.Ply{{Move: 5, Comments: []string{"a", words(def.Comment/2, "x") + " y"}}}},
			ogn.Game{Moves: []ogn.Ply{{Move: 5, Comments: []string{"a", words(def.Comment/2-1, "x") + " y"}}}},
			"comment 2 of ply 1: 16385 bytes as written, over the reader's limit of 16384 (Limits.Comment)"},
		{"comments of a game",
			ogn.Game{Comments: slicesOf(def.Comments/def.Comment+1, words(def.Comment/2-1, "x")+" y")},
			ogn.Game{Comments: slicesOf(def.Comments/def.Comment, words(def.Comment/2-1, "x")+" y")},
			// 17 comments of 8,191 x and a y, 16,383 bytes each.
			"game comment 17: the comments of the game come to 278511 bytes as written, over the reader's limit of 262144 (Limits.Comments)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy} {
				_, err := tc.over.AppendFormat(nil, f)
				require.ErrorIs(t, err, ogn.ErrInvalidGame, f)
				want := tc.want
				if f == ogn.PlayStrategy { // which names South P1
					want = strings.Replace(want, "tag South", "tag P1", 1)
				}
				assert.EqualError(t, err, "ogn: game cannot be written as "+f.String()+": "+want)

				var buf bytes.Buffer
				w := ogn.NewWriter(&buf)
				w.Format = f
				require.ErrorIs(t, w.Write(tc.over), ogn.ErrInvalidGame, f)
				assert.Zero(t, buf.Len(), "nothing written")

				text, err := tc.at.AppendFormat(nil, f)
				if f == ogn.PlayStrategy && len(tc.at.Moves) > 1 {
					continue // its moves cannot be played, which PlayStrategy's notation needs
				}
				require.NoError(t, err, f)
				rd := ogn.NewReader(bytes.NewReader(text))
				rd.Format = f
				back, err := rd.Read()
				require.NoError(t, err, f)
				assert.Len(t, back.Moves, len(tc.at.Moves))
			}
		})
	}
}

// TestWriterLimits: a Writer writes within its own Limits, for a Reader
// with the same Limits, which reads the game back.
func TestWriterLimits(t *testing.T) {
	gameRS, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	small := ogn.Limits{Tags: 3, Tag: 11, Comment: 5, Comments: 6, Plies: 2}
	for _, tc := range []struct {
		game ogn.Game
		want string
	}{
		{ogn.Game{Moves: plies(t, "F e D")}, "3 plies, over the reader's limit of 2 (Limits.Plies)"},
		{ogn.Game{Tags: []ogn.Tag{{"A", "1"}, {"B", "2"}}}, "4 tags as written, Variant and Result included, over the reader's limit of 3 (Limits.Tags)"},
		{ogn.Game{Tags: []ogn.Tag{{"A", "123456789012"}}}, "tag A: value of 12 bytes, over the reader's limit of 11 (Limits.Tag)"},
		{ogn.Game{Rules: gameRS}, "tag Variant: value of 13 bytes, over the reader's limit of 11 (Limits.Tag)"},
		{ogn.Game{Comments: []string{"1 2 3"}}, ""},
		{ogn.Game{Comments: []string{"1 2  3 4"}}, "game comment 1: 7 bytes as written, over the reader's limit of 5 (Limits.Comment)"},
		{ogn.Game{Comments: []string{"1 2", "3 4", "5"}}, "game comment 3: the comments of the game come to 7 bytes as written, over the reader's limit of 6 (Limits.Comments)"},
	} {
		var buf bytes.Buffer
		w := ogn.NewWriter(&buf)
		w.Limits = small
		err := w.Write(tc.game)
		if tc.want != "" {
			assert.EqualError(t, err, "ogn: game cannot be written as ogn: "+tc.want)
			continue
		}
		require.NoError(t, err)
		rd := ogn.NewReader(&buf)
		rd.Limits = small
		_, err = rd.Read()
		require.NoError(t, err)
	}
}

// manyTags returns n tags X1, X2 …
func manyTags(n int) []ogn.Tag {
	tags := make([]ogn.Tag, n)
	for i := range tags {
		tags[i] = ogn.Tag{Name: fmt.Sprintf("X%d", i+1), Value: "v"}
	}
	return tags
}

// slicesOf returns n copies of s.
func slicesOf(n int, s string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// TestPropertyWrittenReadsBack: whatever a Game holds, hostile tag
// values (quotes, backslashes, control bytes, invalid UTF-8, any length
// around the limit), comments of any bytes but "}" and any number of
// tags, plies and comments: what a Writer writes, a Reader with the same
// Limits reads back, the same game; what it refuses, it refuses with
// ErrInvalidGame and writes nothing of (issue 26 #5).
func TestPropertyWrittenReadsBack(t *testing.T) {
	lim := ogn.Limits{Tags: 6, Tag: 24, Comment: 40, Comments: 90, Plies: 12}
	hostile := rapid.SliceOfN(rapid.SampledFrom([]byte("ab \"\\[]{()1.*\t\x00\x1b\x7f\xff\xc3\xa9\v\f")), 0, 30)
	rapid.Check(t, func(t *rapid.T) {
		var g ogn.Game
		g.Start = oware.Start().Board()
		seen := map[string]bool{}
		for range rapid.IntRange(0, 6).Draw(t, "tags") {
			name := rapid.StringMatching(`[A-Za-z0-9_]{1,26}`).Draw(t, "name")
			if seen[name] || name == "Variant" || name == "Result" || name == "FEN" {
				continue
			}
			seen[name] = true
			value := strings.NewReplacer("\r", "", "\n", "").Replace(string(hostile.Draw(t, "value")))
			g.Tags = append(g.Tags, ogn.Tag{Name: name, Value: value})
		}
		comment := func(label string) string {
			return strings.ReplaceAll(string(hostile.Draw(t, label)), "}", "")
		}
		for range rapid.IntRange(0, 2).Draw(t, "gameComments") {
			g.Comments = append(g.Comments, comment("gameComment"))
		}
		p := oware.Start()
		for range rapid.IntRange(0, 14).Draw(t, "plies") {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			m := rapid.SampledFrom(ms).Draw(t, "move")
			ply := ogn.Ply{Move: m}
			for range rapid.IntRange(0, 2).Draw(t, "comments") {
				ply.Comments = append(ply.Comments, comment("comment"))
			}
			g.Moves = append(g.Moves, ply)
			p, _ = p.Play(m)
		}
		f := rapid.SampledFrom([]ogn.Format{ogn.OGN, ogn.PlayStrategy, ogn.OpenSpiel}).Draw(t, "format")
		var buf bytes.Buffer
		w := ogn.NewWriter(&buf)
		w.Format, w.Limits = f, lim
		if err := w.Write(g); err != nil {
			require.ErrorIs(t, err, ogn.ErrInvalidGame)
			require.Zero(t, buf.Len(), "a game refused is not written")
			return
		}
		rd := ogn.NewReader(bytes.NewReader(buf.Bytes()))
		rd.Format, rd.Limits = f, lim
		back, _, err := rd.ReadReplay()
		require.NoError(t, err, "written as\n%q", buf.String())
		require.Len(t, back.Moves, len(g.Moves))
		for i := range g.Moves {
			require.Equal(t, g.Moves[i].Move, back.Moves[i].Move)
			if f != ogn.OpenSpiel {
				require.Equal(t, normal(g.Moves[i].Comments), back.Moves[i].Comments, "written as\n%q", buf.String())
			}
		}
		if f != ogn.OpenSpiel {
			require.Equal(t, normal(g.Comments), back.Comments, "written as\n%q", buf.String())
			require.ElementsMatch(t, g.Tags, back.Tags, "written as\n%q", buf.String())
		}
		_, err = rd.Read()
		require.Equal(t, io.EOF, err)
	})
}

// normal returns comments as the reader gives them back: runs of white
// space made single spaces, none at the ends; nil for none.
func normal(comments []string) []string {
	var out []string
	for _, c := range comments {
		out = append(out, strings.Join(strings.Fields(c), " "))
	}
	return out
}
