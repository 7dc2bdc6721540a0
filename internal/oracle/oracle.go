// Package oracle implements the oracle protocol of the oware command: a
// line-oriented JSON protocol through which a program written in any
// language asks this library what a sequence of moves does, move by move,
// and compares the answers with its own rules implementation.
//
// # Requests
//
// A request is one JSON object on one line:
//
//	{"id": 7, "start": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "moves": ["F", "e"]}
//
// All fields are optional, and no other field is allowed (names are
// matched exactly, case included):
//
//   - "version": the protocol version the client speaks; if given it must
//     be 1.
//   - "id": any JSON value, echoed in the response (null if absent).
//   - "start": a position string (see oware.ParseBoard) or a PlayStrategy
//     FEN (see oware.ParseFEN), read by notation.ParseBoard; absent or null
//     means the opening position. It starts a fresh repetition history
//     (D4).
//   - "moves": the moves to play in order, as pit letters "A"–"F" (pits
//     0–5), "a"–"f" (pits 6–11) or pit numbers "0"–"11".
//   - "values": true asks for the value of the final position and of
//     each of its moves from the endgame tables (see [Value]); the oracle
//     must have been given tables (oware oracle -tablebase DIR).
//
// # Responses
//
// Every input line gets exactly one response line, in order, even a blank
// or malformed line. A response is one JSON object:
//
//   - "version": 1, the version of this protocol.
//   - "id": the request's id, or null when it has none or could not be read.
//   - "start": the start position in canonical form (or the start string as
//     given, when it is not a valid position).
//   - "legal", "outcome": the legal moves and the outcome at the start (see
//     Outcomes below).
//   - "plies": one object per move played (see [Ply]).
//   - "value": with "values": true, the value of the final position and
//     of its moves (see [Value]).
//   - "error": present only when the request failed (see [Error]). When a
//     move is illegal, "plies" still holds the moves before it.
//
// "legal", "outcome" and "plies" are present whenever the start position
// is valid. Moves are always written as pit letters.
//
// # Outcomes
//
// An outcome, at the start or after a move, is written exactly as
// oware.Outcome.MarshalJSON writes it: the library has one JSON form of an
// outcome, and the oracle uses it. Every field is present whether or not
// the game is over; "rule" and "winner" are null when there is none, and
// "tallies" are both 0 while the game goes on:
//
//	{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}
//	{"over":true,"reason":"majority","rule":"R8","winner":"North","draw":false,"tallies":{"South":19,"North":25}}
//	{"over":true,"reason":"no move","rule":"R9","winner":null,"draw":true,"tallies":{"South":24,"North":24}}
package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/notation"
	"github.com/seed3966233f/oware/tablebase"
)

// Version is the version of the protocol, sent in every response.
const Version = 1

// Limits of a request.
const (
	// MaxLine is the longest request line in bytes; a longer line is
	// answered with the error code "line_too_long".
	MaxLine = 1 << 20
	// MaxMoves is the most moves a request may hold; more are refused with
	// the error code "too_many_moves".
	MaxMoves = 10_000
)

// Error codes of an [Error].
const (
	CodeBadJSON      = "bad_json"       // the line is not one JSON object
	CodeUnknownField = "unknown_field"  // the object has a field the protocol does not define
	CodeBadField     = "bad_field"      // a field has the wrong JSON type
	CodeBadVersion   = "bad_version"    // "version" is not 1
	CodeLineTooLong  = "line_too_long"  // the line is longer than MaxLine
	CodeTooManyMoves = "too_many_moves" // more than MaxMoves moves
	CodeBadStart     = "bad_start"      // "start" is not a valid position string or FEN (syntax or D4)
	CodeBadRules     = "bad_rules"      // "rules" names no rule preset of package oware
	CodeBadMove      = "bad_move"       // a move is not a pit letter or number
	CodeNoSuchPit    = "no_such_pit"    // oware.ErrNoSuchPit
	CodeNotYourPit   = "not_your_pit"   // oware.ErrNotYourPit (R2)
	CodeEmptyPit     = "empty_pit"      // oware.ErrEmptyPit (R2)
	CodeMustFeed     = "must_feed"      // oware.ErrMustFeed (R7)
	CodeGameOver     = "game_over"      // oware.ErrGameOver (D5)
	CodeNoTable      = "no_table"       // "values": the tables do not hold the final position, or the oracle has none
)

