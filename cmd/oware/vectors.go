package main

import (
	"bufio"
	"io"
	"os"

	"github.com/seed3966233f/oware/internal/conformance"
)

//go:generate go run . vectors -o ../../testdata/conformance/v1.jsonl
//go:generate go run . vectors -rules openspiel -o ../../testdata/conformance/v1-openspiel.jsonl
//go:generate go run . vectors -rules aalina -o ../../testdata/conformance/v1-aalina.jsonl
//go:generate go run . vectors -rules auale -o ../../testdata/conformance/v1-auale.jsonl
//go:generate go run . vectors -rules playstrategy -o ../../testdata/conformance/v1-playstrategy.jsonl
//go:generate go run . vectors -rules board-game-rs -o ../../testdata/conformance/v1-board-game-rs.jsonl
//go:generate go run . vectors -rules game-oware -o ../../testdata/conformance/v1-game-oware.jsonl
//go:generate go run . vectors -rules awari -o ../../testdata/conformance/v1-awari.jsonl

// runVectors writes the conformance vectors (see package
// internal/conformance) to stdout or to the file of -o.
func runVectors(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	def := conformance.DefaultOptions
	fs := newFlags("vectors", "[-rules NAME] [-seed N] [-games N] [-endgames N] [-o FILE]", stderr)
	rulesName := rulesFlag(fs)
	seed := fs.Uint64("seed", def.Seed, "seed of the random games")
	games := fs.Int("games", def.Games, "random games from the opening")
	endgames := fs.Int("endgames", def.Endgames, "random games from set-up positions with few seeds")
	output := fs.String("o", "", "write to this file instead of stdout")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *games < 0 || *endgames < 0:
		return usageError(stderr, fs, "-games and -endgames must not be negative")
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	opt := conformance.Options{Rules: rules, Seed: *seed, Games: *games, Endgames: *endgames}
	if *output == "" {
		if err := conformance.Generate(stdout, opt); err != nil {
			return fail(stderr, "vectors", err)
		}
		return exitOK
	}
	f, err := os.Create(*output)
	if err != nil {
		return fail(stderr, "vectors", err)
	}
	bw := bufio.NewWriter(f)
	err = conformance.Generate(bw, opt)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(stderr, "vectors", err)
	}
	return exitOK
}
