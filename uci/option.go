package uci

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionType is the type of an option: how a GUI shows it and what value
// it takes.
type OptionType int

// The types of options.
const (
	CheckOption  OptionType = iota + 1 // "check": true or false
	SpinOption                         // "spin": an integer from Min to Max
	ComboOption                        // "combo": one of Vars
	ButtonOption                       // "button": no value; setting it acts
	StringOption                       // "string": any text
)

var optionTypes = []string{CheckOption: "check", SpinOption: "spin", ComboOption: "combo", ButtonOption: "button", StringOption: "string"}

// String returns the type's word in the protocol, such as "spin".
func (t OptionType) String() string {
	if t < CheckOption || t > StringOption {
		return "OptionType(" + strconv.Itoa(int(t)) + ")"
	}
	return optionTypes[t]
}

// Option is an option of an engine: one that a Server declares in its
// answer to "uci" and sets on "setoption", or one that a Client read from
// the engine's answer.
type Option struct {
	Name    string     // its name, compared regardless of case; it may hold spaces
	Type    OptionType // how a GUI shows it and what value it takes
	Default string     // its value at the start ("" for none)
	Min     int        // the least value of a SpinOption
	Max     int        // the greatest value of a SpinOption
	Vars    []string   // the values of a ComboOption
	// Set, on an option of a Server, is called with the value of a
	// setoption that names it, once the Server has checked the value
	// against Type, Min, Max and Vars (a ButtonOption's value is ""); its
	// error is reported to the GUI. It is called from the goroutine of
	// Serve, never during a search of the session (but during another
	// session's, when a Server serves several at once).
	Set func(value string) error
}

// String returns the line that declares the option, such as "option name
// Hash type spin default 64 min 1 max 4096".
func (o Option) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s", o.Name, o.Type)
	if o.Type != ButtonOption {
		def := o.Default
		if def == "" && o.Type == StringOption {
			def = "<empty>"
		}
		if def != "" {
			b.WriteString(" default " + def)
		}
	}
	if o.Type == SpinOption {
		fmt.Fprintf(&b, " min %d max %d", o.Min, o.Max)
	}
	for _, v := range o.Vars {
		b.WriteString(" var " + v)
	}
	return b.String()
}

// check returns an error when value is not one that o takes.
func (o Option) check(value string) error {
	switch o.Type {
	case CheckOption:
		if value != "true" && value != "false" {
			return fmt.Errorf("%s %q: want true or false", o.Name, value)
		}
	case SpinOption:
		n, err := strconv.Atoi(value)
		if err != nil || n < o.Min || n > o.Max {
			return fmt.Errorf("%s %q: want %d to %d", o.Name, value, o.Min, o.Max)
		}
	case ComboOption:
		if !slices.Contains(o.Vars, value) {
			return fmt.Errorf("%s %q: want one of %s", o.Name, value, strings.Join(o.Vars, ", "))
		}
	case ButtonOption:
		if value != "" {
			return fmt.Errorf("%s is a button: want no value", o.Name)
		}
	}
	return nil
}

// optionWords are the words of an option line that start a field.
var optionWords = []string{"name", "type", "default", "min", "max", "var"}

// parseOption reads an option line, the word "option" included.
func parseOption(line string) (Option, error) {
	var o Option
	words := strings.Fields(line)
	if len(words) < 3 || words[0] != "option" || words[1] != "name" {
		return o, fmt.Errorf("%q: want \"option name NAME type TYPE ...\"", line)
	}
	// Each field runs up to the next word that starts one (a name or a
	// string default may hold spaces).
	fields := map[string]string{}
	for k := 1; k < len(words); {
		key := words[k]
		end := k + 1
		for end < len(words) && !slices.Contains(optionWords, words[end]) {
			end++
		}
		value := strings.Join(words[k+1:end], " ")
		if key == "var" {
			o.Vars = append(o.Vars, value)
		} else if _, dup := fields[key]; dup {
			return o, fmt.Errorf("%q: %s twice", line, key)
		} else {
			fields[key] = value
		}
		k = end
	}
	o.Name = fields["name"]
	if i := slices.Index(optionTypes, fields["type"]); i > 0 {
		o.Type = OptionType(i)
	}
	switch {
	case o.Name == "":
		return o, fmt.Errorf("%q: no name", line)
	case o.Type == 0:
		return o, fmt.Errorf("%q: type %q: want check, spin, combo, button or string", line, fields["type"])
	}
	o.Default = fields["default"]
	if o.Type == StringOption && o.Default == "<empty>" {
		o.Default = ""
	}
	if o.Type == SpinOption {
		var err error
		if o.Min, err = strconv.Atoi(fields["min"]); err != nil {
			return o, fmt.Errorf("%q: min %q: want a number", line, fields["min"])
		}
		if o.Max, err = strconv.Atoi(fields["max"]); err != nil {
			return o, fmt.Errorf("%q: max %q: want a number", line, fields["max"])
		}
	}
	return o, nil
}
