package ogn

import (
	"errors"
	"slices"
	"strings"

	"github.com/seed3966233f/oware"
)

// Variant is the value of the Variant tag for the abapa rules of package
// oware, as Aualé writes it.
const Variant = "Oware Abapa"

// variantRules returns the rules that a Variant tag names: Variant, or the
// name of one of oware's rule presets (see oware.ParseRules), in any case,
// with white space around it. It is the one place where a record's rules
// are decided from its tags.
func variantRules(v string) (oware.Rules, error) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, Variant) {
		return oware.Rules{}, nil
	}
	if r, err := oware.ParseRules(strings.ToLower(v)); err == nil {
		return r, nil
	}
	return oware.Rules{}, ErrVariant
}

// variantOf returns the Variant tag that names rules r: Variant for abapa,
// the preset's name otherwise.
func variantOf(r oware.Rules) string {
	if r == (oware.Rules{}) {
		return Variant
	}
	return r.String()
}

// Errors of this package; match them with errors.Is. As in package
// strconv, their own messages carry no package name: the errors that wrap
// them start with "ogn: ".
var (
	// ErrSyntax: the text is not well-formed OGN. A *ParseError says where.
	ErrSyntax = errors.New("syntax error")
	// ErrVariant: the Variant tag names no rules of package oware: neither
	// Oware Abapa nor a preset's name (nor, in PlayStrategy's format,
	// "Oware").
	ErrVariant = errors.New("not an Oware Abapa game")
	// ErrCaptureMark: a capture mark disagrees with the seeds the move
	// captures under the rules (R5, R6): missing, wrong, or present on a
	// move that captures nothing.
	ErrCaptureMark = errors.New("capture mark disagrees with the rules")
	// ErrResult: the recorded result disagrees with the outcome of the
	// final position, or the Result tag disagrees with the result token.
	ErrResult = errors.New("result disagrees with the outcome")
	// ErrInvalidGame: a Game value cannot be written in a format, for
	// example because a tag name is not a word or a comment holds a "}".
	ErrInvalidGame = errors.New("game cannot be written")
	// ErrLimit: a game holds more than a Reader's Limits allow. The
	// *ParseError names the game, the line and the limit.
	ErrLimit = errors.New("over a limit of the reader")
	// ErrLastPit: a PlayStrategy move names a pit of the last seed other
	// than the one where the rules sow it (R3, R4).
	ErrLastPit = errors.New("last seed does not land where the move says")
)

// Tag is a tag pair of the tag section, such as [Event "Club evening"].
type Tag struct {
	Name  string // letters, digits and underscores
	Value string // any text without line breaks
}

// Ply is one move of a record with what the record says about it.
type Ply struct {
	Move oware.Move
	// Captured is the capture mark "+N": the seeds the move captures
	// according to the record, 0 when the move has no mark.
	Captured int
	// Comments are the comments that follow the move, their runs of white
	// space turned into single spaces.
	Comments []string
}

// Game is one game record.
//
// Variant is the value of the record's Variant tag exactly as written, ""
// when the record has none (and in PlayStrategy's format, whose "Oware"
// names PlayStrategy's rules). It names the rules of the game: "Oware
// Abapa" (see [Variant]) or one of oware's presets, such as "openspiel"; a
// Reader given Rules takes those whatever the tag says. Rules are the
// rules the game is played by, the zero Rules (abapa) for an OGN record
// without the tag. The writer writes Variant when it names Rules, and the
// name of Rules otherwise, so that a record always states the rules it was
// read by. Tags holds the other tags except Result and FEN, which the Game
// states by its other fields: the parser puts the roster tags Event, Site,
// Date, Round, South and North first, in that order, then the others in the
// order of the record. Start is the board the game starts from: the FEN
// tag, or the opening when the record has none; the zero Board also means
// the opening. A record cannot state a repetition history, so the game
// always starts a fresh one (D4). Comments are the comments before the first
// ply. Result is the recorded result; the parser sets Unfinished ("*") when
// the record states none, and the zero Result (NoResult) means that no
// result is recorded, so that Replay does not check it.
type Game struct {
	Variant  string
	Rules    oware.Rules
	Tags     []Tag
	Start    oware.Board
	Comments []string
	Moves    []Ply
	Result   Result
}

// Tag returns the value of the tag with the given name among g.Tags, and
// whether there is one. Variant, Result and FEN are not in g.Tags.
func (g Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// roster lists the tags that are written first, in this order, after
// Variant; Result follows them.
var roster = [...]string{"Event", "Site", "Date", "Round", "South", "North"}

// reserved reports whether a tag is stated by a field of Game rather than
// kept in Game.Tags.
func reserved(name string) bool {
	return name == "Variant" || name == "Result" || name == "FEN"
}

// orderTags returns tags with the roster tags first, in roster order,
// and the others after them in their order. It does not change tags.
func orderTags(tags []Tag) []Tag {
	if len(tags) == 0 {
		return nil
	}
	out := make([]Tag, 0, len(tags))
	for _, name := range roster {
		for _, t := range tags {
			if t.Name == name {
				out = append(out, t)
			}
		}
	}
	for _, t := range tags {
		if !slices.Contains(roster[:], t.Name) {
			out = append(out, t)
		}
	}
	return out
}

// validTagName reports whether name is a non-empty run of ASCII letters,
// digits and underscores.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isWordByte(name[i]) {
			return false
		}
	}
	return true
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// smallNumber reads a decimal count from 0 to 48 without sign or leading
// zero.
func smallNumber(s string) (int, bool) {
	if s == "" || len(s) > 2 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	if n > oware.NumSeeds {
		return 0, false
	}
	return n, true
}

// StartPosition returns the position g starts from, with a fresh
// repetition history (D4): g.Start, or the opening for the zero Board.
func (g Game) StartPosition() oware.Position {
	if !g.Start.Valid() {
		return g.Rules.Start()
	}
	return g.Rules.Position(g.Start)
}
