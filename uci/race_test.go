//go:build race

package uci

// testScale divides the number of simulated matches of the SPRT tests:
// the race detector makes them several times slower, and they run in one
// goroutine; without it they run in full.
const testScale = 4

// raceEnabled reports whether the race detector is on.
const raceEnabled = true
