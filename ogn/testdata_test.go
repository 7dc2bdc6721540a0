package ogn_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// end is what the replay of one game of testdata must give, stated by hand.
type end struct {
	plies  int          // plies in the record
	reason oware.Reason // why the game ended, NotOver if it goes on
	south  int          // South's final tally (D3), or score if not over
	north  int          // North's final tally (D3), or score if not over
	result string       // the recorded result
	// For a bad record: the sentinel error, the faulty ply (0 for the
	// result) and the error message.
	err   error
	ply   int
	msg   string
	plays int // positions returned with the error
}

// The good records. Final positions checked by hand:
//   - majority: South's 26th move, F, takes 2 seeds and brings South to
//     25 (R8); North has 13.
//   - nomove: after 14. F South's side is empty and none of North's pits
//     (b 2, c 3, d 1, e 1 and a 2; f 0) holds enough seeds to reach it, so
//     North cannot feed South (R9): South 17, North 22 + 9 = 31.
//   - nomove-draw: after 21. F+3 South's side is empty and North's pits b 1,
//     c 2, d 2, e 1 cannot reach it (R9): South 24, North 18 + 6 = 24.
//   - repetition: f+2 captures, so the position it makes (one seed in C and
//     one in d, South to move) is the first occurrence (D2). Each later ply
//     moves one of the two seeds one pit on, so the position recurs every
//     12 plies: after ply 13 and, for the third time, after ply 25 (R10).
//     Each side then adds its seed: South 22 + 1, North 24 + 1.
//   - club game 2: the same cycle without the capture, from its FEN: the
//     third occurrence is after ply 24, and 23 + 1 is 24 for both.
var goodRecords = map[string][]end{
	"majority.ogn":        {{plies: 51, reason: oware.Majority, south: 25, north: 13, result: "1-0"}},
	"commented.ogn":       {{plies: 51, reason: oware.Majority, south: 25, north: 13, result: "1-0"}},
	"nomove.ogn":          {{plies: 27, reason: oware.NoMove, south: 17, north: 31, result: "0-1"}},
	"nomove-draw.ogn":     {{plies: 41, reason: oware.NoMove, south: 24, north: 24, result: "24-24"}},
	"repetition.ogn":      {{plies: 25, reason: oware.Repetition, south: 23, north: 25, result: "0-1"}},
	"setup-grandslam.ogn": {{plies: 4, reason: oware.NotOver, south: 19, north: 19, result: "*"}},
	"club.ogn": {
		{plies: 8, reason: oware.NotOver, south: 2, north: 2, result: "*"},
		{plies: 24, reason: oware.Repetition, south: 24, north: 24, result: "1/2-1/2"},
		{plies: 4, reason: oware.NotOver, south: 0, north: 3, result: "*"},
	},
}

