package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seed3966233f/oware"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShowText: the diagram of a position and its legal moves, from
// either side; what a move did, then the diagram after it; a finished
// position gives its outcome and no moves.
func TestShowText(t *testing.T) {
	status, out, errOut := runCmd(t, "", "show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, oware.Start().Diagram()+"\nMoves: A B C D E F\n", out)

	// R7: North's side is empty; only D and F reach it.
	status, out, _ = runCmd(t, "", "show", "-side", "N", "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S")
	require.Equal(t, exitOK, status)
	assert.Equal(t, "    F  E  D  C  B  A\n"+
		"S   2  1  3  0  0  2   South 20\n"+
		"N   0  0  0  0  0  0   North 20\n"+
		"    a  b  c  d  e  f\n"+
		"South to move\n"+
		"Moves: D F\n", out)

	// R5: F's last seed makes d hold 2, after c was made to hold 3.
	status, out, _ = runCmd(t, "", "show", "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S", "F")
	require.Equal(t, exitOK, status)
	assert.Equal(t, "South plays F (4 seeds) and captures 5 from d and c\n\n"+
		"    f  e  d  c  b  a\n"+
		"N   2  2  0  0  4  2   North 18\n"+
		"S   1  1  1  1  1  0   South 15\n"+
		"    A  B  C  D  E  F\n"+
		"North to move\n"+
		"Moves: a b e f\n", out)

	// R9: South cannot move; 24-24. A FEN is read too.
	status, out, _ = runCmd(t, "", "show", "0-0-0-0-0-0-0-0-4-0-0-0-24-20-S")
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasSuffix(out, "    A  B  C  D  E  F\ndraw 24-24 (no move, R9)\n"), out)
	status, out, _ = runCmd(t, "", "show", "3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "N   3  0  0  5  0  2   North 14\nS   0 10  0  0  0  1   South 13\n")
}

// TestShowSVG: -svg writes the picture, to stdout or to the file of -o;
// -rules decides whether the game is over.
func TestShowSVG(t *testing.T) {
	status, out, _ := runCmd(t, "", "show", "-svg", "-side", "N", "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S", "F")
	require.Equal(t, exitOK, status)
	var doc struct {
		XMLName xml.Name
		Title   string   `xml:"title"`
		Texts   []string `xml:"text"`
	}
	require.NoError(t, xml.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "svg", doc.XMLName.Local)
	assert.Contains(t, doc.Title, "South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)")
	assert.Contains(t, doc.Texts, "North to move")

	file := filepath.Join(t.TempDir(), "p.svg")
	status, _, errOut := runCmd(t, "", "show", "-svg", "-o", file, "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S")
	require.Equal(t, exitOK, status, errOut)
	written, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(written), ">Game over: South wins 25-0 (majority, R8)</text>")
	status, out, _ = runCmd(t, "", "show", "-svg", "-rules", "awari", "3-0-0-0-0-0-0-0-0-0-0-20-25-0-S")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, ">South to move</text>", "awari has no majority rule")
}

func TestShowErrors(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"show"}, exitUsage, "oware show: want a POSITION and an optional MOVE\nusage: oware show " + showCommand.Usage[0]},
		{[]string{"show", "x", "F", "G"}, exitUsage, "want a POSITION and an optional MOVE"},
		{[]string{"show", "4-4"}, exitUsage, `oware show: "4-4" is not a position string or a FEN: at byte 3, too few fields`},
		{[]string{"show", "-side", "W", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}, exitUsage, `invalid value "W" for flag -side: oware: player "W": byte 0: not "South", "North", "S" or "N"`},
		{[]string{"show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "G"}, exitUsage, `oware show: move "G": want a pit letter, A-F or a-f, or a pit number, 0-11`},
		{[]string{"show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "12"}, exitUsage, `oware show: move "12": want a pit letter, A-F or a-f, or a pit number, 0-11`},
		// An illegal move is a fact of the position, not a mistake in the
		// command line (issue 26 #26): status 1, no usage.
		{[]string{"show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "a"}, exitFail, "oware show: South cannot play a: pit is not on the mover's side\n"},
		{[]string{"show", "0-4-4-4-4-4-4-4-4-4-4-8-0-0-S", "A"}, exitFail, "oware show: South cannot play A: pit is empty\n"},
		{[]string{"show", "-o", filepath.Join(t.TempDir(), "no", "p.svg"), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}, exitFail, "oware show: write "},
	} {
		status, out, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Contains(t, errOut, tt.stderr, "%q", tt.args)
		assert.Empty(t, out, "%q", tt.args)
		if tt.status == exitFail {
			assert.NotContains(t, errOut, "usage:", "%q", tt.args)
		}
	}
	// A pit number is a move too, as the message says (issue 26 #26).
	_, byNumber, _ := runCmd(t, "", "show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "5")
	_, byLetter, _ := runCmd(t, "", "show", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "F")
	assert.Equal(t, byLetter, byNumber)
}

// TestPicturesCurrent: the README's pictures of the rules are what the
// generate directives of show.go make of them now.
func TestPicturesCurrent(t *testing.T) {
	src, err := os.ReadFile("show.go")
	require.NoError(t, err)
	const directive = "//go:generate go run . "
	n := 0
	for _, line := range strings.Split(string(src), "\n") {
		args, ok := strings.CutPrefix(line, directive)
		if !ok {
			continue
		}
		n++
		fields := strings.Fields(args)
		i := slices.Index(fields, "-o")
		require.Greater(t, i, 0, line)
		file := fields[i+1]
		status, out, errOut := runCmd(t, "", slices.Delete(fields, i, i+2)...)
		require.Equal(t, exitOK, status, "%s: %s", line, errOut)
		committed, err := os.ReadFile(file)
		require.NoError(t, err, line)
		assert.Equal(t, string(committed), out, "%s is not current: run go generate ./cmd/oware", file)
		assert.True(t, strings.Contains(readme(t), "("+strings.TrimPrefix(file, "../../")+")"), "the README shows %s", file)
	}
	assert.Equal(t, 4, n, "R4, R5, R6 and R7")
}
