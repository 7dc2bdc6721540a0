package ogn_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

func TestParseBoardOrFEN(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7", "0-10-0-0-0-1-2-0-5-0-0-3-13-14-N"},
		{"4S,4S,4S,4S,4S,5S/4S,4S,1,5S,5S,5S 0 0 N", "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"},
	} {
		b, err := ogn.ParseBoardOrFEN(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, b.String(), tt.in)
	}
	for _, tt := range []struct {
		in   string
		what string
	}{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", "position"},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S 0 0 S 1", "FEN"},
		{"hello", "position"},
	} {
		_, err := ogn.ParseBoardOrFEN(tt.in)
		var pe *oware.ParseError
		require.True(t, errors.As(err, &pe), tt.in)
		assert.Equal(t, tt.what, pe.What, tt.in)
	}
}

// startFEN is the PlayStrategy FEN of the opening, move 1.
const startFEN = "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1"

// requireParseError checks that err is an *oware.ParseError about what, at
// the given byte offset, whose message contains msg, and that it wraps
// want.
func requireParseError(t *testing.T, err error, what string, offset int, msg string, want error) {
	t.Helper()
	var pe *oware.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, what, pe.What)
	assert.Equal(t, offset, pe.Offset, "offset; message %q", pe.Msg)
	assert.Contains(t, err.Error(), msg)
	assert.ErrorIs(t, err, want)
	assert.Regexp(t, `^oware: `, err.Error())
}

// checkParseError checks the form of an error of ParseFEN for input.
func checkParseError(t *testing.T, err error, what, input string) {
	t.Helper()
	var pe *oware.ParseError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, what, pe.What)
	require.Equal(t, input, pe.Input)
	require.GreaterOrEqual(t, pe.Offset, 0)
	require.LessOrEqual(t, pe.Offset, len(input))
	var pos *oware.BoardError
	require.True(t, errors.Is(err, oware.ErrSyntax) && pe.Msg != "" || errors.As(err, &pos), "wraps %v", pe.Err)
	require.True(t, strings.HasPrefix(err.Error(), "oware: "))
}

// TestPropFENRoundTrip: the FEN of every position of random games reads
// back as its board.
func TestPropFENRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := oware.Start()
		for range rapid.IntRange(0, 200).Draw(t, "plies") {
			if p.Moves() == 0 {
				break
			}
			m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "move"))
			p, _ = p.Play(m)
		}
		move := rapid.IntRange(1, 9999).Draw(t, "move number")
		fen, err := ogn.AppendFEN(nil, p.Board(), move)
		require.NoError(t, err)
		b, n, err := ogn.ParseFEN(string(fen))
		require.NoError(t, err, "%s", fen)
		require.Equal(t, p.Board(), b, "%s", fen)
		require.Equal(t, move, n)
	})
}

func TestFENStart(t *testing.T) {
	p, n, err := ogn.ParseFEN(startFEN)
	require.NoError(t, err)
	assert.Equal(t, oware.Start().Board(), p)
	assert.Equal(t, 1, n)
	assert.Equal(t, 1, oware.PositionFrom(p).Repetitions(), "fresh history (D4)")

	b, err := ogn.AppendFEN(nil, oware.Start().Board(), 1)
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
			p, n, err := ogn.ParseFEN(tt.fen)
			require.NoError(t, err)
			assert.Equal(t, tt.move, n)
			assert.Equal(t, oware.MustParsePosition(tt.position).Board(), p)
			assert.Equal(t, 1, oware.PositionFrom(p).Repetitions())

			b, err := ogn.AppendFEN([]byte("fen: "), p, n)
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
		p, n, err := ogn.ParseFEN(tt.in)
		require.NoError(t, err, tt.in)
		b, err := ogn.AppendFEN(nil, p, n)
		require.NoError(t, err)
		assert.Equal(t, tt.canonical, string(b), tt.in)
	}
}

