package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/ogn"
)

// rulesFlag defines the -rules flag on fs: the rules, abapa by default,
// read by oware.Rules's UnmarshalText.
func rulesFlag(fs *flag.FlagSet) *oware.Rules {
	r := new(oware.Rules)
	fs.TextVar(r, "rules", oware.Rules{}, "the `rules`: "+strings.Join(oware.RulesNames(), ", "))
	return r
}

// recordRulesFlag defines the -rules flag of a command that verb-s game
// records: by default every game's rules are those its Variant tag names
// (PlayStrategy's for its exports, abapa's for OpenSpiel move lists); with
// it, nil stands for that.
func recordRulesFlag(fs *flag.FlagSet, verb string) **oware.Rules {
	var p *oware.Rules
	fs.Func("rules", verb+" every game, in every format, by these `rules`, whatever its Variant tag: "+strings.Join(oware.RulesNames(), ", "), func(s string) error {
		r, err := oware.ParseRules(s)
		if err != nil {
			return err
		}
		p = &r
		return nil
	})
	return &p
}

// sideFlag defines a -side flag on fs: S, N, South or North, in any
// case, read by oware.Player's UnmarshalText.
func sideFlag(fs *flag.FlagSet, def oware.Player, usage string) *oware.Player {
	p := &def
	fs.Var(&anyCase{p}, "side", usage)
	return p
}

// anyCase is the value of a player's flag, read in any case: the
// library's own forms, "South" and "S", are capitalized before
// oware.Player's UnmarshalText reads them, as the command has long
// accepted "south" and "s".
type anyCase struct{ p *oware.Player }

func (c *anyCase) Set(text string) error {
	s := strings.ToLower(text)
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return c.p.UnmarshalText([]byte(s))
}

func (c *anyCase) String() string {
	if c.p == nil {
		return ""
	}
	return c.p.String()
}

// formatFlag defines a flag of a record format on fs: ogn, playstrategy or
// openspiel.
func formatFlag(fs *flag.FlagSet, name, usage string) *ogn.Format {
	f := &formatValue{ogn.OGN}
	fs.Var(f, name, usage+": ogn, playstrategy or openspiel")
	return &f.f
}

// formatValue is the value of a formatFlag.
type formatValue struct{ f ogn.Format }

func (v *formatValue) String() string {
	if v == nil {
		return ""
	}
	return v.f.String()
}

func (v *formatValue) Set(s string) error {
	for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy, ogn.OpenSpiel} {
		if f.String() == s {
			v.f = f
			return nil
		}
	}
	return errors.New("want ogn, playstrategy or openspiel")
}

// parsePosition reads the argument arg, a position string or a FEN (what
// names it, such as "-start"), as a usage error if it is neither.
func parsePosition(what, arg string) (oware.Board, error) {
	b, err := ogn.ParseBoardOrFEN(arg)
	if err != nil {
		return b, cli.Usagef("%s%q is not a position string or a FEN: %s", what, arg, parseProblem(err))
	}
	return b, nil
}

// parseProblem says in words what is wrong with a position text, from the
// fields of its *oware.ParseError.
func parseProblem(err error) string {
	var pe *oware.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("at byte %d, %s", pe.Offset, pe.Msg)
	}
	return err.Error()
}

// noArguments refuses arguments, for a command that takes none.
func noArguments(args []string) error {
	if len(args) > 0 {
		return cli.Usagef("unexpected argument %q", args[0])
	}
	return nil
}
