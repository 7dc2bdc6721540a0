package board_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/board"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// newService returns a Service that solves the tables up to seeds.
func newService(t *testing.T, seeds int) *board.Service {
	t.Helper()
	s, err := board.New(board.Config{Endgame: seeds, HashMB: 1})
	require.NoError(t, err)
	return s
}

// TestView: the view of the opening and of a line, against the library.
func TestView(t *testing.T) {
	s := newService(t, 0)
	v, err := s.View(board.ViewRequest{})
	require.NoError(t, err)
	assert.Equal(t, "abapa", v.Rules)
	assert.Equal(t, oware.Start().Board().String(), v.Board)
	assert.Equal(t, []string{"A", "B", "C", "D", "E", "F"}, v.Legal)
	assert.Equal(t, "South", v.ToMove)
	assert.Nil(t, v.Outcome)
	assert.Nil(t, v.Effect)
	assert.Contains(t, v.SVG, `role="group"`, "a picture to play on")
	assert.Contains(t, v.SVG, `aria-label="C: 4 seeds; play C"`)

	p := oware.MustParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S CfB")
	v, err = s.View(board.ViewRequest{Line: board.Line{Moves: "CfB"}, Side: "N"})
	require.NoError(t, err)
	assert.Equal(t, p.Board().String(), v.Board)
	assert.Equal(t, p.String(), v.Position)
	assert.Equal(t, 3, v.Plies)
	require.NotNil(t, v.Effect)
	assert.Equal(t, board.EffectReport{Move: "B", Player: "South", Caption: "South sows B, 5 seeds"}, *v.Effect)
	assert.Contains(t, v.SVG, "South sows B, 5 seeds", "the picture of the last move")

	// Other rules, a set-up board, the end of a game (R8).
	v, err = s.View(board.ViewRequest{Line: board.Line{Rules: "awari", Start: "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S"}})
	require.NoError(t, err)
	assert.Nil(t, v.Outcome, "awari has no majority rule")
	v, err = s.View(board.ViewRequest{Line: board.Line{Start: "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S"}})
	require.NoError(t, err)
	require.NotNil(t, v.Outcome)
	assert.Equal(t, board.OutcomeView{Text: "South wins 25-0 (majority, R8)", Reason: "majority", Rule: "R8", Winner: "South", Tallies: [2]int{25, 0}}, *v.Outcome)
	assert.Empty(t, v.Legal)
}

// TestPlayIllegal: a move the rules forbid is answered with its rule and
// the legal moves, and the position stays.
func TestPlayIllegal(t *testing.T) {
	s := newService(t, 0)
	for _, tt := range []struct {
		name       string
		line       board.Line
		move       string
		rule, text string
	}{
		{"R2 the opponent's pit", board.Line{}, "a", "R2", "R2: a is North's pit; South plays a pit of their own side: play A, B, C, D, E, F"},
		{"R2 an empty pit", board.Line{Moves: "Fa"}, "F", "R2", "R2: F is empty; South plays a pit that holds seeds: play A, B, C, D, E"},
		{"R7 feeding", board.Line{Start: "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S"}, "E", "R7", "R7: North's side is empty, and E puts no seed there: play D, F"},
		{"awari's grand slam", board.Line{Rules: "awari", Start: "4-4-4-4-4-3-1-2-1-0-0-0-10-11-S"}, "F", "R6", "R6 under awari: F would take every seed of North's side, which these rules forbid while another move does not: play A, B, C, D"}, // E's last seed would take them too
		{"D5 game over", board.Line{Start: "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S"}, "A", "D5", "D5: the game is over (South wins 25-0 (majority, R8)); no move can be played"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before, err := s.View(board.ViewRequest{Line: tt.line})
			require.NoError(t, err)
			v, err := s.Play(board.PlayRequest{Line: tt.line, Move: tt.move, Steps: true})
			require.NoError(t, err)
			require.NotNil(t, v.Illegal)
			assert.Equal(t, board.IllegalMove{Move: tt.move, Rule: tt.rule, Message: tt.text}, *v.Illegal)
			assert.Equal(t, before.Board, v.Board, "the position stays")
			assert.Equal(t, tt.line, v.Line)
			assert.Empty(t, v.Steps)
		})
	}
}

