package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/seed3966233f/oware"
)

// AppendOutcome appends o as a JSON object that names every part of it,
// in this order: "over" (a boolean), "reason" (its name, see
// [oware.Reason.String]), "rule" ("R8", "R9", "R10", or null while the
// game goes on and after the limits of other rules than abapa's), "winner"
// ("South", "North", or null when there is none), "draw" (a boolean) and
// "tallies", an object with the final tallies of "South" and "North" (D3;
// both 0 while the game goes on; 23.5 and 24.5 after an even split of an
// odd seed):
//
//	{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":26,"North":22}}
func AppendOutcome(b []byte, o oware.Outcome) []byte {
	b = append(b, `{"over":`...)
	b = strconv.AppendBool(b, o.Over())
	b = append(b, `,"reason":"`...)
	b = append(b, o.Reason().String()...)
	b = append(b, `","rule":`...)
	b = appendStringOrNull(b, o.Reason().Rule())
	b = append(b, `,"winner":`...)
	if w, ok := o.Winner(); ok {
		b = appendStringOrNull(b, w.String())
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"draw":`...)
	b = strconv.AppendBool(b, o.Draw())
	b = append(b, `,"tallies":{"South":`...)
	b = appendTally(b, o, oware.South)
	b = append(b, `,"North":`...)
	b = appendTally(b, o, oware.North)
	return append(b, "}}"...)
}

// appendTally appends p's tally, with ".5" when it holds half a seed.
func appendTally(b []byte, o oware.Outcome, p oware.Player) []byte {
	b = strconv.AppendInt(b, int64(o.Tally(p)), 10)
	if o.HalfSeed() {
		b = append(b, ".5"...)
	}
	return b
}

// appendStringOrNull appends s, which needs no escaping, as a JSON string,
// or null when it is empty.
func appendStringOrNull(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	return append(append(append(b, '"'), s...), '"')
}

// Outcome is an [oware.Outcome] with the protocol's JSON form.
type Outcome struct{ oware.Outcome }

// outcomeFields are the fields of an outcome's JSON form, in order.
var outcomeFields = []string{"over", "reason", "rule", "winner", "draw", "tallies"}

// MarshalJSON writes o as [AppendOutcome] does.
func (o Outcome) MarshalJSON() ([]byte, error) {
	return AppendOutcome(make([]byte, 0, 128), o.Outcome), nil
}

// UnmarshalJSON reads the object that [Outcome.MarshalJSON] writes, and
// refuses any outcome that the rules cannot produce (see
// [oware.Outcome.UnmarshalText]). Every field is required, each as
// MarshalJSON writes it for that outcome, in any order and spacing; field
// names must match exactly, a field may not be repeated, and no other
// field is allowed. The tallies are whole numbers from 0 to 48, or both
// whole numbers and a half. JSON null leaves o unchanged. Errors are
// [*DecodeError] values wrapping ErrSyntax, whose offset is that of a
// JSON syntax error and 0 otherwise; on an error o is unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	out, at, msg := decodeOutcome(data)
	if msg != "" {
		return &DecodeError{What: "outcome", Input: string(data), Offset: at, Msg: msg, Err: ErrSyntax}
	}
	o.Outcome = out
	return nil
}

// decodeOutcome decodes the JSON form of an outcome, or tells what is
// wrong and where.
func decodeOutcome(data []byte) (o oware.Outcome, at int, msg string) {
	fields, at, msg := jsonObject(data, outcomeFields...)
	if msg != "" {
		return o, at, msg
	}
	for _, name := range outcomeFields {
		if fields[name] == nil {
			return o, 0, "field " + strconv.Quote(name) + " is missing"
		}
	}
	var reason oware.Reason
	if raw := fields["reason"]; string(raw) == "null" || json.Unmarshal(raw, &reason) != nil {
		return o, 0, `"reason" is not "not over", "majority", "no move", "repetition", "quiet limit" or "ply limit"`
	}
	tallies, half, msg := decodeTallies(fields["tallies"])
	if msg != "" {
		return o, 0, msg
	}
	// The outcome's own text states it whole: the winner is the player
	// with the higher tally, but after a limit of plies, which draws.
	text := []byte("not over")
	if reason != oware.NotOver {
		first, head := oware.South, "draw "
		switch {
		case reason == oware.PlyLimit || tallies[0] == tallies[1]:
		case tallies[0] > tallies[1]:
			head = "South wins "
		default:
			first, head = oware.North, "North wins "
		}
		text = append(text[:0], head...)
		text = appendWhole(text, tallies[first], half)
		text = append(text, '-')
		text = appendWhole(text, tallies[first^1], half)
		text = append(text, " ("...)
		text = append(text, reason.String()...)
		if rule := reason.Rule(); rule != "" {
			text = append(text, ", "...)
			text = append(text, rule...)
		}
		text = append(text, ')')
	} else if tallies != [2]int{} || half {
		return o, 0, "a game that goes on has no tallies"
	}
	if err := o.UnmarshalText(text); err != nil {
		var pe *oware.ParseError
		if errors.As(err, &pe) {
			return oware.Outcome{}, 0, pe.Msg
		}
		return oware.Outcome{}, 0, err.Error()
	}
	want, _, _ := jsonObject(AppendOutcome(nil, o))
	for _, name := range [...]string{"over", "rule", "winner", "draw"} {
		if got := fields[name]; !bytes.Equal(got, want[name]) {
			return oware.Outcome{}, 0, "field " + strconv.Quote(name) + " is " + string(got) + "; this outcome has " + string(want[name])
		}
	}
	return o, 0, ""
}

// appendWhole appends a tally, with ".5" when half.
func appendWhole(b []byte, n int, half bool) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	if half {
		b = append(b, ".5"...)
	}
	return b
}

// decodeTallies decodes the "tallies" object of an outcome's JSON form:
// South's and North's tallies, whole numbers from 0 to 48 or
// both with a half seed (".5").
func decodeTallies(raw []byte) (tallies [2]int, half bool, msg string) {
	if string(raw) == "null" {
		return tallies, false, `field "tallies" is missing`
	}
	t, _, msg := jsonObject(raw)
	if msg != "" {
		return tallies, false, `"tallies" is not a JSON object`
	}
	for name := range t {
		if name != "South" && name != "North" {
			return tallies, false, `"tallies" has a field other than "South" and "North"`
		}
	}
	var halves [2]bool
	for p, name := range [2]string{"South", "North"} {
		if t[name] == nil {
			return tallies, false, `"tallies" has no field "` + name + `"`
		}
		whole, h := bytes.CutSuffix(t[name], []byte(".5"))
		n, err := strconv.ParseUint(string(whole), 10, 8)
		if err != nil || n > oware.NumSeeds || string(whole) != strconv.FormatUint(n, 10) {
			return tallies, false, name + "'s tally is not a whole number from 0 to 48"
		}
		tallies[p], halves[p] = int(n), h
	}
	if halves[0] != halves[1] {
		return tallies, false, "only both tallies hold half a seed"
	}
	return tallies, halves[0], ""
}

// jsonObject reads data as one JSON object and returns its fields' values,
// each in compact form; or says what is wrong and, for a JSON syntax error,
// at which offset. Names must match exactly and may not repeat; when names
// are given, no other is allowed.
func jsonObject(data []byte, names ...string) (fields map[string][]byte, at int, msg string) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		if syn, ok := err.(*json.SyntaxError); ok {
			return nil, int(syn.Offset), "not valid JSON: " + syn.Error()
		}
		return nil, 0, "not a JSON object"
	}
	// encoding/json keeps the last of repeated names; look for them in
	// the tokens of the object itself.
	dec := json.NewDecoder(bytes.NewReader(data))
	_, _ = dec.Token() // the "{": the object was read above
	fields = make(map[string][]byte, len(raw))
	for dec.More() {
		t, _ := dec.Token()
		name := t.(string)
		var value json.RawMessage
		switch {
		case len(names) > 0 && !slices.Contains(names, name):
			return nil, 0, "unknown field " + strconv.Quote(name)
		case fields[name] != nil:
			return nil, 0, "field " + strconv.Quote(name) + " appears twice"
		case dec.Decode(&value) != nil:
			return nil, 0, "not valid JSON" // cannot happen: the object was read above
		}
		var compact bytes.Buffer
		_ = json.Compact(&compact, value)
		fields[name] = compact.Bytes()
	}
	return fields, 0, ""
}
