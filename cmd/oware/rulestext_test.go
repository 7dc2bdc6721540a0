package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayStatesTheRules: the intro of oware play names the rules played,
// and its help states them, knob by knob as the README's table of presets
// has them.
func TestPlayStatesTheRules(t *testing.T) {
	for _, tt := range []struct {
		rules    string
		has, not []string
	}{
		{"abapa", []string{"unless that would take every seed the computer has: then you capture nothing.",
			"if you cannot, the game ends", "Whoever captures 25 seeds wins at once.", "When a position has occurred 3 times since the last capture, while neither side is empty, the game ends and each side takes the seeds on its own row."},
			[]string{"drawn after", "lone seeds", "shared evenly"}},
		{"openspiel", []string{"Whoever captures 25 seeds wins at once, and each side takes the seeds on its own row.",
			"When a position has occurred 2 times since the last capture, the game ends"}, []string{"neither side is empty"}},
		{"playstrategy", []string{"has occurred 2 times since the last capture, while neither side is empty,", "The game is drawn after 1001 plies."}, nil},
		{"board-game-rs", []string{"takes them all if your own row is empty after sowing, and nothing otherwise.",
			"A position may occur again and again without ending the game.", "two lone seeds", "if the player to move could not move anyway"}, []string{"has occurred"}},
		{"game-oware", []string{"500 plies without a capture end the game"}, nil},
		{"awari", []string{"you may not leave the computer without a seed, by a capture or by not feeding it, unless every move would.",
			"the game ends when the player to move has no seed.", "25 seeds do not end the game.", "the seeds on the board are shared evenly."},
			[]string{"Whoever captures 25", "then you capture nothing"}},
	} {
		status, out, errOut := runCmd(t, "help\nquit\n", "play", "-level", "1", "-rules", tt.rules)
		require.Equal(t, exitOK, status, errOut)
		assert.True(t, strings.HasPrefix(out, "You play South (pits A-F) by the "+tt.rules+" rules; "), out)
		help := strings.Join(strings.Fields(out), " ")
		assert.Contains(t, help, "These are the "+tt.rules+" rules.")
		for _, s := range tt.has {
			assert.Contains(t, help, s, tt.rules)
		}
		for _, s := range tt.not {
			assert.NotContains(t, help, s, tt.rules)
		}
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "You play ") {
				assert.LessOrEqual(t, len(line), 80, "%q", line)
			}
		}
	}
}
