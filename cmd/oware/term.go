package main

import (
	"io"
	"os"
)

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// widthOf returns the number of columns of the terminal w, or 0 when w is
// no terminal or its width is unknown.
func widthOf(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	return terminalWidth(f)
}

// fitLine cuts line to fit a terminal of width columns, leaving the last
// column free so that the cursor does not wrap to the next line, where
// erasing the line would leave the start of it behind. A width of 0 leaves
// line whole.
func fitLine(line string, width int) string {
	if width <= 1 {
		return line
	}
	if r := []rune(line); len(r) > width-1 {
		return string(r[:width-1])
	}
	return line
}