// Request is a decoded request line.
type Request struct {
	Version int             `json:"version,omitempty"`
	ID      json.RawMessage `json:"id,omitempty"`
	Rules   *string         `json:"rules,omitempty"` // a preset of oware.ParseRules; absent or null, the oracle's own (abapa unless told)
	Start   *string         `json:"start,omitempty"`
	Moves   []string        `json:"moves,omitempty"`
	Values  bool            `json:"values,omitempty"` // ask for the value of the final position from the tables
}

// Response is a response line.
type Response struct {
	Version int             `json:"version"`
	ID      json.RawMessage `json:"id"`
	Rules   string          `json:"rules,omitempty"` // the rules the request named, as given
	Start   string          `json:"start,omitempty"`
	*Game
	Value *Value `json:"value,omitempty"`
	Error *Error `json:"error,omitempty"`
}

// Value is what the endgame tables tell of a request's final position
// (package tablebase): its value for the player to move, the seeds that
// player will capture from those on the board minus those the opponent
// will under perfect play, the board counting as its first occurrence and
// R8 not applied; and the same for each move, the seeds it captures minus
// the value after it. Lo and Hi bound the value, and are equal when it is
// exact (always under awari).
type Value struct {
	Lo    int               `json:"lo"`
	Hi    int               `json:"hi"`
	Moves map[string]Bounds `json:"moves"` // by pit letter
}

// Bounds are the bounds of a move's value.
type Bounds struct {
	Lo int `json:"lo"`
	Hi int `json:"hi"`
}

// Game is what a request's moves do: the legal moves and outcome at the
// start, then one Ply per move played.
type Game struct {
	Legal []string `json:"legal"`
	// Outcome is written with oware.Outcome.MarshalJSON, the library's one
	// JSON form of an outcome. It is a named field, not an embedded one:
	// embedding would promote that MarshalJSON to Game itself.
	Outcome oware.Outcome `json:"outcome"`
	Plies   []Ply         `json:"plies"`
}

// Ply tells what one move did, from oware.Position.Explain.
type Ply struct {
	Move     string    `json:"move"`     // the pit letter
	Position string    `json:"position"` // the position after the move
	Legal    []string  `json:"legal"`    // the legal moves after it, in pit order
	Sown     []int     `json:"sown"`     // the pit of each seed sown, in order (R3, R4)
	Captures []Capture `json:"captures"` // the captured pits, from the last backwards (R5)
	Captured int       `json:"captured"` // the seeds captured in all
	// GrandSlam reports a capture annulled because it would have taken
	// every seed of the opponent (R6); Annulled lists what it would have
	// taken.
	GrandSlam bool      `json:"grand_slam"`
	Annulled  []Capture `json:"annulled,omitempty"`
	Fed       bool      `json:"fed"` // the opponent's side was empty and the move fed it (R7)
	// Repetitions counts the occurrences of the position after the move
	// since the last capture, itself included (R10, D1, D2).
	Repetitions int `json:"repetitions"`
	// Outcome is the outcome after the move, in the JSON form of
	// oware.Outcome.MarshalJSON.
	Outcome oware.Outcome `json:"outcome"`
}

// Capture is one captured pit and the seeds taken from it.
type Capture struct {
	Pit   int `json:"pit"`
	Seeds int `json:"seeds"`
}

