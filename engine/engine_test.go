package engine

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// searchDepth searches p depth plies deep with a pooled engine.
func searchDepth(p oware.Position, depth int) (Result, error) {
	return Search(context.Background(), p, Limits{Depth: depth})
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name string
		pos  string
		want Score
	}{
		// Symmetric: equal scores, seeds and pits.
		{"opening", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0},
		// South: scores 22-17 give 4*5 = 20. South's pits: four empty
		// ones, -2 each, 3 seeds worth 2 and 5 worth 3: -3. North's: five
		// empty ones and one of a seed, worth 1+1: -8. 20-3+8 = 25.
		{"south ahead, south to move", "0-0-0-0-3-5-1-0-0-0-0-0-22-17-S", 25},
		{"south ahead, north to move", "0-0-0-0-3-5-1-0-0-0-0-0-22-17-N", -25},
		// Pits of 2 and 12 seeds: South's 2 is worth 1+2, North's 12 is
		// worth 6+1; South's other five pits are empty (-10), North's
		// other five hold a seed each (5*2). Scores 12-17: -20.
		// -20 + 3 - 10 - 7 - 10 = -44.
		{"small and big pits", "2-0-0-0-0-0-12-1-1-1-1-1-12-17-S", -44},
		// R8: South has 25. The mover, North, has lost.
		{"finished, loser to move", "0-0-0-0-0-0-0-0-0-0-0-0-25-23-N", -Win},
		{"finished, winner to move", "0-0-0-0-0-0-0-0-0-0-0-0-25-23-S", Win},
		// R9: North to move with an empty side; tallies 24-24.
		{"finished, draw", "4-0-0-0-0-0-0-0-0-0-0-0-20-24-N", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Evaluate(oware.MustParsePosition(tt.pos)))
		})
	}
	assert.Equal(t, Score(0), Evaluate(oware.Position{}), "zero Position")
}

func TestSearchErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		p    oware.Position
		lim  Limits
		want error
		text string
	}{
		{oware.Start(), Limits{Depth: -1}, ErrLimits, "engine: limit out of range: depth -1: want 0 to 40"},
		{oware.Start(), Limits{Depth: MaxDepth + 1}, ErrLimits, "engine: limit out of range: depth 41: want 0 to 40"},
		{oware.Start(), Limits{Depth: 3, Time: -time.Second}, ErrLimits, "engine: limit out of range: time -1s: want 0 or more"},
		{oware.MustParsePosition("0-0-0-0-0-0-0-0-0-0-0-0-25-23-N"), Limits{Depth: 3}, ErrGameOver,
			"engine: no move to choose: the game is over: South wins 25-23 (majority, R8)"},
		{oware.Position{}, Limits{Depth: 3}, ErrGameOver, "engine: no move to choose: the game is over: not a position of the game"},
	} {
		_, err := Search(ctx, tc.p, tc.lim)
		require.ErrorIs(t, err, tc.want, tc.text)
		assert.EqualError(t, err, tc.text)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, tc.want, e.Err)
	}
	for _, d := range []time.Duration{0, -time.Millisecond} {
		_, err := BestMove(ctx, oware.Start(), d)
		assert.ErrorIs(t, err, ErrLimits, "time %s", d)
	}
}

// TestSearchTakesTheWin: South has 23; F sows its one seed into pit 6,
// which then holds 2, and capturing them gives 25 (R8). The other move, A,
// wins nothing.
func TestSearchTakesTheWin(t *testing.T) {
	p := oware.MustParsePosition("1-0-0-0-0-1-1-0-0-4-0-0-23-18-S")
	for _, depth := range []int{1, 4} {
		r, err := searchDepth(p, depth)
		require.NoError(t, err)
		assert.Equal(t, "F", r.Move.String(), "depth %d", depth)
		assert.Equal(t, Score(Win-1), r.Score, "a win one ply from the root")
		assert.Equal(t, 1, r.Depth, "the search stops once the game is decided")
	}
}

