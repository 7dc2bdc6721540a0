package oware_test

// The tests of package oware. The rules are tested as data: for every
// preset, the hand-built cases of internal/rulecases/testdata/PRESET/cases.txt
// (one line per case: rule ids, start, moves and the facts expected,
// written by hand from the rules of the package documentation and the
// preset's knobs) and the perft ladders of perft.txt beside it, run by
// TestRuleCases and TestPerft; internal/refmodel, a plain and independent
// statement of abapa's rules, is checked against the same facts and
// serves as the oracle of the property tests. What stays in code is what is not
// a rule case: names and text forms, the API's own behaviour, properties,
// concurrency, fuzz targets, benchmarks and allocations.

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/refmodel"
	"github.com/seed3966233f/oware/internal/rulecases"
)

// Pit letters as in the rule sheets: South's pits 0–5 are A–F, North's
// pits 6–11 are a–f.
const (
	A, B, C, D, E, F oware.Move = 0, 1, 2, 3, 4, 5
	a, b, c, d, e, f oware.Move = 6, 7, 8, 9, 10, 11
)

// moves turns a string of pit letters ("AaBb", spaces allowed) into moves.
// It is independent of the library's Move.String.
func moves(tb testing.TB, s string) []oware.Move {
	tb.Helper()
	var ms []oware.Move
	for _, r := range s {
		switch {
		case r == ' ':
		case r >= 'A' && r <= 'F':
			ms = append(ms, oware.Move(r-'A'))
		case r >= 'a' && r <= 'f':
			ms = append(ms, oware.Move(r-'a'+6))
		default:
			tb.Fatalf("bad pit letter %q in %q", r, s)
		}
	}
	return ms
}

// pos builds a position that the test requires to be valid.
func pos(tb testing.TB, pits [12]int, scores [2]int, toMove oware.Player) oware.Position {
	tb.Helper()
	p, err := newPosition(pits, scores, toMove)
	require.NoError(tb, err, "NewBoard(%v, %v, %v)", pits, scores, toMove)
	require.True(tb, p.Valid())
	return p
}

// playAll plays the moves in order, each of which must be legal.
func playAll(tb testing.TB, p oware.Position, ms ...oware.Move) oware.Position {
	tb.Helper()
	for i, m := range ms {
		next, err := p.Play(m)
		require.NoError(tb, err, "move %d (%v) of %v", i+1, m, ms)
		p = next
	}
	return p
}

// ---------------------------------------------------------------------------
// The rules as data.

// sentinels are the library's errors by the names cases.txt uses, with
// the rule that refuses with each (its rule id in the package
// documentation; "" where no rule does).
var (
	sentinels = map[string]error{
		"ErrNoSuchPit": oware.ErrNoSuchPit, "ErrNotYourPit": oware.ErrNotYourPit, "ErrEmptyPit": oware.ErrEmptyPit,
		"ErrMustFeed": oware.ErrMustFeed, "ErrGrandSlam": oware.ErrGrandSlam, "ErrGameOver": oware.ErrGameOver,
		"ErrNegativeCount": oware.ErrNegativeCount, "ErrSeedTotal": oware.ErrSeedTotal, "ErrNoSuchPlayer": oware.ErrNoSuchPlayer,
	}
	sentinelRules = map[string]string{
		"ErrNoSuchPit": "", "ErrNotYourPit": "R2", "ErrEmptyPit": "R2", "ErrMustFeed": "R7", "ErrGrandSlam": "R6", "ErrGameOver": "D5",
		"ErrNegativeCount": "D4", "ErrSeedTotal": "D4", "ErrNoSuchPlayer": "D4",
	}
)

// TestErrorRules: each error answers the rule that refuses with it, and
// the rule cases that refuse with it exercise that rule.
func TestErrorRules(t *testing.T) {
	for name, err := range sentinels {
		var got string
		if sentinelRules[name] == "D4" {
			got = (&oware.BoardError{Err: err}).Rule()
		} else {
			got = (&oware.MoveError{Err: err}).Rule()
		}
		assert.Equal(t, sentinelRules[name], got, name)
	}
	assert.Equal(t, "", (&oware.MoveError{Err: oware.ErrInvalidPosition}).Rule())
	assert.Equal(t, "", (&oware.MoveError{Err: errors.New("other")}).Rule())
	_, err := oware.MustParsePosition("4-4-0-5-5-5-5-4-4-4-4-4-0-0-N").Play(C)
	var me *oware.MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "R2", me.Rule(), "%v", err)
	_, err = oware.NewBoard([12]int{}, [2]int{24, 23}, oware.South)
	var be *oware.BoardError
	require.ErrorAs(t, err, &be)
	assert.Equal(t, "D4", be.Rule(), "%v", err)

	presets, err := rulecases.Presets()
	require.NoError(t, err)
	for _, preset := range presets {
		cases, err := rulecases.Cases(preset)
		require.NoError(t, err)
		for _, c := range cases {
			if rule := sentinelRules[c.Error]; rule != "" {
				assert.Contains(t, c.Rules, rule, "case %s/%s refuses with %s", preset, c.Name, c.Error)
			}
		}
	}
}

// modelErrors are the model's errors by the same names.
var modelErrors = refmodel.Errors()

// sentinelOf returns the library's error for a refusal of the model.
func sentinelOf(modelErr error) error {
	for name, err := range modelErrors {
		if err == modelErr {
			return sentinels[name]
		}
	}
	return nil
}

// findCase returns the case of abapa's cases.txt with the given name.
func findCase(tb testing.TB, name string) rulecases.Case {
	tb.Helper()
	cases, err := rulecases.Cases(rulecases.Abapa)
	require.NoError(tb, err)
	for _, c := range cases {
		if c.Name == name {
			return c
		}
	}
	tb.Fatalf("no case %s in cases.txt", name)
	return rulecases.Case{}
}

// playCase plays the legal moves of a case of cases.txt with the library
// and returns the last position reached.
func playCase(tb testing.TB, name string) oware.Position {
	tb.Helper()
	c := findCase(tb, name)
	p, err := oware.ParsePosition(c.Start)
	require.NoError(tb, err, c.Name)
	for _, m := range c.Moves[:c.Played()] {
		p = playAll(tb, p, oware.Move(m))
	}
	return p
}

// normal makes empty lists nil, so that what two programs show compares
// equal whichever way they write nothing.
func normal(s rulecases.Seen) rulecases.Seen {
	if len(s.Legal) == 0 {
		s.Legal = nil
	}
	if len(s.Sown) == 0 {
		s.Sown = nil
	}
	if len(s.Captures) == 0 {
		s.Captures = nil
	}
	if len(s.Annulled) == 0 {
		s.Annulled = nil
	}
	return s
}

