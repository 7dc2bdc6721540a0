package oware_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// startFEN is the PlayStrategy FEN of the opening, move 1.
const startFEN = "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1"

// requireParseError checks that err is a *ParseError about what, at the
// given byte offset, whose message contains msg, and that it wraps want.
func requireParseError(t *testing.T, err error, what string, offset int, msg string, want error) {
	t.Helper()
	var pe *oware.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, what, pe.What)
	assert.Equal(t, offset, pe.Offset, "offset; message %q", pe.Msg)
	assert.Contains(t, pe.Msg, msg)
	assert.ErrorIs(t, err, want)
	assert.Regexp(t, `^oware: `, err.Error())
}

func TestFENStart(t *testing.T) {
	p, n, err := oware.ParseFEN(startFEN)
	require.NoError(t, err)
	assert.Equal(t, oware.Start().Key(), p.Key())
	assert.Equal(t, 1, n)
	assert.Equal(t, 1, p.Repetitions(), "fresh history (D4)")

	b, err := oware.Start().AppendFEN(nil, 1)
	require.NoError(t, err)
	assert.Equal(t, startFEN, string(b))
}

// TestFENRoundTrip reads FENs, compares the position with its position
// string and writes the FEN back. The boards of the PlayStrategy test
// suite (strategygames) are marked; their pit arrays are theirs.
func TestFENRoundTrip(t *testing.T) {
	tests := []struct {
		fen, position string
		move          int
	}{
		{startFEN, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 1},
		// After South's C: pit 2 empty, pits 3 to 6 hold 5; still move 1.
		{"4S,4S,4S,4S,4S,5S/4S,4S,1,5S,5S,5S 0 0 N 1", "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N", 1},
		// PlayStrategy: pits 4,4,4,4,0,5,5,5,5,4,4,4.
		{"4S,4S,4S,5S,5S,5S/4S,4S,4S,4S,1,5S 0 0 N 1", "4-4-4-4-0-5-5-5-5-4-4-4-0-0-N", 1},
		// PlayStrategy: pits 4,4,1,1,4,4,4,4,4,4,1,1.
		{"1S,1S,4S,4S,4S,4S/4S,4S,1S,1S,4S,4S 4 8 N 11", "4-4-1-1-4-4-4-4-4-4-1-1-4-8-N", 11},
		// PlayStrategy (stratops): runs at both ends of a row.
		{"11S,5/2,23S,3 11 3 S 50", "0-0-23-0-0-0-0-0-0-0-0-11-11-3-S", 50},
		// Runs inside rows.
		{"3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7", "0-10-0-0-0-1-2-0-5-0-0-3-13-14-N", 7},
		// Empty board, a finished position (D4).
		{"6/6 0 48 S 1", "0-0-0-0-0-0-0-0-0-0-0-0-0-48-S", 1},
		{"6/48S,5 0 0 N 9999", "48-0-0-0-0-0-0-0-0-0-0-0-0-0-N", 9999},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			p, n, err := oware.ParseFEN(tt.fen)
			require.NoError(t, err)
			assert.Equal(t, tt.move, n)
			assert.Equal(t, oware.MustParsePosition(tt.position).Key(), p.Key())
			assert.Equal(t, 1, p.Repetitions())

			b, err := p.AppendFEN([]byte("fen: "), n)
			require.NoError(t, err)
			assert.Equal(t, "fen: "+tt.fen, string(b))
		})
	}
}

// TestFENVariants checks the forms that ParseFEN accepts besides the one
// AppendFEN writes.
func TestFENVariants(t *testing.T) {
	tests := []struct{ in, canonical string }{
		{"4s,4s,4s,4s,4s,4s/4s,4s,4s,4s,4s,4s 0 0 S 1", startFEN},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S", startFEN},
		{"4S,4s,4S,5s,5S,5S/4S,4S,4S,4S,1,5S 0 0 N", "4S,4S,4S,5S,5S,5S/4S,4S,4S,4S,1,5S 0 0 N 1"},
	}
	for _, tt := range tests {
		p, n, err := oware.ParseFEN(tt.in)
		require.NoError(t, err, tt.in)
		b, err := p.AppendFEN(nil, n)
		require.NoError(t, err)
		assert.Equal(t, tt.canonical, string(b), tt.in)
	}
}

