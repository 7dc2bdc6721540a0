package ogn_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// letters turns pit letters into moves, independently of the library.
func letters(t testing.TB, s string) []oware.Move {
	t.Helper()
	var ms []oware.Move
	for _, c := range s {
		switch {
		case c >= 'A' && c <= 'F':
			ms = append(ms, oware.Move(c-'A'))
		case c >= 'a' && c <= 'f':
			ms = append(ms, oware.Move(c-'a'+6))
		default:
			t.Fatalf("bad pit letter %q", c)
		}
	}
	return ms
}

// TestNewGameMarks: a game built from a start and moves has the capture
// marks of the rules and replays; the literal Game with the same moves and
// no marks does not (it once was the only way to build one).
func TestNewGameMarks(t *testing.T) {
	// F e D b B d A a: d captures 2 (B holds 2 after it), A captures 2.
	moves := letters(t, "FeDbBdAa")
	g, err := ogn.NewGame(oware.Rules{}, oware.Board{}, moves...)
	require.NoError(t, err)
	var marks []int
	for _, p := range g.Moves {
		marks = append(marks, p.Captured)
	}
	assert.Equal(t, []int{0, 0, 0, 0, 0, 2, 2, 0}, marks)
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result)
	_, err = g.Replay()
	require.NoError(t, err)
	assert.Equal(t, "1. F e 2. D b 3. B d+2 4. A+2 a *", movetext(t, g))

	bare := ogn.Game{}
	for _, m := range moves {
		bare.Moves = append(bare.Moves, ogn.Ply{Move: m})
	}
	_, err = bare.Replay()
	assert.ErrorIs(t, err, ogn.ErrCaptureMark, "a literal Game without marks does not replay")
}

// marksOf returns the moves and marks of a game's plies.
func marksOf(ps []ogn.Ply) [][2]int {
	out := [][2]int{}
	for _, p := range ps {
		out = append(out, [2]int{int(p.Move), p.Captured})
	}
	return out
}

// movetext returns the movetext of g as the writer writes it.
func movetext(t *testing.T, g ogn.Game) string {
	t.Helper()
	text, err := g.AppendText(nil)
	require.NoError(t, err)
	s := string(text)
	for len(s) > 0 && s[0] == '[' { // skip the tag section
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		s = s[min(i+1, len(s)):]
	}
	for len(s) > 0 && (s[0] == '\n') {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
	}
	return s
}

// TestNewGameEnds: the result is that of the end reached, under the rules
// given, from a set-up start; an illegal move is refused with its ply.
func TestNewGameEnds(t *testing.T) {
	// F sows into a, b, c, d: d holds 2 and c 3, South reaches 25 (R8).
	start := oware.MustParseBoard("0-0-0-0-0-4-4-5-2-1-4-4-20-4-S")
	g, err := ogn.NewGame(oware.Rules{}, start, 5)
	require.NoError(t, err)
	assert.Equal(t, []ogn.Ply{{Move: 5, Captured: 5}}, g.Moves)
	assert.Equal(t, ogn.Result{Kind: ogn.SouthWins}, g.Result)
	assert.Equal(t, start, g.Start)
	o, err := g.Outcome()
	require.NoError(t, err)
	assert.Equal(t, "South wins 25-4 (majority, R8)", o.String())

	// Under OpenSpiel's rules the first recurrence ends the game (R10).
	openspiel, err := oware.ParseRules("openspiel")
	require.NoError(t, err)
	g, err = ogn.NewGame(openspiel, oware.MustParseBoard("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N"), letters(t, "cBdDeCfFaAbE")...)
	require.NoError(t, err)
	assert.Equal(t, ogn.Result{Kind: ogn.SouthWins}, g.Result)
	_, err = g.Replay()
	require.NoError(t, err)

	g, err = ogn.NewGame(oware.Rules{}, oware.Board{}, letters(t, "FeF")...)
	assert.ErrorIs(t, err, oware.ErrEmptyPit)
	var re *ogn.ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, oware.Move(5), re.Move)
	assert.Zero(t, g.Moves)
}

// TestPushUndo: a game kept move by move, as a server keeps one: each
// push writes its mark and result, an illegal move changes nothing, undo
// takes back a ply and its result, and the game replays at every step.
func TestPushUndo(t *testing.T) {
	var g ogn.Game
	p, err := g.Position()
	require.NoError(t, err)
	assert.Equal(t, oware.Start().Board(), p.Board())
	for _, m := range letters(t, "FeDbBd") {
		_, err := g.Push(m)
		require.NoError(t, err)
	}
	assert.Equal(t, 2, g.Moves[5].Captured)
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result)

	before := g
	before.Moves = append([]ogn.Ply(nil), g.Moves...)
	_, err = g.Push(6) // a is North's pit
	assert.ErrorIs(t, err, oware.ErrNotYourPit)
	var re *ogn.ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 7, re.Ply)
	assert.Equal(t, before, g, "an illegal move changes nothing")

	e, err := g.Push(0) // A captures 2
	require.NoError(t, err)
	assert.Equal(t, 2, e.Captured())
	p, err = g.Position()
	require.NoError(t, err)
	assert.Equal(t, e.After().String(), p.String(), "Position is the position after the last push")

	ply, ok := g.Undo()
	require.True(t, ok)
	assert.Equal(t, ogn.Ply{Move: 0, Captured: 2}, ply)
	assert.Equal(t, before, g, "undo takes the push back")
	for len(g.Moves) > 0 {
		_, ok := g.Undo()
		require.True(t, ok)
	}
	_, ok = g.Undo()
	assert.False(t, ok, "nothing to take back")
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result)
}