// librarySeen is what the library shows at p, reached by the move that e
// explains (nil at the start).
func librarySeen(p oware.Position, e *oware.Effect) rulecases.Seen {
	s := rulecases.Seen{Board: p.Board().String(), Outcome: p.Outcome().String(), Reps: p.Repetitions()}
	for _, m := range p.LegalMoves() {
		s.Legal = append(s.Legal, int(m))
	}
	if e != nil {
		s.Sown, s.Captured, s.GrandSlam, s.Fed = slices.Collect(e.Sown()), e.Captured(), e.GrandSlam(), e.Fed()
		for c := range e.Captures() {
			s.Captures = append(s.Captures, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
		}
		for c := range e.Annulled() {
			s.Annulled = append(s.Annulled, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
		}
	}
	return normal(s)
}

// modelSeen is what the model shows at g, reached by the move of e (nil at
// the start).
func modelSeen(g refmodel.Game, e *refmodel.Effect) rulecases.Seen {
	s := rulecases.Seen{Board: g.Board.String(), Legal: g.Legal(), Outcome: g.Outcome().String(), Reps: g.Repetitions()}
	if e != nil {
		s.Sown, s.Captured, s.GrandSlam, s.Fed = e.Sown, e.Captured(), len(e.Annulled) > 0, e.Fed
		for _, c := range e.Captures {
			s.Captures = append(s.Captures, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
		}
		for _, c := range e.Annulled {
			s.Annulled = append(s.Annulled, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
		}
	}
	return normal(s)
}

// TestRuleCases plays every case of every preset's cases.txt with the
// library, and abapa's with the model too. At every position the library
// must show every fact the case gives, and under abapa agree with the
// model on everything else; moves off the legal list are refused, under
// abapa for the model's reason; refused starts and moves give the case's
// error.
func TestRuleCases(t *testing.T) {
	t.Parallel()
	presets, err := rulecases.Presets()
	require.NoError(t, err)
	for _, name := range oware.RulesNames() {
		require.Contains(t, presets, name, "every preset has its rule cases")
	}
	for _, preset := range presets {
		cases, err := rulecases.Cases(preset)
		require.NoError(t, err)
		for _, c := range cases {
			t.Run(preset+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				runCase(t, c)
			})
		}
	}
}

// runCase plays case c: with the model too under abapa.
func runCase(t *testing.T, c rulecases.Case) {
	rules, err := oware.ParseRules(c.Preset)
	require.NoError(t, err)
	abapa := c.Preset == rulecases.Abapa
	var p oware.Position
	b := refmodel.Board{Pits: c.Pits, Scores: c.Scores, ToMove: c.ToMove}
	if c.Raw {
		bd, berr := oware.NewBoard(c.Pits, c.Scores, oware.Player(c.ToMove))
		p, err = rules.Position(bd), berr
	} else {
		text := c.Start
		if !abapa {
			text = c.Preset + " " + text
		}
		p, err = oware.ParsePosition(text)
		if abapa {
			var perr error
			b, perr = refmodel.Parse(c.Start)
			require.NoError(t, perr, "the model reads %s", c.Start)
		}
	}
	var g *refmodel.Game // the model, under abapa only
	if abapa {
		m, merr := refmodel.New(refmodel.Rules{}, b)
		if c.StartRefused() {
			require.ErrorIs(t, merr, modelErrors[c.Error], "the model refuses the start")
		} else {
			require.NoError(t, merr)
			g = &m
		}
	}
	if c.StartRefused() {
		checkStartError(t, c, p, err)
		return
	}
	require.NoError(t, err)
	require.Equal(t, rules, p.Rules())
	require.Equal(t, 1, p.Repetitions(), "D4: a fresh history")
	checkAt(t, c, 0, p, g, nil, nil)
	for i, m := range c.Moves {
		mv := oware.Move(m)
		if i == c.Played() {
			checkRefusal(t, c, p, g, mv)
			return
		}
		before := p.Board().String()
		ex, err := p.Explain(mv)
		require.NoError(t, err, "Explain of move %d, %v", i+1, mv)
		next, err := p.Play(mv)
		require.NoError(t, err, "move %d, %v", i+1, mv)
		require.Equal(t, before, p.Board().String(), "Play changed its receiver")
		require.Equal(t, next.Board().String(), ex.After().Board().String(), "Explain and Play")
		require.Equal(t, next.Repetitions(), ex.After().Repetitions(), "Explain and Play")
		require.Equal(t, next.Outcome(), ex.Outcome(), "Explain and Play")
		require.Equal(t, mv, ex.Move())
		require.Equal(t, p.Board().ToMove(), ex.Player())
		sown := slices.Collect(ex.Sown())
		require.Equal(t, len(sown), ex.Seeds(), "one pit per seed")
		require.Equal(t, sown[len(sown)-1], ex.Last())
		var me *refmodel.Effect
		if g != nil {
			ng, e, err := g.Play(m)
			require.NoError(t, err, "the model plays move %d, %v", i+1, mv)
			g, me = &ng, &e
		}
		checkAt(t, c, i+1, next, g, &ex, me)
		p = next
	}
}

// checkAt checks the position after move k (0: the start) of case c: the
// facts given, the library against the model g (nil but under abapa), the
// outcome in detail, and every move that is not legal.
func checkAt(t *testing.T, c rulecases.Case, k int, p oware.Position, g *refmodel.Game, ex *oware.Effect, me *refmodel.Effect) {
	t.Helper()
	lib := librarySeen(p, ex)
	for _, bad := range c.Plies[k].Check(lib) {
		t.Errorf("after move %d: %s", k, bad)
	}
	if g != nil {
		require.Equal(t, modelSeen(*g, me), lib, "after move %d: the library and the model", k)
	}
	if c.RepsEach != nil && k > 0 {
		assert.Equal(t, c.RepsEach[k-1], p.Repetitions(), "after move %d: repetitions", k)
	}
	if c.Plies[k].Has("outcome") {
		checkOutcomeParts(t, p.Outcome(), c.Plies[k].Outcome)
	}
	if g != nil {
		checkOutcomeModel(t, p.Outcome(), g.Outcome())
	}

	// The rules are the same for both players: the mirrored position,
	// history included, is the model's mirrored game, and under every
	// preset its mirror is p again.
	mp := p.Mirror()
	require.Equal(t, p.Board().Mirror(), mp.Board(), "after move %d: Mirror", k)
	require.Equal(t, p.Rules(), mp.Rules(), "after move %d: Mirror", k)
	if g != nil {
		require.Equal(t, modelSeen(g.Mirror(), nil), librarySeen(mp, nil), "after move %d: Mirror", k)
	}
	require.Equal(t, librarySeen(p, nil), librarySeen(mp.Mirror(), nil), "after move %d: Mirror twice", k)

	// The position's text carries its history: read back, it goes on alike.
	q, err := oware.ParsePosition(p.String())
	require.NoError(t, err, "after move %d: %q", k, p.String())
	require.Equal(t, p.Board(), q.Board(), "after move %d: %q", k, p.String())
	require.Equal(t, p.Rules(), q.Rules(), "after move %d: %q", k, p.String())
	require.Equal(t, p.Repetitions(), q.Repetitions(), "after move %d: %q", k, p.String())
	require.Equal(t, p.Moves(), q.Moves(), "after move %d: %q", k, p.String())
	require.Equal(t, p.Outcome(), q.Outcome(), "after move %d: %q", k, p.String())

	legal := p.LegalMoves()
	set := p.Moves()
	require.Equal(t, len(legal), set.Len(), "Moves and LegalMoves")
	var children []oware.Move
	for m, child := range p.Children() {
		children = append(children, m)
		next, err := p.Play(m)
		require.NoError(t, err)
		require.Equal(t, next.Board(), child.Board(), "Children and Play: %v", m)
		require.Equal(t, next.Repetitions(), child.Repetitions(), "Children and Play: %v", m)
	}
	require.Equal(t, nilIfEmpty(legal), children, "Children yields the legal moves in pit order")
	require.Equal(t, uint64(len(legal)), oware.Perft(p, 1), "Perft(p, 1)")
	o := p.Outcome()
	require.Equal(t, len(legal) == 0, o.Over(), "D5: no legal move exactly when the game is over")
	if o.Over() {
		assert.Zero(t, set, "D5: a finished game has no legal moves")
		assert.True(t, strings.HasSuffix(p.Diagram(), "\n"+o.String()), "the diagram ends with the outcome:\n%s", p.Diagram())
	}
	for _, m := range append([]oware.Move{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, offBoard...) {
		if set.Contains(m) {
			continue
		}
		_, err := p.Play(m)
		var mErr *oware.MoveError
		require.ErrorAs(t, err, &mErr, "after move %d: Play(%v), not a legal move", k, m)
		if g != nil {
			want := sentinelOf(g.Refusal(int(m)))
			require.NotNil(t, want, "after move %d: the model plays %v, which the library refuses", k, m)
			assert.ErrorIs(t, err, want, "after move %d: Play(%v)", k, m)
		}
	}
}

// checkOutcomeParts checks an outcome's methods against an outcome
// written in cases.txt.
func checkOutcomeParts(t *testing.T, o oware.Outcome, want rulecases.Outcome) {
	t.Helper()
	assert.Equal(t, want.Text, o.String())
	assert.Equal(t, want.Over, o.Over())
	if !want.Over {
		assert.Equal(t, oware.NotOver, o.Reason())
		return
	}
	assert.Equal(t, want.Reason, o.Reason().String())
	assert.Equal(t, want.Rule, o.Reason().Rule())
	assert.Equal(t, want.Tallies[0], o.Tally(oware.South), "South's tally")
	assert.Equal(t, want.Tallies[1], o.Tally(oware.North), "North's tally")
	w, ok := o.Winner()
	assert.Equal(t, want.Winner != "", ok, "Winner reports a winner")
	if ok {
		assert.Equal(t, want.Winner, w.String())
	}
	assert.Equal(t, want.Winner == "", o.Draw())
}

// checkOutcomeModel checks an outcome's methods against the model's.
func checkOutcomeModel(t *testing.T, o oware.Outcome, m refmodel.Outcome) {
	t.Helper()
	require.Equal(t, m.Over, o.Over())
	require.Equal(t, modelReason(m), o.Reason())
	require.Equal(t, m.Tallies, [2]int{o.Tally(oware.South), o.Tally(oware.North)}, "tallies (D3)")
	require.Equal(t, 0, o.Tally(oware.Player(7)), "tally of no player")
	w, ok := o.Winner()
	require.Equal(t, m.Winner >= 0, ok, "Winner reports a winner (R11)")
	if ok {
		require.Equal(t, oware.Player(m.Winner), w)
	}
	require.Equal(t, m.Over && m.Winner < 0, o.Draw(), "a draw (R11)")
}

// modelReason returns the library's Reason for the model's outcome.
func modelReason(o refmodel.Outcome) oware.Reason {
	switch o.Reason {
	case refmodel.Majority:
		return oware.Majority
	case refmodel.NoMove:
		return oware.NoMove
	case refmodel.Repetition:
		return oware.Repetition
	}
	return oware.NotOver
}

// checkStartError checks the error of a start that is no position (D4).
func checkStartError(t *testing.T, c rulecases.Case, p oware.Position, err error) {
	t.Helper()
	want := sentinels[c.Error]
	require.Error(t, err)
	assert.False(t, p.Valid(), "an error comes with the zero Position")
	assert.ErrorIs(t, err, want)
	for _, name := range rulecases.StartErrors {
		if name != c.Error {
			assert.NotErrorIs(t, err, sentinels[name])
		}
	}
	var pe *oware.BoardError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, want, pe.Err)
	assert.Equal(t, "D4", pe.Rule())
	if c.Field != "" {
		assert.Equal(t, c.Field, pe.Field)
	}
	if c.HasValue {
		assert.Equal(t, c.Value, pe.Value)
	}
	if c.Raw {
		assert.Equal(t, want, errors.Unwrap(err), "NewBoard returns the *BoardError")
	}
	if c.Message != "" {
		assert.Equal(t, c.Message, err.Error())
	}
	assert.True(t, strings.HasPrefix(err.Error(), "oware: "), "%q", err)
}

// checkRefusal checks that the last move of c, m, is refused at p with
// the case's error, by Play and by Explain, and by the model g (nil but
// under abapa).
func checkRefusal(t *testing.T, c rulecases.Case, p oware.Position, g *refmodel.Game, m oware.Move) {
	t.Helper()
	want := sentinels[c.Error]
	if g != nil {
		require.ErrorIs(t, g.Refusal(int(m)), modelErrors[c.Error], "the model refuses %v", m)
	}
	next, err := p.Play(m)
	require.Error(t, err, "Play(%v)", m)
	assert.Equal(t, p.String(), next.String(), "an illegal move returns the receiver")
	assert.Equal(t, p.Board(), next.Board(), "an illegal move returns the receiver")
	assert.ErrorIs(t, err, want)
	for _, name := range rulecases.MoveErrors {
		if name != c.Error {
			assert.NotErrorIs(t, err, sentinels[name])
		}
	}
	var me *oware.MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, m, me.Move)
	assert.Equal(t, p.Board().ToMove(), me.Player)
	if g != nil {
		assert.Equal(t, oware.Player(g.ToMove), me.Player)
	}
	assert.Equal(t, want, me.Err)
	assert.Equal(t, sentinelRules[c.Error], me.Rule(), "the rule that refuses")
	if c.Message != "" {
		assert.Equal(t, c.Message, err.Error())
	}
	assert.True(t, strings.HasPrefix(err.Error(), "oware: "), "%q", err)
	ex, eerr := p.Explain(m)
	require.Error(t, eerr, "Explain(%v)", m)
	assert.Equal(t, err.Error(), eerr.Error(), "Explain refuses as Play does")
	assert.False(t, ex.After().Valid())
	assert.Empty(t, slices.Collect(ex.Sown()))
}

// TestPerft checks the perft lines of perft.txt: the published ladder from
// the opening, and counts along forced lines that end by repetition (R10,
// D2), from roots that carry a history. -short skips counts over a
// million leaves.
func TestPerft(t *testing.T) {
	t.Parallel()
	presets, err := rulecases.Presets()
	require.NoError(t, err)
	for _, name := range oware.RulesNames() {
		require.Contains(t, presets, name, "every preset has its perft counts")
	}
	for _, preset := range presets {
		rules, err := oware.ParseRules(preset)
		require.NoError(t, err)
		ps, err := rulecases.PerftCases(preset)
		require.NoError(t, err)
		for _, pc := range ps {
			if testing.Short() && pc.Leaves > 1_000_000 {
				continue
			}
			b, err := oware.ParseBoard(pc.Start)
			require.NoError(t, err, "%s/perft.txt:%d", preset, pc.Line)
			p := rules.Position(b)
			for _, m := range pc.Moves {
				p = playAll(t, p, oware.Move(m))
			}
			assert.Equal(t, pc.Leaves, oware.Perft(p, pc.Depth), "%s/perft.txt:%d: %s, depth %d", preset, pc.Line, pc.ID, pc.Depth)
		}
	}
}

// TestR1Start checks the opening position.
func TestR1Start(t *testing.T) {
	t.Parallel()
	p := oware.Start()
	require.True(t, p.Valid())
	assert.Equal(t, [12]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, p.Board().Pits(), "R1: four seeds in every pit")
	assert.Equal(t, 0, p.Board().Score(oware.South))
	assert.Equal(t, 0, p.Board().Score(oware.North))
	assert.Equal(t, oware.South, p.Board().ToMove(), "R1: South moves first")
	assert.Equal(t, []oware.Move{A, B, C, D, E, F}, p.LegalMoves(), "R2: every pit of South's side")
	assert.Equal(t, 1, p.Repetitions(), "D2: the game's first position is its first occurrence")
	assert.False(t, p.Outcome().Over())
	assert.Equal(t, oware.NotOver, p.Outcome().Reason())
	assert.Equal(t, 0, p.Board().Pit(-1), "Pit outside the board")
	assert.Equal(t, 0, p.Board().Pit(12), "Pit outside the board")
}

// TestR1Names checks the names of players, pits and reasons.
func TestR1Names(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "South", oware.South.String())
	assert.Equal(t, "North", oware.North.String())
	assert.Equal(t, "Player(2)", oware.Player(2).String())
	assert.Equal(t, oware.North, oware.South.Opponent())
	assert.Equal(t, oware.South, oware.North.Opponent())
	assert.True(t, oware.South.Valid())
	assert.True(t, oware.North.Valid())
	assert.False(t, oware.Player(2).Valid())

	letters := []string{"A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"}
	for i, l := range letters {
		m := oware.Move(i)
		assert.Equal(t, l, m.String(), "R1: letter of pit %d", i)
		assert.True(t, m.Valid())
		assert.Equal(t, i, m.Pit())
		if i < 6 {
			assert.Equal(t, oware.South, m.Player(), "R1: pit %d is South's", i)
		} else {
			assert.Equal(t, oware.North, m.Player(), "R1: pit %d is North's", i)
		}
	}
	assert.Equal(t, "Move(12)", oware.Move(12).String())
	assert.False(t, oware.Move(12).Valid())

	for r, want := range map[oware.Reason][2]string{
		oware.NotOver:    {"not over", ""},
		oware.Majority:   {"majority", "R8"},
		oware.NoMove:     {"no move", "R9"},
		oware.Repetition: {"repetition", "R10"},
	} {
		assert.Equal(t, want[0], r.String())
		assert.Equal(t, want[1], r.Rule())
	}
	assert.Equal(t, "not over", oware.Outcome{}.String())

	var s oware.MoveSet
	assert.Equal(t, "{}", s.String())
	assert.Equal(t, 0, s.Len())
	s = 1<<A | 1<<C | 1<<F
	assert.Equal(t, "{A C F}", s.String())
	assert.Equal(t, 3, s.Len())
	assert.True(t, s.Contains(C))
	assert.False(t, s.Contains(B))
	assert.False(t, s.Contains(oware.Move(40)))
	m, ok := s.Nth(1)
	assert.True(t, ok)
	assert.Equal(t, C, m)
	_, ok = s.Nth(3)
	assert.False(t, ok)
	_, ok = s.Nth(-1)
	assert.False(t, ok)
	assert.Equal(t, []oware.Move{A, C, F}, s.AppendTo(nil))
	var all []oware.Move
	for m := range s.All() {
		all = append(all, m)
	}
	assert.Equal(t, []oware.Move{A, C, F}, all)
}

// ---------------------------------------------------------------------------
// The API around the rules.

// TestZeroPositionPlay: every move on the zero Position is refused as an
// invalid position, with a *MoveError.
func TestZeroPositionPlay(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		move oware.Move
		msg  string
	}{
		{A, "oware: South plays A: invalid position"},
		{oware.Move(12), "oware: South plays Move(12): invalid position"},
	} {
		next, err := oware.Position{}.Play(tc.move)
		require.Error(t, err)
		assert.False(t, next.Valid())
		assert.ErrorIs(t, err, oware.ErrInvalidPosition)
		for _, s := range sentinels {
			assert.NotErrorIs(t, err, s)
		}
		var me *oware.MoveError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, tc.move, me.Move)
		assert.Equal(t, oware.South, me.Player)
		assert.Equal(t, oware.ErrInvalidPosition, me.Err)
		assert.Equal(t, tc.msg, err.Error())
	}
}

// TestSentinelMessages: as in strconv, sentinels carry no package name;
// the wrapper types add it.
func TestSentinelMessages(t *testing.T) {
	t.Parallel()
	for _, s := range []error{oware.ErrNoSuchPit, oware.ErrNotYourPit, oware.ErrEmptyPit, oware.ErrMustFeed, oware.ErrGameOver, oware.ErrInvalidPosition} {
		assert.False(t, strings.HasPrefix(s.Error(), "oware: "), "%q", s)
	}
}

// TestD1BoardTransposition checks that the two move orders of the
// transposition cases of cases.txt, which reach the same pits, scores and
// side to move, give equal Boards, and that other positions do not.
func TestD1BoardTransposition(t *testing.T) {
	t.Parallel()
	p1 := playCase(t, "transposition-AdBeD")
	p2 := playCase(t, "transposition-AeBdD")
	want := [12]int{2, 1, 7, 0, 7, 6, 6, 6, 5, 1, 1, 6}
	assert.Equal(t, oware.North, p1.Board().ToMove())
	assert.Equal(t, p1.Board(), p2.Board(), "D1: same pits, scores and side")
	assert.True(t, p1.Board() == p2.Board())
	k := p1.Board()
	assert.Equal(t, want, k.Pits())
	assert.Equal(t, 0, k.Score(oware.South))
	assert.Equal(t, 0, k.Score(oware.Player(9)))
	assert.Equal(t, oware.North, k.ToMove())

	// As map keys: the transposition is one entry, other positions others.
	seen := map[oware.Board]string{}
	seen[p1.Board()] = "AdBeD"
	seen[p2.Board()] = "AeBdD"
	seen[oware.Start().Board()] = ""
	seen[playAll(t, oware.Start(), moves(t, "AdBeE")...).Board()] = "AdBeE"
	assert.Len(t, seen, 3, "the transposition shares one entry")
	assert.Equal(t, "AeBdD", seen[p1.Board()])

	// Same board, other side to move, or other scores: different keys.
	same := pos(t, want, [2]int{}, oware.North)
	assert.Equal(t, p1.Board(), same.Board())
	other := pos(t, want, [2]int{}, oware.South)
	assert.NotEqual(t, p1.Board(), other.Board(), "side to move is part of the key")
	moved := pos(t, [12]int{2, 1, 7, 0, 7, 6, 6, 6, 5, 1, 1, 5}, [2]int{1, 0}, oware.North)
	assert.NotEqual(t, p1.Board(), moved.Board())
	scored := pos(t, [12]int{2, 1, 7, 0, 7, 6, 6, 6, 5, 1, 1, 5}, [2]int{0, 1}, oware.North)
	assert.NotEqual(t, moved.Board(), scored.Board(), "scores are part of the key")
}

// TestD4FreshHistory: the board of a position with a history, built anew,
// counts once (D4), equal Boards notwithstanding; the chase of cases.txt
// then needs two more cycles to end the game.
func TestD4FreshHistory(t *testing.T) {
	t.Parallel()
	y := findCase(t, "repetition-chase").Start
	p := playAll(t, oware.MustParsePosition(y), moves(t, "AaBbCcDdEeFf")...)
	require.Equal(t, 2, p.Repetitions())
	fresh := oware.PositionFrom(p.Board())
	assert.Equal(t, 1, fresh.Repetitions())
	assert.Equal(t, p.Board(), fresh.Board(), "D1: the Board has no history")
	built := pos(t, p.Board().Pits(), scoresOf(p), p.Board().ToMove())
	assert.Equal(t, 1, built.Repetitions())
	assert.Equal(t, p.Board(), built.Board())
	fresh = playAll(t, fresh, moves(t, "AaBbCcDdEeFf")...)
	assert.Equal(t, 2, fresh.Repetitions())
	assert.False(t, fresh.Outcome().Over())
}

