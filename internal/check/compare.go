package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/lineio"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/wire"
)

// Diff is one field on which the subject and the library disagree, each
// value in compact JSON ("(absent)" for a required field left out).
type Diff struct {
	Field   string `json:"field"`
	Library string `json:"library"`
	Subject string `json:"subject"`
}

// Divergence is an answer of the subject that differs from the library's:
// the first ply at which they disagree, the position before it, every
// field of that ply that differs, and the rule that decides the first of
// them in the order in which a move's steps decide them (see [RuleName]).
type Divergence struct {
	Ply    int            // 0 at the start, n for the n-th move
	Move   string         // the move of the ply as sent, "" at the start
	Before oware.Position // the position before the move (the start for ply 0)
	Rule   string         // the rule that decides the field, such as "R6", or a knob, such as "RepeatLimit"
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
		where = fmt.Sprintf("at ply %d (%s)", d.Ply, showMove(d.Move))
	}
	return fmt.Sprintf("divergence %s, rule %s: %s differ", where, d.Rule, strings.Join(fields, ", "))
}

// showMove returns a move as sent: a pit letter as it is, other text
// quoted, such as "12" or "".
func showMove(m string) string {
	if len(m) == 1 && m[0] > ' ' {
		return m
	}
	return strconv.Quote(m)
}

// The names the protocol defines in a response and in its parts; any
// other name, or one spelt otherwise (case included), is an error of the
// subject.
var (
	responseNames = []string{"version", "id", "rules", "start", "legal", "outcome", "plies", "error"}
	plyNames      = []string{"move", "position", "legal", "sown", "captures", "captured", "grand_slam", "annulled", "fed", "repetitions", "outcome"}
	outcomeNames  = []string{"over", "reason", "rule", "winner", "draw", "tallies"}
	talliesNames  = []string{"South", "North"}
	captureNames  = []string{"pit", "seeds"}
	errorNames    = []string{"code", "reason", "ply", "move"}
)

// reply is a response of the subject, each field kept as raw JSON so that
// optional fields can be left out and any value compared.
type reply struct {
	fields map[string]json.RawMessage // the response's own
	plies  []json.RawMessage
	shown  string // the line, cut to a readable length
}

// plyFields are the fields of a ply that are compared, in the order of
// the protocol, and whether the subject must give them.
var plyFields = []struct {
	name     string
	required bool
}{
	{"move", false}, {"position", true}, {"legal", true}, {"sown", false}, {"captures", false},
	{"captured", false}, {"grand_slam", false}, {"annulled", false}, {"fed", false},
	{"repetitions", false}, {"outcome", false},
}

// outcomeFields are the fields of an outcome that are compared when the
// subject gives them.
var outcomeFields = []string{"over", "reason", "rule", "winner", "draw", "tallies"}

// decodeReply reads a response line to the request req, sent with id, and
// checks its form: a JSON object in UTF-8 of the protocol's fields only,
// no name given twice in any object (as the oracle refuses in a request;
// encoding/json would keep the last), with "version" 1 and the request's
// id, its rules when it echoes them, and "plies" an array, whose plies
// (see reply.ply) are read when they differ from the library's. The error
// is a *SubjectError wrapping ErrNotJSON, ErrMalformed or ErrWrongID.
func decodeReply(line []byte, id int, req oracle.Request) (reply, error) {
	r := reply{shown: cut(string(line))}
	trimmed := bytes.TrimSpace(line)
	if !utf8.Valid(trimmed) {
		return r, &SubjectError{Err: ErrNotJSON, Detail: "not valid UTF-8", Line: r.shown}
	}
	if len(trimmed) == 0 || trimmed[0] != '{' || json.Unmarshal(trimmed, &r.fields) != nil {
		return r, &SubjectError{Err: ErrNotJSON, Line: r.shown}
	}
	if name, ok := repeatedName(trimmed); ok {
		return r, r.malformed("field %s appears twice", strconv.Quote(name))
	}
	if name, ok := unknownName(r.fields, responseNames); ok {
		return r, r.malformed("unknown field %s", strconv.Quote(name))
	}
	switch v := r.fields["version"]; {
	case v == nil:
		return r, r.malformed(`no "version": want 1`)
	case !sameJSON(v, []byte("1")):
		return r, r.malformed("version %s, want 1", compact(v))
	}
	if want := strconv.Itoa(id); !sameJSON(r.fields["id"], []byte(want)) {
		got := or(compact(r.fields["id"]), "none")
		return r, &SubjectError{Err: ErrWrongID, Detail: fmt.Sprintf("id %s, want %d", got, id), Line: r.shown}
	}
	if rules := r.fields["rules"]; rules != nil && !sameJSON(rules, []byte(strconv.Quote(rulesName(req)))) {
		return r, r.malformed("rules %s, want %s as the request names them", compact(rules), strconv.Quote(rulesName(req)))
	}
	if p := r.fields["plies"]; p != nil && string(p) != "null" {
		if err := json.Unmarshal(p, &r.plies); err != nil {
			return r, r.malformed(`"plies" is not an array: %v`, err)
		}
	}
	if name, ok := unknownIn(r.fields["outcome"], outcomeNames); ok {
		return r, r.malformed("unknown field %s in the outcome", strconv.Quote(name))
	}
	if name, ok := unknownIn(r.fields["error"], errorNames); ok {
		return r, r.malformed("unknown field %s in the error", strconv.Quote(name))
	}
	return r, nil
}

