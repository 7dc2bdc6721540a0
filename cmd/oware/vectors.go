package main

import (
	"fmt"
	"io"
)

func runVectors(args []string, _ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "oware vectors: not available yet")
	return exitFail
}
