package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// Diff is one field on which the subject and the library disagree, each
// value in compact JSON ("(absent)" for a required field left out).
type Diff struct {
	Field   string
	Library string
	Subject string
}

// Divergence is an answer of the subject that differs from the library's:
// the first ply at which they disagree, the position before it, and every
// field of that ply that differs.
type Divergence struct {
	Ply    int            // 0 at the start, n after the n-th move
	Move   string         // the move of the ply, "" at the start
	Before oware.Position // the position before the move (the start for ply 0)
	Rule   string         // the rule involved, such as "R6"
	Diffs  []Diff
	// Library and Subject are what each side says of the ply (of the
	// start for ply 0), as compact JSON; Subject is "" when it says
	// nothing.
	Library, Subject string
}

// Error names the ply, the fields and the rule.
func (d *Divergence) Error() string {
	fields := make([]string, len(d.Diffs))
	for i, df := range d.Diffs {
		fields[i] = df.Field
	}
	where := "at the start"
	if d.Ply > 0 {
		where = fmt.Sprintf("at ply %d (%s)", d.Ply, d.Move)
	}
	return fmt.Sprintf("divergence %s, rule %s: %s differ", where, d.Rule, strings.Join(fields, ", "))
}

// reply is a response of the subject, each field kept as raw JSON so that
// optional fields can be left out and any value compared.
type reply struct {
	Version json.RawMessage              `json:"version"`
	ID      json.RawMessage              `json:"id"`
	Legal   json.RawMessage              `json:"legal"`
	Outcome json.RawMessage              `json:"outcome"`
	Plies   []map[string]json.RawMessage `json:"plies"`
	Error   json.RawMessage              `json:"error"`
}

// plyFields are the fields of a ply that are compared, in order, and
// whether the subject must give them.
var plyFields = []struct {
	name     string
	required bool
}{
	{"position", true}, {"legal", true}, {"sown", false}, {"captures", false},
	{"grand_slam", false}, {"fed", false}, {"repetitions", false}, {"outcome", false},
}

// outcomeFields are the fields of an outcome that are compared when the
// subject gives them.
var outcomeFields = []string{"over", "reason", "rule", "winner", "draw", "tallies"}

// decodeReply reads a response line and checks its version and id. The
// error is a *SubjectError wrapping ErrNotJSON, ErrMalformed or
// ErrWrongID.
func decodeReply(line []byte, id int) (reply, error) {
	var r reply
	shown := cut(string(line))
	trimmed := bytes.TrimSpace(line)
	if !json.Valid(trimmed) || len(trimmed) == 0 || trimmed[0] != '{' {
		return r, &SubjectError{Err: ErrNotJSON, Line: shown}
	}
	if err := json.Unmarshal(trimmed, &r); err != nil {
		return r, &SubjectError{Err: ErrMalformed, Detail: err.Error(), Line: shown}
	}
	if r.Version != nil && !sameJSON(r.Version, []byte("1")) {
		return r, &SubjectError{Err: ErrMalformed, Detail: "version " + string(r.Version) + ", want 1", Line: shown}
	}
	if want := strconv.Itoa(id); !sameJSON(r.ID, []byte(want)) {
		got := compact(r.ID)
		if got == "" {
			got = "none"
		}
		return r, &SubjectError{Err: ErrWrongID, Detail: fmt.Sprintf("id %s, want %d", got, id), Line: shown}
	}
	return r, nil
}

