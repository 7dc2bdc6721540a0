package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/outfile"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/svg"
)

// The pictures of the README's rules, drawn from the library by oware show.
//go:generate go run . show -svg -o ../../doc/r4-laps.svg 2-1-0-3-1-12-3-2-1-2-1-1-10-9-S F
//go:generate go run . show -svg -o ../../doc/r5-capture.svg 1-1-1-1-1-4-1-3-2-1-2-2-10-18-S F
//go:generate go run . show -svg -o ../../doc/r6-grand-slam.svg 4-4-4-4-4-3-1-2-1-0-0-0-10-11-S F
//go:generate go run . show -svg -o ../../doc/r7-feeding.svg 2-0-0-3-1-2-0-0-0-0-0-0-20-20-S F

var showCommand = &cli.Command{
	Name:  "show",
	Usage: []string{"[-svg] [-side S|N] [-rules NAME] [-o FILE] POSITION [MOVE]"},
	Short: "draw a position, or what a move did, as a diagram or an SVG picture",
	Long: `
Show draws a position without starting a game: its diagram and its legal
moves, or, if it is over, its outcome. With a MOVE (a pit letter, or a
pit number 0-11) it says what the move did and draws the position after
it; a move that the rules refuse is a failure (status 1). -side N draws the
board as North sees it; -svg writes an SVG picture instead (package svg).

	$ oware show 1-1-1-1-1-4-1-3-2-1-2-2-10-18-S F
	South plays F (4 seeds) and captures 5 from d and c

	    f  e  d  c  b  a
	N   2  2  0  0  4  2   North 18
	S   1  1  1  1  1  0   South 15
	    A  B  C  D  E  F
	North to move
	Moves: a b e f`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		asSVG := fs.Bool("svg", false, "write an SVG picture instead of the diagram")
		near := sideFlag(fs, oware.South, "the `side` drawn at the bottom: S (South) or N (North)")
		rules := rulesFlag(fs)
		output := fs.String("o", "", "write to `FILE` instead of the standard output, whole or not at all")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return cli.Usagef("want a POSITION and an optional MOVE")
			}
			b, err := parsePosition("", args[0])
			if err != nil {
				return err
			}
			p := rules.Position(b)
			var out []byte
			if len(args) == 1 {
				out = showPosition(p, *near, *asSVG)
			} else {
				m, err := oware.ParseMove(args[1])
				if err != nil {
					return cli.Usagef("move %q: want a pit letter, A-F or a-f, or a pit number, 0-11", args[1])
				}
				e, err := p.Explain(m)
				var me *oware.MoveError
				switch {
				case errors.As(err, &me):
					return fmt.Errorf("%s cannot play %s: %v", me.Player, me.Move, me.Err)
				case err != nil:
					return fmt.Errorf("%s cannot be played: %v", m, err)
				}
				out = showMove(e, *near, *asSVG)
			}
			if *output == "" {
				_, err = s.Stdout.Write(out)
				return err
			}
			return outfile.Write(ctx, *output, func(w io.Writer) error {
				_, err := w.Write(out)
				return err
			})
		}
	},
}

// showPosition draws p from near's side: its diagram and legal moves, or
// its SVG picture.
func showPosition(p oware.Position, near oware.Player, asSVG bool) []byte {
	if asSVG {
		return svg.Position(p, svg.Options{Side: near})
	}
	text := words.Diagram(p, near) + "\n"
	if !p.Outcome().Over() {
		text += "Moves: " + words.Letters(p.Moves()) + "\n"
	}
	return []byte(text)
}

// showMove draws what e did from near's side: a line that tells it and the
// diagram after it, or the SVG picture of the move.
func showMove(e oware.Effect, near oware.Player, asSVG bool) []byte {
	if asSVG {
		return svg.Move(e, svg.Options{Side: near})
	}
	return fmt.Appendf(nil, "%s\n\n%s", words.Describe(e), showPosition(e.After(), near, false))
}