// TestZeroPosition checks that the zero Position is inert and never panics.
func TestZeroPosition(t *testing.T) {
	t.Parallel()
	var p oware.Position
	assert.False(t, p.Valid())
	assert.Equal(t, 0, p.Repetitions())
	assert.Empty(t, p.LegalMoves())
	assert.Zero(t, p.Moves())
	assert.Equal(t, [12]int{}, p.Board().Pits())
	assert.Equal(t, 0, p.Board().Score(oware.South))
	assert.Equal(t, oware.South, p.Board().ToMove())
	assert.Equal(t, oware.Outcome{}, p.Outcome(), "the zero Outcome")
	assert.False(t, p.Outcome().Over())
	assert.Equal(t, uint64(0), oware.Perft(p, 0))
	assert.Equal(t, uint64(0), oware.Perft(p, 3))
	assert.Equal(t, oware.Board{}, p.Board())
	assert.NotEqual(t, oware.Start().Board(), p.Board())
	assert.Equal(t, "", p.String())
	assert.Equal(t, "invalid position", p.Diagram())
	assert.Equal(t, oware.Position{}.String(), p.Mirror().String())
	for m := oware.Move(0); m < 14; m++ {
		assert.NotPanics(t, func() {
			_, err := p.Play(m)
			assert.ErrorIs(t, err, oware.ErrInvalidPosition)
		})
	}
	// Perft of a negative depth is 0 even for a valid position.
	assert.Equal(t, uint64(0), oware.Perft(oware.Start(), -1))
}

// TestDiagram checks the exact board diagrams.
func TestDiagram(t *testing.T) {
	t.Parallel()
	assert.Equal(t, ""+
		"    f  e  d  c  b  a\n"+
		"N   4  4  4  4  4  4   North 0\n"+
		"S   4  4  4  4  4  4   South 0\n"+
		"    A  B  C  D  E  F\n"+
		"South to move", oware.Start().Diagram())
	assert.Equal(t, ""+
		"    f  e  d  c  b  a\n"+
		"N   0  0  0  0  1  0   North 0\n"+
		"S  47  0  0  0  0  0   South 0\n"+
		"    A  B  C  D  E  F\n"+
		"South to move", pos(t, [12]int{47, 0, 0, 0, 0, 0, 0, 1}, [2]int{}, oware.South).Diagram())
	assert.Equal(t, ""+
		"    f  e  d  c  b  a\n"+
		"N   6  5  4  3  2  1   North 7\n"+
		"S   0  1  2  3  4  5   South 5\n"+
		"    A  B  C  D  E  F\n"+
		"North to move", pos(t, [12]int{0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6}, [2]int{5, 7}, oware.North).Diagram())
	assert.Equal(t, ""+
		"    f  e  d  c  b  a\n"+
		"N   3  3  3  3  3  3   North 18\n"+
		"S   0  0  0  0  0  0   South 12\n"+
		"    A  B  C  D  E  F\n"+
		"North wins 36-12 (no move, R9)", pos(t, [12]int{0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3}, [2]int{12, 18}, oware.South).Diagram())
}

// ---------------------------------------------------------------------------
// Property tests, against internal/refmodel.

// scoresOf returns both captures of p, South's first.
func scoresOf(p oware.Position) [2]int {
	return [2]int{p.Board().Score(oware.South), p.Board().Score(oware.North)}
}

// fataler is what the hot loops of the property tests need from a test:
// they check with plain comparisons, as testify's helpers walk the stack on
// every call, which makes them too slow under -race for whole games.
type fataler interface {
	Fatalf(format string, args ...any)
}

// must fails the test unless ok.
func must(t fataler, ok bool, format string, args ...any) {
	if !ok {
		t.Fatalf(format, args...)
	}
}

// where names a position of a game in failure messages: the first one, or
// the one after a move.
type where struct {
	first bool
	move  oware.Move
}

func (w where) String() string {
	if w.first {
		return "first position"
	}
	return "after " + w.move.String()
}

// agree requires p to be the model's game g: board, scores, side,
// repetitions, legal moves and outcome.
func agree(t fataler, g refmodel.Game, p oware.Position, w where) {
	b := p.Board()
	must(t, g.Pits == b.Pits(), "%v: pits %v, want %v", w, b.Pits(), g.Pits)
	must(t, g.Scores == scoresOf(p), "%v: scores %v, want %v", w, scoresOf(p), g.Scores)
	must(t, oware.Player(g.ToMove) == b.ToMove(), "%v: %v to move, want %v", w, b.ToMove(), oware.Player(g.ToMove))
	must(t, g.Repetitions() == p.Repetitions(), "%v: Repetitions %d, want %d (D2)\n%v", w, p.Repetitions(), g.Repetitions(), p.Diagram())
	var ms []oware.Move
	for _, m := range g.Legal() {
		ms = append(ms, oware.Move(m))
	}
	must(t, slices.Equal(ms, p.LegalMoves()), "%v: legal moves %v, want %v\n%v", w, p.LegalMoves(), ms, p.Diagram())
	o, mo := p.Outcome(), g.Outcome()
	must(t, modelReason(mo) == o.Reason(), "%v: reason %v, want %v\n%v", w, o.Reason(), modelReason(mo), p.Diagram())
	got := [2]int{o.Tally(oware.South), o.Tally(oware.North)}
	must(t, mo.Tallies == got, "%v: tallies %v, want %v (D3)", w, got, mo.Tallies)
}

// newGame starts the model's game at the material of a valid position.
func newGame(t fataler, pits [12]int, scores [2]int, toMove oware.Player) refmodel.Game {
	g, err := refmodel.New(refmodel.Rules{}, refmodel.Board{Pits: pits, Scores: scores, ToMove: int(toMove)})
	must(t, err == nil, "the model refuses %v %v %v: %v", pits, scores, toMove, err)
	return g
}

// modelPlay returns the model's game after the legal move m.
func modelPlay(t fataler, g refmodel.Game, m oware.Move) refmodel.Game {
	next, _, err := g.Play(int(m))
	must(t, err == nil, "the model refuses %v: %v", m, err)
	return next
}

func nilIfEmpty(ms []oware.Move) []oware.Move {
	if len(ms) == 0 {
		return nil
	}
	return ms
}

// setup is the material of a position: pits, scores and side to move.
type setup struct {
	pits   [12]int
	scores [2]int
	toMove oware.Player
}

// genSetup draws a valid position: 48 seeds split over the 12 pits and the
// two scores, each score at most 24 nine times in ten, on a random subset
// of the pits per side (so that empty sides, and so feeding, are common),
// with a random side to move.
var genSetup = rapid.Custom(func(t *rapid.T) setup {
	var s setup
	limit := 24
	if rapid.IntRange(0, 9).Draw(t, "bigScores") == 0 {
		limit = 48
	}
	s.scores[0] = rapid.IntRange(0, limit).Draw(t, "southScore")
	s.scores[1] = rapid.IntRange(0, min(limit, 48-s.scores[0])).Draw(t, "northScore")
	rest := 48 - s.scores[0] - s.scores[1]
	southMask := rapid.IntRange(0, 63).Draw(t, "southPits")
	northMask := rapid.IntRange(0, 63).Draw(t, "northPits")
	mask := southMask | northMask<<6
	if mask == 0 {
		mask = 1<<12 - 1
	}
	var used []int
	for i := range 12 {
		if mask&(1<<i) != 0 {
			used = append(used, i)
		}
	}
	cuts := rapid.SliceOfN(rapid.IntRange(0, rest), len(used)-1, len(used)-1).Draw(t, "cuts")
	slices.Sort(cuts)
	cuts = append(cuts, rest)
	prev := 0
	for i, pit := range used {
		s.pits[pit] = cuts[i] - prev
		prev = cuts[i]
	}
	s.toMove = oware.Player(rapid.IntRange(0, 1).Draw(t, "toMove"))
	return s
})

// maxPlies bounds a game in the property tests; no game may be longer.
const maxPlies = 10_000

// gameLog records the longest game a test sees and how games end.
type gameLog struct {
	mu      sync.Mutex
	longest int
	line    string
	reasons map[oware.Reason]int
}

func (g *gameLog) add(plies int, line []oware.Move, o oware.Outcome) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reasons == nil {
		g.reasons = map[oware.Reason]int{}
	}
	g.reasons[o.Reason()]++
	if plies > g.longest {
		g.longest = plies
		var sb strings.Builder
		for _, m := range line {
			sb.WriteString(m.String())
		}
		g.line = sb.String() + " -> " + o.String()
	}
}

func (g *gameLog) report(t *testing.T) {
	t.Logf("longest game: %d plies; endings: majority %d, no move %d, repetition %d",
		g.longest, g.reasons[oware.Majority], g.reasons[oware.NoMove], g.reasons[oware.Repetition])
	t.Logf("longest game moves: %s", g.line)
}

// snapshot is everything observable about a position, to check that Play
// does not change its receiver.
type snapshot struct {
	key     oware.Board
	pits    [12]int
	reps    int
	moves   oware.MoveSet
	legal   []oware.Move
	outcome oware.Outcome
	str     string
}

func snap(p oware.Position) snapshot {
	return snapshot{p.Board(), p.Board().Pits(), p.Repetitions(), p.Moves(), p.LegalMoves(), p.Outcome(), p.String()}
}

// offBoard are moves that name no pit.
var offBoard = []oware.Move{12, 13, 100, 255}

// checkPosition checks the invariants of one position of a game and of
// every move tried on it: seeds conserved, legal moves consistent, Play
// accepting exactly the legal moves with the right error otherwise, the
// receiver unchanged, and every child agreeing with the model.
func checkPosition(t fataler, p oware.Position, g refmodel.Game) {
	before := snap(p)
	pits := p.Board().Pits()
	total := p.Board().Score(oware.South) + p.Board().Score(oware.North)
	for _, n := range pits {
		total += n
	}
	must(t, total == 48, "R1: pits and scores add up to %d, not 48\n%v", total, p)

	legal := p.LegalMoves()
	set := p.Moves()
	must(t, slices.Equal(legal, set.AppendTo(nil)), "Moves() %v != LegalMoves() %v", set, legal)
	must(t, len(legal) == set.Len(), "MoveSet.Len")
	must(t, uint64(len(legal)) == oware.Perft(p, 1), "Perft(p, 1) != len(LegalMoves())")
	var perft2 uint64 // Perft(p, 2) counted by hand through Play
	for _, m := range legal {
		next, _ := p.Play(m)
		perft2 += uint64(next.Moves().Len())
	}
	must(t, perft2 == oware.Perft(p, 2), "Perft(p, 2) = %d, want %d", oware.Perft(p, 2), perft2)
	o := p.Outcome()
	must(t, (len(legal) == 0) == o.Over(), "game over (%v) <=> no legal move (%v)\n%v", o, legal, p)
	if o.Over() {
		tallies := [2]int{o.Tally(oware.South), o.Tally(oware.North)}
		if o.Reason() == oware.Majority {
			must(t, tallies == scoresOf(p), "D3: R8 tallies %v are the captures", tallies)
			must(t, p.Board().Score(oware.South) >= 25 || p.Board().Score(oware.North) >= 25, "R8 without 25 captured")
		} else {
			must(t, tallies[0]+tallies[1] == 48, "D3: R9/R10 tallies %v add up to 48", tallies)
		}
	}

	mover := p.Board().ToMove()
	opponentEmpty := true
	for i := 6 * int(mover.Opponent()); i < 6*int(mover.Opponent())+6; i++ {
		opponentEmpty = opponentEmpty && pits[i] == 0
	}
	for _, m := range append([]oware.Move{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, offBoard...) {
		next, err := p.Play(m)
		if set.Contains(m) {
			must(t, err == nil, "Play(%v) of a legal move: %v", m, err)
			must(t, next.Valid(), "Play(%v) gives an invalid position", m)
			must(t, next.Board().ToMove() == mover.Opponent(), "after %v the side to move does not alternate", m)
			must(t, next.Board().Score(oware.South) >= p.Board().Score(oware.South) && next.Board().Score(oware.North) >= p.Board().Score(oware.North),
				"after %v a score decreased: %v -> %v", m, scoresOf(p), scoresOf(next))
			agree(t, modelPlay(t, g, m), next, where{move: m})
			continue
		}
		must(t, err != nil, "Play(%v) of an illegal move succeeds\n%v", m, p)
		must(t, next.String() == p.String() && next.Board() == p.Board(), "an illegal move returns the receiver")
		var want error
		switch {
		case o.Over():
			want = oware.ErrGameOver
		case !m.Valid():
			want = oware.ErrNoSuchPit
		case m.Player() != mover:
			want = oware.ErrNotYourPit
		case pits[m] == 0:
			want = oware.ErrEmptyPit
		default:
			must(t, opponentEmpty, "R7: %v refused (%v) while the opponent has seeds", m, err)
			want = oware.ErrMustFeed
		}
		must(t, errors.Is(err, want), "Play(%v): %v, want %v", m, err, want)
		var me *oware.MoveError
		must(t, errors.As(err, &me) && me.Move == m && me.Player == mover, "Play(%v): %#v is not the right *MoveError", m, err)
		must(t, strings.HasPrefix(err.Error(), "oware: "), "message %q", err)
	}
	after := snap(p)
	must(t, before.key == after.key && before.pits == after.pits && before.reps == after.reps &&
		before.moves == after.moves && slices.Equal(before.legal, after.legal) &&
		before.outcome == after.outcome && before.str == after.str,
		"Play changed its receiver: %+v -> %+v", before, after)
}

// playGame plays uniformly random legal moves from p until the game ends,
// checking every position against the invariants and the model.
func playGame(t *rapid.T, p oware.Position, g refmodel.Game, log *gameLog) {
	agree(t, g, p, where{first: true})
	var line []oware.Move
	for ply := 0; ; ply++ {
		checkPosition(t, p, g)
		legal := p.LegalMoves()
		if len(legal) == 0 {
			log.add(ply, line, p.Outcome())
			return
		}
		if ply >= maxPlies {
			t.Fatalf("game not over after %d plies: %v", ply, p)
		}
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
		next, err := p.Play(m)
		require.NoError(t, err)
		p, g = next, modelPlay(t, g, m)
		line = append(line, m)
	}
}

// TestPropGamesFromStart plays random games from the opening (R1–R11).
func TestPropGamesFromStart(t *testing.T) {
	t.Parallel()
	var log gameLog
	rapid.Check(t, func(t *rapid.T) {
		s := oware.Start()
		playGame(t, s, newGame(t, s.Board().Pits(), [2]int{}, oware.South), &log)
	})
	log.report(t)
}

// TestPropRandomPositions plays random games from random valid positions
// (D4), which may be finished already.
func TestPropRandomPositions(t *testing.T) {
	t.Parallel()
	var log gameLog
	rapid.Check(t, func(t *rapid.T) {
		s := genSetup.Draw(t, "position")
		p, err := newPosition(s.pits, s.scores, s.toMove)
		require.NoError(t, err, "D4: a valid position")
		require.Equal(t, 1, p.Repetitions(), "D4: a fresh history")
		playGame(t, p, newGame(t, s.pits, s.scores, s.toMove), &log)
	})
	log.report(t)
}

// TestPropInvalidPositions checks that NewBoard refuses exactly the
// material that D4 forbids, with the sentinel of the model's reason.
func TestPropInvalidPositions(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		var pits [12]int
		for i := range pits {
			pits[i] = rapid.IntRange(-2, 8).Draw(t, "pit")
		}
		scores := [2]int{rapid.IntRange(-2, 30).Draw(t, "south"), rapid.IntRange(-2, 30).Draw(t, "north")}
		side := oware.Player(rapid.IntRange(0, 3).Draw(t, "side"))
		p, err := newPosition(pits, scores, side)
		merr := refmodel.Board{Pits: pits, Scores: scores, ToMove: int(side)}.Check()
		if merr == nil {
			require.NoError(t, err)
			require.True(t, p.Valid())
			return
		}
		require.False(t, p.Valid())
		var pe *oware.BoardError
		require.ErrorAs(t, err, &pe)
		require.ErrorIs(t, err, sentinelOf(merr), "the model says %v", merr)
	})
}

