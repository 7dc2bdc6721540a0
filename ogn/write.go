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

// WriteError reports a Game that cannot be written in a format. It wraps
// ErrInvalidGame.
type WriteError struct {
	Format Format // the format asked for
	What   string // what cannot be written, and why
	Err    error  // ErrInvalidGame
}

// Error returns a message such as `ogn: game cannot be written as ogn:
// comment "a}" holds a "}"`.
func (e *WriteError) Error() string {
	return "ogn: " + e.Err.Error() + " as " + e.Format.String() + ": " + e.What
}

// Unwrap returns e.Err.
func (e *WriteError) Unwrap() error { return e.Err }

// AppendText implements encoding.TextAppender: it appends the canonical
// OGN record of g, ending with a line break.
//
// The tag section holds Variant (g.Variant when it names g.Rules, else the
// name of g.Rules: [Variant] for abapa, the preset's name otherwise),
// the roster tags of g.Tags (Event, Site, Date, Round, South, North) in
// that order, Result, FEN when the game does not start from the opening,
// and then the other tags of g.Tags in their order. The movetext follows
// after an empty line: a move number before each of South's plies ("1. F e
// 2. D"), and "1..." before the first ply of a game that North begins
// ("1... a 2. A b"), each ply with its capture mark and comments, lines of
// at most 79 bytes, and the result.
//
// The capture marks and the result are computed by replaying the moves
// under the rules, so that a Game that holds only moves is written with
// correct marks; the result keeps the form of g.Result (final tallies or
// "1-0" and the like). If a move is illegal, the marks from that ply on and
// the result are written as g records them ("*" if g.Result is NoResult).
//
// It returns a *WriteError wrapping ErrInvalidGame, and b unchanged, when
// g cannot be written: a tag name that is not a word or is Variant, Result or FEN, a tag given
// twice, a line break in a tag value, a "}" in a comment, a move outside
// the board, a capture mark outside 0–48 or a result that is none of the
// forms. It does not change g.
func (g Game) AppendText(b []byte) ([]byte, error) { return g.AppendFormat(b, OGN) }

// AppendFormat appends the record of g in format f: OGN as
// [Game.AppendText] writes it; PlayStrategy's export format, with the
// tags Event, Site, Date, Round, P1 (South), P2 (North), Result, the other
// tags, Variant ("Oware" for PlayStrategy's rules, as PlayStrategy writes
// it, else the Variant of the OGN record, which names the game's rules)
// and a FEN tag in PlayStrategy's FEN for a set-up start, then the moves
// such as "c1f2" with their comments and the result as the rules give it;
// or an OpenSpiel move list, one line of actions, which keeps only the
// moves: it states no rules, and reads back by a Reader's Rules. Moves
// that cannot be played cannot be written as PlayStrategy or OpenSpiel
// moves, nor can a game from a set-up position as an OpenSpiel move list.
// Errors are *WriteError values, and b is then unchanged. It does not
// change g.
//
// A game that a Reader with the DefaultLimits would refuse is not written:
// one with more tags, plies or bytes of a tag, of a comment or of all its
// comments as written than the limits allow (see [Limits]); the error
// names the limit. A [Writer] writes within its own Limits.
func (g Game) AppendFormat(b []byte, f Format) ([]byte, error) {
	return g.appendFormat(b, f, DefaultLimits)
}