// TestSearchLooksAhead: F captures 2 at once (pit 6 goes from 1 to 2):
// after it the evaluation is 23 for South (scores 20-18: 8; South's pits
// 2, 2, 2, 0, 1, 0: 7; North's 0, 0, 0, 0, 0, 3: -8). But then North
// sows pit 11's three seeds into pits 0, 1 and 2, making them 3, 3 and 3,
// and captures 9 to reach 27 (R8). A, B and C all spoil that capture (pit
// 2 ends with 4, 4 and 1 seeds). Even a one-ply search sees it: at its
// horizon it follows the captures (the quiescence search).
func TestSearchLooksAhead(t *testing.T) {
	p := oware.MustParsePosition("2-2-2-0-1-1-1-0-0-0-0-3-18-18-S")
	f, err := p.Play(oware.Move(5))
	require.NoError(t, err)
	assert.Equal(t, Score(-23), Evaluate(f))
	for _, depth := range []int{1, 2, 3, 6} {
		r, err := searchDepth(p, depth)
		require.NoError(t, err)
		assert.Contains(t, []string{"A", "B", "C"}, r.Move.String(), "depth %d", depth)
		assert.Greater(t, r.Score, Score(-Win+MaxDepth), "depth %d: South is not lost", depth)
	}
}

// TestSearchMatchesMinimax checks the search (alpha-beta, table, move
// ordering) against a plain minimax with the same evaluation, which has
// none of them, along a random game.
func TestSearchMatchesMinimax(t *testing.T) {
	rng := prng.New(3)
	p := oware.Start()
	for ply := 0; ply < 60 && p.Moves().Len() > 0; ply++ {
		checkNegamax(t, p, 1+ply%4)
		p = randomChild(rng, p)
	}
}

// quiescence is the score of p at the horizon, ply plies below the root:
// the better for the player to move of its evaluation and of the moves
// after which the captured seeds grew, each scored so in turn.
func quiescence(p oware.Position, ply int) int {
	if o := p.Outcome(); o.Over() {
		if o.Reason() == oware.Repetition {
			repetitionEnds++
		}
		limitEnds[o.Reason()]++
		return terminal(o, p.Board().ToMove(), ply)
	}
	best := int(Evaluate(p))
	before := p.Board().Score(oware.South) + p.Board().Score(oware.North)
	for _, c := range p.Children() {
		if c.Board().Score(oware.South)+c.Board().Score(oware.North) > before {
			best = max(best, -quiescence(c, ply+1))
		}
	}
	return best
}

// repetitionEnds counts the games that minimax saw end by repetition
// (R10), limitEnds those it saw end by each reason.
var (
	repetitionEnds int
	limitEnds      = map[oware.Reason]int{}
)

// minimax is a plain negamax of p, depth plies deep, ply plies below the
// root, with the evaluation of the search and, at depth 0, its
// quiescence.
func minimax(p oware.Position, depth, ply int) int {
	if o := p.Outcome(); o.Over() {
		if o.Reason() == oware.Repetition {
			repetitionEnds++
		}
		limitEnds[o.Reason()]++
		return terminal(o, p.Board().ToMove(), ply)
	}
	if depth == 0 {
		return quiescence(p, ply)
	}
	best := -Win - 1
	for m := range p.Moves().All() {
		child, _ := p.Play(m)
		best = max(best, -minimax(child, depth-1, ply+1))
	}
	return best
}

func TestSearchIsDeterministic(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	first, err := searchDepth(p, 7)
	require.NoError(t, err)
	_, err = searchDepth(oware.Start(), 9) // fills the pooled table with other entries
	require.NoError(t, err)
	again, err := searchDepth(p, 7)
	require.NoError(t, err)
	assert.Equal(t, first, again)
	require.NotEmpty(t, first.PV)
	assert.Equal(t, first.Move, first.PV[0])
	q := p
	for _, m := range first.PV {
		q, err = q.Play(m)
		require.NoError(t, err, "the principal variation is a line of legal moves")
	}
}

// TestBeatsRandomMover: a four-ply search wins at least 19 of 20 games
// against a player who picks uniformly among the legal moves.
func TestBeatsRandomMover(t *testing.T) {
	rng := prng.New(11)
	wins := 0
	for g := 0; g < 20; g++ {
		me := oware.Player(g % 2)
		p := oware.Start()
		for p.Moves().Len() > 0 {
			var m oware.Move
			if p.Board().ToMove() == me {
				r, err := searchDepth(p, 4)
				require.NoError(t, err)
				m = r.Move
			} else {
				m, _ = p.Moves().Nth(rng.IntN(p.Moves().Len()))
			}
			var err error
			p, err = p.Play(m)
			require.NoError(t, err)
		}
		if w, ok := p.Outcome().Winner(); ok && w == me {
			wins++
		}
	}
	assert.GreaterOrEqual(t, wins, 19)
}