func TestParseFENErrors(t *testing.T) {
	total := &oware.PositionError{}
	tests := []struct {
		in     string
		offset int
		msg    string
		want   error // ErrSyntax, or nil for a *PositionError
	}{
		{"", 0, "North's row: a seed count or a run of empty pits is missing", oware.ErrSyntax},
		{" " + startFEN, 0, "is missing", oware.ErrSyntax},
		{"4S,,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1", 3, "missing", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1", 14, "North's row has only 5 of its 6 pits", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1", 36, "South's row has more than 6 pits", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,6 0 0 S 1", 21, "South's row has more than 6 pits", oware.ErrSyntax},
		{"6/2,4 0 48 S 1", 4, "two runs of empty pits", oware.ErrSyntax},
		{"3,3/6 0 48 S 1", 2, "two runs of empty pits", oware.ErrSyntax},
		{"0S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,8S 0 0 S 1", 0, "seed count is not a number from 1 to 48", oware.ErrSyntax},
		{"6/49S,5 0 0 S 1", 2, "seed count is not a number from 1 to 48", oware.ErrSyntax},
		{"6/-1S,5 0 0 S 1", 2, "seed count is not a number", oware.ErrSyntax},
		{"6/04S,5 0 44 S 1", 2, "seed count is not a number", oware.ErrSyntax},
		{"6/S,5 0 47 S 1", 2, "seed count is not a number", oware.ErrSyntax},
		{"6/7 0 48 S 1", 2, "not a seed count such as 4S nor a run of empty pits from 1 to 6", oware.ErrSyntax},
		{"6/0,6 0 48 S 1", 2, "not a seed count", oware.ErrSyntax},
		{"6/4X,5 0 44 S 1", 2, "not a seed count", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S 4S,4S,4S,4S,4S,4S 0 0 S 1", 17, `want "/" after North's row`, oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S/4S 0 0 S 1", 35, `want " " after South's row`, oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S", 35, `want " " after South's row`, oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S x 0 S 1", 36, "South's score is not a number from 0 to 48", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S -1 1 S 1", 36, "South's score is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 49 0 S 1", 36, "South's score is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 00 0 S 1", 36, "South's score is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 1.0 S 1", 38, "North's score is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S  0 0 S 1", 36, "South's score is missing", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0", 37, "too few fields", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0", 39, "too few fields", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 ", 40, "side to move is not S or N", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 X 1", 40, "side to move is not S or N", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 s 1", 40, "side to move is not S or N", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 South 1", 40, "side to move is not S or N", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S ", 42, "move number is missing", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 0", 42, "move number is not a number from 1 to 9999", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 01", 42, "move number is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S +1", 42, "move number is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S -1", 42, "move number is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 10000", 42, "move number is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 99999999999999999999", 42, "move number is not a number", oware.ErrSyntax},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S one", 42, "move number is not a number", oware.ErrSyntax},
		{startFEN + " ", 43, "unexpected text after the move number", oware.ErrSyntax},
		{startFEN + " 0", 43, "unexpected text after the move number", oware.ErrSyntax},
		{startFEN + "\n", 42, "move number is not a number", oware.ErrSyntax},
		// Well formed, but the seeds do not add up to 48 (D4).
		{"3S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1", 0, "total is 47", nil},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 1 S 1", 0, "total is 49", nil},
		// A finished game as PlayStrategy's own tests write it, the final
		// tallies standing in for the scores: 21 seeds on the board and
		// scores 27 and 2 make 50, so it is no valid position (D4).
		{"5,13s/4s,1,1s,2,3s 27 2 S 50", 0, "total is 50", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, n, err := oware.ParseFEN(tt.in)
			want := tt.want
			if want == nil {
				require.ErrorAs(t, err, &total)
				want = oware.ErrSeedTotal
			}
			requireParseError(t, err, "FEN", tt.offset, tt.msg, want)
			assert.False(t, p.Valid())
			assert.Zero(t, n)
		})
	}
}

func TestAppendFENErrors(t *testing.T) {
	prefix := []byte("x")
	b, err := oware.Position{}.AppendFEN(prefix, 1)
	assert.ErrorIs(t, err, oware.ErrInvalidPosition)
	assert.Equal(t, "x", string(b))

	for _, n := range []int{0, -1, 10000} {
		b, err := oware.Start().AppendFEN(prefix, n)
		assert.ErrorIs(t, err, oware.ErrMoveNumber, "move %d", n)
		assert.Equal(t, "x", string(b))
	}
}

func TestAppendFENAllocs(t *testing.T) {
	p := oware.MustParsePosition("0-10-0-0-0-1-2-0-5-0-0-3-13-14-N")
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		_, _ = p.AppendFEN(buf[:0], 7)
	})
	assert.Zero(t, allocs)
}

func TestPositionTextZero(t *testing.T) {
	b, err := oware.Position{}.AppendText([]byte("x"))
	assert.ErrorIs(t, err, oware.ErrInvalidPosition)
	assert.Equal(t, "x", string(b))
	_, err = oware.Position{}.MarshalText()
	assert.True(t, errors.Is(err, oware.ErrInvalidPosition))
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want oware.Move
	}{
		{"A", 0}, {"B", 1}, {"C", 2}, {"D", 3}, {"E", 4}, {"F", 5},
		{"a", 6}, {"b", 7}, {"c", 8}, {"d", 9}, {"e", 10}, {"f", 11},
		{"0", 0}, {"1", 1}, {"2", 2}, {"3", 3}, {"4", 4}, {"5", 5},
		{"6", 6}, {"7", 7}, {"8", 8}, {"9", 9}, {"10", 10}, {"11", 11},
	}
	for _, tt := range tests {
		m, err := oware.ParseMove(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, m, tt.in)
	}
	for _, in := range []string{
		"", "G", "g", "Z", "z", "12", "13", "99", "-1", "+1", " A", "A ", "AA",
		"Aa", "01", "00", "011", "1 ", "0x1", "B1", "A\x00", "\u0410", "１",
	} {
		m, err := oware.ParseMove(in)
		requireParseError(t, err, "move", 0, "not a pit letter", oware.ErrSyntax)
		assert.Zero(t, m, in)
	}
}

func TestMoveText(t *testing.T) {
	b, err := json.Marshal(oware.Move(5))
	require.NoError(t, err)
	assert.Equal(t, `"F"`, string(b))
	b, err = json.Marshal([]oware.Move{0, 6, 11})
	require.NoError(t, err)
	assert.Equal(t, `["A","a","f"]`, string(b))

	var moves []oware.Move
	require.NoError(t, json.Unmarshal([]byte(`["c","3","11"]`), &moves))
	assert.Equal(t, []oware.Move{8, 3, 11}, moves)

	var m oware.Move = 4
	err = json.Unmarshal([]byte(`"G"`), &m)
	requireParseError(t, err, "move", 0, "not a pit letter", oware.ErrSyntax)
	assert.Equal(t, oware.Move(4), m, "unchanged on error")
	assert.Error(t, json.Unmarshal([]byte(`3`), &m), "a JSON number is not a move")

	_, err = json.Marshal(oware.Move(12))
	assert.ErrorIs(t, err, oware.ErrNoSuchPit)
}

func TestPlayerText(t *testing.T) {
	for _, tt := range []struct {
		p    oware.Player
		text string
	}{{oware.South, "South"}, {oware.North, "North"}} {
		b, err := tt.p.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tt.text, string(b))
	}
	_, err := oware.Player(2).MarshalText()
	assert.ErrorIs(t, err, oware.ErrNoSuchPlayer)

	for in, want := range map[string]oware.Player{"South": oware.South, "S": oware.South, "North": oware.North, "N": oware.North} {
		p := oware.Player(7)
		require.NoError(t, p.UnmarshalText([]byte(in)), in)
		assert.Equal(t, want, p, in)
	}
	for _, in := range []string{"", "south", "s", "n", "NORTH", "East", "SN", " S", "South ", "0", "1"} {
		p := oware.North
		err := p.UnmarshalText([]byte(in))
		requireParseError(t, err, "player", 0, `not "South", "North", "S" or "N"`, oware.ErrSyntax)
		assert.Equal(t, oware.North, p, "unchanged on error")
	}

	b, err := json.Marshal(map[oware.Player]int{oware.South: 3, oware.North: 5})
	require.NoError(t, err)
	assert.Equal(t, `{"North":5,"South":3}`, string(b))
}

