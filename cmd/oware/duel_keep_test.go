//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/ogn"
)

// TestDuelKeepsGamesWhenEngineCannotRestart: an engine that crashes and
// then does not start again ends the match, but the games played are
// kept in -o, which replaces the file, and the result so far is reported;
// the status says the match did not end well (issue 26 #4: the file was
// left as it was, the games lost).
func TestDuelKeepsGamesWhenEngineCannotRestart(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "engine.sh")
	marker := filepath.Join(dir, "started")
	fakeArgv := strings.Fields(fake(t, "crash@3"))
	require.NoError(t, os.WriteFile(script, fmt.Appendf(nil,
		"#!/bin/sh\nif [ -e %s ]; then echo 'engine: cannot start again' >&2; exit 1; fi\ntouch %s\nexec %s\n",
		marker, marker, strings.Join(fakeArgv, " ")), 0o755))
	file := filepath.Join(dir, "games.ogn")
	require.NoError(t, os.WriteFile(file, []byte("[Event \"before\"]\n\n*\n"), 0o644))
	status, out, errOut := runCmd(t, "", "match", "-engine", script, "-level", "1",
		"-openings", "3", "-plies", "2", "-movetime", "50ms", "-grace", "5s", "-o", file)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "game 1: ")
	assert.NotContains(t, out, "game 2: ")
	assert.Contains(t, out, "fake crash@3: 0 wins, 0 draws, 1 loss: 0.0% of the points\n", "the result so far")
	assert.Contains(t, errOut, "oware match: after 1 game: uci: engine ")
	checkRecords(t, file, 1)
}

// TestDuelRecordsHostileEngine: an engine whose name is 5,000 characters
// or holds escapes, or whose best move is 900 kB of junk, plays a match
// whose report shows its name escaped and whose records read back (issue
// 26 #5, #24: they were written over the reader's limits, and the escapes
// went raw to the terminal and the tags).
func TestDuelRecordsHostileEngine(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("no python3 for the hostile engine: %v", err)
	}
	dir := t.TempDir()
	engine := filepath.Join(dir, "hostile.py")
	require.NoError(t, os.WriteFile(engine, []byte(`import sys
mode = sys.argv[1]
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        name = {"long": "N" * 5000, "escape": "evil\x1b[31mRED\x07\x00bell"}.get(mode, mode)
        print("id name " + name)
        print("uciok")
    elif w[0] == "isready":
        print("readyok")
    elif w[0] == "go":
        print("bestmove " + ("Z" * 900000 if mode == "junk" else "F"))
    elif w[0] == "quit":
        break
    sys.stdout.flush()
`), 0o644))
	for _, mode := range []string{"long", "escape", "junk"} {
		t.Run(mode, func(t *testing.T) {
			file := filepath.Join(dir, mode+".ogn")
			status, out, errOut := runCmd(t, "", "match", "-engine", python+" "+engine+" "+mode, "-level", "1",
				"-openings", "1", "-plies", "0", "-movetime", "50ms", "-grace", "5s", "-o", file)
			require.Equal(t, exitOK, status, errOut)
			assert.NotRegexp(t, regexp.MustCompile("[\x00-\x09\x0b-\x1f\x7f]"), out, "no control character in the report")
			recs := checkRecords(t, file, 2)
			for _, rec := range recs {
				for _, tag := range rec.Tags {
					assert.LessOrEqual(t, len(tag.Value), ogn.DefaultLimits.Tag, tag.Name)
				}
			}
			if mode == "escape" {
				assert.Contains(t, out, `evil\x1b[31mRED\x07\x00bell against `)
				south, _ := recs[0].Tag("South")
				assert.Equal(t, `evil\x1b[31mRED\x07\x00bell`, south)
			}
		})
	}
}
