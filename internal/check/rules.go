package check

import (
	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// DefaultRules names the rules checked when none are chosen: the abapa
// rules of package oware.
const DefaultRules = "abapa"

// Rules is a rule preset of "oware check": its name and the library's
// rules value, under which cases are made and played and the oracle
// answers; the requests to the subject name it in their "rules" field
// (all but abapa's). The presets are those of package oware, looked up
// through oware.ParseRules.
type Rules struct {
	// Name is the preset's name, as given to "oware check -rules".
	Name string
	// game is the library's rules value of the preset.
	game oware.Rules
}

// LookupRules returns the preset named name; the error is that of
// oware.ParseRules, which wraps oware.ErrUnknownRules.
func LookupRules(name string) (Rules, error) {
	r, err := oware.ParseRules(name)
	if err != nil {
		return Rules{}, err
	}
	return Rules{Name: name, game: r}, nil
}

// Answer returns the library's response to req under r.
func (r Rules) Answer(req oracle.Request) oracle.Response {
	return oracle.Oracle{Rules: r.game}.Answer(req)
}
