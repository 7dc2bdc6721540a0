package ogn_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

func plies(t *testing.T, moves string) []ogn.Ply {
	t.Helper()
	var out []ogn.Ply
	for _, s := range strings.Fields(moves) {
		m, err := oware.ParseMove(s)
		require.NoError(t, err)
		out = append(out, ogn.Ply{Move: m})
	}
	return out
}

func TestWriteTagEscapes(t *testing.T) {
	g := ogn.Game{Tags: []ogn.Tag{{Name: "Site", Value: `The "Blue" room \ upstairs`}}}
	text := g.String()
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Site \"The \\\"Blue\\\" room \\\\ upstairs\"]\n[Result \"*\"]\n\n*\n", text)
	again, err := ogn.ParseGame(text)
	require.NoError(t, err)
	assert.Equal(t, g.Tags, again.Tags)
}

func TestWriteTagOrder(t *testing.T) {
	g := ogn.Game{Tags: []ogn.Tag{
		{"Annotator", "X"}, {"North", "N"}, {"Opening", "Y"}, {"Event", "E"}, {"Date", "2025.01.02"},
	}}
	assert.Equal(t, `[Variant "Oware Abapa"]
[Event "E"]
[Date "2025.01.02"]
[North "N"]
[Result "*"]
[Annotator "X"]
[Opening "Y"]

*
`, g.String())
}

func TestParseOrdersTags(t *testing.T) {
	g, err := ogn.ParseGame(`[Opening "Y"] [North "N"] [Annotator "X"] [Event "E"]`)
	require.NoError(t, err)
	assert.Equal(t, []ogn.Tag{{"Event", "E"}, {"North", "N"}, {"Opening", "Y"}, {"Annotator", "X"}}, g.Tags)
	v, ok := g.Tag("North")
	assert.True(t, ok)
	assert.Equal(t, "N", v)
	_, ok = g.Tag("Result")
	assert.False(t, ok)
}

// TestWriteComputesMarksAndResult: the recorded marks and result of a game
// whose moves are legal are replaced by those of the rules.
func TestWriteComputesMarksAndResult(t *testing.T) {
	g := ogn.Game{Moves: plies(t, "F e D b B d A a"), Result: ogn.Result{Kind: ogn.SouthWins}}
	g.Moves[0].Captured = 7
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. F e 2. D b 3. B d+2 4. A+2 a *\n", g.String())
	assert.Equal(t, 7, g.Moves[0].Captured, "the Game is not changed")
	assert.Equal(t, ogn.Result{Kind: ogn.SouthWins}, g.Result, "the Game is not changed")
}

// TestWriteIllegalKeepsRecord: from an illegal move on, the marks and the
// result are written as recorded.
func TestWriteIllegalKeepsRecord(t *testing.T) {
	g := ogn.Game{Moves: plies(t, "F e F d"), Result: ogn.Result{Kind: ogn.NorthWins}}
	g.Moves[0].Captured = 4 // before the illegal move: corrected
	g.Moves[3].Captured = 3 // after it: kept
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"0-1\"]\n\n1. F e 2. F d+3 0-1\n", g.String())

	g.Result = ogn.Result{}
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. F e 2. F d+3 *\n", g.String())
}

// TestWriteResultForms: the result keeps the form of Game.Result.
func TestWriteResultForms(t *testing.T) {
	g, err := ogn.ParseGame("[FEN \"0-0-1-0-0-0-0-0-0-1-0-0-23-23-S\"]\n" +
		"1. C d 2. D e 3. E f 4. F a 5. A b 6. B c 7. C d 8. D e 9. E f 10. F a 11. A b 12. B c 24-24")
	require.NoError(t, err)
	assert.Equal(t, ogn.Result{Kind: ogn.Tallies, South: 24, North: 24}, g.Result)
	assert.Contains(t, g.String(), "[Result \"24-24\"]\n")
	assert.True(t, strings.HasSuffix(g.String(), "\n12. B c 24-24\n"))

	g.Result = ogn.Result{}
	assert.Contains(t, g.String(), "[Result \"1/2-1/2\"]\n")
	g.Result = ogn.Result{Kind: ogn.Unfinished}
	assert.True(t, strings.HasSuffix(g.String(), "\n12. B c 1/2-1/2\n"))

	// Unfinished, the tally form has nothing to state.
	g.Moves = g.Moves[:23]
	g.Result = ogn.Result{Kind: ogn.Tallies, South: 24, North: 24}
	assert.True(t, strings.HasSuffix(g.String(), "\n12. B *\n"))
}

