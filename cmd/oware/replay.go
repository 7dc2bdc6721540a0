package main

import (
	"fmt"
	"io"
)

// runReplay verifies an OGN game record. It waits for the ogn package.
func runReplay(args []string, _ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "oware replay: not available yet")
	return exitFail
}
