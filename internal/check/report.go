package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/lineio"
)

// WriteReport writes what res found, for a person: the cases and plies
// checked, or the failure with the smallest case found, the rule
// involved, the position before the ply, what each side says and the
// difference. When there is a failure, the last line is the smallest
// failing case as one oracle request line.
func WriteReport(w io.Writer, res Result) error {
	rw := &reportWriter{w: w}
	f := res.Failure
	if f == nil {
		rate := float64(res.Plies) / max(res.Elapsed.Seconds(), 1e-9)
		rw.printf("ok: %d cases, %d plies checked in %.1fs (%.0f plies/s): no divergence\n",
			res.Cases, res.Plies, res.Elapsed.Seconds(), rate)
		return rw.err
	}
	rw.printf("FAILED at case %d (%s, %s, %s) after %s and %s in agreement\n",
		f.Cases, f.Found.Kind, count(f.Found.Seeds(), "seed"), count(f.Found.Plies(), "ply"),
		count(res.Cases, "case"), count(res.Plies, "ply"))
	rw.printf("first seen: %v\n", f.FoundErr)
	rw.printf("shrunk in %s to %s on the board and %s\n\n",
		count(f.Tries, "try"), count(f.Shrunk.Seeds(), "seed"), count(f.Shrunk.Plies(), "ply"))
	var d *Divergence
	var se *SubjectError
	switch {
	case errors.As(f.Err, &d):
		rw.divergence(f.Shrunk, d)
	case errors.As(f.Err, &se):
		rw.subjectError(f.Shrunk, se)
	}
	rw.printf("the smallest failing case, as an oracle request:\n%s\n", f.Shrunk.Line())
	return rw.err
}

// reportWriter writes to w and keeps the first error.
type reportWriter struct {
	w   io.Writer
	err error
}

func (rw *reportWriter) printf(format string, a ...any) {
	if rw.err == nil {
		_, rw.err = fmt.Fprintf(rw.w, format, a...)
	}
}

// divergence writes the rule, the position before, the moves up to it and
// each side's word on every differing field.
func (rw *reportWriter) divergence(c Case, d *Divergence) {
	rw.printf("rule:     %s\n", ruleLine(d.Rule, c.rules))
	rw.printf("start:    %s\n", c.Start)
	rw.printf("moves:    %s\n", moveList(c))
	switch {
	case d.Ply == 0:
		rw.printf("at the start, before any move:\n")
	case d.Ply > len(c.Moves):
		rw.printf("ply %d: %s plays %s, which the library refuses, from:\n", d.Ply, d.Before.Board().ToMove(), showMove(d.Move))
	default:
		rw.printf("ply %d: %s plays %s, from:\n", d.Ply, d.Before.Board().ToMove(), d.Move)
	}
	rw.printf("%s", indent(d.Before.Diagram()))
	rw.printf("before:   %s (its %s occurrence since the last capture)\n", d.Before.Board(), ordinal(d.Before.Repetitions()))
	rw.printf("library says: %s\n", d.Library)
	rw.printf("subject says: %s\n", lineio.Printable(or(d.Subject, "nothing"), 4096))
	rw.printf("difference:\n")
	for _, df := range d.Diffs {
		rw.printf("  %s\n    library: %s\n    subject: %s\n", df.Field, df.Library, df.Subject)
	}
	rw.printf("\n")
}

// ruleLine names a rule, and for a knob the rules whose knob it is.
func ruleLine(rule string, r oware.Rules) string {
	if isKnob(rule) {
		return RuleName(rule) + ", under the " + r.String() + " rules"
	}
	return RuleName(rule)
}

// isKnob reports whether rule is a knob of oware.Rules, such as
// "RepeatLimit", rather than one of R1–R11, D1–D5.
func isKnob(rule string) bool {
	return strings.IndexFunc(rule, unicode.IsLower) >= 0
}

// subjectError writes a failure to answer, with the subject's stderr.
func (rw *reportWriter) subjectError(c Case, se *SubjectError) {
	rw.printf("the subject failed to answer: %v\n", se)
	rw.printf("start:    %s\n", c.Start)
	rw.printf("moves:    %s\n", moveList(c))
	if se.Line != "" {
		rw.printf("its response line:\n%s", indent(se.Line))
	}
	if se.Stderr != "" {
		rw.printf("the end of its standard error:\n%s", indent(se.Stderr))
	}
	rw.printf("\n")
}

// moveList writes the moves of c as letters, "(none)" for none, then its
// refused move.
func moveList(c Case) string {
	s := make([]string, len(c.Moves))
	for i, m := range c.Moves {
		s[i] = m.String()
	}
	if c.Refused != "" {
		s = append(s, "then "+showMove(c.Refused)+", refused")
	}
	if len(s) == 0 {
		return "(none)"
	}
	return strings.Join(s, " ")
}

