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
// All fields are optional, and no other field is allowed: names are
// matched exactly, case included, and a name may not be repeated. The
// line must be valid UTF-8; a byte-order mark at its start is skipped.
//
//   - "version": the protocol version the client speaks; if given it must
//     be a JSON number equal to 1 (1, 1.0 and 1e0 alike).
//   - "id": any JSON value, echoed in the response (null if absent); a
//     request that fails has its id echoed too, when its line is a JSON
//     object that gives "id" once. An id that some JSON parsers refuse is
//     refused (code "bad_id") and not echoed: a number beyond the range of
//     a float64, such as 1e999, or a string with a lone surrogate escape,
//     such as "\ud800".
//   - "rules": the name of a rule preset (see oware.ParseRules); absent or
//     null means the oracle's own rules, abapa unless it is told others.
//   - "start": a position string (see oware.ParseBoard) or a PlayStrategy
//     FEN (see ogn.ParseFEN), read by ogn.ParseBoardOrFEN; absent or null
//     means the opening position. It starts a fresh repetition history
//     (D4).
//   - "moves": the moves to play in order, as pit letters "A"–"F" (pits
//     0–5), "a"–"f" (pits 6–11) or pit numbers "0"–"11".
//   - "values": true asks for the value of the final position and of
//     each of its moves from the endgame tables (see [Value]); the oracle
//     must have been given tables (oware oracle -tablebase DIR). An
//     oracle that may solve (Oracle.SolveNodes) gives them with the
//     position's history since the last capture (package solve).
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
//   - "plies": one object per move played, the ply of package
//     internal/wire (see [Game]).
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
// An outcome, at the start or after a move, is written exactly as package
// internal/wire writes it: the protocol has one JSON form of an outcome,
// shared by the oracle, the checker and the conformance vectors. Every field is present whether or not
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
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/solve"
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
	CodeBadJSON        = "bad_json"        // the line is not one JSON object
	CodeUnknownField   = "unknown_field"   // the object has a field the protocol does not define (names match exactly, case included)
	CodeDuplicateField = "duplicate_field" // the object gives a field twice
	CodeBadField       = "bad_field"       // a field has the wrong JSON type
	CodeBadVersion     = "bad_version"     // "version" is not 1
	CodeBadID          = "bad_id"          // "id" holds a number beyond a float64 or a string with a lone surrogate escape: some JSON parsers refuse them, so it is not echoed
	CodeLineTooLong    = "line_too_long"   // the line is longer than MaxLine
	CodeTooManyMoves   = "too_many_moves"  // more than MaxMoves moves
	CodeBadStart       = "bad_start"       // "start" is not a valid position string or FEN (syntax or D4)
	CodeBadRules       = "bad_rules"       // "rules" names no rule preset of package oware
	CodeBadMove        = "bad_move"        // a move is not a pit letter or number
	CodeNoSuchPit      = "no_such_pit"     // oware.ErrNoSuchPit
	CodeNotYourPit     = "not_your_pit"    // oware.ErrNotYourPit (R2)
	CodeEmptyPit       = "empty_pit"       // oware.ErrEmptyPit (R2)
	CodeMustFeed       = "must_feed"       // oware.ErrMustFeed (R7)
	CodeGrandSlam      = "grand_slam"      // oware.ErrGrandSlam (awari's forbidden grand slam)
	CodeGameOver       = "game_over"       // oware.ErrGameOver (D5)
	CodeNoTable        = "no_table"        // "values": the tables do not hold the final position, or the oracle has none
)

// ErrorKind is what one of the library's errors means, for every program
// of this module that tells it: its Go name, as the hand-built rule cases
// write it, its code in this protocol and a short phrase for people. The
// rule behind it is the library's own answer (see [ErrorKind.Rule]).
type ErrorKind struct {
	Err  error  // the library's sentinel
	Name string // its Go name, such as "ErrEmptyPit"
	Code string // the protocol's error code
	Text string // a short phrase, such as "empty pit"
}

// Rule returns the rule or decision that refuses with k's error, as
// package oware answers it ((*oware.MoveError).Rule and
// (*oware.BoardError).Rule), such as "R2"; "" for none.
func (k ErrorKind) Rule() string {
	if k.Code == CodeBadStart {
		return (&oware.BoardError{Err: k.Err}).Rule()
	}
	return (&oware.MoveError{Err: k.Err}).Rule()
}

