//go:build !race

package doccheck

// underRace: the tests run under the race detector (see race_test.go).
const underRace = false
