package ogn_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

func TestParseResult(t *testing.T) {
	for text, want := range map[string]ogn.Result{
		"":        {},
		"*":       {Kind: ogn.Unfinished},
		"1-0":     {Kind: ogn.SouthWins},
		"0-1":     {Kind: ogn.NorthWins},
		"1/2-1/2": {Kind: ogn.Draw},
		"26-22":   {Kind: ogn.Tallies, South: 26, North: 22},
		"0-48":    {Kind: ogn.Tallies, North: 48},
		"24-24":   {Kind: ogn.Tallies, South: 24, North: 24},
	} {
		got, err := ogn.ParseResult(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		assert.Equal(t, text, got.String(), text)
		b, err := got.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, text, string(b))
	}
	for _, text := range []string{"2-0-1", "49-0", "01-2", "-1", "1-", "win", "1/2", " *"} {
		_, err := ogn.ParseResult(text)
		assert.ErrorIs(t, err, ogn.ErrSyntax, text)
		var re *ogn.ResultError
		assert.ErrorAs(t, err, &re, text)
		r := ogn.Result{Kind: ogn.Draw}
		assert.Error(t, r.UnmarshalText([]byte(text)), text)
		assert.Equal(t, ogn.Result{Kind: ogn.Draw}, r, "unchanged on an error")
	}
	assert.EqualError(t, func() error { _, err := ogn.ParseResult("x"); return err }(), `ogn: "x" is not a result`)
	for _, bad := range []ogn.Result{{Kind: 9}, {Kind: ogn.Tallies, South: 49}, {Kind: ogn.Draw, South: 1}} {
		assert.Equal(t, "?", bad.String())
		_, err := bad.MarshalText()
		assert.ErrorIs(t, err, ogn.ErrInvalidGame)
	}
}

func TestResultAgrees(t *testing.T) {
	// North wins 25-19 by majority (R8), as in the oware command's tests.
	p := oware.MustParsePosition("2-1-0-0-0-1-0-0-0-4-1-0-19-20-N")
	won, err := p.Play(9)
	require.NoError(t, err)
	o := won.Outcome()
	require.True(t, o.Over())
	for r, want := range map[ogn.Result]bool{
		{}: true, {Kind: ogn.NorthWins}: true, {Kind: ogn.Tallies, South: 19, North: 25}: true,
		{Kind: ogn.SouthWins}: false, {Kind: ogn.Draw}: false, {Kind: ogn.Unfinished}: false,
		{Kind: ogn.Tallies, South: 25, North: 19}: false,
	} {
		assert.Equal(t, want, r.Agrees(o), "%v", r)
	}
	assert.Equal(t, ogn.Result{Kind: ogn.NorthWins}, ogn.ResultOf(o))
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, ogn.ResultOf(p.Outcome()))
	assert.True(t, ogn.Result{Kind: ogn.Unfinished}.Agrees(p.Outcome()))
}

// TestVariantKept: the Variant tag's value is kept as written; the one
// check of the rules accepts Oware Abapa in any case and spacing.
func TestVariantKept(t *testing.T) {
	g, err := ogn.ParseGame("[Variant \" oware ABAPA \"]\n1. F")
	require.NoError(t, err)
	assert.Equal(t, " oware ABAPA ", g.Variant)
	assert.Contains(t, g.String(), "[Variant \" oware ABAPA \"]\n")
	g, err = ogn.ParseGame("1. F")
	require.NoError(t, err)
	assert.Equal(t, "", g.Variant)
	assert.Contains(t, g.String(), "[Variant \"Oware Abapa\"]\n")
}

// TestFENTagForms: a FEN tag holds a position string or PlayStrategy's
// FEN.
func TestFENTagForms(t *testing.T) {
	want := [12]int{1, 6, 5, 0, 0, 6, 2, 1, 8, 7, 7, 5}
	for _, fen := range []string{"1-6-5-0-0-6-2-1-8-7-7-5-0-0-N", "5S,7S,7S,8S,1S,2S/1S,6S,5S,2,6S 0 0 N 3"} {
		g, err := ogn.ParseGame("[FEN \"" + fen + "\"]\n1. a")
		require.NoError(t, err, fen)
		assert.Equal(t, want, g.Start.Pits(), fen)
		assert.Equal(t, oware.North, g.Start.ToMove(), fen)
		assert.Contains(t, g.String(), "[FEN \"1-6-5-0-0-6-2-1-8-7-7-5-0-0-N\"]\n", fen)
	}
	_, err := ogn.ParseGame("[FEN \"5S,7S/1S 0 0 N 3\"]")
	var pe *ogn.ParseError
	require.ErrorAs(t, err, &pe)
	var ope *oware.ParseError
	assert.ErrorAs(t, err, &ope)
	assert.Equal(t, 1, pe.Line)
}
