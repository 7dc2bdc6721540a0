package oracle

import (
	"encoding/json"
	"strconv"

	"github.com/seed3966233f/oware/internal/wire"
)

// This file writes the responses, by hand: the members in the order of
// the protocol, each value in the form of package internal/wire, and the
// strings escaped as encoding/json escapes them, so that a response reads
// as encoding/json would write it, at a fraction of the cost.

// MarshalJSON writes r as one line of the protocol, without its line
// break: see [Response.AppendJSON].
func (r Response) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil), nil }

// AppendJSON appends r as one line of the protocol, without its line
// break: "version", "id" (null when there is none), then "rules" and
// "start" when they are not empty, the members of the Game when there is
// one ("legal", "outcome" and "plies"), "value" and "error" when they are
// not nil.
func (r Response) AppendJSON(b []byte) []byte {
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, int64(r.Version), 10)
	b = append(b, `,"id":`...)
	b = appendID(b, r.ID)
	if r.Rules != "" {
		b = append(b, `,"rules":`...)
		b = wire.AppendString(b, r.Rules)
	}
	if r.Start != "" {
		b = append(b, `,"start":`...)
		b = wire.AppendString(b, r.Start)
	}
	if r.Game != nil {
		b = append(b, ',')
		b = r.Game.appendMembers(b)
	}
	if r.Value != nil {
		v, _ := json.Marshal(r.Value) // plain numbers and a map: it always marshals
		b = append(b, `,"value":`...)
		b = append(b, v...)
	}
	if r.Error != nil {
		b = append(b, `,"error":`...)
		b = r.Error.appendJSON(b)
	}
	return append(b, '}')
}

// appendID appends an id as encoding/json writes a json.RawMessage:
// compact, HTML characters escaped; null when there is none.
func appendID(b []byte, id json.RawMessage) []byte {
	if len(id) == 0 {
		return append(b, "null"...)
	}
	if _, err := strconv.ParseUint(string(id), 10, 64); err == nil {
		return append(b, id...) // the common case: digits only
	}
	out, err := json.Marshal(id)
	if err != nil { // cannot happen: ids are checked when read
		return append(b, "null"...)
	}
	return append(b, out...)
}

// MarshalJSON writes g as a JSON object with the members "legal",
// "outcome" and "plies".
func (g *Game) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 256), '{')
	return append(g.appendMembers(b), '}'), nil
}

// appendMembers appends the members of g, without braces.
func (g *Game) appendMembers(b []byte) []byte {
	b = append(b, `"legal":`...)
	b = wire.AppendMoves(b, g.Legal)
	b = append(b, `,"outcome":`...)
	b = wire.AppendOutcome(b, g.Outcome)
	b = append(b, `,"plies":[`...)
	for i, e := range g.Plies {
		if i > 0 {
			b = append(b, ',')
		}
		b = wire.AppendEffect(b, e)
	}
	return append(b, ']')
}

// appendJSON appends e as encoding/json writes it with its field tags.
func (e *Error) appendJSON(b []byte) []byte {
	b = append(b, `{"code":`...)
	b = wire.AppendString(b, e.Code)
	b = append(b, `,"reason":`...)
	b = wire.AppendString(b, e.Reason)
	if e.Ply != 0 {
		b = append(b, `,"ply":`...)
		b = strconv.AppendInt(b, int64(e.Ply), 10)
	}
	if e.Move != nil {
		b = append(b, `,"move":`...)
		b = wire.AppendString(b, *e.Move)
	}
	return append(b, '}')
}