func TestReasonText(t *testing.T) {
	for _, tt := range []struct {
		r    oware.Reason
		text string
	}{
		{oware.NotOver, "not over"},
		{oware.Majority, "majority"},
		{oware.NoMove, "no move"},
		{oware.Repetition, "repetition"},
	} {
		b, err := tt.r.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tt.text, string(b))
		r := oware.Reason(9)
		require.NoError(t, r.UnmarshalText([]byte(tt.text)))
		assert.Equal(t, tt.r, r)
	}
	_, err := oware.Reason(4).MarshalText()
	assert.ErrorIs(t, err, oware.ErrNoSuchReason)
	for _, in := range []string{"", "Majority", "R8", "no_move", "nomove", "repetition "} {
		r := oware.Majority
		err := r.UnmarshalText([]byte(in))
		requireParseError(t, err, "reason", 0, `not "not over", "majority", "no move" or "repetition"`, oware.ErrSyntax)
		assert.Equal(t, oware.Majority, r)
	}
}

// play plays the moves, written as pit letters, from the position string.
func play(t *testing.T, position, moves string) oware.Position {
	t.Helper()
	p := oware.MustParsePosition(position)
	for i := range len(moves) {
		m, err := oware.ParseMove(moves[i : i+1])
		require.NoError(t, err)
		p, err = p.Play(m)
		require.NoError(t, err, "move %d, %s", i, moves[i:i+1])
	}
	return p
}

// finished returns games that end in each way, with their outcome as text
// and as JSON, worked out by hand.
func finished(t *testing.T) []struct {
	name       string
	p          oware.Position
	text, json string
} {
	return []struct {
		name       string
		p          oware.Position
		text, json string
	}{{
		// The game goes on.
		"start", oware.Start(), "not over",
		`{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`,
	}, {
		// South's F sows 6 to 9; pits 9 (2) and 8 (3) are taken: 20+5 = 25 (R8).
		"majority", play(t, "0-0-0-0-0-4-4-5-2-1-4-4-20-4-S", "F"), "South wins 25-4 (majority, R8)",
		`{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":4}}`,
	}, {
		// South's F would take North's last seeds (R6); then North's two
		// seeds in pit 6 cannot reach South (R7, R9): 23 to 23+2.
		"no move", play(t, "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S", "F"), "North wins 23-25 (no move, R9)",
		`{"over":true,"reason":"no move","rule":"R9","winner":"North","draw":false,"tallies":{"South":23,"North":25}}`,
	}, {
		// South to move with an empty side: 24 to 0+24.
		"no move draw", oware.MustParsePosition("0-0-0-0-0-0-4-4-4-4-4-4-24-0-S"), "draw 24-24 (no move, R9)",
		`{"over":true,"reason":"no move","rule":"R9","winner":null,"draw":true,"tallies":{"South":24,"North":24}}`,
	}, {
		// Two lone seeds chase each other round the board; after 12 plies
		// the position is back, after 24 it occurs for the third time
		// (R10, D2): 23+1 to 23+1.
		"repetition", play(t, "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", "FfAaBbCcDdEeFfAaBbCcDdEe"), "draw 24-24 (repetition, R10)",
		`{"over":true,"reason":"repetition","rule":"R10","winner":null,"draw":true,"tallies":{"South":24,"North":24}}`,
	}}
}

func TestOutcomeText(t *testing.T) {
	for _, tt := range finished(t) {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.p.Outcome()
			b, err := o.AppendText([]byte("> "))
			require.NoError(t, err)
			assert.Equal(t, "> "+tt.text, string(b))
			b, err = o.MarshalText()
			require.NoError(t, err)
			assert.Equal(t, tt.text, string(b))
			assert.Equal(t, tt.text, o.String())

			var back oware.Outcome
			require.NoError(t, back.UnmarshalText([]byte(tt.text)))
			assert.Equal(t, o, back)
		})
	}
}

// TestOutcomeTextOnly reads outcomes that no game above reaches and writes
// them back.
func TestOutcomeTextOnly(t *testing.T) {
	for _, in := range []string{
		"North wins 0-48 (no move, R9)",
		"South wins 48-0 (repetition, R10)",
		"North wins 0-25 (majority, R8)",
		"South wins 25-23 (majority, R8)",
		"North wins 20-28 (repetition, R10)",
	} {
		var o oware.Outcome
		require.NoError(t, o.UnmarshalText([]byte(in)), in)
		assert.True(t, o.Over())
		assert.Equal(t, in, o.String())
	}
	var o oware.Outcome
	require.NoError(t, o.UnmarshalText([]byte("South wins 26-22 (majority, R8)")))
	assert.Equal(t, oware.Majority, o.Reason())
	w, ok := o.Winner()
	assert.True(t, ok)
	assert.Equal(t, oware.South, w)
	assert.Equal(t, 26, o.Tally(oware.South))
	assert.Equal(t, 22, o.Tally(oware.North))
}

func TestOutcomeUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, `want "not over"`},
		{"Not over", 0, `want "not over"`},
		{"not over ", 0, `want "not over"`},
		{"East wins 25-4 (majority, R8)", 0, `want "not over"`},
		{"South wins", 0, `want "not over"`},
		{"South wins 25-4", 14, "want the tallies and the reason"},
		{"South wins 25", 11, "want the tallies and the reason"},
		{"South wins x-4 (majority, R8)", 11, "South's tally is not a number from 0 to 48"},
		{"South wins 49-0 (majority, R8)", 11, "South's tally is not a number"},
		{"South wins 025-4 (majority, R8)", 11, "South's tally is not a number"},
		{"South wins -25-4 (majority, R8)", 11, "South's tally is not a number"},
		{"South wins 25--4 (majority, R8)", 14, "North's tally is not a number"},
		{"South wins 25-4  (majority, R8)", 16, "want the reason and the rule in parentheses"},
		{"South wins 25-4 majority, R8", 16, "want the reason and the rule in parentheses"},
		{"South wins 25-4 (majority,R8)", 16, "want the reason and the rule in parentheses"},
		{"South wins 25-4 (Majority, R8)", 17, `not "majority", "no move" or "repetition"`},
		{"South wins 25-4 (not over, )", 17, `not "majority", "no move" or "repetition"`},
		{"South wins 25-4 (majority, R9)", 27, "want R8) after majority"},
		{"South wins 25-4 (majority, R8", 27, "want R8) after majority"},
		{"South wins 25-4 (majority, R8) ", 27, "want R8) after majority"},
		{"South wins 25-4 (majority, R8))", 27, "want R8) after majority"},
		{"North wins 25-4 (majority, R8)", 0, "the tallies make South the winner"},
		{"draw 25-4 (majority, R8)", 0, "the tallies make South the winner"},
		{"South wins 24-24 (no move, R9)", 0, "equal tallies make a draw"},
		{"South wins 24-23 (majority, R8)", 11, "after R8 one tally is 25 or more"},
		{"South wins 25-24 (majority, R8)", 11, "they add up to at most 48"},
		{"South wins 25-22 (no move, R9)", 11, "after R9 and R10 the tallies add up to 48"},
		{"draw 23-23 (repetition, R10)", 5, "after R9 and R10 the tallies add up to 48"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			o := oware.Start().Outcome()
			err := o.UnmarshalText([]byte(tt.in))
			requireParseError(t, err, "outcome", tt.offset, tt.msg, oware.ErrSyntax)
			assert.False(t, o.Over(), "unchanged on error")
		})
	}
}

func TestOutcomeJSON(t *testing.T) {
	for _, tt := range finished(t) {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.p.Outcome()
			b, err := json.Marshal(o)
			require.NoError(t, err)
			assert.Equal(t, tt.json, string(b))

			var back oware.Outcome
			require.NoError(t, json.Unmarshal([]byte(tt.json), &back))
			assert.Equal(t, o, back)
		})
	}
}

// TestOutcomeJSONLenient reads forms that MarshalJSON does not write: the
// derived fields left out, fields in another order, spaces, null.
func TestOutcomeJSONLenient(t *testing.T) {
	tests := []struct{ in, text string }{
		{`{"reason":"majority","tallies":{"South":26,"North":22}}`, "South wins 26-22 (majority, R8)"},
		{` { "tallies" : { "North" : 22 , "South" : 26 } , "winner" : "South" , "reason" : "majority" } `, "South wins 26-22 (majority, R8)"},
		{`{"draw":true,"reason":"repetition","tallies":{"South":24,"North":24},"rule":"R10","over":true,"winner":null}`, "draw 24-24 (repetition, R10)"},
		{`{"reason":"not over","tallies":{"South":0,"North":0},"rule":null}`, "not over"},
	}
	for _, tt := range tests {
		var o oware.Outcome
		require.NoError(t, json.Unmarshal([]byte(tt.in), &o), tt.in)
		assert.Equal(t, tt.text, o.String())
	}

	var o oware.Outcome
	require.NoError(t, o.UnmarshalText([]byte("draw 24-24 (no move, R9)")))
	require.NoError(t, o.UnmarshalJSON([]byte("null")))
	assert.Equal(t, "draw 24-24 (no move, R9)", o.String(), "null leaves the outcome unchanged")
}

func TestOutcomeUnmarshalJSONErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "not valid JSON"},
		{`[1]`, 0, "not a JSON object"},
		{`"South wins"`, 0, "not a JSON object"},
		{`{"reason":"majority","tallies":{"South":25,"North":4}`, 53, "not valid JSON"},
		{`{"reason":"majority",}`, 21, "not valid JSON"},
		{`{"reason":"majority","tallies":{"South":25,"North":4}} x`, 55, "unexpected text after the JSON object"},
		{`{"reason":"majority","tallies":{"South":25,"North":4}}{}`, 54, "unexpected text after the JSON object"},
		{`{}`, 0, `field "reason" is missing`},
		{`{"reason":"majority"}`, 0, `field "tallies" is missing`},
		{`{"reason":"majority","tallies":{"North":4}}`, 31, `"tallies" has no field "South"`},
		{`{"reason":"majority","tallies":{"South":25}}`, 31, `"tallies" has no field "North"`},
		{`{"reason":"majority","reason":"majority"}`, 21, `field "reason" is given twice`},
		{`{"reason":"majority","tallies":{"South":25,"South":25}}`, 43, `field "South" is given twice`},
		{`{"reason":"majority","tallies":{"South":25,"North":4},"Reason":"x"}`, 54, `unknown field "Reason"`},
		{`{"reason":"majority","tallies":{"south":25,"North":4}}`, 32, `"tallies" has a field other than "South" and "North"`},
		{`{"reason":8,"tallies":{"South":25,"North":4}}`, 10, `"reason" is not a string`},
		{`{"reason":null,"tallies":{"South":25,"North":4}}`, 10, `"reason" is not a string`},
		{`{"reason":"R8","tallies":{"South":25,"North":4}}`, 10, `"reason" is not "not over", "majority"`},
		{`{"reason":"majority","tallies":{"South":25.0,"North":4}}`, 40, "South's tally is not a whole number from 0 to 48"},
		{`{"reason":"majority","tallies":{"South":25,"North":-4}}`, 51, "North's tally is not a whole number"},
		{`{"reason":"majority","tallies":{"South":49,"North":0}}`, 40, "South's tally is not a whole number"},
		{`{"reason":"majority","tallies":{"South":"25","North":4}}`, 40, "South's tally is not a whole number"},
		{`{"reason":"majority","tallies":{"South":2e1,"North":4}}`, 40, "South's tally is not a whole number"},
		{`{"reason":"majority","tallies":[25,4]}`, 31, "not a JSON object"},
		{`{"reason":"majority","tallies":{"South":24,"North":4}}`, 31, "after R8 one tally is 25 or more"},
		{`{"reason":"no move","tallies":{"South":24,"North":4}}`, 30, "after R9 and R10 the tallies add up to 48"},
		{`{"reason":"not over","tallies":{"South":24,"North":24}}`, 31, "a game that goes on has no tallies"},
		{`{"over":false,"reason":"majority","tallies":{"South":25,"North":4}}`, 8, `field "over" is false; this outcome has true`},
		{`{"reason":"majority","rule":"R9","tallies":{"South":25,"North":4}}`, 28, `field "rule" is "R9"; this outcome has "R8"`},
		{`{"reason":"majority","rule":null,"tallies":{"South":25,"North":4}}`, 28, `field "rule" is null; this outcome has "R8"`},
		{`{"reason":"majority","winner":"North","tallies":{"South":25,"North":4}}`, 30, `field "winner" is "North"; this outcome has "South"`},
		{`{"reason":"majority","winner":"S","tallies":{"South":25,"North":4}}`, 30, `field "winner" is "S"; this outcome has "South"`},
		{`{"reason":"no move","winner":"South","tallies":{"South":24,"North":24}}`, 29, `field "winner" is "South"; this outcome has null`},
		{`{"reason":"majority","draw":true,"tallies":{"South":25,"North":4}}`, 28, `field "draw" is true; this outcome has false`},
		{`{"reason":"majority","draw":"false","tallies":{"South":25,"North":4}}`, 28, `field "draw" is "false"; this outcome has false`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			o := oware.Start().Outcome()
			err := o.UnmarshalJSON([]byte(tt.in))
			requireParseError(t, err, "outcome", tt.offset, tt.msg, oware.ErrSyntax)
			assert.False(t, o.Over(), "unchanged on error")
		})
	}
}

