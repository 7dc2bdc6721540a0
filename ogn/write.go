package ogn

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// lineWidth is the longest movetext line the writer makes, unless a single
// word is longer.
const lineWidth = 79

// AppendText implements encoding.TextAppender: it appends the canonical
// OGN record of g, ending with a line break.
//
// The tag section holds Variant, the roster tags of g.Tags (Event, Site,
// Date, Round, South, North) in that order, Result, FEN when the game does
// not start from the opening, and then the other tags of g.Tags in their
// order. The movetext follows after an empty line: a move number before
// every other ply, each ply with its capture mark and comments, lines of at
// most 79 bytes, and the result.
//
// The capture marks and the result are computed by replaying the moves
// under the rules, so that a Game that holds only moves is written with
// correct marks; the result keeps the form of g.Result (final tallies or
// "1-0" and the like). If a move is illegal, the marks from that ply on and
// the result are written as g records them ("*" if g.Result is "").
//
// It returns an error wrapping ErrInvalidGame, and b unchanged, when g
// cannot be written: a tag name that is not a word or is Variant, Result or
// FEN, a tag given twice, a line break in a tag value, a "}" in a comment,
// a move outside the board, a capture mark outside 0–48 or a result that is
// not one. It does not change g.
func (g Game) AppendText(b []byte) ([]byte, error) {
	if err := g.check(); err != nil {
		return b, err
	}
	start := g.startPosition()
	marks := make([]int, len(g.Moves))
	result := g.Result
	pos, legal := start, true
	for i, ply := range g.Moves {
		marks[i] = ply.Captured
		if !legal {
			continue
		}
		eff, err := pos.Explain(ply.Move)
		if err != nil {
			legal = false
			continue
		}
		marks[i] = eff.Captured()
		pos = eff.After
	}
	if legal {
		kind, _, _ := classifyResult(g.Result)
		result = resultOf(pos.Outcome(), kind == tallyResult)
	} else if result == "" {
		result = Unfinished
	}

	b = appendTag(b, "Variant", Variant)
	tags := orderTags(g.Tags)
	n := 0
	for n < len(tags) && slices.Contains(roster[:], tags[n].Name) {
		n++
	}
	for _, t := range tags[:n] {
		b = appendTag(b, t.Name, t.Value)
	}
	b = appendTag(b, "Result", result)
	if start.Board() != oware.Start().Board() {
		fen, _ := start.Board().AppendText(nil)
		b = appendTag(b, "FEN", string(fen))
	}
	for _, t := range tags[n:] {
		b = appendTag(b, t.Name, t.Value)
	}
	b = append(b, '\n')

	w := lineWriter{b: b, start: len(b)}
	for _, c := range g.Comments {
		w.comment(c)
	}
	for i, ply := range g.Moves {
		move := plyText(ply.Move, marks[i])
		if i%2 == 0 {
			// A move number stays on the line of its move.
			move = strconv.Itoa(i/2+1) + ". " + move
		}
		w.word(move)
		for _, c := range ply.Comments {
			w.comment(c)
		}
	}
	w.word(result)
	return append(w.b, '\n'), nil
}

// check reports why g cannot be written, if it cannot.
func (g Game) check() error {
	seen := map[string]bool{}
	for _, t := range g.Tags {
		switch {
		case !validTagName(t.Name):
			return fmt.Errorf("ogn: %w: tag name %q is not a word of letters, digits and underscores", ErrInvalidGame, t.Name)
		case reserved(t.Name):
			return fmt.Errorf("ogn: %w: tag %s is stated by the Game's fields, not by Tags", ErrInvalidGame, t.Name)
		case seen[t.Name]:
			return fmt.Errorf("ogn: %w: tag %s given twice", ErrInvalidGame, t.Name)
		case strings.ContainsAny(t.Value, "\r\n"):
			return fmt.Errorf("ogn: %w: tag %s: line break in the value", ErrInvalidGame, t.Name)
		}
		seen[t.Name] = true
	}
	if err := checkComments(g.Comments); err != nil {
		return err
	}
	for i, ply := range g.Moves {
		switch {
		case !ply.Move.Valid():
			return fmt.Errorf("ogn: %w: ply %d: %v is not a pit", ErrInvalidGame, i+1, ply.Move)
		case ply.Captured < 0 || ply.Captured > 48:
			return fmt.Errorf("ogn: %w: ply %d: capture mark %d is not a number of seeds", ErrInvalidGame, i+1, ply.Captured)
		}
		if err := checkComments(ply.Comments); err != nil {
			return err
		}
	}
	if g.Result != "" {
		if kind, _, _ := classifyResult(g.Result); kind == notResult {
			return fmt.Errorf("ogn: %w: %q is not a result", ErrInvalidGame, g.Result)
		}
	}
	return nil
}

func checkComments(comments []string) error {
	for _, c := range comments {
		if strings.Contains(c, "}") {
			return fmt.Errorf("ogn: %w: comment %q holds a \"}\"", ErrInvalidGame, c)
		}
	}
	return nil
}

// appendTag appends a tag pair line, escaping backslashes and quotes.
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, value[i])
	}
	return append(b, '"', ']', '\n')
}

// lineWriter lays out movetext words in lines of at most lineWidth bytes.
type lineWriter struct {
	b     []byte
	start int // offset in b of the current line
}

func (w *lineWriter) word(s string) {
	switch {
	case len(w.b) == w.start:
	case len(w.b)-w.start+1+len(s) > lineWidth:
		w.b = append(w.b, '\n')
		w.start = len(w.b)
	default:
		w.b = append(w.b, ' ')
	}
	w.b = append(w.b, s...)
}

// comment writes a comment, breaking lines between its words.
func (w *lineWriter) comment(text string) {
	words := strings.Fields(text)
	if len(words) == 0 {
		w.word("{}")
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, s := range words {
		w.word(s)
	}
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (g Game) MarshalText() ([]byte, error) { return g.AppendText(nil) }

// WriteTo implements io.WriterTo: it writes the record of AppendText to w.
// To write several games, separate them with an empty line.
func (g Game) WriteTo(w io.Writer) (int64, error) {
	b, err := g.AppendText(nil)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}

// String returns the record of AppendText, or the error message when g
// cannot be written.
func (g Game) String() string {
	b, err := g.AppendText(nil)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
