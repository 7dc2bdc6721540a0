//go:build unix

package cli

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// reraise ends the program by sig, as if it had not been caught, so that
// the shell sees the signal that ended it.
func reraise(sig os.Signal) {
	signal.Reset(sig)
	if s, ok := sig.(syscall.Signal); ok {
		_ = syscall.Kill(syscall.Getpid(), s)
		time.Sleep(time.Second) // the signal ends the program before
	}
	os.Exit(ExitFailure)
}
