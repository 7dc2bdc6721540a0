package oware_test

import (
	"errors"
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
