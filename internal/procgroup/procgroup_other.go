//go:build !unix

package procgroup

import "os/exec"

// Own does nothing where process groups are not available.
func Own(*exec.Cmd) {}

// Kill kills the started cmd; it does nothing if cmd was not started.
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