// TestSearchEqualsNegamaxWithHistory checks that the table never reuses a
// score that depends on the path (R10): on positions of random games and on
// random endgames taken deep into capture-free stretches, where boards recur
// and repetition ends games, the search's score equals a plain negamax of
// the same depth, and its move has that score. It does so under every
// preset, whose repetition rules differ.
func TestSearchEqualsNegamaxWithHistory(t *testing.T) {
	for i, name := range oware.RulesNames() {
		t.Run(name, func(t *testing.T) {
			rules, err := oware.ParseRules(name)
			require.NoError(t, err)
			rng := prng.New(20261201 + uint64(i))
			positions := 0
			games, endgames := 3, 120/testScale
			if name == "abapa" {
				games, endgames = 10/testScale, 400/testScale
			}
			for g := 0; g < games; g++ {
				p := rules.Start()
				for ply := 0; ply < 200 && p.Moves().Len() > 0; ply++ {
					if ply%(5*testScale) == 0 {
						checkNegamax(t, p, 1+ply%6)
						positions++
					}
					p = randomChild(rng, p)
				}
			}
			deep, repeated, looping := 0, 0, 0
			for deep < endgames {
				p, ok := quietWalk(rng, randomEndgame(rng, rules), 20+rng.IntN(200))
				if !ok {
					continue
				}
				deep++
				if p.Repetitions() > 1 {
					repeated++
				}
				before := repetitionEnds
				checkNegamax(t, p, 8+rng.IntN(6))
				if repetitionEnds > before {
					looping++
				}
			}
			t.Logf("%d positions, %d of them deep in capture-free endgame stretches, %d at a repeated board, %d with R10 endings in the tree",
				positions+deep, deep, repeated, looping)
			if rules.RepeatLimit() != 0 {
				assert.Greater(t, looping, endgames/6, "the endgames do repeat boards")
			}
		})
	}
}

// checkNegamax checks that a search of p depth plies deep has the score of
// a plain negamax, and that its move has that score.
func checkNegamax(t *testing.T, p oware.Position, depth int) {
	t.Helper()
	r, err := searchDepth(p, depth)
	require.NoError(t, err)
	want := minimax(p, depth, 0)
	require.Equal(t, Score(want), r.Score, "%s under %s, depth %d", p, p.Rules(), depth)
	child, err := p.Play(r.Move)
	require.NoError(t, err)
	require.Equal(t, want, -minimax(child, depth-1, 1), "%s under %s, depth %d: the move has the score", p, p.Rules(), depth)
}

// TestSearchEqualsNegamaxAtPlyLimits: under the presets that end a game
// after a number of plies (PlayStrategy's 1001 plies, Game::Oware's 500
// plies without a capture), positions a few plies before the limit, where
// the same board is worth a draw at one depth of the tree and a game to
// play on at another, get the score of a plain negamax.
func TestSearchEqualsNegamaxAtPlyLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plies int // the limit of plies
		quiet bool
		want  oware.Reason
	}{
		{"playstrategy", 1001, false, oware.PlyLimit},
		{"game-oware", 500, true, oware.QuietLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules, err := oware.ParseRules(tc.name)
			require.NoError(t, err)
			rng := prng.New(41)
			checked, limited := 0, 0
			for checked < 12 {
				depth := 3 + rng.IntN(4)
				p, ok := walkTo(rng, rules, tc.plies-depth+1+rng.IntN(depth), tc.quiet)
				if !ok {
					continue
				}
				before := limitEnds[tc.want]
				checkNegamax(t, p, depth)
				checked++
				if limitEnds[tc.want] > before {
					limited++
				}
			}
			t.Logf("%d positions, %d with the limit inside the tree", checked, limited)
			assert.Greater(t, limited, checked/2, "the limit ends games in the trees")
		})
	}
}

