package ogn

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// Format is a text format of game records, as a [Reader] reads it and a
// [Writer] writes it.
type Format uint8

// The formats.
const (
	// OGN is the format of Aualé, described in the package documentation.
	OGN Format = iota
	// PlayStrategy is the game export of playstrategy.org: tags as in PGN
	// ([P1 "…"] is South, [P2 "…"] North, [Variant "Oware"]) and moves such
	// as "c1f2": the square of the pit sown and the square where its last
	// seed lands, South's pits 0–5 being a1–f1 and North's pits 6–11 being
	// f2 down to a2.
	PlayStrategy
	// OpenSpiel is a move list of OpenSpiel's game "oware", one game a
	// line: actions 0–5, each counted from the first pit of the player to
	// move, separated by blanks or by one comma between two actions, and
	// optionally in one pair of brackets, as in "[2, 3, 0]" or "2 3 0"; "[]"
	// is a game without moves. A move list starts from the opening and
	// states no result.
	OpenSpiel
)

var formatNames = [...]string{OGN: "ogn", PlayStrategy: "playstrategy", OpenSpiel: "openspiel"}

// String returns the name of f: "ogn", "playstrategy" or "openspiel".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "format(" + strconv.Itoa(int(f)) + ")"
}

// Limits bounds what one game may hold, so that a Reader takes memory in
// proportion to the largest game it reads, never to its whole input. A
// game over a limit is a *ParseError wrapping ErrLimit that names the
// game, the line and the limit. Variations and white space are skipped
// without being kept, so they take no memory and have no limit.
type Limits struct {
	Tags     int // tag pairs in the tag section of a game
	Tag      int // bytes of a tag's name, and bytes of its value
	Comment  int // bytes of one comment, between its braces
	Comments int // bytes of all the comments of a game together
	Plies    int // plies of a game
}

// DefaultLimits are the limits of a Reader whose Limits fields are zero.
// With them a game takes at most a few megabytes to read and replay.
var DefaultLimits = Limits{Tags: 64, Tag: 1024, Comment: 16 << 10, Comments: 256 << 10, Plies: 10000}

// resolve returns l with every field that is not positive set to its
// default.
func (l Limits) resolve() Limits {
	for _, f := range [...]struct {
		v *int
		d int
	}{
		{&l.Tags, DefaultLimits.Tags}, {&l.Tag, DefaultLimits.Tag}, {&l.Comment, DefaultLimits.Comment},
		{&l.Comments, DefaultLimits.Comments}, {&l.Plies, DefaultLimits.Plies},
	} {
		if *f.v <= 0 {
			*f.v = f.d
		}
	}
	return l
}

// ParseError reports a record that could not be read.
type ParseError struct {
	Game   int    // the game of the input it occurred in, from 1
	Line   int    // line of the input, from 1
	Column int    // byte column in the line, from 1
	Msg    string // what is wrong there
	// Err is ErrSyntax, ErrVariant, ErrResult (the Result tag disagrees
	// with the result token), ErrLimit, the *oware.ParseError of a bad FEN
	// tag, or the error of the underlying io.Reader.
	Err error
	// Tags are the tags of the game read before the error, Variant, Result
	// and FEN excepted, in the order of Game.Tags, so that the broken game
	// can be named by its players or event; nil when none was read.
	Tags []Tag
}

// Error returns a message such as
// `ogn: game 1, line 9, column 12: "x" is not a pit letter`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("ogn: game %d, line %d, column %d: %s", e.Game, e.Line, e.Column, e.Msg)
}

// Unwrap returns e.Err.
func (e *ParseError) Unwrap() error { return e.Err }

