//go:build !unix

package check

import (
	"os"
	"os/exec"
)

// endSignals are the signals that end a check (see NotifyContext).
var endSignals = []os.Signal{os.Interrupt}

// ownGroup does nothing where process groups are not available.
func ownGroup(*exec.Cmd) {}

// killGroup kills the started cmd.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