func TestPositionStringRoundTrip(t *testing.T) {
	for _, s := range []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"4-4-0-5-5-5-5-4-4-4-4-4-0-0-N",
		"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N",
		"0-0-0-0-0-0-0-0-0-0-0-0-24-24-S",
		"48-0-0-0-0-0-0-0-0-0-0-0-0-0-N",
		"0-0-0-0-0-0-0-0-0-0-0-0-48-0-N",
	} {
		p, err := oware.ParsePosition(s)
		require.NoError(t, err, s)
		assert.Equal(t, 1, p.Repetitions())
		b, err := p.AppendText([]byte("pos "))
		require.NoError(t, err)
		assert.Equal(t, "pos "+s, string(b))

		var q oware.Position
		require.NoError(t, q.UnmarshalText([]byte(s)))
		assert.Equal(t, p.Key(), q.Key())
	}

	type game struct {
		At   oware.Position `json:"at"`
		Next oware.Move     `json:"next"`
	}
	b, err := json.Marshal(game{oware.Start(), 2})
	require.NoError(t, err)
	assert.Equal(t, `{"at":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","next":"C"}`, string(b))
	var g game
	require.NoError(t, json.Unmarshal([]byte(`{"at":"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N","next":"a"}`), &g))
	assert.Equal(t, oware.Move(6), g.Next)
	assert.Equal(t, 10, g.At.Pit(1))
	assert.Equal(t, 14, g.At.Score(oware.North))
	assert.Equal(t, oware.North, g.At.ToMove())
}

func TestParsePositionErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
		want   error
	}{
		{"", 0, "pit 0 is missing", oware.ErrSyntax},
		{"-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is missing", oware.ErrSyntax},
		{"4--4-4-4-4-4-4-4-4-4-4-0-0-S", 2, "pit 1 is missing", oware.ErrSyntax},
		{" 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is not a number from 0 to 48", oware.ErrSyntax},
		{"4-4-x-4-4-4-4-4-4-4-4-4-0-0-S", 4, "pit 2 is not a number from 0 to 48", oware.ErrSyntax},
		{"49-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is not a number", oware.ErrSyntax},
		{"04-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "pit 0 is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-+4-0-0-S", 22, "pit 11 is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-100-0-S", 24, "South's score is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-1.5-S", 26, "North's score is not a number", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4", 23, "too few fields", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0", 27, "too few fields", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-s", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S ", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-1", 28, "side to move is not S or N", oware.ErrSyntax},
		{"4-4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 28, "side to move is not S or N", oware.ErrSyntax},
		{"3-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 0, "total is 47", nil},
		{"4-4-4-4-4-4-4-4-4-4-4-4-48-0-S", 0, "total is 96", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := oware.ParsePosition(tt.in)
			want := tt.want
			if want == nil {
				var pe *oware.PositionError
				require.ErrorAs(t, err, &pe)
				want = oware.ErrSeedTotal
			}
			requireParseError(t, err, "position", tt.offset, tt.msg, want)
			assert.False(t, p.Valid())
		})
	}
}

