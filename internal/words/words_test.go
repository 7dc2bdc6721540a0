package words

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestDescribeNamesPitsByLetter: in the rule sheet's worked capture (R5)
// F captures pits 9 and 8 (d and c); the second capture takes a to d, last
// seed first.
func TestDescribeNamesPitsByLetter(t *testing.T) {
	for _, tt := range []struct{ pos, want string }{
		{"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S", "South plays F (4 seeds) and captures 5 from d and c"},
		{"0-0-0-0-0-4-1-2-1-2-1-0-18-19-S", "South plays F (4 seeds) and captures 10 from d, c, b and a"},
		{"1-0-0-0-0-1-1-0-0-4-0-0-23-18-S", "South plays F (1 seed) and captures 2 from a"},
	} {
		e, err := oware.MustParsePosition(tt.pos).Explain(oware.Move(5))
		require.NoError(t, err)
		assert.Equal(t, tt.want, Describe(e), tt.pos)
	}
}
