// Package wire holds the JSON forms of the oracle protocol of the oware
// command: what a move did (a ply), an outcome, a set of moves and a
// captured pit, as the oracle (internal/oracle) writes them, the checker
// (internal/check) compares them, the conformance vectors
// (internal/conformance) store them and the command's -json output shows
// them. Package oware states the rules and their own text forms only; a
// change of the protocol changes this package, not the rules.
//
// The forms, in the order in which their fields are written:
//
//	ply      {"move":"F","position":"4-4-4-4-4-0-5-6-0-0-4-4-7-2-N","legal":["a","b","e","f"],
//	          "sown":[6,7,8,9],"captures":[{"pit":9,"seeds":2},{"pit":8,"seeds":3}],"captured":5,
//	          "grand_slam":false,"fed":false,"repetitions":1,"outcome":{…}}
//	outcome  {"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,
//	          "tallies":{"South":26,"North":22}}
//	moves    ["A","C","F"]
//	capture  {"pit":9,"seeds":2}
//
// A ply has "annulled" (the pits an annulled grand slam would have taken,
// R6) after "grand_slam" only when it is true. An outcome has every field
// whether or not the game is over: "rule" and "winner" are null when there
// is none, and both tallies are 0 while the game goes on; after an even
// split of an odd seed the tallies end in ".5".
//
// Decoding is strict: an outcome must have every field, each as the
// encoder writes it for that outcome, and no other; a set of moves names
// each move once. What cannot be decoded exactly, a ply, whose JSON lacks
// the history and rules of the position after it, is refused.
package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/seed3966233f/oware"
)

// ErrSyntax is wrapped by the errors of the decoders: the JSON is not the
// form the protocol writes. A [*DecodeError] says what and where.
var ErrSyntax = errors.New("syntax error")

// DecodeError reports JSON that a decoder of this package could not read.
type DecodeError struct {
	What   string // what was decoded: "outcome", "moves" or "ply"
	Input  string // the JSON given
	Offset int    // the byte offset of a JSON syntax error; 0 for other problems
	Msg    string // what is wrong
	Err    error  // ErrSyntax, errors.ErrUnsupported (a ply), or the error of package oware that refused a part
}

// maxQuoted is how much of the input a DecodeError's message shows.
const maxQuoted = 64

// Error returns a message such as `wire: outcome {"reason":"…": field
// "rule" is missing`.
func (e *DecodeError) Error() string {
	input := e.Input
	if len(input) > maxQuoted {
		input = input[:maxQuoted] + "…"
	}
	s := "wire: " + e.What + " " + input + ": "
	if e.Offset > 0 {
		s += "byte " + strconv.Itoa(e.Offset) + ": "
	}
	return s + e.Msg
}

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// isNull reports whether data is the JSON null.
func isNull(data []byte) bool { return string(bytes.TrimSpace(data)) == "null" }

// AppendMoves appends s as a JSON array of pit letters in pit order, such
// as ["A","C","F"].
func AppendMoves(b []byte, s oware.MoveSet) []byte {
	b = append(b, '[')
	for m := range s.All() {
		if b[len(b)-1] != '[' {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, m.String()...)
		b = append(b, '"')
	}
	return append(b, ']')
}

// MoveSet is an [oware.MoveSet] with the protocol's JSON form: an array
// of pit letters.
type MoveSet struct{ oware.MoveSet }

// MarshalJSON writes s as [AppendMoves] does.
func (s MoveSet) MarshalJSON() ([]byte, error) { return AppendMoves(nil, s.MoveSet), nil }

// UnmarshalJSON reads an array of moves, each a JSON string that
// [oware.ParseMove] reads, in any order, each move at most once. Anything
// else, such as a null element, a move named twice or a string in place
// of the array, is a [*DecodeError]. JSON null leaves s unchanged. On an
// error s is unchanged.
func (s *MoveSet) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	fail := func(msg string, err error) error {
		return &DecodeError{What: "moves", Input: string(data), Msg: msg, Err: err}
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(data, &elems); err != nil || elems == nil {
		return fail("not a JSON array of pit letters", ErrSyntax)
	}
	var set oware.MoveSet
	for _, raw := range elems {
		var text string
		if raw[0] != '"' || json.Unmarshal(raw, &text) != nil {
			return fail("element "+string(raw)+" is not a pit letter in a JSON string", ErrSyntax)
		}
		m, err := oware.ParseMove(text)
		if err != nil {
			return fail("element "+string(raw)+" is not a pit letter A-F, a-f or number 0-11", err)
		}
		if set.Contains(m) {
			return fail("move "+m.String()+" is named twice", ErrSyntax)
		}
		set |= 1 << m
	}
	s.MoveSet = set
	return nil
}

