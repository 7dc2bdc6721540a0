// Package shell writes and reads the words of a POSIX shell's command
// line, for the commands that the command shows to be pasted.
package shell

import (
	"errors"
	"runtime"
	"strings"
)

// Quote returns s as one word of a POSIX shell's command line: as it
// is if it holds only letters, digits and _@%+=:,./-, and otherwise in
// single quotes, each ' written '\”. On Windows it puts the name in double
// quotes, which file names cannot hold.
func Quote(s string) string {
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

// Split splits a command line of plain words, 'single-quoted' parts and
// backslash escapes, as a POSIX shell does; it refuses the characters that
// would make the shell do more (expansions, redirections, double quotes).
// It reads back what Quote writes, and the command lines of the
// documentation's examples.
func Split(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated quote")
			}
			word.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '\\' && i+1 < len(line):
			word.WriteByte(line[i+1])
			i++
			inWord = true
		case strings.IndexByte("\"$`;&|<>*?()[]{}~#!", c) >= 0:
			return nil, errors.New("a character the test does not read: " + string(c))
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}
