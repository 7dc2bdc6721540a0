//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// Own makes cmd, not yet started, the leader of a new process group, so
// that Kill reaches the processes it starts too. The group is out of
// reach of the terminal's signals (Ctrl-C): the caller ends it.
func Own(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// Kill kills the process group of the started cmd, cmd itself included,
// whether or not cmd has exited; it does nothing if cmd was not started.
func Kill(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
