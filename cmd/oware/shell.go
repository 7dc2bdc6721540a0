package main

import (
	"runtime"
	"strings"
)

// resumeCommand returns the command that resumes the game saved in the
// file name, with the name quoted for the shell where it needs to be:
// oware play -load 'my game.ogn'.
func resumeCommand(name string) string {
	return "oware play -load " + shellQuote(name)
}

// shellQuote returns s as one word of a POSIX shell's command line: as it
// is if it holds only letters, digits and _@%+=:,./-, and otherwise in
// single quotes, each ' written '\”. On Windows it puts the name in double
// quotes, which file names cannot hold.
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_@%+=:,./-", c)) {
			safe = false
			break
		}
	}
	switch {
	case safe:
		return s
	case runtime.GOOS == "windows":
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