// indent indents every line of s by four spaces, ending it with a line
// break.
func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return "    " + strings.Join(lines, "\n    ") + "\n"
}

// count writes n and the noun, in the plural unless n is 1: "1 ply",
// "2 plies", "3 seeds".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		noun = strings.TrimSuffix(noun, "y") + "ie"
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ordinal writes 1 as "1st", 2 as "2nd" and so on.
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// jsonReport is the report of WriteJSON.
type jsonReport struct {
	Rules    string       `json:"rules"`
	Seed     uint64       `json:"seed"`
	Games    int          `json:"games"`
	Command  []string     `json:"command"`
	OK       bool         `json:"ok"`
	Cases    int          `json:"cases"`
	Plies    int          `json:"plies"`
	Seconds  float64      `json:"seconds"`
	Families []jsonFamily `json:"families"`
	Failure  *jsonFailure `json:"failure"`
}

// jsonFamily counts the cases of a family on which the subject agreed.
type jsonFamily struct {
	Family Kind `json:"family"`
	Cases  int  `json:"cases"`
}

// jsonFailure is a failure in the report of WriteJSON.
type jsonFailure struct {
	Case      int             `json:"case"`
	Family    Kind            `json:"family"`
	FirstSeen string          `json:"first_seen"`
	Found     json.RawMessage `json:"found"`
	Tries     int             `json:"tries"`
	Shrunk    json.RawMessage `json:"shrunk"`
	Seeds     int             `json:"seeds"`
	Plies     int             `json:"plies"`
	Error     string          `json:"error"`
	// A divergence.
	Rule     string          `json:"rule,omitempty"`
	RuleName string          `json:"rule_name,omitempty"`
	Ply      *int            `json:"ply,omitempty"`
	Move     *string         `json:"move,omitempty"`
	Before   string          `json:"before,omitempty"`
	Library  json.RawMessage `json:"library,omitempty"`
	Subject  json.RawMessage `json:"subject,omitempty"`
	Diffs    []Diff          `json:"diffs,omitempty"`
	// A failure to answer.
	Line   string `json:"line,omitempty"`
	Stderr string `json:"stderr,omitempty"`
}

// WriteJSON writes what res found for the check cfg as one JSON object on
// one line, for programs: the check ("rules", "seed", "games",
// "command"), whether it passed ("ok"), the cases and plies in agreement,
// the time in seconds, the cases of each family, and "failure": null, or
// the failure with the case found, the smallest case (both as oracle
// requests), the rule and each side's word, or the response line and the
// end of the subject's standard error.
func WriteJSON(w io.Writer, cfg Config, res Result) error {
	rep := jsonReport{Rules: cfg.Rules.Name, Seed: cfg.Seed, Games: cfg.Games, Command: cfg.Command,
		OK: res.Failure == nil, Cases: res.Cases, Plies: res.Plies, Seconds: res.Elapsed.Seconds()}
	if rep.Command == nil {
		rep.Command = []string{}
	}
	for _, k := range Kinds() {
		rep.Families = append(rep.Families, jsonFamily{k, res.Families[k]})
	}
	if f := res.Failure; f != nil {
		jf := &jsonFailure{Case: f.Cases, Family: f.Found.Kind, FirstSeen: f.FoundErr.Error(),
			Found: json.RawMessage(f.Found.Line()), Tries: f.Tries, Shrunk: json.RawMessage(f.Shrunk.Line()),
			Seeds: f.Shrunk.Seeds(), Plies: f.Shrunk.Plies(), Error: f.Err.Error()}
		var d *Divergence
		var se *SubjectError
		switch {
		case errors.As(f.Err, &d):
			jf.Rule, jf.RuleName = d.Rule, ruleLine(d.Rule, f.Shrunk.rules)
			jf.Ply, jf.Move, jf.Before = &d.Ply, &d.Move, d.Before.Board().String()
			jf.Library, jf.Subject, jf.Diffs = rawOrNull(d.Library), rawOrNull(d.Subject), d.Diffs
		case errors.As(f.Err, &se):
			jf.Line, jf.Stderr = se.Line, se.Stderr
		}
		rep.Failure = jf
	}
	b, err := json.Marshal(rep)
	if err != nil { // cannot happen: every field marshals
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// rawOrNull returns s as raw JSON, or null when it is "" or not JSON.
func rawOrNull(s string) json.RawMessage {
	if s == "" || !json.Valid([]byte(s)) {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}
