package engine

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/tablebase"
)

// The fit of the evaluation's weights: go test ./engine -run TestTuneEval
// -tune -tune.out weights.go -timeout 0 -v writes weights.go again (see
// docs/engine.md, "The evaluation"). It plays tune.games games of the
// engine with the hand-chosen weights (handWeights) against itself under
// Aalina's rules, from random openings of tuneOpeningPlies plies drawn
// from tune.seed, at tune.nodes positions a move, with the endgame tables
// of up to tuneTableSeeds seeds, which end a game where they decide it;
// keeps the positions after the opening in which no move of the player
// to move captures, each with the game's result for that player; and
// fits the weights of evalWeights to them by a logistic regression (see
// tuneFit). With -tune.out FILE it writes the weights as Go source to
// FILE. The games are the same on any machine and whatever weights.go
// holds: every move searches a fixed number of positions with a fresh
// engine and the hand-chosen weights.
var (
	tune       = flag.Bool("tune", false, "fit the evaluation's weights to games of self-play (TestTuneEval)")
	tuneGames  = flag.Int("tune.games", 2500, "games of TestTuneEval")
	tuneNodes  = flag.Uint64("tune.nodes", 2000, "positions a move of the games of TestTuneEval")
	tuneSeed   = flag.Uint64("tune.seed", 1, "seed of the openings of TestTuneEval")
	tuneLambda = flag.Float64("tune.lambda", 10, "weight of the prior of TestTuneEval; 0 chooses it among a few by the loss on held-out games")
	tuneOut    = flag.String("tune.out", "", "file to which TestTuneEval writes the weights (weights.go)")
	tuneCache  = flag.String("tune.cache", "", "file of TestTuneEval's positions: read if it exists, else written once the games are played")
)

// tuneTableSeeds is the most seeds of the endgame tables of the games of
// TestTuneEval: a game ends where they decide it.
const tuneTableSeeds = 12

// tuneOpeningPlies is the random plies that open each game.
const tuneOpeningPlies = 8

// tuneSample is a position of a game and its result for the player to
// move: 1, ½ or 0.
type tuneSample struct {
	b      oware.Board
	result float64
	game   int
}

// handPitWorth is the worth of a pit by its seeds that the weights were
// before the fit, chosen by hand (docs/engine.md, "The evaluation"): half
// a unit per seed rounded up, less 2 for an empty pit, plus 1 for a pit
// of one seed and 2 for one of two, plus 1 from 12 seeds on. It is the
// prior of the fit.
func handPitWorth(n int) int {
	w := (n + 1) / 2
	switch {
	case n == 0:
		w -= 2
	case n == 1:
		w++
	case n == 2:
		w += 2
	case n >= 12:
		w++
	}
	return w
}

// handWeights returns the weights of the evaluation chosen by hand: in
// every phase, handPitWorth for a pit of the mover's side, the opposite
// for one of the opponent's (0 beyond NumSeeds seeds, which no pit holds).
func handWeights() (w [evalPhases][2][64]int32) {
	for ph := range w {
		for n := 0; n <= oware.NumSeeds; n++ {
			w[ph][0][n] = int32(handPitWorth(n))
			w[ph][1][n] = -int32(handPitWorth(n))
		}
	}
	return w
}

// withWeights returns f's result, f being called with the evaluation's
// weights set to w. Not for tests that run in parallel.
func withWeights[T any](w [evalPhases][2][64]int32, f func() T) T {
	saved := evalWeights
	evalWeights = w
	defer func() { evalWeights = saved }()
	return f()
}