// appendFormat is AppendFormat within the limits lim.
func (g Game) appendFormat(b []byte, f Format, lim Limits) ([]byte, error) {
	invalid := func(format string, args ...any) error {
		return &WriteError{Format: f, What: fmt.Sprintf(format, args...), Err: ErrInvalidGame}
	}
	if err := g.check(f, invalid); err != nil {
		return b, err
	}
	if n := len(g.Moves); n > lim.Plies {
		return b, invalid("%d plies, over the reader's limit of %d (Limits.Plies)", n, lim.Plies)
	}
	c := g.canonical()
	if f != OGN && c.legal < len(g.Moves) {
		return b, invalid("ply %d (%s) cannot be played", c.legal+1, g.Moves[c.legal].Move)
	}
	if f == OpenSpiel {
		return g.appendOpenSpiel(b, c), nil
	}
	tags := g.writtenTags(f, c)
	if err := checkTagLimits(tags, lim, invalid); err != nil {
		return b, err
	}
	w := lineWriter{lim: lim}
	for _, t := range tags {
		b = appendTag(b, t.Name, t.Value)
	}
	w.b = append(b, '\n')
	w.start = len(w.b)
	if f == PlayStrategy {
		g.appendPlayStrategy(&w, c)
	} else {
		g.appendOGN(&w, c)
	}
	if w.err != "" {
		return b, invalid("%s", w.err)
	}
	return w.b, nil
}

// writtenTags returns the tag pairs of the record of g in format f, under
// their names there and in their order: in OGN, Variant, the roster tags
// (Event, Site, Date, Round, South, North), Result, FEN for a set-up
// start and the other tags; in PlayStrategy's export, the roster tags
// with P1 and P2 for South and North, Result, the other tags, Variant and
// FEN.
func (g Game) writtenTags(f Format, c canonical) []Tag {
	roster, others := splitRoster(g.Tags)
	tags := make([]Tag, 0, len(g.Tags)+3)
	start := c.start.Board()
	setUp := start != oware.Start().Board()
	if f == PlayStrategy {
		for _, t := range roster {
			tags = append(tags, Tag{Name: psName(t.Name), Value: t.Value})
		}
		tags = append(tags, Tag{Name: "Result", Value: c.result.winnerForm().String()})
		tags = append(tags, others...)
		tags = append(tags, Tag{Name: "Variant", Value: g.playStrategyLabel()})
		if setUp {
			fen, _ := AppendFEN(nil, start, 1)
			tags = append(tags, Tag{Name: "FEN", Value: string(fen)})
		}
		return tags
	}
	tags = append(tags, Tag{Name: "Variant", Value: g.variantLabel()})
	tags = append(tags, roster...)
	tags = append(tags, Tag{Name: "Result", Value: c.result.String()})
	if setUp {
		tags = append(tags, Tag{Name: "FEN", Value: start.String()})
	}
	return append(tags, others...)
}

// checkTagLimits reports why tags, as written, are over the limits lim
// of a reader.
func checkTagLimits(tags []Tag, lim Limits, invalid func(string, ...any) error) error {
	if len(tags) > lim.Tags {
		return invalid("%d tags as written, Variant and Result included, over the reader's limit of %d (Limits.Tags)", len(tags), lim.Tags)
	}
	for _, t := range tags {
		switch {
		case len(t.Name) > lim.Tag:
			return invalid("tag name of %d bytes, over the reader's limit of %d (Limits.Tag)", len(t.Name), lim.Tag)
		case len(t.Value) > lim.Tag:
			return invalid("tag %s: value of %d bytes, over the reader's limit of %d (Limits.Tag)", t.Name, len(t.Value), lim.Tag)
		}
	}
	return nil
}

// canonical is a game as the writer writes it.
type canonical struct {
	start  oware.Position
	marks  []int         // the capture mark of every ply
	plays  []oware.Board // the board before every legal ply
	lasts  []int         // the pit of the last seed of every legal ply
	legal  int           // how many plies are legal, from the first
	result Result
}

// canonical replays g as far as its moves are legal.
func (g Game) canonical() canonical {
	c := canonical{start: g.StartPosition(), marks: make([]int, len(g.Moves)), result: g.Result}
	pos := c.start
	c.legal = len(g.Moves)
	for i, ply := range g.Moves {
		c.marks[i] = ply.Captured
		if i >= c.legal {
			continue
		}
		eff, err := pos.Explain(ply.Move)
		if err != nil {
			c.legal = i
			continue
		}
		c.marks[i] = eff.Captured()
		c.plays = append(c.plays, pos.Board())
		c.lasts = append(c.lasts, eff.Last())
		pos = eff.After()
	}
	switch {
	case c.legal == len(g.Moves):
		c.result = g.Result.as(pos.Outcome())
	case c.result.Kind == NoResult:
		c.result = Result{Kind: Unfinished}
	}
	return c
}