// Capture is one captured pit and the seeds taken from it (R5), as the
// protocol writes it: {"pit":9,"seeds":2}.
type Capture struct {
	Pit   int `json:"pit"`
	Seeds int `json:"seeds"`
}

// appendCapture appends c as a Capture object, after a comma unless it
// is the first of its array.
func appendCapture(b []byte, c oware.Capture) []byte {
	if b[len(b)-1] != '[' {
		b = append(b, ',')
	}
	b = append(b, `{"pit":`...)
	b = strconv.AppendInt(b, int64(c.Pit), 10)
	b = append(b, `,"seeds":`...)
	b = strconv.AppendInt(b, int64(c.Seeds), 10)
	return append(b, '}')
}

// AppendEffect appends the ply that e explains, the protocol's one JSON
// form of what a move did: "move" (the pit letter), "position" (the board
// after the move, see [oware.Board.String]), "legal" (the legal moves
// after it), "sown" (the pits sown, in order), "captures" (from the pit of
// the last seed backwards), "captured" (the seeds captured), "grand_slam",
// "annulled" (what an annulled grand slam would have taken; present only
// after one), "fed", "repetitions" (see [oware.Position.Repetitions]) and
// "outcome" (see [AppendOutcome]). The zero Effect is null.
func AppendEffect(b []byte, e oware.Effect) []byte {
	after := e.After()
	if !after.Valid() {
		return append(b, "null"...)
	}
	b = append(b, `{"move":"`...)
	b = append(b, e.Move().String()...)
	b = append(b, `","position":"`...)
	b, _ = after.Board().AppendText(b) // it never fails
	b = append(b, `","legal":`...)
	b = AppendMoves(b, after.Moves())
	b = append(b, `,"sown":[`...)
	for pit := range e.Sown() {
		if b[len(b)-1] != '[' {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(pit), 10)
	}
	b = append(b, `],"captures":[`...)
	for c := range e.Captures() { // ranged here, the iterator allocates nothing
		b = appendCapture(b, c)
	}
	b = append(b, ']')
	b = append(b, `,"captured":`...)
	b = strconv.AppendInt(b, int64(e.Captured()), 10)
	b = append(b, `,"grand_slam":`...)
	b = strconv.AppendBool(b, e.GrandSlam())
	if e.GrandSlam() {
		b = append(b, `,"annulled":[`...)
		for c := range e.Annulled() {
			b = appendCapture(b, c)
		}
		b = append(b, ']')
	}
	b = append(b, `,"fed":`...)
	b = strconv.AppendBool(b, e.Fed())
	b = append(b, `,"repetitions":`...)
	b = strconv.AppendInt(b, int64(after.Repetitions()), 10)
	b = append(b, `,"outcome":`...)
	b = AppendOutcome(b, after.Outcome())
	return append(b, '}')
}

// Effect is an [oware.Effect] with the protocol's JSON form, a ply.
type Effect struct{ oware.Effect }

// MarshalJSON writes e as [AppendEffect] does.
func (e Effect) MarshalJSON() ([]byte, error) {
	return AppendEffect(make([]byte, 0, 384), e.Effect), nil
}

// UnmarshalJSON refuses: an Effect is made by [oware.Position.Explain],
// and a ply reports what a move did without the history and rules that
// the position after it carries, so no JSON decodes into an Effect
// exactly. Decode the position before the move and explain the move
// again. JSON null leaves e unchanged; any other value is a
// [*DecodeError] wrapping [errors.ErrUnsupported], and e is unchanged.
func (e *Effect) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	return &DecodeError{What: "ply", Input: string(data), Msg: "an Effect is made by Position.Explain; decode the position before the move and explain it", Err: errors.ErrUnsupported}
}

// AppendString appends s as a JSON string, escaped exactly as
// encoding/json escapes it (HTML characters included), so that lines
// written by hand and by encoding/json agree byte for byte.
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
