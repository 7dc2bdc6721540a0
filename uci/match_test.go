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
	assert.Equal(t, uci.Result{Losses: 4, Pairs: uci.Pentanomial{2, 0, 0, 0, 0}, Plies: res.Plies}, res)
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
	assert.Equal(t, uci.Result{Draws: 2, Pairs: uci.Pentanomial{0, 0, 1, 0, 0}, Plies: 20}, res)
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

// clockPlayer plays the first legal move after sleeping for think, and
// records the limits of each move.
type clockPlayer struct {
	think  time.Duration
	limits []uci.Limits
}

func (c *clockPlayer) Name() string                  { return "sleeper" }
func (c *clockPlayer) NewGame(context.Context) error { return nil }
func (c *clockPlayer) Close() error                  { return nil }
func (c *clockPlayer) Move(_ context.Context, _ oware.Board, _ []oware.Move, p oware.Position, lim uci.Limits) (oware.Move, error) {
	c.limits = append(c.limits, lim)
	time.Sleep(c.think)
	m, _ := p.Moves().Nth(0)
	return m, nil
}

// TestMatchClock: under a time control the match sends each player its
// clocks, takes from a player's clock the time it thinks and adds its
// increment after each move; a player whose time runs out loses the game
// by forfeit, and each game starts with full clocks.
func TestMatchClock(t *testing.T) {
	openings, err := uci.RandomOpenings(oware.Rules{}, 1, 2, 3)
	require.NoError(t, err)
	slow := &clockPlayer{think: 40 * time.Millisecond}
	fast := &clockPlayer{}
	lim := uci.Limits{Clock: [2]time.Duration{300 * time.Millisecond, 300 * time.Millisecond}, Increment: [2]time.Duration{10 * time.Millisecond, 10 * time.Millisecond}}
	var games []uci.Game
	m := &uci.Match{Players: [2]uci.Player{slow, fast}, Openings: openings, Limits: lim,
		Game: func(g uci.Game, _ uci.Result) error {
			games = append(games, g)
			return nil
		}}
	res, err := m.Play(context.Background())
	require.NoError(t, err)
	require.Len(t, games, 2)
	assert.Equal(t, 2, res.Losses, "the slow player loses both games on time")
	for _, g := range games {
		require.NotNil(t, g.Forfeit, "game %d", g.Round)
		assert.ErrorIs(t, g.Forfeit, uci.ErrTimeout)
		assert.Equal(t, "sleeper", g.Players[g.Forfeit.Loser])
		assert.Contains(t, g.Forfeit.Detail, "out of time: ")
	}
	// In the first game the sleeper is South: 300 ms, less 40 ms or more
	// a move, plus 10 ms after each: out of time at its 10th move at the
	// latest (300 - 9·30 = 30 < 40). North's clock only grows.
	assert.Equal(t, lim, slow.limits[0], "the first move of a game is asked with full clocks")
	moves := 1
	for ; moves < len(slow.limits) && slow.limits[moves].Clock[oware.North] != lim.Clock[oware.North]; moves++ {
		before, now := slow.limits[moves-1], slow.limits[moves]
		spent := before.Clock[oware.South] - now.Clock[oware.South]
		assert.GreaterOrEqual(t, spent, 29*time.Millisecond, "move %d: 40 ms or more less the increment", moves+1)
		assert.GreaterOrEqual(t, now.Clock[oware.North], before.Clock[oware.North], "move %d: North gains its increment", moves+1)
		assert.Equal(t, lim.Increment, now.Increment)
	}
	assert.LessOrEqual(t, moves, 10)
	assert.Greater(t, moves, 3)
	require.Less(t, moves, len(slow.limits))
	assert.Equal(t, lim.Clock[oware.North], slow.limits[moves].Clock[oware.North], "the second game starts with full clocks")
	assert.Greater(t, slow.limits[moves].Clock[oware.South], lim.Clock[oware.South], "South has moved once, in no time")
}

// TestMatchSPRT: a match with an SPRT counts its pairs of games and ends
// once the test decides: the built-in engine against a random mover
// wins every pair, which accepts H1 after a few pairs; with the players
// the other way round, H0. A test that is none is refused.
func TestMatchSPRT(t *testing.T) {
	openings, err := uci.RandomOpenings(oware.Rules{}, 30, 4, 11)
	require.NoError(t, err)
	for _, tc := range []struct {
		builtinFirst bool
		want         uci.Decision
	}{{true, uci.AcceptH1}, {false, uci.AcceptH0}} {
		builtin, err := uci.NewBuiltinPlayer(2)
		require.NoError(t, err)
		players := [2]uci.Player{builtin, &randomPlayer{prng.New(5)}}
		if !tc.builtinFirst {
			players[0], players[1] = players[1], players[0]
		}
		sprt := &uci.SPRT{Elo0: 0, Elo1: 50}
		games := 0
		m := &uci.Match{Players: players, Openings: openings, Limits: uci.Limits{Depth: 2}, SPRT: sprt,
			Game: func(uci.Game, uci.Result) error { games++; return nil }}
		res, err := m.Play(context.Background())
		require.NoError(t, err)
		assert.Equal(t, tc.want, sprt.Decide(res.Pairs), "%+v", res)
		assert.Less(t, res.Pairs.Pairs(), len(openings), "it stops early")
		assert.Equal(t, 2*res.Pairs.Pairs(), games)
		before := res.Pairs
		if tc.builtinFirst {
			before[4]--
		} else {
			before[0]--
		}
		assert.Equal(t, uci.Continue, sprt.Decide(before), "not a pair earlier")
		if tc.builtinFirst {
			assert.Equal(t, res.Wins, 2*res.Pairs[4]+res.Pairs[3])
		}
	}
	m := &uci.Match{Players: [2]uci.Player{&randomPlayer{prng.New(1)}, &randomPlayer{prng.New(2)}}, Openings: openings, SPRT: &uci.SPRT{Elo0: 5, Elo1: 0}}
	_, err = m.Play(context.Background())
	assert.ErrorIs(t, err, uci.ErrSyntax)
}

// TestMatchPairs: each opening's two games make a pair, counted by the
// first player's points in them.
func TestMatchPairs(t *testing.T) {
	openings, err := uci.RandomOpenings(oware.Rules{}, 40, 4, 4)
	require.NoError(t, err)
	var games []uci.Game
	m := &uci.Match{Players: [2]uci.Player{&randomPlayer{prng.New(8)}, &randomPlayer{prng.New(9)}}, Openings: openings,
		Game: func(g uci.Game, _ uci.Result) error { games = append(games, g); return nil }}
	res, err := m.Play(context.Background())
	require.NoError(t, err)
	var want uci.Pentanomial
	for i := 0; i < len(games); i += 2 {
		points := 0
		for j, g := range games[i : i+2] {
			me := oware.Player(j) // the first player is South in the first game
			switch w, ok := g.End.Outcome().Winner(); {
			case !ok:
				points++
			case w == me:
				points += 2
			}
		}
		want[points]++
	}
	assert.Equal(t, want, res.Pairs)
	kinds := 0
	for _, c := range want {
		if c > 0 {
			kinds++
		}
	}
	assert.GreaterOrEqual(t, kinds, 3, "random players score pairs of several kinds: %v", want)
}
