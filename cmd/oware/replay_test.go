package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed3966233f/oware/internal/term"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"
)

// The rule sheet's worked capture (R5) as a set-up record: F's last seed
// makes pit 9 hold 2 and pit 8 hold 3, 5 seeds in all.
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
		"1. South plays F (4 seeds) and captures 5 from d and c\n",
		"    f  e  d  c  b  a\nN   2  2  0  0  4  2   North 18\nS   1  1  1  1  1  0   South 15\n    A  B  C  D  E  F\nNorth to move\n\n",
		"Outcome: not over after 1 ply (North to move); the record agrees.\n\n",
		"Game 2: Majority, from 2-1-0-0-0-1-0-0-0-4-1-0-19-20-N\n",
		"1. North plays d (4 seeds) and captures 5 from B and A\n",
		"Outcome: North wins 25-19 (majority, R8), after 1 ply; the record agrees.\n\n",
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
		"Outcome: North wins 25-19 (majority, R8), after 1 ply; the record agrees.\n\n"+
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
			stderr: "oware replay: stdin: game 1, line 3: result disagrees with the outcome: recorded \"1-0\", but the game is over: North wins 25-19 (majority, R8)\n",
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
	assert.Contains(t, out, "Outcome: North wins 25-19 (majority, R8)")
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

// TestReplayManyFiles: the summary counts the games and plies of every
// file, the valid ones and the invalid ones by reason.
func TestReplayManyFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ogn")
	bad := filepath.Join(dir, "bad.ogn")
	require.NoError(t, os.WriteFile(good, []byte(captureRecord+"\n"+majorityRecord), 0o644))
	require.NoError(t, os.WriteFile(bad, []byte("[Round \"1\"]\n1. F e 2. F *\n\n[Round \"2\"]\n1. F+2 *\n\n"+
		"[Round \"3\"]\n1. F x\n\n[Round \"4\"]\n1. F e 2. D *\n"), 0o644))
	status, out, errOut := runCmd(t, "", "replay", "-s", good, bad)
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "Summary: 6 games, 8 plies: 3 valid, 3 invalid (empty pit (R2) 1, wrong capture mark 1, syntax error 1).\n", out)
	assert.Equal(t, "oware replay: "+bad+": game 1, line 2: ply 3 (F): South plays F: pit is empty\n"+
		"oware replay: "+bad+": game 2, line 5: ply 1 (F+2): capture mark disagrees with the rules: marked +2, but the move captures nothing\n"+
		"oware replay: "+bad+": game 3, line 8, column 6: unexpected 'x'\n", errOut)
}

// TestReplayFormats: replay reads PlayStrategy exports and OpenSpiel move
// lists too.
func TestReplayFormats(t *testing.T) {
	status, out, errOut := runCmd(t, "2 5 4 4\n2 5 4 4 4\n", "replay", "-q", "-format", "openspiel", "-")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "Game 1\nOutcome: not over after 4 plies (South to move); the record agrees.\n\n"+
		"Game 2\nIllegal record at ply 5: South plays E: pit is empty\n\n"+
		"Summary: 2 games, 8 plies: 1 valid, 1 invalid (empty pit (R2) 1).\n", out)
	assert.Equal(t, "oware replay: stdin: game 2, line 2: ply 5 (E): South plays E: pit is empty\n", errOut)
}

// TestReplayNoProgressOffTerminal: a progress line is shown only on a
// terminal, which a file is not.
func TestReplayNoProgressOffTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	require.NoError(t, err)
	defer f.Close()
	assert.Nil(t, newProgress(f).w)
	assert.Nil(t, newProgress(&strings.Builder{}).w)
}

// TestReplayUnreadableKeepsHeader: a game that cannot be read is shown
// with what its tags tell, and a broken game costs that game only: the
// stray "(" of game 1 of 1,001 leaves 1,000 games to check.
func TestReplayUnreadableKeepsHeader(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"Club\"]\n[South \"Ama\"]\n[North \"Kofi\"]\n[Round \"1\"]\n\n1. F ( e 2. D b *\n")
	for i := 2; i <= 1001; i++ {
		b.WriteString("\n[Event \"Club\"]\n[Round \"" + strconv.Itoa(i) + "\"]\n\n1. F e 2. D b *\n")
	}
	status, out, errOut := runCmd(t, b.String(), "replay", "-q", "-")
	assert.Equal(t, exitFail, status)
	assert.True(t, strings.HasPrefix(out, "Game 1: Ama (South) against Kofi (North), Club, round 1\n"+
		"Unreadable record at line 6, column 6: variation has no closing \")\"\n\n"), out)
	assert.Contains(t, out, "Game 1001: Club, round 1001\nOutcome: not over after 4 plies (South to move); the record agrees.\n")
	assert.True(t, strings.HasSuffix(out, "Summary: 1001 games, 4001 plies: 1000 valid, 1 invalid (syntax error 1).\n"), out)
	assert.Equal(t, "oware replay: stdin: game 1, line 6, column 6: variation has no closing \")\"\n", errOut)
}

