package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"time"
)

// IntVar defines an int flag whose value must lie from lo to hi; any other
// value, or a word that is no whole number, is refused with the range
// ("want a whole number from 1 to 40"), so that the command need not check
// it. hi may be math.MaxInt for no bound. The usage names the value in
// backquotes, as package flag reads it: "search at most `N` plies".
func IntVar(fs *flag.FlagSet, p *int, name string, value, lo, hi int, usage string) {
	*p = value
	fs.Var(&intRange{p, lo, hi}, name, usage)
}

type intRange struct {
	p      *int
	lo, hi int
}

func (v *intRange) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil || int(n) < v.lo || int(n) > v.hi {
		return errors.New(v.want())
	}
	*v.p = int(n)
	return nil
}

// want words the range.
func (v *intRange) want() string {
	if v.hi == math.MaxInt {
		return fmt.Sprintf("want a whole number, %d or more", v.lo)
	}
	return fmt.Sprintf("want a whole number from %d to %d", v.lo, v.hi)
}

func (v *intRange) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

// DurationVar defines a duration flag whose value must be at least lo; a
// number without its unit is refused with the hint that it needs one
// ("5s"), as time.ParseDuration wants.
func DurationVar(fs *flag.FlagSet, p *time.Duration, name string, value, lo time.Duration, usage string) {
	*p = value
	fs.Var(&durationMin{p, lo}, name, usage)
}

type durationMin struct {
	p  *time.Duration
	lo time.Duration
}

func (v *durationMin) Set(s string) error {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		if _, nerr := strconv.ParseFloat(s, 64); nerr == nil {
			return fmt.Errorf("a duration needs its unit, such as %ss or 300ms", s)
		}
		return errors.New("want a duration, such as 1s, 300ms or 2m")
	case d < v.lo && v.lo == 1:
		return errors.New("want a duration above 0, such as 1s")
	case d < v.lo:
		return fmt.Errorf("want a duration of %v or more", v.lo)
	}
	*v.p = d
	return nil
}

func (v *durationMin) String() string {
	if v.p == nil {
		return ""
	}
	return v.p.String()
}
