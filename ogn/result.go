package ogn

import (
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// ResultKind says what a [Result] states.
type ResultKind uint8

// The kinds of results. Their text forms are those of the Result tag and of
// the end of the movetext.
const (
	NoResult   ResultKind = iota // no result is recorded ("" as text); Replay checks none
	Unfinished                   // "*": the game is not over
	SouthWins                    // "1-0": South has the higher tally (R11)
	NorthWins                    // "0-1": North has the higher tally (R11)
	Draw                         // "1/2-1/2": 24–24 (R11)
	Tallies                      // the final tallies, South's first, as Aualé writes them: "26-22"
)

// Result is the result a record states. South and North are the final
// tallies (D3) when Kind is Tallies, and 0 otherwise. Results are
// comparable with ==.
type Result struct {
	Kind         ResultKind
	South, North int
}

// resultWords are the text forms of the kinds other than Tallies.
var resultWords = [...]string{NoResult: "", Unfinished: "*", SouthWins: "1-0", NorthWins: "0-1", Draw: "1/2-1/2"}

// ParseResult reads a result: "*", "1-0", "0-1", "1/2-1/2", or final
// tallies such as "26-22" (each a count from 0 to 48 without sign or
// leading zero). The empty text is NoResult. Any other text is an error
// wrapping ErrSyntax.
func ParseResult(s string) (Result, error) {
	for k, w := range resultWords {
		if s == w {
			return Result{Kind: ResultKind(k)}, nil
		}
	}
	a, b, ok := strings.Cut(s, "-")
	south, ok1 := smallNumber(a)
	north, ok2 := smallNumber(b)
	if !ok || !ok1 || !ok2 {
		return Result{}, &ResultError{Text: s}
	}
	return Result{Kind: Tallies, South: south, North: north}, nil
}

// ResultError reports a text that is not a result. It wraps ErrSyntax.
type ResultError struct {
	Text string // the text given
}

// Error returns a message such as `ogn: "2-0-1" is not a result`.
func (e *ResultError) Error() string { return "ogn: " + strconv.Quote(e.Text) + " is not a result" }

// Unwrap returns ErrSyntax.
func (e *ResultError) Unwrap() error { return ErrSyntax }

// valid reports whether r can be written.
func (r Result) valid() bool {
	if r.Kind == Tallies {
		return 0 <= r.South && r.South <= oware.NumSeeds && 0 <= r.North && r.North <= oware.NumSeeds
	}
	return r.Kind < Tallies && r.South == 0 && r.North == 0
}

// String returns the text form of r: "*", "1-0", "0-1", "1/2-1/2", tallies
// such as "26-22", or "" for NoResult. A Result that is none of these (an
// unknown Kind, tallies outside 0–48) gives "?".
func (r Result) String() string {
	switch {
	case !r.valid():
		return "?"
	case r.Kind == Tallies:
		return strconv.Itoa(r.South) + "-" + strconv.Itoa(r.North)
	}
	return resultWords[r.Kind]
}

// MarshalText implements encoding.TextMarshaler with the text of String;
// a Result that is none of the forms is an error wrapping ErrInvalidGame.
func (r Result) MarshalText() ([]byte, error) {
	if !r.valid() {
		return nil, &WriteError{What: "result", Err: ErrInvalidGame}
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseResult. On
// an error r is unchanged.
func (r *Result) UnmarshalText(text []byte) error {
	v, err := ParseResult(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// ResultOf returns the result that states outcome o: Unfinished while the
// game goes on, else SouthWins, NorthWins or Draw.
func ResultOf(o oware.Outcome) Result {
	if !o.Over() {
		return Result{Kind: Unfinished}
	}
	if w, ok := o.Winner(); ok {
		if w == oware.South {
			return Result{Kind: SouthWins}
		}
		return Result{Kind: NorthWins}
	}
	return Result{Kind: Draw}
}

// tallyResultOf returns the final tallies of o as a Result, or Unfinished
// while the game goes on.
func tallyResultOf(o oware.Outcome) Result {
	if !o.Over() {
		return Result{Kind: Unfinished}
	}
	return Result{Kind: Tallies, South: o.Tally(oware.South), North: o.Tally(oware.North)}
}

// Agrees reports whether r states outcome o: Unfinished exactly when the
// game is not over, the winner or the draw, or the exact final tallies
// (D3). NoResult agrees with every outcome.
func (r Result) Agrees(o oware.Outcome) bool {
	switch r.Kind {
	case NoResult:
		return true
	case Tallies:
		return tallyResultOf(o) == r
	}
	return ResultOf(o) == r
}

// as returns the result of o in the form of r: tallies when r is Tallies,
// else the kind of ResultOf.
func (r Result) as(o oware.Outcome) Result {
	if r.Kind == Tallies {
		return tallyResultOf(o)
	}
	return ResultOf(o)
}

// winnerForm returns r with final tallies stated by the winner or the
// draw; other results unchanged.
func (r Result) winnerForm() Result {
	switch {
	case r.Kind != Tallies:
		return r
	case r.South > r.North:
		return Result{Kind: SouthWins}
	case r.South < r.North:
		return Result{Kind: NorthWins}
	}
	return Result{Kind: Draw}
}
