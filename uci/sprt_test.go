package uci

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware/internal/prng"
)

// TestSPRTBounds: α = β = 0.05 give the bounds ±2.94 (log 19); other
// rates the bounds of Wald's test; tests that are none are refused.
func TestSPRTBounds(t *testing.T) {
	lower, upper := SPRT{Elo0: 0, Elo1: 5}.Bounds()
	assert.InDelta(t, -2.944439, lower, 1e-6)
	assert.InDelta(t, 2.944439, upper, 1e-6)
	lower, upper = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.01, Beta: 0.1}.Bounds()
	assert.InDelta(t, math.Log(0.1/0.99), lower, 1e-12)
	assert.InDelta(t, math.Log(0.9/0.01), upper, 1e-12)
	require.NoError(t, SPRT{Elo0: -3, Elo1: 1}.Check())
	for _, s := range []SPRT{{Elo0: 5, Elo1: 5}, {Elo0: 5, Elo1: 0}, {Elo0: math.Inf(-1), Elo1: 0}, {Elo0: math.NaN(), Elo1: 1},
		{Elo0: 0, Elo1: 5, Alpha: 0.5}, {Elo0: 0, Elo1: 5, Beta: -0.1}} {
		err := s.Check()
		assert.ErrorIs(t, err, ErrSyntax, "%+v", s)
	}
}

// TestNearest: the distribution that nearest returns has the mean asked
// for and sums to 1, and no other distribution of that mean makes the
// observed frequencies likelier: moving it along any direction that keeps
// the sum and the mean lowers the likelihood.
func TestNearest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var freq [5]float64
		total := 0.0
		for k := range freq {
			freq[k] = float64(rapid.IntRange(0, 1000).Draw(t, "count")) + 0.001
			total += freq[k]
		}
		for k := range freq {
			freq[k] /= total
		}
		mean := rapid.Float64Range(0.05, 0.95).Draw(t, "mean")
		p := nearest(freq, mean)
		sum, got := 0.0, 0.0
		for k, q := range p {
			require.Greater(t, q, 0.0)
			sum += q
			got += q * float64(k) / 4
		}
		require.InDelta(t, 1, sum, 1e-9)
		require.InDelta(t, mean, got, 1e-9)
		logLikelihood := func(q [5]float64) float64 {
			l := 0.0
			for k := range q {
				l += freq[k] * math.Log(q[k])
			}
			return l
		}
		best := logLikelihood(p)
		// A direction d with sum d = 0 and sum d k/4 = 0: any vector
		// minus its projections on (1,...) and (k/4).
		var d [5]float64
		for k := range d {
			d[k] = rapid.Float64Range(-1, 1).Draw(t, "d")
		}
		project(&d)
		for _, step := range []float64{1e-3, -1e-3, 1e-2, -1e-2} {
			var q [5]float64
			ok := true
			for k := range q {
				q[k] = p[k] + step*d[k]*p[k]
				ok = ok && q[k] > 0
			}
			// Keep the sum and the mean: project the change again.
			var c [5]float64
			for k := range c {
				c[k] = q[k] - p[k]
			}
			project(&c)
			for k := range q {
				q[k] = p[k] + c[k]
				ok = ok && q[k] > 0
			}
			if ok {
				require.LessOrEqual(t, logLikelihood(q), best+1e-12, "step %g", step)
			}
		}
	})
}

// project takes out of d its parts along (1, 1, 1, 1, 1) and (0, 1/4,
// 1/2, 3/4, 1), so that adding it to a distribution keeps its sum and
// mean.
func project(d *[5]float64) {
	// An orthonormal basis of the span of u = (1,...) and v = (k/4), by
	// Gram-Schmidt.
	u := [5]float64{1, 1, 1, 1, 1}
	v := [5]float64{0, 0.25, 0.5, 0.75, 1}
	dot := func(a, b [5]float64) float64 {
		s := 0.0
		for k := range a {
			s += a[k] * b[k]
		}
		return s
	}
	nu := math.Sqrt(dot(u, u))
	for k := range u {
		u[k] /= nu
	}
	pv := dot(v, u)
	for k := range v {
		v[k] -= pv * u[k]
	}
	nv := math.Sqrt(dot(v, v))
	for k := range v {
		v[k] /= nv
	}
	du, dv := dot(*d, u), dot(*d, v)
	for k := range d {
		d[k] -= du*u[k] + dv*v[k]
	}
}

