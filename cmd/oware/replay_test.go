package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Seed 003's capture as a set-up record: F's last seed makes pit 9 hold 2
// and pit 8 hold 3, 5 seeds in all.
const captureRecord = `[Variant "Oware Abapa"]
[South "Ama"]
[North "Kofi"]
[Result "*"]
[FEN "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"]

1. F+5 *
`

// North captures 5 and reaches 25 (R8).
const majorityRecord = `[Variant "Oware Abapa"]
[Event "Majority"]
[Result "0-1"]
[FEN "2-1-0-0-0-1-0-0-0-4-1-0-19-20-N"]

1. d+5 0-1
`

func TestReplayGood(t *testing.T) {
	status, out, errOut := runCmd(t, captureRecord+"\n"+majorityRecord, "replay", "-")
	require.Equal(t, exitOK, status, errOut)
	assert.Empty(t, errOut)
	want := []string{
		"Game 1: Ama (South) against Kofi (North), from 1-1-1-1-1-4-1-3-2-1-2-2-10-18-S\n\n",
		"    f  e  d  c  b  a\nN   2  2  1  2  3  1   North 18\nS   1  1  1  1  1  4   South 10\n    A  B  C  D  E  F\nSouth to move\n\n",
		"1. South plays F (4 seeds) and captures 5: pit 9 (2), pit 8 (3)\n",
		"    f  e  d  c  b  a\nN   2  2  0  0  4  2   North 18\nS   1  1  1  1  1  0   South 15\n    A  B  C  D  E  F\nNorth to move\n\n",
		"Outcome: not over after 1 ply (North to move); the record agrees.\n\n",
		"Game 2: Majority, from 2-1-0-0-0-1-0-0-0-4-1-0-19-20-N\n",
		"1. North plays d (4 seeds) and captures 5: pit 1 (2), pit 0 (3)\n",
		"Outcome: North wins 19-25 (majority, R8), after 1 ply; the record agrees.\n\n",
		"Summary: 2 games, 2 plies: 2 valid, 0 invalid.\n",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w)
		require.GreaterOrEqual(t, i, 0, "missing, in order: %q\nin:\n%s", w, out)
		at += i + len(w)
	}
	assert.Equal(t, len(out), at)
}

func TestReplayFileQuiet(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.ogn")
	require.NoError(t, os.WriteFile(file, []byte(majorityRecord), 0o644))
	status, out, _ := runCmd(t, "", "replay", "-q", file)
	require.Equal(t, exitOK, status)
	assert.Equal(t, "Game 1: Majority, from 2-1-0-0-0-1-0-0-0-4-1-0-19-20-N\n"+
		"Outcome: North wins 19-25 (majority, R8), after 1 ply; the record agrees.\n\n"+
		"Summary: 1 game, 1 ply: 1 valid, 0 invalid.\n", out)
}

func TestReplayBad(t *testing.T) {
	tests := []struct {
		name, record, stdout, stderr string
	}{
		{
			name:   "empty pit",
			record: "[Result \"*\"]\n\n1. F e 2. F *\n",
			stdout: "Illegal record at ply 3: South plays F: pit is empty\n",
			stderr: "oware replay: stdin: game 1, line 3: ply 3 (F): South plays F: pit is empty\n",
		},
		{
			name:   "capture mark",
			record: strings.Replace(captureRecord, "F+5", "F+4", 1),
			stdout: "Illegal record at ply 1: capture mark disagrees with the rules",
			stderr: "oware replay: stdin: game 1, line 7: ply 1 (F+4): capture mark disagrees with the rules: marked +4, but the move captures 5 seeds\n",
		},
		{
			name:   "result",
			record: strings.NewReplacer(`"0-1"`, `"1-0"`, "d+5 0-1", "d+5 1-0").Replace(majorityRecord),
			stdout: "1. North plays d (4 seeds) and captures 5",
			stderr: "oware replay: stdin: game 1, line 3: result disagrees with the outcome: recorded \"1-0\", but the game is over: North wins 19-25 (majority, R8)\n",
		},
		{
			name:   "syntax",
			record: "[Result \"*\"]\n\n1. F x *\n",
			stdout: "",
			stderr: "oware replay: stdin: game 1, line 3, column 6: unexpected 'x'\n",
		},
		{
			name:   "no game",
			record: "",
			stdout: "",
			stderr: "oware replay: stdin: no game record\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, out, errOut := runCmd(t, tt.record, "replay", "-")
			assert.Equal(t, exitFail, status)
			assert.Contains(t, out, tt.stdout)
			assert.Contains(t, errOut, tt.stderr)
		})
	}
}

// TestReplayGoodThenBad: every game of a file is checked and reported.
func TestReplayGoodThenBad(t *testing.T) {
	status, out, errOut := runCmd(t, majorityRecord+"\n[Result \"*\"]\n\n1. a *\n", "replay", "-q", "-")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "Outcome: North wins 19-25 (majority, R8)")
	assert.Contains(t, out, "Game 2\nIllegal record at ply 1: South plays a: pit is not on the mover's side\n")
	assert.Equal(t, "oware replay: stdin: game 2, line 10: ply 1 (a): South plays a: pit is not on the mover's side\n", errOut)
	assert.Contains(t, out, "Summary: 2 games, 1 ply: 1 valid, 1 invalid (not the mover's pit (R2) 1).\n")
}

func TestReplayUsage(t *testing.T) {
	status, _, errOut := runCmd(t, "", "replay")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "want one FILE or more")
	status, _, errOut = runCmd(t, "", "replay", filepath.Join(t.TempDir(), "missing.ogn"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware replay: open ")
}
