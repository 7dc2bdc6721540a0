package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "write docs/cli.md from the commands' help texts")

// reference is the command reference, written from the help texts.
var reference = filepath.Join("..", "..", "docs", "cli.md")

// TestCommandReference: docs/cli.md is what the commands' help texts make
// of it; "go generate ./cmd/oware" (go test -run TestCommandReference
// -update) writes it again after a help text changes.
func TestCommandReference(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, program().WriteMarkdown(&b))
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(reference), 0o755))
		require.NoError(t, os.WriteFile(reference, b.Bytes(), 0o644))
	}
	got, err := os.ReadFile(reference)
	require.NoError(t, err)
	assert.Equal(t, b.String(), string(got), "docs/cli.md is stale: run go generate ./cmd/oware")
}