// repeatedName returns the first name that an object of the JSON text
// data gives twice, as a path from the top such as
// "plies[0].outcome.winner"; false when none does. data must be valid
// JSON.
func repeatedName(data []byte) (string, bool) {
	// frame is an object or array being read: the names an object has
	// given, and the name or index of the member being read.
	type frame struct {
		object   bool
		wantName bool // the object's next token is a name or its end
		names    map[string]bool
		name     string
		index    int
	}
	var stack []*frame
	path := func(last string) string {
		var b strings.Builder
		for _, f := range stack[:len(stack)-1] {
			if f.object {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.name)
			} else {
				fmt.Fprintf(&b, "[%d]", f.index)
			}
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		return b.String() + last
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		t, err := dec.Token()
		if err != nil {
			return "", false // the end of the text
		}
		if n := len(stack); n > 0 && stack[n-1].wantName {
			top := stack[n-1]
			if name, ok := t.(string); ok {
				if top.names[name] {
					return path(name), true
				}
				top.names[name], top.name, top.wantName = true, name, false
				continue
			}
		}
		switch t {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, wantName: true, names: map[string]bool{}})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if n := len(stack); n > 0 { // a value of the parent is read
			if top := stack[n-1]; top.object {
				top.wantName = true
			} else {
				top.index++
			}
		}
	}
}

// malformed returns the error of a response that does not have the
// protocol's form.
func (r reply) malformed(format string, a ...any) error {
	return &SubjectError{Err: ErrMalformed, Detail: fmt.Sprintf(format, a...), Line: r.shown}
}

// ply returns the fields of the i-th ply of r, after checking that they
// and those of its outcome and captures are the protocol's.
func (r reply) ply(i int) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(r.plies[i], &fields); err != nil {
		return nil, r.malformed("ply %d is not an object: %v", i+1, err)
	}
	if name, ok := unknownName(fields, plyNames); ok {
		return nil, r.malformed("unknown field %s in ply %d", strconv.Quote(name), i+1)
	}
	if name, ok := unknownIn(fields["outcome"], outcomeNames); ok {
		return nil, r.malformed("unknown field %s in the outcome of ply %d", strconv.Quote(name), i+1)
	}
	for _, list := range []string{"captures", "annulled"} {
		var caps []json.RawMessage
		if json.Unmarshal(fields[list], &caps) != nil {
			continue // a value of another kind differs from the library's
		}
		for _, c := range caps {
			if name, ok := unknownIn(c, captureNames); ok {
				return nil, r.malformed("unknown field %s in the %s of ply %d", strconv.Quote(name), list, i+1)
			}
		}
	}
	return fields, nil
}

// rulesName returns the rules that req names, "abapa" when it names none.
func rulesName(req oracle.Request) string {
	if req.Rules == nil {
		return DefaultRules
	}
	return *req.Rules
}

