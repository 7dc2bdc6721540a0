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

// TestClockTimes checks the aim and the most of a search on the clock
// against the policy computed by hand: the clock and the increments of
// the moves to come, less 20 ms each, shared among them, and five times
// that at most, no more than a third of the clock.
func TestClockTimes(t *testing.T) {
	start := oware.Start()                                              // 48 seeds on the board: 36 moves to come
	late := oware.MustParsePosition("1-1-0-0-0-0-1-1-0-3-0-15-13-13-S") // 22 on the board: 23
	for _, tc := range []struct {
		p         oware.Position
		lim       Limits
		aim, most time.Duration
		why       string
	}{
		{start, Limits{Clock: 12 * time.Second, Increment: 100 * time.Millisecond}, 410555555, 2052777775, "(12 s + 35·100 ms - 36·20 ms) / 36, five times that"},
		{late, Limits{Clock: 3 * time.Second, Increment: 100 * time.Millisecond}, 206086956, 1000 * time.Millisecond, "(3 s + 2.2 s - 0.46 s) / 23; a third of the clock"},
		{start, Limits{Clock: time.Second, Increment: 100 * time.Millisecond}, 105000000, 333333333, "(1 s + 3.5 s - 0.72 s) / 36; a third of the clock"},
		{start, Limits{Clock: 10 * time.Second, MovesToGo: 4}, 2480 * time.Millisecond, 3333333333, "(10 s - 80 ms) / 4; a third"},
		{start, Limits{Clock: 500 * time.Millisecond}, time.Millisecond, time.Millisecond, "less than the overheads: a millisecond"},
		{start, Limits{Clock: 30 * time.Millisecond, Increment: time.Second}, 10 * time.Millisecond, 10 * time.Millisecond, "a third of the clock, below the share of the increments"},
	} {
		aim, most := clockTimes(tc.p, tc.lim)
		assert.Equal(t, [2]time.Duration{tc.aim, tc.most}, [2]time.Duration{aim, most}, tc.why)
		assert.Equal(t, most, tc.lim.MaxTime(tc.p), tc.why)
		lim := tc.lim
		lim.Time = most / 2
		assert.Equal(t, most/2, lim.MaxTime(tc.p), "%s: Time bounds it", tc.why)
	}
	assert.Equal(t, 40*time.Millisecond, Limits{Time: 40 * time.Millisecond}.MaxTime(start))
	assert.Zero(t, Limits{Depth: 3}.MaxTime(start))
	_, err := Search(context.Background(), start, Limits{Clock: -time.Second})
	assert.ErrorIs(t, err, ErrLimits)
	_, err = Search(context.Background(), start, Limits{Clock: time.Second, MovesToGo: -1})
	assert.ErrorIs(t, err, ErrLimits)
}

// TestWithSolve: the solver's share is a quarter of the move's time, or
// on the clock a quarter of the aim or of the time limit (the aim and the
// most computed by hand as in TestClockTimes), taken from the clock and
// from the most the search may take.
func TestWithSolve(t *testing.T) {
	start := oware.Start() // 36 moves to come
	for _, tc := range []struct {
		lim, want Limits
		solve     time.Duration
		why       string
	}{
		{Limits{Time: 100 * time.Millisecond}, Limits{Time: 75 * time.Millisecond}, 25 * time.Millisecond, "a quarter of the time"},
		{Limits{Clock: 12 * time.Second, Increment: 100 * time.Millisecond}, Limits{Clock: 12*time.Second - 102638888, Increment: 100 * time.Millisecond, Time: 2052777775 - 102638888}, 102638888, "a quarter of the aim, 410555555 ns, from the clock and from the most, 2052777775 ns"},
		{Limits{Clock: 12 * time.Second, Increment: 100 * time.Millisecond, Time: 200 * time.Millisecond}, Limits{Clock: 12*time.Second - 50*time.Millisecond, Increment: 100 * time.Millisecond, Time: 150 * time.Millisecond}, 50 * time.Millisecond, "a quarter of the time, less than of the aim"},
		{Limits{Clock: 12 * time.Second, Increment: 100 * time.Millisecond, Time: time.Second}, Limits{Clock: 12*time.Second - 102638888, Increment: 100 * time.Millisecond, Time: time.Second - 102638888}, 102638888, "a quarter of the aim, less than of the time"},
	} {
		lim, solve := tc.lim.withSolve(start)
		assert.Equal(t, tc.want, lim, tc.why)
		assert.Equal(t, tc.solve, solve, tc.why)
		assert.LessOrEqual(t, lim.MaxTime(start)+solve, tc.lim.MaxTime(start), "%s: within what the limits allow", tc.why)
	}
}

