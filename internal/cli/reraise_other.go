//go:build !unix

package cli

import "os"

// reraise ends the program after sig; here no signal can be sent again,
// and the status is that of a failure.
func reraise(os.Signal) { os.Exit(ExitFailure) }