// TestExplainSeed003 explains the worked examples of the seed 003 rule
// sheet, and a feeding move and moves that end the game.
func TestExplainSeed003(t *testing.T) {
	tests := []struct {
		name      string
		before    string
		move      oware.Move
		sown      []int
		captures  []oware.Capture
		annulled  []oware.Capture
		fed       bool
		after     string
		outcome   string
		captured  int
		grandSlam bool
	}{{
		// South takes the 4 seeds of pit 2 and sows them into 3, 4, 5, 6.
		name:    "sowing",
		before:  "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		move:    2,
		sown:    []int{3, 4, 5, 6},
		after:   "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N",
		outcome: "not over",
	}, {
		// The last seed lands in pit 9, which now holds 2; pit 8 holds 3;
		// South captures 2 + 3 = 5. Pit 7 then holds 6 and stops the run.
		name:     "capture",
		before:   "4-4-4-4-4-4-4-5-2-1-4-4-2-2-S",
		move:     5,
		sown:     []int{6, 7, 8, 9},
		captures: []oware.Capture{{Pit: 9, Seeds: 2}, {Pit: 8, Seeds: 3}},
		captured: 5,
		after:    "4-4-4-4-4-0-5-6-0-0-4-4-7-2-N",
		outcome:  "not over",
	}, {
		// North has seeds only in pits 6, 7 and 8; South sows 3 seeds from
		// pit 5 into them and each then holds 2 or 3: the capture would
		// take everything, so nothing is taken and the seeds stay sown.
		name:      "grand slam",
		before:    "4-4-4-4-4-3-1-2-1-0-0-0-10-11-S",
		move:      5,
		sown:      []int{6, 7, 8},
		grandSlam: true,
		annulled:  []oware.Capture{{Pit: 8, Seeds: 2}, {Pit: 7, Seeds: 3}, {Pit: 6, Seeds: 2}},
		after:     "4-4-4-4-4-0-2-3-2-0-0-0-10-11-N",
		outcome:   "not over",
	}, {
		// North's side is empty; pits 3, 4 and 5 can reach it. South plays
		// pit 3: its 3 seeds go to 4, 5 and 6.
		name:    "feeding",
		before:  "1-1-1-3-2-1-0-0-0-0-0-0-20-19-S",
		move:    3,
		sown:    []int{4, 5, 6},
		fed:     true,
		after:   "1-1-1-0-3-2-1-0-0-0-0-0-20-19-N",
		outcome: "not over",
	}, {
		// A capture of 5 brings South from 20 to 25 (R8); the seeds left
		// on the board do not count (D3).
		name:     "majority",
		before:   "0-0-0-0-0-4-4-5-2-1-4-4-20-4-S",
		move:     5,
		sown:     []int{6, 7, 8, 9},
		captures: []oware.Capture{{Pit: 9, Seeds: 2}, {Pit: 8, Seeds: 3}},
		captured: 5,
		after:    "0-0-0-0-0-0-5-6-0-0-4-4-25-4-N",
		outcome:  "South wins 25-4 (majority, R8)",
	}, {
		// The grand slam leaves North's 2 seeds in pit 6; they cannot
		// reach South's empty side, so North has no move (R7, R9).
		name:      "no move",
		before:    "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S",
		move:      5,
		sown:      []int{6},
		grandSlam: true,
		annulled:  []oware.Capture{{Pit: 6, Seeds: 2}},
		after:     "0-0-0-0-0-0-2-0-0-0-0-0-23-23-N",
		outcome:   "North wins 23-25 (no move, R9)",
	}, {
		// 12 seeds go round the board once, skipping pit 0 (R4), so pit
		// 11 gets the last one and holds 1: nothing is taken.
		name:    "lap",
		before:  "12-0-0-0-0-0-0-0-0-0-0-0-18-18-S",
		move:    0,
		sown:    []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1},
		fed:     true,
		after:   "0-2-1-1-1-1-1-1-1-1-1-1-18-18-N",
		outcome: "not over",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := oware.MustParsePosition(tt.before)
			e, err := before.Explain(tt.move)
			require.NoError(t, err)
			assert.Equal(t, tt.move, e.Move)
			assert.Equal(t, oware.South, e.Player)
			assert.Equal(t, len(tt.sown), e.Seeds, "one pit per seed")
			assert.Equal(t, tt.sown, e.Sown)
			assert.Equal(t, tt.sown[len(tt.sown)-1], e.Last)
			assert.Equal(t, tt.captures, e.Captures)
			assert.Equal(t, tt.captured, e.Captured())
			assert.Equal(t, tt.grandSlam, e.GrandSlam)
			assert.Equal(t, tt.annulled, e.Annulled)
			assert.Equal(t, tt.fed, e.Fed)
			assert.Equal(t, oware.MustParsePosition(tt.after).Key(), e.After.Key())
			assert.Equal(t, tt.outcome, e.Outcome.String())

			next, err := before.Play(tt.move)
			require.NoError(t, err)
			assert.Equal(t, next.Key(), e.After.Key())
			assert.Equal(t, next.Outcome(), e.Outcome)
			assert.Equal(t, oware.MustParsePosition(tt.before).Key(), before.Key(), "receiver unchanged")
		})
	}
}

func TestExplainRefuses(t *testing.T) {
	p := oware.MustParsePosition("1-1-1-3-2-1-0-0-0-0-0-0-20-19-S")
	e, err := p.Explain(0)
	assert.ErrorIs(t, err, oware.ErrMustFeed)
	assert.Equal(t, "oware: South plays A: move does not feed the opponent", err.Error())
	assert.False(t, e.After.Valid())
	assert.Nil(t, e.Sown)
}

// checkParseError checks the form of an error that a parser returned for
// input: a *ParseError about what, with an offset inside the input, that
// wraps ErrSyntax or a *PositionError.
func checkParseError(t *testing.T, err error, what, input string) {
	t.Helper()
	var pe *oware.ParseError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, what, pe.What)
	require.Equal(t, input, pe.Input)
	require.GreaterOrEqual(t, pe.Offset, 0)
	require.LessOrEqual(t, pe.Offset, len(input))
	require.NotEmpty(t, pe.Msg)
	var pos *oware.PositionError
	require.True(t, errors.Is(err, oware.ErrSyntax) || errors.As(err, &pos), "wraps %v", pe.Err)
	require.True(t, strings.HasPrefix(err.Error(), "oware: "))
}

