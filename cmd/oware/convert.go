package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/outfile"
	"github.com/seed3966233f/oware/ogn"
)

var convertCommand = &cli.Command{
	Name:  "convert",
	Usage: []string{`[-from F] [-to F] [-rules NAME] [-o FILE] FILE... ("-" for stdin)`},
	Short: "convert game records between OGN, PlayStrategy and OpenSpiel",
	Long: `
Convert converts records between OGN (ogn), PlayStrategy's export
(playstrategy) and OpenSpiel move lists (openspiel), one game at a time,
to the standard output or to the file of -o. Every game is replayed under
the rules (its Variant tag's, or those of -rules): one that cannot be read
or played is reported and left out; one whose recorded result the rules
do not give is reported and written with the result of the rules. The
status is 1 if any game was reported.

The file of -o may not be one of the inputs, however named. It is written
whole or not at all: when an input cannot be read whole, or the file
cannot be written, an existing file is left as it was.

	$ oware convert -to openspiel ogn/testdata/majority.ogn
	5 5 4 0 5 5 1 1 5 2 3 5 5 3 5 2 2 2 4 3 5 1 3 4 5 3 4 4 5 5 3 2 4 3 5 0 0 2 5 4 4 1 5 0 3 2 5 3 4 4 5`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		from := formatFlag(fs, "from", "the `format` read")
		to := formatFlag(fs, "to", "the `format` written")
		output := fs.String("o", "", "write to `FILE` instead of the standard output, whole or not at all")
		rules := recordRulesFlag(fs, "read")
		return func(ctx context.Context, s cli.Streams, files []string) error {
			if len(files) == 0 {
				return cli.Usagef("want one FILE or more, or - for stdin")
			}
			if *output != "" {
				for _, name := range files {
					if name == "-" && isFile(s.Stdin, *output) || name != "-" && sameFile(name, *output) {
						return cli.Usagef("-o %s is the input %s: write the output to another file", *output, name)
					}
				}
			}
			return convert(ctx, s, files, *from, *to, *rules, *output)
		}
	},
}

// convert converts the games of files, read in format from, to format to,
// under rules (nil for each game's own), to the file output or to the
// standard output for "". The first failure to write ends it. A run that
// converts no game leaves the file of output as it was, or makes none.
func convert(ctx context.Context, s cli.Streams, files []string, from, to ogn.Format, rules *oware.Rules, output string) error {
	c := converter{from: from, rules: rules, stderr: s.Stderr}
	write := func(w io.Writer) error {
		buf := bufio.NewWriterSize(w, 64<<10)
		c.w, c.flush = ogn.NewWriter(buf), buf.Flush
		c.w.Format = to
		for _, name := range files {
			if err := c.file(name, s.Stdin); err != nil {
				return err
			}
		}
		if err := buf.Flush(); err != nil {
			return err
		}
		switch {
		case c.unread != "":
			return errUnread
		case c.written == 0 && output != "":
			return errNothing
		}
		return nil
	}
	var err error
	if output == "" {
		err = write(s.Stdout)
	} else {
		err = outfile.Write(ctx, output, write)
	}
	switch {
	case errors.Is(err, errUnread) && output != "":
		return fmt.Errorf("%s was not written, since %s could not be read whole", output, c.unread)
	case errors.Is(err, errNothing):
		return fmt.Errorf("no game was converted, so %s was not written", output)
	case errors.Is(err, errUnread):
	case err != nil:
		return err
	}
	if c.reported {
		return cli.ErrReported
	}
	return nil
}

// errUnread stops a conversion whose input could not be read whole.
var errUnread = errors.New("an input could not be read")

// errNothing stops a conversion to a file that converted no game.
var errNothing = errors.New("no game converted")

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
	written  int    // the games written
}

// file converts the games of one file, "-" for stdin. It returns the
// error of writing the output, which ends the conversion; what is wrong
// with the file or a game is reported, and the next goes on.
func (c *converter) file(name string, stdin io.Reader) error {
	in := stdin
	if name != "-" {
		f, err := openInput(name)
		if err != nil {
			c.complain("%s", err)
			c.unreadable(name)
			return nil
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
			return nil
		}
		if err != nil && reasonOf(err) == "read error" {
			c.unreadable(name)
		}
		if err != nil && !c.problem(name, g, err) {
			continue
		}
		var we *ogn.WriteError
		switch err := c.w.Write(g); {
		case errors.As(err, &we):
			c.complain("%s: game %d: %s", name, n, err)
		case err != nil:
			return err
		default:
			c.written++
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

// sameFile reports whether the files a and b are one file, however they
// are named (links, "..", another spelling of the path); false when
// either does not exist.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
