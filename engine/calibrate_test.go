package engine

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// The measure of the levels' Elo: go test ./engine -run
// TestCalibrateLevels -calibrate -v (about an hour on two cores, the
// same results on any machine: every player searches a fixed number of
// positions or plies).
var (
	calibrate         = flag.Bool("calibrate", false, "measure the Elo of the levels of play (TestCalibrateLevels)")
	calibrateOpenings = flag.Int("calibrate.openings", 50, "openings of each match of TestCalibrateLevels, each played with both colours")
)

// calPlayer is a player of the calibration: a name, and its move at a
// position (nil for the random mover).
type calPlayer struct {
	name  string
	skill float64 // the level's skill, or -1
	depth int     // the fixed depth, or 0
}

// mover returns a function that plays as c does, with its own engine.
func (c calPlayer) mover(t *testing.T) func(p oware.Position, rng *prng.Source) oware.Move {
	if c.skill < 0 && c.depth == 0 {
		return func(p oware.Position, rng *prng.Source) oware.Move {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			return m
		}
	}
	e, err := New(Options{TableSize: 16 << 20})
	if err != nil {
		t.Fatal(err)
	}
	return func(p oware.Position, _ *prng.Source) oware.Move {
		var r Result
		var err error
		if c.depth > 0 {
			r, err = e.Search(context.Background(), p, Limits{Depth: c.depth})
		} else {
			r, err = e.atSkill(context.Background(), p, Limits{}, c.skill, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		return r.Move
	}
}

// calOpenings returns n different random lines of 4 plies from the
// opening, drawn from seed.
func calOpenings(n int, seed uint64) [][]oware.Move {
	rng := prng.New(seed)
	seen := map[string]bool{}
	var lines [][]oware.Move
	for len(lines) < n {
		p := oware.Start()
		var line []oware.Move
		for len(line) < 4 && p.Moves().Len() > 0 {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
			line = append(line, m)
		}
		if key := fmt.Sprint(line); p.Moves().Len() > 0 && !seen[key] {
			seen[key] = true
			lines = append(lines, line)
		}
	}
	return lines
}

// calGame plays a game from opening between south and north and returns
// South's points (1, ½ or 0): a game still going after 600 plies is a
// draw.
func calGame(opening []oware.Move, south, north func(oware.Position, *prng.Source) oware.Move, rng *prng.Source) float64 {
	p := oware.Start()
	for _, m := range opening {
		p, _ = p.Play(m)
	}
	for plies := 0; p.Moves().Len() > 0 && plies < 600; plies++ {
		mover := south
		if p.Board().ToMove() == oware.North {
			mover = north
		}
		p, _ = p.Play(mover(p, rng))
	}
	if w, ok := p.Outcome().Winner(); ok {
		if w == oware.South {
			return 1
		}
		return 0
	}
	return 0.5
}

// TestCalibrateLevels measures the Elo of the levels of play: matches
// between each player and the next two of a list ordered by strength,
// from the random mover to the strongest level, with players of fixed
// depths among the levels, both colours from each of the openings; then
// the ratings that make the results likeliest (the Bradley-Terry model,
// a draw half a win), the random mover at 0, each with the 95% interval
// of its standard error relative to the weakest level, the first rated.
func TestCalibrateLevels(t *testing.T) {
	if !*calibrate {
		t.Skip("measures the levels' Elo for an hour: run with -calibrate")
	}
	// The players by strength, as a first measure found them: each plays
	// the next two.
	skill := func(k int) calPlayer { return calPlayer{fmt.Sprintf("skill %d/8", k), float64(k) / 8, 0} }
	depth := func(d int) calPlayer { return calPlayer{fmt.Sprintf("depth %d", d), -1, d} }
	players := []calPlayer{{"random", -1, 0}, skill(0), skill(1), depth(1), skill(2), skill(3), depth(2), skill(4),
		depth(3), skill(5), depth(4), skill(6), depth(6), skill(7), depth(8), skill(8)}
	openings := calOpenings(*calibrateOpenings, 2026)
	n := len(players)
	score := make([][]float64, n) // score[i][j]: i's points against j
	games := make([][]float64, n)
	for i := range score {
		score[i], games[i] = make([]float64, n), make([]float64, n)
	}
	type match struct{ i, j int }
	var matches []match
	for i := range players {
		for j := i + 1; j <= i+2 && j < n; j++ {
			matches = append(matches, match{i, j})
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	work := make(chan match)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range work {
				a, b := players[m.i].mover(t), players[m.j].mover(t)
				rng := prng.New(uint64(1000*m.i + m.j))
				points := 0.0
				for _, o := range openings {
					points += calGame(o, a, b, rng)
					points += 1 - calGame(o, b, a, rng)
				}
				mu.Lock()
				score[m.i][m.j], score[m.j][m.i] = points, float64(2*len(openings))-points
				games[m.i][m.j], games[m.j][m.i] = float64(2*len(openings)), float64(2*len(openings))
				mu.Unlock()
				t.Logf("%s - %s: %.1f - %.1f", players[m.i].name, players[m.j].name, points, float64(2*len(openings))-points)
			}
		}()
	}
	for _, m := range matches {
		work <- m
	}
	close(work)
	wg.Wait()
	// The random mover scores nothing (it is no match for the weakest
	// level): it is left out of the fit, which would put it infinitely
	// far below, and the weakest level is put randomGap above it, the least
	// gap that 0 points of 30 games allow at 95%.
	from := 0
	if score[0][1]+score[0][2] == 0 {
		from = 1
		for i := range score {
			score[i], games[i] = score[i][1:], games[i][1:]
		}
		score, games = score[1:], games[1:]
	}
	elo, se := bradleyTerry(score, games)
	var b strings.Builder
	fmt.Fprintf(&b, "\n| player | Elo | 95%% interval |\n|---|---|---|\n")
	for i, p := range players[from:] {
		e := elo[i] + float64(from*randomGap)
		fmt.Fprintf(&b, "| %s | %.0f | %.0f to %.0f |\n", p.name, e, e-1.96*se[i], e+1.96*se[i])
	}
	t.Log(b.String())
}

// randomGap is the Elo of the weakest level when the random mover scores
// nothing against it in TestCalibrateLevels: 400 Elo (a share of 9%) is
// about the least gap that 0 points in 30 games allow at 95% confidence
// (a share below 1 - 0.05^(1/30) = 9.5%, 392 Elo).
const randomGap = 400

// bradleyTerry returns the Elo ratings that make the scores likeliest,
// score[i][j] the points of i in games[i][j] games against j, the first
// player at 0, and their standard errors: the iteration of Zermelo's
// method (Hunter's MM algorithm) for the strengths, then the inverse of
// the information matrix of the others.
func bradleyTerry(score, games [][]float64) (elo, se []float64) {
	n := len(score)
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for range 10_000 {
		next := make([]float64, n)
		for i := range gamma {
			wins, denom := 0.0, 0.0
			for j := range gamma {
				if games[i][j] > 0 {
					wins += score[i][j]
					denom += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			// A player that never scored would go to 0: a tenth of a
			// point keeps it finite (and far below the others).
			next[i] = max(wins, 0.1) / denom
		}
		for i := range next {
			next[i] /= next[0]
		}
		gamma = next
	}
	elo = make([]float64, n)
	for i := range gamma {
		elo[i] = 400 * math.Log10(gamma[i])
	}
	// The information matrix in natural log-strengths, the first fixed.
	info := make([][]float64, n-1)
	for i := range info {
		info[i] = make([]float64, n-1)
	}
	for i := 1; i < n; i++ {
		for j := range n {
			if i == j || games[i][j] == 0 {
				continue
			}
			p := gamma[i] / (gamma[i] + gamma[j])
			v := games[i][j] * p * (1 - p)
			info[i-1][i-1] += v
			if j > 0 {
				info[i-1][j-1] -= v
			}
		}
	}
	inv := invert(info)
	se = make([]float64, n)
	for i := 1; i < n; i++ {
		se[i] = 400 / math.Ln10 * math.Sqrt(inv[i-1][i-1])
	}
	return elo, se
}

// invert returns the inverse of the symmetric positive definite matrix
// a, by Gauss-Jordan elimination.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for c := range n {
		pivot := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[pivot][c]) {
				pivot = r
			}
		}
		m[c], m[pivot] = m[pivot], m[c]
		d := m[c][c]
		for k := range 2 * n {
			m[c][k] /= d
		}
		for r := range n {
			if r != c && m[r][c] != 0 {
				g := m[r][c]
				for k := range 2 * n {
					m[r][k] -= g * m[c][k]
				}
			}
		}
	}
	inv := make([][]float64, n)
	for i := range m {
		inv[i] = m[i][n:]
	}
	return inv
}