// TestHandWeights: the hand-chosen weights evaluate as the evaluation
// before the fit did.
func TestHandWeights(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want Score
	}{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0},
		// South: scores 22-17 give 4*5 = 20. South's pits: four empty
		// ones, -2 each, 3 seeds worth 2 and 5 worth 3: -3. North's: five
		// empty ones and one of a seed, worth 1+1: -8. 20-3+8 = 25.
		{"0-0-0-0-3-5-1-0-0-0-0-0-22-17-S", 25},
		{"0-0-0-0-3-5-1-0-0-0-0-0-22-17-N", -25},
		// Pits of 2 and 12 seeds: South's 2 is worth 1+2, North's 12 is
		// worth 6+1; South's other five pits are empty (-10), North's
		// other five hold a seed each (5*2). Scores 12-17: -20.
		// -20 + 3 - 10 - 7 - 10 = -44.
		{"2-0-0-0-0-0-12-1-1-1-1-1-12-17-S", -44},
		// 44 seeds in one pit are worth 22+1; the mover's five empty
		// pits -10, the opponent's six -(-12). Scores 2-2.
		// 23 - 10 + 12 = 25.
		{"44-0-0-0-0-0-0-0-0-0-0-0-2-2-S", 25},
	} {
		got := withWeights(handWeights(), func() Score { return Evaluate(oware.MustParsePosition(tc.pos)) })
		assert.Equal(t, tc.want, got, tc.pos)
	}
}

// quietFor reports whether no move of p's player to move captures.
func quietFor(p oware.Position) bool {
	me := p.Board().ToMove()
	before := p.Board().Score(me)
	for _, c := range p.Children() {
		if c.Board().Score(me) != before {
			return false
		}
	}
	return true
}

// tuneGame plays game i and returns its quiet positions, each with its
// result for its player to move.
func tuneGame(t *testing.T, r oware.Rules, tb *tablebase.Tables, i int) []tuneSample {
	rng := prng.New(*tuneSeed*1_000_003 + uint64(i))
	p := r.Start()
	for k := 0; k < tuneOpeningPlies && p.Moves().Len() > 0; k++ {
		m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
		p, _ = p.Play(m)
	}
	e, err := New(Options{TableSize: 4 << 20, Tables: tb})
	require.NoError(t, err)
	var seen []oware.Board
	southResult := 0.5
	for plies := 0; ; plies++ {
		if p.Moves() == 0 {
			if w, ok := p.Outcome().Winner(); ok {
				southResult = map[oware.Player]float64{oware.South: 1, oware.North: 0}[w]
			}
			break
		}
		if plies == 600 {
			break // a draw
		}
		b := p.Board()
		if oware.NumSeeds-b.Score(oware.South)-b.Score(oware.North) <= tuneTableSeeds && firstMet(p) {
			v, err := tb.Probe(p)
			require.NoError(t, err)
			lo, hi := v.Margin(b)
			if lo > 0 || hi < 0 || lo == 0 && hi == 0 {
				switch {
				case lo > 0:
					southResult = 1
				case hi < 0:
					southResult = 0
				}
				break
			}
		}
		if quietFor(p) {
			seen = append(seen, b)
		}
		res, err := e.Search(context.Background(), p, Limits{Nodes: *tuneNodes})
		require.NoError(t, err)
		p, err = p.Play(res.Move)
		require.NoError(t, err)
	}
	out := make([]tuneSample, len(seen))
	for k, b := range seen {
		res := southResult
		if b.ToMove() == oware.North {
			res = 1 - res
		}
		out[k] = tuneSample{b: b, result: res, game: i}
	}
	return out
}

// tuneSamples plays the games of TestTuneEval on GOMAXPROCS goroutines.
func tuneSamples(t *testing.T, r oware.Rules, tb *tablebase.Tables, games int) []tuneSample {
	per := make([][]tuneSample, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				per[i] = tuneGame(t, r, tb, i)
			}
		}()
	}
	for i := range games {
		next <- i
		if (i+1)%500 == 0 {
			t.Logf("%d games", i+1)
		}
	}
	close(next)
	wg.Wait()
	var all []tuneSample
	for _, s := range per {
		all = append(all, s...)
	}
	return all
}

