package main

import (
	"bufio"
	"context"
	"flag"
	"io"
	"math"

	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/conformance"
	"github.com/seed3966233f/oware/internal/outfile"
)

//go:generate go run . vectors -o ../../testdata/conformance/v1.jsonl
//go:generate go run . vectors -rules openspiel -o ../../testdata/conformance/v1-openspiel.jsonl
//go:generate go run . vectors -rules aalina -o ../../testdata/conformance/v1-aalina.jsonl
//go:generate go run . vectors -rules auale -o ../../testdata/conformance/v1-auale.jsonl
//go:generate go run . vectors -rules playstrategy -o ../../testdata/conformance/v1-playstrategy.jsonl
//go:generate go run . vectors -rules board-game-rs -o ../../testdata/conformance/v1-board-game-rs.jsonl
//go:generate go run . vectors -rules game-oware -o ../../testdata/conformance/v1-game-oware.jsonl
//go:generate go run . vectors -rules awari -o ../../testdata/conformance/v1-awari.jsonl

var vectorsCommand = &cli.Command{
	Name:  "vectors",
	Usage: []string{"[-rules NAME] [-seed N] [-games N] [-endgames N] [-o FILE]"},
	Short: "write the conformance vectors to stdout",
	Long: `
Vectors writes the conformance vectors: JSON lines of oracle requests and
the responses the library gives, from random games and endgames, for
other implementations to test against. The committed file,
testdata/conformance/v1.jsonl, uses the defaults; go generate ./cmd/oware
writes it again.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		def := conformance.DefaultOptions
		rules := rulesFlag(fs)
		seed := fs.Uint64("seed", def.Seed, "the seed of the random games")
		var games, endgames int
		cli.IntVar(fs, &games, "games", def.Games, 0, math.MaxInt, "`N` random games from the opening")
		cli.IntVar(fs, &endgames, "endgames", def.Endgames, 0, math.MaxInt, "`N` random games from set-up positions with few seeds")
		output := fs.String("o", "", "write to `FILE` instead of the standard output, whole or not at all")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			opt := conformance.Options{Rules: *rules, Seed: *seed, Games: games, Endgames: endgames}
			if *output == "" {
				return conformance.Generate(s.Stdout, opt)
			}
			return outfile.Write(ctx, *output, func(w io.Writer) error {
				bw := bufio.NewWriter(w)
				if err := conformance.Generate(bw, opt); err != nil {
					return err
				}
				return bw.Flush()
			})
		}
	},
}
