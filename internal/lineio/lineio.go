// Package lineio reads lines of text of bounded length, for the
// command's prompts and the protocol of package uci: any line is read
// whole, but a line too long to keep is dropped, so that no input can grow
// the memory without bound. It also makes what another program says safe
// to print or to record: [Printable] escapes what is not a printable
// character and bounds the length.
package lineio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReadLine reads a line, without its line break and surrounding space,
// and tells whether it was longer than limit bytes, line break included:
// such a line is read to its end and dropped, its text "". It returns
// io.EOF at the end of the input and other errors as they come; a last
// line without a line break is a line.
func ReadLine(r *bufio.Reader, limit int) (string, bool, error) {
	var line []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long && len(line)+len(chunk) <= limit {
			line = append(line, chunk...)
		} else {
			long, line = true, nil
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && (len(line) > 0 || long):
			err = nil
		case err != nil:
			return "", false, err
		}
		return strings.TrimSpace(string(line)), long, nil
	}
}

// Printable returns s made safe to show on a terminal or to write in a
// record, for text that another program gave: every character that is not
// printable (see strconv.IsPrint; the space is), such as an escape, a bell,
// a NUL or a right-to-left override, is written as an escape such as \x1b
// or \u202e, and so is every byte that is not UTF-8. The result is at most
// limit bytes long, cut after a whole character or escape, with "…" after
// the cut.
func Printable(s string, limit int) string { return printable(s, limit, false) }

// PrintableText is Printable for text of several lines, such as the end
// of a program's standard error: line breaks and tabs are kept.
func PrintableText(s string, limit int) string { return printable(s, limit, true) }

// printable is Printable, keeping line breaks and tabs when lines is set.
func printable(s string, limit int, lines bool) string {
	if len(s) <= limit && utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool {
		return !strconv.IsPrint(r) && !(lines && (r == '\n' || r == '\t'))
	}) < 0 {
		return s // printable already
	}
	b := make([]byte, 0, min(len(s), limit))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var piece string
		switch {
		case r == utf8.RuneError && size <= 1:
			piece = fmt.Sprintf(`\x%02x`, s[i])
		case strconv.IsPrint(r) || lines && (r == '\n' || r == '\t'):
			piece = s[i : i+size]
		case r < utf8.RuneSelf:
			piece = fmt.Sprintf(`\x%02x`, r)
		case r <= 0xffff:
			piece = fmt.Sprintf(`\u%04x`, r)
		default:
			piece = fmt.Sprintf(`\U%08x`, r)
		}
		if len(b)+len(piece) > limit {
			return string(b) + "…"
		}
		b = append(b, piece...)
		i += size
	}
	return string(b)
}
