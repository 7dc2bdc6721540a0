package uci

import (
	"fmt"
	"math"
)

// Pentanomial counts the pairs of games of a match, each opening played
// with both colours, by the first player's points in the pair: Pentanomial[k]
// pairs scored k/2 points, from 0 (two losses) to 2 (two wins). Scoring
// pairs rather than games takes out the part of the results that the
// opening decides, which the two games of a pair share, as fishtest does.
type Pentanomial [5]int

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// String writes the counts from two losses to two wins, such as
// "[3 10 40 12 5]".
func (p Pentanomial) String() string { return fmt.Sprint([5]int(p)) }

// Elo returns the Elo difference that the first player's share of the
// points means, and the bounds of its 95% interval: the share plus or
// minus 1.96 standard errors of the mean of the pairs' scores. Shares of
// 0 and 1 give ∓Inf; no pair gives NaN.
func (p Pentanomial) Elo() (diff, lo, hi float64) {
	n := float64(p.Pairs())
	mean, variance := 0.0, 0.0
	for k, c := range p {
		mean += float64(c) * float64(k) / 4
	}
	mean /= n
	for k, c := range p {
		d := float64(k)/4 - mean
		variance += float64(c) * d * d
	}
	variance /= n
	margin := 1.959964 * math.Sqrt(variance/n)
	return eloOf(mean), eloOf(mean - margin), eloOf(mean + margin)
}

// SPRT is a sequential probability ratio test of the Elo difference
// between the players of a match, as fishtest runs it for Stockfish: the
// hypothesis H0 that the first player is Elo0 stronger than the second
// (usually 0: no better) against H1 that it is Elo1 stronger, decided on
// the pairs of games (see Pentanomial) once the log-likelihood ratio
// crosses a bound. Elo is the logistic Elo of the share of the points:
// a share s means -400 log10(1/s - 1).
//
// The ratio is the generalized one of the pentanomial model: the
// likelihood of the pairs under the distribution of pair scores nearest
// to the observed one (the maximum likelihood) whose mean is the share
// that Elo1 means, over the same with Elo0; a count of 0 counts as 0.001,
// as fishtest's does.
type SPRT struct {
	Elo0, Elo1 float64 // the Elo differences of H0 and H1; Elo0 < Elo1
	// Alpha is the chance of accepting H1 when H0 holds (a false
	// positive), Beta that of accepting H0 when H1 holds; 0 means 0.05.
	Alpha, Beta float64
}

// Decision is the outcome of an SPRT so far.
type Decision int

// The outcomes of an SPRT.
const (
	Continue Decision = iota // no bound crossed: play on
	AcceptH0                 // the lower bound crossed: the first player is not Elo1 stronger
	AcceptH1                 // the upper bound crossed: the first player is Elo1 stronger
)

// String returns "continue", "H0 accepted" or "H1 accepted".
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// errors returns alpha and beta, 0.05 for 0.
func (s SPRT) errors() (alpha, beta float64) {
	alpha, beta = s.Alpha, s.Beta
	if alpha == 0 {
		alpha = 0.05
	}
	if beta == 0 {
		beta = 0.05
	}
	return alpha, beta
}

// Check returns an error, wrapping ErrSyntax, when s is no test: Elo0 not
// below Elo1, or an error rate not strictly between 0 and 0.5.
func (s SPRT) Check() error {
	alpha, beta := s.errors()
	switch {
	case !(s.Elo0 < s.Elo1) || math.IsInf(s.Elo0, 0) || math.IsInf(s.Elo1, 0):
		return &Error{Op: "sprt", Err: ErrSyntax, Detail: fmt.Sprintf("elo0 %g, elo1 %g: want finite elo0 < elo1", s.Elo0, s.Elo1)}
	case !(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5):
		return &Error{Op: "sprt", Err: ErrSyntax, Detail: fmt.Sprintf("alpha %g, beta %g: want each above 0 and below 0.5", s.Alpha, s.Beta)}
	}
	return nil
}

// Bounds returns the bounds of the log-likelihood ratio: log(β/(1-α))
// and log((1-β)/α), ±2.94 for α = β = 0.05.
func (s SPRT) Bounds() (lower, upper float64) {
	alpha, beta := s.errors()
	return math.Log(beta / (1 - alpha)), math.Log((1 - beta) / alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 after the pairs p
// (0 before any pair).
func (s SPRT) LLR(p Pentanomial) float64 {
	n := p.Pairs()
	if n == 0 {
		return 0
	}
	var freq [5]float64
	total := 0.0
	for k, c := range p {
		freq[k] = max(float64(c), 0.001)
		total += freq[k]
	}
	for k := range freq {
		freq[k] /= total
	}
	p0 := nearest(freq, share(s.Elo0))
	p1 := nearest(freq, share(s.Elo1))
	llr := 0.0
	for k, c := range p {
		if c > 0 {
			llr += float64(c) * math.Log(p1[k]/p0[k])
		}
	}
	return llr
}

// Decide returns the decision of s after the pairs p.
func (s SPRT) Decide(p Pentanomial) Decision {
	llr := s.LLR(p)
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// share returns the expected share of the points of a player elo
// stronger.
func share(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// nearest returns the distribution of pair scores (the share of the pair,
// k/4 for Pentanomial[k]) of mean mean that is the most likely to give
// the observed frequencies freq, all above 0: freq[k] / (1 + x (k/4 -
// mean)), x the root of the sum of freq[k] (k/4 - mean) / (1 + x (k/4 -
// mean)), which falls as x grows, between the bounds where a term's
// denominator reaches 0. Newton's method finds it, bisecting where a step
// would leave the bounds.
func nearest(freq [5]float64, mean float64) [5]float64 {
	// 1 + x d > 0 for d from -mean (k = 0) to 1-mean (k = 4).
	lo, hi := -1/(1-mean), 1/mean
	x := 0.0
	for range 200 {
		f, size, slope := 0.0, 0.0, 0.0
		for k, q := range freq {
			d := float64(k)/4 - mean
			r := d / (1 + x*d)
			f += q * r
			size += q * math.Abs(r)
			slope -= q * r * r
		}
		if math.Abs(f) <= 1e-15*size {
			break
		}
		if f > 0 {
			lo = x
		} else {
			hi = x
		}
		next := x - f/slope
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if next == x {
			break
		}
		x = next
	}
	var p [5]float64
	for k, q := range freq {
		p[k] = q / (1 + x*(float64(k)/4-mean))
	}
	return p
}
