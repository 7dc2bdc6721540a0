package notation

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

func TestParseBoard(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7", "0-10-0-0-0-1-2-0-5-0-0-3-13-14-N"},
		{"4S,4S,4S,4S,4S,5S/4S,4S,1,5S,5S,5S 0 0 N", "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"},
	} {
		b, err := ParseBoard(tt.in)
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
		_, err := ParseBoard(tt.in)
		var pe *oware.ParseError
		require.True(t, errors.As(err, &pe), tt.in)
		assert.Equal(t, tt.what, pe.What, tt.in)
	}
}