func TestWriteFEN(t *testing.T) {
	// A FEN tag that gives the opening is not written back.
	g, err := ogn.ParseGame("[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\"] 1. A")
	require.NoError(t, err)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. A *\n", g.String())

	// Other tags follow the FEN tag.
	g = ogn.Game{
		Start: oware.MustParseBoard("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"),
		Tags:  []ogn.Tag{{"Annotator", "X"}, {"Round", "3"}},
	}
	assert.Equal(t, `[Variant "Oware Abapa"]
[Round "3"]
[Result "*"]
[FEN "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"]
[Annotator "X"]

*
`, g.String())
}

// TestWriteNorthFirst: a game that North begins numbers its first ply
// "1...", and South's plies after it "2.", "3.", as PGN numbers a game
// that Black begins; the record reads back to the same moves.
func TestWriteNorthFirst(t *testing.T) {
	g := ogn.Game{
		Start: oware.MustParseBoard("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"),
		Moves: []ogn.Ply{{Move: oware.Move(6)}, {Move: oware.Move(0)}, {Move: oware.Move(7)}, {Move: oware.Move(1)}},
	}
	text := g.String()
	assert.True(t, strings.HasSuffix(text, "\n\n1... a 2. A b 3. B *\n"), text)
	back, err := ogn.ParseGame(text)
	require.NoError(t, err)
	assert.Equal(t, g.Moves, back.Moves)
	assert.Equal(t, text, back.String())

	g.Moves = g.Moves[:1]
	assert.True(t, strings.HasSuffix(g.String(), "\n\n1... a *\n"), g.String())
}

func TestWriteLineWidth(t *testing.T) {
	g := readRecords(t, "commented.ogn")[0]
	g.Moves[0].Comments = []string{strings.Repeat("x", 100)}
	text := g.String()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	long := 0
	for _, l := range lines {
		if len(l) > 79 {
			long++
			assert.Contains(t, l, strings.Repeat("x", 100), "only a longer word makes a longer line")
		}
		assert.Equal(t, strings.TrimSpace(l), l, "no line starts or ends with a space")
	}
	assert.Equal(t, 1, long)
	again, err := ogn.ParseGame(text)
	require.NoError(t, err)
	assert.Equal(t, g.Moves, again.Moves)
}

func TestWriteComments(t *testing.T) {
	g := ogn.Game{
		Comments: []string{"", "  spaced \t out\n text "},
		Moves:    plies(t, "F"),
	}
	g.Moves[0].Comments = []string{"after F"}
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n{} {spaced out text} 1. F {after F} *\n", g.String())
}

