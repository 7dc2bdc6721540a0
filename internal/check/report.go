package check

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/seed3966233f/oware"
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
		f.Cases, f.Found.Kind, count(f.Found.Seeds(), "seed"), count(len(f.Found.Moves), "ply"),
		count(res.Cases, "case"), count(res.Plies, "ply"))
	rw.printf("first seen: %v\n", f.FoundErr)
	rw.printf("shrunk in %s to %s on the board and %s\n\n",
		count(f.Tries, "try"), count(f.Shrunk.Seeds(), "seed"), count(len(f.Shrunk.Moves), "ply"))
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
	rw.printf("rule:     %s\n", RuleName(d.Rule))
	rw.printf("start:    %s\n", c.Start)
	rw.printf("moves:    %s\n", moveList(c.Moves))
	if d.Ply == 0 {
		rw.printf("at the start, before any move:\n")
	} else {
		rw.printf("ply %d: %s plays %s, from:\n", d.Ply, d.Before.Board().ToMove(), d.Move)
	}
	rw.printf("%s", indent(d.Before.Diagram()))
	rw.printf("before:   %s (its %s occurrence since the last capture)\n", d.Before.Board(), ordinal(d.Before.Repetitions()))
	rw.printf("library says: %s\n", d.Library)
	if d.Subject == "" {
		d.Subject = "nothing"
	}
	rw.printf("subject says: %s\n", d.Subject)
	rw.printf("difference:\n")
	for _, df := range d.Diffs {
		rw.printf("  %s\n    library: %s\n    subject: %s\n", df.Field, df.Library, df.Subject)
	}
	rw.printf("\n")
}

// subjectError writes a failure to answer, with the subject's stderr.
func (rw *reportWriter) subjectError(c Case, se *SubjectError) {
	rw.printf("the subject failed to answer: %v\n", se)
	rw.printf("start:    %s\n", c.Start)
	rw.printf("moves:    %s\n", moveList(c.Moves))
	if se.Line != "" {
		rw.printf("its response line:\n%s", indent(se.Line))
	}
	if se.Stderr != "" {
		rw.printf("the end of its standard error:\n%s", indent(se.Stderr))
	}
	rw.printf("\n")
}

// moveList writes moves as letters, "(none)" for none.
func moveList(moves []oware.Move) string {
	if len(moves) == 0 {
		return "(none)"
	}
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
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
