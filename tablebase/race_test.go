//go:build race

package tablebase_test

// The race detector makes the tests several times slower: they check
// smaller levels under it.
const raceEnabled = true