// mirrorPits swaps the two rows: South's pit i becomes North's pit i+6 and
// the other way round.
func mirrorPits(p [12]int) [12]int {
	var m [12]int
	for i := range p {
		m[i] = p[(i+6)%12]
	}
	return m
}

func mirrorMove(m oware.Move) oware.Move { return (m + 6) % 12 }

// TestPropMirror checks that the rules are the same for both players:
// swapping the rows, the scores and the side to move mirrors the legal
// moves, the positions reached and the outcome, along whole random games.
func TestPropMirror(t *testing.T) {
	t.Parallel()
	var log gameLog
	defer log.report(t)
	rapid.Check(t, func(t *rapid.T) {
		var s setup
		if rapid.Bool().Draw(t, "fromStart") {
			s = setup{pits: oware.Start().Board().Pits(), toMove: oware.South}
		} else {
			s = genSetup.Draw(t, "position")
		}
		p, err := newPosition(s.pits, s.scores, s.toMove)
		require.NoError(t, err)
		q, err := newPosition(mirrorPits(s.pits), [2]int{s.scores[1], s.scores[0]}, s.toMove.Opponent())
		require.NoError(t, err)
		for ply := 0; ; ply++ {
			require.Equal(t, mirrorPits(p.Board().Pits()), q.Board().Pits(), "ply %d: mirrored pits", ply)
			require.Equal(t, p.Board().Score(oware.South), q.Board().Score(oware.North), "ply %d", ply)
			require.Equal(t, p.Board().Score(oware.North), q.Board().Score(oware.South), "ply %d", ply)
			require.Equal(t, p.Board().ToMove().Opponent(), q.Board().ToMove(), "ply %d", ply)
			require.Equal(t, p.Repetitions(), q.Repetitions(), "ply %d", ply)
			var mirrored []oware.Move
			for _, m := range p.LegalMoves() {
				mirrored = append(mirrored, mirrorMove(m))
			}
			slices.Sort(mirrored)
			require.Equal(t, mirrored, nilIfEmpty(q.LegalMoves()), "ply %d: mirrored legal moves", ply)
			po, qo := p.Outcome(), q.Outcome()
			require.Equal(t, po.Reason(), qo.Reason(), "ply %d: reason", ply)
			require.Equal(t, po.Tally(oware.South), qo.Tally(oware.North), "ply %d", ply)
			require.Equal(t, po.Tally(oware.North), qo.Tally(oware.South), "ply %d", ply)
			require.Equal(t, po.Draw(), qo.Draw())
			if w, ok := po.Winner(); ok {
				qw, qok := qo.Winner()
				require.True(t, qok)
				require.Equal(t, w.Opponent(), qw)
			}
			legal := p.LegalMoves()
			if len(legal) == 0 {
				log.add(ply, nil, po)
				return
			}
			require.Less(t, ply, maxPlies, "every game ends")
			m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			p, err = p.Play(m)
			require.NoError(t, err)
			q, err = q.Play(mirrorMove(m))
			require.NoError(t, err, "mirrored move %v", mirrorMove(m))
		}
	})
}

// TestPropEveryGameEnds plays many quick random games, from the opening
// and from random positions, with only cheap checks: every game ends
// within maxPlies, the seeds add up to 48 at every ply, and the final
// tallies follow D3. It logs the longest game seen.
func TestPropEveryGameEnds(t *testing.T) {
	t.Parallel()
	var log gameLog
	defer log.report(t)
	rapid.Check(t, func(t *rapid.T) {
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		s := genSetup.Draw(t, "position")
		for game := range 10 {
			p := oware.Start()
			if game%2 == 1 {
				var err error
				p, err = newPosition(s.pits, s.scores, s.toMove)
				must(t, err == nil, "NewBoard: %v", err)
			}
			var line []oware.Move
			for ply := 0; ; ply++ {
				total := p.Board().Score(oware.South) + p.Board().Score(oware.North)
				for _, n := range p.Board().Pits() {
					total += n
				}
				must(t, total == 48, "ply %d: %d seeds", ply, total)
				ms := p.Moves()
				if ms == 0 {
					o := p.Outcome()
					must(t, o.Over(), "no move but not over")
					sum := o.Tally(oware.South) + o.Tally(oware.North)
					if o.Reason() == oware.Majority {
						must(t, sum == p.Board().Score(oware.South)+p.Board().Score(oware.North), "D3: R8 tallies are the captures")
					} else {
						must(t, sum == 48, "D3: tallies %v add up to 48", o)
					}
					log.add(ply, line, o)
					break
				}
				must(t, ply < maxPlies, "game not over after %d plies", ply)
				m, _ := ms.Nth(rng.IntN(ms.Len()))
				next, err := p.Play(m)
				must(t, err == nil, "Play(%v): %v", m, err)
				p = next
				line = append(line, m)
			}
		}
	})
}

// midGame returns a position after 24 plies from the opening without a
// capture (at each ply the first legal move that captures nothing), so
// that it carries a long repetition history.
func midGame(t *testing.T) oware.Position {
	t.Helper()
	p := oware.Start()
	for ply := 0; ply < 24; ply++ {
		played := false
		for _, m := range p.LegalMoves() {
			next, err := p.Play(m)
			require.NoError(t, err)
			if scoresOf(next) == scoresOf(p) {
				p, played = next, true
				break
			}
		}
		require.True(t, played, "ply %d: every move captures", ply)
	}
	require.Equal(t, [2]int{0, 0}, scoresOf(p))
	require.False(t, p.Outcome().Over())
	return p
}

// trace is what a random continuation of a game shows.
type trace struct {
	keys    []oware.Board
	reps    []int
	outcome oware.Outcome
}

// continuation plays first from p, then random moves drawn from seed, to
// the end of the game.
func continuation(p oware.Position, first oware.Move, seed uint64) (trace, error) {
	var tr trace
	rng := rand.New(rand.NewPCG(seed, uint64(first)))
	p, err := p.Play(first)
	for ply := 0; err == nil; ply++ {
		tr.keys = append(tr.keys, p.Board())
		tr.reps = append(tr.reps, p.Repetitions())
		ms := p.Moves()
		if ms == 0 {
			tr.outcome = p.Outcome()
			return tr, nil
		}
		if ply > maxPlies {
			return tr, errors.New("game does not end")
		}
		m, _ := ms.Nth(rng.IntN(ms.Len()))
		p, err = p.Play(m)
	}
	return tr, err
}

// TestConcurrentSharedPosition shares one mid-game position between many
// goroutines, each playing all its legal moves and random continuations,
// and compares what they see with a sequential run. Run it with -race.
func TestConcurrentSharedPosition(t *testing.T) {
	t.Parallel()
	shared := midGame(t)
	before := snap(shared)
	legal := shared.LegalMoves()
	require.NotEmpty(t, legal)

	const goroutines = 16
	wantPerft := oware.Perft(shared, 3)
	want := make([][]trace, goroutines) // by goroutine, then by move
	for g := range goroutines {
		for _, m := range legal {
			tr, err := continuation(shared, m, uint64(g))
			require.NoError(t, err)
			want[g] = append(want[g], tr)
		}
	}

	got := make([][]trace, goroutines)
	errs := make([]error, goroutines)
	perfts := make([]uint64, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, m := range shared.LegalMoves() {
				tr, err := continuation(shared, m, uint64(g))
				if err != nil {
					errs[g] = err
					return
				}
				got[g] = append(got[g], tr)
			}
			// Legal or not, a move played concurrently answers as it does
			// sequentially.
			m := oware.Move(g % 13)
			if _, err := shared.Play(m); (err == nil) != shared.Moves().Contains(m) {
				errs[g] = fmt.Errorf("Play(%v): %v", m, err)
				return
			}
			perfts[g] = oware.Perft(shared, 3)
			_ = shared.String()
		}()
	}
	wg.Wait()
	for g := range goroutines {
		require.NoError(t, errs[g], "goroutine %d", g)
		require.Equal(t, want[g], got[g], "goroutine %d saw other games than the sequential run", g)
		require.Equal(t, wantPerft, perfts[g], "goroutine %d: Perft", g)
	}
	require.Equal(t, before, snap(shared), "the shared position changed")
}

// xorshift is a small, fast pseudo-random generator (Marsaglia's
// xorshift64*), so that the playout benchmark measures the library rather
// than math/rand.
type xorshift uint64

// below returns a pseudo-random number in [0, n) for a small n > 0.
func (x *xorshift) below(n int) int {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return int((uint64(*x) * 0x2545f4914f6cdd1d >> 32) * uint64(n) >> 32)
}

// playout plays uniformly random legal moves from p to the end of the game
// and returns the number of plies.
func playout(p oware.Position, rng *xorshift) int {
	plies := 0
	for {
		moves := p.Moves()
		if moves.Len() == 0 {
			return plies
		}
		m, _ := moves.Nth(rng.below(moves.Len()))
		p, _ = p.Play(m)
		plies++
	}
}

// sampleMoves returns n positions met in random games from the start, each
// with a random legal move, and how many of those moves capture.
func sampleMoves(n int) (positions []oware.Position, moves []oware.Move, captures int) {
	rng := rand.New(rand.NewPCG(7, 7))
	for len(positions) < n {
		p := oware.Start()
		for p.Moves().Len() > 0 && len(positions) < n {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			next, _ := p.Play(m)
			if next.Board().Score(p.Board().ToMove()) > p.Board().Score(p.Board().ToMove()) {
				captures++
			}
			positions, moves = append(positions, p), append(moves, m)
			p = next
		}
	}
	return positions, moves, captures
}

// capturelessShuffle returns a line of plies moves from a fresh position
// with few seeds on the board, none of which captures or ends the game and
// each of which reaches a position the line has not met, so that the line
// can grow long without a repetition ending it (R10). It is a depth-first
// search in random move order that backs up from dead ends.
func capturelessShuffle(tb testing.TB, plies int) (base oware.Position, line []oware.Move) {
	rng := rand.New(rand.NewPCG(3, 1))
	var pits [12]int
	for i := 0; i < 10; i++ { // 10 seeds on the board, 38 captured
		pits[rng.IntN(12)]++
	}
	base, err := newPosition(pits, [2]int{19, 19}, oware.South)
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[oware.Board]bool{base.Board(): true}
	candidates := func(p oware.Position) []oware.Move {
		var out []oware.Move
		mover := p.Board().ToMove()
		for m, next := range p.Children() {
			if next.Board().Score(mover) == p.Board().Score(mover) && !next.Outcome().Over() && !seen[next.Board()] {
				out = append(out, m)
			}
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	type frame struct {
		p    oware.Position
		left []oware.Move // moves not tried yet
	}
	stack := []frame{{base, candidates(base)}}
	line = nil
	for steps := 0; len(line) < plies && steps < 100*plies; steps++ {
		top := &stack[len(stack)-1]
		if len(top.left) == 0 {
			if len(stack) == 1 {
				break
			}
			stack, line = stack[:len(stack)-1], line[:len(line)-1]
			continue
		}
		m := top.left[0]
		top.left = top.left[1:]
		next, _ := top.p.Play(m)
		if seen[next.Board()] {
			continue
		}
		seen[next.Board()] = true
		stack, line = append(stack, frame{next, candidates(next)}), append(line, m)
	}
	if len(line) < plies {
		tb.Fatalf("no capture-free shuffle of %d plies found", plies)
	}
	return base, line
}

func BenchmarkPlayout(b *testing.B) {
	b.ReportAllocs()
	rng := xorshift(88172645463325252)
	start := oware.Start()
	plies := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		plies += playout(start, &rng)
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(plies), "allocs/ply")
}

func BenchmarkLegalMoves(b *testing.B) {
	positions, _, _ := sampleMoves(1024)
	b.Run("Moves", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for i := 0; b.Loop(); i++ {
			n += positions[i&(len(positions)-1)].Moves().Len()
		}
	})
	b.Run("AppendTo", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]oware.Move, 0, 6)
		for i := 0; b.Loop(); i++ {
			buf = positions[i&(len(positions)-1)].Moves().AppendTo(buf[:0])
		}
	})
	b.Run("LegalMoves", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = positions[i&(len(positions)-1)].LegalMoves()
		}
	})
}