// TestBradleyTerry: scores that are exactly those that ratings of 0, 150
// and 400 Elo predict give back those ratings, the random mover first at
// 0; more games give smaller standard errors.
func TestBradleyTerry(t *testing.T) {
	want := []float64{0, 150, 400}
	for _, n := range []float64{100, 400} {
		score := [][]float64{make([]float64, 3), make([]float64, 3), make([]float64, 3)}
		games := [][]float64{make([]float64, 3), make([]float64, 3), make([]float64, 3)}
		for i := range 3 {
			for j := range 3 {
				if i != j {
					games[i][j] = n
					score[i][j] = n / (1 + math.Pow(10, (want[j]-want[i])/400))
				}
			}
		}
		elo, se := bradleyTerry(score, games)
		for i := range want {
			if math.Abs(elo[i]-want[i]) > 0.01 {
				t.Errorf("%g games: player %d: %.3f, want %g", n, i, elo[i], want[i])
			}
		}
		if se[0] != 0 || se[1] <= 0 || se[2] <= 0 {
			t.Errorf("%g games: standard errors %v", n, se)
		}
		// The standard error of a single pair's rating difference, 0 and
		// 150 alone: 400/ln10 / sqrt(n p (1-p)), more with the third
		// player's games; halved by four times the games.
		if n == 400 {
			if _, se100 := bradleyTerry(scale(score, 0.25), scale(games, 0.25)); math.Abs(se100[1]/se[1]-2) > 1e-6 {
				t.Errorf("four times the games: standard error %g, and %g with a quarter", se[1], se100[1])
			}
		}
	}
}

// TestBradleyTerryPair: two players, 70 points of 100: the rating of a
// share of 0.7, with the standard error of the Fisher information of n
// games, 400/ln 10 / sqrt(n p (1-p)).
func TestBradleyTerryPair(t *testing.T) {
	elo, se := bradleyTerry([][]float64{{0, 30}, {70, 0}}, [][]float64{{0, 100}, {100, 0}})
	want := 400 * math.Log10(0.7/0.3)
	if math.Abs(elo[1]-want) > 1e-6 {
		t.Errorf("Elo %g, want %g", elo[1], want)
	}
	if wantSE := 400 / math.Ln10 / math.Sqrt(100*0.7*0.3); math.Abs(se[1]-wantSE) > 1e-6 {
		t.Errorf("standard error %g, want %g", se[1], wantSE)
	}
}

// scale returns m times f.
func scale(m [][]float64, f float64) [][]float64 {
	out := make([][]float64, len(m))
	for i := range m {
		out[i] = make([]float64, len(m[i]))
		for j := range m[i] {
			out[i][j] = m[i][j] * f
		}
	}
	return out
}
