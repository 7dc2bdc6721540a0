package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// runConvert converts game records between the formats of package ogn:
// OGN, PlayStrategy's export and OpenSpiel move lists. It reads each file
// (or stdin for "-") one game at a time, replays every game under the
// rules (its Variant tag's, or those of -rules) and writes it to stdout or
// to the -o file. A game that cannot be read or played is reported and
// left out; a game whose recorded result disagrees with the rules is
// reported and written with the result of the rules. The status is
// exitFail if any game was reported.
//
// The -o file may not be one of the inputs, however named. It is written
// whole or not at all (see writeFile): when an input cannot be opened or
// read, or the file cannot be written, an existing file is left as it was.
func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("convert", "[-from F] [-to F] [-rules NAME] [-o FILE] FILE... (\"-\" for stdin)", stderr)
	from := fs.String("from", "ogn", "the format read: ogn, playstrategy or openspiel")
	to := fs.String("to", "ogn", "the format written: ogn, playstrategy or openspiel")
	output := fs.String("o", "", "write to this file instead of stdout, whole or not at all")
	rulesName := recordRulesFlag(fs, "read")
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
	rules, status, ok := parseRecordRules(fs, *rulesName)
	if !ok {
		return status
	}
	if *output != "" {
		for _, name := range files {
			if name == "-" && isFile(stdin, *output) || name != "-" && sameFile(name, *output) {
				return usageError(stderr, fs, "-o %s is the input %s: write the output to another file", *output, name)
			}
		}
	}
	c := converter{from: fromFormat, rules: rules, stderr: stderr}
	convert := func(w io.Writer) error {
		buf := bufio.NewWriterSize(w, 64<<10)
		c.w, c.flush = ogn.NewWriter(buf), buf.Flush
		c.w.Format = toFormat
		for _, name := range files {
			c.file(name, stdin)
		}
		if err := buf.Flush(); err != nil {
			return err
		}
		if c.unread != "" {
			return errUnread
		}
		return nil
	}
	if *output == "" {
		err = convert(stdout)
	} else {
		err = writeFile(*output, convert)
	}
	switch {
	case errors.Is(err, errUnread) && *output != "":
		return fail(stderr, "convert", fmt.Errorf("%s was not written, since %s could not be read whole", *output, c.unread))
	case errors.Is(err, errUnread):
	case err != nil:
		return fail(stderr, "convert", err)
	}
	if c.reported {
		return exitFail
	}
	return exitOK
}

// errUnread stops a conversion whose input could not be read whole.
var errUnread = errors.New("an input could not be read")

// isFile reports whether r is the file name, as stdin may be.
func isFile(r io.Reader, name string) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	sa, err := f.Stat()
	if err != nil {
		return false
	}
	sb, err := os.Stat(name)
	return err == nil && os.SameFile(sa, sb)
}

// converter converts the games of files.
type converter struct {
	w        *ogn.Writer
	from     ogn.Format
	rules    *oware.Rules // the rules of every game, or nil for the Variant tags
	stderr   io.Writer
	flush    func() error
	reported bool
	unread   string // the first input that could not be opened or read whole, if any
}

// file converts the games of one file, "-" for stdin.
func (c *converter) file(name string, stdin io.Reader) {
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			c.complain("%s", err)
			c.unreadable(name)
			return
		}
		defer f.Close()
		in = f
	} else {
		name = "stdin"
	}
	rd := ogn.NewReader(in)
	rd.Format = c.from
	rd.Rules = c.rules
	for n := 1; ; n++ {
		g, _, err := rd.ReadReplay()
		if err == io.EOF {
			return
		}
		if err != nil && reasonOf(err) == "read error" {
			c.unreadable(name)
		}
		if err != nil && !c.problem(name, g, err) {
			continue
		}
		if err := c.w.Write(g); err != nil {
			c.complain("%s: game %d: %s", name, n, err)
		}
	}
}

// unreadable records that the input name could not be read whole.
func (c *converter) unreadable(name string) {
	if c.unread == "" {
		c.unread = name
	}
}

// problem reports the error of game g and tells whether the game is to be
// written all the same: only when all its moves are legal and just its
// result disagrees with the rules. The report names the game by its
// number and, as far as its tags were read, its players and event.
func (c *converter) problem(name string, g ogn.Game, err error) bool {
	var re *ogn.ReplayError
	var pe *ogn.ParseError
	switch {
	case errors.As(err, &re) && re.Ply == 0:
		c.complain("%s: %s, line %d: %s; written with the result of the rules", name, gameRef(re.Game, g.Tags), re.Line, re.Reason())
		return true
	case errors.As(err, &re):
		c.complain("%s: %s, line %d: %s%s; left out", name, gameRef(re.Game, g.Tags), re.Line, plyPlace(re), re.Reason())
	case errors.As(err, &pe):
		c.complain("%s: %s, line %d, column %d: %s; left out", name, gameRef(pe.Game, pe.Tags), pe.Line, pe.Column, pe.Msg)
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