// TestPushKeepsTheResultForm: final tallies stay final tallies, through
// the end of the game and back.
func TestPushKeepsTheResultForm(t *testing.T) {
	g := ogn.Game{Start: oware.MustParseBoard("0-0-0-0-0-4-4-5-2-1-4-4-20-4-S"), Result: ogn.Result{Kind: ogn.Tallies}}
	_, err := g.Push(5)
	require.NoError(t, err)
	assert.Equal(t, ogn.Result{Kind: ogn.Tallies, South: 25, North: 4}, g.Result)
	_, err = g.Push(6)
	assert.ErrorIs(t, err, oware.ErrGameOver, "D5")
	g.Undo()
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result)
}

// TestPushRefusesABadRecord: a record that disagrees with the rules is
// not pushed onto.
func TestPushRefusesABadRecord(t *testing.T) {
	g, err := ogn.ParseGame("1. F e 2. D b 3. B d+3")
	require.NoError(t, err)
	before := len(g.Moves)
	_, err = g.Push(0)
	assert.ErrorIs(t, err, ogn.ErrCaptureMark)
	assert.Len(t, g.Moves, before)
	_, err = g.Position()
	assert.ErrorIs(t, err, ogn.ErrCaptureMark)

	g, err = ogn.ParseGame(`[Result "1-0"]` + "\n\n1. F e")
	require.NoError(t, err)
	_, err = g.Position()
	assert.ErrorIs(t, err, ogn.ErrResult, "Position checks the result as Replay does")
	_, err = g.Push(3)
	require.NoError(t, err, "Push sets the result")
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result)
}

// TestPushDoesNotAlias: pushing after a slice of another game's plies
// leaves that game as it was.
func TestPushDoesNotAlias(t *testing.T) {
	g, err := ogn.NewGame(oware.Rules{}, oware.Board{}, letters(t, "FeDb")...)
	require.NoError(t, err)
	g.Moves = append(g.Moves[:0:0], g.Moves...) // room for more: cap > len after a slice
	g.Moves = append(g.Moves, ogn.Ply{})[:4]
	shorter := g
	shorter.Moves = g.Moves[:2]
	_, err = shorter.Push(2) // C after F e
	require.NoError(t, err)
	assert.Equal(t, oware.Move(3), g.Moves[2].Move, "g's third ply is D still")
	assert.Equal(t, oware.Move(2), shorter.Moves[2].Move)
	_, err = g.Replay()
	require.NoError(t, err)
}

// TestPropPushIsNewGame: random games pushed ply by ply, with undos on the
// way, are the games NewGame builds from their moves, replay, and read
// back from their text.
func TestPropPushIsNewGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(oware.RulesNames()).Draw(t, "rules")
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		g := ogn.Game{Rules: rules}
		var moves []oware.Move
		p := rules.Start()
		for range rapid.IntRange(0, 120).Draw(t, "plies") {
			if p.Moves() == 0 {
				break
			}
			if len(moves) > 0 && rapid.IntRange(0, 9).Draw(t, "undo") == 0 {
				ply, ok := g.Undo()
				require.True(t, ok)
				require.Equal(t, moves[len(moves)-1], ply.Move)
				moves = moves[:len(moves)-1]
				p, err = g.Position()
				require.NoError(t, err)
				continue
			}
			m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "move"))
			e, err := g.Push(m)
			require.NoError(t, err)
			moves = append(moves, m)
			p = e.After()
		}
		built, err := ogn.NewGame(rules, oware.Board{}, moves...)
		require.NoError(t, err)
		require.Equal(t, marksOf(built.Moves), marksOf(g.Moves))
		if g.Result != (ogn.Result{}) { // no push left the zero Game's result as it was
			require.Equal(t, built.Result, g.Result)
		}
		_, err = g.Replay()
		require.NoError(t, err)
		text, err := g.AppendText(nil)
		require.NoError(t, err)
		back, err := ogn.ParseGame(string(text))
		require.NoError(t, err, "%s", text)
		_, err = back.Replay()
		require.NoError(t, err, "%s", text)
		require.Equal(t, marksOf(g.Moves), marksOf(back.Moves), "%s", text)
	})
}
