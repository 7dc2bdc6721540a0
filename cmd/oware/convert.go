package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/seed3966233f/oware/ogn"
)

// runConvert converts game records between the formats of package ogn:
// OGN, PlayStrategy's export and OpenSpiel move lists. It reads each file
// (or stdin for "-") one game at a time, replays every game under the
// rules and writes it to stdout or to the -o file. A game that cannot be
// read or played is reported and left out; a game whose recorded result
// disagrees with the rules is reported and written with the result of the
// rules. The status is exitFail if any game was reported.
func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("convert", "[-from F] [-to F] [-o FILE] FILE... (\"-\" for stdin)", stderr)
	from := fs.String("from", "ogn", "the format read: ogn, playstrategy or openspiel")
	to := fs.String("to", "ogn", "the format written: ogn, playstrategy or openspiel")
	output := fs.String("o", "", "write to this file instead of stdout")
	files, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	fromFormat, ok1 := parseFormat(*from)
	toFormat, ok2 := parseFormat(*to)
	switch {
	case !ok1:
		return usageError(stderr, fs, "unknown format %q", *from)
	case !ok2:
		return usageError(stderr, fs, "unknown format %q", *to)
	case len(files) == 0:
		return usageError(stderr, fs, "want one FILE or more, or - for stdin")
	}
	dst := stdout
	if *output != "" {
		f, err := os.Create(*output)
		if err != nil {
			return fail(stderr, "convert", err)
		}
		defer f.Close()
		dst = f
	}
	buf := bufio.NewWriterSize(dst, 64<<10)
	c := converter{w: ogn.NewWriter(buf), from: fromFormat, stderr: stderr, flush: buf.Flush}
	c.w.Format = toFormat
	for _, name := range files {
		c.file(name, stdin)
	}
	if err := buf.Flush(); err != nil {
		return fail(stderr, "convert", err)
	}
	if c.reported {
		return exitFail
	}
	return exitOK
}

// converter converts the games of files.
type converter struct {
	w        *ogn.Writer
	from     ogn.Format
	stderr   io.Writer
	flush    func() error
	reported bool
}

// file converts the games of one file, "-" for stdin.
func (c *converter) file(name string, stdin io.Reader) {
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			c.complain("%s", err)
			return
		}
		defer f.Close()
		in = f
	} else {
		name = "stdin"
	}
	rd := ogn.NewReader(in)
	rd.Format = c.from
	for n := 1; ; n++ {
		g, _, err := rd.ReadReplay()
		if err == io.EOF {
			return
		}
		if err != nil && !c.problem(name, err) {
			continue
		}
		if err := c.w.Write(g); err != nil {
			c.complain("%s: game %d: %s", name, n, err)
		}
	}
}

// problem reports the error of a game and tells whether the game is to be
// written all the same: only when all its moves are legal and just its
// result disagrees with the rules.
func (c *converter) problem(name string, err error) bool {
	var re *ogn.ReplayError
	var pe *ogn.ParseError
	switch {
	case errors.As(err, &re) && re.Ply == 0:
		c.complain("%s: game %d, line %d: %s; written with the result of the rules", name, re.Game, re.Line, re.Reason())
		return true
	case errors.As(err, &re):
		c.complain("%s: game %d, line %d: %s%s; left out", name, re.Game, re.Line, plyPlace(re), re.Reason())
	case errors.As(err, &pe):
		c.complain("%s: game %d, line %d, column %d: %s; left out", name, pe.Game, pe.Line, pe.Column, pe.Msg)
	default:
		c.complain("%s: %s", name, err)
	}
	return false
}

// complain writes an error line to stderr.
func (c *converter) complain(format string, args ...any) {
	c.reported = true
	c.flush()
	fmt.Fprintf(c.stderr, "oware convert: "+format+"\n", args...)
}