// Error says why a request failed. Ply and Move are set for an error in
// the moves: Ply is the 1-based number of the move in "moves" and Move the
// text given for it.
type Error struct {
	Code   string  `json:"code"`
	Reason string  `json:"reason"`
	Ply    int     `json:"ply,omitempty"`
	Move   *string `json:"move,omitempty"`
}

// Error returns the reason, after the ply and move when there are.
func (e *Error) Error() string {
	if e.Move != nil {
		return fmt.Sprintf("ply %d, move %q: %s", e.Ply, *e.Move, e.Reason)
	}
	return e.Reason
}

// fields are the names that a request may use.
var fields = map[string]bool{"version": true, "id": true, "rules": true, "start": true, "moves": true, "values": true}

// DecodeRequest reads one request line (without its line break). It
// accepts exactly one JSON object with the fields of [Request], and
// reports anything else as an *Error with the code CodeBadJSON,
// CodeUnknownField, CodeBadField, CodeBadVersion or CodeTooManyMoves.
func DecodeRequest(line []byte) (Request, error) {
	var req Request
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		return req, &Error{Code: CodeBadJSON, Reason: "empty line: want one JSON object"}
	}
	if trimmed[0] != '{' {
		return req, &Error{Code: CodeBadJSON, Reason: "not a JSON object"}
	}
	// Names first, matched exactly: encoding/json alone would accept "Moves".
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &raw); err != nil {
		return req, &Error{Code: CodeBadJSON, Reason: jsonReason(err)}
	}
	for name := range raw {
		if !fields[name] {
			return req, &Error{Code: CodeUnknownField, Reason: fmt.Sprintf("unknown field %q: want version, id, rules, start, moves, values", name)}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return Request{}, &Error{Code: CodeBadField, Reason: fmt.Sprintf("field %q: want %s, not JSON %s", typeErr.Field, typeName(typeErr.Field), typeErr.Value)}
		}
		return Request{}, &Error{Code: CodeBadJSON, Reason: jsonReason(err)}
	}
	if req.Version != 0 && req.Version != Version {
		return Request{}, &Error{Code: CodeBadVersion, Reason: fmt.Sprintf("version %d: this oracle speaks version %d", req.Version, Version)}
	}
	if v, ok := raw["version"]; ok && string(v) != "null" && req.Version == 0 {
		return Request{}, &Error{Code: CodeBadVersion, Reason: fmt.Sprintf("version 0: this oracle speaks version %d", Version)}
	}
	if len(req.Moves) > MaxMoves {
		return Request{}, &Error{Code: CodeTooManyMoves, Reason: fmt.Sprintf("%d moves: at most %d in one request", len(req.Moves), MaxMoves)}
	}
	return req, nil
}

// typeName tells the JSON type a request field takes.
func typeName(field string) string {
	switch {
	case field == "version":
		return "a number"
	case field == "start" || field == "rules":
		return "a string or null"
	case strings.HasPrefix(field, "moves"):
		return "an array of strings"
	case field == "values":
		return "true or false"
	}
	return "another type"
}

// jsonReason words a JSON syntax error without Go's package prefix.
func jsonReason(err error) string {
	return "malformed JSON: " + strings.TrimPrefix(err.Error(), "json: ")
}

// requestID returns the id of a line that is a JSON object but not a valid
// request, so that even an error response can be matched with its request.
func requestID(line []byte) json.RawMessage {
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &v) != nil {
		return nil
	}
	return v.ID
}

// Oracle answers requests under its Rules when a request names none: the
// zero Oracle under abapa. The functions Answer, Handle and Serve are
// those of the zero Oracle. Tables, when not nil, answer "values".
type Oracle struct {
	Rules  oware.Rules
	Tables *tablebase.Tables
}

// Answer is the zero Oracle's [Oracle.Answer].
func Answer(req Request) Response { return Oracle{}.Answer(req) }

// Handle is the zero Oracle's [Oracle.Handle].
func Handle(line []byte) Response { return Oracle{}.Handle(line) }

