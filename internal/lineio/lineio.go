// Package lineio reads lines of text of bounded length, for the
// command's prompts and the protocol of package uci: any line is read
// whole, but a line too long to keep is dropped, so that no input can grow
// the memory without bound.
package lineio

import (
	"bufio"
	"errors"
	"io"
	"strings"
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
