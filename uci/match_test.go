package uci_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/fakeengine"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/uci"
)

// randomPlayer is a player that moves uniformly at random: any Player
// plays a Match.
type randomPlayer struct{ rng *prng.Source }

func (r *randomPlayer) Name() string                  { return "random" }
func (r *randomPlayer) NewGame(context.Context) error { return nil }
func (r *randomPlayer) Close() error                  { return nil }
func (r *randomPlayer) Move(_ context.Context, _ oware.Board, _ []oware.Move, p oware.Position, _ uci.Limits) (oware.Move, error) {
	m, _ := p.Moves().Nth(r.rng.IntN(p.Moves().Len()))
	return m, nil
}

// checkGame checks a game of a match: its record replays under rules to
// its end, with the result of its end, or "*" and a Termination tag for
// a game that did not end by the rules.
func checkGame(t *testing.T, rules oware.Rules, g uci.Game) {
	t.Helper()
	rec := g.Record(rules, time.Second)
	effects, err := rec.Replay()
	require.NoError(t, err, "game %d", g.Round)
	end := rec.StartPosition()
	if len(effects) > 0 {
		end = effects[len(effects)-1].After()
	}
	assert.Equal(t, g.End.Board(), end.Board(), "game %d", g.Round)
	assert.Equal(t, ogn.ResultOf(end.Outcome()), rec.Result, "game %d", g.Round)
	term, ok := rec.Tag("Termination")
	assert.Equal(t, !end.Outcome().Over(), ok, "game %d: %s", g.Round, term)
	assert.True(t, slices.Equal(g.Moves[:len(g.Opening)], g.Opening), "game %d: the moves start with the opening", g.Round)
}

// TestMatch: the built-in engine against a random mover, both colours
// from each opening: the engine wins every game, and each game's record
// replays.
func TestMatch(t *testing.T) {
	openings, err := uci.RandomOpenings(oware.Rules{}, 2, 3, 7)
	require.NoError(t, err)
	builtin, err := uci.NewBuiltinPlayer(3)
	require.NoError(t, err)
	var games []uci.Game
	plies := 0
	m := &uci.Match{
		Players:  [2]uci.Player{&randomPlayer{prng.New(1)}, builtin},
		Openings: openings,
		MoveTime: 10 * time.Second,
		Ply:      func(round, n int, _ uci.Result) { plies++ },
		Game: func(g uci.Game, sofar uci.Result) error {
			games = append(games, g)
			assert.Equal(t, len(games), sofar.Games())
			return nil
		},
	}
	res, err := m.Play(context.Background())
	require.NoError(t, err)
	assert.Equal(t, uci.Result{Losses: 4, Plies: res.Plies}, res)
	assert.Equal(t, "0 wins, 0 draws, 4 losses", res.Score())
	require.Len(t, games, 4)
	for i, g := range games {
		assert.Equal(t, i+1, g.Round)
		random := oware.Player(i % 2)
		assert.Equal(t, "random", g.Players[random], "colours alternate")
		assert.Equal(t, "oware (built in, level 3)", g.Players[random.Opponent()])
		assert.Equal(t, openings[i/2], g.Opening, "both colours from each opening")
		w, ok := g.End.Outcome().Winner()
		assert.True(t, ok && w == random.Opponent(), "game %d: %s", i+1, g.Summary())
		checkGame(t, oware.Rules{}, g)
	}
	assert.Equal(t, res.Plies-4*3, plies, "a call after each ply but the openings'")
}

// TestMatchForfeits: an engine that plays an illegal move, crashes or sees
// the game over loses the game by forfeit, and is started again for the
// next one; a game that reaches MaxPlies is adjudicated a draw.
func TestMatchForfeits(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		reason string
		err    error
		grace  time.Duration // long where a late move is not the fault tested, on a loaded machine
	}{
		{"illegal@2", "illegal move", uci.ErrIllegal, 5 * time.Second},
		{"crash@2", "the engine exited", uci.ErrExited, 5 * time.Second},
		{"zero@2", "an answer not in the protocol", uci.ErrProtocol, 5 * time.Second},
		{"timeout@2", "no move in time", uci.ErrTimeout, 200 * time.Millisecond},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			argv := strings.Fields(fakeengine.Command(t, tc.mode))
			e, err := uci.StartPlayer(context.Background(), tc.grace, argv[0], argv[1:]...)
			require.NoError(t, err)
			defer e.Close()
			openings, err := uci.RandomOpenings(oware.Rules{}, 1, 2, 1)
			require.NoError(t, err)
			m := &uci.Match{Players: [2]uci.Player{&randomPlayer{prng.New(2)}, e}, Openings: openings, MoveTime: 20 * time.Millisecond,
				Game: func(g uci.Game, _ uci.Result) error {
					require.NotNil(t, g.Forfeit, "game %d", g.Round)
					assert.Equal(t, "fake "+tc.mode, g.Players[g.Forfeit.Loser])
					assert.ErrorIs(t, g.Forfeit, tc.err)
					assert.Equal(t, tc.reason, g.Forfeit.Reason())
					assert.True(t, strings.HasPrefix(g.Summary(), g.Forfeit.Loser.String()+" loses by forfeit after "), g.Summary())
					checkGame(t, oware.Rules{}, g)
					return nil
				}}
			res, err := m.Play(context.Background())
			require.NoError(t, err)
			assert.Equal(t, 2, res.Wins, "the random mover wins both games")
			require.Len(t, res.Forfeits, 2)
			assert.Contains(t, res.Forfeits[1], "game 2: fake "+tc.mode+" (South) lost: "+tc.reason+": ")
		})
	}

	openings, err := uci.RandomOpenings(oware.Rules{}, 1, 0, 1)
	require.NoError(t, err)
	m := &uci.Match{Players: [2]uci.Player{&randomPlayer{prng.New(3)}, &randomPlayer{prng.New(4)}}, Openings: openings, MaxPlies: 10,
		Game: func(g uci.Game, _ uci.Result) error {
			assert.True(t, g.Adjudicated())
			assert.Equal(t, "adjudicated a draw after 10 plies", g.Summary())
			term, _ := g.Record(oware.Rules{}, time.Second).Tag("Termination")
			assert.Equal(t, "adjudicated a draw after 10 plies", term)
			checkGame(t, oware.Rules{}, g)
			return nil
		}}
	res, err := m.Play(context.Background())
	require.NoError(t, err)
	assert.Equal(t, uci.Result{Draws: 2, Plies: 20}, res)
}

