package ogn

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// Variant is the value of the Variant tag for the rules of package oware,
// as Aualé writes it.
const Variant = "Oware Abapa"

// The results of a game, as in the Result tag and at the end of the
// movetext.
const (
	SouthWins  = "1-0"     // South has the higher tally (R11)
	NorthWins  = "0-1"     // North has the higher tally (R11)
	Draw       = "1/2-1/2" // 24–24 (R11)
	Unfinished = "*"       // the game is not over
)

// Errors of this package; match them with errors.Is. As in package
// strconv, their own messages carry no package name: the errors that wrap
// them start with "ogn: ".
var (
	// ErrSyntax: the text is not well-formed OGN. A *ParseError says where.
	ErrSyntax = errors.New("syntax error")
	// ErrVariant: the Variant tag names other rules than Oware Abapa.
	ErrVariant = errors.New("not an Oware Abapa game")
	// ErrCaptureMark: a capture mark disagrees with the seeds the move
	// captures under the rules (R5, R6): missing, wrong, or present on a
	// move that captures nothing.
	ErrCaptureMark = errors.New("capture mark disagrees with the rules")
	// ErrResult: the recorded result disagrees with the outcome of the
	// final position, or the Result tag disagrees with the result token.
	ErrResult = errors.New("result disagrees with the outcome")
	// ErrInvalidGame: a Game value cannot be written as OGN, for example
	// because a tag name is not a word or a comment holds a "}".
	ErrInvalidGame = errors.New("game cannot be written")
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
// Tags holds the tags other than Variant, Result and FEN, which the Game
// states by its other fields: the parser puts the roster tags Event, Site,
// Date, Round, South and North first, in that order, then the others in the
// order of the record. Start is the board the game starts from: the FEN
// tag, or the opening when the record has none; the zero Board also means
// the opening. A record cannot state a repetition history, so the game
// always starts a fresh one (D4). Comments are the comments before the first
// ply. Result is "1-0", "0-1", "1/2-1/2", "*" or final tallies such as
// "26-22"; the parser sets "*" when the record states no result, and ""
// means that no result is recorded, so that Replay does not check it.
type Game struct {
	Tags     []Tag
	Start    oware.Board
	Comments []string
	Moves    []Ply
	Result   string
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

// resultKind classifies a result string.
type resultKind uint8

const (
	notResult   resultKind = iota
	pgnResult              // "1-0", "0-1", "1/2-1/2" or "*"
	tallyResult            // final tallies such as "26-22"
)

// classifyResult tells whether s is a result and of which form; for the
// tally form it returns South's and North's tallies.
func classifyResult(s string) (kind resultKind, south, north int) {
	switch s {
	case SouthWins, NorthWins, Draw, Unfinished:
		return pgnResult, 0, 0
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return notResult, 0, 0
	}
	south, ok1 := smallNumber(a)
	north, ok2 := smallNumber(b)
	if !ok1 || !ok2 {
		return notResult, 0, 0
	}
	return tallyResult, south, north
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
	if n > 48 {
		return 0, false
	}
	return n, true
}

// resultOf returns the result that states o, in the tally form when tally
// is set and the game is over.
func resultOf(o oware.Outcome, tally bool) string {
	if !o.Over() {
		return Unfinished
	}
	if tally {
		return strconv.Itoa(o.Tally(oware.South)) + "-" + strconv.Itoa(o.Tally(oware.North))
	}
	if w, ok := o.Winner(); ok {
		if w == oware.South {
			return SouthWins
		}
		return NorthWins
	}
	return Draw
}

// startPosition returns the position g starts from with a fresh repetition
// history (D4): g.Start, or the opening for the zero Board.
func (g Game) startPosition() oware.Position {
	if !g.Start.Valid() {
		return oware.Start()
	}
	return oware.PositionFrom(g.Start)
}