// TestTableCutsAreSound checks every score that the search takes from its
// table against a plain negamax of the position where it takes it, with
// that position's own history: an exact score must be the negamax score, a
// lower bound at most it, an upper bound at least it. A table keyed on
// less than what a score depends on (the boards since the last capture,
// the plies played under a ply limit) gives some position the score of
// another with the same board. Positions: random games and endgames deep
// in capture-free stretches under every preset, and positions a few plies
// before the ply limits.
func TestTableCutsAreSound(t *testing.T) {
	checked := 0
	checkCut = func(p *oware.Position, ply, depth, score int, bound uint8) {
		t.Helper()
		want := minimax(*p, depth, ply)
		switch bound {
		case exact:
			require.Equal(t, want, score, "exact score of %s under %s at depth %d", p, p.Rules(), depth)
		case lower:
			require.LessOrEqual(t, score, want, "lower bound of %s under %s at depth %d", p, p.Rules(), depth)
		case upper:
			require.GreaterOrEqual(t, score, want, "upper bound of %s under %s at depth %d", p, p.Rules(), depth)
		}
		checked++
	}
	defer func() { checkCut = nil }()
	for i, name := range oware.RulesNames() {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		rng := prng.New(7 + uint64(i))
		before := checked
		for g := 0; g < 2; g++ {
			p := rules.Start()
			for ply := 0; ply < 120 && p.Moves().Len() > 0; ply++ {
				if ply%7 == 0 {
					_, err := searchDepth(p, 2+ply%6)
					require.NoError(t, err)
				}
				p = randomChild(rng, p)
			}
		}
		for n := 0; n < 40/testScale; {
			p, ok := quietWalk(rng, randomEndgame(rng, rules), 20+rng.IntN(200))
			if !ok {
				continue
			}
			n++
			// Deep enough for a cycle of boards (12 plies at least) to
			// fit below a position reached twice.
			_, err := searchDepth(p, 12+rng.IntN(6))
			require.NoError(t, err)
		}
		if rules.MaxPlies() != 0 || rules.MaxQuietPlies() != 0 {
			limit, quiet := rules.MaxPlies(), false
			if rules.MaxQuietPlies() != 0 {
				limit, quiet = rules.MaxQuietPlies(), true
			}
			for n := 0; n < 30; {
				depth := 4 + rng.IntN(3)
				p, ok := walkTo(rng, rules, limit-depth+rng.IntN(depth), quiet)
				if !ok {
					continue
				}
				n++
				_, err := searchDepth(p, depth)
				require.NoError(t, err)
			}
		}
		t.Logf("%s: %d scores from the table checked", name, checked-before)
	}
	assert.Greater(t, checked, 1000)
}

// keyOf returns the table key that a search from root gives the position
// at the end of line, searched depth plies deep.
func keyOf(t *testing.T, s *searcher, depth int, root oware.Position, line ...oware.Move) uint64 {
	t.Helper()
	s.start(root)
	for ply, m := range line {
		var err error
		s.stack[ply+1], err = s.stack[ply].Play(m)
		require.NoError(t, err)
		captured, quiet := s.childHistories(ply)
		s.enter(ply, captured, quiet)
	}
	return s.key(len(line), depth)
}

// TestKeys: the table key of a position tells apart what its score depends
// on. Two lines reach the same board without a capture through different
// boards, 1 to 3 plies back: under abapa, where a board may come back
// (R10), their keys differ when the position is searched 9 plies deep or
// more, as those boards could recur within 12 plies (the shortest cycle),
// and are equal when it is searched 8 plies deep or less; under rules
// without repetition they are equal. After a capture the boards before it
// no longer count. Under a limit of plies, the same board with the same
// history at another ply has another key.
func TestKeys(t *testing.T) {
	s := newSearcher(MinTableSize)
	// Each of A, c, C and e sows one seed into the next pit of the
	// mover's side, so that A, c, C, e and C, e, A, c reach one board.
	// Then F sows its seed into pit 6, which holds 2 and is captured.
	const root = "1-0-1-0-0-1-1-0-1-0-1-0-21-21-S"
	a, b := moves(t, "AcCe"), moves(t, "CeAc")
	f := moves(t, "F")
	p := oware.MustParsePosition(root)
	for _, depth := range []int{9, 10, 20} {
		assert.NotEqual(t, keyOf(t, s, depth, p, a...), keyOf(t, s, depth, p, b...), "abapa, depth %d", depth)
	}
	for _, depth := range []int{1, 4, 8} {
		assert.Equal(t, keyOf(t, s, depth, p, a...), keyOf(t, s, depth, p, b...), "abapa, depth %d", depth)
	}
	assert.Equal(t, keyOf(t, s, 20, p, append(a, f...)...), keyOf(t, s, 20, p, append(b, f...)...), "abapa, after the capture")
	rs, err := oware.ParseRules("board-game-rs")
	require.NoError(t, err)
	p = rs.Position(oware.MustParseBoard(root))
	assert.Equal(t, keyOf(t, s, 20, p, a...), keyOf(t, s, 20, p, b...), "board-game-rs")
	// Under a limit of quiet plies the boards count, however recent.
	gr, err := oware.ParseRules("game-oware")
	require.NoError(t, err)
	p = gr.Position(oware.MustParseBoard(root))
	assert.NotEqual(t, keyOf(t, s, 1, p, a...), keyOf(t, s, 1, p, b...), "game-oware")

	// The same board and history at plies 1 and 3: a ply limit tells
	// them apart.
	for _, tc := range []struct {
		rules string
		apart bool
	}{{"playstrategy", true}, {"auale", false}} {
		r, err := oware.ParseRules(tc.rules)
		require.NoError(t, err)
		s.start(r.Start())
		for ply := range 4 {
			s.stack[ply] = r.Start()
			s.hist[ply] = 0
			s.since[ply] = ply
		}
		assert.Equal(t, tc.apart, s.key(1, 5) != s.key(3, 5), tc.rules)
	}
}

