package cli

import (
	"os"
	"os/signal"
	"slices"
	"syscall"

	"github.com/seed3966233f/oware/internal/outfile"
)

// fatal are the signals that end a program, unless a command catches
// them: an interrupt (Ctrl-C), a request to terminate, the hang-up of the
// terminal and a write to a pipe whose reader has gone.
var fatal = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE}

// handleSignals catches, while a command runs, the fatal signals but its
// own: the first removes the temporary files of package outfile and ends
// the program as the signal would have. It returns the function that stops
// catching them.
func handleSignals(own []os.Signal) (stop func()) {
	var caught []os.Signal
	for _, sig := range fatal {
		// A signal ignored from the start (nohup, a background job) stays
		// ignored: catching it would make it end the program.
		if !slices.Contains(own, sig) && !signal.Ignored(sig) {
			caught = append(caught, sig)
		}
	}
	if len(caught) == 0 {
		return func() {}
	}
	c := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(c, caught...)
	go func() {
		select {
		case sig := <-c:
			outfile.RemoveTemps()
			reraise(sig)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(c)
		close(done)
	}
}
