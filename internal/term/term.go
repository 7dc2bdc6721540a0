// Package term is what the command knows of terminals: whether a stream
// is one, its width, how to rewrite a line in place and how to drop what
// was typed ahead.
package term

import (
	"io"
	"os"
)

// ClearLine returns to the start of the terminal's line and erases it.
const ClearLine = "\r\x1b[K"

// File returns the file behind w, through the writers that wrap one and
// say so with an Unwrap method (as package cli wraps the standard output),
// if it is a terminal (a character device); nil otherwise.
func File(w io.Writer) *os.File {
	for {
		switch v := w.(type) {
		case *os.File:
			st, err := v.Stat()
			if err != nil || st.Mode()&os.ModeCharDevice == 0 {
				return nil
			}
			return v
		case interface{ Unwrap() io.Writer }:
			w = v.Unwrap()
		default:
			return nil
		}
	}
}

// IsTerminal reports whether w is a terminal, as File finds it.
func IsTerminal(w io.Writer) bool { return File(w) != nil }

// Width returns the number of columns of the terminal w, or 0 when w is no
// terminal or its width is unknown.
func Width(w io.Writer) int {
	f := File(w)
	if f == nil {
		return 0
	}
	return terminalWidth(f)
}

// FlushInput discards what was typed on the terminal f and not yet read,
// as tcflush(fd, TCIFLUSH) does, and returns how many bytes of whole lines
// it held. Where it cannot, it discards nothing and returns 0.
func FlushInput(f *os.File) (int, error) { return flushInput(f) }

// FitLine cuts line to fit a terminal of width columns, leaving the last
// column free so that the cursor does not wrap to the next line, where
// erasing the line would leave the start of it behind. A width of 0 leaves
// line whole.
func FitLine(line string, width int) string {
	if width <= 1 {
		return line
	}
	if r := []rune(line); len(r) > width-1 {
		return string(r[:width-1])
	}
	return line
}