var badRecords = map[string][]end{
	"bad-illegal.ogn": {
		{plies: 4, err: oware.ErrEmptyPit, ply: 3, plays: 3,
			msg: "ogn: ply 3 (F): South plays F: pit is empty"},
		{plies: 4, err: oware.ErrNotYourPit, ply: 3, plays: 3,
			msg: "ogn: ply 3 (e): South plays e: pit is not on the mover's side"},
	},
	"bad-feed.ogn": {
		{plies: 8, err: oware.ErrMustFeed, ply: 8, plays: 8,
			msg: "ogn: ply 8 (A): South plays A: move does not feed the opponent"},
	},
	"bad-after-end.ogn": {
		{plies: 28, err: oware.ErrGameOver, ply: 28, plays: 28,
			msg: "ogn: ply 28 (b): North plays b: game is over"},
	},
	"bad-marks.ogn": {
		{plies: 8, err: ogn.ErrCaptureMark, ply: 6, plays: 6,
			msg: "ogn: ply 6 (d): capture mark disagrees with the rules: no mark, but the move captures 2 seeds (+2)"},
		{plies: 8, err: ogn.ErrCaptureMark, ply: 7, plays: 7,
			msg: "ogn: ply 7 (A+3): capture mark disagrees with the rules: marked +3, but the move captures 2 seeds"},
		{plies: 2, err: ogn.ErrCaptureMark, ply: 2, plays: 2,
			msg: "ogn: ply 2 (e+1): capture mark disagrees with the rules: marked +1, but the move captures nothing"},
		{plies: 2, err: ogn.ErrCaptureMark, ply: 1, plays: 1,
			msg: "ogn: ply 1 (F+8): capture mark disagrees with the rules: marked +8, but the move is a grand slam and captures nothing (R6)"},
	},
	"bad-results.ogn": {
		{plies: 51, err: ogn.ErrResult, plays: 52,
			msg: `ogn: result disagrees with the outcome: recorded "0-1", but the game is over: South wins 25-13 (majority, R8)`},
		{plies: 24, err: ogn.ErrResult, plays: 25,
			msg: `ogn: result disagrees with the outcome: recorded "*", but the game is over: draw 24-24 (repetition, R10)`},
		{plies: 27, err: ogn.ErrResult, plays: 28,
			msg: `ogn: result disagrees with the outcome: recorded "17-30", but the game is over: North wins 31-17 (no move, R9)`},
		{plies: 4, err: ogn.ErrResult, plays: 5,
			msg: `ogn: result disagrees with the outcome: recorded "1/2-1/2", but the game is not over`},
	},
}

func readRecords(t *testing.T, name string) []ogn.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	require.NoError(t, err)
	defer f.Close()
	games, err := ogn.Parse(f)
	require.NoError(t, err)
	return games
}

func TestGoodRecords(t *testing.T) {
	for name, ends := range goodRecords {
		t.Run(name, func(t *testing.T) {
			games := readRecords(t, name)
			require.Len(t, games, len(ends))
			for i, want := range ends {
				g := games[i]
				assert.Len(t, g.Moves, want.plies, "game %d", i+1)
				assert.Equal(t, want.result, g.Result.String(), "game %d", i+1)
				effects, err := g.Replay()
				require.NoError(t, err, "game %d", i+1)
				require.Len(t, effects, want.plies)
				last := g.StartPosition()
				if want.plies > 0 {
					last = effects[want.plies-1].After()
				}
				o := last.Outcome()
				assert.Equal(t, want.reason, o.Reason(), "game %d", i+1)
				if want.reason == oware.NotOver {
					assert.Equal(t, want.south, last.Board().Score(oware.South), "game %d", i+1)
					assert.Equal(t, want.north, last.Board().Score(oware.North), "game %d", i+1)
				} else {
					assert.Equal(t, want.south, o.Tally(oware.South), "game %d", i+1)
					assert.Equal(t, want.north, o.Tally(oware.North), "game %d", i+1)
				}
			}
		})
	}
}

func TestBadRecords(t *testing.T) {
	for name, ends := range badRecords {
		t.Run(name, func(t *testing.T) {
			games := readRecords(t, name)
			require.Len(t, games, len(ends))
			for i, want := range ends {
				g := games[i]
				assert.Len(t, g.Moves, want.plies, "game %d", i+1)
				effects, err := g.Replay()
				require.Error(t, err, "game %d", i+1)
				assert.ErrorIs(t, err, want.err, "game %d", i+1)
				var re *ogn.ReplayError
				require.ErrorAs(t, err, &re, "game %d", i+1)
				assert.Equal(t, want.ply, re.Ply, "game %d", i+1)
				if want.ply > 0 {
					assert.Equal(t, g.Moves[want.ply-1].Move, re.Move, "game %d", i+1)
				}
				assert.Equal(t, want.msg, err.Error(), "game %d", i+1)
				assert.Len(t, effects, want.plays-1, "game %d", i+1)
			}
		})
	}
}

func TestBadSyntaxRecord(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "bad-syntax.ogn"))
	require.NoError(t, err)
	defer f.Close()
	games, err := ogn.Parse(f)
	assert.Empty(t, games)
	assert.ErrorIs(t, err, ogn.ErrSyntax)
	assert.EqualError(t, err, `ogn: game 1, line 4, column 13: comment has no closing "}"`)
}