func TestWriteInvalidGames(t *testing.T) {
	for name, g := range map[string]ogn.Game{
		"tag name with a space": {Tags: []ogn.Tag{{"Big Event", "x"}}},
		"empty tag name":        {Tags: []ogn.Tag{{"", "x"}}},
		"Result in Tags":        {Tags: []ogn.Tag{{"Result", "1-0"}}},
		"FEN in Tags":           {Tags: []ogn.Tag{{"FEN", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}}},
		"Variant in Tags":       {Tags: []ogn.Tag{{"Variant", "Oware Abapa"}}},
		"tag twice":             {Tags: []ogn.Tag{{"Site", "a"}, {"Site", "b"}}},
		"line break in value":   {Tags: []ogn.Tag{{"Site", "a\nb"}}},
		"brace in comment":      {Comments: []string{"a } b"}},
		"brace in ply comment":  {Moves: []ogn.Ply{{Move: 5, Comments: []string{"}"}}}},
		"move off the board":    {Moves: []ogn.Ply{{Move: 12}}},
		"negative mark":         {Moves: []ogn.Ply{{Move: 5, Captured: -1}}},
		"mark above 48":         {Moves: []ogn.Ply{{Move: 5, Captured: 49}}},
		"not a result":          {Result: ogn.Result{Kind: ogn.Tallies, South: 2, North: 49}},
		"unknown result kind":   {Result: ogn.Result{Kind: 9}},
	} {
		prefix := []byte("kept")
		b, err := g.AppendText(prefix)
		assert.ErrorIs(t, err, ogn.ErrInvalidGame, name)
		assert.Equal(t, "kept", string(b), name)
		assert.True(t, strings.HasPrefix(err.Error(), "ogn: "), name)
		assert.Equal(t, err.Error(), g.String(), name)
		n, err := g.WriteTo(&strings.Builder{})
		assert.ErrorIs(t, err, ogn.ErrInvalidGame, name)
		assert.Zero(t, n, name)
		_, err = g.MarshalText()
		assert.ErrorIs(t, err, ogn.ErrInvalidGame, name)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	g := readRecords(t, "repetition.ogn")[0]
	text, err := g.MarshalText()
	require.NoError(t, err)
	var again ogn.Game
	require.NoError(t, again.UnmarshalText(text))
	assert.Equal(t, g.Moves, again.Moves)
	assert.Equal(t, g.Start, again.Start)
	assert.Equal(t, g.Result, again.Result)

	bad := ogn.Game{Result: ogn.Result{Kind: ogn.Draw}}
	assert.Error(t, bad.UnmarshalText([]byte("1. F g")))
	assert.Equal(t, ogn.Result{Kind: ogn.Draw}, bad.Result, "a failed UnmarshalText leaves the Game alone")
}

// TestWriterLeavesAlone: a game that cannot be written in a format leaves
// the buffer, the output and the Game as they were.
func TestWriterLeavesAlone(t *testing.T) {
	g := ogn.Game{Moves: plies(t, "F F"), Tags: []ogn.Tag{{Name: "South", Value: "Ama"}}}
	for _, f := range []ogn.Format{ogn.PlayStrategy, ogn.OpenSpiel} {
		b, err := g.AppendFormat([]byte("kept"), f)
		assert.ErrorIs(t, err, ogn.ErrInvalidGame, f.String())
		var we *ogn.WriteError
		require.ErrorAs(t, err, &we)
		assert.Equal(t, f, we.Format)
		assert.Equal(t, "ply 2 (F) cannot be played", we.What)
		assert.Equal(t, "kept", string(b))

		var out strings.Builder
		w := ogn.NewWriter(&out)
		w.Format = f
		assert.Error(t, w.Write(g))
		assert.Empty(t, out.String())
	}
	assert.EqualError(t, func() error { _, err := g.AppendFormat(nil, ogn.OpenSpiel); return err }(),
		"ogn: game cannot be written as openspiel: ply 2 (F) cannot be played")
	assert.Equal(t, []ogn.Tag{{Name: "South", Value: "Ama"}}, g.Tags)
	assert.Equal(t, plies(t, "F F"), g.Moves)
	_, err := g.AppendFormat(nil, ogn.Format(7))
	assert.ErrorIs(t, err, ogn.ErrInvalidGame)
	assert.Equal(t, "format(7)", ogn.Format(7).String())
}

// TestWriterSeparates: OGN records are separated by an empty line,
// OpenSpiel move lists are one a line.
func TestWriterSeparates(t *testing.T) {
	g := ogn.Game{Moves: plies(t, "C f")}
	var out strings.Builder
	w := ogn.NewWriter(&out)
	require.NoError(t, w.Write(g))
	require.NoError(t, w.Write(g))
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. C f *\n\n[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. C f *\n", out.String())
	out.Reset()
	w = ogn.NewWriter(&out)
	w.Format = ogn.OpenSpiel
	require.NoError(t, w.Write(g))
	require.NoError(t, w.Write(ogn.Game{}))
	assert.Equal(t, "2 5\n[]\n", out.String())
}

func TestSquares(t *testing.T) {
	want := []string{"a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2"}
	for pit, sq := range want {
		assert.Equal(t, sq, ogn.Square(pit))
		got, ok := ogn.ParseSquare(sq)
		assert.True(t, ok, sq)
		assert.Equal(t, pit, got, sq)
	}
	assert.Equal(t, "", ogn.Square(12))
	assert.Equal(t, "", ogn.Square(-1))
	for _, bad := range []string{"g1", "a3", "a", "a1x", "A1"} {
		_, ok := ogn.ParseSquare(bad)
		assert.False(t, ok, bad)
	}
}
