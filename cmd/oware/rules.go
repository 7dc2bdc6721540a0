package main

import (
	"flag"
	"strings"

	"github.com/seed3966233f/oware"
)

// rulesFlag defines the -rules flag of a command on fs.
func rulesFlag(fs *flag.FlagSet) *string {
	return fs.String("rules", "abapa", "the rules: "+strings.Join(oware.RulesNames(), ", "))
}

// parseRules reads the value of a -rules flag; ok is false, after a usage
// message, for a name that is no preset's.
func parseRules(fs *flag.FlagSet, name string) (oware.Rules, int, bool) {
	r, err := oware.ParseRules(name)
	if err != nil {
		return r, usageError(fs.Output(), fs, "-rules %q: want one of %s", name, strings.Join(oware.RulesNames(), ", ")), false
	}
	return r, exitOK, true
}