// seedTotal returns the seeds of p: pits plus scores.
func seedTotal(p oware.Position) int {
	n := p.Score(oware.South) + p.Score(oware.North)
	for _, c := range p.Pits() {
		n += c
	}
	return n
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"A", "F", "a", "f", "0", "9", "10", "11", "12", "G", "", " A", "01", "-1"} {
		f.Add(s)
	}
	// The accepted texts, from the notation itself: pit letters and numbers.
	valid := make(map[string]oware.Move)
	for i, c := range "ABCDEFabcdef" {
		valid[string(c)] = oware.Move(i)
		valid[strconv.Itoa(i)] = oware.Move(i)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := oware.ParseMove(s)
		want, ok := valid[s]
		if !ok {
			checkParseError(t, err, "move", s)
			return
		}
		require.NoError(t, err)
		require.Equal(t, want, m)
		text, err := m.MarshalText()
		require.NoError(t, err)
		back, err := oware.ParseMove(string(text))
		require.NoError(t, err)
		require.Equal(t, m, back)
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N",
		"0-0-0-0-0-0-0-0-0-0-0-0-48-0-N",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",
		"3-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := oware.ParsePosition(s)
		if err != nil {
			checkParseError(t, err, "position", s)
			require.False(t, p.Valid())
			return
		}
		require.Equal(t, 48, seedTotal(p), "D4")
		require.Equal(t, 1, p.Repetitions(), "fresh history")
		text, err := p.MarshalText()
		require.NoError(t, err)
		require.Equal(t, s, string(text), "the position string is canonical")
		q, err := oware.ParsePosition(string(text))
		require.NoError(t, err)
		require.Equal(t, p.Key(), q.Key())

		fen, err := p.AppendFEN(nil, 1)
		require.NoError(t, err)
		r, n, err := oware.ParseFEN(string(fen))
		require.NoError(t, err, "FEN %s", fen)
		require.Equal(t, p.Key(), r.Key())
		require.Equal(t, 1, n)
	})
}

func FuzzFEN(f *testing.F) {
	for _, s := range []string{
		startFEN,
		"4s,4s,4s,4s,4s,4s/4s,4s,4s,4s,4s,4s 0 0 S",
		"11S,5/2,23S,3 11 3 S 50",
		"3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7",
		"6/6 0 48 S 9999",
		"6/2,4 0 48 S 1",
		"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1",
		"5,13s/4s,1,1s,2,3s 27 2 S 50",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, n, err := oware.ParseFEN(s)
		if err != nil {
			checkParseError(t, err, "FEN", s)
			require.False(t, p.Valid())
			require.Zero(t, n)
			return
		}
		require.Equal(t, 48, seedTotal(p), "D4")
		require.Equal(t, 1, p.Repetitions(), "fresh history")
		require.True(t, n >= 1 && n <= 9999, "move number %d", n)
		fen, err := p.AppendFEN(nil, n)
		require.NoError(t, err)
		// The only forms besides the canonical one: a lowercase seed
		// letter, and no move number.
		canonical := strings.ReplaceAll(s, "s", "S")
		if strings.Count(canonical, " ") == 3 {
			canonical += " 1"
		}
		require.Equal(t, canonical, string(fen))

		q, m, err := oware.ParseFEN(string(fen))
		require.NoError(t, err)
		require.Equal(t, p.Key(), q.Key())
		require.Equal(t, n, m)
		again, err := q.AppendFEN(nil, m)
		require.NoError(t, err)
		require.Equal(t, string(fen), string(again))

		text, err := p.MarshalText()
		require.NoError(t, err)
		r, err := oware.ParsePosition(string(text))
		require.NoError(t, err)
		require.Equal(t, p.Key(), r.Key())
	})
}

// fuzzPosition makes a valid position from fuzz bytes: the first byte picks
// the side to move, each following byte puts b/14+1 seeds into pit b%14
// (12 and 13 stand for South's and North's scores) until the 48 seeds are
// placed; seeds left when the bytes run out go round the pits from pit 0.
// It returns the bytes it did not use.
func fuzzPosition(t *testing.T, data []byte) (oware.Position, []byte) {
	var pits [12]int
	var scores [2]int
	side := oware.South
	if len(data) > 0 {
		side = oware.Player(data[0] & 1)
		data = data[1:]
	}
	left := 48
	for left > 0 && len(data) > 0 {
		b := int(data[0])
		data = data[1:]
		n := min(b/14+1, left)
		if b%14 < 12 {
			pits[b%14] += n
		} else {
			scores[b%14-12] += n
		}
		left -= n
	}
	for i := 0; left > 0; i, left = (i+1)%12, left-1 {
		pits[i]++
	}
	p, err := oware.NewPosition(pits, scores, side)
	require.NoError(t, err)
	return p, data
}

// checkMove plays m at p with Play and with Explain and checks that they
// agree with each other, with Moves, and with the pits and scores before
// and after. It returns the next position if m is legal. It runs for every
// pit at every step of FuzzPlay, so it uses plain comparisons: assertions
// that call t.Helper would take most of the fuzzing time.
func checkMove(t *testing.T, p oware.Position, m oware.Move) (oware.Position, bool) {
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%v at %v: "+format, append([]any{m, p.Key()}, args...)...)
	}
	key, reps, outcome := p.Key(), p.Repetitions(), p.Outcome()
	next, err := p.Play(m)
	e, eerr := p.Explain(m)
	if p.Key() != key || p.Repetitions() != reps || p.Outcome() != outcome {
		fail("the receiver changed")
	}

	if !p.Moves().Contains(m) {
		var me *oware.MoveError
		switch {
		case !errors.As(err, &me):
			fail("Play of a move not in Moves: %v", err)
		case next.Valid():
			fail("Play refused the move but returned a valid position")
		case eerr == nil || eerr.Error() != err.Error():
			fail("Explain fails with %v, Play with %v", eerr, err)
		}
		return oware.Position{}, false
	}
	if err != nil || eerr != nil {
		fail("a move in Moves: Play says %v, Explain %v", err, eerr)
	}
	if n := seedTotal(next); n != 48 {
		fail("%d seeds after the move", n)
	}

	// Explain agrees with Play.
	if e.After.Key() != next.Key() || e.After.Repetitions() != next.Repetitions() || e.Outcome != next.Outcome() {
		fail("Explain gives %v (%d, %v), Play %v (%d, %v)", e.After.Key(), e.After.Repetitions(), e.Outcome,
			next.Key(), next.Repetitions(), next.Outcome())
	}
	if e.Move != m || e.Player != p.ToMove() {
		fail("Explain says %v played %v", e.Player, e.Move)
	}

	// Rebuild the next board from the effect and compare.
	pits := p.Pits()
	if pits[m] != e.Seeds || len(e.Sown) != e.Seeds || e.Sown[len(e.Sown)-1] != e.Last {
		fail("%d seeds in the pit; Explain: %d seeds sown into %v, the last in %d", pits[m], e.Seeds, e.Sown, e.Last)
	}
	pits[m] = 0
	for _, i := range e.Sown {
		if i == m.Pit() {
			fail("a seed sown into the pit of origin (R4): %v", e.Sown)
		}
		pits[i]++
	}
	mover, opponent := p.ToMove(), p.ToMove().Opponent()
	emptyBefore := true
	for i := 6 * int(opponent); i < 6*int(opponent)+6; i++ {
		emptyBefore = emptyBefore && p.Pit(i) == 0
	}
	if e.Fed != emptyBefore {
		fail("Fed is %v, the opponent's side was empty: %v", e.Fed, emptyBefore)
	}
	if e.GrandSlam != (len(e.Annulled) > 0) || (e.GrandSlam && len(e.Captures) > 0) {
		fail("grand slam %v, captures %v, annulled %v", e.GrandSlam, e.Captures, e.Annulled)
	}
	for _, run := range [][]oware.Capture{e.Captures, e.Annulled} {
		for i, c := range run {
			if c.Pit != e.Last-i || oware.Move(c.Pit).Player() != opponent || c.Seeds != pits[c.Pit] || (c.Seeds != 2 && c.Seeds != 3) {
				fail("capture %d of %v: the pits after sowing are %v", i, run, pits)
			}
		}
	}
	for _, c := range e.Captures {
		pits[c.Pit] = 0
	}
	if pits != next.Pits() {
		fail("pits rebuilt from the effect %v, after Play %v", pits, next.Pits())
	}
	if next.Score(mover) != p.Score(mover)+e.Captured() || next.Score(opponent) != p.Score(opponent) || next.ToMove() != opponent {
		fail("scores or side to move wrong after the move: %v", next.Key())
	}
	return next, true
}

