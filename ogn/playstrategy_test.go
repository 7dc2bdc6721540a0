package ogn_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// psGame is one game of testdata/playstrategy-games.jsonl, recorded from
// PlayStrategy's test suite (see testdata/playstrategy-games.md).
type psGame struct {
	Source string   `json:"source"`
	ID     string   `json:"id"`
	FEN    string   `json:"fen"`
	Moves  []string `json:"moves"`
	Pits   []int    `json:"moves_pits"`
	Final  struct {
		Over       bool   `json:"site_over"`
		Winner     string `json:"winner"`
		Tallies    []int  `json:"tallies"`
		Repetition bool   `json:"isRepetition"`
	} `json:"driver_final"`
}

func readPSGames(t *testing.T) []psGame {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "playstrategy-games.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var games []psGame
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var g psGame
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		games = append(games, g)
	}
	require.NoError(t, sc.Err())
	require.Len(t, games, 24)
	return games
}

// psResult is the Result tag PlayStrategy gives the game.
func (g psGame) psResult() string {
	switch {
	case !g.Final.Over:
		return "*"
	case g.Final.Winner == "S":
		return "1-0"
	case g.Final.Winner == "N":
		return "0-1"
	}
	return "1/2-1/2"
}

// export writes the game in PlayStrategy's export format.
func (g psGame) export() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"strategygames test\"]\n[Site %q]\n[Result %q]\n[Variant \"Oware\"]\n", g.Source, g.psResult())
	if g.FEN != "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1" {
		fmt.Fprintf(&b, "[FEN %q]\n", g.FEN)
	}
	fmt.Fprintf(&b, "\n%s %s\n", strings.Join(g.Moves, " "), g.psResult())
	return b.String()
}

// repetitionEnds are the games that PlayStrategy ends by its repetition
// rule, on the second occurrence of a position (or on a recurrence at
// least 12 plies back): under the abapa rules a position must occur a third
// time (R10), so none of these games is over there, and the recorded
// result is refused.
var repetitionEnds = map[string]bool{
	"api_Pd83xW5h": true, "cycle_1S_23_23": true, "cycle_2S_21_23": true, "cycle_part2": true,
	"GzK8qh5k": true, "nOnJqb7U": true, "SnPn3aqd": true, "isometry_cycle": true,
}

// TestPlayStrategyGames reads the games of PlayStrategy's test suite in
// its export format, which a Reader replays by PlayStrategy's rules (the
// playstrategy preset): every game ends as PlayStrategy says, tallies
// included. Told the abapa rules, the reader refuses the results of the
// games that PlayStrategy ends by its repetition rule: under R10 a
// position must occur a third time, so none of them is over.
func TestPlayStrategyGames(t *testing.T) {
	abapa := oware.Rules{}
	var ended int
	for _, pg := range readPSGames(t) {
		t.Run(pg.ID, func(t *testing.T) {
			rd := ogn.NewReader(strings.NewReader(pg.export()))
			rd.Format = ogn.PlayStrategy
			g, effects, err := rd.ReadReplay()
			require.NoError(t, err, pg.Source)
			require.Len(t, g.Moves, len(pg.Pits), pg.Source)
			for i, ply := range g.Moves {
				assert.Equal(t, pg.Pits[i], ply.Move.Pit(), "%s ply %d", pg.Source, i+1)
			}
			require.Len(t, effects, len(pg.Moves))
			final := g.StartPosition()
			if len(effects) > 0 {
				final = effects[len(effects)-1].After()
			}
			o := final.Outcome()
			require.Equal(t, pg.Final.Over, o.Over(), pg.Source)
			if o.Over() {
				ended++
				assert.Equal(t, pg.Final.Tallies, []int{o.Tally(oware.South), o.Tally(oware.North)}, pg.Source)
			}

			rd = ogn.NewReader(strings.NewReader(pg.export()))
			rd.Format, rd.Rules = ogn.PlayStrategy, &abapa
			_, _, err = rd.ReadReplay()
			if repetitionEnds[pg.ID] {
				require.True(t, pg.Final.Repetition && pg.Final.Over)
				var re *ogn.ReplayError
				require.ErrorAs(t, err, &re, pg.Source)
				assert.ErrorIs(t, err, ogn.ErrResult)
				assert.Zero(t, re.Ply)
				return
			}
			require.NoError(t, err, "%s under abapa", pg.Source)
		})
	}
	assert.Equal(t, 14, ended, "games PlayStrategy ends")
}

var psMove = regexp.MustCompile(`^[a-f][12][a-f][12]$`)

// TestPlayStrategyRoundTrips writes every game of PlayStrategy's test
// suite back in its format, as OGN and, from the opening, as an OpenSpiel
// move list, and reads each back: the same moves in PlayStrategy's
// notation, the same actions, the same start.
func TestPlayStrategyRoundTrips(t *testing.T) {
	for _, pg := range readPSGames(t) {
		rd := ogn.NewReader(strings.NewReader(pg.export()))
		rd.Format = ogn.PlayStrategy
		g, _, _ := rd.ReadReplay()
		require.Len(t, g.Moves, len(pg.Moves), pg.Source)

		text, err := g.AppendFormat(nil, ogn.PlayStrategy)
		require.NoError(t, err, pg.Source)
		var moves []string
		for _, w := range strings.Fields(string(text)) {
			if psMove.MatchString(w) {
				moves = append(moves, w)
			}
		}
		assert.Equal(t, strings.Join(pg.Moves, " "), strings.Join(moves, " "), pg.Source)
		again := readOne(t, ogn.PlayStrategy, string(text))
		assert.Equal(t, g.Start, again.Start, pg.Source)
		assert.Equal(t, g.Moves, again.Moves, pg.Source)

		ognText, err := g.AppendFormat(nil, ogn.OGN)
		require.NoError(t, err)
		fromOGN := readOne(t, ogn.OGN, string(ognText))
		assert.Equal(t, g.Moves, fromOGN.Moves, pg.Source)
		assert.Equal(t, g.Start, fromOGN.Start, pg.Source)

		if g.Start != oware.Start().Board() {
			_, err := g.AppendFormat(nil, ogn.OpenSpiel)
			assert.ErrorIs(t, err, ogn.ErrInvalidGame, pg.Source)
			continue
		}
		list, err := g.AppendFormat(nil, ogn.OpenSpiel)
		require.NoError(t, err)
		var actions []string
		for _, p := range pg.Pits {
			actions = append(actions, strconv.Itoa(p%6))
		}
		assert.Equal(t, strings.Join(actions, " ")+"\n", string(list), pg.Source)
		fromList := readOne(t, ogn.OpenSpiel, string(list))
		assert.Equal(t, g.Moves, fromList.Moves, pg.Source)
	}
}

// readOne reads the one game of text in format f.
func readOne(t *testing.T, f ogn.Format, text string) ogn.Game {
	t.Helper()
	rd := ogn.NewReader(strings.NewReader(text))
	rd.Format = f
	g, err := rd.Read()
	require.NoError(t, err, "%s", text)
	return g
}

// TestPlayStrategyGamesUnderPreset replays the same games under the
// playstrategy preset of package oware: every game ends, or goes on,