// TestCanonicalRecords checks that the records written in canonical form
// are written back unchanged.
func TestCanonicalRecords(t *testing.T) {
	for _, name := range []string{"majority.ogn", "nomove.ogn", "nomove-draw.ogn", "repetition.ogn"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(t, err)
		g, err := ogn.ParseGame(string(data))
		require.NoError(t, err, name)
		assert.Equal(t, string(data), g.String(), name)
	}
}

// TestCommentedRecord checks where the comments of commented.ogn go and
// that its variations are skipped.
func TestCommentedRecord(t *testing.T) {
	games := readRecords(t, "commented.ogn")
	g := games[0]
	assert.Equal(t, []string{"The majority game again, annotated."}, g.Comments)
	assert.Equal(t, []string{"first capture"}, g.Moves[6].Comments)       // 4. B+2
	assert.Equal(t, []string{"five seeds at once"}, g.Moves[18].Comments) // 10. E+5
	assert.Equal(t, []string{"North's best move of the game", "a second comment on the same move"},
		g.Moves[29].Comments) // 15. ... f+5
	assert.Equal(t, []string{"South reaches 25 seeds (R8)"}, g.Moves[50].Comments)
	var commented int
	for _, p := range g.Moves {
		if len(p.Comments) > 0 {
			commented++
		}
	}
	assert.Equal(t, 4, commented)
	assert.Equal(t, []ogn.Tag{
		{"Event", "Simple players"}, {"Site", "Throwaway program"}, {"Date", "2025.11.30"},
		{"Round", "1"}, {"South", "Greedy"}, {"North", "Random"},
		{"Annotator", "ogn testdata"}, {"PlyCount", "51"},
	}, g.Tags)

	// Without its comments and variations it is the majority game.
	plain := readRecords(t, "majority.ogn")[0]
	require.Len(t, g.Moves, len(plain.Moves))
	for i := range g.Moves {
		assert.Equal(t, plain.Moves[i].Move, g.Moves[i].Move, "ply %d", i+1)
		assert.Equal(t, plain.Moves[i].Captured, g.Moves[i].Captured, "ply %d", i+1)
	}
}

// TestSetupRecords checks the start positions given by FEN tags.
func TestSetupRecords(t *testing.T) {
	g := readRecords(t, "repetition.ogn")[0]
	assert.Equal(t, [12]int{1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1}, g.Start.Pits())
	assert.Equal(t, oware.North, g.Start.ToMove())
	assert.Equal(t, 22, g.Start.Score(oware.South))
	assert.Equal(t, 22, g.Start.Score(oware.North))

	g = readRecords(t, "setup-grandslam.ogn")[0]
	assert.Equal(t, [12]int{1, 1, 0, 0, 0, 3, 1, 2, 2, 0, 0, 0}, g.Start.Pits())
	assert.Equal(t, []string{"F would take 2, 3 and 3 seeds: all of North's side, so nothing is taken"}, g.Comments)
	effects, err := g.Replay()
	require.NoError(t, err)
	// 1. F sows into a, b and c and takes nothing (R6).
	assert.Equal(t, [12]int{1, 1, 0, 0, 0, 0, 2, 3, 3, 0, 0, 0}, effects[0].After().Board().Pits())
	assert.Equal(t, 19, effects[0].After().Board().Score(oware.South))
	assert.True(t, effects[0].GrandSlam())
}

func TestNoTestdataLeftOut(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "*.ogn"))
	require.NoError(t, err)
	for _, n := range names {
		base := filepath.Base(n)
		_, good := goodRecords[base]
		_, bad := badRecords[base]
		assert.True(t, good || bad || base == "bad-syntax.ogn", "%s is not tested", base)
		assert.False(t, good && bad, base)
		assert.Equal(t, strings.HasPrefix(base, "bad-"), !good, base)
	}
}
