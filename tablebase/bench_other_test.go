//go:build !unix

package tablebase

import (
	"testing"
	"time"
)

// reportCPU reports nothing: CPU time is read on unix only.
func reportCPU(*testing.B, time.Duration) {}

// cpuTime returns 0.
func cpuTime() time.Duration { return 0 }
