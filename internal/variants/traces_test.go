package variants

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// header is the first line of a trace file: where the games come from.
type header struct {
	Program string   `json:"program"`
	Preset  string   `json:"preset"`
	Repo    string   `json:"repo"`
	Commit  string   `json:"commit"`
	Files   []string `json:"files"`
	Games   int      `json:"games"`
	Plies   int      `json:"plies"`
}

// game is one recorded game: what the program said at the start and after
// every ply, and at the end.
type game struct {
	Kind  string `json:"kind"`
	Start string `json:"start"`
	L0    string `json:"l0"`
	O0    bool   `json:"o0"`
	Plies []struct {
		M string `json:"m"`
		B string `json:"b"`
		L string `json:"l"`
		O bool   `json:"o"`
	} `json:"plies"`
	End struct {
		Over    bool    `json:"over"`
		Winner  *string `json:"winner"`
		Tallies *[2]int `json:"tallies"`
	} `json:"end"`
}

// readTraces reads testdata/variants/NAME.jsonl.gz.
func readTraces(t *testing.T, name string) (header, []game) {
	t.Helper()
	f, err := os.Open("../../testdata/variants/" + name + ".jsonl.gz")
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<24)
	require.True(t, sc.Scan(), "no header")
	var h header
	require.NoError(t, json.Unmarshal(sc.Bytes(), &h))
	var games []game
	for sc.Scan() {
		var g game
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		games = append(games, g)
	}
	require.NoError(t, sc.Err())
	require.Len(t, games, h.Games, "the header counts the games")
	return h, games
}

// letters writes a move set as the traces do: pit letters in pit order.
func letters(s oware.MoveSet) string {
	return strings.NewReplacer("{", "", "}", "", " ", "").Replace(s.String())
}

// finalBoard reports whether a program's board after the last ply, got,
// shows the end of the game that p reached: p's board, or the board after
// the program put the seeds left into the tallies (every pit empty, the
// scores the tallies of p's outcome). The side to move of a finished game
// is no rule: Game::Oware does not pass the turn on the move that wins.
func finalBoard(got string, p oware.Position) bool {
	o := p.Outcome()
	gathered := fmt.Sprintf("0-0-0-0-0-0-0-0-0-0-0-0-%d-%d", o.Tally(oware.South), o.Tally(oware.North))
	board := p.Board().String()
	got = got[:strings.LastIndexByte(got, '-')]
	return got == board[:strings.LastIndexByte(board, '-')] || got == gathered
}

// winnerText writes o's winner as the traces do.
func winnerText(o oware.Outcome) string {
	if w, ok := o.Winner(); ok {
		return w.String()[:1]
	}
	return "draw"
}

// replay plays g under rules and returns "" when the preset agrees with the
// program at every ply, or the first difference.
func replay(rules oware.Rules, g game) string {
	b, err := oware.ParseBoard(g.Start)
	if err != nil {
		return "start: " + err.Error()
	}
	p := rules.Position(b)
	if got := letters(p.Moves()); got != g.L0 || p.Outcome().Over() != g.O0 {
		return fmt.Sprintf("start %s: legal %q over %v, the program %q over %v", g.Start, got, p.Outcome().Over(), g.L0, g.O0)
	}
	for i, ply := range g.Plies {
		m, err := oware.ParseMove(ply.M)
		if err != nil {
			return fmt.Sprintf("ply %d: %v", i+1, err)
		}
		next, err := p.Play(m)
		if err != nil {
			return fmt.Sprintf("ply %d %s at %s: %v", i+1, ply.M, p, err)
		}
		p = next
		o := p.Outcome()
		board := p.Board().String()
		last := i == len(g.Plies)-1
		if board != ply.B && !(last && o.Over() && finalBoard(ply.B, p)) {
			return fmt.Sprintf("ply %d %s: board %s, the program %s (%s)", i+1, ply.M, board, ply.B, p)
		}
		if got := letters(p.Moves()); got != ply.L || o.Over() != ply.O {
			return fmt.Sprintf("ply %d %s: legal %q over %v (%v), the program %q over %v (%s)", i+1, ply.M, got, o.Over(), o, ply.L, ply.O, p)
		}
	}
	o := p.Outcome()
	switch {
	case o.Over() != g.End.Over:
		return fmt.Sprintf("end: over %v, the program %v", o.Over(), g.End.Over)
	case !o.Over():
		return ""
	case g.End.Tallies != nil && *g.End.Tallies != [2]int{o.Tally(oware.South), o.Tally(oware.North)}:
		return fmt.Sprintf("end: %v, the program's tallies %v (%s)", o, *g.End.Tallies, p)
	case g.End.Winner != nil && *g.End.Winner != winnerText(o):
		return fmt.Sprintf("end: %v, the program's winner %s", o, *g.End.Winner)
	}
	return ""
}

// stuck reports whether the program left a set-up start that has no legal
// move unfinished, which these rules end at once (R9, D4): Aualé,
// board-game-rs and Game::Oware do not check a set-up position.
func stuck(g game) bool { return g.L0 == "" && !g.O0 && len(g.Plies) == 0 }

// TestTraces replays every recorded game of every program under its preset
// and requires that they agree at every ply: the board, the legal moves,
// whether the game is over, and the final tallies and winner.
func TestTraces(t *testing.T) {
	for _, name := range []string{"openspiel", "aalina", "auale", "playstrategy", "board-game-rs", "game-oware"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h, games := readTraces(t, name)
			assert.Equal(t, name, h.Preset)
			rules, err := oware.ParseRules(name)
			require.NoError(t, err)
			plies, skipped, diffs, abapaDiffs := 0, 0, 0, 0
			for i, g := range games {
				if stuck(g) {
					b, err := oware.ParseBoard(g.Start)
					require.NoError(t, err)
					assert.Zero(t, rules.Position(b).Moves(), "game %d: a stuck start has no move here either", i+1)
					skipped++
					continue
				}
				plies += len(g.Plies)
				if replay(oware.Rules{}, g) != "" {
					abapaDiffs++
				}
				if d := replay(rules, g); d != "" {
					diffs++
					if diffs <= 5 {
						t.Errorf("%s game %d (%s, from %s): %s", name, i+1, g.Kind, g.Start, d)
					}
				}
			}
			require.Positive(t, plies)
			t.Logf("%s (%s %s): %d games, %d plies, %d stuck starts left out, %d differences; %d games differ under abapa",
				h.Program, h.Repo, h.Commit[:12], len(games), plies, skipped, diffs, abapaDiffs)
			assert.Zero(t, diffs)
			// The traces tell the program from abapa: the preset is needed.
			assert.Positive(t, abapaDiffs, "no game tells %s from abapa", name)
		})
	}
}
