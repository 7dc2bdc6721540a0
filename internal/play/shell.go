package play

import (
	"strings"

	"github.com/seed3966233f/oware/internal/shell"
)

// resumeCommand returns the command that resumes the game saved in the
// file name, with the name quoted for the shell where it needs to be:
// oware play -load 'my game.ogn'.
func resumeCommand(name string) string {
	if strings.HasPrefix(name, "-") {
		name = "./" + name // not to be taken for a flag, or "-" for stdin
	}
	return "oware play -load " + shell.Quote(name)
}