// unknownName returns a name of fields that is not one of names.
func unknownName(fields map[string]json.RawMessage, names []string) (string, bool) {
	for name := range fields {
		if !slices.Contains(names, name) {
			return name, true
		}
	}
	return "", false
}

// unknownIn returns a name of the JSON object raw that is not one of
// names, looking into the tallies of an outcome too. A value that is not
// an object has none: it differs from the library's.
func unknownIn(raw json.RawMessage, names []string) (string, bool) {
	var fields map[string]json.RawMessage
	if raw == nil || json.Unmarshal(raw, &fields) != nil {
		return "", false
	}
	if name, ok := unknownName(fields, names); ok {
		return name, ok
	}
	if slices.Equal(names, outcomeNames) {
		return unknownIn(fields["tallies"], talliesNames)
	}
	return "", false
}

// compare checks the subject's response line to case c, sent with id,
// against the library's answer want. It returns nil, a *Divergence or a
// *SubjectError. A line that is the library's own answer byte for byte
// agrees at once, and so does a ply that is the library's ply.
func compare(c Case, id int, want oracle.Response, line []byte) error {
	if lib, err := json.Marshal(want); err == nil && bytes.Equal(bytes.TrimSpace(line), lib) {
		return nil
	}
	req := c.Request(id)
	r, err := decodeReply(line, id, req)
	if err != nil {
		return err
	}
	ps := c.positions()
	j := judge{rules: c.rules}
	start := map[string]json.RawMessage{"start": r.fields["start"], "legal": r.fields["legal"], "outcome": r.fields["outcome"]}
	if diffs := diffStart(want, start); len(diffs) > 0 {
		d := j.diverge(0, "", ps[0], nil, diffs, start)
		d.Library = marshal(map[string]any{"start": want.Start, "legal": wire.MoveSet{MoveSet: want.Legal}, "outcome": wire.Outcome{Outcome: want.Outcome}})
		d.Subject = marshal(start)
		return d
	}
	for i, w := range want.Plies {
		if i >= len(r.plies) {
			return j.diverge(i+1, w.Move().String(), ps[i], &w, missingPly(w, r), nil)
		}
		lib := wire.AppendEffect(nil, w)
		if bytes.Equal(r.plies[i], lib) || agrees(lib, r.plies[i]) {
			continue
		}
		got, err := r.ply(i)
		if err != nil {
			return err
		}
		if diffs := diffPly(lib, &w, got); len(diffs) > 0 {
			d := j.diverge(i+1, w.Move().String(), ps[i], &w, diffs, got)
			d.Library, d.Subject = string(lib), marshal(got)
			return d
		}
	}
	n := min(len(want.Plies), len(ps)-1) // as many: the library plays the moves of c
	if want.Error != nil {
		if diffs := diffRefusal(want.Error, r); len(diffs) > 0 {
			d := j.diverge(n+1, *want.Error.Move, ps[n], nil, diffs, nil)
			d.Rule = j.refusedRule(want.Error.Code)
			d.Library = marshal(want.Error)
			if n < len(r.plies) {
				d.Subject = compact(r.plies[n])
			} else if r.fields["error"] != nil {
				d.Subject = compact(r.fields["error"])
			}
			return d
		}
		return nil
	}
	if len(r.plies) > n || r.fields["error"] != nil {
		d := Diff{"plies", fmt.Sprint(n), fmt.Sprint(len(r.plies))}
		if r.fields["error"] != nil {
			d = Diff{"error", "none", compact(r.fields["error"])}
		}
		return j.diverge(n, "", ps[n], nil, []Diff{d}, nil)
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

// diffStart compares the start's echo and outcome, when given, and the
// legal moves (required) at the start.
func diffStart(want oracle.Response, got map[string]json.RawMessage) []Diff {
	var diffs []Diff
	if got["start"] != nil {
		if d, ok := diffField("start", false, want.Start, got["start"]); ok {
			diffs = append(diffs, d)
		}
	}
	if d, ok := diffField("legal", true, wire.MoveSet{MoveSet: want.Legal}, got["legal"]); ok {
		diffs = append(diffs, d)
	}
	if got["outcome"] != nil {
		diffs = append(diffs, diffOutcome("outcome", want.Outcome, got["outcome"])...)
	}
	return diffs
}

// agrees reports, at the cost of decoding each side once, whether the
// subject's ply got says what the library's ply lib says in every field
// the subject gives, gives those it must, and uses the protocol's names
// only. When it does not, the ply is read again, field by field, to say
// how it differs.
func agrees(lib, got []byte) bool {
	var l, g map[string]any
	if json.Unmarshal(lib, &l) != nil || json.Unmarshal(got, &g) != nil {
		return false
	}
	for name := range g {
		if !slices.Contains(plyNames, name) {
			return false
		}
	}
	for _, f := range plyFields {
		gv, given := g[f.name]
		lv, has := l[f.name]
		switch {
		case !given:
			if f.required {
				return false
			}
		case f.name == "outcome":
			if !outcomeAgrees(lv, gv) {
				return false
			}
		case !has: // "annulled", after no grand slam
			if list, ok := gv.([]any); !ok || len(list) > 0 {
				return false
			}
		case !reflect.DeepEqual(lv, gv):
			return false
		}
	}
	return true
}

// outcomeAgrees reports whether the subject's decoded outcome got gives
// the library's lib in every field it gives, and no other.
func outcomeAgrees(lib, got any) bool {
	l, _ := lib.(map[string]any)
	g, ok := got.(map[string]any)
	if !ok {
		return false
	}
	for name, v := range g {
		if !slices.Contains(outcomeNames, name) || !reflect.DeepEqual(l[name], v) {
			return false
		}
	}
	return true
}

// diffPly compares one ply, field by field: w is the library's, libJSON
// its JSON form.
func diffPly(libJSON []byte, w *oware.Effect, got map[string]json.RawMessage) []Diff {
	var lib map[string]json.RawMessage
	_ = json.Unmarshal(libJSON, &lib)
	var diffs []Diff
	for _, f := range plyFields {
		switch {
		case f.name == "outcome":
			if got["outcome"] != nil {
				diffs = append(diffs, diffOutcome("outcome", w.Outcome(), got["outcome"])...)
			}
			continue
		case f.name == "annulled" && lib["annulled"] == nil:
			if got["annulled"] != nil && !sameJSON(got["annulled"], []byte("[]")) {
				diffs = append(diffs, Diff{"annulled", "(absent): no grand slam", compact(got["annulled"])})
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
	if e := r.fields["error"]; e != nil {
		return []Diff{{"error", "none: " + w.Move().String() + " is legal", compact(e)}}
	}
	return []Diff{{"plies", "a ply for " + w.Move().String(), "(absent)"}}
}

// diffRefusal compares the subject's answer to a move that the library
// refuses with want: the same error code at the same ply, and no ply for
// the move.
func diffRefusal(want *oracle.Error, r reply) []Diff {
	lib := marshal(map[string]any{"code": want.Code, "ply": want.Ply})
	if len(r.plies) >= want.Ply {
		return []Diff{{"error", lib, "(absent): a ply for " + strconv.Quote(*want.Move)}}
	}
	var got struct {
		Code json.RawMessage `json:"code"`
		Ply  json.RawMessage `json:"ply"`
	}
	if r.fields["error"] == nil || json.Unmarshal(r.fields["error"], &got) != nil {
		return []Diff{{"error", lib, or(compact(r.fields["error"]), "(absent)")}}
	}
	var diffs []Diff
	if d, ok := diffField("error.code", true, want.Code, got.Code); ok {
		diffs = append(diffs, d)
	}
	if d, ok := diffField("error.ply", true, want.Ply, got.Ply); ok {
		diffs = append(diffs, d)
	}
	return diffs
}

// or returns s, or alt when s is "".
func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// diffOutcome compares the fields of an outcome that the subject gives.
func diffOutcome(name string, want oware.Outcome, got json.RawMessage) []Diff {
	var fields map[string]json.RawMessage
	b := wire.AppendOutcome(nil, want)
	if json.Unmarshal(got, &fields) != nil {
		return []Diff{{name, string(b), compact(got)}}
	}
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

// cut makes s, what the subject says, printable (see lineio.Printable)
// and shortens it to at most 300 bytes and whole characters.
func cut(s string) string { return lineio.Printable(s, 300) }