// tuneCached returns the samples of the file named by -tune.cache, or
// those that play returns, which it writes to that file if named.
func tuneCached(t *testing.T, play func() []tuneSample) []tuneSample {
	if *tuneCache == "" {
		return play()
	}
	if data, err := os.ReadFile(*tuneCache); err == nil {
		var samples []tuneSample
		for line := range strings.Lines(string(data)) {
			var s tuneSample
			var b string
			_, err := fmt.Sscan(line, &b, &s.result, &s.game)
			require.NoError(t, err)
			s.b, err = oware.ParseBoard(b)
			require.NoError(t, err)
			samples = append(samples, s)
		}
		t.Logf("%d positions read from %s", len(samples), *tuneCache)
		return samples
	}
	samples := play()
	var buf bytes.Buffer
	for _, s := range samples {
		fmt.Fprintln(&buf, s.b, s.result, s.game)
	}
	require.NoError(t, os.WriteFile(*tuneCache, buf.Bytes(), 0o644))
	return samples
}

// The parameters of the fit, in units of the logit: beta[0] multiplies
// the difference of captured seeds (the mover's less the opponent's);
// then, for each phase, side (the mover's, then the opponent's) and seeds
// of a pit from 0 to NumSeeds, the worth of such a pit.
const tuneParams = 1 + evalPhases*2*(oware.NumSeeds+1)

// tuneIndex returns the index in the parameters of a pit of n seeds on
// side side (0 the mover's, 1 the opponent's) in phase ph.
func tuneIndex(ph, side, n int) int {
	return 1 + (ph*2+side)*(oware.NumSeeds+1) + n
}

// tuneFeatures returns the captured-seed difference of b for the player
// to move and the parameter indices of its twelve pits.
func tuneFeatures(b oware.Board) (capDiff float64, idx [oware.NumPits]int) {
	me := b.ToMove()
	capDiff = float64(b.Score(me) - b.Score(me.Opponent()))
	ph := int(evalPhase[(oware.NumSeeds-b.Score(oware.South)-b.Score(oware.North))&63])
	for i := range oware.NumPits {
		side := 0
		if oware.Player(i/oware.PitsPerSide) != me {
			side = 1
		}
		idx[i] = tuneIndex(ph, side, b.Pit(i))
	}
	return capDiff, idx
}

// tunePrior returns the hand-chosen weights, in units of the evaluation,
// of each parameter but the first: the worth of a pit whatever the
// phase, the opponent's counting the opposite.
func tunePrior() []float64 {
	prior := make([]float64, tuneParams)
	for ph := range evalPhases {
		for n := 0; n <= oware.NumSeeds; n++ {
			prior[tuneIndex(ph, 0, n)] = float64(handPitWorth(n))
			prior[tuneIndex(ph, 1, n)] = -float64(handPitWorth(n))
		}
	}
	return prior
}

// tuneLogit returns the logit of the mover's result that beta gives b.
func tuneLogit(beta []float64, b oware.Board) float64 {
	c, idx := tuneFeatures(b)
	z := beta[0] * c
	for _, i := range idx {
		z += beta[i]
	}
	return z
}

// tuneLoss returns the mean cross-entropy of beta's predictions of the
// results of samples.
func tuneLoss(beta []float64, samples []tuneSample) float64 {
	var sum float64
	for _, s := range samples {
		z := tuneLogit(beta, s.b)
		// -[y log σ(z) + (1-y) log(1-σ(z))] = log(1+e^z) - y z
		sum += softplus(z) - s.result*z
	}
	return sum / float64(len(samples))
}

// softplus returns log(1+e^z) without overflow.
func softplus(z float64) float64 {
	if z > 30 {
		return z
	}
	return math.Log1p(math.Exp(z))
}