// Reader reads game records one at a time from an input stream, as
// python-chess's read_game does: it holds one game at a time, never the
// whole input. A UTF-8 byte-order mark at the start of the input is
// skipped.
//
// A game begins with its tag section, lines that begin with a tag pair
// up to an empty line or the movetext, or, when it has none, with its
// movetext. It ends before the next game begins: at a "[" outside its
// comments and variations, which opens the next tag section; after its
// result token; or, in a game without a result token, before a move
// number "1." (with one dot) that follows a move, which begins the next
// game without tags. "1..." begins none: PlayStrategy repeats the number
// of a reply after a comment. A comment or a variation ends at the
// latest before a line that begins a game: a line that begins with "["
// and a letter, digit or underscore, the start of a tag section, or, in a
// game without tags or after a move, a line that begins with the move
// number "1.". One left open there is an error of its game, not the end
// of the next one. The writer never begins a line of a comment either
// way.
//
// After a game that fails, the next Read goes on with the game after it:
// the reader skips the rest of the faulty game, to where the next game
// begins by the rules above. A faulty tag section is skipped to the end
// of its line and the lines that follow it beginning with "["; the
// movetext of a faulty game is skipped to the next tag section, to the
// end of a result token, to a move number "1." after a move, or, in a
// game without tags, to a line that begins with "1.". An error in an
// OpenSpiel move list costs the rest of its line. So a broken game costs
// that game only, tagged or not, and the games keep their numbers; a
// *ParseError gives the tags of the broken game read before the error.
// An error of the underlying io.Reader ends the input: it is returned
// once, in a *ParseError, and Read then returns io.EOF.
type Reader struct {
	// Format is the format of the input; the zero value is OGN. Set it
	// before the first Read.
	Format Format
	// Limits bounds every game; a field that is not positive takes the
	// value of DefaultLimits.
	Limits Limits
	// Rules, when not nil, are the rules of every game, whatever its
	// Variant tag says; nil takes them from the tag. Aualé, for one, writes
	// "Oware Abapa" on games it plays by the rules of oware's "auale"
	// preset, and its capture mark on a game's last ply counts the seeds
	// the mover gathers at the end: under that preset such marks are read
	// as it means them.
	Rules *oware.Rules

	in        io.Reader
	window    []byte // bytes read from in: window[at:] are still to be taken
	at        int
	line, col int   // where the next byte is, from 1
	games     int   // games begun
	ioErr     error // the first error of in other than io.EOF
	ioDone    bool  // ioErr has been returned
	eof       bool  // in is at its end
	started   bool  // the byte-order mark has been looked for
	skip      phase // where the game that failed last stopped; none if it did not
	skipMoved bool  // the game that failed last had a move before its error
	skipTags  bool  // the game that failed last had a tag section
	buf       []byte
}

// phase is the part of a game a reader is in.
type phase uint8

const (
	none      phase = iota
	tagPhase        // the tag section
	movePhase       // the movetext
)

// NewReader returns a Reader of OGN records from r, with the default
// limits; set its fields to read another format or with other limits.
func NewReader(r io.Reader) *Reader {
	return &Reader{in: r, window: make([]byte, 0, 64<<10), line: 1, col: 1}
}

