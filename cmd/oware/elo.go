package main

import (
	"fmt"
	"math"
)

// elo returns the Elo difference that a score of wins, draws and losses
// means (a draw counting half a point), and the bounds of its 95%
// interval: the score plus or minus 1.96 standard errors of the mean of
// the games' results. Scores of 0 and 1 give ∓Inf.
func elo(wins, draws, losses int) (diff, lo, hi float64) {
	n := float64(wins + draws + losses)
	s := (float64(wins) + float64(draws)/2) / n
	variance := (float64(wins)*(1-s)*(1-s) + float64(draws)*(0.5-s)*(0.5-s) + float64(losses)*s*s) / n
	margin := 1.959964 * math.Sqrt(variance/n)
	return eloOf(s), eloOf(s - margin), eloOf(s + margin)
}

// eloOf returns the Elo difference that predicts the score s.
func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// signed writes an Elo difference with its sign, rounded.
func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}
