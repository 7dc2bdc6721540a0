package uci

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// recorded returns the answers of the recorded sessions that start with
// word: lines written by Aalina and by oware uci.
func recorded(t *testing.T, word string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	require.NoError(t, err)
	var got []string
	for _, name := range names {
		f, err := os.Open(name)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), "< "); ok && strings.HasPrefix(line, word+" ") {
				got = append(got, line)
			}
		}
		require.NoError(t, sc.Err())
		f.Close()
	}
	return got
}

// TestInfoRecorded: every info line of the recorded sessions, Aalina's
// (without nodes) and oware uci's, reads and is written back as it was.
func TestInfoRecorded(t *testing.T) {
	lines := recorded(t, "info")
	require.Greater(t, len(lines), 200)
	for _, line := range lines {
		i, err := parseInfo(line)
		require.NoError(t, err, line)
		assert.Equal(t, line, i.Format())
	}
	i, err := parseInfo("info depth 9 score cp -90 pv cDdBeCf")
	require.NoError(t, err)
	assert.Equal(t, Info{Depth: 9, Score: &Score{CP: -90}, PV: moves(t, "cDdBeCf")}, i)
}

// moves reads pit letters.
func moves(t *testing.T, letters string) []oware.Move {
	t.Helper()
	ms, err := parseMoves(letters)
	require.NoError(t, err)
	return ms
}

// TestInfoRoundTrip: any info line that Format writes reads back as the
// Info it was written from.
func TestInfoRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var i Info
		i.Depth = rapid.IntRange(0, 60).Draw(t, "depth")
		i.SelDepth = rapid.IntRange(0, 90).Draw(t, "seldepth")
		i.MultiPV = rapid.IntRange(0, 6).Draw(t, "multipv")
		if rapid.Bool().Draw(t, "score") {
			s := Score{CP: rapid.IntRange(-100000, 100000).Draw(t, "cp")}
			if rapid.Bool().Draw(t, "mate") {
				s = Score{Mate: rapid.IntRange(-50, 50).Filter(func(n int) bool { return n != 0 }).Draw(t, "moves")}
			}
			switch rapid.IntRange(0, 2).Draw(t, "bound") {
			case 1:
				s.Lowerbound = true
			case 2:
				s.Upperbound = true
			}
			i.Score = &s
		}
		i.Nodes = rapid.Uint64Range(0, 1e12).Draw(t, "nodes")
		if i.Nodes != 0 || rapid.Bool().Draw(t, "speed") {
			i.NPS = rapid.Uint64Range(0, 1e9).Draw(t, "nps")
			i.Time = time.Duration(rapid.IntRange(0, 1e8).Draw(t, "ms")) * time.Millisecond
		}
		for range rapid.IntRange(0, 20).Draw(t, "plies") {
			i.PV = append(i.PV, oware.Move(rapid.IntRange(0, oware.NumPits-1).Draw(t, "move")))
		}
		if rapid.Bool().Draw(t, "string") {
			i.String = strings.Join(rapid.SliceOfN(rapid.StringMatching(`[a-z0-9:()]{1,8}`), 1, 5).Draw(t, "words"), " ")
		}
		got, err := parseInfo(i.Format())
		require.NoError(t, err, i.Format())
		assert.Equal(t, i, got, i.Format())
	})
}

// TestInfoOf: the info line of a result of the built-in engine, in the
// form that Aualé reads: centiseeds, or moves to the end of the game; a
// lower bound for a partial iteration.
func TestInfoOf(t *testing.T) {
	for _, tc := range []struct {
		r    engine.Result
		want string
	}{
		{engine.Result{Depth: 6, Score: 3, Nodes: 5204, PV: moves(t, "FaEb")}, "info depth 6 score cp 75 nodes 5204 nps 2602000 time 2 pv FaEb"},
		{engine.Result{Depth: 3, Score: engine.Win - 1, Nodes: 10, PV: moves(t, "F")}, "info depth 3 score mate 1 nodes 10 nps 5000 time 2 pv F"},
		{engine.Result{Depth: 5, Score: engine.Win - 4, Nodes: 10, PV: moves(t, "F")}, "info depth 5 score mate 2 nodes 10 nps 5000 time 2 pv F"},
		{engine.Result{Depth: 5, Score: -engine.Win + 3, Nodes: 10, PV: moves(t, "a")}, "info depth 5 score mate -2 nodes 10 nps 5000 time 2 pv a"},
		{engine.Result{Depth: 8, Score: -6, Nodes: 1000, PV: moves(t, "Cd"), Partial: true}, "info depth 8 score cp -150 lowerbound nodes 1000 nps 500000 time 2 pv Cd"},
	} {
		assert.Equal(t, tc.want, InfoOf(tc.r, 2*time.Millisecond).Format())
	}
	assert.Equal(t, "info depth 1 score cp 0 nodes 1 nps 0 time 0 pv A", InfoOf(engine.Result{Depth: 1, Nodes: 1, PV: moves(t, "A")}, 0).Format())
}

// TestParseInfoErrors: malformed fields are refused; words it does not
// know are skipped.
func TestParseInfoErrors(t *testing.T) {
	for _, line := range []string{
		"bestmove F",
		"info depth",
		"info depth x",
		"info depth -1",
		"info score 12",
		"info score cp",
		"info nodes 99999999999999999999",
	} {
		_, err := parseInfo(line)
		assert.Error(t, err, line)
	}
	i, err := parseInfo("info currmove F currmovenumber 1 depth 4 hashfull 10")
	require.NoError(t, err)
	assert.Equal(t, Info{Depth: 4}, i)
}

