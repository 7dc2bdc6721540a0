package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/svg"
)

// The pictures of the README's rules, drawn from the library by oware show.
//go:generate go run . show -svg -o ../../doc/r4-laps.svg 2-1-0-3-1-12-3-2-1-2-1-1-10-9-S F
//go:generate go run . show -svg -o ../../doc/r5-capture.svg 1-1-1-1-1-4-1-3-2-1-2-2-10-18-S F
//go:generate go run . show -svg -o ../../doc/r6-grand-slam.svg 4-4-4-4-4-3-1-2-1-0-0-0-10-11-S F
//go:generate go run . show -svg -o ../../doc/r7-feeding.svg 2-0-0-3-1-2-0-0-0-0-0-0-20-20-S F

// showUsage is the synopsis of oware show.
const showUsage = "[-svg] [-side S|N] [-rules NAME] [-o FILE] POSITION [MOVE]"

// runShow draws a position, or what a move played from it did, as a
// diagram or an SVG picture.
func runShow(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("show", showUsage, stderr)
	asSVG := fs.Bool("svg", false, "write an SVG picture instead of the diagram")
	side := fs.String("side", "S", "the side drawn at the bottom: S (South) or N (North)")
	rulesName := rulesFlag(fs)
	output := fs.String("o", "", "write to this file instead of stdout")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usageError(stderr, fs, "want a POSITION and an optional MOVE")
	}
	near, ok := parseSide(*side)
	if !ok {
		return usageError(stderr, fs, "-side %q: want S or N", *side)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	b, err := ogn.ParseBoardOrFEN(pos[0])
	if err != nil {
		return usageError(stderr, fs, "%q is not a position string or a FEN: %s", pos[0], parseProblem(err))
	}
	p := rules.Position(b)
	var out []byte
	if len(pos) == 1 {
		out = showPosition(p, near, *asSVG)
	} else {
		m, err := oware.ParseMove(pos[1])
		if err != nil {
			return usageError(stderr, fs, "move %q: want a pit letter, A-F or a-f", pos[1])
		}
		e, err := p.Explain(m)
		var me *oware.MoveError
		switch {
		case errors.As(err, &me):
			return usageError(stderr, fs, "%s cannot play %s: %v", me.Player, me.Move, me.Err)
		case err != nil:
			return usageError(stderr, fs, "%s cannot be played: %v", m, err)
		}
		out = showMove(e, near, *asSVG)
	}
	if *output != "" {
		err = writeFile(*output, func(w io.Writer) error {
			_, err := w.Write(out)
			return err
		})
	} else {
		_, err = stdout.Write(out)
	}
	if err != nil {
		return fail(stderr, "show", err)
	}
	return exitOK
}

// showPosition draws p from near's side: its diagram and legal moves, or
// its SVG picture.
func showPosition(p oware.Position, near oware.Player, asSVG bool) []byte {
	if asSVG {
		return svg.Position(p, svg.Options{Side: near})
	}
	text := diagram(p, near) + "\n"
	if !p.Outcome().Over() {
		text += "Moves: " + letters(p.Moves()) + "\n"
	}
	return []byte(text)
}

// showMove draws what e did from near's side: a line that tells it and the
// diagram after it, or the SVG picture of the move.
func showMove(e oware.Effect, near oware.Player, asSVG bool) []byte {
	if asSVG {
		return svg.Move(e, svg.Options{Side: near})
	}
	return fmt.Appendf(nil, "%s\n\n%s", describe(e), showPosition(e.After(), near, false))
}