// tuneFit fits beta to samples by Newton's method: the logistic
// regression of each sample's result on its features (the captured-seed
// difference and the twelve pits), whose logit is beta[0] times the
// difference plus the parameters of the pits, with a penalty of lambda
// times the squared distance of each pit's parameter from the prior's
// weight scaled to the logit (prior times beta[0] over SeedValue), which
// keeps the pits of rare sizes near the weights chosen by hand. The fit
// is convex: the penalty is a quadratic form of beta.
func tuneFit(samples []tuneSample, prior []float64, lambda float64) []float64 {
	const n = tuneParams
	beta := make([]float64, n)
	beta[0] = 0.1
	for i := 1; i < n; i++ {
		beta[i] = prior[i] * beta[0] / SeedValue
	}
	for iter := 0; iter < 30; iter++ {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
		}
		for _, s := range samples {
			c, idx := tuneFeatures(s.b)
			z := beta[0] * c
			for _, i := range idx {
				z += beta[i]
			}
			q := 1 / (1 + math.Exp(-z))
			g, h := q-s.result, q*(1-q)
			grad[0] += g * c
			hess[0][0] += h * c * c
			for _, i := range idx {
				grad[i] += g
				hess[0][i] += h * c
				hess[i][0] += h * c
				for _, j := range idx {
					hess[i][j] += h
				}
			}
		}
		// The penalty: lambda * sum over pits of (beta_i - a_i beta_0)^2,
		// a_i = prior_i / SeedValue.
		for i := 1; i < n; i++ {
			a := prior[i] / SeedValue
			d := beta[i] - a*beta[0]
			grad[i] += 2 * lambda * d
			grad[0] -= 2 * lambda * a * d
			hess[i][i] += 2 * lambda
			hess[0][0] += 2 * lambda * a * a
			hess[i][0] -= 2 * lambda * a
			hess[0][i] -= 2 * lambda * a
		}
		step := solveLinear(hess, grad)
		var size float64
		for i := range beta {
			beta[i] -= step[i]
			size = max(size, math.Abs(step[i]))
		}
		if size < 1e-9 {
			break
		}
	}
	return beta
}