// moves reads a line of pit letters.
func moves(t *testing.T, line string) []oware.Move {
	t.Helper()
	var ms []oware.Move
	for _, c := range line {
		m, err := oware.ParseMove(string(c))
		require.NoError(t, err)
		ms = append(ms, m)
	}
	return ms
}

// walkTo plays plies random moves under rules from a board with 24 seeds
// in play that end no game, all of them quiet (no capture) when quiet is
// set, and reports whether it could.
func walkTo(rng *prng.Source, rules oware.Rules, plies int, quiet bool) (oware.Position, bool) {
	var pits [12]int
	for s := 0; s < 24; s++ {
		pits[rng.IntN(12)]++
	}
	b, err := oware.NewBoard(pits, [2]int{12, 12}, oware.South)
	if err != nil {
		return oware.Position{}, false
	}
	p := rules.Position(b)
	for ; plies > 0; plies-- {
		var calm, any []oware.Position
		for _, c := range p.Children() {
			if c.Outcome().Over() {
				continue
			}
			any = append(any, c)
			if c.Board().Score(oware.South)+c.Board().Score(oware.North) == p.Board().Score(oware.South)+p.Board().Score(oware.North) {
				calm = append(calm, c)
			}
		}
		switch {
		case len(calm) > 0:
			p = calm[rng.IntN(len(calm))]
		case len(any) > 0 && !quiet:
			p = any[rng.IntN(len(any))]
		default:
			return p, false
		}
	}
	return p, true
}

// randomChild plays a random legal move of p.
func randomChild(rng *prng.Source, p oware.Position) oware.Position {
	m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
	child, _ := p.Play(m)
	return child
}

// quietWalk plays plies random moves from p that neither capture nor end
// the game, and reports whether it could.
func quietWalk(rng *prng.Source, p oware.Position, plies int) (oware.Position, bool) {
	for ; plies > 0; plies-- {
		var calm []oware.Position
		for _, c := range p.Children() {
			if c.Board().SideSeeds(oware.South)+c.Board().SideSeeds(oware.North) ==
				p.Board().SideSeeds(oware.South)+p.Board().SideSeeds(oware.North) && !c.Outcome().Over() {
				calm = append(calm, c)
			}
		}
		if len(calm) == 0 {
			return p, false
		}
		p = calm[rng.IntN(len(calm))]
	}
	return p, true
}

// randomEndgame returns a valid position under rules with 2 to 5 seeds in
// play, the rest captured, neither player at 25.
func randomEndgame(rng *prng.Source, rules oware.Rules) oware.Position {
	for {
		var pits [12]int
		left := 2 + rng.IntN(4)
		for s := 0; s < left; s++ {
			pits[rng.IntN(12)]++
		}
		south := 48 - left - rng.IntN(25)
		north := 48 - left - south
		if south > 24 || north > 24 || north < 0 {
			continue
		}
		b, err := oware.NewBoard(pits, [2]int{south, north}, oware.Player(rng.IntN(2)))
		if err == nil {
			return rules.Position(b)
		}
	}
}

