package lineio

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadLine: lines come without their breaks and surrounding space; a
// line longer than the limit is dropped and said to be long, and the next
// line is read whole, whatever the size of the reader's buffer; the last
// line needs no break.
func TestReadLine(t *testing.T) {
	input := "  go depth 3 \r\n" + strings.Repeat("F", 100) + "\nisready\n\n" + strings.Repeat("x", 19) + "\n" + strings.Repeat("y", 20) + "\nlast"
	type line struct {
		text string
		long bool
	}
	want := []line{{"go depth 3", false}, {"", true}, {"isready", false}, {"", false}, {strings.Repeat("x", 19), false}, {"", true}, {"last", false}}
	for _, size := range []int{16, 4096} {
		r := bufio.NewReaderSize(strings.NewReader(input), size)
		var got []line
		for {
			text, long, err := ReadLine(r, 20)
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			got = append(got, line{text, long})
		}
		assert.Equal(t, want, got, "buffer of %d bytes", size)
	}
}