// checkPosition checks a position reached in a game: D5, and that its
// text forms and its outcome's read back.
func checkPosition(t *testing.T, p oware.Position) {
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%v: "+format, append([]any{p.Key()}, args...)...)
	}
	if n := seedTotal(p); n != 48 {
		fail("%d seeds", n)
	}
	o := p.Outcome()
	if o.Over() != (p.Moves() == 0) || p.Moves().Len() != len(p.LegalMoves()) {
		fail("outcome %v with moves %v (D5)", o, p.Moves())
	}
	text, err := p.MarshalText()
	if err != nil {
		fail("MarshalText: %v", err)
	}
	if q, err := oware.ParsePosition(string(text)); err != nil || q.Key() != p.Key() {
		fail("position string %s reads back as %v, %v", text, q.Key(), err)
	}
	fen, err := p.AppendFEN(nil, 1)
	if err != nil {
		fail("AppendFEN: %v", err)
	}
	if r, n, err := oware.ParseFEN(string(fen)); err != nil || r.Key() != p.Key() || n != 1 {
		fail("FEN %s reads back as %v, %d, %v", fen, r.Key(), n, err)
	}
	ot, err := o.MarshalText()
	if err != nil {
		fail("Outcome.MarshalText: %v", err)
	}
	var back oware.Outcome
	if err := back.UnmarshalText(ot); err != nil || back != o {
		fail("outcome %s reads back as %v, %v", ot, back, err)
	}
	oj, err := json.Marshal(o)
	if err != nil {
		fail("json.Marshal: %v", err)
	}
	back = oware.Outcome{}
	if err := json.Unmarshal(oj, &back); err != nil || back != o {
		fail("outcome %s reads back as %v, %v", oj, back, err)
	}
}

func FuzzPlay(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 1, 2, 3, 4, 5, 6})
	f.Add([]byte{1, 12, 26, 40, 54, 68, 82, 96, 110, 124, 138, 152, 166, 180, 194, 208, 7, 77, 3})
	f.Add([]byte("a game of oware, played by the fuzzer"))
	f.Add([]byte{0, 5, 17, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, moves := fuzzPosition(t, data)
		checkPosition(t, p)
		for _, b := range moves {
			for m := oware.Move(0); m < 16; m++ {
				checkMove(t, p, m)
			}
			legal := p.Moves()
			if legal == 0 {
				return
			}
			m := oware.Move(b % 16)
			if !legal.Contains(m) {
				m, _ = legal.Nth(int(b/16) % legal.Len())
			}
			next, ok := checkMove(t, p, m)
			if !ok {
				t.Fatalf("%v at %v: a move of Moves was refused", m, p.Key())
			}
			p = next
			checkPosition(t, p)
		}
	})
}

func FuzzOutcome(f *testing.F) {
	for _, s := range []string{
		"not over",
		"South wins 26-22 (majority, R8)",
		"draw 24-24 (repetition, R10)",
		"North wins 23-25 (no move, R9)",
		"South wins 25-4 (majority, R9)",
		`{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":26,"North":22}}`,
		`{"reason":"no move","tallies":{"South":24,"North":24},"draw":true}`,
		`{"reason":"majority","tallies":{"South":25,"North":4},"winner":"North"}`,
		`{"reason":"majority","tallies":[25,4]}`,
		"null",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o oware.Outcome
		if err := o.UnmarshalText([]byte(s)); err != nil {
			checkParseError(t, err, "outcome", s)
			require.Equal(t, oware.Outcome{}, o, "unchanged on error")
		} else {
			require.Equal(t, s, o.String(), "the text form is canonical")
		}

		var j oware.Outcome
		if err := j.UnmarshalJSON([]byte(s)); err != nil {
			checkParseError(t, err, "outcome", s)
			require.Equal(t, oware.Outcome{}, j, "unchanged on error")
			return
		}
		b, err := json.Marshal(j)
		require.NoError(t, err)
		var back oware.Outcome
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		require.Equal(t, j, back)
		require.NoError(t, back.UnmarshalText([]byte(j.String())))
		require.Equal(t, j, back)
		require.LessOrEqual(t, j.Tally(oware.South)+j.Tally(oware.North), 48, "tallies fit in 48 seeds")
	})
}