// Serve is the zero Oracle's [Oracle.Serve].
func Serve(r io.Reader, w io.Writer) error { return Oracle{}.Serve(r, w) }

// Answer plays the moves of req from its start, under the rules it names
// or o's, and tells what each did. It stops at the first move that is not
// a legal move and reports it in the response's Error, with the plies
// before it. It never fails otherwise.
func (o Oracle) Answer(req Request) Response {
	resp := Response{Version: Version, ID: req.ID}
	rules := o.Rules
	if req.Rules != nil {
		resp.Rules = *req.Rules
		var err error
		if rules, err = oware.ParseRules(*req.Rules); err != nil {
			resp.Error = &Error{Code: CodeBadRules, Reason: err.(*oware.ParseError).Msg}
			return resp
		}
	}
	p := rules.Start()
	if req.Start != nil {
		b, err := notation.ParseBoard(*req.Start)
		if err != nil {
			resp.Start = *req.Start
			resp.Error = &Error{Code: CodeBadStart, Reason: startReason(err)}
			return resp
		}
		p = rules.Position(b)
	}
	resp.Start = positionString(p)
	resp.Game = &Game{Legal: letters(p.Moves()), Outcome: p.Outcome(), Plies: []Ply{}}
	for i, text := range req.Moves {
		m, err := oware.ParseMove(text)
		if err != nil {
			resp.Error = &Error{Code: CodeBadMove, Reason: "not a pit letter A-F, a-f or number 0-11", Ply: i + 1, Move: &text}
			return resp
		}
		e, err := p.Explain(m)
		if err != nil {
			resp.Error = &Error{Code: moveCode(err), Reason: moveReason(err), Ply: i + 1, Move: &text}
			return resp
		}
		resp.Plies = append(resp.Plies, plyOf(e))
		p = e.After
	}
	if req.Values {
		resp.Value, resp.Error = o.value(p)
	}
	return resp
}

// value probes the tables for p and its moves.
func (o Oracle) value(p oware.Position) (*Value, *Error) {
	if o.Tables == nil {
		return nil, &Error{Code: CodeNoTable, Reason: "this oracle has no endgame tables (oware oracle -tablebase DIR)"}
	}
	v, err := o.Tables.Probe(p)
	if err != nil {
		return nil, &Error{Code: CodeNoTable, Reason: strings.TrimPrefix(err.Error(), "tablebase: ")}
	}
	moves, _ := o.Tables.ProbeMoves(p, nil)
	out := &Value{Lo: v.Lo(), Hi: v.Hi(), Moves: map[string]Bounds{}}
	for _, m := range moves {
		out.Moves[m.Move.String()] = Bounds{Lo: m.Value.Lo(), Hi: m.Value.Hi()}
	}
	return out, nil
}

// Handle answers one request line: it decodes it and answers it, or
// reports why it could not.
func (o Oracle) Handle(line []byte) Response {
	req, err := DecodeRequest(line)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) { // cannot happen: DecodeRequest returns *Error
			e = &Error{Code: CodeBadJSON, Reason: err.Error()}
		}
		return Response{Version: Version, ID: requestID(line), Error: e}
	}
	return o.Answer(req)
}

// Serve answers the request lines of r on w, one response line for every
// input line, in order, flushing each so that a client can converse with
// it through pipes. A line longer than MaxLine is answered with the code
// CodeLineTooLong and skipped. Serve returns when r ends, or on a read or
// write error.
func (o Oracle) Serve(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	for {
		line, n, tooLong, err := readLine(br)
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if n == 0 && errors.Is(err, io.EOF) {
			return nil // the end of the input, after the last line break
		}
		var resp Response
		if tooLong {
			resp = Response{Version: Version, Error: &Error{Code: CodeLineTooLong, Reason: fmt.Sprintf("line longer than %d bytes", MaxLine)}}
		} else {
			resp = o.Handle(line)
		}
		if werr := writeResponse(bw, resp); werr != nil {
			return werr
		}
		if err != nil {
			return nil // io.EOF after a last line without a line break
		}
	}
}