// TestPace: the search on the clock stops starting iterations at half its
// aim, later while its best move changes or its score falls, sooner once
// the move has stood for four iterations.
func TestPace(t *testing.T) {
	aim := 100 * time.Millisecond
	pc := pace{aim: aim, move: noMove}
	line := func(m oware.Move, s Score) Line { return Line{Move: m, Score: s} }
	assert.True(t, pc.goOn(line(1, 0), 49*time.Millisecond))
	assert.False(t, pc.goOn(line(1, 0), 50*time.Millisecond), "half the aim")
	assert.True(t, pc.goOn(line(2, 0), 74*time.Millisecond), "a new move: three quarters")
	assert.False(t, pc.goOn(line(2, 0), 51*time.Millisecond))
	assert.True(t, pc.goOn(line(2, -4), 74*time.Millisecond), "the score fell by a seed")
	pc = pace{aim: aim, move: noMove}
	for range 4 {
		pc.goOn(line(3, 8), 0)
	}
	assert.False(t, pc.goOn(line(3, 8), 38*time.Millisecond), "settled for four iterations: three eighths")
	assert.True(t, pc.goOn(line(3, 8), 37*time.Millisecond))
}

// virtualClock is a clock that moves by step at every reading: as the
// search reads it every 4096 positions, a step of 1 ms is a machine of
// about four million positions a second. Games on the clock played with
// it are the same on any machine.
type virtualClock struct {
	now  time.Time
	step time.Duration
}

func (c *virtualClock) read() time.Time {
	c.now = c.now.Add(c.step)
	return c.now
}

// TestOnTheClock plays games of the engine against itself on the clock,
// under a clock that moves with the positions searched (a machine of
// 100,000 to 1,000,000 positions a second), each move costing 5 ms more
// (lag), and checks that neither side runs out of time, however
// short the clock, and that each uses a fair part of its time: sudden
// death in 5 s, a second with 100 ms a move, 12 s with 100 ms a
// move, and five minutes, from random openings.
func TestOnTheClock(t *testing.T) {
	clock := &virtualClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: time.Millisecond}
	e, err := New(Options{TableSize: MinTableSize, Now: clock.read})
	require.NoError(t, err)
	rng := prng.New(17)
	const lag = 5 * time.Millisecond
	for _, tc := range []struct {
		clock, increment time.Duration
		step             time.Duration // of the clock at each reading: a slower machine, for a shorter test
		minUse           float64       // the least share of its time a side uses, over the game
	}{
		{5 * time.Second, 0, 4 * time.Millisecond, 0.2},
		{time.Second, 100 * time.Millisecond, 4 * time.Millisecond, 0.3},
		{12 * time.Second, 100 * time.Millisecond, 10 * time.Millisecond, 0.3},
		{5 * time.Minute, 0, 200 * time.Millisecond, 0.2},
	} {
		clock.step = tc.step
		p := oware.Start()
		for range 4 {
			p = randomChild(rng, p)
		}
		left := [2]time.Duration{tc.clock, tc.clock}
		used, given := [2]time.Duration{}, [2]time.Duration{tc.clock, tc.clock}
		plies, longest := 0, time.Duration(0)
		for p.Moves().Len() > 0 && plies < 300 {
			me := p.Board().ToMove()
			before := clock.now
			r, err := e.Search(context.Background(), p, Limits{Clock: left[me], Increment: tc.increment})
			require.NoError(t, err)
			took := clock.now.Sub(before) + lag
			longest = max(longest, took)
			require.Less(t, took, left[me], "%s+%s, ply %d: out of time", tc.clock, tc.increment, plies+1)
			left[me] += tc.increment - took
			used[me] += took
			given[me] += tc.increment
			p, err = p.Play(r.Move)
			require.NoError(t, err)
			plies++
		}
		for side := range 2 {
			share := float64(used[side]) / float64(given[side])
			t.Logf("%s+%s: %d plies, %s used %.0f%% of its time, the longest move %s", tc.clock, tc.increment, plies, oware.Player(side), 100*share, longest)
			assert.GreaterOrEqual(t, share, tc.minUse, "%s+%s: %s uses its time", tc.clock, tc.increment, oware.Player(side))
		}
	}
}

// TestOnTheClockAtOnce: on the clock, a search with a single move, or
// where the tables decide the game, stops after one iteration.
func TestOnTheClockAtOnce(t *testing.T) {
	one := oware.MustParsePosition("0-0-0-0-0-1-2-1-0-0-0-0-22-22-S")
	require.Equal(t, 1, one.Moves().Len())
	r, err := Search(context.Background(), one, Limits{Clock: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	decided := oware.MustParsePosition("1-0-1-0-0-2-0-1-0-0-0-1-22-20-S")
	e, err := New(Options{TableSize: MinTableSize, Tables: tables(t)})
	require.NoError(t, err)
	r, err = e.Search(context.Background(), decided, Limits{Clock: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	assert.True(t, r.TableMove)
	r, err = e.Search(context.Background(), decided, Limits{Depth: 5})
	require.NoError(t, err)
	assert.Equal(t, 5, r.Depth, "not on the clock: as deep as asked")
}