// TestMatchEnds: a match ends early, with the result so far, on an error
// of its Game function or when its context is done.
func TestMatchEnds(t *testing.T) {
	openings, err := uci.RandomOpenings(oware.Rules{}, 3, 2, 5)
	require.NoError(t, err)
	stop := errors.New("enough")
	m := &uci.Match{Players: [2]uci.Player{&randomPlayer{prng.New(3)}, &randomPlayer{prng.New(4)}}, Openings: openings,
		Game: func(g uci.Game, _ uci.Result) error {
			if g.Round == 3 {
				return stop
			}
			return nil
		}}
	res, err := m.Play(context.Background())
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, 3, res.Games())
	ctx, cancel := context.WithCancel(context.Background())
	m.Game = func(g uci.Game, _ uci.Result) error {
		cancel()
		return nil
	}
	res, err = m.Play(ctx)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, res.Games())
}

// TestElo checks Elo differences against hand-computed ones: a share of s
// is -400·log10(1/s - 1) Elo; the interval is s ± 1.96 standard errors of
// a game's result.
func TestElo(t *testing.T) {
	diff, lo, hi := uci.Result{Wins: 10, Losses: 10}.Elo()
	assert.Zero(t, diff)
	// Each result is 1 or 0, off the mean 0.5 by 0.5: the standard error
	// of the mean is 0.5/√20 = 0.1118, so s is 0.5 ± 0.2191, and
	// -400·log10(1/0.2809 - 1) = -400·log10(2.560) = -163.3.
	assert.InDelta(t, -163.3, lo, 0.1)
	assert.InDelta(t, 163.3, hi, 0.1)
	// 30 wins and 10 losses: s = 0.75, 400·log10(3) = 190.8.
	diff, _, _ = uci.Result{Wins: 30, Losses: 10}.Elo()
	assert.InDelta(t, 190.8, diff, 0.1)
	// Draws count half and narrow the interval: 10 draws alone are 0 ± 0.
	diff, lo, hi = uci.Result{Draws: 10}.Elo()
	assert.Equal(t, [3]float64{0, 0, 0}, [3]float64{diff, lo, hi})
	diff, lo, _ = uci.Result{Losses: 3}.Elo()
	assert.True(t, math.IsInf(diff, -1))
	assert.True(t, math.IsInf(lo, -1))
	assert.Equal(t, 0.625, uci.Result{Wins: 2, Draws: 1, Losses: 1}.Share())
	assert.Equal(t, "1 win, 1 draw, 1 loss", uci.Result{Wins: 1, Draws: 1, Losses: 1}.Score())
}

// TestRandomOpenings: the openings are different lines of legal moves of
// the length asked for, the same for the same seed; too many for their
// length is an error.
func TestRandomOpenings(t *testing.T) {
	openings, err := uci.RandomOpenings(oware.Rules{}, 30, 3, 9)
	require.NoError(t, err)
	again, err := uci.RandomOpenings(oware.Rules{}, 30, 3, 9)
	require.NoError(t, err)
	assert.Equal(t, openings, again)
	seen := map[string]bool{}
	for _, o := range openings {
		require.Len(t, o, 3)
		p := oware.Start()
		for _, m := range o {
			p, err = p.Play(m)
			require.NoError(t, err)
		}
		assert.False(t, seen[uci.JoinMoves(o)], uci.JoinMoves(o))
		seen[uci.JoinMoves(o)] = true
	}
	_, err = uci.RandomOpenings(oware.Rules{}, 40, 2, 1)
	assert.ErrorIs(t, err, uci.ErrSyntax)
	assert.EqualError(t, err, "uci: openings: syntax error: only 36 different openings of 2 plies found; ask for fewer or longer ones")
}
