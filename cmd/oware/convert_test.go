package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
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
	assert.Equal(t, "oware convert: stdin: game 2 (round 2), line 5: ply 2 (F): North plays F: pit is not on the mover's side; left out\n"+
		"oware convert: stdin: game 3 (round 3), line 8: result disagrees with the outcome: recorded \"1-0\", but the game is not over; written with the result of the rules\n", errOut)

	// A set-up game has no OpenSpiel move list.
	status, out, errOut = runCmd(t, "[FEN \"0-0-1-0-0-0-0-0-0-1-0-0-23-23-S\"]\n1. C *\n", "convert", "-to", "openspiel", "-")
	assert.Equal(t, exitFail, status)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "oware convert: stdin: game 1: ogn: game cannot be written as openspiel: an OpenSpiel move list starts from the opening")
}

func TestConvertUsage(t *testing.T) {
	status, _, errOut := runCmd(t, "", "convert", "-from", "pgn", "-")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "pgn" for flag -from: want ogn, playstrategy or openspiel`)
	status, _, errOut = runCmd(t, "", "convert")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "want one FILE or more")
	status, _, errOut = runCmd(t, "", "convert", "-o", filepath.Join(t.TempDir(), "no", "such", "dir"), "-")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "oware convert: write ")
	_, err := os.Stat(filepath.Join(t.TempDir(), "no"))
	assert.True(t, os.IsNotExist(err))
}

// TestConvertRefusesItsInput: an output that is one of the inputs, under
// its own name, another spelling, a symbolic link, a hard link or as
// stdin, is refused before anything is read or written, and the file is
// left as it was.
func TestConvertRefusesItsInput(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.ogn")
	require.NoError(t, os.WriteFile(games, []byte("1. F e *\n"), 0o644))
	link := filepath.Join(dir, "link.ogn")
	require.NoError(t, os.Symlink(games, link))
	hard := filepath.Join(dir, "hard.ogn")
	require.NoError(t, os.Link(games, hard))
	other := filepath.Join(dir, "other.ogn")
	require.NoError(t, os.WriteFile(other, []byte("1. D *\n"), 0o644))

	for _, args := range [][]string{
		{"-o", games, games},
		{"-o", filepath.Join(dir, ".", "..", filepath.Base(dir), "games.ogn"), games},
		{"-o", link, games},
		{"-o", games, link},
		{"-o", hard, other, games},
		{"-to", "openspiel", "-o", games, games},
	} {
		status, out, errOut := runCmd(t, "", append([]string{"convert"}, args...)...)
		assert.Equal(t, exitUsage, status, "%v", args)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "is the input", "%v", args)
		data, err := os.ReadFile(games)
		require.NoError(t, err)
		assert.Equal(t, "1. F e *\n", string(data), "%v", args)
	}

	in, err := os.Open(games)
	require.NoError(t, err)
	defer in.Close()
	var out, errOut strings.Builder
	status := run([]string{"convert", "-o", hard, "-"}, in, &out, &errOut)
	assert.Equal(t, exitUsage, status, "stdin is the output")
	assert.Contains(t, errOut.String(), "-o "+hard+" is the input -")
}

// TestConvertWritesWholeOrNothing: the -o file is replaced only once every
// input has been read and converted; when an input cannot be opened, an
// existing file is left as it was, and no temporary file is left behind.
// The file keeps its permissions.
func TestConvertWritesWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.ogn")
	require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o600))
	in := filepath.Join(dir, "in.ogn")
	require.NoError(t, os.WriteFile(in, []byte("1. F e *\n"), 0o644))

	status, _, errOut := runCmd(t, "", "convert", "-o", out, in, filepath.Join(dir, "missing.ogn"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "missing.ogn: no such file or directory")
	assert.Contains(t, errOut, out+" was not written, since "+filepath.Join(dir, "missing.ogn")+" could not be read whole")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "old\n", string(data))

	// To stdout, what could be read is written all the same.
	status, text, errOut := runCmd(t, "", "convert", in, filepath.Join(dir, "missing.ogn"))
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. F e *\n", text)
	assert.Equal(t, "oware convert: open "+filepath.Join(dir, "missing.ogn")+": no such file or directory\n", errOut)

	status, _, errOut = runCmd(t, "", "convert", "-o", out, in)
	require.Equal(t, exitOK, status, errOut)
	data, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. F e *\n", string(data))
	st, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	// An input that fails while it is read leaves the file alone too.
	status, _, _ = run2(t, &errAfterReader{text: "1. F e *\n\n1. D"}, "convert", "-o", out, "-")
	assert.Equal(t, exitFail, status)
	data, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "[Variant \"Oware Abapa\"]\n[Result \"*\"]\n\n1. F e *\n", string(data))

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"in.ogn", "out.ogn"}, names, "no temporary file is left")
}

// errAfterReader gives its text, then fails.
type errAfterReader struct{ text string }

func (e *errAfterReader) Read(p []byte) (int, error) {
	if e.text == "" {
		return 0, errors.New("connection reset")
	}
	n := copy(p, e.text)
	e.text = e.text[n:]
	return n, nil
}

// run2 runs a command line with stdin read from r.
func run2(t *testing.T, r io.Reader, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	status := run(args, r, &out, &errOut)
	return status, out.String(), errOut.String()
}

// TestConvertRules: -rules gives every game its rules, whatever its
// Variant tag, and the record written states them. Aualé labels its games
// "Oware Abapa" although it plays by the auale preset: under abapa's rules
// 4 of its 20 records are left out, under -rules auale none, and the
// records written read back without -rules.
func TestConvertRules(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "ogn", "testdata", "auale", "*.ogn"))
	require.NoError(t, err)
	require.Len(t, files, 20)

	status, out, errOut := runCmd(t, "", append([]string{"convert"}, files...)...)
	assert.Equal(t, exitFail, status)
	assert.Equal(t, 4, strings.Count(errOut, "left out"), errOut)
	assert.Equal(t, 16, strings.Count(out, "[Variant "))

	status, out, errOut = runCmd(t, "", append([]string{"convert", "-rules", "auale"}, files...)...)
	require.Equal(t, exitOK, status, errOut)
	assert.Equal(t, 20, strings.Count(out, "[Variant \"auale\"]\n"))

	status, _, errOut = runCmd(t, out, "replay", "-s", "-")
	assert.Equal(t, exitOK, status, errOut)

	status, _, errOut = runCmd(t, "", "convert", "-rules", "chess", "-")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `invalid value "chess" for flag -rules`)
}

// TestConvertPlayStrategyReadsBack: an abapa game written as a
// PlayStrategy export reads back by abapa's rules with the same verdict.
// Its 12-ply cycle from this start ends the game under PlayStrategy's
// rules; abapa plays on, and the 13th ply is legal.
func TestConvertPlayStrategyReadsBack(t *testing.T) {
	const game = "[FEN \"0-1-0-1-0-1-0-0-1-0-0-0-22-22-N\"]\n1. c B 2. d D 3. e C 4. f F 5. a A 6. b E 7. c *\n"
	status, ps, errOut := runCmd(t, game, "convert", "-to", "playstrategy", "-")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, ps, "[Variant \"Oware Abapa\"]\n")
	status, _, errOut = runCmd(t, ps, "replay", "-s", "-format", "playstrategy", "-")
	assert.Equal(t, exitOK, status, "%s\n%s", errOut, ps)
	status, back, errOut := runCmd(t, ps, "convert", "-from", "playstrategy", "-")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, back, "\n1... c 2. B d 3. D e 4. C f 5. F a 6. A b 7. E c *\n", "numbered as a game that North begins")
}

// TestConvertNothingKeepsTheFile (issue 26 #2): a run that converts no
// game, from a file of the wrong format or of random bytes, leaves an
// existing output as it was, and makes none where there is none.
func TestConvertNothingKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	club, err := os.ReadFile("../../ogn/testdata/club.ogn")
	require.NoError(t, err)
	precious := filepath.Join(dir, "precious.ogn")
	noise := filepath.Join(dir, "noise.bin")
	require.NoError(t, os.WriteFile(noise, []byte("\x00\xff{(\x01 random bytes \x7f"), 0o644))
	for _, args := range [][]string{
		{"-from", "playstrategy", "../../ogn/testdata/club.ogn"},
		{noise},
		{"-from", "openspiel", noise},
	} {
		require.NoError(t, os.WriteFile(precious, club, 0o644))
		status, out, errOut := runCmd(t, "", append([]string{"convert", "-o", precious}, args...)...)
		assert.Equal(t, exitFail, status, "%q", args)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "oware convert: no game was converted, so "+precious+" was not written\n", "%q", args)
		data, err := os.ReadFile(precious)
		require.NoError(t, err)
		assert.Equal(t, string(club), string(data), "%q: the file is kept", args)
		assert.Equal(t, []string{"noise.bin", "precious.ogn"}, names(t, dir))
	}
	fresh := filepath.Join(dir, "fresh.ogn")
	status, _, _ := runCmd(t, "", "convert", "-o", fresh, noise)
	assert.Equal(t, exitFail, status)
	assert.NoFileExists(t, fresh, "no file is made of nothing")
}

// TestDirectoryAsInput (issue 26 #23): a directory given as a file of
// records is reported as such, and counted as no game.
func TestDirectoryAsInput(t *testing.T) {
	dir := t.TempDir()
	status, out, errOut := runCmd(t, "", "replay", "-s", dir, "../../ogn/testdata/club.ogn")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "oware replay: read "+dir+": is a directory, not a file of game records\n", errOut)
	assert.Equal(t, "Summary: 3 games, 36 plies: 3 valid, 0 invalid.\n", out)

	status, out, errOut = runCmd(t, "", "convert", dir)
	assert.Equal(t, exitFail, status)
	assert.Empty(t, out)
	assert.Equal(t, "oware convert: read "+dir+": is a directory, not a file of game records\n", errOut)

	status, _, errOut = runCmd(t, "", "play", "-load", dir)
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "oware play: read "+dir+": is a directory, not a saved game\n", errOut)
}