// BenchmarkRules measures Rules.Children and Rules.Parents, the loops of
// package tablebase, on the boards of BenchmarkPlay's positions, under
// abapa and under awari (whose legal moves test the grand slam, R6).
func BenchmarkRules(b *testing.B) {
	positions, _, _ := sampleMoves(1024)
	for _, name := range []string{"abapa", "awari"} {
		r, err := oware.ParseRules(name)
		require.NoError(b, err)
		// Each loop is written out, so that its iterator is inlined and
		// does not escape, as in a caller's loop.
		for _, c := range []struct {
			kind  string
			count func(oware.Board) int
		}{
			{"Children", func(x oware.Board) (n int) {
				for range r.Children(x) {
					n++
				}
				return n
			}},
			{"Parents", func(x oware.Board) (n int) {
				for range r.Parents(x) {
					n++
				}
				return n
			}},
		} {
			b.Run(c.kind+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for i := 0; b.Loop(); i++ {
					n += c.count(positions[i&(len(positions)-1)].Board())
				}
			})
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	positions, moves, captures := sampleMoves(256)
	b.ReportAllocs()
	var p oware.Position
	for i := 0; b.Loop(); i++ {
		p, _ = positions[i&(len(positions)-1)].Play(moves[i&(len(moves)-1)])
	}
	_ = p
	b.ReportMetric(100*float64(captures)/float64(len(moves)), "%captures")
}

// BenchmarkExplain explains the moves that BenchmarkPlay plays: the same
// move step, with the record of what it did kept.
func BenchmarkExplain(b *testing.B) {
	positions, moves, _ := sampleMoves(256)
	b.ReportAllocs()
	var e oware.Effect
	for i := 0; b.Loop(); i++ {
		e, _ = positions[i&(len(positions)-1)].Explain(moves[i&(len(moves)-1)])
	}
	_ = e
}

func BenchmarkOutcome(b *testing.B) {
	positions, _, _ := sampleMoves(1024)
	b.ReportAllocs()
	over := 0
	for i := 0; b.Loop(); i++ {
		if positions[i&(len(positions)-1)].Outcome().Over() {
			over++
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{8, 10} {
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.ReportAllocs()
			var leaves uint64
			for b.Loop() {
				leaves += oware.Perft(oware.Start(), depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// BenchmarkLongShuffle measures playing a move and asking the outcome,
// per ply, along a capture-free shuffle that prefers unseen positions:
// right after a capture (a fresh history) and 300, 1,500 and 3,000 plies
// into the shuffle, where the repetition history is long. Each is
// measured over the next 48 plies (three blocks of the history) and over
// the next 256 (sixteen blocks, which amortizes the cost of the Bloom
// filters that a block's Fenwick node rebuilds, larger every 2ᵏ blocks).
// The cost should stay flat: README measures it in instructions.
func BenchmarkLongShuffle(b *testing.B) {
	windows := []int{48, 256}
	depths := []int{0, 300, 1500, 3000}
	base, line := capturelessShuffle(b, depths[len(depths)-1]+windows[len(windows)-1])
	for _, d := range depths {
		deep := base
		for _, m := range line[:d] {
			deep, _ = deep.Play(m)
		}
		name := "AfterCapture"
		if d > 0 {
			name = "Plies=" + strconv.Itoa(d)
		}
		for _, w := range windows {
			moves := line[d : d+w]
			b.Run(name+"/"+strconv.Itoa(w), func(b *testing.B) {
				b.ReportAllocs()
				over := 0
				for b.Loop() {
					p := deep
					for _, m := range moves {
						p, _ = p.Play(m)
						if p.Outcome().Over() {
							over++
						}
					}
				}
				if over != 0 {
					b.Fatal("the shuffle ended the game")
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
			})
		}
	}
}

// TestNoAllocs pins the paths that must not allocate. Play allocates only
// when a capture-free stretch outgrows the history a Position holds inline,
// once every few plies (see BenchmarkLongShuffle).
func TestNoAllocs(t *testing.T) {
	start := oware.Start()
	capture := oware.MustParsePosition("0-0-0-0-0-1-1-0-0-0-0-4-20-22-S")
	if next, err := capture.Play(5); err != nil || next.Board().Score(oware.South) != 22 {
		t.Fatalf("F should capture 2 seeds from pit 6: %v, %v", next, err)
	}
	buf := make([]byte, 0, 64)
	moves := make([]oware.Move, 0, 6)
	openspiel, err := oware.ParseRules("openspiel")
	require.NoError(t, err)
	lap := oware.MustParseBoard("0-3-1-1-1-1-2-2-2-2-2-2-15-14-N") // has parents
	var sink int
	for name, f := range map[string]func(){
		"Moves": func() { sink += start.Moves().Len() },
		"MoveSet.All": func() {
			for m := range start.Moves().All() {
				sink += int(m)
			}
		},
		"MoveSet.AppendTo": func() { moves = start.Moves().AppendTo(moves[:0]) },
		"MoveSet.Nth":      func() { m, _ := start.Moves().Nth(3); sink += int(m) },
		"Play/quiet":       func() { p, _ := start.Play(5); sink += p.Board().Pit(6) },
		"Play/capture":     func() { p, _ := capture.Play(5); sink += p.Board().Score(oware.South) },
		"Explain":          func() { e, _ := capture.Explain(5); sink += e.Captured() + e.After().Board().Pit(6) },
		"Outcome":          func() { sink += int(start.Outcome().Reason()) },
		"Board":            func() { sink += start.Board().Score(oware.South) },
		"Board.Hash":       func() { sink += int(start.Board().Hash() & 1) },
		"Board.Mirror":     func() { sink += start.Board().Mirror().Pit(3) },
		"Board.PitCounts":  func() { sink += int(start.Board().PitCounts()[3]) },
		"PackBoard": func() {
			sink += oware.PackBoard([12]uint8{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 5}, [2]uint8{}, oware.North).Pit(11)
		},
		"Board.AppendText": func() { buf, _ = start.Board().AppendText(buf[:0]) },
		"AppendText":       func() { buf, _ = start.AppendText(buf[:0]) },
		"Children": func() {
			for m, c := range start.Children() {
				sink += int(m) + c.Moves().Len()
			}
		},
		"Rules.Children": func() {
			for m, c := range openspiel.Children(start.Board()) {
				sink += int(m) + c.Pit(6)
			}
		},
		"Rules.Parents": func() {
			for m, a := range openspiel.Parents(lap) {
				sink += int(m) + a.Pit(0)
			}
		},
		"Start":        func() { sink += oware.Start().Moves().Len() },
		"Rules.Start":  func() { sink += openspiel.Start().Moves().Len() },
		"PositionFrom": func() { sink += oware.PositionFrom(start.Board()).Repetitions() },
		"Perft":        func() { sink += int(oware.Perft(start, 5)) },
		"Divide": func() {
			for _, n := range oware.Divide(start, 3) {
				sink += int(n)
			}
		},
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	// Rules.Parents and Rules.Children under every preset, on boards
	// with laps (R4), feeding (R7) and a starved mover, which takes the
	// rules' full test of legality.
	boards := []oware.Board{lap, start.Board(),
		oware.MustParseBoard("0-0-0-0-1-1-0-0-0-0-0-0-24-22-N"),
		oware.MustParseBoard("0-0-0-0-0-0-2-1-0-0-0-0-22-23-N"),
		oware.MustParseBoard("12-1-0-0-0-0-1-1-1-1-1-1-15-14-S")}
	for _, name := range oware.RulesNames() {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		found := 0
		n := testing.AllocsPerRun(100, func() {
			for _, b := range boards {
				for m, a := range r.Parents(b) {
					found += int(m) + a.Pit(0) + 1
				}
				for m, c := range r.Children(b) {
					sink += int(m) + c.Pit(6)
				}
			}
		})
		assert.Zero(t, n, "%s: Rules.Parents and Rules.Children allocate", name)
		assert.Positive(t, found, "%s: some parents", name)
	}
}

// TestChildrenShareSpill: where a capture-free stretch fills the history
// that a position holds inline, the children that Children gives share
// the one block it moves to, however many they are (see Play).
func TestChildrenShareSpill(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var p oware.Position
	for found := false; !found; {
		b := oware.MustParseBoard("1-1-1-0-0-0-0-0-1-1-1-0-21-21-S")
		p = oware.Rules{}.Position(b)
		for p.QuietPlies() < 16 && p.Moves().Len() > 0 {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
		}
		found = p.QuietPlies() == 16 && p.Moves().Len() >= 2 && !p.Outcome().Over()
	}
	quiet := 0
	for _, c := range p.Children() {
		if c.QuietPlies() > 0 {
			quiet++
		}
	}
	require.GreaterOrEqual(t, quiet, 2, "%v: want two moves that capture nothing", p)
	sink := 0
	n := testing.AllocsPerRun(100, func() {
		for _, c := range p.Children() {
			sink += c.Repetitions()
		}
	})
	require.Positive(t, sink)
	require.LessOrEqual(t, n, 1.0, "%v: %d children", p, quiet)
}

// TestRepetitionCountMatchesNaiveHistory replays long random games from
// positions with few seeds, where capture-free stretches are long and
// positions recur, and checks Repetitions and the R10 ending against the
// model's plain list of the positions since the last capture (D1, D2), and
// QuietPlies against its length; and that Children gives the positions
// Play does, the odd games going on from Children's.
func TestRepetitionCountMatchesNaiveHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	games := 400
	if testing.Short() {
		games = 60
	}
	longest := 0
	for gm := 0; gm < games; gm++ {
		var pits [12]int
		onBoard := 2 + rng.IntN(9)
		for i := 0; i < onBoard; i++ {
			pits[rng.IntN(12)]++
		}
		south := rng.IntN(48 - onBoard + 1)
		scores := [2]int{south, 48 - onBoard - south}
		side := oware.Player(rng.IntN(2))
		p, err := newPosition(pits, scores, side)
		require.NoError(t, err)
		g := newGame(t, pits, scores, side)
		for ply := 0; ply < 2000; ply++ {
			require.Equal(t, g.Board.String(), p.Board().String(), "game %d ply %d", gm, ply)
			require.Equal(t, min(g.Repetitions(), 63), p.Repetitions(), "game %d ply %d", gm, ply)
			require.Equal(t, len(g.Since)-1, p.QuietPlies(), "game %d ply %d: the plies since the last capture", gm, ply)
			require.Equal(t, g.Outcome().Reason == refmodel.Repetition, p.Outcome().Reason() == oware.Repetition, "game %d ply %d", gm, ply)
			moves := p.Moves()
			if moves.Len() == 0 {
				break
			}
			m, _ := moves.Nth(rng.IntN(moves.Len()))
			next, err := p.Play(m)
			require.NoError(t, err)
			// Children gives what Play does; the odd games go on with its
			// children, whose histories share the blocks it spills.
			for cm, c := range p.Children() {
				want, err := p.Play(cm)
				require.NoError(t, err)
				require.Equal(t, want.Board(), c.Board(), "game %d ply %d move %v", gm, ply, cm)
				require.Equal(t, want.Repetitions(), c.Repetitions(), "game %d ply %d move %v", gm, ply, cm)
				require.Equal(t, want.QuietPlies(), c.QuietPlies(), "game %d ply %d move %v", gm, ply, cm)
				require.Equal(t, want.Outcome(), c.Outcome(), "game %d ply %d move %v", gm, ply, cm)
				if cm == m && gm%2 == 1 {
					next = c
				}
			}
			p, g = next, modelPlay(t, g, m)
			longest = max(longest, len(g.Since))
		}
	}
	t.Logf("longest capture-free stretch: %d positions", longest)
}

// ---------------------------------------------------------------------------
// Notation: moves, position strings, FEN, text and JSON forms.

// requireParseError checks that err is a *ParseError about what, at the
// given byte offset, whose message contains msg, and that it wraps want.
func requireParseError(t *testing.T, err error, what string, offset int, msg string, want error) {
	t.Helper()
	var pe *oware.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, what, pe.What)
	assert.Equal(t, offset, pe.Offset, "offset; message %q", pe.Msg)
	assert.Contains(t, err.Error(), msg)
	assert.ErrorIs(t, err, want)
	assert.Regexp(t, `^oware: `, err.Error())
}

// TestPositionTextZero: the zero Position and the zero Board encode as
// the empty text, which decodes back to them.
func TestPositionTextZero(t *testing.T) {
	b, err := oware.Position{}.AppendText([]byte("x"))
	assert.NoError(t, err)
	assert.Equal(t, "x", string(b))
	text, err := oware.Position{}.MarshalText()
	assert.NoError(t, err)
	assert.Empty(t, text)
	p := oware.Start()
	require.NoError(t, p.UnmarshalText(nil))
	assert.False(t, p.Valid())
	out, err := json.Marshal(struct {
		P oware.Position
		B oware.Board
	}{})
	require.NoError(t, err)
	assert.Equal(t, `{"P":"","B":""}`, string(out))
	var back struct {
		P oware.Position
		B oware.Board
	}
	back.P, back.B = oware.Start(), oware.Start().Board()
	require.NoError(t, json.Unmarshal(out, &back))
	assert.False(t, back.P.Valid())
	assert.Equal(t, oware.Board{}, back.B)
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want oware.Move
	}{
		{"A", 0}, {"B", 1}, {"C", 2}, {"D", 3}, {"E", 4}, {"F", 5},
		{"a", 6}, {"b", 7}, {"c", 8}, {"d", 9}, {"e", 10}, {"f", 11},
		{"0", 0}, {"1", 1}, {"2", 2}, {"3", 3}, {"4", 4}, {"5", 5},
		{"6", 6}, {"7", 7}, {"8", 8}, {"9", 9}, {"10", 10}, {"11", 11},
	}
	for _, tt := range tests {
		m, err := oware.ParseMove(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, m, tt.in)
	}
	for _, in := range []string{
		"", "G", "g", "Z", "z", "12", "13", "99", "-1", "+1", " A", "A ", "AA",
		"Aa", "01", "00", "011", "1 ", "0x1", "B1", "A\x00", "\u0410", "１",
	} {
		m, err := oware.ParseMove(in)
		requireParseError(t, err, "move", 0, "not a pit letter", oware.ErrSyntax)
		assert.Zero(t, m, in)
	}
}

func TestMoveText(t *testing.T) {
	b, err := json.Marshal(oware.Move(5))
	require.NoError(t, err)
	assert.Equal(t, `"F"`, string(b))
	b, err = json.Marshal([]oware.Move{0, 6, 11})
	require.NoError(t, err)
	assert.Equal(t, `["A","a","f"]`, string(b))

	var moves []oware.Move
	require.NoError(t, json.Unmarshal([]byte(`["c","3","11"]`), &moves))
	assert.Equal(t, []oware.Move{8, 3, 11}, moves)

	var m oware.Move = 4
	err = json.Unmarshal([]byte(`"G"`), &m)
	requireParseError(t, err, "move", 0, "not a pit letter", oware.ErrSyntax)
	assert.Equal(t, oware.Move(4), m, "unchanged on error")
	assert.Error(t, json.Unmarshal([]byte(`3`), &m), "a JSON number is not a move")

	_, err = json.Marshal(oware.Move(12))
	assert.ErrorIs(t, err, oware.ErrRange)
	var re *oware.RangeError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, oware.RangeError{Type: "Move", Value: 12}, *re)
	assert.Equal(t, "oware: Move 12: value out of range", re.Error())
}

func TestPlayerText(t *testing.T) {
	for _, tt := range []struct {
		p    oware.Player
		text string
	}{{oware.South, "South"}, {oware.North, "North"}} {
		b, err := tt.p.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tt.text, string(b))
	}
	_, err := oware.Player(2).MarshalText()
	assert.ErrorIs(t, err, oware.ErrRange)
	assert.Equal(t, "oware: Player 2: value out of range", err.Error())

	for in, want := range map[string]oware.Player{"South": oware.South, "S": oware.South, "North": oware.North, "N": oware.North} {
		p := oware.Player(7)
		require.NoError(t, p.UnmarshalText([]byte(in)), in)
		assert.Equal(t, want, p, in)
	}
	for _, in := range []string{"", "south", "s", "n", "NORTH", "East", "SN", " S", "South ", "0", "1"} {
		p := oware.North
		err := p.UnmarshalText([]byte(in))
		requireParseError(t, err, "player", 0, `not "South", "North", "S" or "N"`, oware.ErrSyntax)
		assert.Equal(t, oware.North, p, "unchanged on error")
	}

	b, err := json.Marshal(map[oware.Player]int{oware.South: 3, oware.North: 5})
	require.NoError(t, err)
	assert.Equal(t, `{"North":5,"South":3}`, string(b))
}

func TestReasonText(t *testing.T) {
	for _, tt := range []struct {
		r    oware.Reason
		text string
	}{
		{oware.NotOver, "not over"},
		{oware.Majority, "majority"},
		{oware.NoMove, "no move"},
		{oware.Repetition, "repetition"},
		{oware.QuietLimit, "quiet limit"},
		{oware.PlyLimit, "ply limit"},
	} {
		b, err := tt.r.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tt.text, string(b))
		r := oware.Reason(9)
		require.NoError(t, r.UnmarshalText([]byte(tt.text)))
		assert.Equal(t, tt.r, r)
	}
	_, err := oware.Reason(6).MarshalText()
	assert.ErrorIs(t, err, oware.ErrRange)
	assert.Equal(t, "oware: Reason 6: value out of range", err.Error())
	for _, in := range []string{"", "Majority", "R8", "no_move", "nomove", "repetition "} {
		r := oware.Majority
		err := r.UnmarshalText([]byte(in))
		requireParseError(t, err, "reason", 0, `not "not over", "majority", "no move", "repetition", "quiet limit" or "ply limit"`, oware.ErrSyntax)
		assert.Equal(t, oware.Majority, r)
	}
}

// finished returns the last positions of cases of cases.txt that end in
// each way, with their outcome as text (the case's outcome fact).
func finished(t *testing.T) []struct {
	name string
	p    oware.Position
	text string
} {
	var out []struct {
		name string
		p    oware.Position
		text string
	}
	for _, name := range []string{"opening", "explain-majority", "explain-no-move", "no-move-draw-south-empty", "repetition-two-seeds"} {
		c := findCase(t, name)
		require.True(t, c.Last().Has("outcome"), "case %s gives its outcome", name)
		out = append(out, struct {
			name string
			p    oware.Position
			text string
		}{name, playCase(t, name), c.Last().Outcome.Text})
	}
	return out
}

// TestOutcomeText: an outcome's text is the case's, and reads back as the
// same outcome.
func TestOutcomeText(t *testing.T) {
	for _, tt := range finished(t) {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.p.Outcome()
			b, err := o.AppendText([]byte("> "))
			require.NoError(t, err)
			assert.Equal(t, "> "+tt.text, string(b))
			b, err = o.MarshalText()
			require.NoError(t, err)
			assert.Equal(t, tt.text, string(b))
			assert.Equal(t, tt.text, o.String())

			var back oware.Outcome
			require.NoError(t, back.UnmarshalText(b))
			assert.Equal(t, o, back)
		})
	}
}

// TestOutcomeTextOnly reads outcomes that no game above reaches, each of
// the parts that its text states.
func TestOutcomeTextOnly(t *testing.T) {
	for _, tt := range []struct {
		text    string
		reason  oware.Reason
		tallies [2]int
		half    bool
		winner  string // "" for a draw
	}{
		{"North wins 48-0 (no move, R9)", oware.NoMove, [2]int{0, 48}, false, "North"},
		{"South wins 48-0 (repetition, R10)", oware.Repetition, [2]int{48, 0}, false, "South"},
		{"North wins 25-0 (majority, R8)", oware.Majority, [2]int{0, 25}, false, "North"},
		{"South wins 25-23 (majority, R8)", oware.Majority, [2]int{25, 23}, false, "South"},
		{"North wins 28-20 (repetition, R10)", oware.Repetition, [2]int{20, 28}, false, "North"},
		{"North wins 24.5-23.5 (repetition, R10)", oware.Repetition, [2]int{23, 24}, true, "North"},
		{"draw 24-24 (quiet limit)", oware.QuietLimit, [2]int{24, 24}, false, ""},
		{"South wins 30-18 (quiet limit)", oware.QuietLimit, [2]int{30, 18}, false, "South"},
		{"draw 30-18 (ply limit)", oware.PlyLimit, [2]int{30, 18}, false, ""},
		{"draw 10-38 (ply limit)", oware.PlyLimit, [2]int{10, 38}, false, ""},
	} {
		var o oware.Outcome
		require.NoError(t, o.UnmarshalText([]byte(tt.text)), tt.text)
		assert.True(t, o.Over(), tt.text)
		assert.Equal(t, tt.reason, o.Reason(), tt.text)
		assert.Equal(t, tt.tallies, [2]int{o.Tally(oware.South), o.Tally(oware.North)}, tt.text)
		assert.Equal(t, tt.half, o.HalfSeed(), tt.text)
		w, ok := o.Winner()
		assert.Equal(t, tt.winner != "", ok, tt.text)
		if ok {
			assert.Equal(t, tt.winner, w.String(), tt.text)
		}
		assert.Equal(t, tt.winner == "", o.Draw(), tt.text)
		assert.Equal(t, tt.text, o.String())
	}
}

// TestOutcomeUnmarshalTextErrors: text that is not an outcome's, or
// states an outcome the rules cannot produce (D3, R11), is refused, and
// the outcome is left as it was.
func TestOutcomeUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, `not "not over", "draw …"`},
		{"Not over", 0, `not "not over", "draw …"`},
		{"not over ", 0, `not "not over", "draw …"`},
		{"East wins 26-22 (majority, R8)", 0, `not "not over", "draw …"`},
		{"South wins 26-22", 11, `tallies are not "N-N"`},
		{"South wins 26:22 (majority, R8)", 11, `tallies are not "N-N"`},
		{"South wins 26-022 (majority, R8)", 11, "a tally is not a whole number"},
		{"South wins 49-0 (majority, R8)", 11, "a tally is not a whole number"},
		{"South wins -1-22 (majority, R8)", 11, "a tally is not a whole number"},
		{"South wins 26.0-22 (majority, R8)", 11, "a tally is not a whole number"},
		{"North wins 24.5-23 (repetition, R10)", 11, "only both tallies hold half a seed"},
		{"South wins 26-22 (majority)", 17, "not a reason and its rule"},
		{"South wins 26-22 (majority, R9)", 17, "not a reason and its rule"},
		{"South wins 26-22 (Majority, R8)", 17, "not a reason and its rule"},
		{"South wins 26-22 (majority, R8", 17, "not a reason and its rule"},
		{"South wins 26-22 (majority, R8) ", 17, "not a reason and its rule"},
		{"South wins 30-18 (quiet limit, R10)", 17, "not a reason and its rule"},
		{"draw 0-0 (not over)", 9, "not a reason and its rule"},
		{"South wins 24-4 (majority, R8)", 0, "after R8 one tally is 25 or more"},
		{"South wins 25-24 (majority, R8)", 0, "they add up to at most 48"},
		{"South wins 25.5-4.5 (majority, R8)", 0, "only an even split after a repetition holds half seeds"},
		{"South wins 24-4 (no move, R9)", 0, "after R9 and R10 the tallies add up to 48"},
		{"North wins 24-22 (majority, R8)", 0, "after R8 one tally is 25 or more"},
		{"North wins 22-26 (no move, R9)", 0, `this outcome is written "South wins 26-22 (no move, R9)"`},
		{"draw 26-22 (no move, R9)", 0, `this outcome is written "South wins 26-22 (no move, R9)"`},
		{"South wins 24-24 (repetition, R10)", 0, `this outcome is written "draw 24-24 (repetition, R10)"`},
		{"South wins 30-18 (ply limit)", 0, `this outcome is written "draw 30-18 (ply limit)"`},
		{"North wins 18-30 (ply limit)", 0, `this outcome is written "draw 30-18 (ply limit)"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			o := oware.MustParsePosition("0-0-0-0-0-0-1-2-0-0-0-0-22-23-S").Outcome()
			before := o
			err := o.UnmarshalText([]byte(tt.in))
			requireParseError(t, err, "outcome", tt.offset, tt.msg, oware.ErrSyntax)
			assert.Equal(t, before, o, "unchanged on error")
		})
	}
}

func TestPositionStringRoundTrip(t *testing.T) {
	for _, s := range []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"4-4-0-5-5-5-5-4-4-4-4-4-0-0-N",
		"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N",
		"0-0-0-0-0-0-0-0-0-0-0-0-24-24-S",
		"48-0-0-0-0-0-0-0-0-0-0-0-0-0-N",
		"0-0-0-0-0-0-0-0-0-0-0-0-48-0-N",
	} {
		p, err := oware.ParsePosition(s)
		require.NoError(t, err, s)
		assert.Equal(t, 1, p.Repetitions())
		b, err := p.AppendText([]byte("pos "))
		require.NoError(t, err)
		assert.Equal(t, "pos "+s, string(b))

		var q oware.Position
		require.NoError(t, q.UnmarshalText([]byte(s)))
		assert.Equal(t, p.Board(), q.Board())
	}

	type game struct {
		At   oware.Position `json:"at"`
		Next oware.Move     `json:"next"`
	}
	b, err := json.Marshal(game{oware.Start(), 2})
	require.NoError(t, err)
	assert.Equal(t, `{"at":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","next":"C"}`, string(b))
	var g game
	require.NoError(t, json.Unmarshal([]byte(`{"at":"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N","next":"a"}`), &g))
	assert.Equal(t, oware.Move(6), g.Next)
	assert.Equal(t, 10, g.At.Board().Pit(1))
	assert.Equal(t, 14, g.At.Board().Score(oware.North))
	assert.Equal(t, oware.North, g.At.Board().ToMove())
}

func TestParseBoardErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
		want   error
	}{
		{"", 0, "pit 0 is missing", oware.ErrSyntax},
		{"-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is missing", oware.ErrSyntax},
		{"4--4-4-4-4-4-4-4-4-4-4-0-0-S", 2, "pit 1 is missing", oware.ErrSyntax},
		{" 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is missing", oware.ErrSyntax},
		{"4-4-x-4-4-4-4-4-4-4-4-4-0-0-S", 4, "pit 2 is not a number from 0 to 48", oware.ErrSyntax},
		{"49-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is not a number", oware.ErrSyntax},
		{"04-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-+4-0-0-S", 22, "pit 11 is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-100-0-S", 24, "South's score is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-1.5-S", 26, "North's score is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4", 23, "too few fields", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0", 27, "too few fields", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-s", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S ", 30, "no moves after the space", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-1", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +7 Cf", 30, "plies before the board count only under rules with a limit of plies", oware.ErrSyntax},
		{"awari 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +0", 36, "plies before the board count only under rules with a limit of plies", oware.ErrSyntax},
		{"playstrategy 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +07", 44, "plies before the board are not a number", oware.ErrSyntax},
		{"3-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "total is 47", nil},
		{"4-4-4-4-4-4-4-4-4-4-4-4-48-0-S", 0, "total is 96", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := oware.ParsePosition(tt.in)
			want := tt.want
			if want == nil {
				var pe *oware.BoardError
				require.ErrorAs(t, err, &pe)
				want = oware.ErrSeedTotal
			}
			requireParseError(t, err, "position", tt.offset, tt.msg, want)
			assert.False(t, p.Valid())
		})
	}
}

