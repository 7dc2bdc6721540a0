//go:build race

package solve

// testScale divides the number of positions of the slowest tests: the
// race detector makes the solver about ten times slower, and what it
// checks there is its concurrency, which a few positions exercise; without
// it they run in full.
const testScale = 4

// testTableSeeds is the tests' exact tables go to 5 seeds, all that their
// positions reach, instead of 7.
const testTableSeeds = 5