// solveLinear returns x with a x = b, a symmetric positive definite, by
// Gaussian elimination with partial pivoting; a and b are overwritten.
func solveLinear(a [][]float64, b []float64) []float64 {
	n := len(b)
	for col := range n {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		a[col], a[piv] = a[piv], a[col]
		b[col], b[piv] = b[piv], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			if f == 0 {
				continue
			}
			for k := col; k < n; k++ {
				a[r][k] -= f * a[col][k]
			}
			b[r] -= f * b[col]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}

func TestSolveLinear(t *testing.T) {
	// 2x + y = 5, x + 3y = 10: x = 1, y = 3.
	x := solveLinear([][]float64{{2, 1}, {1, 3}}, []float64{5, 10})
	assert.InDelta(t, 1, x[0], 1e-12)
	assert.InDelta(t, 3, x[1], 1e-12)
	// A pivot of 0 on the diagonal: y = 2, x = 4.
	x = solveLinear([][]float64{{0, 1}, {1, 0}}, []float64{2, 4})
	assert.InDelta(t, 4, x[0], 1e-12)
	assert.InDelta(t, 2, x[1], 1e-12)
}

// TestTuneFitRecovers: results drawn from known weights are fitted back
// near them.
func TestTuneFitRecovers(t *testing.T) {
	rng := prng.New(7)
	truth := make([]float64, tuneParams)
	truth[0] = 0.2
	prior := tunePrior()
	for i := 1; i < tuneParams; i++ {
		truth[i] = prior[i] * truth[0] / SeedValue
	}
	// The mover's empty pits worth 3 units less than the prior in every
	// phase.
	for ph := range evalPhases {
		truth[tuneIndex(ph, 0, 0)] -= 3 * truth[0] / SeedValue
	}
	var samples []tuneSample
	for len(samples) < 40000 {
		var pits [oware.NumPits]int
		left := oware.NumSeeds - 10
		for left > 0 {
			pits[rng.IntN(oware.NumPits)]++
			left--
		}
		s := rng.IntN(11)
		b, err := oware.NewBoard(pits, [2]int{s, 10 - s}, oware.Player(rng.IntN(2)))
		require.NoError(t, err)
		q := 1 / (1 + math.Exp(-tuneLogit(truth, b)))
		y := 0.0
		if float64(rng.Uint64()>>11)/(1<<53) < q {
			y = 1
		}
		samples = append(samples, tuneSample{b: b, result: y})
	}
	beta := tuneFit(samples, prior, 1)
	assert.InDelta(t, truth[0], beta[0], 0.02)
	ph := int(evalPhase[38])
	got := (beta[tuneIndex(ph, 0, 0)] - beta[tuneIndex(ph, 0, 3)]) / beta[0] * SeedValue
	want := float64(handPitWorth(0)-3) - float64(handPitWorth(3))
	assert.InDelta(t, want, got, 1)
}

func TestTuneEval(t *testing.T) {
	if !*tune {
		t.Skip("the fit of the evaluation's weights runs with -tune")
	}
	r, err := oware.ParseRules("aalina")
	require.NoError(t, err)
	tb, err := tablebase.Compute(context.Background(), r, tuneTableSeeds, tablebase.BuildOptions{})
	require.NoError(t, err)
	// The games are played with the hand-chosen weights, whatever
	// weights.go holds, so that the fit does not depend on its own
	// output.
	samples := withWeights(handWeights(), func() []tuneSample {
		return tuneCached(t, func() []tuneSample { return tuneSamples(t, r, tb, *tuneGames) })
	})
	var wins, draws float64
	games := map[int]bool{}
	for _, s := range samples {
		games[s.game] = true
		switch s.result {
		case 1:
			wins++
		case 0.5:
			draws++
		}
	}
	t.Logf("%d games, %d quiet positions, %.1f%% won and %.1f%% drawn by the mover", len(games), len(samples),
		100*wins/float64(len(samples)), 100*draws/float64(len(samples)))
	prior := tunePrior()
	// The hand-chosen weights, their scale fitted alone.
	hand := tuneFit(samples, prior, 1e9)
	t.Logf("hand-chosen weights: K %.4f a unit, loss %.5f", hand[0]/SeedValue, tuneLoss(hand, samples))
	lambda := *tuneLambda
	if lambda == 0 {
		// The penalty that predicts held-out games best: games i%5 == 0.
		var train, test []tuneSample
		for _, s := range samples {
			if s.game%5 == 0 {
				test = append(test, s)
			} else {
				train = append(train, s)
			}
		}
		t.Logf("hand-chosen weights: held-out loss %.5f", tuneLoss(tuneFit(train, prior, 1e9), test))
		best := math.Inf(1)
		for _, l := range []float64{1, 3, 10, 30, 100} {
			loss := tuneLoss(tuneFit(train, prior, l), test)
			t.Logf("lambda %g: held-out loss %.5f", l, loss)
			if loss < best {
				best, lambda = loss, l
			}
		}
	}
	beta := tuneFit(samples, prior, lambda)
	t.Logf("lambda %g: K %.4f a unit, loss %.5f", lambda, beta[0]/SeedValue, tuneLoss(beta, samples))
	var w [evalPhases][2][64]int
	for ph := range evalPhases {
		for side := range 2 {
			for n := 0; n < 64; n++ {
				k := min(n, oware.NumSeeds)
				w[ph][side][n] = int(math.Round(beta[tuneIndex(ph, side, k)] / beta[0] * SeedValue))
			}
		}
	}
	src := weightsSource(w)
	t.Logf("\n%s", src)
	if *tuneOut != "" {
		require.NoError(t, os.WriteFile(*tuneOut, src, 0o644))
	}
}

// weightsSource returns the Go source of weights.go holding w.
func weightsSource(w [evalPhases][2][64]int) []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "// Code generated by go test ./engine -run TestTuneEval -tune; DO NOT EDIT.\n\n")
	fmt.Fprintf(&buf, "package engine\n\n")
	fmt.Fprintf(&buf, "// evalWeights is the worth of a pit, by the phase of the game\n// (evalPhase), its side (the mover's, then the opponent's) and its seeds,\n// in the units of Evaluate, fitted by TestTuneEval.\n")
	fmt.Fprintf(&buf, "var evalWeights = [evalPhases][2][64]int32{\n")
	for ph := range evalPhases {
		fmt.Fprintf(&buf, "\t{\n")
		for side := range 2 {
			fmt.Fprintf(&buf, "\t\t{")
			for n := range 64 {
				if n > 0 {
					fmt.Fprintf(&buf, ", ")
				}
				fmt.Fprintf(&buf, "%d", w[ph][side][n])
			}
			fmt.Fprintf(&buf, "},\n")
		}
		fmt.Fprintf(&buf, "\t},\n")
	}
	fmt.Fprintf(&buf, "}\n")
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return buf.Bytes()
	}
	return src
}