// checkParseError checks the form of an error that a parser returned for
// input: a *ParseError about what, with an offset inside the input, that
// wraps ErrSyntax, ErrUnknownRules, a *BoardError or a *MoveError.
func checkParseError(t *testing.T, err error, what, input string) {
	t.Helper()
	var pe *oware.ParseError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, what, pe.What)
	require.Equal(t, input, pe.Input)
	require.GreaterOrEqual(t, pe.Offset, 0)
	require.LessOrEqual(t, pe.Offset, len(input))
	require.True(t, pe.Msg != "" || !errors.Is(err, oware.ErrSyntax), "a syntax error says what is wrong")
	var pos *oware.BoardError
	var me *oware.MoveError
	require.True(t, errors.Is(err, oware.ErrSyntax) || errors.Is(err, oware.ErrRange) || errors.Is(err, oware.ErrUnknownRules) || errors.As(err, &pos) || errors.As(err, &me), "wraps %v", pe.Err)
	require.True(t, strings.HasPrefix(err.Error(), "oware: "))
}

// seedTotal returns the seeds of p: pits plus scores.
func seedTotal(p oware.Position) int {
	n := p.Board().Score(oware.South) + p.Board().Score(oware.North)
	for _, c := range p.Board().Pits() {
		n += c
	}
	return n
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"A", "F", "a", "f", "0", "9", "10", "11", "12", "G", "", " A", "01", "-1"} {
		f.Add(s)
	}
	// The accepted texts, from the notation itself: pit letters and numbers.
	valid := make(map[string]oware.Move)
	for i, c := range "ABCDEFabcdef" {
		valid[string(c)] = oware.Move(i)
		valid[strconv.Itoa(i)] = oware.Move(i)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := oware.ParseMove(s)
		want, ok := valid[s]
		if !ok {
			checkParseError(t, err, "move", s)
			return
		}
		require.NoError(t, err)
		require.Equal(t, want, m)
		text, err := m.MarshalText()
		require.NoError(t, err)
		back, err := oware.ParseMove(string(text))
		require.NoError(t, err)
		require.Equal(t, m, back)
	})
}

// FuzzParsePosition reads positions, with their history and rules or
// without, and checks that the text form keeps everything: the text of a
// position read back gives the same text, board, repetition count, legal
// moves, outcome and rules; a bare position string is canonical and starts
// a fresh history (D4).
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N",
		"0-0-0-0-0-0-0-0-0-0-0-0-48-0-N",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",
		"3-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S CfBeAd",
		"0-1-0-1-0-1-0-0-1-0-0-0-22-22-N cBdDeCfFaAbEcBdDeCfFaAbE",
		"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S Fa",
		"openspiel 0-1-0-1-0-1-0-0-1-0-0-0-22-22-N cBdDeCfFaAbE",
		"playstrategy 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +7 Cf",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +7 Cf",
		"awari 1-1-0-0-0-1-0-0-0-0-0-0-22-23-S FaBbCcDdEeAfFaBbCcDdEeAf",
		"nosuch 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S  C",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := oware.ParsePosition(s)
		if err != nil {
			checkParseError(t, err, "position", s)
			require.False(t, p.Valid())
			return
		}
		require.Equal(t, 48, seedTotal(p), "D4")
		text, err := p.MarshalText()
		require.NoError(t, err)
		q, err := oware.ParsePosition(string(text))
		require.NoError(t, err, "%s", text)
		require.Equal(t, string(text), q.String())
		require.Equal(t, p.Board(), q.Board())
		require.Equal(t, p.Repetitions(), q.Repetitions())
		require.Equal(t, p.Moves(), q.Moves())
		require.Equal(t, p.Outcome(), q.Outcome())
		require.Equal(t, p.Rules(), q.Rules())
		if b, err := oware.ParseBoard(s); err == nil {
			require.Equal(t, s, string(text), "the position string is canonical")
			require.Equal(t, b, p.Board())
			require.Equal(t, 1, p.Repetitions(), "fresh history")
		}
	})
}

// fuzzPosition makes a valid position from fuzz bytes: the first byte picks
// the side to move, each following byte puts b/14+1 seeds into pit b%14
// (12 and 13 stand for South's and North's scores) until the 48 seeds are
// placed; seeds left when the bytes run out go round the pits from pit 0.
// It returns the bytes it did not use.
func fuzzPosition(t *testing.T, data []byte) (oware.Position, []byte) {
	var pits [12]int
	var scores [2]int
	side := oware.South
	if len(data) > 0 {
		side = oware.Player(data[0] & 1)
		data = data[1:]
	}
	left := 48
	for left > 0 && len(data) > 0 {
		b := int(data[0])
		data = data[1:]
		n := min(b/14+1, left)
		if b%14 < 12 {
			pits[b%14] += n
		} else {
			scores[b%14-12] += n
		}
		left -= n
	}
	for i := 0; left > 0; i, left = (i+1)%12, left-1 {
		pits[i]++
	}
	p, err := newPosition(pits, scores, side)
	require.NoError(t, err)
	return p, data
}