// Read reads the next game and returns it, or io.EOF when the input holds
// no more games. It checks the form of the record, not whether its moves
// are legal (see [Game.Replay] and [Reader.ReadReplay]), except in the
// PlayStrategy format, whose moves name the pit of their last seed: those
// are checked as they are read, and the capture marks of the plies are set
// from the rules. Errors are *ParseError values, or, for a PlayStrategy
// move that disagrees with the rules, a *ReplayError; the Game is then
// the zero Game.
func (r *Reader) Read() (Game, error) {
	g, _, err := r.read(false)
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// ReadReplay reads the next game as Read does and replays it under the
// rules as it reads it, as [Game.Replay] does: it returns the game with
// the effect of each ply, or io.EOF when the input holds no more games. A
// record that breaks the rules is reported as soon as its faulty ply is
// read, as a *ReplayError that names the game, the line and the ply. On
// an error the Game holds what was read up to it, a faulty ply included,
// and the effects are those of the plies before; the rest of the faulty
// game is skipped by the next call.
func (r *Reader) ReadReplay() (Game, []oware.Effect, error) { return r.read(true) }

// read reads and, when check is set, replays the next game.
func (r *Reader) read(check bool) (Game, []oware.Effect, error) {
	if r.in == nil {
		return Game{}, nil, io.EOF
	}
	if !r.started {
		r.started = true
		if r.startsWith(bom) {
			r.at += len(bom) // not a byte of the first line's columns
		}
	}
	r.recover()
	r.skipSpace()
	if _, ok := r.peek(); !ok {
		if r.ioErr != nil && !r.ioDone {
			r.ioDone = true
			return Game{}, nil, r.errAt(r.here(), r.ioErr, "reading: "+r.ioErr.Error())
		}
		return Game{}, nil, io.EOF
	}
	r.games++
	gr := gameReader{r: r, lim: r.Limits.resolve(), check: check}
	var err error
	if r.Format == OpenSpiel {
		err = gr.moveList()
	} else {
		err = gr.record()
	}
	if err == nil && r.ioErr != nil {
		err = r.errAt(r.here(), r.ioErr, "reading: "+r.ioErr.Error())
	}
	if r.ioErr != nil {
		r.ioDone = true
	}
	if err != nil {
		r.skip, r.skipMoved, r.skipTags = gr.phase, len(gr.g.Moves) > 0, gr.tags > 0
		if pe, ok := err.(*ParseError); ok {
			pe.Tags = orderTags(gr.g.Tags)
		}
		return gr.g, gr.rep.effects, err
	}
	return gr.g, gr.rep.effects, nil
}

// bom is the UTF-8 byte-order mark, which some editors write at the
// start of a text file.
const bom = "\xef\xbb\xbf"

// recover skips the rest of a game that failed, to where the next game
// begins: in its tag section the rest of the faulty line and the lines
// that follow it beginning with "[", then the movetext. A move list is
// skipped to the end of its line.
func (r *Reader) recover() {
	p, moved, tagged := r.skip, r.skipMoved, r.skipTags
	r.skip, r.skipMoved, r.skipTags = none, false, false
	switch {
	case p == none:
		return
	case r.Format == OpenSpiel:
		r.skipLine()
		return
	case p == tagPhase:
		if r.col != 1 {
			r.skipLine()
		}
		for {
			if c, ok := r.peek(); !ok || c != '[' {
				break
			}
			r.skipLine()
		}
	}
	r.discardMovetext(moved, tagged)
}

// discardMovetext skips movetext without keeping or checking it, up to the
// next tag section, past a result token, up to a move number "1." after a
// move (moved says whether the game had one before) or, in a game without
// tags (tagged says whether it had some), at the start of a line, or to
// the end of the input.
func (r *Reader) discardMovetext(moved, tagged bool) {
	for {
		r.skipSpace()
		c, ok := r.peek()
		switch {
		case !ok || c == '[':
			return
		case c == '1' && (moved || !tagged && r.col == 1) && r.atFirstNumber():
			return
		case c == '{':
			r.take()
			r.skipComment(moved || !tagged)
		case c == '(' || c == ')' || c == '}':
			r.take() // a variation's moves are skipped as tokens
		default:
			w, _ := r.word()
			if (w[0] == '*' || '0' <= w[0] && w[0] <= '9') && isResult(string(w)) {
				return
			}
			moved = moved || isPitLetter(w[0])
		}
	}
}

// isPitLetter reports whether c is a pit letter, as the moves of OGN and
// PlayStrategy begin.
func isPitLetter(c byte) bool { return 'A' <= c && c <= 'F' || 'a' <= c && c <= 'f' }

// isResult reports whether tok is a result other than NoResult.
func isResult(tok string) bool {
	res, err := ParseResult(tok)
	return err == nil && res.Kind != NoResult
}

// skipComment skips the rest of a comment, whose "{" is taken, and
// reports whether it has its closing "}". An unclosed comment ends before
// a line that begins a game: a tag line, or, when numbers is set, a line
// that begins with the move number "1." (see atGameLine).
func (r *Reader) skipComment(numbers bool) bool {
	for !r.atGameLine(numbers) {
		if _, ok := r.peek(); !ok {
			return false
		}
		if r.take() == '}' {
			return true
		}
	}
	return false
}

// atGameLine reports whether the input is at the start of a line that
// begins a game: a tag line ("[" and a letter, digit or underscore) or,
// when numbers is set (in a game without tags, or after a move), a line
// that begins with the move number "1.".
func (r *Reader) atGameLine(numbers bool) bool {
	return r.col == 1 && (r.tagLineHere() || numbers && r.atFirstNumber())
}

// tagLineHere is atTagLine at the start of a line.
func (r *Reader) tagLineHere() bool {
	if c, ok := r.peek(); !ok || c != '[' {
		return false
	}
	b := r.lookahead(2)
	return len(b) == 2 && isWordByte(b[1])
}

// atFirstNumber reports whether the input is at the move number "1." with
// a single dot, which begins a game without tags.
func (r *Reader) atFirstNumber() bool {
	return r.startsWith("1.") && !r.startsWith("1..")
}

// startsWith reports whether the input goes on with s. It reads no more
// of the input than it needs to tell, so that it waits for no byte after
// the first that differs.
func (r *Reader) startsWith(s string) bool {
	if len(r.window)-r.at >= len(s) {
		return string(r.window[r.at:r.at+len(s)]) == s
	}
	for i := range len(s) {
		if b := r.lookahead(i + 1); len(b) <= i || b[i] != s[i] {
			return false
		}
	}
	return true
}

// skipLine skips to the start of the next line.
func (r *Reader) skipLine() { r.skipPast('\n') }

// skipPast skips the input up to and including the next byte c.
func (r *Reader) skipPast(c byte) {
	for {
		b, ok := r.peek()
		if !ok {
			return
		}
		r.take()
		if b == c {
			return
		}
	}
}

// mark is a place in the input.
type mark struct{ line, col int }

func (r *Reader) here() mark { return mark{r.line, r.col} }

// peek returns the next byte without taking it; false at the end of the
// input or after an error of the input.
func (r *Reader) peek() (byte, bool) {
	if r.at < len(r.window) {
		return r.window[r.at], true
	}
	if b := r.lookahead(1); len(b) > 0 {
		return b[0], true
	}
	return 0, false
}

// lookahead returns the next n bytes of the input without taking them, or
// fewer at the end of the input or after an error of the input.
func (r *Reader) lookahead(n int) []byte {
	for len(r.window)-r.at < n && !r.eof && r.ioErr == nil {
		if r.at > 0 {
			r.window = r.window[:copy(r.window, r.window[r.at:])]
			r.at = 0
		}
		r.more()
	}
	return r.window[r.at:min(len(r.window), r.at+n)]
}

// more reads more of the input after the window; after 100 reads that
// give nothing, as bufio does, it gives up with io.ErrNoProgress.
func (r *Reader) more() {
	for range 100 {
		n, err := r.in.Read(r.window[len(r.window):cap(r.window)])
		r.window = r.window[:len(r.window)+n]
		if err == io.EOF {
			r.eof = true
		} else if err != nil {
			r.ioErr = err
		}
		if n > 0 || r.eof || r.ioErr != nil {
			return
		}
	}
	r.ioErr = io.ErrNoProgress
}

// take takes the next byte, which peek has returned.
func (r *Reader) take() byte {
	c := r.window[r.at]
	r.at++
	if c == '\n' {
		r.line, r.col = r.line+1, 1
	} else {
		r.col++
	}
	return c
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isDelim reports whether c ends a move or result token.
func isDelim(c byte) bool {
	return isSpace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '['
}

// skipSpace skips white space.
func (r *Reader) skipSpace() {
	for {
		c, ok := r.peek()
		if !ok || !isSpace(c) {
			return
		}
		r.take()
	}
}

// skipLineEnd skips white space up to and including the next line break,
// and reports whether there was one.
func (r *Reader) skipLineEnd() bool {
	for {
		c, ok := r.peek()
		if !ok || !isSpace(c) {
			return false
		}
		if r.take() == '\n' {
			return true
		}
	}
}

// skipBlanks skips spaces and tabs.
func (r *Reader) skipBlanks() {
	for {
		c, ok := r.peek()
		if !ok || c != ' ' && c != '\t' {
			return
		}
		r.take()
	}
}

// token takes the bytes up to the next delimiter and returns them, at most
// 16 of them, and whether there were more.
func (r *Reader) token() (string, bool) {
	b, long := r.word()
	return string(b), long
}

// word is token without a copy: the bytes are in r.buf, until the next
// use of it.
func (r *Reader) word() ([]byte, bool) {
	r.buf = r.buf[:0]
	long := false
	for {
		c, ok := r.peek()
		if !ok || isDelim(c) {
			return r.buf, long
		}
		r.take()
		if len(r.buf) < 16 {
			r.buf = append(r.buf, c)
		} else {
			long = true
		}
	}
}

// errAt returns a *ParseError of the current game at m.
func (r *Reader) errAt(m mark, err error, msg string) *ParseError {
	return &ParseError{Game: r.games, Line: m.line, Column: m.col, Msg: msg, Err: err}
}

// quoteByte describes the byte c for a message.
func quoteByte(c byte) string {
	if c < 0x80 {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// Parse reads all the games of a text with a Reader of OGN, in order. It
// checks the form of each record, not whether its moves are legal: see
// [Game.Replay]. On an error it returns the games read before the faulty
// one together with the *ParseError.
func Parse(r io.Reader) ([]Game, error) {
	rd := NewReader(r)
	var games []Game
	for {
		g, err := rd.Read()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// ParseGame reads a text that holds exactly one OGN game record, as Parse
// does; a text with no game or more than one is a *ParseError wrapping
// ErrSyntax.
func ParseGame(s string) (Game, error) {
	rd := NewReader(strings.NewReader(s))
	g, err := rd.Read()
	if err == io.EOF {
		return Game{}, &ParseError{Game: 1, Line: rd.line, Column: rd.col, Msg: "no game in the text", Err: ErrSyntax}
	}
	if err != nil {
		return Game{}, err
	}
	rd.skipSpace()
	if _, ok := rd.peek(); ok {
		return Game{}, &ParseError{Game: 2, Line: rd.line, Column: rd.col, Msg: "more than one game in the text", Err: ErrSyntax}
	}
	return g, nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseGame. On an
// error g is unchanged.
func (g *Game) UnmarshalText(text []byte) error {
	parsed, err := ParseGame(string(text))
	if err != nil {
		return err
	}
	*g = parsed
	return nil
}