// TestPlay: a legal move gives the line after it, the board the library
// gives, and the move step by step when asked.
func TestPlay(t *testing.T) {
	s := newService(t, 0)
	v, err := s.Play(board.PlayRequest{Line: board.Line{Start: "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"}, Move: "F", Steps: true})
	require.NoError(t, err)
	assert.Nil(t, v.Illegal)
	assert.Equal(t, "F", v.Line.Moves)
	after, err := oware.MustParsePosition("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S").Play(5)
	require.NoError(t, err)
	assert.Equal(t, after.Board().String(), v.Board)
	assert.Equal(t, board.EffectReport{Move: "F", Player: "South", Captured: 5, Caption: "South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)"}, *v.Effect)
	var rules []string
	for _, st := range v.Steps {
		rules = append(rules, st.Rule)
		assert.True(t, strings.HasPrefix(st.SVG, "<svg "))
	}
	assert.Equal(t, []string{"R3", "R3", "R3", "R3", "R3", "R5", "R5", "R5"}, rules)

	v, err = s.Play(board.PlayRequest{Move: "2"}) // a pit number
	require.NoError(t, err)
	assert.Equal(t, "C", v.Line.Moves)
	assert.Empty(t, v.Steps, "no steps unless asked")
}

// TestTables: the tables' values of a position worked out by hand. South's
// only move F puts a second seed in a, which would take all of North's
// seeds and is annulled (R6); North's a then cannot reach South's empty
// side, so North has no legal move (R7) and the game ends (R9): North
// takes its 2 seeds, 25-23.
func TestTables(t *testing.T) {
	s := newService(t, 4)
	line := board.Line{Start: "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s.Prepare(ctx, oware.Rules{})
	a, err := s.Tables(ctx, board.ViewRequest{Line: line})
	require.NoError(t, err)
	assert.Equal(t, "ready", a.Status)
	assert.Equal(t, 4, a.Seeds)
	require.NotNil(t, a.Tables)
	assert.Equal(t, "perfect play: North wins by 2", a.Tables.Text)
	assert.Equal(t, -2, a.Tables.Lo)
	assert.Equal(t, -2, a.Tables.Hi)
	assert.False(t, a.Tables.Afresh)
	assert.Equal(t, []board.TableMove{{Move: "F", Text: "loses by 2", Lo: -2, Hi: -2, Best: true}}, a.Tables.Moves)

	// Beyond the tables, and under rules with none.
	a, err = s.Tables(ctx, board.ViewRequest{})
	require.NoError(t, err)
	assert.Equal(t, "ready", a.Status)
	assert.Nil(t, a.Tables)
	a, err = s.Tables(ctx, board.ViewRequest{Line: board.Line{Rules: "playstrategy"}})
	require.NoError(t, err)
	assert.Equal(t, "none", a.Status)
}

// TestTablesWithHistory: after moves that captured nothing, the values
// are those of the position with its history (R10). Under abapa, after
// F, f and A from 0-0-0-0-0-1-0-0-0-0-0-1-23-23-S the tables give -2..2
// for North (the board met for the first time); with the history the
// value is 0, a draw 23-23 whose one move is a, which package solve's
// independent reference solver gives too.
func TestTablesWithHistory(t *testing.T) {
	s := newService(t, 4)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s.Prepare(ctx, oware.Rules{})
	a, err := s.Tables(ctx, board.ViewRequest{Line: board.Line{Start: "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", Moves: "FfA"}})
	require.NoError(t, err)
	require.NotNil(t, a.Tables)
	assert.True(t, a.Tables.History)
	assert.False(t, a.Tables.Afresh)
	assert.Equal(t, [2]int{0, 0}, [2]int{a.Tables.Lo, a.Tables.Hi})
	assert.Equal(t, "perfect play with this game's history (R10): a draw", a.Tables.Text)
	assert.Equal(t, []board.TableMove{{Move: "a", Text: "draws", Lo: 0, Hi: 0, Best: true}}, a.Tables.Moves)
}

// TestTablesWithHistoryTables: right after a capture, where the tables'
// bounds leave the value open (-2..2), package solve's tables
// (Config.History) give the view the exact value, a draw by C, which the
// plain search finds too.
func TestTablesWithHistoryTables(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const start = "0-0-1-0-0-2-1-0-0-0-2-0-21-21-S"
	line := board.Line{Start: start}
	s := newService(t, 6)
	s.Prepare(ctx, oware.Rules{})
	a, err := s.Tables(ctx, board.ViewRequest{Line: line})
	require.NoError(t, err)
	require.NotNil(t, a.Tables)
	assert.Equal(t, [2]int{-2, 2}, [2]int{a.Tables.Lo, a.Tables.Hi})

	hist, err := solve.Compute(ctx, oware.Rules{}, 6, solve.BuildOptions{BoardNodes: 1, Workers: 1})
	require.NoError(t, err)
	s, err = board.New(board.Config{Endgame: 6, HashMB: 1, History: hist})
	require.NoError(t, err)
	s.Prepare(ctx, oware.Rules{})
	a, err = s.Tables(ctx, board.ViewRequest{Line: line})
	require.NoError(t, err)
	require.NotNil(t, a.Tables)
	assert.Equal(t, [2]int{0, 0}, [2]int{a.Tables.Lo, a.Tables.Hi})
	require.NotEmpty(t, a.Tables.Moves)
	assert.Equal(t, board.TableMove{Move: "C", Text: "draws", Lo: 0, Hi: 0, Best: true}, a.Tables.Moves[0])
	plain, err := solve.Analyse(ctx, oware.MustParsePosition(start), solve.Options{}, solve.Limits{})
	require.NoError(t, err)
	assert.Equal(t, "0", plain.Value.String())
}

// TestTablesAgree: on endgames under every preset with tables, the view's
// bounds are the margins of tablebase's values, and each move's are the
// mover's lead plus the move's value.
func TestTablesAgree(t *testing.T) {
	s := newService(t, 6)
	ctx := context.Background()
	for _, name := range []string{"abapa", "awari", "openspiel"} {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		s.Prepare(ctx, rules)
		tb, err := tablebase.Compute(ctx, rules, 6, tablebase.BuildOptions{})
		require.NoError(t, err)
		for _, start := range []string{"2-0-1-0-0-1-0-1-0-0-1-0-20-22-N", "0-3-0-0-0-1-1-0-0-0-0-1-21-21-S", "1-1-0-0-0-0-0-0-2-1-0-0-30-13-S"} {
			p := rules.Position(oware.MustParseBoard(start))
			a, err := s.Tables(ctx, board.ViewRequest{Line: board.Line{Rules: name, Start: start}})
			require.NoError(t, err)
			if p.Outcome().Over() {
				assert.Nil(t, a.Tables, "%s %s: over", name, start)
				continue
			}
			require.NotNil(t, a.Tables, "%s %s", name, start)
			v, err := tb.Probe(p)
			require.NoError(t, err)
			lo, hi := v.Margin(p.Board())
			assert.Equal(t, [2]int{lo, hi}, [2]int{a.Tables.Lo, a.Tables.Hi}, "%s %s", name, start)
			moves, err := tb.ProbeMoves(p, nil)
			require.NoError(t, err)
			b := p.Board()
			lead := b.Score(b.ToMove()) - b.Score(b.ToMove().Opponent())
			var want []board.TableMove
			for _, mv := range moves {
				want = append(want, board.TableMove{Move: mv.Move.String(), Lo: lead + mv.Value.Lo(), Hi: lead + mv.Value.Hi()})
			}
			var got []board.TableMove
			for _, m := range a.Tables.Moves {
				got = append(got, board.TableMove{Move: m.Move, Lo: m.Lo, Hi: m.Hi})
			}
			assert.Equal(t, want, got, "%s %s", name, start)
		}
	}
}

// TestLoad: positions in every form, OGN records and PlayStrategy exports
// become lines; records that break the rules, and text that is neither,
// are refused.
func TestLoad(t *testing.T) {
	s := newService(t, 0)
	for _, tt := range []struct {
		text string
		line board.Line
		kind string
	}{
		{"2-0-0-3-1-2-0-0-0-0-0-0-20-20-S", board.Line{Start: "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S"}, "position"},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1", board.Line{Start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}, "position"},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S Cf", board.Line{Rules: "abapa", Start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", Moves: "Cf"}, "position"},
		{"openspiel 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S F", board.Line{Rules: "openspiel", Start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", Moves: "F"}, "position"},
		{"[Event \"Club\"]\n\n1. F e 2. D b *\n", board.Line{Rules: "abapa", Moves: "FeDb"}, "ogn"},
		{"[FEN \"2-0-0-3-1-2-0-0-0-0-0-0-20-20-S\"]\n\n1. F *\n", board.Line{Rules: "abapa", Start: "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S", Moves: "F"}, "ogn"},
		{"[Event \"Rated Oware game\"]\n[P1 \"Ama\"]\n[P2 \"Kofi\"]\n[Result \"*\"]\n[Variant \"Oware\"]\n\n1. c1f2 a2d1 2. e1c2 b2c1 *\n", board.Line{Rules: "playstrategy", Moves: "CfEe"}, "playstrategy"},
	} {
		got, err := s.Load(board.LoadRequest{Text: tt.text})
		require.NoError(t, err, tt.text)
		assert.Equal(t, tt.line, got.Line, tt.text)
		assert.Equal(t, tt.kind, got.Kind, tt.text)
		_, err = s.View(board.ViewRequest{Line: got.Line})
		assert.NoError(t, err, "the line plays: %s", tt.text)
	}
	got, err := s.Load(board.LoadRequest{Text: "[Event \"Club\"]\n[South \"Ama\"]\n\n1. F *"})
	require.NoError(t, err)
	assert.Equal(t, []board.Tag{{Name: "Event", Value: "Club"}, {Name: "South", Value: "Ama"}}, got.Tags)

	for _, bad := range []string{"", "   ", "hello", "4-4-4", "1. F F *", "[Event \"x\"]\n\n1. F e 2. F *", "abapa 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S +3 F"} {
		_, err := s.Load(board.LoadRequest{Text: bad})
		assert.ErrorIs(t, err, board.ErrBadRequest, "%q", bad)
	}
	_, err = s.Load(board.LoadRequest{Text: "1. F a 2. F *"})
	assert.ErrorContains(t, err, "ply 3 (F): South plays F: pit is empty", "the ply and the rule a record breaks")
}

// TestSave: a line saved as OGN reads back as the same game, with its
// tags, its set-up board, its rules and a result computed by the rules.
func TestSave(t *testing.T) {
	s := newService(t, 0)
	line := board.Line{Rules: "abapa", Start: "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S", Moves: "Fa"}
	tags := []board.Tag{{Name: "Event", Value: "Test \"quoted\""}, {Name: "Result", Value: "1-0"}, {Name: "Annotator", Value: "me"}}
	saved, err := s.Save(board.SaveRequest{Line: line, Tags: tags})
	require.NoError(t, err)
	g, err := ogn.ParseGame(saved.OGN)
	require.NoError(t, err, saved.OGN)
	_, err = g.Replay()
	require.NoError(t, err)
	assert.Equal(t, ogn.Result{Kind: ogn.Unfinished}, g.Result, "the rules' result, not the tag's")
	back, err := s.Load(board.LoadRequest{Text: saved.OGN})
	require.NoError(t, err)
	assert.Equal(t, line, back.Line)
	assert.Equal(t, []board.Tag{{Name: "Event", Value: "Test \"quoted\""}, {Name: "Annotator", Value: "me"}}, back.Tags)

	// Under other rules, the record names them.
	saved, err = s.Save(board.SaveRequest{Line: board.Line{Rules: "openspiel", Moves: "F"}})
	require.NoError(t, err)
	assert.Contains(t, saved.OGN, `[Variant "openspiel"]`)

	_, err = s.Save(board.SaveRequest{Line: line, Tags: []board.Tag{{Name: "bad name", Value: "x"}}})
	assert.ErrorIs(t, err, board.ErrBadRequest)
}

// TestAnalyze: an analysis reports each iteration and ends with done; a
// newer analysis ends the one running.
func TestAnalyze(t *testing.T) {
	s := newService(t, 0)
	ctx := context.Background()
	var got []board.Analysis
	require.NoError(t, s.Analyze(ctx, board.AnalyzeRequest{Depth: 5}, func(a board.Analysis) { got = append(got, a) }))
	require.NotEmpty(t, got)
	last := got[len(got)-1]
	assert.True(t, last.Done)
	assert.False(t, last.Stopped)
	assert.Equal(t, 5, last.Depth)
	// The best DefaultLines moves (the engine's MultiPV), the best first,
	// each a different legal move with its line.
	require.Len(t, last.Lines, board.DefaultLines)
	seen := map[string]bool{}
	for i, l := range last.Lines {
		m, err := oware.ParseMove(l.Move)
		require.NoError(t, err)
		assert.True(t, oware.Start().Moves().Contains(m), l.Move)
		assert.False(t, seen[l.Move], "%s twice", l.Move)
		seen[l.Move] = true
		assert.Equal(t, l.Move, l.PV[0])
		assert.Equal(t, "estimate", l.Kind)
		if i > 0 {
			assert.LessOrEqual(t, l.South, last.Lines[i-1].South, "South to move: the best for South first")
		}
	}
	var one board.Analysis
	require.NoError(t, s.Analyze(ctx, board.AnalyzeRequest{Depth: 3, Lines: 1}, func(a board.Analysis) { one = a }))
	assert.Len(t, one.Lines, 1)
	for _, n := range []int{-1, board.MaxLines + 1} {
		err := s.Analyze(ctx, board.AnalyzeRequest{Depth: 3, Lines: n}, func(board.Analysis) {})
		assert.ErrorIs(t, err, board.ErrBadRequest, n)
	}
	assert.InDelta(t, 0.5, last.Bar, 0.5)
	for i, a := range got[:len(got)-1] {
		assert.False(t, a.Done)
		assert.Equal(t, i+1, a.Depth)
	}

	// A game over cannot be analysed.
	err := s.Analyze(ctx, board.AnalyzeRequest{Line: board.Line{Start: "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S"}}, func(board.Analysis) {})
	assert.ErrorIs(t, err, board.ErrBadRequest)

	// A newer analysis ends the running one, whatever its limits.
	var wg sync.WaitGroup
	started := make(chan struct{})
	var first board.Analysis
	wg.Add(1)
	go func() {
		defer wg.Done()
		once := sync.Once{}
		err := s.Analyze(ctx, board.AnalyzeRequest{}, func(a board.Analysis) {
			once.Do(func() { close(started) })
			first = a
		})
		assert.NoError(t, err)
	}()
	<-started
	require.NoError(t, s.Analyze(ctx, board.AnalyzeRequest{Depth: 3}, func(board.Analysis) {}))
	wg.Wait()
	assert.True(t, first.Done)
	assert.True(t, first.Stopped)
}

// TestAnalysisScores: a won endgame scores as the end seen, and the bar
// goes to the winner.
func TestAnalysisScores(t *testing.T) {
	s := newService(t, 0)
	var last board.Analysis
	// North's d captures 5 and reaches 25 (R8).
	require.NoError(t, s.Analyze(context.Background(), board.AnalyzeRequest{Line: board.Line{Start: "2-1-0-0-0-1-0-0-0-4-1-0-19-20-N"}, Depth: 4}, func(a board.Analysis) { last = a }))
	require.Len(t, last.Lines, 2, "North's two moves, d and e")
	assert.Equal(t, "d", last.Lines[0].Move)
	assert.Equal(t, "end", last.Lines[0].Kind)
	assert.Equal(t, "North wins in 1 ply", last.Lines[0].Text)
	assert.Equal(t, "e", last.Lines[1].Move)
	assert.Less(t, last.Bar, 0.01)
}

// TestScoreLine: each kind of score (engine.Score) in words and in seeds
// from South's side, for either player to move: the words every line of
// an analysis has, the best move's and, with several lines, the others'.
func TestScoreLine(t *testing.T) {
	south := oware.Start()                                            // South to move
	north := oware.MustParsePosition("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N") // North to move, after F
	for _, tt := range []struct {
		name  string
		p     oware.Position
		score engine.Score
		text  string
		kind  string
		south float64
	}{
		{"an estimate for the mover, South", south, 5, "+1.25 seeds for South", "estimate", 1.25},
		{"an estimate against the mover, South", south, -8, "+2.00 seeds for North", "estimate", -2},
		{"an estimate for the mover, North", north, 5, "+1.25 seeds for North", "estimate", -1.25},
		{"an even game", north, 0, "even", "estimate", 0},
		{"the mover wins, seen", south, engine.Win - 7, "South wins in 7 plies", "end", 48},
		{"the mover loses next ply, seen", north, -engine.Win + 1, "South wins in 1 ply", "end", 48},
		{"North to move wins, seen", north, engine.Win - 3, "North wins in 3 plies", "end", -48},
		{"the mover wins, proven", south, engine.KnownWin + 3, "proven: South wins by at least 3", "proven", 3},
		{"the mover loses, proven", north, -engine.KnownWin - 6, "proven: South wins by at least 6", "proven", 6},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := tt.p.Moves().Nth(0)
			pv := []oware.Move{m, oware.Move(9)}
			l := board.ScoreLine(tt.p, m, tt.score, pv)
			assert.Equal(t, board.AnalysisLine{Move: m.String(), PV: []string{m.String(), "d"}, Text: tt.text, Kind: tt.kind, South: tt.south}, l)
		})
	}
}

// TestMove: the engine's move is legal; a game over has none.
func TestMove(t *testing.T) {
	s := newService(t, 0)
	got, err := s.Move(context.Background(), board.MoveRequest{Line: board.Line{Moves: "F"}, Level: 4})
	require.NoError(t, err)
	m, err := oware.ParseMove(got.Move)
	require.NoError(t, err)
	p := oware.MustParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S F")
	assert.True(t, p.Moves().Contains(m))
	assert.Equal(t, 4, got.Depth)
	_, err = s.Move(context.Background(), board.MoveRequest{Line: board.Line{Start: "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S"}})
	assert.ErrorIs(t, err, board.ErrBadRequest)
	_, err = s.Move(context.Background(), board.MoveRequest{Level: 41})
	assert.ErrorIs(t, err, board.ErrBadRequest)
	_, err = s.Move(context.Background(), board.MoveRequest{Millis: -1})
	assert.ErrorIs(t, err, board.ErrBadRequest)
	for _, elo := range []int{-1, engine.MinElo - 1, engine.MaxElo + 1} {
		_, err = s.Move(context.Background(), board.MoveRequest{Elo: elo})
		assert.ErrorIs(t, err, board.ErrBadRequest, elo)
	}
}

// TestMoveAtStrength: at the weakest strength (engine.MinElo) the engine
// plays legal moves, and not always the move it plays at full strength.
func TestMoveAtStrength(t *testing.T) {
	s := newService(t, 0)
	hello := s.Hello()
	assert.Equal(t, engine.MinElo, hello.MinElo)
	assert.Equal(t, engine.MaxElo, hello.MaxElo)
	moves, differ := "", 0
	for _, next := range "FaEbDcCdBeAf" {
		line := board.Line{Moves: moves}
		p := oware.MustParsePosition(strings.TrimSpace("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S " + moves))
		full, err := s.Move(context.Background(), board.MoveRequest{Line: line, Level: 4})
		require.NoError(t, err)
		weak, err := s.Move(context.Background(), board.MoveRequest{Line: line, Level: 4, Elo: engine.MinElo})
		require.NoError(t, err)
		m, err := oware.ParseMove(weak.Move)
		require.NoError(t, err)
		assert.True(t, p.Moves().Contains(m), "%s at %q", weak.Move, moves)
		if weak.Move != full.Move {
			differ++
		}
		if m, err := oware.ParseMove(string(next)); err != nil || !p.Moves().Contains(m) {
			break
		}
		moves += string(next)
	}
	assert.Positive(t, differ, "the weakest strength plays as full strength does at every position")
}

// TestCall: the calls in JSON, and the requests they refuse.
func TestCall(t *testing.T) {
	s := newService(t, 0)
	ctx := context.Background()
	out, err := s.Call(ctx, "hello", []byte(`{}`))
	require.NoError(t, err)
	var h board.Hello
	require.NoError(t, json.Unmarshal(out, &h))
	assert.Equal(t, oware.RulesNames(), h.Presets)
	assert.Equal(t, "abapa", h.Rules)

	out, err = s.Call(ctx, "play", []byte(`{"line":{"moves":"C"},"move":"f"}`))
	require.NoError(t, err)
	var v board.View
	require.NoError(t, json.Unmarshal(out, &v))
	assert.Equal(t, "Cf", v.Line.Moves)

	_, err = s.Call(ctx, "nothing", []byte(`{}`))
	assert.ErrorIs(t, err, board.ErrNoSuchCall)
	long := strings.Repeat("Ff", board.MaxMoves/2+1)
	for _, bad := range []struct{ name, req string }{
		{"view", `{`},
		{"view", `{"line":{}} {}`},
		{"view", `{"unknown":1}`},
		{"view", `{"line":{"moves":"FX"}}`},
		{"view", `{"line":{"moves":"F1"}}`},
		{"view", `{"line":{"moves":"FF"}}`},
		{"view", `{"line":{"moves":"` + long + `"}}`},
		{"view", `{"line":{"rules":"chess"}}`},
		{"view", `{"line":{"start":"4-4"}}`},
		{"view", `{"side":"W"}`},
		{"play", `{"move":"Z"}`},
		{"move", `{"level":-1}`},
		{"tables", `[]`},
		{"save", `{"line":{"moves":"FF"}}`},
		{"view", `{"line":{"start":"` + strings.Repeat("x", board.MaxBody) + `"}}`},
	} {
		_, err := s.Call(ctx, bad.name, []byte(bad.req))
		assert.ErrorIs(t, err, board.ErrBadRequest, "%s %.60s", bad.name, bad.req)
	}
	err = s.CheckAnalysis([]byte(`{"depth":41}`))
	assert.ErrorIs(t, err, board.ErrBadRequest)
	assert.NoError(t, s.CheckAnalysis([]byte(`{"depth":2}`)))
	var n int
	require.NoError(t, s.AnalyzeJSON(ctx, []byte(`{"depth":2}`), func(a []byte) {
		n++
		var an board.Analysis
		assert.NoError(t, json.Unmarshal(a, &an))
	}))
	assert.Equal(t, 3, n)
}

// TestNew: configurations out of range are refused.
func TestNew(t *testing.T) {
	_, err := board.New(board.Config{Endgame: 16})
	assert.ErrorIs(t, err, board.ErrBadRequest)
	_, err = board.New(board.Config{HashMB: 4097})
	assert.ErrorIs(t, err, board.ErrBadRequest)
}

// FuzzCall: no request makes a call panic, and a call either answers JSON
// or refuses the request as bad.
func FuzzCall(f *testing.F) {
	for _, seed := range []string{`{}`, `{"line":{"moves":"CfB"}}`, `{"line":{"start":"2-0-0-3-1-2-0-0-0-0-0-0-20-20-S"},"move":"E"}`, `{"text":"1. F e *"}`, `{"line":{"moves":"F"},"tags":[{"name":"Event","value":"x"}]}`} {
		for i := range 5 {
			f.Add(uint8(i), []byte(seed))
		}
	}
	s, err := board.New(board.Config{Endgame: 0, HashMB: 1})
	require.NoError(f, err)
	names := []string{"hello", "view", "play", "load", "save"}
	f.Fuzz(func(t *testing.T, which uint8, req []byte) {
		name := names[int(which)%len(names)]
		out, err := s.Call(context.Background(), name, req)
		if err != nil {
			assert.ErrorIs(t, err, board.ErrBadRequest, "%s %q", name, req)
			return
		}
		assert.True(t, json.Valid(out))
	})
}

// TestResultWords: the words of the tables' values, exact and bounded,
// for the board (South's margin) and for a move (its mover's).
func TestResultWords(t *testing.T) {
	for _, tt := range []struct {
		lo, hi      int
		board, move string
	}{
		{4, 4, "South wins by 4", "wins by 4"},
		{-2, -2, "North wins by 2", "loses by 2"},
		{0, 0, "a draw", "draws"},
		{2, 6, "South wins by 2 to 6", "wins by 2 to 6"},
		{-6, -2, "North wins by 2 to 6", "loses by 2 to 6"},
		{-8, 0, "a draw, or North wins by up to 8", "draws, or loses by up to 8"},
		{0, 3, "a draw, or South wins by up to 3", "draws, or wins by up to 3"},
		{-3, 2, "South wins by up to 2, North wins by up to 3, or a draw", "wins by up to 2, loses by up to 3, or draws"},
	} {
		assert.Equal(t, tt.board, board.MarginText(tt.lo, tt.hi))
		assert.Equal(t, tt.move, board.MoverText(tt.lo, tt.hi))
	}
}
