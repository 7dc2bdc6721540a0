//go:build race

package engine

// testScale divides the number of positions of the exhaustive tests: the
// race detector makes their plain negamax about 15 times slower, and they
// run in one goroutine; without it they run in full.
const testScale = 4
