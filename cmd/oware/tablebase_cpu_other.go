//go:build !unix

package main

import "time"

// processCPU returns 0: the CPU time is read on unix only.
func processCPU() time.Duration { return 0 }
