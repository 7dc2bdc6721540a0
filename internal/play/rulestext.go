package play

import (
	"fmt"
	"strings"

	"github.com/seed3966233f/oware"
)

// rulesName names rules in a sentence: "the abapa rules".
func rulesName(r oware.Rules) string { return "the " + r.String() + " rules" }

// rulesInWords states rules r in brief for the player of oware play, knob
// by knob, with "you" for the player and "the computer" for the other.
func rulesInWords(r oware.Rules) string {
	var b strings.Builder
	fmt.Fprintf(&b, "These are %s. Sowing takes every seed of one of your pits and drops them one by one "+
		"counter-clockwise, skipping that pit when it goes round the board. When your last seed lands on "+
		"the computer's side and makes that pit hold 2 or 3, you capture them, and the pits before it while "+
		"they hold 2 or 3 too", rulesName(r))
	switch r.GrandSlam() {
	case oware.GrandSlamAnnulled:
		b.WriteString(", unless that would take every seed the computer has: then you capture nothing.")
	case oware.GrandSlamCapturesIfOwnRowEmpty:
		b.WriteString("; a capture of every seed the computer has takes them all if your own row is empty after sowing, and nothing otherwise.")
	case oware.GrandSlamForbidden:
		b.WriteString("; you may not leave the computer without a seed, by a capture or by not feeding it, unless every move would.")
	}
	if r.GrandSlam() == oware.GrandSlamForbidden {
		b.WriteString(" When the computer's side is empty you must give it seeds if you can; the game ends when the player to move has no seed.")
	} else {
		b.WriteString(" When the computer's side is empty you must give it seeds; if you cannot, the game ends and each side takes the seeds on its own row.")
	}
	switch {
	case r.NoMajority():
		b.WriteString(" 25 seeds do not end the game.")
	case r.MajoritySweep() == oware.SweepOwnRows:
		b.WriteString(" Whoever captures 25 seeds wins at once, and each side takes the seeds on its own row.")
	case r.MajoritySweep() == oware.SweepIfStuck:
		b.WriteString(" Whoever captures 25 seeds wins at once; each side takes the seeds on its own row if the player to move could not move anyway.")
	default:
		b.WriteString(" Whoever captures 25 seeds wins at once.")
	}
	if r.RepeatLimit() == 0 {
		b.WriteString(" A position may occur again and again without ending the game.")
	} else {
		fmt.Fprintf(&b, " When a position has occurred %d times since the last capture", r.RepeatLimit())
		if !r.RepeatWithEmptySide() {
			b.WriteString(", while neither side is empty")
		}
		if r.EvenSplit() {
			b.WriteString(", the game ends and the seeds on the board are shared evenly.")
		} else {
			b.WriteString(", the game ends and each side takes the seeds on its own row.")
		}
	}
	if r.LoneSeeds() {
		b.WriteString(" When a move leaves just two lone seeds on the board, 5 or 6 pits apart, the game ends with one to each player.")
	}
	if r.MaxPlies() > 0 {
		fmt.Fprintf(&b, " The game is drawn after %d plies.", r.MaxPlies())
	}
	if r.MaxQuietPlies() > 0 {
		fmt.Fprintf(&b, " %d plies without a capture end the game, and each side takes the seeds on its own row.", r.MaxQuietPlies())
	}
	b.WriteString(" At the end, the higher total wins.")
	return b.String()
}

// wrapText breaks text into lines of at most width characters, between
// words.
func wrapText(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, word := range strings.Fields(text) {
		n := len([]rune(word))
		switch {
		case col == 0:
		case col+1+n > width:
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += n
	}
	return b.String()
}