// Errors are the library's errors that refuse a move, then those that
// refuse a start position (D4), in the order in which a summary lists
// them. It is the one table of what they mean: the oracle's codes, the
// command's words and the tests' names all come from it.
var Errors = []ErrorKind{
	{oware.ErrNotYourPit, "ErrNotYourPit", CodeNotYourPit, "not the mover's pit"},
	{oware.ErrEmptyPit, "ErrEmptyPit", CodeEmptyPit, "empty pit"},
	{oware.ErrMustFeed, "ErrMustFeed", CodeMustFeed, "does not feed"},
	{oware.ErrGrandSlam, "ErrGrandSlam", CodeGrandSlam, "forbidden grand slam"},
	{oware.ErrGameOver, "ErrGameOver", CodeGameOver, "move after the end"},
	{oware.ErrNoSuchPit, "ErrNoSuchPit", CodeNoSuchPit, "no such pit"},
	{oware.ErrNegativeCount, "ErrNegativeCount", CodeBadStart, "negative count"},
	{oware.ErrSeedTotal, "ErrSeedTotal", CodeBadStart, "seeds do not add up to 48"},
	{oware.ErrNoSuchPlayer, "ErrNoSuchPlayer", CodeBadStart, "no such player"},
}

// ErrorOf returns the entry of Errors whose sentinel err wraps.
func ErrorOf(err error) (ErrorKind, bool) {
	for _, k := range Errors {
		if errors.Is(err, k.Err) {
			return k, true
		}
	}
	return ErrorKind{}, false
}

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
// exact (always under awari). When History is true the values are those
// of the position with its history since the last capture (package
// solve, R10), exact where proven and proven bounds otherwise.
type Value struct {
	Lo      int               `json:"lo"`
	Hi      int               `json:"hi"`
	Moves   map[string]Bounds `json:"moves"`             // by pit letter
	History bool              `json:"history,omitempty"` // the values count the history (package solve)
}

// Bounds are the bounds of a move's value.
type Bounds struct {
	Lo int `json:"lo"`
	Hi int `json:"hi"`
}

// Game is what a request's moves do: the legal moves and outcome at the
// start, then one ply per move played. Its JSON form, and that of the
// moves, outcomes and plies in it, are those of package internal/wire,
// the protocol's one form of each.
type Game struct {
	Legal   oware.MoveSet
	Outcome oware.Outcome
	Plies   []oware.Effect
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

// fields are the names that a request may use, in the order in which
// their values are checked.
var fields = [...]string{"version", "id", "rules", "start", "moves", "values"}

// bom is the UTF-8 byte-order mark, which a line may begin with.
const bom = "\xef\xbb\xbf"

// DecodeRequest reads one request line (without its line break). It
// accepts exactly one JSON object with the fields of [Request], and
// reports anything else as an *Error with the code CodeBadJSON,
// CodeUnknownField, CodeDuplicateField, CodeBadField, CodeBadVersion or
// CodeTooManyMoves.
//
// It is stricter than encoding/json, which matches names without regard
// to case and keeps the last of repeated names: a name must be one of the
// protocol's exactly, a name may not be repeated, and the line must be
// valid UTF-8. A byte-order mark at the start of the line is skipped.
// "version" may be any JSON number equal to 1, such as 1.0 or 1e0.
func DecodeRequest(line []byte) (Request, error) {
	req, _, err := decode(line)
	if err != nil {
		return Request{}, err
	}
	return req, nil
}

// decode decodes a request line. On an error it also returns the id of
// the request when the line is an object that gives one exactly once, so
// that even an error response can be matched with its request.
func decode(line []byte) (Request, json.RawMessage, *Error) {
	values, err := members(line)
	id := values[1]
	if msg := idProblem(id); msg != "" {
		id = nil // echoed, it would make a line that some parsers refuse
		if err == nil {
			err = &Error{Code: CodeBadID, Reason: msg}
		}
	}
	if err != nil {
		return Request{}, id, err
	}
	req := Request{ID: id}
	if err := decodeVersion(values[0]); err != nil {
		return Request{}, id, err
	}
	if req.Rules, err = stringOrNull("rules", values[2]); err != nil {
		return Request{}, id, err
	}
	if req.Start, err = stringOrNull("start", values[3]); err != nil {
		return Request{}, id, err
	}
	if req.Moves, err = decodeMoves(values[4]); err != nil {
		return Request{}, id, err
	}
	switch v := string(values[5]); v {
	case "", "null", "false":
	case "true":
		req.Values = true
	default:
		return Request{}, id, &Error{Code: CodeBadField, Reason: fmt.Sprintf("field \"values\": want true or false, not JSON %s", jsonType(values[5]))}
	}
	if values[0] != nil && string(values[0]) != "null" {
		req.Version = Version
	}
	return req, id, nil
}

// members reads the members of the JSON object of a line, by the index
// of their name in fields: nil for a field the object does not give. It
// reports the first name that is not a field or that appears again, after
// reading the whole object, so that the id is returned with that error
// too, unless it is the name repeated. A line that is not valid UTF-8 or
// not one JSON object is an error with no id.
func members(line []byte) (values [len(fields)]json.RawMessage, err *Error) {
	line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte(bom)))
	switch {
	case len(line) == 0:
		return values, &Error{Code: CodeBadJSON, Reason: "empty line: want one JSON object"}
	case !utf8.Valid(line):
		return values, &Error{Code: CodeBadJSON, Reason: "not valid UTF-8"}
	case line[0] != '{':
		return values, &Error{Code: CodeBadJSON, Reason: "not a JSON object"}
	case !json.Valid(line):
		return values, &Error{Code: CodeBadJSON, Reason: jsonReason(json.Unmarshal(line, new(json.RawMessage)))}
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	_, _ = dec.Token() // the "{", checked above
	var seen [len(fields)]int
	for dec.More() {
		t, _ := dec.Token()
		name, _ := t.(string)
		var raw json.RawMessage
		_ = dec.Decode(&raw) // valid JSON, checked above
		k := slices.Index(fields[:], name)
		switch {
		case k < 0:
			if err == nil {
				err = &Error{Code: CodeUnknownField, Reason: fmt.Sprintf("unknown field %q: want version, id, rules, start, moves, values", name)}
			}
			continue
		case seen[k] == 1 && err == nil:
			err = &Error{Code: CodeDuplicateField, Reason: fmt.Sprintf("field %q appears twice", name)}
		}
		seen[k]++
		values[k] = raw
	}
	if seen[1] > 1 {
		values[1] = nil // which id would be the request's?
	}
	return values, err
}

