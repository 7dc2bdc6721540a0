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
	return fmt.Sprintf("%+.0f", x)
}