func TestParseFENErrors(t *testing.T) {
	total := &oware.BoardError{}
	tests := []struct {
		in     string
		offset int
		msg    string
		want   error // ErrSyntax, or nil for a *BoardError
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
			p, n, err := ogn.ParseFEN(tt.in)
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
	b, err := ogn.AppendFEN(prefix, oware.Board{}, 1)
	assert.NoError(t, err, "the zero Board writes nothing")
	assert.Equal(t, "x", string(b))

	for _, n := range []int{0, -1, 10000} {
		b, err := ogn.AppendFEN(prefix, oware.Start().Board(), n)
		assert.ErrorIs(t, err, oware.ErrRange, "move %d", n)
		var re *oware.RangeError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, "FEN move number", re.Type)
		assert.Equal(t, n, re.Value)
		assert.Regexp(t, "^oware: FEN move number -?[0-9]+: value out of range$", err.Error())
		assert.Equal(t, "x", string(b))
	}
}

func TestAppendFENAllocs(t *testing.T) {
	p := oware.MustParsePosition("0-10-0-0-0-1-2-0-5-0-0-3-13-14-N")
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		_, _ = ogn.AppendFEN(buf[:0], p.Board(), 7)
	})
	assert.Zero(t, allocs)
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
		pb, n, err := ogn.ParseFEN(s)
		p := oware.PositionFrom(pb)
		if err != nil {
			checkParseError(t, err, "FEN", s)
			require.False(t, p.Valid())
			require.Zero(t, n)
			return
		}
		require.Equal(t, 48, pb.SideSeeds(oware.South)+pb.SideSeeds(oware.North)+pb.Score(oware.South)+pb.Score(oware.North), "D4")
		require.Equal(t, 1, p.Repetitions(), "fresh history")
		require.True(t, n >= 1 && n <= 9999, "move number %d", n)
		fen, err := ogn.AppendFEN(nil, p.Board(), n)
		require.NoError(t, err)
		// The only forms besides the canonical one: a lowercase seed
		// letter, and no move number.
		canonical := strings.ReplaceAll(s, "s", "S")
		if strings.Count(canonical, " ") == 3 {
			canonical += " 1"
		}
		require.Equal(t, canonical, string(fen))

		q, m, err := ogn.ParseFEN(string(fen))
		require.NoError(t, err)
		require.Equal(t, p.Board(), q)
		require.Equal(t, n, m)
		again, err := ogn.AppendFEN(nil, q, m)
		require.NoError(t, err)
		require.Equal(t, string(fen), string(again))

		text, err := p.MarshalText()
		require.NoError(t, err)
		r, err := oware.ParsePosition(string(text))
		require.NoError(t, err)
		require.Equal(t, p.Board(), r.Board())
	})
}

func ExampleParseFEN() {
	b, move, err := ogn.ParseFEN("3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b, "move", move)

	_, _, err = ogn.ParseFEN("4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1")
	fmt.Println(err)
	// Output:
	// 0-10-0-0-0-1-2-0-5-0-0-3-13-14-N move 7
	// oware: FEN "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1": byte 36: South's row has more than 6 pits: syntax error
}

// The move number of a FEN grows after each of North's moves.
func ExampleAppendFEN() {
	p, move := oware.Start(), 1
	for _, m := range []oware.Move{2, 8, 5} { // C, c, F
		var err error
		if p, err = p.Play(m); err != nil {
			fmt.Println(err)
			return
		}
		if m.Player() == oware.North {
			move++
		}
		fen, err := ogn.AppendFEN(nil, p.Board(), move)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(string(fen))
	}
	// Output:
	// 4S,4S,4S,4S,4S,5S/4S,4S,1,5S,5S,5S 0 0 N 1
	// 5S,5S,5S,1,4S,5S/5S,4S,1,5S,5S,5S 0 0 S 2
	// 5S,6S,6S,1S,5S,6S/5S,4S,1,5S,5S,1 0 0 N 2
}