// checkMove plays m at p with Play and with Explain and checks that they
// agree with each other, with Moves, and with the pits and scores before
// and after. It returns the next position if m is legal. It runs for every
// pit at every step of FuzzPlay, so it uses plain comparisons: assertions
// that call t.Helper would take most of the fuzzing time.
func checkMove(t *testing.T, p oware.Position, m oware.Move) (oware.Position, bool) {
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%v at %v: "+format, append([]any{m, p.Board()}, args...)...)
	}
	key, reps, outcome := p.Board(), p.Repetitions(), p.Outcome()
	next, err := p.Play(m)
	e, eerr := p.Explain(m)
	if p.Board() != key || p.Repetitions() != reps || p.Outcome() != outcome {
		fail("the receiver changed")
	}

	if !p.Moves().Contains(m) {
		var me *oware.MoveError
		switch {
		case !errors.As(err, &me):
			fail("Play of a move not in Moves: %v", err)
		case next.String() != p.String() || next.Board() != p.Board():
			fail("Play refused the move but did not return its receiver")
		case eerr == nil || eerr.Error() != err.Error():
			fail("Explain fails with %v, Play with %v", eerr, err)
		}
		return oware.Position{}, false
	}
	if err != nil || eerr != nil {
		fail("a move in Moves: Play says %v, Explain %v", err, eerr)
	}
	if n := seedTotal(next); n != 48 {
		fail("%d seeds after the move", n)
	}

	// Explain agrees with Play.
	if e.After().Board() != next.Board() || e.After().Repetitions() != next.Repetitions() || e.Outcome() != next.Outcome() {
		fail("Explain gives %v (%d, %v), Play %v (%d, %v)", e.After().Board(), e.After().Repetitions(), e.Outcome(),
			next.Board(), next.Repetitions(), next.Outcome())
	}
	if e.Move() != m || e.Player() != p.Board().ToMove() {
		fail("Explain says %v played %v", e.Player(), e.Move())
	}

	// Rebuild the next board from the effect and compare.
	pits := p.Board().Pits()
	sown, captures, annulled := slices.Collect(e.Sown()), slices.Collect(e.Captures()), slices.Collect(e.Annulled())
	if pits[m] != e.Seeds() || len(sown) != e.Seeds() || sown[len(sown)-1] != e.Last() {
		fail("%d seeds in the pit; Explain: %d seeds sown into %v, the last in %d", pits[m], e.Seeds(), sown, e.Last())
	}
	pits[m] = 0
	for _, i := range sown {
		if i == m.Pit() {
			fail("a seed sown into the pit of origin (R4): %v", sown)
		}
		pits[i]++
	}
	mover, opponent := p.Board().ToMove(), p.Board().ToMove().Opponent()
	emptyBefore, emptyAfter := true, true
	for i := 6 * int(opponent); i < 6*int(opponent)+6; i++ {
		emptyBefore = emptyBefore && p.Board().Pit(i) == 0
		emptyAfter = emptyAfter && pits[i] == 0
	}
	if e.Fed() != (emptyBefore && !emptyAfter) {
		fail("Fed is %v, the opponent's side was empty: %v, and after sowing: %v (R7)", e.Fed(), emptyBefore, emptyAfter)
	}
	if e.GrandSlam() != (len(annulled) > 0) || (e.GrandSlam() && len(captures) > 0) {
		fail("grand slam %v, captures %v, annulled %v", e.GrandSlam(), captures, annulled)
	}
	for _, run := range [][]oware.Capture{captures, annulled} {
		for i, c := range run {
			if c.Pit != e.Last()-i || oware.Move(c.Pit).Player() != opponent || c.Seeds != pits[c.Pit] || (c.Seeds != 2 && c.Seeds != 3) {
				fail("capture %d of %v: the pits after sowing are %v", i, run, pits)
			}
		}
	}
	for _, c := range captures {
		pits[c.Pit] = 0
	}
	if pits != next.Board().Pits() {
		fail("pits rebuilt from the effect %v, after Play %v", pits, next.Board().Pits())
	}
	if next.Board().Score(mover) != p.Board().Score(mover)+e.Captured() || next.Board().Score(opponent) != p.Board().Score(opponent) || next.Board().ToMove() != opponent {
		fail("scores or side to move wrong after the move: %v", next.Board())
	}
	return next, true
}

// checkPlayedPosition checks a position reached in a game: D5, and that its
// text forms and its outcome's read back.
func checkPlayedPosition(t *testing.T, p oware.Position) {
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%v: "+format, append([]any{p.Board()}, args...)...)
	}
	if n := seedTotal(p); n != 48 {
		fail("%d seeds", n)
	}
	o := p.Outcome()
	if o.Over() != (p.Moves() == 0) || p.Moves().Len() != len(p.LegalMoves()) {
		fail("outcome %v with moves %v (D5)", o, p.Moves())
	}
	text, err := p.MarshalText()
	if err != nil {
		fail("MarshalText: %v", err)
	}
	if q, err := oware.ParsePosition(string(text)); err != nil || q.Board() != p.Board() {
		fail("position string %s reads back as %v, %v", text, q.Board(), err)
	}
	ot, err := o.MarshalText()
	if err != nil || string(ot) != o.String() {
		fail("Outcome.MarshalText: %s, %v", ot, err)
	}
	var back oware.Outcome
	if err := back.UnmarshalText(ot); err != nil || back != o {
		fail("outcome %s reads back as %v, %v", ot, back, err)
	}
}

func FuzzPlay(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 1, 2, 3, 4, 5, 6})
	f.Add([]byte{1, 12, 26, 40, 54, 68, 82, 96, 110, 124, 138, 152, 166, 180, 194, 208, 7, 77, 3})
	f.Add([]byte("a game of oware, played by the fuzzer"))
	f.Add([]byte{0, 5, 17, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, moves := fuzzPosition(t, data)
		checkPlayedPosition(t, p)
		for _, b := range moves {
			for m := oware.Move(0); m < 16; m++ {
				checkMove(t, p, m)
			}
			legal := p.Moves()
			if legal == 0 {
				return
			}
			m := oware.Move(b % 16)
			if !legal.Contains(m) {
				m, _ = legal.Nth(int(b/16) % legal.Len())
			}
			next, ok := checkMove(t, p, m)
			if !ok {
				t.Fatalf("%v at %v: a move of Moves was refused", m, p.Board())
			}
			p = next
			checkPlayedPosition(t, p)
		}
	})
}

// FuzzOutcome: whatever text reads as an outcome is that outcome's own
// text, written back byte for byte; whatever is refused leaves the
// outcome unchanged.
func FuzzOutcome(f *testing.F) {
	for _, s := range []string{
		"not over",
		"South wins 26-22 (majority, R8)",
		"draw 24-24 (repetition, R10)",
		"North wins 25-23 (no move, R9)",
		"South wins 25-4 (majority, R9)",
		"North wins 24.5-23.5 (repetition, R10)",
		"draw 30-18 (ply limit)",
		"South wins 30-18 (quiet limit)",
		"draw 26-22 (no move, R9)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o oware.Outcome
		if err := o.UnmarshalText([]byte(s)); err != nil {
			checkParseError(t, err, "outcome", s)
			require.Equal(t, oware.Outcome{}, o, "unchanged on error")
			return
		}
		require.Equal(t, s, o.String())
		require.True(t, o.Over() || s == "not over")
		sum := o.Tally(oware.South) + o.Tally(oware.North)
		if o.HalfSeed() {
			sum++
		}
		require.LessOrEqual(t, sum, 48, "tallies fit in 48 seeds")
		require.True(t, sum == 48 || o.Reason() == oware.Majority || !o.Over(), "D3: %s", s)
	})
}

// TestMoveSetIgnoresBitsBeyondThePits: bits 12–15 of a MoveSet name no pit;
// every method ignores them rather than inventing moves or panicking.
func TestMoveSetIgnoresBitsBeyondThePits(t *testing.T) {
	s := oware.MoveSet(0xf000 | 1<<0 | 1<<11) // A and f, plus four stray bits
	assert.Equal(t, 2, s.Len())
	assert.Equal(t, []oware.Move{0, 11}, s.AppendTo(nil))
	assert.Equal(t, []oware.Move{0, 11}, slices.Collect(s.All()))
	assert.Equal(t, "{A f}", s.String())
	for i, want := range []oware.Move{0, 11} {
		m, ok := s.Nth(i)
		assert.True(t, ok)
		assert.Equal(t, want, m)
	}
	_, ok := s.Nth(2)
	assert.False(t, ok)
	assert.False(t, s.Contains(12))
	assert.NotPanics(t, func() { oware.MoveSet(0xffff).Nth(15) })
}

// TestPackBoard (D4): PackBoard makes the board that NewBoard makes from
// the same counts, and the zero Board where NewBoard refuses them; the
// expected boards are written out as position strings.
func TestPackBoard(t *testing.T) {
	for _, c := range []struct {
		name   string
		pits   [12]uint8
		scores [2]uint8
		toMove oware.Player
		want   string // "" for the zero Board
	}{
		{"start", [12]uint8{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, [2]uint8{}, oware.South, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"north to move", [12]uint8{0, 10, 0, 0, 0, 1, 2, 0, 5, 0, 0, 3}, [2]uint8{13, 14}, oware.North, "0-10-0-0-0-1-2-0-5-0-0-3-13-14-N"},
		{"every seed in the last pit", [12]uint8{11: 48}, [2]uint8{}, oware.South, "0-0-0-0-0-0-0-0-0-0-0-48-0-0-S"},
		{"every seed captured", [12]uint8{}, [2]uint8{25, 23}, oware.North, "0-0-0-0-0-0-0-0-0-0-0-0-25-23-N"},
		{"47 seeds", [12]uint8{0: 47}, [2]uint8{}, oware.South, ""},
		{"49 seeds", [12]uint8{0: 48}, [2]uint8{0, 1}, oware.South, ""},
		{"a count of 64", [12]uint8{3: 64}, [2]uint8{}, oware.South, ""},
		{"a score of 255 and pits that wrap to 48", [12]uint8{0: 49}, [2]uint8{255, 0}, oware.South, ""},
		{"counts of 63 and 241 that wrap to 48", [12]uint8{63, 241}, [2]uint8{}, oware.South, ""},
		{"side 2", [12]uint8{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, [2]uint8{}, oware.Player(2), ""},
		{"side 2 and 47 seeds", [12]uint8{0: 47}, [2]uint8{}, oware.Player(1 | 2), ""},
		{"no seed", [12]uint8{}, [2]uint8{}, oware.South, ""},
	} {
		got := oware.PackBoard(c.pits, c.scores, c.toMove)
		assert.Equal(t, c.want, got.String(), c.name)
		assert.Equal(t, c.want != "", got.Valid(), c.name)
		if c.want != "" {
			assert.Equal(t, c.pits, got.PitCounts(), c.name)
		}
	}
}

// TestPropPackBoard (D4): on any counts, PackBoard agrees with NewBoard
// (the same board, or the zero Board where NewBoard returns an error);
// on any board, PitCounts agrees with Pits and packs back into the board.
func TestPropPackBoard(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var pits [12]uint8
		var ints [12]int
		var scores [2]uint8
		if rapid.Bool().Draw(t, "valid") { // most random counts are not a board
			s := genSetup.Draw(t, "setup")
			for i, c := range s.pits {
				pits[i], ints[i] = uint8(c), c
			}
			scores = [2]uint8{uint8(s.scores[0]), uint8(s.scores[1])}
		} else {
			for i := range pits {
				pits[i] = uint8(rapid.IntRange(0, 255).Draw(t, "pit"))
				ints[i] = int(pits[i])
			}
			scores = [2]uint8{uint8(rapid.IntRange(0, 255).Draw(t, "south")), uint8(rapid.IntRange(0, 255).Draw(t, "north"))}
		}
		toMove := oware.Player(rapid.IntRange(0, 3).Draw(t, "toMove"))
		want, err := oware.NewBoard(ints, [2]int{int(scores[0]), int(scores[1])}, toMove)
		got := oware.PackBoard(pits, scores, toMove)
		require.Equal(t, err == nil, got.Valid(), "%v %v %v: %v", pits, scores, toMove, err)
		require.Equal(t, want, got)
		if err != nil {
			return
		}
		b := genUnmoveBoard(t)
		counts := b.PitCounts()
		for i, c := range b.Pits() {
			require.Equal(t, c, int(counts[i]), "pit %d of %v", i, b)
		}
		packed := oware.PackBoard(counts, [2]uint8{uint8(b.Score(oware.South)), uint8(b.Score(oware.North))}, b.ToMove())
		require.Equal(t, b, packed)
	})
}

// TestBoardString: a Board prints as its position string; the zero Board
// as the empty string.
func TestBoardString(t *testing.T) {
	assert.Equal(t, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", oware.Start().Board().String())
	p := oware.MustParsePosition("0-10-0-0-0-1-2-0-5-0-0-3-13-14-N")
	assert.Equal(t, "0-10-0-0-0-1-2-0-5-0-0-3-13-14-N", p.Board().String())
	assert.Equal(t, "", oware.Board{}.String())
}

// TestMoveSetAllReusable: the iterator of MoveSet.All may be ranged over
// again and again, and from several goroutines at once (run with -race).
func TestMoveSetAllReusable(t *testing.T) {
	all := oware.MoveSet(0b1010_0010_0101).All()
	collect := func() []oware.Move {
		var ms []oware.Move
		for m := range all {
			ms = append(ms, m)
		}
		return ms
	}
	want := []oware.Move{0, 2, 5, 9, 11}
	assert.Equal(t, want, collect())
	assert.Equal(t, want, collect(), "a second range sees the same moves")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				assert.Equal(t, want, collect())
			}
		}()
	}
	wg.Wait()
	children := oware.Start().Children()
	n := 0
	for range 2 {
		for range children {
			n++
		}
	}
	assert.Equal(t, 12, n, "Children may be ranged over twice")
}

// TestBoardHash: equal boards hash alike, and 1.5 million distinct boards
// have distinct hashes whose low 16 bits, a transposition table's index,
// spread evenly.
func TestBoardHash(t *testing.T) {
	a := oware.MustParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S AdBeD").Board()
	b := oware.MustParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S AeBdD").Board()
	require.Equal(t, a, b)
	require.Equal(t, a.Hash(), b.Hash())

	boards := 0
	seen := make(map[uint64]oware.Board, 1<<21)
	var buckets [1 << 16]int32
	var pits [12]int
	for code := 0; code < 59049*25; code++ { // pits 0-9 hold 0-2 seeds, pits 10-11 0-4
		c := code
		for i := 0; i < 10; i++ {
			pits[i], c = c%3, c/3
		}
		pits[10], pits[11] = c%5, c/5
		sum := 0
		for _, n := range pits {
			sum += n
		}
		south := min(48-sum, 24)
		bd, err := oware.NewBoard(pits, [2]int{south, 48 - sum - south}, oware.Player(code&1))
		require.NoError(t, err)
		h := bd.Hash()
		if other, dup := seen[h]; dup {
			t.Fatalf("%s and %s have the same hash %#x", bd, other, h)
		}
		seen[h] = bd
		buckets[h&(1<<16-1)]++
		boards++
	}
	mean := float64(boards) / float64(len(buckets))
	most := int32(0)
	for _, n := range buckets {
		most = max(most, n)
	}
	assert.Less(t, float64(most), 2.5*mean, "the fullest of %d buckets holds %d boards, the mean %.1f", len(buckets), most, mean)
	t.Logf("%d distinct boards, %d distinct hashes; fullest bucket %d, mean %.1f", boards, len(seen), most, mean)
}

