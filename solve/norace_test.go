//go:build !race

package solve

// testScale divides the number of positions of the slowest tests (see
// race_test.go): without the race detector, 1.
const testScale = 1

// testTableSeeds is the seeds of the tests' exact tables.
const testTableSeeds = 7
