package main

import (
	"fmt"
	"math"
)

// signed writes an Elo difference with its sign, rounded.
func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", math.Round(x)+0) // +0 makes a minus zero plus

}

// eloText words the Elo difference diff that a share of the points means,
// with its 95% interval from lo to hi: a bound that the score does not
// give is said to be missing, and a share of 0% or 100%, which gives no
// difference at all, is said to give none.
func eloText(share, diff, lo, hi float64) string {
	switch {
	case math.IsInf(diff, 0):
		return fmt.Sprintf("none can be told from a score of %.0f%%", 100*share)
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		return signed(diff) + " (95% interval without bounds)"
	case math.IsInf(lo, -1):
		return fmt.Sprintf("%s (95%% interval up to %s, no lower bound)", signed(diff), signed(hi))
	case math.IsInf(hi, 1):
		return fmt.Sprintf("%s (95%% interval from %s, no upper bound)", signed(diff), signed(lo))
	}
	return fmt.Sprintf("%s (95%% interval %s to %s)", signed(diff), signed(lo), signed(hi))
}