// TestPropSaveReload saves random games at a random ply, through the text
// form and through JSON, reloads them and plays both on with the same
// moves: they go on and finish identically, repetition counts included.
func TestPropSaveReload(t *testing.T) {
	names := oware.RulesNames()
	plies, repeated := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		rules, err := oware.ParseRules(rapid.SampledFrom(names).Draw(t, "rules"))
		require.NoError(t, err)
		start := oware.Start().Board()
		if rapid.Bool().Draw(t, "endgame") {
			start = boardgen.Endgame(draws{t}, 2, 12) // long capture-free stretches, repetitions
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		var line []oware.Move
		saveAt := rapid.IntRange(0, 300).Draw(t, "save at")
		saved := rules.Position(start)
		for p := saved; p.Moves() != 0 && len(line) < 3000; {
			if len(line) == saveAt {
				saved, line = p, line[:0]
				saveAt = -1
			}
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
			line = append(line, m)
		}
		text, err := saved.MarshalText()
		require.NoError(t, err)
		var fromText oware.Position
		require.NoError(t, fromText.UnmarshalText(text))
		js, err := json.Marshal(map[string]oware.Position{"game": saved})
		require.NoError(t, err)
		var fromJSON map[string]oware.Position
		require.NoError(t, json.Unmarshal(js, &fromJSON))
		for _, q := range []oware.Position{fromText, fromJSON["game"]} {
			p := saved
			for i, m := range line {
				require.Equal(t, p.Moves(), q.Moves(), "ply %d after the reload of %s", i, text)
				p, _ = p.Play(m)
				q, err = q.Play(m)
				require.NoError(t, err, "ply %d after the reload of %s", i+1, text)
				require.Equal(t, p.Board(), q.Board())
				require.Equal(t, p.Repetitions(), q.Repetitions(), "ply %d after the reload of %s", i+1, text)
				if p.Repetitions() > 1 {
					repeated++
				}
			}
			require.Equal(t, p.Outcome(), q.Outcome())
			plies += len(line)
		}
	})
	t.Logf("%d plies played on after reloads, %d of them at a repeated position", plies, repeated)
	assert.Positive(t, repeated, "the games reach repetitions")
}

// draws is rapid's draws as a boardgen.Source, so that the boards it
// makes shrink with the test case.
type draws struct{ t *rapid.T }

func (d draws) IntN(n int) int { return rapid.IntRange(0, n-1).Draw(d.t, "n") }

// TestRulesKnobs: each preset reads out its knobs, as each program's
// rules state them (see internal/variants for the programs' traces); the
// zero Rules is abapa; every preset's name is its text, read back.
func TestRulesKnobs(t *testing.T) {
	type knobs struct {
		grandSlam                                  oware.GrandSlam
		repeatLimit                                int
		withEmptySide, evenSplit, noMajority, lone bool
		sweep                                      oware.Sweep
		maxPlies, maxQuiet                         int
	}
	want := map[string]knobs{
		"abapa":         {repeatLimit: 3},
		"openspiel":     {repeatLimit: 2, withEmptySide: true, sweep: oware.SweepOwnRows},
		"aalina":        {repeatLimit: 2, withEmptySide: true, sweep: oware.SweepIfStuck},
		"auale":         {repeatLimit: 2, withEmptySide: true},
		"playstrategy":  {repeatLimit: 2, maxPlies: 1001},
		"board-game-rs": {grandSlam: oware.GrandSlamCapturesIfOwnRowEmpty, repeatLimit: 0, sweep: oware.SweepIfStuck, lone: true},
		"game-oware":    {repeatLimit: 3, withEmptySide: true, maxQuiet: 500},
		"awari":         {grandSlam: oware.GrandSlamForbidden, repeatLimit: 3, withEmptySide: true, evenSplit: true, noMajority: true},
	}
	require.Equal(t, []string{"abapa", "openspiel", "aalina", "auale", "playstrategy", "board-game-rs", "game-oware", "awari"}, oware.RulesNames())
	seen := map[oware.Rules]bool{}
	for _, name := range oware.RulesNames() {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		assert.False(t, seen[r], "%s is a value of its own", name)
		seen[r] = true
		assert.Equal(t, want[name], knobs{r.GrandSlam(), r.RepeatLimit(), r.RepeatWithEmptySide(), r.EvenSplit(), r.NoMajority(), r.LoneSeeds(),
			r.MajoritySweep(), r.MaxPlies(), r.MaxQuietPlies()}, name)
		assert.Equal(t, name, r.String())
		text, err := r.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, name, string(text))
		var back oware.Rules
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, r, back)
		assert.Equal(t, r, r.Start().Rules())
		assert.True(t, r.Start().Valid())
	}
	abapa, err := oware.ParseRules("abapa")
	require.NoError(t, err)
	assert.Equal(t, oware.Rules{}, abapa, "the zero Rules is abapa")
	assert.Equal(t, oware.Rules{}, oware.Start().Rules())
	assert.Equal(t, oware.Rules{}, oware.Position{}.Rules())

	for _, name := range []string{"", "Abapa", "abapa ", "chess", "custom rules", "invalid rules"} {
		r, err := oware.ParseRules("awari")
		require.NoError(t, err)
		err = r.UnmarshalText([]byte(name))
		requireParseError(t, err, "rules", 0, "not one of abapa, openspiel", oware.ErrUnknownRules)
		assert.Equal(t, "awari", r.String(), "unchanged on error")
	}
}

// TestEveryTextFormReadsBack: every type of the package that has a text
// form (MarshalText or AppendText) reads it back (UnmarshalText), so that
// every value either round-trips through its text or has none; the
// round trips themselves are the tests and fuzz targets of each type.
func TestEveryTextFormReadsBack(t *testing.T) {
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	fset := token.NewFileSet()
	methods := map[string][]string{} // type name -> its methods
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() {
				continue
			}
			recv := fn.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if id, ok := recv.(*ast.Ident); ok && id.IsExported() {
				methods[id.Name] = append(methods[id.Name], fn.Name.Name)
			}
		}
	}
	require.NotEmpty(t, methods)
	var withText []string
	for typ, ms := range methods {
		if slices.Contains(ms, "MarshalText") || slices.Contains(ms, "AppendText") {
			withText = append(withText, typ)
			assert.Contains(t, ms, "UnmarshalText", "%s has a text form and no way back", typ)
		}
	}
	slices.Sort(withText)
	assert.Equal(t, []string{"Board", "Move", "Outcome", "Player", "Position", "Reason", "Rules"}, withText,
		"the types with a text form, as the README's API screen lists them")
}

// newPosition is the position of a board made by NewBoard, with a fresh
// history (D4), or NewBoard's error.
func newPosition(pits [oware.NumPits]int, scores [2]int, toMove oware.Player) (oware.Position, error) {
	b, err := oware.NewBoard(pits, scores, toMove)
	if err != nil {
		return oware.Position{}, err
	}
	return oware.PositionFrom(b), nil
}

// unmove is one parent of a board: the board a move is played from and
// the move.
type unmove struct {
	from oware.Board
	move oware.Move
}

// parentsOf collects r.Parents(b).
func parentsOf(r oware.Rules, b oware.Board) []unmove {
	var got []unmove
	for m, a := range r.Parents(b) {
		got = append(got, unmove{a, m})
	}
	return got
}

// quietChildren returns the legal moves of r.Position(a), played by
// Position.Play, that change no score (R5, R6: a capture, or one that a
// grand slam annulled), with the board each leads to.
func quietChildren(t require.TestingT, r oware.Rules, a oware.Board) map[oware.Move]oware.Board {
	out := map[oware.Move]oware.Board{}
	p := r.Position(a)
	for _, m := range p.LegalMoves() {
		next, err := p.Play(m)
		require.NoError(t, err)
		nb := next.Board()
		if nb.Score(oware.South) == a.Score(oware.South) && nb.Score(oware.North) == a.Score(oware.North) {
			out[m] = nb
		}
	}
	return out
}

// TestR3R4R7UnmovesExhaustive: under every preset, for every board with
// up to 5 seeds on it, either side to move, the parents that Rules.Parents
// gives are exactly the boards and moves, found by playing every legal
// move of every such board with Position.Play, that capture nothing and
// lead to it (R2–R7, feeding included; the laps of R4 need 12 seeds and
// are the property tests' part).
func TestR3R4R7UnmovesExhaustive(t *testing.T) {
	for _, name := range oware.RulesNames() {
		r, err := oware.ParseRules(name)
		require.NoError(t, err)
		want := map[oware.Board][]unmove{}
		var boards []oware.Board
		for n := 0; n <= 5; n++ {
			var fill func(pits [12]int, i, left int)
			fill = func(pits [12]int, i, left int) {
				if i == 11 {
					pits[11] = left
					for _, mover := range []oware.Player{oware.South, oware.North} {
						b, err := oware.NewBoard(pits, [2]int{(48 - n) / 2, 48 - n - (48-n)/2}, mover)
						require.NoError(t, err)
						boards = append(boards, b)
					}
					return
				}
				for s := 0; s <= left; s++ {
					pits[i] = s
					fill(pits, i+1, left-s)
				}
			}
			fill([12]int{}, 0, n)
		}
		for _, a := range boards {
			for m, child := range quietChildren(t, r, a) {
				want[child] = append(want[child], unmove{a, m})
			}
		}
		byMoveThenSeeds := func(x, y unmove) int {
			if x.move != y.move {
				return int(x.move) - int(y.move)
			}
			return x.from.Pit(int(x.move)) - y.from.Pit(int(y.move))
		}
		found := 0
		for _, b := range boards {
			w := want[b]
			slices.SortFunc(w, byMoveThenSeeds)
			got := parentsOf(r, b)
			require.Equal(t, w, got, "%s: the parents of %v", name, b)
			found += len(got)
		}
		assert.Positive(t, found, name)
	}
}

// genUnmoveBoard draws a board for the un-move properties: any board
// (empty sides, and so feeding, are common), a pile of 12 or more seeds
// that sows in laps (R4), or an endgame.
func genUnmoveBoard(t *rapid.T) oware.Board {
	switch rapid.IntRange(0, 2).Draw(t, "kind") {
	case 0:
		s := genSetup.Draw(t, "setup")
		b, err := oware.NewBoard(s.pits, s.scores, s.toMove)
		require.NoError(t, err)
		return b
	case 1:
		pit := rapid.IntRange(0, 11).Draw(t, "pit")
		return boardgen.Pile(draws{t}, pit, rapid.IntRange(12, 40).Draw(t, "pile"), oware.Player(rapid.IntRange(0, 1).Draw(t, "toMove")))
	}
	return boardgen.Endgame(draws{t}, 1, 30)
}

// TestPropUnmoves (R3–R7): under every preset, every parent of a random
// board plays to it without a capture, by Position.Play; and every legal
// move of a random board that captures nothing is among the parents of
// the board it leads to. Both directions, laps and feeding included.
func TestPropUnmoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, err := oware.ParseRules(rapid.SampledFrom(oware.RulesNames()).Draw(t, "rules"))
		require.NoError(t, err)
		b := genUnmoveBoard(t)
		// Backwards: each parent plays to b.
		for _, u := range parentsOf(r, b) {
			require.Equal(t, b.ToMove().Opponent(), u.from.ToMove())
			next, err := r.Position(u.from).Play(u.move)
			require.NoError(t, err, "%v from %v", u.move, u.from)
			require.Equal(t, b, next.Board(), "%v from %v", u.move, u.from)
		}
		// Forwards: each move of b that captures nothing comes back.
		for m, child := range quietChildren(t, r, b) {
			require.Contains(t, parentsOf(r, child), unmove{b, m}, "%v from %v to %v", m, b, child)
		}
	})
}

// TestPropBoardChildren: Rules.Children gives the moves and boards of
// Position.Children, under every preset.
func TestPropBoardChildren(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, err := oware.ParseRules(rapid.SampledFrom(oware.RulesNames()).Draw(t, "rules"))
		require.NoError(t, err)
		b := genUnmoveBoard(t)
		type child struct {
			m oware.Move
			b oware.Board
		}
		var want, got []child
		for m, c := range r.Position(b).Children() {
			want = append(want, child{m, c.Board()})
		}
		for m, c := range r.Children(b) {
			got = append(got, child{m, c})
		}
		require.Equal(t, want, got)
	})
}

// TestUnmovesCases: hand-made cases of Rules.Parents and Rules.Children.
func TestUnmovesCases(t *testing.T) {
	abapa := oware.Rules{}
	awari, err := oware.ParseRules("awari")
	require.NoError(t, err)
	// North holds 2 in a and 1 in b. South's F with 1 seed made the 2 in
	// a and took them (R5; abapa's R6 does not annul a capture that
	// leaves b): not a parent. F with 2 seeds sowed a and b and took
	// nothing: the one parent, as every other pit of South is empty and
	// would have sown into an empty pit.
	assert.Equal(t, []unmove{{oware.MustParseBoard("0-0-0-0-0-2-1-0-0-0-0-0-22-23-S"), F}},
		parentsOf(abapa, oware.MustParseBoard("0-0-0-0-0-0-2-1-0-0-0-0-22-23-N")))
	// The same with a alone: the capture would take all of North's seeds,
	// so abapa annuls it (R6) and the move captures nothing; awari
	// forbids it, as F is South's only move.
	annulled := oware.MustParseBoard("0-0-0-0-0-0-2-0-0-0-0-0-23-23-N")
	assert.Equal(t, []unmove{{oware.MustParseBoard("0-0-0-0-0-1-1-0-0-0-0-0-23-23-S"), F}}, parentsOf(abapa, annulled))
	assert.Empty(t, parentsOf(awari, annulled))
	// A lap (R4): 12 seeds from A skip A, so B gets 2 and every other pit
	// 1; the last seed falls in B, on South's side, and takes nothing.
	lap := oware.MustParseBoard("0-3-1-1-1-1-2-2-2-2-2-2-15-14-N")
	assert.Contains(t, parentsOf(abapa, lap), unmove{oware.MustParseBoard("12-1-0-0-0-0-1-1-1-1-1-1-15-14-S"), A})
	// R7: North's side is empty after a move of South that did not feed.
	// D with 1 seed: F could have fed, so D was illegal under both rules.
	// D with 2 seeds: no move could feed; abapa's game was over (R9),
	// awari lets any move be played.
	starved := oware.MustParseBoard("0-0-0-0-1-1-0-0-0-0-0-0-24-22-N")
	assert.Empty(t, parentsOf(abapa, starved))
	assert.Equal(t, []unmove{{oware.MustParseBoard("0-0-0-2-0-0-0-0-0-0-0-0-24-22-S"), D}}, parentsOf(awari, starved))
	// Rules.Children of a finished game, and of the zero Board, are empty.
	for range abapa.Children(oware.MustParseBoard("0-0-0-0-0-0-1-0-0-0-0-0-24-23-S")) {
		t.Error("a board whose mover has no seed and cannot be fed has no child")
	}
	for range abapa.Children(oware.Board{}) {
		t.Error("the zero Board has no child")
	}
	for range abapa.Parents(oware.Board{}) {
		t.Error("the zero Board has no parent")
	}
	// Breaking off the iterators.
	for range abapa.Parents(lap) {
		break
	}
	for range abapa.Children(lap) {
		break
	}
}
