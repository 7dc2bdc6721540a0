//go:build !unix

package check

import "os/exec"

// ownGroup does nothing where process groups are not available.
func ownGroup(*exec.Cmd) {}

// killGroup kills the started cmd.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