// appendOGN appends the movetext of the OGN record of g with w.
func (g Game) appendOGN(w *lineWriter, c canonical) {
	for i, s := range g.Comments {
		w.comment(s, 0, i)
	}
	// A move number comes before each of South's plies, and before the
	// first ply of a game that North begins, as "1...", as PGN numbers a
	// game that Black begins.
	northFirst := 0
	if c.start.Board().ToMove() == oware.North {
		northFirst = 1
	}
	for i, ply := range g.Moves {
		move := plyText(ply.Move, c.marks[i])
		// A move number stays on the line of its move.
		switch n := i + northFirst; {
		case n%2 == 0:
			move = strconv.Itoa(n/2+1) + ". " + move
		case i == 0:
			move = "1... " + move
		}
		w.word(move)
		for j, s := range ply.Comments {
			w.comment(s, i+1, j)
		}
	}
	w.word(c.result.String())
	w.b = append(w.b, '\n')
}

// variantLabel returns the Variant tag of g's OGN record: g.Variant when
// it names g.Rules, else the name of g.Rules, so that a game read under a
// Reader's Rules reads back under them.
func (g Game) variantLabel() string {
	if r, err := variantRules(g.Variant); g.Variant != "" && err == nil && r == g.Rules {
		return g.Variant
	}
	return variantOf(g.Rules)
}

// splitRoster returns the roster tags of tags in roster order, and the
// others in their order.
func splitRoster(tags []Tag) (rosterTags, others []Tag) {
	ordered := orderTags(tags)
	n := 0
	for n < len(ordered) && slices.Contains(roster[:], ordered[n].Name) {
		n++
	}
	return ordered[:n], ordered[n:]
}

// check reports why g cannot be written in format f, if it cannot, with
// invalid.
func (g Game) check(f Format, invalid func(string, ...any) error) error {
	if f > OpenSpiel {
		return invalid("no such format")
	}
	if err := g.checkTags(f, invalid); err != nil {
		return err
	}
	if err := checkComments(g.Comments, invalid); err != nil {
		return err
	}
	for i, ply := range g.Moves {
		switch {
		case !ply.Move.Valid():
			return invalid("ply %d: %v is not a pit", i+1, ply.Move)
		case ply.Captured < 0 || ply.Captured > oware.NumSeeds:
			return invalid("ply %d: capture mark %d is not a number of seeds", i+1, ply.Captured)
		}
		if err := checkComments(ply.Comments, invalid); err != nil {
			return err
		}
	}
	if !g.Result.valid() {
		return invalid("result %+v is none of the forms", g.Result)
	}
	if f == OpenSpiel && g.Start.Valid() && g.Start != oware.Start().Board() {
		return invalid("an OpenSpiel move list starts from the opening, not from %s", g.Start)
	}
	return nil
}

// checkTags reports why the tags of g cannot be written in format f.
func (g Game) checkTags(f Format, invalid func(string, ...any) error) error {
	seen := map[string]bool{}
	for _, t := range g.Tags {
		switch {
		case !validTagName(t.Name):
			return invalid("tag name %q is not a word of letters, digits and underscores", t.Name)
		case reserved(t.Name):
			return invalid("tag %s is stated by the Game's fields, not by Tags", t.Name)
		case f == PlayStrategy && (t.Name == "P1" || t.Name == "P2"):
			return invalid("tag %s is written from the tag %s", t.Name, map[string]string{"P1": "South", "P2": "North"}[t.Name])
		case seen[t.Name]:
			return invalid("tag %s given twice", t.Name)
		case strings.ContainsAny(t.Value, "\r\n"):
			return invalid("tag %s: line break in the value", t.Name)
		}
		seen[t.Name] = true
	}
	return nil
}

