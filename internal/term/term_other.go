//go:build !linux || mips || mipsle || mips64 || mips64le || ppc64 || ppc64le || sparc64

package term

import (
	"errors"
	"os"
)

// flushInput would discard what was typed on the terminal f and not yet
// read; here it cannot, and discards nothing.
func flushInput(*os.File) (int, error) { return 0, nil }

// terminalWidth would return the number of columns of the terminal; here
// it cannot tell, and returns 0.
func terminalWidth(*os.File) int { return 0 }

// OpenPTY would open a pseudo-terminal; here there is none.
func OpenPTY(int) (master, tty *os.File, err error) {
	return nil, nil, errors.New("no pseudo-terminals on this system")
}

// Pending would return the bytes typed on the terminal f and not yet read;
// here it cannot tell.
func Pending(*os.File) (int, error) { return 0, nil }