// readLine reads up to and without the next "\n" (and a "\r" before it);
// n counts the bytes read, line break included. A line longer than MaxLine
// is read to its end but not kept: tooLong is then true and line empty. At
// the end of the input it returns what is left with io.EOF.
func readLine(br *bufio.Reader) (line []byte, n int, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if !tooLong {
			if len(line)+len(chunk) > MaxLine+2 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !tooLong && len(line) > MaxLine {
			tooLong, line = true, nil
		}
		if tooLong && errors.Is(err, io.EOF) {
			err = nil // answer the long line; the next call sees the end
		}
		return line, n, tooLong, err
	}
}

// writeResponse writes resp as one line and flushes it.
func writeResponse(bw *bufio.Writer, resp Response) error {
	b, err := json.Marshal(resp)
	if err != nil { // cannot happen: every field marshals; keep the one-line promise anyway
		b, _ = json.Marshal(Response{Version: Version, Error: &Error{Code: CodeBadJSON, Reason: "cannot encode response: " + err.Error()}})
	}
	b = append(b, '\n')
	if _, err := bw.Write(b); err != nil {
		return err
	}
	return bw.Flush()
}

// moveCode returns the error code of an illegal move.
func moveCode(err error) string {
	switch {
	case errors.Is(err, oware.ErrNoSuchPit):
		return CodeNoSuchPit
	case errors.Is(err, oware.ErrNotYourPit):
		return CodeNotYourPit
	case errors.Is(err, oware.ErrEmptyPit):
		return CodeEmptyPit
	case errors.Is(err, oware.ErrMustFeed):
		return CodeMustFeed
	case errors.Is(err, oware.ErrGameOver):
		return CodeGameOver
	}
	return CodeBadMove
}

// moveReason returns the reason of an illegal move: the sentinel's
// message, such as "pit is empty".
func moveReason(err error) string {
	var me *oware.MoveError
	if errors.As(err, &me) && me.Err != nil {
		err = me.Err
	}
	return err.Error()
}

// startReason returns the reason of a bad start: where in the text and
// what is wrong there, such as "byte 0: total is 49: seeds do not add up
// to 48".
func startReason(err error) string {
	var pe *oware.ParseError
	if errors.As(err, &pe) {
		return "byte " + strconv.Itoa(pe.Offset) + ": " + pe.Msg
	}
	return err.Error()
}

// plyOf converts the effect of a move.
func plyOf(e oware.Effect) Ply {
	sown := e.Sown
	if sown == nil {
		sown = []int{}
	}
	return Ply{
		Move:        e.Move.String(),
		Position:    positionString(e.After),
		Legal:       letters(e.After.Moves()),
		Sown:        sown,
		Captures:    captures(e.Captures),
		Captured:    e.Captured(),
		GrandSlam:   e.GrandSlam,
		Annulled:    nonEmpty(captures(e.Annulled)),
		Fed:         e.Fed,
		Repetitions: e.After.Repetitions(),
		Outcome:     e.Outcome,
	}
}

// captures converts captured pits; it is never nil.
func captures(cs []oware.Capture) []Capture {
	out := make([]Capture, 0, len(cs))
	for _, c := range cs {
		out = append(out, Capture{Pit: c.Pit, Seeds: c.Seeds})
	}
	return out
}

// nonEmpty returns nil for an empty list, so that omitempty drops it.
func nonEmpty(cs []Capture) []Capture {
	if len(cs) == 0 {
		return nil
	}
	return cs
}

// letters returns the moves of s as pit letters; it is never nil.
func letters(s oware.MoveSet) []string {
	out := make([]string, 0, s.Len())
	for m := range s.All() {
		out = append(out, m.String())
	}
	return out
}

// positionString returns the canonical position string of p's board.
func positionString(p oware.Position) string { return p.Board().String() }
