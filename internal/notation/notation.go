// Package notation reads the board notations that the oware command, the
// oracle and game records accept wherever a position is asked for: the
// position string of package oware and the FEN of PlayStrategy.
package notation

import (
	"strings"

	"github.com/seed3966233f/oware"
)

// ParseBoard reads a board written as a position string, such as
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", or as a PlayStrategy FEN, such as
// "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1" (its move number is read
// and dropped). A text with a "/" is read as a FEN, any other as a
// position string; the error is that of oware.ParseFEN or
// oware.ParseBoard.
func ParseBoard(s string) (oware.Board, error) {
	if strings.Contains(s, "/") {
		b, _, err := oware.ParseFEN(s)
		return b, err
	}
	return oware.ParseBoard(s)
}