// stopAfter returns an engine whose clock stands still for its first
// reads readings and then jumps an hour on, and the count of its
// readings: a search with a time limit ends at a poll that the test
// chooses, whatever the machine's speed. The search reads the clock once
// as it starts, then once a poll.
func stopAfter(t *testing.T, reads int) (*Engine, *int) {
	t.Helper()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	calls := 0
	e, err := New(Options{Now: func() time.Time {
		calls++
		if calls > reads {
			return t0.Add(time.Hour)
		}
		return t0
	}})
	require.NoError(t, err)
	return e, &calls
}

// TestSearchStops: a search to depth 40 from the opening ends when its
// time is up, with the result of the last iteration it completed, which
// is what a search of that depth returns. The clock counts its readings,
// so the test does not depend on the machine's speed.
func TestSearchStops(t *testing.T) {
	p := oware.Start()
	for _, polls := range []int{1, 2, 5, 40} {
		e, calls := stopAfter(t, polls)
		var seen []int
		r, err := e.Analyze(context.Background(), p, Limits{Time: time.Minute}, func(r Result) { seen = append(seen, r.Depth) })
		require.NoError(t, err)
		assert.True(t, r.Stopped, "polls %d", polls)
		assert.Equal(t, polls+1, *calls, "no reading after the poll that stops")
		assert.Less(t, r.Depth, MaxDepth)
		want := make([]int, r.Depth)
		for i := range want {
			want[i] = i + 1
		}
		assert.Equal(t, want, seen, "polls %d: one progress report per completed iteration", polls)
		if r.Partial {
			continue // TestPartialIteration checks those
		}
		plain, err := searchDepth(p, r.Depth)
		require.NoError(t, err)
		assert.Equal(t, plain.Move, r.Move, "polls %d", polls)
		assert.Equal(t, plain.Score, r.Score, "polls %d", polls)
		assert.Equal(t, plain.PV, r.PV, "polls %d", polls)
	}
	// The first iteration always completes: a search whose time is up at
	// once still gives a move, one ply deep, and looks once, before the
	// second iteration.
	e, calls := stopAfter(t, 1)
	r, err := e.Search(context.Background(), p, Limits{Time: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	assert.True(t, r.Stopped)
	assert.Equal(t, 2, *calls)
	// So does a search whose context is done before it starts.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err = Search(ctx, p, Limits{})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	assert.True(t, r.Stopped)
	plain, err := searchDepth(p, 1)
	require.NoError(t, err)
	assert.Equal(t, plain.Move, r.Move)
}

// TestSearchDeadline: the search ends a fiftieth of its time early, by
// its clock, and the deadline of its context counts as its time does. The
// clock moves on by a step at every reading: the first sets the deadline,
// at 10 ms + 980 ms for a second (the step and 49/50 of the time); the
// 99th reading, at 990 ms, is the first that is not before it.
func TestSearchDeadline(t *testing.T) {
	t0 := time.Now()
	for _, tc := range []struct {
		name string
		step time.Duration
		lim  Limits
		end  time.Duration // the deadline of the context, from t0; 0 for none
	}{
		{"time", 10 * time.Millisecond, Limits{Time: time.Second}, 0},
		// The context's deadline, an hour from the clock's start: 36 s
		// later the search has 3564 s, and ends 71.28 s early, at
		// 3528.72 s, which the 99th reading (3564 s) is the first to pass.
		{"context", 36 * time.Second, Limits{}, time.Hour},
		// The earlier of the two counts.
		{"both", 36 * time.Second, Limits{Time: 2 * time.Hour}, time.Hour},
		{"time first", 10 * time.Millisecond, Limits{Time: time.Second}, 100 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reads := 0
			e, err := New(Options{Now: func() time.Time {
				reads++
				return t0.Add(time.Duration(reads) * tc.step)
			}})
			require.NoError(t, err)
			ctx := context.Background()
			if tc.end != 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithDeadline(ctx, t0.Add(tc.end))
				defer cancel()
			}
			r, err := e.Search(ctx, oware.Start(), tc.lim)
			require.NoError(t, err)
			assert.True(t, r.Stopped)
			assert.Equal(t, 99, reads)
		})
	}
}

