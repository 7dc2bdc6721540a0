package ogn

import (
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// PlayStrategy's FEN, and the board notations that records, the oware
// command and its oracle accept wherever a position is asked for.
//
// The FEN of PlayStrategy (playstrategy.org) writes the board as the two
// rows seen from South: North's row from pit 11 down to pit 6, a "/", then
// South's row from pit 0 up to pit 5. Each row is a list of tokens joined by
// ",": a pit holding seeds is its count followed by "S", and a run of empty
// pits is a single digit, their number. Space-separated fields follow:
// South's score, North's score, the side to move and the move number.

// fenRows lists the pits of each row in the order a FEN writes them.
var fenRows = [2][oware.PitsPerSide]int{{11, 10, 9, 8, 7, 6}, {0, 1, 2, 3, 4, 5}}

// fenRowNames names the rows in the order a FEN writes them.
var fenRowNames = [2]string{"North's row", "South's row"}

// maxMoveNumber is the largest FEN move number: PlayStrategy reads and
// writes at most four digits.
const maxMoveNumber = 9999

// AppendFEN appends the PlayStrategy FEN of b with the given move number
// and returns the extended slice. The opening, move 1, is
//
//	4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1
//
// North's row comes first, from pit 11 down to pit 6, then "/" and South's
// row from pit 0 up to pit 5: the board as South sees it. Within a row the
// tokens are joined by ",": a pit with n seeds is written "nS", and every
// maximal run of empty pits is written as one digit, its length, so that
// pits 9 to 6 holding 3, 0, 0, 5 give "3S,2,5S". Then come, separated by
// spaces, South's score, North's score, the side to move ("S" or "N") and
// the move number. As in PlayStrategy and in chess, the move number starts
// at 1 and grows by one after each of North's moves; the caller keeps it.
//
// AppendFEN returns dst unchanged and an [*oware.RangeError] wrapping
// oware.ErrRange unless 1 <= moveNumber <= 9999; for the zero Board it
// appends nothing and returns no error. It does not allocate when dst has
// room.
func AppendFEN(dst []byte, b oware.Board, moveNumber int) ([]byte, error) {
	if moveNumber < 1 || moveNumber > maxMoveNumber {
		return dst, &oware.RangeError{Type: "FEN move number", Value: moveNumber}
	}
	if !b.Valid() {
		return dst, nil
	}
	for row, pits := range fenRows {
		if row == 1 {
			dst = append(dst, '/')
		}
		dst = appendFENRow(dst, b, pits)
	}
	for pl := oware.South; pl <= oware.North; pl++ {
		dst = append(dst, ' ')
		dst = strconv.AppendUint(dst, uint64(b.Score(pl)), 10)
	}
	dst = append(dst, ' ', "SN"[b.ToMove()&1], ' ')
	return strconv.AppendInt(dst, int64(moveNumber), 10), nil
}

// appendFENRow appends the tokens of one row of b to a FEN.
func appendFENRow(dst []byte, b oware.Board, pits [oware.PitsPerSide]int) []byte {
	tokens, run := 0, 0
	token := func() {
		if tokens > 0 {
			dst = append(dst, ',')
		}
		tokens++
	}
	for i, pit := range pits {
		c := b.Pit(pit)
		if c == 0 {
			run++
		}
		if run > 0 && (c != 0 || i == len(pits)-1) {
			token()
			dst, run = append(dst, byte('0'+run)), 0
		}
		if c != 0 {
			token()
			dst = strconv.AppendUint(dst, uint64(c), 10)
			dst = append(dst, 'S')
		}
	}
	return dst
}

// ParseFEN reads a PlayStrategy FEN, as written by [AppendFEN], and
// returns the board and the move number. The board must be valid (D4);
// [oware.PositionFrom] makes it a position with a fresh history.
//
// ParseFEN accepts the form that AppendFEN writes, and two variants found
// in PlayStrategy's own data: the seed letter may be a lowercase "s", and the
// move number may be left out, in which case it is 1. Anything else is
// refused: fields must be separated by exactly one space, each row must
// describe exactly six pits, seed counts are 1 to 48 and scores 0 to 48,
// written without sign or leading zero, an empty pit is written only as
// part of a run, two runs may not follow each other (write "4", not
// "2,2"), and the move number is 1 to 9999.
//
// Errors are [*oware.ParseError] values that wrap oware.ErrSyntax, or the
// [*oware.BoardError] of an invalid board, such as one whose seeds do
// not add up to 48.
func ParseFEN(s string) (oware.Board, int, error) {
	r := fenReader{s: s}
	for row := range fenRows {
		r.row(row)
	}
	for pl := oware.South; pl <= oware.North; pl++ {
		r.score(pl)
	}
	side := r.side()
	move := r.moveNumber()
	if r.err != nil {
		return oware.Board{}, 0, r.err
	}
	b, err := oware.NewBoard(r.pits, r.scores, side)
	if err != nil {
		return oware.Board{}, 0, &oware.ParseError{What: "FEN", Input: s, Msg: strings.TrimPrefix(err.Error(), "oware: "), Err: err}
	}
	return b, move, nil
}

// fenReader reads a FEN field by field. After the first error every step
// does nothing and err holds that error.
type fenReader struct {
	s      string
	at     int
	pits   [oware.NumPits]int
	scores [2]int
	err    error
}

// fail records the first error: msg at byte at.
func (r *fenReader) fail(at int, msg string) {
	if r.err == nil {
		r.err = &oware.ParseError{What: "FEN", Input: r.s, Offset: at, Msg: msg, Err: oware.ErrSyntax}
	}
}

// token returns the text from r.at up to the next byte of stops, or the
// end, and moves r.at there.
func (r *fenReader) token(stops string) string {
	start := r.at
	for r.at < len(r.s) && strings.IndexByte(stops, r.s[r.at]) < 0 {
		r.at++
	}
	return r.s[start:r.at]
}

// row reads row number row (0 North's, 1 South's) and the separator after
// it.
func (r *fenReader) row(row int) {
	if r.err != nil {
		return
	}
	name := fenRowNames[row]
	n, afterRun := 0, false // pits read in this row; whether the last token was a run
	for r.err == nil {
		at := r.at
		tok := r.token(",/ ")
		switch {
		case tok == "":
			r.fail(at, name+": a seed count or a run of empty pits is missing")
		case tok[len(tok)-1] == 'S' || tok[len(tok)-1] == 's':
			c, ok := parseCount(tok[:len(tok)-1])
			switch {
			case !ok || c == 0:
				r.fail(at, name+": seed count is not a number from 1 to 48")
			case n == oware.PitsPerSide:
				r.fail(at, name+" has more than 6 pits")
			default:
				r.pits[fenRows[row][n]] = c
				n, afterRun = n+1, false
			}
		case len(tok) == 1 && tok[0] >= '1' && tok[0] <= '6':
			n += int(tok[0] - '0')
			switch {
			case afterRun:
				r.fail(at, name+": two runs of empty pits follow each other; write them as one")
			case n > oware.PitsPerSide:
				r.fail(at, name+" has more than 6 pits")
			}
			afterRun = true
		default:
			r.fail(at, name+": not a seed count such as 4S nor a run of empty pits from 1 to 6")
		}
		if r.err != nil || r.at == len(r.s) || r.s[r.at] != ',' {
			break
		}
		r.at++
	}
	if n < oware.PitsPerSide {
		r.fail(r.at, name+" has only "+strconv.Itoa(n)+" of its 6 pits")
	}
	if sep := " /"[1-row]; r.at == len(r.s) || r.s[r.at] != sep {
		r.fail(r.at, "want "+strconv.Quote(string(sep))+" after "+name)
	}
	r.at++
}

// score reads pl's score and the space after it.
func (r *fenReader) score(pl oware.Player) {
	if r.err != nil {
		return
	}
	at := r.at
	f := r.token(" ")
	c, ok := parseCount(f)
	switch {
	case f == "":
		r.fail(at, pl.String()+"'s score is missing")
	case !ok:
		r.fail(at, pl.String()+"'s score is not a number from 0 to 48")
	case r.at == len(r.s):
		r.fail(r.at, "too few fields: want the two scores, the side to move and the move number")
	}
	r.scores[pl] = c
	r.at++
}

// side reads the side to move.
func (r *fenReader) side() oware.Player {
	if r.err != nil {
		return 0
	}
	at := r.at
	var side oware.Player
	if tok := r.token(" "); len(tok) != 1 || side.UnmarshalText([]byte(tok)) != nil {
		r.fail(at, "side to move is not S or N")
	}
	return side
}

// moveNumber reads the move number, if any, up to the end of the text.
func (r *fenReader) moveNumber() int {
	if r.err != nil || r.at == len(r.s) {
		return 1
	}
	r.at++
	at := r.at
	f := r.token(" ")
	n, err := strconv.Atoi(f)
	switch {
	case f == "":
		r.fail(at, "move number is missing")
	case err != nil || f[0] == '0' || f[0] == '+' || n < 1 || n > maxMoveNumber:
		r.fail(at, "move number is not a number from 1 to 9999")
	case r.at < len(r.s):
		r.fail(r.at, "unexpected text after the move number")
	}
	return n
}

// parseCount reads a seed count: a decimal number from 0 to 48, without
// sign or leading zero.
func parseCount(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= oware.NumSeeds && s == strconv.Itoa(n)
}

// ParseBoardOrFEN reads a board written as a position string, such as
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S" (see [oware.ParseBoard]), or as a
// PlayStrategy FEN, such as "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1"
// (see [ParseFEN]; its move number is read and dropped): a text with a "/"
// is read as a FEN, any other as a position string. The error is that of
// oware.ParseBoard or ParseFEN.
func ParseBoardOrFEN(s string) (oware.Board, error) {
	if strings.Contains(s, "/") {
		b, _, err := ParseFEN(s)
		return b, err
	}
	return oware.ParseBoard(s)
}