// TestOptionRecorded: the option lines of the recorded sessions read and
// are written back as they were.
func TestOptionRecorded(t *testing.T) {
	lines := recorded(t, "option")
	require.NotEmpty(t, lines)
	for _, line := range lines {
		o, err := parseOption(line)
		require.NoError(t, err, line)
		assert.Equal(t, line, o.String())
	}
	o, err := parseOption("option name EngineTurn type string default south var south var north")
	require.NoError(t, err)
	assert.Equal(t, Option{Name: "EngineTurn", Type: StringOption, Default: "south", Vars: []string{"south", "north"}}, o)
	o, err = parseOption("option name Clear Hash type button")
	require.NoError(t, err)
	assert.Equal(t, Option{Name: "Clear Hash", Type: ButtonOption}, o)
	o, err = parseOption("option name Book File type string default <empty>")
	require.NoError(t, err)
	assert.Equal(t, Option{Name: "Book File", Type: StringOption}, o)
	assert.Equal(t, "option name Book File type string default <empty>", o.String())
	for _, line := range []string{
		"option",
		"option name",
		"option name X",
		"option name X type knob",
		"option name X type spin default 1 min a max 3",
		"option name X type spin default 1 min 1",
		"option name X name Y type check",
	} {
		_, err := parseOption(line)
		assert.Error(t, err, line)
	}
	assert.Equal(t, "spin", SpinOption.String())
	assert.Equal(t, "OptionType(9)", OptionType(9).String())
}

// TestLimits: the arguments of go read back as the Limits written; the
// zero Limits is a bare go.
func TestLimits(t *testing.T) {
	assert.Equal(t, "", Limits{}.String())
	l := Limits{Depth: 6, MoveTime: 1200 * time.Millisecond}
	assert.Equal(t, "depth 6 movetime 1200", l.String())
	l = Limits{Clock: [2]time.Duration{60 * time.Second, 30 * time.Second}, Increment: [2]time.Duration{time.Second, 0}, MovesToGo: 12, Ponder: true}
	assert.Equal(t, "wtime 60000 btime 30000 winc 1000 movestogo 12 ponder", l.String())
	rapid.Check(t, func(t *rapid.T) {
		ms := func(label string) time.Duration {
			return time.Duration(rapid.IntRange(0, maxNumber).Draw(t, label)) * time.Millisecond
		}
		l := Limits{
			Depth:     rapid.IntRange(0, maxNumber).Draw(t, "depth"),
			Nodes:     rapid.Uint64Range(0, maxNumber).Draw(t, "nodes"),
			MoveTime:  ms("movetime"),
			Clock:     [2]time.Duration{ms("wtime"), ms("btime")},
			Increment: [2]time.Duration{ms("winc"), ms("binc")},
			MovesToGo: rapid.IntRange(0, maxNumber).Draw(t, "movestogo"),
			Infinite:  rapid.Bool().Draw(t, "infinite"),
			Ponder:    rapid.Bool().Draw(t, "ponder"),
		}
		got, err := parseGo(strings.Fields(l.String()))
		require.NoError(t, err, l.String())
		assert.Equal(t, l, got.Limits, l.String())
	})
	// Depth, nodes or movetime 0 asks for a move at once (issue 26 #13);
	// a clock given at 0 is no time left.
	for args, want := range map[string]goRequest{
		"depth 0":            {now: true},
		"nodes 0 depth 3":    {Limits: Limits{Depth: 3}, now: true},
		"movetime 0":         {now: true},
		"wtime 0 btime 5000": {Limits: Limits{Clock: [2]time.Duration{0, 5 * time.Second}}, clocked: [2]bool{true, true}},
		"btime 0":            {clocked: [2]bool{false, true}},
	} {
		got, err := parseGo(strings.Fields(args))
		require.NoError(t, err, args)
		assert.Equal(t, want, got, args)
	}
	for _, tc := range []struct{ args, want string }{
		{"depth", "go: depth wants a number"},
		{"depth -3", `go depth "-3": want a number from 0 to 1000000000`},
		{"wtime 1000000001", `go wtime "1000000001": want a number from 0 to 1000000000`},
		{"mate 3", `go: unknown parameter "mate"`},
	} {
		_, err := parseGo(strings.Fields(tc.args))
		assert.EqualError(t, err, tc.want, tc.args)
	}
}

// FuzzParseInfo: no line makes parseInfo fail otherwise than with an
// error; a line it reads is written by Format as a line that reads back
// the same.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 6 score cp 75 nodes 5204 nps 4861682 time 1 pv FaEb",
		"info depth 9 score cp -90 pv cDdBeCf",
		"info score mate -3 upperbound pv f",
		"info depth 8 seldepth 20 multipv 2 score cp 10 lowerbound nodes 100 string a note",
		"info currmove F depth x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		i, err := parseInfo(line)
		if err != nil {
			return
		}
		again, err := parseInfo(i.Format())
		require.NoError(t, err, i.Format())
		assert.Equal(t, i, again, "%q written %q", line, i.Format())
	})
}

// FuzzParseOption: no line makes parseOption fail otherwise than with an
// error; an option it reads is written as a line that reads back as an
// option written the same.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Hash type spin default 64 min 1 max 4096",
		"option name EngineTurn type string default south var south var north",
		"option name Clear Hash type button",
		"option name Book File type string default <empty>",
		"option name X type spin min a",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := parseOption(line)
		if err != nil {
			return
		}
		written := o.String()
		again, err := parseOption(written)
		require.NoError(t, err, "%q written %q", line, written)
		assert.Equal(t, written, again.String(), "%q", line)
	})
}
