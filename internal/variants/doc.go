// Package variants holds the differential tests of the rule presets of
// package oware against the programs they reproduce: traces of games
// played by each program's own code, recorded once and kept as data in
// testdata/variants, are replayed ply by ply under the preset.
package variants