// idProblem tells why an id, valid JSON, cannot be echoed in a line that
// every JSON parser reads, or returns "": a number beyond the range of a
// float64 (such as 1e999), which parsers that read numbers as doubles
// refuse, or a string with a lone surrogate escape (such as "\ud800"),
// which names no character.
func idProblem(id json.RawMessage) string {
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c == '"':
			for i++; id[i] != '"'; i++ {
				if id[i] != '\\' {
					continue
				}
				i++
				if id[i] != 'u' {
					continue
				}
				r, _ := strconv.ParseUint(string(id[i+1:i+5]), 16, 16)
				i += 4
				switch {
				case r >= 0xdc00 && r <= 0xdfff:
					return fmt.Sprintf("id: string with a lone surrogate \\u%04x, which names no character", r)
				case r >= 0xd800 && r <= 0xdbff:
					if i+6 >= len(id) || id[i+1] != '\\' || id[i+2] != 'u' {
						return fmt.Sprintf("id: string with a lone surrogate \\u%04x, which names no character", r)
					}
					low, _ := strconv.ParseUint(string(id[i+3:i+7]), 16, 16)
					if low < 0xdc00 || low > 0xdfff {
						return fmt.Sprintf("id: string with a lone surrogate \\u%04x, which names no character", r)
					}
					i += 6
				}
			}
		case c == '-' || c >= '0' && c <= '9':
			j := i
			for j < len(id) && strings.IndexByte("+-.eE0123456789", id[j]) >= 0 {
				j++
			}
			if _, err := strconv.ParseFloat(string(id[i:j]), 64); err != nil {
				return "id: number " + string(id[i:j]) + " is beyond the range of a float64"
			}
			i = j - 1
		}
	}
	return ""
}

