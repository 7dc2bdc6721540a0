//go:build !unix

package check

import "os"

// endSignals are the signals that end a check (see NotifyContext).
var endSignals = []os.Signal{os.Interrupt}
