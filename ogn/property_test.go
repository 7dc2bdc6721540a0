package ogn_test

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// played is a random game with what the rules say of it, worked out with
// package oware alone.
type played struct {
	game  ogn.Game
	marks []int          // the seeds each ply captures
	final oware.Position // the position after the last ply
}

// genPlayed draws a game: a start (the opening, or a set-up board reached
// by random play), random legal moves, tags in canonical order and
// comments in the reader's form (single spaces, no braces).
func genPlayed(openingOnly bool) *rapid.Generator[played] {
	return rapid.Custom(func(t *rapid.T) played {
		var pl played
		p := oware.Start()
		if !openingOnly && rapid.Bool().Draw(t, "setup") {
			for range rapid.IntRange(1, 60).Draw(t, "prefix") {
				if ms := p.LegalMoves(); len(ms) > 0 {
					p, _ = p.Play(rapid.SampledFrom(ms).Draw(t, "prefixMove"))
				}
			}
			pl.game.Start = p.Board()
			p = oware.PositionFrom(p.Board())
		} else {
			pl.game.Start = oware.Start().Board()
		}
		pl.game.Tags = genTags(t)
		pl.game.Comments = genComments(t, "gameComment")
		for range rapid.IntRange(0, 120).Draw(t, "plies") {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			e, err := p.Explain(rapid.SampledFrom(ms).Draw(t, "move"))
			if err != nil {
				t.Fatal(err)
			}
			pl.game.Moves = append(pl.game.Moves, ogn.Ply{Move: e.Move(), Comments: genComments(t, "comment")})
			pl.marks = append(pl.marks, e.Captured())
			p = e.After()
		}
		pl.final = p
		return pl
	})
}

var rosterNames = []string{"Event", "Site", "Date", "Round", "South", "North"}

func genTags(t *rapid.T) []ogn.Tag {
	var tags []ogn.Tag
	value := rapid.StringMatching(`[ -~]{0,12}`)
	for _, name := range append(rosterNames, "Annotator", "Time_Control", "X1") {
		if rapid.IntRange(0, 2).Draw(t, "has"+name) == 0 {
			tags = append(tags, ogn.Tag{Name: name, Value: value.Draw(t, name)})
		}
	}
	return tags
}

func genComments(t *rapid.T, label string) []string {
	if rapid.IntRange(0, 5).Draw(t, label+"s") != 0 {
		return nil
	}
	word := rapid.StringMatching(`[a-zA-Z0-9\[\]()"\\*.+-]{1,6}`)
	var c []byte
	for i := range rapid.IntRange(1, 4).Draw(t, label+"Words") {
		if i > 0 {
			c = append(c, ' ')
		}
		c = append(c, word.Draw(t, label)...)
	}
	return []string{string(c)}
}

// resultOf states outcome o as a Result, by hand.
func resultOf(o oware.Outcome) ogn.Result {
	if !o.Over() {
		return ogn.Result{Kind: ogn.Unfinished}
	}
	switch w, ok := o.Winner(); {
	case !ok:
		return ogn.Result{Kind: ogn.Draw}
	case w == oware.South:
		return ogn.Result{Kind: ogn.SouthWins}
	}
	return ogn.Result{Kind: ogn.NorthWins}
}

// TestPropertyStreamRoundTrip writes random games one after the other with
// a Writer and reads them back with a Reader, in each format: every game
// comes back, with its start, its moves, the capture marks and the result
// of the rules and, where the format holds them, its tags and comments;
// ReadReplay gives the effect of every ply. The games are played by the
// abapa rules, which the reader is given.
func TestPropertyStreamRoundTrip(t *testing.T) {
	for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy, ogn.OpenSpiel} {
		t.Run(f.String(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				games := rapid.SliceOfN(genPlayed(f == ogn.OpenSpiel), 1, 5).Draw(t, "games")
				var buf bytes.Buffer
				w := ogn.NewWriter(&buf)
				w.Format = f
				for _, pl := range games {
					require.NoError(t, w.Write(pl.game))
				}
				rd := ogn.NewReader(bytes.NewReader(buf.Bytes()))
				rd.Format = f
				rd.Rules = &oware.Rules{} // the games were played by abapa's rules, not PlayStrategy's
				for i, pl := range games {
					g, effects, err := rd.ReadReplay()
					require.NoError(t, err, "game %d of\n%s", i+1, buf.String())
					checkRoundTrip(t, f, pl, g, effects)
				}
				_, _, err := rd.ReadReplay()
				require.Equal(t, io.EOF, err)
			})
		})
	}
}

// checkRoundTrip compares a game read back in format f with the game
// written.
func checkRoundTrip(t *rapid.T, f ogn.Format, pl played, g ogn.Game, effects []oware.Effect) {
	require.Equal(t, pl.game.Start, g.Start)
	require.Len(t, g.Moves, len(pl.game.Moves))
	require.Len(t, effects, len(pl.game.Moves))
	for i, ply := range g.Moves {
		require.Equal(t, pl.game.Moves[i].Move, ply.Move, "ply %d", i+1)
		require.Equal(t, pl.marks[i], ply.Captured, "ply %d", i+1)
		require.Equal(t, pl.marks[i], effects[i].Captured(), "ply %d", i+1)
		if f != ogn.OpenSpiel {
			require.Equal(t, pl.game.Moves[i].Comments, ply.Comments, "ply %d", i+1)
		}
	}
	if len(effects) > 0 {
		require.Equal(t, pl.final.Board(), effects[len(effects)-1].After().Board())
	}
	switch f {
	case ogn.OpenSpiel:
		require.Equal(t, ogn.Result{}, g.Result)
		return
	case ogn.OGN:
		require.Equal(t, ogn.Variant, g.Variant)
	}
	require.Equal(t, resultOf(pl.final.Outcome()), g.Result)
	require.Equal(t, pl.game.Tags, g.Tags)
	require.Equal(t, pl.game.Comments, g.Comments)
}

// TestPropertyReadReplayIsReplay: reading with ReadReplay gives the
// effects that Replay gives for the game read, and the Game is the one
// Read gives.
func TestPropertyReadReplayIsReplay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pl := genPlayed(false).Draw(t, "game")
		text, err := pl.game.AppendText(nil)
		require.NoError(t, err)
		g, effects, err := ogn.NewReader(bytes.NewReader(text)).ReadReplay()
		require.NoError(t, err)
		plain, err := ogn.NewReader(bytes.NewReader(text)).Read()
		require.NoError(t, err)
		require.Equal(t, plain, g)
		again, err := g.Replay()
		require.NoError(t, err)
		require.Equal(t, len(again), len(effects))
		for i := range effects {
			require.Equal(t, slices.Collect(again[i].Sown()), slices.Collect(effects[i].Sown()))
			require.Equal(t, slices.Collect(again[i].Captures()), slices.Collect(effects[i].Captures()))
			require.Equal(t, again[i].After().String(), effects[i].After().String())
		}
	})
}