// TestReplayRulesEveryFormat: -rules holds for OpenSpiel move lists too. In
// this game South's 31st ply takes its 25th seed with 12 seeds left on
// North's side: abapa leaves them on the board (D3), OpenSpiel's rules
// give them to North.
func TestReplayRulesEveryFormat(t *testing.T) {
	const list = "2 1 0 0 2 1 5 3 1 2 3 2 1 5 5 3 0 5 1 4 1 0 2 0 5 4 3 5 4 1 5\n"
	for rules, want := range map[string]string{
		"":          "Outcome: South wins 25-11 (majority, R8), after 31 plies",
		"abapa":     "Outcome: South wins 25-11 (majority, R8), after 31 plies",
		"openspiel": "Outcome: South wins 25-23 (majority, R8), after 31 plies",
	} {
		args := []string{"replay", "-q", "-format", "openspiel", "-"}
		if rules != "" {
			args = append(args, "-rules", rules)
		}
		status, out, errOut := runCmd(t, list, args...)
		require.Equal(t, exitOK, status, errOut)
		assert.Contains(t, out, want, rules)
	}
}

// TestReplayJSON: one object per game, valid or not, then a summary; the
// errors still go to stderr, and the status is 1 for an invalid game.
func TestReplayJSON(t *testing.T) {
	bad := "[Result \"*\"]\n\n1. F e 2. F *\n"
	status, out, errOut := runCmd(t, captureRecord+"\n"+majorityRecord+"\n"+bad, "replay", "-json", "-")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "oware replay: stdin: game 3, line 18: ply 3 (F): South plays F: pit is empty\n", errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 4, out)
	assert.Equal(t, `{"kind":"game","file":"stdin","game":1,"tags":{"North":"Kofi","South":"Ama"},"rules":"abapa",`+
		`"start":"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S","plies":1,"valid":true,`+
		`"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}`, lines[0])
	assert.Equal(t, `{"kind":"game","file":"stdin","game":2,"tags":{"Event":"Majority"},"rules":"abapa",`+
		`"start":"2-1-0-0-0-1-0-0-0-4-1-0-19-20-N","plies":1,"valid":true,`+
		`"outcome":{"over":true,"reason":"majority","rule":"R8","winner":"North","draw":false,"tallies":{"South":19,"North":25}}}`, lines[1])
	assert.Equal(t, `{"kind":"game","file":"stdin","game":3,"tags":{},"rules":"abapa","start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",`+
		`"plies":2,"valid":false,"error":{"reason":"empty pit (R2)","message":"South plays F: pit is empty","line":18,"ply":3,"move":"F"}}`, lines[2])
	assert.Equal(t, `{"kind":"summary","games":3,"plies":4,"valid":2,"invalid":1,"reasons":{"empty pit (R2)":1}}`, lines[3])

	// A record that cannot be read names the line and column.
	status, out, _ = runCmd(t, "1. F {no end\n", "replay", "-json", "-")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, `"valid":false,"error":{"reason":"syntax error","message":"comment has no closing \"}\"","line":1,"column":6}}`)

	status, _, errOut = runCmd(t, "", "replay", "-json", "-q", "x.ogn")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "oware replay: -json and -q or -s: give one or the other\n")
}

// TestReplayProgress: with -s on a terminal, stderr shows games, plies and
// megabytes as the records are read, and the line is erased before the
// summary; off a terminal nothing shows.
func TestReplayProgress(t *testing.T) {
	input := strings.Repeat(majorityRecord+"\n", 3)
	status, _, errOut := runCmd(t, input, "replay", "-s", "-")
	require.Equal(t, exitOK, status)
	assert.Empty(t, errOut)

	onTerminalForTest(t)
	status, out, errOut := runCmd(t, input, "replay", "-s", "-")
	require.Equal(t, exitOK, status)
	assert.Equal(t, "Summary: 3 games, 3 plies: 3 valid, 0 invalid.\n", out)
	testkit.InOrder(t, errOut, term.ClearLine+"1 game, 1 ply, 0.0 MB (", term.ClearLine+"2 games, 2 plies, ", term.ClearLine+"3 games, 3 plies, ")
	assert.True(t, strings.HasSuffix(errOut, "games/s)"+term.ClearLine), "%q", errOut)

	// Without -s the games go to the terminal too: no progress line.
	_, _, errOut = runCmd(t, input, "replay", "-")
	assert.Empty(t, errOut)
}
