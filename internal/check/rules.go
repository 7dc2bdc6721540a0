package check

import (
	"errors"
	"fmt"
	"slices"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// DefaultRules names the rules checked when none are chosen: the abapa
// rules of RULES.md, those of package oware.
const DefaultRules = "abapa"

// ErrUnknownRules is wrapped by the error of [LookupRules] for a name that
// is not a preset.
var ErrUnknownRules = errors.New("no such rules")

// Rules is a rule preset of "oware check": its name and the library's
// rules value, under which cases are made and played and the oracle
// answers; the requests to the subject name it in their "rules" field
// (all but abapa's). It is the one place where the choice of rules is
// made: the presets are those of package oware.
type Rules struct {
	// Name is the preset's name, as given to "oware check -rules".
	Name string
	// game is the library's rules value of the preset.
	game oware.Rules
}

// presets are the rule presets by name: those of oware.ParseRules.
var presets = func() map[string]Rules {
	m := map[string]Rules{}
	for _, name := range oware.RulesNames() {
		r, _ := oware.ParseRules(name)
		m[name] = Rules{Name: name, game: r}
	}
	return m
}()

// LookupRules returns the preset named name, or an error wrapping
// ErrUnknownRules.
func LookupRules(name string) (Rules, error) {
	r, ok := presets[name]
	if !ok {
		return Rules{}, fmt.Errorf("rules %q: %w (have %v)", name, ErrUnknownRules, RuleNames())
	}
	return r, nil
}

// RuleNames returns the names of the presets, sorted.
func RuleNames() []string {
	names := make([]string, 0, len(presets))
	for name := range presets {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Answer returns the library's response to req under r.
func (r Rules) Answer(req oracle.Request) oracle.Response {
	return oracle.Oracle{Rules: r.game}.Answer(req)
}