// TestLLR: the log-likelihood ratio is 0 before any pair, grows with the
// pairs at a share between the hypotheses' nearer H1, and for many pairs
// is close to its normal approximation, N (s1 - s0) (2m - s0 - s1) / 2σ²,
// m and σ² the mean and variance of the pairs' shares.
func TestLLR(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10}
	assert.Zero(t, s.LLR(Pentanomial{}))
	p := Pentanomial{60, 250, 500, 270, 70}
	llr := s.LLR(p)
	var twice Pentanomial
	for k := range p {
		twice[k] = 2 * p[k]
	}
	assert.InDelta(t, 2*llr, s.LLR(twice), 1e-6*math.Abs(llr))
	n := float64(p.Pairs())
	mean, variance := 0.0, 0.0
	for k, c := range p {
		mean += float64(c) * float64(k) / 4 / n
	}
	for k, c := range p {
		d := float64(k)/4 - mean
		variance += float64(c) * d * d / n
	}
	s0, s1 := share(0), share(10)
	approx := n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
	assert.InDelta(t, approx, llr, 0.02*math.Abs(approx), "exact %g, normal approximation %g", llr, approx)
	assert.Positive(t, llr, "a share of %.4f is nearer %.4f than %.4f", mean, s1, s0)
}

// TestPentanomialElo: the Elo of the mean share of the pairs, with the
// interval of its standard error, computed by hand for a small count.
func TestPentanomialElo(t *testing.T) {
	p := Pentanomial{1, 2, 4, 2, 1} // shares 0, 1/4, 1/2, 3/4, 1: mean 1/2
	diff, lo, hi := p.Elo()
	// Variance of the shares: (1/4 + 2/16 + 0 + 2/16 + 1/4) / 10 = 0.075.
	margin := 1.959964 * math.Sqrt(0.075/10)
	assert.InDelta(t, 0, diff, 1e-9)
	assert.InDelta(t, -400*math.Log10(1/(0.5-margin)-1), lo, 1e-9)
	assert.InDelta(t, -400*math.Log10(1/(0.5+margin)-1), hi, 1e-9)
	assert.Equal(t, 10, p.Pairs())
	assert.Equal(t, "[1 2 4 2 1]", p.String())
	diff, _, _ = Pentanomial{0, 0, 0, 0, 3}.Elo()
	assert.True(t, math.IsInf(diff, 1))
}

// simulatedPair draws the first player's points in a pair of games, in
// half points, between players whose expected share of a game is s with
// draw chance d in each game, the games independent.
func simulatedPair(rng *prng.Source, s, d float64) int {
	points := 0
	for range 2 {
		x := float64(rng.IntN(1<<30)) / (1 << 30)
		switch {
		case x < s-d/2:
			points += 2 // a win
		case x < s+d/2:
			points++ // a draw
		}
	}
	return points // 0 to 4 half points
}

// TestSPRTSimulated runs the test on simulated matches whose true Elo
// difference is known: at Elo0 it accepts H1 about α of the time (at most
// α, as the overshoot of the bounds makes Wald's test err less than it
// allows), at Elo1 about 1-β of the time, at the midpoint about half the
// time, and far from the hypotheses almost never wrongly.
func TestSPRTSimulated(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 20}
	runs := 1000 / testScale
	rng := prng.New(30)
	for _, tc := range []struct {
		elo          float64
		least, most  float64 // the share of runs that accept H1
		meanPairsMax int
	}{
		{0, 0.02, 0.07, 1500},
		{20, 0.93, 0.985, 1500},
		{10, 0.35, 0.65, 2500},
		{-20, 0, 0.005, 800},
		{40, 0.995, 1, 800},
	} {
		share := share(tc.elo)
		accepted, pairs := 0, 0
		for range runs {
			var p Pentanomial
			for s.Decide(p) == Continue {
				p[simulatedPair(rng, share, 0.3)]++
			}
			if s.Decide(p) == AcceptH1 {
				accepted++
			}
			pairs += p.Pairs()
		}
		rate := float64(accepted) / float64(runs)
		t.Logf("true Elo %+g: H1 accepted in %.1f%% of %d runs, %d pairs a run", tc.elo, 100*rate, runs, pairs/runs)
		assert.GreaterOrEqual(t, rate, tc.least, "true Elo %+g", tc.elo)
		assert.LessOrEqual(t, rate, tc.most, "true Elo %+g", tc.elo)
		assert.Less(t, pairs/runs, tc.meanPairsMax, "true Elo %+g", tc.elo)
	}
}
