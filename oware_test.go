package oware_test

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestPerftStart checks the published perft ladder from the opening
// position (leaves at exactly depth d, full rules).
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872, 18137964}
	for d, n := range want {
		if d > 8 && testing.Short() {
			break
		}
		require.Equal(t, n, oware.Perft(oware.Start(), d), "perft(%d)", d)
	}
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
			if next.Score(p.ToMove()) > p.Score(p.ToMove()) {
				captures++
			}
			positions, moves = append(positions, p), append(moves, m)
			p = next
		}
	}
	return positions, moves, captures
}

// capturelessShuffle returns a line of plies moves from a fresh position
// with few seeds on the board, none of which captures or ends the game. The
// moves are random among those that qualify.
func capturelessShuffle(tb testing.TB, plies int) (base oware.Position, line []oware.Move) {
	rng := rand.New(rand.NewPCG(3, 1))
	for attempt := 0; attempt < 1000; attempt++ {
		var pits [12]int
		for i := 0; i < 10; i++ { // 10 seeds on the board, 38 captured
			pits[rng.IntN(12)]++
		}
		base, err := oware.NewPosition(pits, [2]int{19, 19}, oware.South)
		if err != nil {
			tb.Fatal(err)
		}
		p, line := base, line[:0]
		for len(line) < plies {
			var quiet []oware.Move
			for m := range p.Moves().All() {
				next, _ := p.Play(m)
				if next.Score(p.ToMove()) == p.Score(p.ToMove()) && !next.Outcome().Over() {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				break
			}
			m := quiet[rng.IntN(len(quiet))]
			p, _ = p.Play(m)
			line = append(line, m)
		}
		if len(line) == plies {
			return base, line
		}
	}
	tb.Fatal("no capture-free shuffle found")
	return
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
			n += positions[i%len(positions)].Moves().Len()
		}
	})
	b.Run("AppendTo", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]oware.Move, 0, 6)
		for i := 0; b.Loop(); i++ {
			buf = positions[i%len(positions)].Moves().AppendTo(buf[:0])
		}
	})
	b.Run("LegalMoves", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = positions[i%len(positions)].LegalMoves()
		}
	})
}

func BenchmarkPlay(b *testing.B) {
	positions, moves, captures := sampleMoves(4096)
	b.ReportAllocs()
	var p oware.Position
	for i := 0; b.Loop(); i++ {
		p, _ = positions[i%len(positions)].Play(moves[i%len(moves)])
	}
	_ = p
	b.ReportMetric(100*float64(captures)/float64(len(moves)), "%captures")
}

func BenchmarkOutcome(b *testing.B) {
	positions, _, _ := sampleMoves(1024)
	b.ReportAllocs()
	over := 0
	for i := 0; b.Loop(); i++ {
		if positions[i%len(positions)].Outcome().Over() {
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
// per ply, along 48 plies of a capture-free shuffle: right after a capture
// (a fresh history) and 300 plies into the shuffle, where the repetition
// history is long.
func BenchmarkLongShuffle(b *testing.B) {
	const deepPlies, measured = 300, 48
	base, line := capturelessShuffle(b, deepPlies+measured)
	deep := base
	for _, m := range line[:deepPlies] {
		deep, _ = deep.Play(m)
	}
	for _, c := range []struct {
		name  string
		start oware.Position
		line  []oware.Move
	}{
		{"AfterCapture", base, line[:measured]},
		{"Plies=300", deep, line[deepPlies:]},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			over := 0
			for b.Loop() {
				p := c.start
				for _, m := range c.line {
					p, _ = p.Play(m)
					if p.Outcome().Over() {
						over++
					}
				}
			}
			if over != 0 {
				b.Fatal("the shuffle ended the game")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(c.line)), "ns/ply")
		})
	}
}

// TestNoAllocs pins the paths that must not allocate. Play allocates only
// when a capture-free stretch outgrows the history a Position holds inline,
// once every few plies (see BenchmarkLongShuffle).
func TestNoAllocs(t *testing.T) {
	start := oware.Start()
	capture := oware.MustParsePosition("0-0-0-0-0-1-1-0-0-0-0-4-20-22-S")
	if next, err := capture.Play(5); err != nil || next.Score(oware.South) != 22 {
		t.Fatalf("F should capture 2 seeds from pit 6: %v, %v", next, err)
	}
	buf := make([]byte, 0, 64)
	moves := make([]oware.Move, 0, 6)
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
		"Play/quiet":       func() { p, _ := start.Play(5); sink += p.Pit(6) },
		"Play/capture":     func() { p, _ := capture.Play(5); sink += p.Score(oware.South) },
		"Outcome":          func() { sink += int(start.Outcome().Reason()) },
		"Key":              func() { sink += start.Key().Score(oware.South) },
		"AppendText":       func() { buf, _ = start.AppendText(buf[:0]) },
		"Perft":            func() { sink += int(oware.Perft(start, 5)) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

// TestRepetitionCountMatchesNaiveHistory replays long random games from
// positions with few seeds, where capture-free stretches are long and
// positions recur, and checks Repetitions and the R10 ending against a
// plain list of the positions since the last capture (D1, D2).
func TestRepetitionCountMatchesNaiveHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	games := 400
	if testing.Short() {
		games = 60
	}
	longest := 0
	for g := 0; g < games; g++ {
		var pits [12]int
		onBoard := 2 + rng.IntN(9)
		for i := 0; i < onBoard; i++ {
			pits[rng.IntN(12)]++
		}
		south := rng.IntN(48 - onBoard + 1)
		p, err := oware.NewPosition(pits, [2]int{south, 48 - onBoard - south}, oware.Player(rng.IntN(2)))
		require.NoError(t, err)
		since := []oware.Key{p.Key()} // positions since the last capture
		for ply := 0; ply < 2000; ply++ {
			count := 0
			for _, k := range since {
				if k == p.Key() {
					count++
				}
			}
			require.Equal(t, min(count, 63), p.Repetitions(), "game %d ply %d", g, ply)
			bothSides := false
			if ps := p.Pits(); ps[0]+ps[1]+ps[2]+ps[3]+ps[4]+ps[5] > 0 && ps[6]+ps[7]+ps[8]+ps[9]+ps[10]+ps[11] > 0 {
				bothSides = true
			}
			if count >= 3 && bothSides && p.Score(oware.South) < 25 && p.Score(oware.North) < 25 {
				require.Equal(t, oware.Repetition, p.Outcome().Reason(), "game %d ply %d", g, ply)
			} else {
				require.NotEqual(t, oware.Repetition, p.Outcome().Reason(), "game %d ply %d", g, ply)
			}
			moves := p.Moves()
			if moves.Len() == 0 {
				break
			}
			m, _ := moves.Nth(rng.IntN(moves.Len()))
			next, err := p.Play(m)
			require.NoError(t, err)
			if next.Score(oware.South)+next.Score(oware.North) != p.Score(oware.South)+p.Score(oware.North) {
				since = since[:0]
			}
			since = append(since, next.Key())
			longest = max(longest, len(since))
			p = next
		}
	}
	t.Logf("longest capture-free stretch: %d positions", longest)
}