// TestSearchNodes: a limit of positions ends the search at the first poll
// past it, which it schedules at the limit: the search is deterministic,
// and visits the limit and less than a poll's worth beyond it.
func TestSearchNodes(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	for _, limit := range []uint64{1, 5_000, 100_000, 300_000} {
		r, err := Search(context.Background(), p, Limits{Nodes: limit})
		require.NoError(t, err)
		again, err := Search(context.Background(), p, Limits{Nodes: limit})
		require.NoError(t, err)
		assert.Equal(t, r, again, "nodes %d: deterministic", limit)
		assert.True(t, r.Stopped, "nodes %d", limit)
		assert.GreaterOrEqual(t, r.Nodes, limit, "nodes %d", limit)
		if first, _ := searchDepth(p, 1); limit > first.Nodes {
			assert.Less(t, r.Nodes, limit+pollInterval, "nodes %d", limit)
		}
	}
}

// TestSearchContext: a context done during the search ends it at the next
// poll; here it is cancelled by the report of an iteration, so the
// search ends before the next one, deterministically.
func TestSearchContext(t *testing.T) {
	p := oware.Start()
	for _, depth := range []int{1, 3, 7} {
		ctx, cancel := context.WithCancel(context.Background())
		e, err := New(Options{})
		require.NoError(t, err)
		r, err := e.Analyze(ctx, p, Limits{}, func(r Result) {
			if r.Depth == depth {
				cancel()
			}
		})
		cancel()
		require.NoError(t, err)
		assert.True(t, r.Stopped)
		assert.Equal(t, depth, r.Depth)
		plain, err := searchDepth(p, depth)
		require.NoError(t, err)
		assert.Equal(t, plain.Move, r.Move)
		assert.Equal(t, plain.Nodes, r.Nodes)
	}
}

// TestPartialIteration: when the stop ends an iteration that had proved a
// move better than the one before's best, that move is played: a search
// to its depth gives the position at least its score, and so does the
// move itself; it is not the best move of the iteration before.
func TestPartialIteration(t *testing.T) {
	partial := 0
	for _, pos := range []string{
		"1-1-6-6-6-5-0-0-1-7-7-6-0-2-S",
		"1-0-0-12-11-0-1-1-1-0-13-4-2-2-S",
		"2-0-5-5-19-1-0-0-1-3-1-3-4-4-S",
		"0-0-3-0-0-4-0-1-6-9-1-6-8-10-S",
		"0-0-0-1-8-7-1-9-7-6-5-4-0-0-N",
		"0-0-12-3-0-8-0-0-10-1-6-4-0-4-N",
		"3-0-2-2-4-0-0-1-0-8-12-2-8-6-N",
		"0-1-0-8-11-0-1-2-0-2-13-0-4-6-S",
	} {
		p := oware.MustParsePosition(pos)
		for polls := 2; polls < 24; polls++ {
			e, _ := stopAfter(t, polls)
			r, err := e.Search(context.Background(), p, Limits{Time: time.Minute})
			require.NoError(t, err)
			if !r.Partial {
				continue
			}
			partial++
			require.NotEmpty(t, r.PV)
			assert.Equal(t, r.Move, r.PV[0])
			before, err := searchDepth(p, r.Depth-1)
			require.NoError(t, err)
			assert.NotEqual(t, before.Move, r.Move, "%s, polls %d", pos, polls)
			full, err := searchDepth(p, r.Depth)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, full.Score, r.Score, "%s, polls %d", pos, polls)
			child, err := p.Play(r.Move)
			require.NoError(t, err)
			if child.Moves().Len() > 0 {
				reply, err := searchDepth(child, r.Depth-1)
				require.NoError(t, err)
				assert.GreaterOrEqual(t, -reply.Score, r.Score, "%s, polls %d: the move's own score", pos, polls)
			}
		}
	}
	t.Logf("%d partial iterations", partial)
	assert.Positive(t, partial, "the positions and stops give some")
}

// TestSearchUnstopped: limits never reached change nothing.
func TestSearchUnstopped(t *testing.T) {
	p := oware.MustParsePosition("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	plain, err := searchDepth(p, 6)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, err := Search(ctx, p, Limits{Depth: 6, Nodes: 1 << 40, Time: time.Hour})
	require.NoError(t, err)
	assert.Equal(t, plain, r)
	assert.False(t, r.Stopped)
}
