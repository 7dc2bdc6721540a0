package conformance

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/rulecases"
	"github.com/seed3966233f/oware/internal/wire"
)

// errorCodes are the protocol's codes for the error names of cases.txt,
// from the one table of what the errors mean.
var errorCodes = func() map[string]string {
	m := map[string]string{}
	for _, k := range oracle.Errors {
		m[k.Name] = k.Code
	}
	return m
}()

// pitsOf reads the file's move letters back into pits.
func pitsOf(t *testing.T, moves []string) []int {
	t.Helper()
	out := []int{}
	for _, m := range moves {
		i := strings.Index("ABCDEFabcdef", m)
		require.True(t, len(m) == 1 && i >= 0, "move %q", m)
		out = append(out, i)
	}
	return out
}

// handCaptures turns the file's captures into those of cases.txt.
func handCaptures(cs []wire.Capture) []rulecases.Capture {
	var out []rulecases.Capture
	for _, c := range cs {
		out = append(out, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
	}
	return out
}

// handJSON writes an outcome of cases.txt in the JSON form of the
// protocol, from its written parts.
func handJSON(o rulecases.Outcome) string {
	if !o.Over {
		return notOver
	}
	winner := "null"
	if o.Winner != "" {
		winner = `"` + o.Winner + `"`
	}
	return `{"over":true,"reason":"` + o.Reason + `","rule":"` + o.Rule + `","winner":` + winner +
		`,"draw":` + strconv.FormatBool(o.Winner == "") +
		`,"tallies":{"South":` + strconv.Itoa(o.Tallies[0]) + `,"North":` + strconv.Itoa(o.Tallies[1]) + `}}`
}

// TestHandCases checks each hand-built case of the file against the facts
// that internal/rulecases/testdata/abapa/cases.txt gives for it, worked out by
// hand from the rules: the board, legal moves, outcome and repetition count
// at each position named, the pits sown, captures, grand slam and feeding
// of each move named, and the error.
func TestHandCases(t *testing.T) {
	_, all := readVectors(t)
	byName := map[string]Case{}
	for _, c := range all {
		byName[c.Name] = c
	}
	hand, err := rulecases.Vectors()
	require.NoError(t, err)
	for _, h := range hand {
		c, ok := byName[h.Name]
		require.True(t, ok, "case %s is in the file", h.Name)
		t.Run(h.Name, func(t *testing.T) {
			moves, err := h.Letters()
			require.NoError(t, err)
			assert.Equal(t, h.Rules, c.Rules)
			assert.Equal(t, h.About, c.About)
			assert.Equal(t, h.Start, c.Start)
			assert.Equal(t, moves, c.Moves)
			if h.StartRefused() {
				require.NotNil(t, c.Error)
				assert.Equal(t, oracle.CodeBadStart, c.Error.Code)
				assert.Nil(t, c.Game)
				return
			}
			if h.MoveRefused() {
				require.NotNil(t, c.Error, "the last move is refused")
				assert.Equal(t, errorCodes[h.Error], c.Error.Code)
				assert.Equal(t, len(h.Moves), c.Error.Ply)
				assert.Equal(t, moves[len(moves)-1], *c.Error.Move)
			} else {
				assert.Nil(t, c.Error)
			}
			require.NotNil(t, c.Game)
			require.Len(t, c.Plies, h.Played())
			for k, f := range h.Plies {
				// The start has a fresh history (D4): its count is 1.
				s := rulecases.Seen{Board: c.Start, Legal: pitsOf(t, c.Legal), Outcome: c.Outcome.String(), Reps: 1}
				json := outcomeJSON(t, c.Outcome)
				if k > 0 {
					p := c.Plies[k-1]
					s = rulecases.Seen{
						Board: p.Position, Legal: pitsOf(t, p.Legal), Outcome: p.Outcome.String(), Reps: p.Repetitions,
						Sown: p.Sown, Captures: handCaptures(p.Captures), Captured: p.Captured,
						Annulled: handCaptures(p.Annulled), GrandSlam: p.GrandSlam, Fed: p.Fed,
					}
					json = outcomeJSON(t, p.Outcome)
					if h.RepsEach != nil {
						assert.Equal(t, h.RepsEach[k-1], p.Repetitions, "ply %d", k)
					}
				}
				for _, bad := range f.Check(s) {
					t.Errorf("ply %d: %s", k, bad)
				}
				if f.Has("outcome") {
					assert.Equal(t, handJSON(f.Outcome), json, "ply %d", k)
				}
			}
			if check, ok := extraChecks[h.Name]; ok {
				check(t, c)
			}
		})
	}
}

// extraChecks are what some cases show beyond the facts of cases.txt.
var extraChecks = map[string]func(t *testing.T, c Case){
	"majority-not-at-24": func(t *testing.T, c Case) {
		at24 := false
		for _, p := range c.Plies[:len(c.Plies)-1] {
			assert.False(t, p.Outcome.Over())
			at24 = at24 || p.Position[len(p.Position)-5:len(p.Position)-2] == "-24"
		}
		assert.True(t, at24, "North has 24 before the end")
		assert.Equal(t, "R8", c.Plies[len(c.Plies)-1].Outcome.Reason().Rule())
	},
	"repetition-by-two-paths": func(t *testing.T, c Case) {
		require.Len(t, c.Moves, 24)
		assert.NotEqual(t, c.Moves[:12], c.Moves[12:], "two different cycles")
	},
}