// jsonType names the JSON type of a value.
func jsonType(raw json.RawMessage) string {
	switch raw[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// decodeVersion checks a "version": absent, null or a JSON number equal to
// 1.
func decodeVersion(raw json.RawMessage) *Error {
	switch {
	case raw == nil || string(raw) == "null":
		return nil
	case jsonType(raw) != "number":
		return &Error{Code: CodeBadField, Reason: fmt.Sprintf("field \"version\": want a number, not JSON %s", jsonType(raw))}
	case !isOne(string(raw)):
		return &Error{Code: CodeBadVersion, Reason: fmt.Sprintf("version %s: this oracle speaks version %d", raw, Version)}
	}
	return nil
}

// isOne reports whether a JSON number is exactly 1, in any of its forms:
// 1, 1.0, 1e0, 0.1E+1, 100e-2. It reads the digits, not a float64, which
// would round 1.0000000000000000001 to 1.
func isOne(num string) bool {
	mant, exp, _ := strings.Cut(strings.ToLower(num), "e")
	if strings.HasPrefix(mant, "-") {
		return false
	}
	whole, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(whole+frac, "0")
	trimmed := strings.TrimRight(digits, "0")
	if trimmed != "1" {
		return false
	}
	// The value is 1 × 10^(e - len(frac) + the zeros trimmed on the right).
	e := 0
	if exp != "" {
		n, err := strconv.Atoi(exp)
		if err != nil {
			return false // beyond any length of line: not 1
		}
		e = n
	}
	return e-len(frac)+len(digits)-len(trimmed) == 0
}

// stringOrNull decodes a field that is a JSON string or null.
func stringOrNull(name string, raw json.RawMessage) (*string, *Error) {
	switch {
	case raw == nil || string(raw) == "null":
		return nil, nil
	case jsonType(raw) != "string":
		return nil, &Error{Code: CodeBadField, Reason: fmt.Sprintf("field %q: want a string or null, not JSON %s", name, jsonType(raw))}
	}
	var s string
	_ = json.Unmarshal(raw, &s) // a valid JSON string
	return &s, nil
}

// decodeMoves decodes "moves": an array of at most MaxMoves strings, or
// null.
func decodeMoves(raw json.RawMessage) ([]string, *Error) {
	switch {
	case raw == nil || string(raw) == "null":
		return nil, nil
	case jsonType(raw) != "array":
		return nil, &Error{Code: CodeBadField, Reason: "field \"moves\": want an array of strings, not JSON " + jsonType(raw)}
	}
	var elems []json.RawMessage
	_ = json.Unmarshal(raw, &elems) // a valid JSON array, of a line of at most MaxLine bytes
	moves := make([]string, min(len(elems), MaxMoves))
	for i, elem := range elems {
		switch {
		case i == MaxMoves:
			return nil, &Error{Code: CodeTooManyMoves, Reason: fmt.Sprintf("more than %d moves: at most %d in one request", MaxMoves, MaxMoves)}
		case jsonType(elem) != "string":
			return nil, &Error{Code: CodeBadField, Reason: fmt.Sprintf("field \"moves\": move %d is JSON %s, not a string", i+1, jsonType(elem))}
		case bytes.IndexByte(elem, '\\') < 0:
			moves[i] = string(elem[1 : len(elem)-1]) // nothing to unescape
		default:
			_ = json.Unmarshal(elem, &moves[i])
		}
	}
	return moves, nil
}

// jsonReason words a JSON syntax error without Go's package prefix.
func jsonReason(err error) string {
	return "malformed JSON: " + strings.TrimPrefix(err.Error(), "json: ")
}

// Oracle answers requests under its Rules when a request names none: the
// zero Oracle under abapa. The functions Answer, Handle and Serve are
// those of the zero Oracle. Tables, when not nil, answer "values".
// SolveNodes, when not 0, is the most positions package solve searches
// for the values of a position with its history, under the rules it
// supports; the tables' bounds cut that search, and History, package
// solve's tables of one rules (or nil), starts it from the exact values of
// the boards met for the first time under those rules. The answer does
// not depend on the machine's speed.
type Oracle struct {
	Rules      oware.Rules
	Tables     *tablebase.Tables
	History    *solve.Tables
	SolveNodes uint64
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
		b, err := ogn.ParseBoardOrFEN(*req.Start)
		if err != nil {
			resp.Start = *req.Start
			resp.Error = &Error{Code: CodeBadStart, Reason: startReason(err)}
			return resp
		}
		p = rules.Position(b)
	}
	resp.Start = positionString(p)
	resp.Game = &Game{Legal: p.Moves(), Outcome: p.Outcome(), Plies: []oware.Effect{}}
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
		resp.Plies = append(resp.Plies, e)
		p = e.After()
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
	if o.SolveNodes > 0 && solve.Supported(p.Rules()) {
		a, err := solve.Analyse(context.Background(), p, solve.Options{Tables: o.History, Plain: o.Tables}, solve.Limits{Nodes: o.SolveNodes})
		if err == nil {
			out := &Value{Lo: a.Value.Lo(), Hi: a.Value.Hi(), Moves: map[string]Bounds{}, History: true}
			for _, m := range a.Moves {
				out.Moves[m.Move.String()] = Bounds{Lo: m.Value.Lo(), Hi: m.Value.Hi()}
			}
			return out, nil
		}
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
	req, id, err := decode(line)
	if err != nil {
		return Response{Version: Version, ID: id, Error: err}
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
	var buf []byte
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
		if werr := writeResponse(bw, &buf, resp); werr != nil {
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

// writeResponse writes resp as one line, built in *buf, and flushes it.
func writeResponse(bw *bufio.Writer, buf *[]byte, resp Response) error {
	*buf = append(resp.AppendJSON((*buf)[:0]), '\n')
	if _, err := bw.Write(*buf); err != nil {
		return err
	}
	return bw.Flush()
}

// moveCode returns the error code of an illegal move.
func moveCode(err error) string {
	if k, ok := ErrorOf(err); ok {
		return k.Code
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

// positionString returns the canonical position string of p's board.
func positionString(p oware.Position) string { return p.Board().String() }
