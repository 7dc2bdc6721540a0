package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/words"
)

// TestDemo replays the printed game with the library: every board printed
// is the board after the move printed before it, and the result is the
// outcome of the last position. The demo is the same on every run.
func TestDemo(t *testing.T) {
	status, out, errOut := runCmd(t, "")
	require.Equal(t, exitOK, status, errOut)
	require.True(t, strings.HasPrefix(out, "Demonstration: South (level 6) against North (level 4).\n\n"+oware.Start().Diagram()+"\n\n"))

	moveLine := regexp.MustCompile(`(?m)^(\d+)\. (South|North) plays ([A-Fa-f]) .*\n`)
	matches := moveLine.FindAllStringSubmatchIndex(out, -1)
	require.NotEmpty(t, matches)
	p := oware.Start()
	for i, m := range matches {
		require.Equal(t, i+1, atoi(t, out[m[2]:m[3]]), "moves are numbered in order")
		require.Equal(t, p.Board().ToMove().String(), out[m[4]:m[5]])
		mv, err := oware.ParseMove(out[m[6]:m[7]])
		require.NoError(t, err)
		e, err := p.Explain(mv)
		require.NoError(t, err, "move %d", i+1)
		require.Equal(t, words.Describe(e)+"\n", out[m[0]:m[1]][len(out[m[2]:m[3]])+2:])
		require.True(t, strings.HasPrefix(out[m[1]:], e.After().Diagram()+"\n\n"), "board after move %d", i+1)
		p = e.After()
	}
	require.True(t, p.Outcome().Over())
	assert.True(t, strings.HasSuffix(out, "\nResult: "+p.Outcome().String()+"\n"))

	_, again, _ := runCmd(t, "")
	assert.Equal(t, out, again, "the demonstration is deterministic")
}

func TestDemoLevels(t *testing.T) {
	status, out, _ := runCmd(t, "", "demo", "-south", "1", "-north", "2")
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasPrefix(out, "Demonstration: South (level 1) against North (level 2).\n"))
	status, _, errOut := runCmd(t, "", "demo", "-south", "0")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "0" for flag -south: want a whole number from 1 to 40`)
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}
