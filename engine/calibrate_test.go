package engine

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// The measure of the levels' Elo: go test ./engine -run
// TestCalibrateLevels -calibrate -v (20 minutes or more on two cores, the
// same results on any machine: every player searches a fixed number of
// positions or plies, or none).
var (
	calibrate         = flag.Bool("calibrate", false, "measure the Elo of the levels of play (TestCalibrateLevels)")
	calibrateOpenings = flag.Int("calibrate.openings", 50, "openings of each match of TestCalibrateLevels, each played with both colours")
)

// calPlayer is a player of the calibration: a name, and its move at a
// position (nil for the random mover).
type calPlayer struct {
	name   string
	skill  float64 // the level's skill, or -1
	depth  int     // the fixed depth, or 0
	greedy bool    // the greedy player (see greedyMove)
}

// mover returns a function that plays as c does, with its own engine.
func (c calPlayer) mover(t *testing.T) func(p oware.Position, rng *prng.Source) oware.Move {
	if c.greedy {
		return greedyMove
	}
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

// greedyMove is the move of the greedy player, as a beginner plays: one
// that wins the game if there is one, else one that captures the most
// seeds at once, drawn at random among equals; it looks no further than
// its own move, and knows nothing of the worth of a board.
func greedyMove(p oware.Position, rng *prng.Source) oware.Move {
	me := p.Board().ToMove()
	var best []oware.Move
	bestGain := -1
	for m, child := range p.Children() {
		gain := child.Board().Score(me)
		if w, ok := child.Outcome().Winner(); ok && w == me {
			gain = 2 * oware.NumSeeds // a win outweighs any capture
		}
		switch {
		case gain > bestGain:
			best, bestGain = append(best[:0], m), gain
		case gain == bestGain:
			best = append(best, m)
		}
	}
	return best[rng.IntN(len(best))]
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

// calPlayers are the players of TestCalibrateLevels by strength, as a
// first measure found them: each plays the next two.
func calPlayers() []calPlayer {
	skill := func(k int) calPlayer { return calPlayer{name: fmt.Sprintf("skill %d/8", k), skill: float64(k) / 8} }
	depth := func(d int) calPlayer { return calPlayer{name: fmt.Sprintf("depth %d", d), skill: -1, depth: d} }
	return []calPlayer{{name: "random", skill: -1}, skill(0), {name: "greedy", skill: -1, greedy: true}, skill(1),
		depth(1), skill(2), skill(3), depth(2), skill(4), depth(3), skill(5), depth(4), skill(6), depth(6), skill(7),
		depth(8), skill(8)}
}

// calBottom is the index in calPlayers of the last of the players that
// take seconds to play a match: the random mover, the weakest level and
// the greedy player.
const calBottom = 2

// calRecord is what TestCalibrateLevels measured, as testdata/levels.json
// holds it: the players by name, and each match's points of the first
// player (A) in its games against the second (B).
type calRecord struct {
	Command  string     `json:"command"`
	Openings int        `json:"openings"`
	Players  []string   `json:"players"`
	Matches  []calMatch `json:"matches"`
}

type calMatch struct {
	A      int     `json:"a"`
	B      int     `json:"b"`
	Points float64 `json:"points"`
	Games  int     `json:"games"`
}

// calRecordFile holds what TestCalibrateLevels last measured.
const calRecordFile = "testdata/levels.json"

// TestCalibrateLevels measures the Elo of the levels of play: matches
// between each player and the next two of a list ordered by strength,
// from the random mover to the strongest level, with the greedy player
// and players of fixed depths among the levels, both colours from each
// of the openings. It writes the results to calRecordFile, from which
// levelTable computes the table (TestLevelTable).
func TestCalibrateLevels(t *testing.T) {
	if !*calibrate {
		t.Skip("measures the levels' Elo for 20 minutes or more: run with -calibrate")
	}
	players := calPlayers()
	openings := calOpenings(*calibrateOpenings, 2026)
	// The matches among the random mover, the weakest level and the
	// greedy player take seconds: four times the openings tell better
	// whether a beginner beats the weakest level.
	bottom := calOpenings(4**calibrateOpenings, 2026)
	rec := calRecord{
		Command:  fmt.Sprintf("go test ./engine -run TestCalibrateLevels -calibrate -calibrate.openings %d -timeout 0 -v", *calibrateOpenings),
		Openings: *calibrateOpenings,
	}
	for _, p := range players {
		rec.Players = append(rec.Players, p.name)
	}
	for i := range players {
		for j := i + 1; j <= i+2 && j < len(players); j++ {
			games := 2 * len(openings)
			if j <= calBottom {
				games = 2 * len(bottom)
			}
			rec.Matches = append(rec.Matches, calMatch{A: i, B: j, Games: games})
		}
	}
	var wg sync.WaitGroup
	work := make(chan *calMatch)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range work {
				lines := openings
				if m.B <= calBottom {
					lines = bottom
				}
				m.Points = calMatchPoints(t, players, m.A, m.B, lines) // each match its own
				t.Logf("%s - %s: %.1f - %.1f", players[m.A].name, players[m.B].name, m.Points, float64(m.Games)-m.Points)
			}
		}()
	}
	for i := range rec.Matches {
		work <- &rec.Matches[i]
	}
	close(work)
	wg.Wait()
	data, err := json.MarshalIndent(rec, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(calRecordFile, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log(levelTable(rec))
}

// calMatchPoints plays the match of TestCalibrateLevels between the
// players i and j, both colours from each of the openings, and returns
// i's points.
func calMatchPoints(t *testing.T, players []calPlayer, i, j int, openings [][]oware.Move) float64 {
	a, b := players[i].mover(t), players[j].mover(t)
	rng := prng.New(uint64(1000*i + j))
	points := 0.0
	for _, o := range openings {
		points += calGame(o, a, b, rng)
		points += 1 - calGame(o, b, a, rng)
	}
	return points
}

// levelTable returns the table of docs/engine.md from what
// TestCalibrateLevels measured: the ratings that make the results
// likeliest (the Bradley-Terry model, a draw half a win), the random
// mover at 0, each with the 95% interval of its standard error relative
// to the first player rated, and the Elo of the levels rounded.
func levelTable(rec calRecord) (table string, levels []int) {
	n := len(rec.Players)
	score := make([][]float64, n) // score[i][j]: i's points against j
	games := make([][]float64, n)
	for i := range score {
		score[i], games[i] = make([]float64, n), make([]float64, n)
	}
	for _, m := range rec.Matches {
		score[m.A][m.B], score[m.B][m.A] = m.Points, float64(m.Games)-m.Points
		games[m.A][m.B], games[m.B][m.A] = float64(m.Games), float64(m.Games)
	}
	// If the random mover scores nothing, it is left out of the fit,
	// which would put it infinitely far below, and the next player is
	// put randomGap above it, the least gap that no points in 30 games
	// allow at 95%.
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
	fmt.Fprintf(&b, "| player | Elo | 95%% interval |\n|---|---|---|\n")
	for i, name := range rec.Players[from:] {
		e := elo[i] + float64(from*randomGap)
		if i == 0 {
			fmt.Fprintf(&b, "| %s | %.0f | (the scale's anchor) |\n", name, e)
		} else {
			fmt.Fprintf(&b, "| %s | %.0f | %.0f to %.0f |\n", name, e, e-1.96*se[i], e+1.96*se[i])
		}
		if strings.HasPrefix(name, "skill ") {
			levels = append(levels, int(math.Round(e)))
		}
	}
	return b.String(), levels
}

// TestLevelTable: the table of the levels' Elo in docs/engine.md and the
// scale of Limits.Elo (levelElos) are those that TestCalibrateLevels
// measured last, as recorded in calRecordFile, by the players it plays
// now.
func TestLevelTable(t *testing.T) {
	data, err := os.ReadFile(calRecordFile)
	require.NoError(t, err)
	var rec calRecord
	require.NoError(t, json.Unmarshal(data, &rec))
	var names []string
	for _, p := range calPlayers() {
		names = append(names, p.name)
	}
	require.Equal(t, names, rec.Players, "the players measured are those of TestCalibrateLevels")
	table, levels := levelTable(rec)
	page, err := os.ReadFile(filepath.Join("..", "docs", "engine.md"))
	require.NoError(t, err)
	assert.Contains(t, string(page), table)
	assert.Contains(t, string(page), "`"+rec.Command+"`")
	assert.Equal(t, levelElos[:], levels)
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

// TestGreedyMove: the greedy player of the calibration takes the most
// seeds it can at once (R5), whatever its draw among moves.
func TestGreedyMove(t *testing.T) {
	rng := prng.New(1)
	for _, tc := range []struct{ pos, want string }{
		// A sows into B; F makes 3 in North's a and takes them.
		{"1-0-0-0-0-1-2-1-0-0-0-0-21-22-S", "F"},
		// A captures nothing; F takes 2, South's 25th seed (R8).
		{"1-0-0-0-0-1-1-0-0-4-0-0-23-18-S", "F"},
	} {
		for range 10 {
			assert.Equal(t, tc.want, greedyMove(oware.MustParsePosition(tc.pos), rng).String(), tc.pos)
		}
	}
}
