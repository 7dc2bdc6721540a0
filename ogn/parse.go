package ogn

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// ParseError reports a record that could not be read.
type ParseError struct {
	Game   int    // the game of the input it occurred in, from 1
	Line   int    // line of the input, from 1
	Column int    // byte column in the line, from 1
	Msg    string // what is wrong there
	// Err is ErrSyntax, ErrVariant, ErrResult (the Result tag disagrees
	// with the result token) or the *oware.ParseError of a bad FEN tag.
	Err error
}

// Error returns a message such as
// `ogn: game 1, line 9, column 12: "x" is not a pit letter`.
func (e *ParseError) Error() string {
	return fmt.Sprintf("ogn: game %d, line %d, column %d: %s", e.Game, e.Line, e.Column, e.Msg)
}

// Unwrap returns e.Err.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse reads all the games of an OGN text, in order. A game ends where the
// tag section of the next one begins; after a result token nothing but
// white space or that tag section may follow. Parse checks the form of each
// record, not whether its moves are legal: see [Game.Replay]. On an error it
// returns the games read before the faulty one together with a *ParseError,
// or the error of r.
func Parse(r io.Reader) ([]Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parseAll(string(data))
}

// ParseGame reads a text that holds exactly one game record, as Parse
// does; a text with no game or more than one is a *ParseError wrapping
// ErrSyntax.
func ParseGame(s string) (Game, error) {
	p := &parser{src: s}
	p.skipSpace()
	if p.eof() {
		p.gameNo = 1
		return Game{}, p.errorf(0, "no game in the text")
	}
	g, err := p.game()
	if err != nil {
		return Game{}, err
	}
	p.skipSpace()
	if !p.eof() {
		p.gameNo++
		return Game{}, p.errorf(p.pos, "more than one game in the text")
	}
	return g, nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseGame.
func (g *Game) UnmarshalText(text []byte) error {
	parsed, err := ParseGame(string(text))
	if err != nil {
		return err
	}
	*g = parsed
	return nil
}

func parseAll(src string) ([]Game, error) {
	p := &parser{src: src}
	var games []Game
	for {
		p.skipSpace()
		if p.eof() {
			return games, nil
		}
		g, err := p.game()
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// parser reads OGN from src.
type parser struct {
	src    string
	pos    int
	gameNo int
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() byte { return p.src[p.pos] }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isDelim reports whether c ends a move or result token.
func isDelim(c byte) bool {
	return isSpace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '['
}

func (p *parser) skipSpace() {
	for !p.eof() && isSpace(p.peek()) {
		p.pos++
	}
}

// errAt returns a *ParseError at byte offset at wrapping err.
func (p *parser) errAt(at int, err error, msg string) *ParseError {
	line, col := 1, 1
	for i := 0; i < at && i < len(p.src); i++ {
		if p.src[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &ParseError{Game: p.gameNo, Line: line, Column: col, Msg: msg, Err: err}
}

func (p *parser) errorf(at int, format string, args ...any) *ParseError {
	return p.errAt(at, ErrSyntax, fmt.Sprintf(format, args...))
}

// game reads one record: the tag section, then the movetext up to the end
// of the text, the start of the next tag section or the result token.
func (p *parser) game() (Game, error) {
	p.gameNo++
	var g Game
	start := oware.Start().Board()
	tagResult, haveTagResult := "", false
	seen := map[string]bool{}
	for !p.eof() && p.peek() == '[' {
		at := p.pos
		name, value, err := p.tag()
		if err != nil {
			return Game{}, err
		}
		if seen[name] {
			return Game{}, p.errorf(at, "tag %s appears twice", name)
		}
		seen[name] = true
		switch name {
		case "Variant":
			if !strings.EqualFold(strings.TrimSpace(value), Variant) {
				return Game{}, p.errAt(at, ErrVariant, fmt.Sprintf("variant %q is not %q", value, Variant))
			}
		case "Result":
			if kind, _, _ := classifyResult(value); kind == notResult {
				return Game{}, p.errorf(at, "Result tag %q is not a result", value)
			}
			tagResult, haveTagResult = value, true
		case "FEN":
			b, err := oware.ParseBoard(value)
			if err != nil {
				pe := err.(*oware.ParseError)
				return Game{}, p.errAt(at, err, fmt.Sprintf("FEN tag %q: byte %d: %s", value, pe.Offset, pe.Msg))
			}
			start = b
		default:
			g.Tags = append(g.Tags, Tag{Name: name, Value: value})
		}
		p.skipSpace()
	}
	g.Tags = orderTags(g.Tags)
	g.Start = start

	tokResult, tokAt := "", -1
	for {
		p.skipSpace()
		if p.eof() || p.peek() == '[' {
			break
		}
		at := p.pos
		c := p.peek()
		switch {
		case c == '{':
			text, err := p.comment()
			if err != nil {
				return Game{}, err
			}
			if n := len(g.Moves); n > 0 {
				g.Moves[n-1].Comments = append(g.Moves[n-1].Comments, text)
			} else {
				g.Comments = append(g.Comments, text)
			}
		case c == '(':
			if err := p.variation(); err != nil {
				return Game{}, err
			}
		case 'A' <= c && c <= 'F' || 'a' <= c && c <= 'f':
			ply, err := p.ply()
			if err != nil {
				return Game{}, err
			}
			g.Moves = append(g.Moves, ply)
		case '0' <= c && c <= '9' || c == '*':
			isNumber, res, err := p.numberOrResult()
			if err != nil {
				return Game{}, err
			}
			if !isNumber {
				tokResult, tokAt = res, at
			}
		case c == ')' || c == '}':
			return Game{}, p.errorf(at, "%q without its opening bracket", c)
		default:
			return Game{}, p.errorf(at, "unexpected %s", quoteByte(c))
		}
		if tokAt >= 0 {
			p.skipSpace()
			if !p.eof() && p.peek() != '[' {
				return Game{}, p.errorf(p.pos, "text after the result %q", tokResult)
			}
			break
		}
	}

	switch {
	case tokAt >= 0 && haveTagResult && tokResult != tagResult:
		return Game{}, p.errAt(tokAt, ErrResult,
			fmt.Sprintf("result %q disagrees with the Result tag %q", tokResult, tagResult))
	case haveTagResult:
		g.Result = tagResult
	case tokAt >= 0:
		g.Result = tokResult
	default:
		g.Result = Unfinished
	}
	return g, nil
}

// quoteByte describes the byte c for a message.
func quoteByte(c byte) string {
	if c < 0x80 {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// tag reads a tag pair [Name "value"] at p.pos.
func (p *parser) tag() (name, value string, err error) {
	open := p.pos
	p.pos++ // '['
	p.skipSpace()
	from := p.pos
	for !p.eof() && isWordByte(p.peek()) {
		p.pos++
	}
	name = p.src[from:p.pos]
	if name == "" {
		return "", "", p.errorf(from, "tag without a name")
	}
	p.skipSpace()
	if p.eof() || p.peek() != '"' {
		return "", "", p.errorf(p.pos, "tag %s: value must be in double quotes", name)
	}
	p.pos++
	var b strings.Builder
	for {
		if p.eof() {
			return "", "", p.errorf(open, "tag %s: value has no closing quote", name)
		}
		c := p.peek()
		switch {
		case c == '"':
			p.pos++
			p.skipSpace()
			if p.eof() || p.peek() != ']' {
				return "", "", p.errorf(p.pos, "tag %s: missing \"]\"", name)
			}
			p.pos++
			return name, b.String(), nil
		case c == '\n' || c == '\r':
			return "", "", p.errorf(p.pos, "tag %s: line break in the value", name)
		case c == '\\' && p.pos+1 < len(p.src) && (p.src[p.pos+1] == '"' || p.src[p.pos+1] == '\\'):
			b.WriteByte(p.src[p.pos+1])
			p.pos += 2
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
}

// comment reads a comment {…} at p.pos and returns its text with runs of
// white space turned into single spaces.
func (p *parser) comment() (string, error) {
	open := p.pos
	end := strings.IndexByte(p.src[open+1:], '}')
	if end < 0 {
		return "", p.errorf(open, "comment has no closing \"}\"")
	}
	text := p.src[open+1 : open+1+end]
	p.pos = open + end + 2
	return strings.Join(strings.Fields(text), " "), nil
}

// variation skips a variation (…) at p.pos, nested variations and
// comments included.
func (p *parser) variation() error {
	open := p.pos
	depth := 0
	for !p.eof() {
		switch p.peek() {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				p.pos++
				return nil
			}
		case '{':
			if _, err := p.comment(); err != nil {
				return err
			}
			continue
		}
		p.pos++
	}
	return p.errorf(open, "variation has no closing \")\"")
}

// ply reads a pit letter and its capture mark at p.pos.
func (p *parser) ply() (Ply, error) {
	at := p.pos
	m, err := oware.ParseMove(p.src[at : at+1])
	if err != nil {
		return Ply{}, p.errorf(at, "%q is not a pit letter", p.src[at:at+1])
	}
	p.pos++
	ply := Ply{Move: m}
	if !p.eof() && p.peek() == '+' {
		p.pos++
		from := p.pos
		for !p.eof() && '0' <= p.peek() && p.peek() <= '9' {
			p.pos++
		}
		n, ok := smallNumber(p.src[from:p.pos])
		if !ok || n == 0 {
			return Ply{}, p.errorf(from, "capture mark of %s must be a number of seeds from 1 to 48", m)
		}
		ply.Captured = n
	}
	if !p.eof() && !isDelim(p.peek()) {
		return Ply{}, p.errorf(p.pos, "unexpected %s after the move %s", quoteByte(p.peek()), m)
	}
	return ply, nil
}

// numberOrResult reads a move number such as "12." (reporting true) or a
// result token at p.pos.
func (p *parser) numberOrResult() (isNumber bool, result string, err error) {
	at := p.pos
	for !p.eof() && '0' <= p.peek() && p.peek() <= '9' {
		p.pos++
	}
	if p.pos > at && !p.eof() && p.peek() == '.' {
		for !p.eof() && p.peek() == '.' {
			p.pos++
		}
		return true, "", nil
	}
	for !p.eof() && !isDelim(p.peek()) {
		p.pos++
	}
	tok := p.src[at:p.pos]
	if kind, _, _ := classifyResult(tok); kind == notResult {
		return false, "", p.errorf(at, "%q is neither a move number nor a result", tok)
	}
	return false, tok, nil
}