// compare checks the subject's response line to case c, sent with id,
// against the library's answer want. It returns nil, a *Divergence or a
// *SubjectError.
func compare(c Case, id int, want oracle.Response, line []byte) error {
	r, err := decodeReply(line, id)
	if err != nil {
		return err
	}
	ps := c.positions()
	start := map[string]json.RawMessage{"legal": r.Legal, "outcome": r.Outcome}
	if diffs := diffStart(want, start); len(diffs) > 0 {
		d := diverge(0, "", ps[0], nil, diffs, start)
		d.Library, d.Subject = marshal(map[string]any{"legal": want.Legal, "outcome": want.Outcome}), marshal(start)
		return d
	}
	for i, w := range want.Plies {
		var got map[string]json.RawMessage
		diffs := missingPly(w, r)
		if i < len(r.Plies) {
			got, diffs = r.Plies[i], diffPly(&w, r.Plies[i])
		}
		if len(diffs) > 0 {
			d := diverge(i+1, w.Move().String(), ps[i], &w, diffs, got)
			d.Library = marshal(w)
			if got != nil {
				d.Subject = marshal(got)
			}
			return d
		}
	}
	if len(r.Plies) > len(want.Plies) {
		n := len(want.Plies)
		d := Diff{"plies", fmt.Sprint(n), fmt.Sprint(len(r.Plies))}
		return diverge(n, "", ps[n], nil, []Diff{d}, nil)
	}
	return nil
}

// marshal returns v as compact JSON.
func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil { // cannot happen: the values compared marshal
		panic(err)
	}
	return string(b)
}

// diffStart compares the legal moves (required) and outcome at the start.
func diffStart(want oracle.Response, got map[string]json.RawMessage) []Diff {
	var diffs []Diff
	if d, ok := diffField("legal", true, want.Legal, got["legal"]); ok {
		diffs = append(diffs, d)
	}
	if got["outcome"] != nil {
		diffs = append(diffs, diffOutcome("outcome", want.Outcome, got["outcome"])...)
	}
	return diffs
}

// diffPly compares one ply, field by field.
func diffPly(w *oware.Effect, got map[string]json.RawMessage) []Diff {
	var lib map[string]json.RawMessage
	_ = json.Unmarshal([]byte(marshal(w)), &lib)
	var diffs []Diff
	for _, f := range plyFields {
		if f.name == "outcome" {
			if got["outcome"] != nil {
				diffs = append(diffs, diffOutcome("outcome", w.Outcome(), got["outcome"])...)
			}
			continue
		}
		if d, ok := diffField(f.name, f.required, lib[f.name], got[f.name]); ok {
			diffs = append(diffs, d)
		}
	}
	return diffs
}

// missingPly explains why the subject has no ply where the library has w:
// its error, or nothing.
func missingPly(w oware.Effect, r reply) []Diff {
	if r.Error != nil {
		return []Diff{{"error", "none: " + w.Move().String() + " is legal", compact(r.Error)}}
	}
	return []Diff{{"plies", "a ply for " + w.Move().String(), "(absent)"}}
}

// diffOutcome compares the fields of an outcome that the subject gives.
func diffOutcome(name string, want oware.Outcome, got json.RawMessage) []Diff {
	var fields map[string]json.RawMessage
	if json.Unmarshal(got, &fields) != nil {
		lib, _ := json.Marshal(want)
		return []Diff{{name, string(lib), compact(got)}}
	}
	b, _ := json.Marshal(want)
	var lib map[string]json.RawMessage
	_ = json.Unmarshal(b, &lib)
	var diffs []Diff
	for _, f := range outcomeFields {
		if d, ok := diffField(name+"."+f, false, lib[f], fields[f]); ok {
			diffs = append(diffs, d)
		}
	}
	return diffs
}

// diffField compares the library's value want (any Go value, or raw JSON)
// with the subject's raw JSON got, absent when nil.
func diffField(name string, required bool, want any, got json.RawMessage) (Diff, bool) {
	lib, err := json.Marshal(want)
	if err != nil { // cannot happen: the library's values marshal
		panic(err)
	}
	if got == nil {
		return Diff{name, string(lib), "(absent)"}, required
	}
	if bytes.Equal(lib, got) || sameJSON(lib, got) {
		return Diff{}, false
	}
	return Diff{name, string(lib), compact(got)}, true
}

// sameJSON reports whether a and b are the same JSON value, whatever the
// order of object members and the spacing.
func sameJSON(a, b []byte) bool {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// compact returns raw JSON without spaces, cut to a readable length; ""
// for nil.
func compact(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return cut(string(raw))
	}
	return cut(buf.String())
}

// cut shortens s to at most 300 bytes and whole characters.
func cut(s string) string {
	n := 300
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
