package variants

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestCases checks the hand-checked cases of testdata/variants/cases.txt.
func TestCases(t *testing.T) {
	f, err := os.Open("../../testdata/variants/cases.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		require.Len(t, cols, 7, "line %d", line)
		preset, start, moves, legal0, board, outcome, why := cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6]
		rules, err := oware.ParseRules(preset)
		require.NoError(t, err, "line %d", line)
		p := rules.Position(oware.MustParseBoard(start))
		if legal0 != "-" {
			assert.Equal(t, legal0, letters(p.Moves()), "line %d (%s): legal moves at the start", line, why)
		}
		if moves != "-" {
			for i, c := range moves {
				m, err := oware.ParseMove(string(c))
				require.NoError(t, err)
				p, err = p.Play(m)
				require.NoError(t, err, "line %d (%s): ply %d", line, why, i+1)
			}
		}
		if board != "-" {
			assert.Equal(t, board, p.Board().String(), "line %d (%s)", line, why)
		}
		assert.Equal(t, outcome, p.Outcome().String(), "line %d (%s)", line, why)
		n++
	}
	require.NoError(t, sc.Err())
	assert.GreaterOrEqual(t, n, 20)
}

// TestPerft checks the perft ladders of testdata/variants/perft.txt.
func TestPerft(t *testing.T) {
	f, err := os.Open("../../testdata/variants/perft.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		rules, err := oware.ParseRules(fields[0])
		require.NoError(t, err, "line %d", line)
		p := rules.Position(oware.MustParseBoard(fields[1]))
		for d, want := range fields[2:] {
			n, err := strconv.ParseUint(want, 10, 64)
			require.NoError(t, err)
			assert.Equal(t, n, oware.Perft(p, d+1), "line %d: %s perft %d", line, fields[0], d+1)
		}
	}
	require.NoError(t, sc.Err())
}