func checkComments(comments []string, invalid func(string, ...any) error) error {
	for _, c := range comments {
		if strings.Contains(c, "}") {
			return invalid("comment %q holds a \"}\"", c)
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

// lineWriter lays out movetext words in lines of at most lineWidth bytes,
// and checks the comments it writes against the limits of a reader.
type lineWriter struct {
	b        []byte
	start    int    // offset in b of the current line
	lim      Limits // the limits of the reader
	comments int    // the bytes of the comments written, between their braces
	err      string // the first comment over a limit, or ""
}

// word writes s after a space, or on a new line when the line would be
// too long.
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

// comment writes a comment, breaking lines between its words: the
// comment n (from 0) of ply (from 1; 0 for the game's comments). A word
// of a comment that begins with "[" or "1." never begins a line, where
// the reader would take it for the start of a game (a tag section, or the
// move number of a game without tags) and end the comment before it: it
// is put after a space. A comment longer as written than the reader's
// limits allow sets w.err.
func (w *lineWriter) comment(text string, ply, n int) {
	words := strings.Fields(text)
	if len(words) == 0 {
		w.word("{}")
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	open := 0
	for i, s := range words {
		w.word(s)
		if begin := len(w.b) - len(s); begin == w.start && beginsGame(s) {
			w.b = slices.Insert(w.b, begin, ' ')
		}
		if i == 0 {
			open = len(w.b) - len(s)
		}
	}
	size := len(w.b) - open - 2 // the braces are not the comment's
	w.comments += size
	if w.err != "" || size <= w.lim.Comment && w.comments <= w.lim.Comments {
		return
	}
	where := fmt.Sprintf("comment %d of ply %d", n+1, ply)
	if ply == 0 {
		where = fmt.Sprintf("game comment %d", n+1)
	}
	if size > w.lim.Comment {
		w.err = fmt.Sprintf("%s: %d bytes as written, over the reader's limit of %d (Limits.Comment)", where, size, w.lim.Comment)
	} else {
		w.err = fmt.Sprintf("%s: the comments of the game come to %d bytes as written, over the reader's limit of %d (Limits.Comments)", where, w.comments, w.lim.Comments)
	}
}

// beginsGame reports whether a word of a comment would begin a game at
// the start of a line: it begins with "[" or with "1.".
func beginsGame(s string) bool {
	return strings.HasPrefix(s, "[") || strings.HasPrefix(s, "1.")
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (g Game) MarshalText() ([]byte, error) { return g.AppendText(nil) }

// WriteTo implements io.WriterTo: it writes the record of AppendText to w.
// To write several games, use a [Writer], or separate them with an empty
// line.
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

// Writer writes games one after the other to an output stream, in its
// Format, as a [Reader] of that format reads them back: OGN and
// PlayStrategy records separated by an empty line, OpenSpiel move lists
// one a line.
type Writer struct {
	// Format is the format to write; the zero value is OGN.
	Format Format
	// Limits are those of the Reader that is to read the games back: a
	// game over them is not written (see [Game.AppendFormat]). A field
	// that is not positive takes the value of DefaultLimits.
	Limits Limits

	w     io.Writer
	games int
	buf   []byte
}

// NewWriter returns a Writer of OGN records to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one game, as [Game.AppendFormat] makes it, and returns its
// error or that of the output stream. Nothing is written for a game that
// cannot be written.
func (w *Writer) Write(g Game) error {
	b := w.buf[:0]
	if w.games > 0 && w.Format != OpenSpiel {
		b = append(b, '\n')
	}
	b, err := g.appendFormat(b, w.Format, w.Limits.resolve())
	if err != nil {
		return err
	}
	w.buf = b
	w.games++
	_, err = w.w.Write(b)
	return err
}
