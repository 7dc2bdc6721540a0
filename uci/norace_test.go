//go:build !race

package uci

// testScale divides the number of simulated matches of the SPRT tests
// (see race_test.go).
const testScale = 1

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
