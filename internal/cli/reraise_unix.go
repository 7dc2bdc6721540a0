//go:build unix

package cli

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// reraise ends the program by sig, as if it had not been caught, so that
// the shell sees the signal that ended it. A broken pipe, which a Go
// program does not die of when it is sent, ends it with the status that
// shells give a program it ended, 128 + 13.
func reraise(sig os.Signal) {
	s, ok := sig.(syscall.Signal)
	if !ok || s == syscall.SIGPIPE {
		os.Exit(128 + int(syscall.SIGPIPE))
	}
	signal.Reset(sig)
	_ = syscall.Kill(syscall.Getpid(), s)
	time.Sleep(time.Second) // the signal ends the program before
	os.Exit(ExitFailure)
}
