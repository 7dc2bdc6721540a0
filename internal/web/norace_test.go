//go:build !race

package web_test

// raceEnabled tells that the tests run under the race detector.
const raceEnabled = false
