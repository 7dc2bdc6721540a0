//go:build unix

package check

import (
	"os"
	"os/exec"
	"syscall"
)

// endSignals are the signals that end a check (see NotifyContext): those
// that end a Go program and that it can catch (the runtime ignores
// SIGUSR1 and the like). A write to a closed standard output raises
// SIGPIPE, which would end it too, but a write to a subject that has
// exited raises it as well: a check writes to its standard output only
// once it is over.
var endSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGABRT}

// ownGroup makes cmd the leader of a new process group, so that killGroup
// reaches the processes it starts too.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group of the started cmd.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
