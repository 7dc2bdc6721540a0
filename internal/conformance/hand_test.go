package conformance

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/oracle"
)

// caps builds a capture list from pit, seeds pairs.
func caps(pairs ...int) []oracle.Capture {
	out := []oracle.Capture{}
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, oracle.Capture{Pit: pairs[i], Seeds: pairs[i+1]})
	}
	return out
}

// TestHandCases checks what each hand-built case is built to show, with
// values worked out by hand from RULES.md.
func TestHandCases(t *testing.T) {
	_, all := readVectors(t)
	byName := map[string]Case{}
	for _, c := range all {
		byName[c.Name] = c
	}
	last := func(c Case) oracle.Ply { return c.Plies[len(c.Plies)-1] }
	errCode := func(c Case) string {
		if c.Error == nil {
			return ""
		}
		return c.Error.Code
	}
	checks := map[string]func(t *testing.T, c Case){
		"opening": func(t *testing.T, c Case) {
			assert.Equal(t, []string{"A", "B", "C", "D", "E", "F"}, c.Legal)
		},
		"own-non-empty-pits-only": func(t *testing.T, c Case) {
			assert.Equal(t, []string{"A", "C", "D", "F"}, c.Legal)
		},
		"empty-pit-refused": func(t *testing.T, c Case) {
			assert.Equal(t, oracle.CodeEmptyPit, errCode(c))
			assert.Equal(t, 3, c.Error.Ply)
		},
		"opponent-pit-refused": func(t *testing.T, c Case) {
			assert.Equal(t, oracle.CodeNotYourPit, errCode(c))
		},
		"seed003-sowing": func(t *testing.T, c Case) {
			assert.Equal(t, []int{3, 4, 5, 6}, last(c).Sown)
			assert.Equal(t, "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N", last(c).Position)
		},
		"sowing-wraps-from-11-to-0": func(t *testing.T, c Case) {
			assert.Equal(t, []int{11, 0, 1, 2}, last(c).Sown)
		},
		"lap-12-seeds": func(t *testing.T, c Case) {
			assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1}, last(c).Sown)
			assert.Equal(t, "0-3-2-2-2-2-2-2-2-2-2-2-10-15-N", last(c).Position)
		},
		"lap-23-seeds": func(t *testing.T, c Case) {
			assert.Len(t, last(c).Sown, 23)
			assert.Equal(t, "3-3-3-0-4-3-3-3-3-3-3-3-7-7-N", last(c).Position)
		},
		"lap-35-seeds": func(t *testing.T, c Case) {
			assert.Len(t, last(c).Sown, 35)
			assert.Equal(t, 0, last(c).Captured)
			assert.Equal(t, "3-3-3-3-3-0-5-4-3-3-3-3-6-6-N", last(c).Position)
		},
		"lap-then-capture": func(t *testing.T, c Case) {
			assert.Equal(t, caps(6, 2), last(c).Captures)
			assert.Equal(t, "2-2-2-2-2-0-0-5-5-5-5-5-8-5-N", last(c).Position)
		},
		"seed003-capture": func(t *testing.T, c Case) {
			assert.Equal(t, caps(9, 2, 8, 3), last(c).Captures)
			assert.Equal(t, 5, last(c).Captured)
		},
		"chain-stops-at-the-side": func(t *testing.T, c Case) {
			assert.Equal(t, caps(2, 2, 1, 3, 0, 2), last(c).Captures)
			assert.Equal(t, "0-0-0-4-0-0-0-0-0-0-1-2-17-24-S", last(c).Position)
			assert.False(t, last(c).Outcome.Over(), "24 does not win")
		},
		"chain-stops-at-another-count": func(t *testing.T, c Case) {
			assert.Equal(t, caps(8, 2), last(c).Captures)
		},
		"no-capture-on-own-side": func(t *testing.T, c Case) {
			assert.Equal(t, 0, last(c).Captured)
			assert.Equal(t, "0-1-2-0-0-0-4-4-4-4-4-4-10-11-N", last(c).Position)
		},
		"seed003-grand-slam": func(t *testing.T, c Case) {
			assert.True(t, last(c).GrandSlam)
			assert.Equal(t, caps(8, 2, 7, 3, 6, 2), last(c).Annulled)
			assert.Equal(t, caps(), last(c).Captures)
			assert.Equal(t, "5-5-5-5-5-0-2-3-2-0-0-0-8-8-N", last(c).Position)
		},
		"grand-slam-across-the-wrap": func(t *testing.T, c Case) {
			assert.True(t, last(c).GrandSlam)
			assert.Equal(t, caps(1, 2, 0, 3), last(c).Annulled)
		},
		"seed003-feeding-several": func(t *testing.T, c Case) {
			assert.Equal(t, []string{"D", "E", "F"}, c.Legal)
			assert.True(t, last(c).Fed)
		},
		"feeding-one": func(t *testing.T, c Case) {
			assert.Equal(t, []string{"E"}, c.Legal)
			assert.True(t, c.Plies[0].Fed)
		},
		"not-feeding-refused": func(t *testing.T, c Case) {
			assert.Equal(t, oracle.CodeMustFeed, errCode(c))
		},
		"feeding-none": func(t *testing.T, c Case) {
			assert.Equal(t, []string{}, c.Legal)
			assert.Equal(t, `{"over":true,"reason":"no move","rule":"R9","winner":"South","draw":false,"tallies":{"South":26,"North":22}}`, outcomeJSON(t, c.Outcome))
			assert.Equal(t, oracle.CodeGameOver, errCode(c))
		},
		"majority-25": func(t *testing.T, c Case) {
			assert.Equal(t, `{"over":true,"reason":"majority","rule":"R8","winner":"North","draw":false,"tallies":{"South":19,"North":25}}`, outcomeJSON(t, last(c).Outcome))
		},
		"majority-not-at-24": func(t *testing.T, c Case) {
			at24 := false
			for _, p := range c.Plies[:len(c.Plies)-1] {
				assert.False(t, p.Outcome.Over())
				at24 = at24 || p.Position[len(p.Position)-5:len(p.Position)-2] == "-24"
			}
			assert.True(t, at24, "North has 24 before the end")
			assert.Equal(t, "R8", last(c).Outcome.Reason().Rule())
		},
		"set-up-already-won": func(t *testing.T, c Case) {
			assert.Equal(t, `{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":23}}`, outcomeJSON(t, c.Outcome))
			assert.Equal(t, []string{}, c.Legal)
			assert.Equal(t, oracle.CodeGameOver, errCode(c))
		},
		"move-after-the-end": func(t *testing.T, c Case) {
			assert.Equal(t, oracle.CodeGameOver, errCode(c))
			assert.Equal(t, 2, c.Error.Ply)
		},
		"no-move-own-side-empty": func(t *testing.T, c Case) {
			assert.Equal(t, `{"over":true,"reason":"no move","rule":"R9","winner":null,"draw":true,"tallies":{"South":24,"North":24}}`, outcomeJSON(t, c.Outcome))
		},
		"no-move-cannot-feed": func(t *testing.T, c Case) {
			assert.Equal(t, `{"over":true,"reason":"no move","rule":"R9","winner":"North","draw":false,"tallies":{"South":22,"North":26}}`, outcomeJSON(t, last(c).Outcome))
		},
		"repetition-third-not-second": func(t *testing.T, c Case) {
			require.Len(t, c.Plies, 24)
			assert.Equal(t, c.Start, c.Plies[11].Position)
			assert.Equal(t, 2, c.Plies[11].Repetitions)
			assert.False(t, c.Plies[11].Outcome.Over(), "the second occurrence does not end the game")
			assert.Equal(t, 3, last(c).Repetitions)
			assert.Equal(t, `{"over":true,"reason":"repetition","rule":"R10","winner":"South","draw":false,"tallies":{"South":25,"North":23}}`, outcomeJSON(t, last(c).Outcome))
		},
		"repetition-draw": func(t *testing.T, c Case) {
			assert.Equal(t, `{"over":true,"reason":"repetition","rule":"R10","winner":null,"draw":true,"tallies":{"South":24,"North":24}}`, outcomeJSON(t, last(c).Outcome))
		},
		"repetition-by-two-paths": func(t *testing.T, c Case) {
			require.Len(t, c.Plies, 24)
			assert.NotEqual(t, c.Moves[:12], c.Moves[12:], "two different cycles")
			assert.Equal(t, 2, c.Plies[11].Repetitions)
			assert.Equal(t, c.Start, last(c).Position)
			assert.Equal(t, "R10", last(c).Outcome.Reason().Rule())
		},
		"repetition-counted-from-capture": func(t *testing.T, c Case) {
			require.Len(t, c.Plies, 25)
			assert.Positive(t, c.Plies[0].Captured)
			assert.Equal(t, 1, c.Plies[0].Repetitions)
			assert.Equal(t, 2, c.Plies[12].Repetitions)
			assert.Equal(t, c.Plies[0].Position, last(c).Position)
			assert.Equal(t, 3, last(c).Repetitions)
			assert.Equal(t, "R10", last(c).Outcome.Reason().Rule())
		},
		"repetition-not-with-an-empty-side": func(t *testing.T, c Case) {
			require.Len(t, c.Plies, 25)
			assert.Equal(t, c.Start, c.Plies[23].Position)
			assert.Equal(t, 3, c.Plies[23].Repetitions)
			assert.False(t, c.Plies[23].Outcome.Over(), "North's side is empty: no R10")
			assert.Equal(t, 3, last(c).Repetitions)
			assert.Equal(t, "R10", last(c).Outcome.Reason().Rule())
		},
		"set-up-invalid-total": func(t *testing.T, c Case) {
			assert.Equal(t, oracle.CodeBadStart, errCode(c))
			assert.Nil(t, c.Game)
		},
		"set-up-mid-game": func(t *testing.T, c Case) {
			require.Len(t, c.Plies, 4)
			assert.Equal(t, 2, c.Plies[2].Captured)
		},
	}
	for _, h := range handCases() {
		c, ok := byName[h.name]
		require.True(t, ok, "case %s is in the file", h.name)
		check, ok := checks[h.name]
		require.True(t, ok, "case %s has a hand check", h.name)
		t.Run(h.name, func(t *testing.T) { check(t, c) })
	}
}
