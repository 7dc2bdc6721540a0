//go:build race

package main

// The race detector makes solving tables many times slower: the tests
// solve smaller ones under it.
const raceEnabled = true
