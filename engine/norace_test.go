//go:build !race

package engine

// testScale divides the number of positions of the exhaustive tests (see
// race_test.go).
const testScale = 1
