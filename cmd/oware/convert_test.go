package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// psExport is a game in PlayStrategy's export format: C, f, E, then e
// captures 2 in pit 2 (c1).
const psExport = `[Event "Rated Oware game"]
[P1 "Ama"]
[P2 "Kofi"]
[Result "*"]
[Variant "Oware"]

1. c1f2 a2d1 2. e1c2 b2c1 *
`

func TestConvertPlayStrategyToOGN(t *testing.T) {
	status, out, errOut := runCmd(t, psExport, "convert", "-from", "playstrategy", "-")
	require.Equal(t, exitOK, status, errOut)
	assert.Empty(t, errOut)
	assert.Equal(t, "[Variant \"playstrategy\"]\n[Event \"Rated Oware game\"]\n[South \"Ama\"]\n[North \"Kofi\"]\n"+
		"[Result \"*\"]\n\n1. C f 2. E e+2 *\n", out)
}

func TestConvertRoundTrips(t *testing.T) {
	dir := t.TempDir()
	ognFile := filepath.Join(dir, "games.ogn")
	status, _, errOut := runCmd(t, psExport+"\n"+psExport, "convert", "-from", "playstrategy", "-o", ognFile, "-")
	require.Equal(t, exitOK, status, errOut)

	status, ps, errOut := runCmd(t, "", "convert", "-to", "playstrategy", ognFile)
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, "[Event \"Rated Oware game\"]\n[P1 \"Ama\"]\n[P2 \"Kofi\"]\n[Result \"*\"]\n[Variant \"Oware\"]\n\n"+
		"1. c1f2 a2d1 2. e1c2 b2c1 *\n\n"+
		"[Event \"Rated Oware game\"]\n[P1 \"Ama\"]\n[P2 \"Kofi\"]\n[Result \"*\"]\n[Variant \"Oware\"]\n\n"+
		"1. c1f2 a2d1 2. e1c2 b2c1 *\n", ps)

	status, list, errOut := runCmd(t, "", "convert", "-to", "openspiel", ognFile)
	require.Equal(t, exitOK, status, errOut)
	// C is action 2; f (pit 11) is North's action 5; E is 4; e (pit 10) is 4.
	assert.Equal(t, "2 5 4 4\n2 5 4 4\n", list)

	status, back, errOut := runCmd(t, list, "convert", "-from", "openspiel", "-to", "playstrategy", "-")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, back, "1. c1f2 a2d1 2. e1c2 b2c1 *\n")
}

func TestConvertProblems(t *testing.T) {
	// The second game breaks the rules at ply 2 and is left out; the
	// third records a result the rules do not give and is written with
	// theirs.
	input := "[Round \"1\"]\n1. F e *\n\n[Round \"2\"]\n1. F F *\n\n[Round \"3\"]\n1. F e 1-0\n"
	status, out, errOut := runCmd(t, input, "convert", "-")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Round \"1\"]\n[Result \"*\"]\n\n1. F e *\n\n"+
		"[Variant \"Oware Abapa\"]\n[Round \"3\"]\n[Result \"*\"]\n\n1. F e *\n", out)
	assert.Equal(t, "oware convert: stdin: game 2, line 5: ply 2 (F): North plays F: pit is not on the mover's side; left out\n"+
		"oware convert: stdin: game 3, line 8: result disagrees with the outcome: recorded \"1-0\", but the game is not over; written with the result of the rules\n", errOut)

	// A set-up game has no OpenSpiel move list.
	status, out, errOut = runCmd(t, "[FEN \"0-0-1-0-0-0-0-0-0-1-0-0-23-23-S\"]\n1. C *\n", "convert", "-to", "openspiel", "-")
	assert.Equal(t, exitFail, status)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "oware convert: stdin: game 1: ogn: game cannot be written as openspiel: an OpenSpiel move list starts from the opening")
}

func TestConvertUsage(t *testing.T) {
	status, _, errOut := runCmd(t, "", "convert", "-from", "pgn", "-")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `unknown format "pgn"`)
	status, _, errOut = runCmd(t, "", "convert")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "want one FILE or more")
	status, _, errOut = runCmd(t, "", "convert", "-o", filepath.Join(t.TempDir(), "no", "such", "dir"), "-")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware convert: open ")
	_, err := os.Stat(filepath.Join(t.TempDir(), "no"))
	assert.True(t, os.IsNotExist(err))
}
