package main

import (
	"bufio"
	"io"
	"os"

	"github.com/seed3966233f/oware/internal/conformance"
)

//go:generate go run . vectors -o ../../testdata/conformance/v1.jsonl

// runVectors writes the conformance vectors (see package
// internal/conformance) to stdout or to the file of -o.
func runVectors(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	def := conformance.DefaultOptions
	fs := newFlags("vectors", "[-seed N] [-games N] [-endgames N] [-o FILE]", stderr)
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
	opt := conformance.Options{Seed: *seed, Games: *games, Endgames: *endgames}
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
