package lineio

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

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

// TestPrintable: what another program says is shown with its control
// characters, invisible formatting and bytes that are not UTF-8 escaped,
// and cut to the limit after a whole character or escape (issue 26 #24).
func TestPrintable(t *testing.T) {
	for _, tc := range []struct {
		in, want, text string
	}{
		{"Aalina 2.1", "Aalina 2.1", "Aalina 2.1"},
		{"évolué – ☺", "évolué – ☺", "évolué – ☺"},
		{"evil\x1b[31mRED\x07\x00bell", `evil\x1b[31mRED\x07\x00bell`, `evil\x1b[31mRED\x07\x00bell`},
		{"a\tb\nc\r", `a\x09b\x0ac\x0d`, "a\tb\nc\\x0d"},
		{"\xff\xfeok", `\xff\xfeok`, `\xff\xfeok`},
		{"abc\u202edef\u0085", `abc\u202edef\u0085`, `abc\u202edef\u0085`},
		{"\U000e0001 tag", `\U000e0001 tag`, `\U000e0001 tag`},
		{"\x7f", `\x7f`, `\x7f`},
	} {
		assert.Equal(t, tc.want, Printable(tc.in, 100), "%q", tc.in)
		assert.Equal(t, tc.text, PrintableText(tc.in, 100), "%q", tc.in)
	}
	assert.Equal(t, "abcde…", Printable("abcdefgh", 5))
	assert.Equal(t, "abcdefgh", Printable("abcdefgh", 8))
	assert.Equal(t, "ab…", Printable("ab\x1bcd", 5), "an escape is not cut")
	assert.Equal(t, "ab\\x1b…", Printable("ab\x1bcd", 6))
	assert.Equal(t, "é…", Printable("éé", 3), "a character is not cut")
	assert.Equal(t, "", Printable("", 0))
}

// FuzzPrintable: whatever the text, the result is valid UTF-8 of
// printable characters only (and line breaks and tabs, for text), at most
// the limit and the cut mark long, and the text itself when it is
// printable and short enough.
func FuzzPrintable(f *testing.F) {
	f.Add("evil\x1b[31m\x00\xff\u202e", 10)
	f.Fuzz(func(t *testing.T, s string, limit int) {
		limit = max(limit%200, 0)
		for _, lines := range []bool{false, true} {
			got := Printable(s, limit)
			if lines {
				got = PrintableText(s, limit)
			}
			require.True(t, utf8.ValidString(got))
			require.LessOrEqual(t, len(strings.TrimSuffix(got, "…")), limit)
			for _, r := range strings.TrimSuffix(got, "…") {
				require.True(t, strconv.IsPrint(r) || lines && (r == '\n' || r == '\t'), "%q in %q", r, got)
			}
			printable := utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool {
				return !strconv.IsPrint(r) && !(lines && (r == '\n' || r == '\t'))
			}) < 0
			if printable && len(s) <= limit {
				require.Equal(t, s, got)
			}
		}
	})
}
