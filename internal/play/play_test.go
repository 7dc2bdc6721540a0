package play

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/term"
	"github.com/seed3966233f/oware/internal/testkit"
)

// playGame plays a game of opt with the given input, at the level and
// time of opt or else the defaults of oware play, and returns what it
// wrote and its error.
func playGame(t *testing.T, input string, opt Options) (string, error) {
	t.Helper()
	var out bytes.Buffer
	opt.In, opt.Out = strings.NewReader(input), &out
	if opt.Level == 0 {
		opt.Level = engine.MaxDepth
	}
	if opt.Time == 0 {
		opt.Time = DefaultTime
	}
	err := Run(opt)
	return out.String(), err
}

// side returns a pointer to pl, for Options.Side.
func side(pl oware.Player) *oware.Player { return &pl }

// useClock makes the command read c for the rest of the test.
func useClock(t *testing.T, c *testkit.Clock) {
	saved := now
	now = c.Now
	t.Cleanup(func() { now = saved })
}

// interruptAfter makes the interrupt (Ctrl-C) arrive when the clock has
// been read reads times, during the first search.
func interruptAfter(t *testing.T, c *testkit.Clock, reads int) {
	savedNotify, savedStop, savedNow := notifyInterrupt, stopInterrupt, now
	var ch chan<- os.Signal
	notifyInterrupt = func(c chan<- os.Signal) { ch = c }
	stopInterrupt = func(chan<- os.Signal) {}
	now = func() time.Time {
		if c.Reads+1 == reads {
			ch <- os.Interrupt
		}
		return c.Now()
	}
	t.Cleanup(func() { notifyInterrupt, stopInterrupt, now = savedNotify, savedStop, savedNow })
}

// TestPlayLongLines: a line of a megabyte is read to its end and refused in
// words; the game goes on with the next line.
func TestPlayLongLines(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	out, err := playGame(t, long+"\n"+long+"\nquit\n", Options{Level: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(out, "Your move (A B C D E F): That line is too long. Type one of your pits: A B C D E F.\n"))
	assert.True(t, strings.HasSuffix(out, "You stopped the game.\n"))
	assert.Less(t, len(out), 2000, "the line is not echoed")

	// A line just under the limit is read, and quoted cut short.
	out, err = playGame(t, strings.Repeat("y", maxInput-1)+"\n", Options{Level: 1})
	require.NoError(t, err)
	assert.Contains(t, out, `"yyyyyyyyyyyyyyyyyyyyyyyy..." is not a pit or a command.`)
	// The last line needs no line break.
	out, err = playGame(t, "D", Options{Level: 1})
	require.NoError(t, err)
	assert.Contains(t, out, "South plays D (4 seeds)")
}

// TestPlayTimeLimit: from the opening at level 40 with a second a move,
// the computer answers before its time is up. The clock moves on by 10 ms
// at every reading, so the search reads it the same number of times
// however fast the machine.
func TestPlayTimeLimit(t *testing.T) {
	c := &testkit.Clock{Step: 10 * time.Millisecond}
	useClock(t, c)
	out, err := playGame(t, "", Options{Side: side(oware.North), Level: 40, Time: time.Second})
	require.NoError(t, err)
	assert.Contains(t, out, "the computer plays South, 1s a move.\n", "level 40 leaves the time to decide (issue 26 #26)")
	assert.Regexp(t, `The computer looked \d+ plies ahead \(evaluation [-+]\d+\.\d\d seeds for it\)\.\nSouth plays `, out)
	assert.NotContains(t, out, "looked 40 plies")
	assert.Contains(t, out, "Your move (a b c d e f): ")
	// One reading sets the deadline at 10 ms + 980 ms; the 99th reading,
	// at 990 ms, is the first that is not before it.
	assert.Equal(t, 99, c.Reads, "one reading at the start, then one per poll until the deadline")
}

// TestPlayThinkingLine: on a terminal, a line shows the depth reached and
// the best move so far, and is erased before the move is shown.
func TestPlayThinkingLine(t *testing.T) {
	saved := onTerminal
	onTerminal = func(io.Writer) bool { return true }
	t.Cleanup(func() { onTerminal = saved })
	out, err := playGame(t, "", Options{Side: side(oware.North), Level: 2})
	require.NoError(t, err)
	testkit.InOrder(t, out, "South to move\n\nThinking..."+term.ClearLine+"Thinking: 1 ply deep, best so far A",
		term.ClearLine+"Thinking: 2 plies deep, best so far ", term.ClearLine+"The computer looked 2 plies ahead")

	onTerminal = saved
	out, _ = playGame(t, "", Options{Side: side(oware.North), Level: 2})
	assert.NotContains(t, out, "Thinking")
}

// TestPlayInterrupt: Ctrl-C while the computer thinks stops the game and
// offers to save it; Enter leaves without saving.
func TestPlayInterrupt(t *testing.T) {
	file := filepath.Join(t.TempDir(), "stopped.ogn")
	c := &testkit.Clock{Step: time.Millisecond}
	interruptAfter(t, c, 5)
	out, err := playGame(t, file+"\n", Options{Side: side(oware.North), Level: 40, Time: time.Hour})
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, "South to move\n\n\nStopped. Type a file name to save the game in, or just press Enter to leave: "+
		"Saved the game in "+file+". To resume it: oware play -load "+file+"\n"), out)
	assert.Equal(t, 5, c.Reads, "the search stopped at the interrupt")
	saved, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(saved), "[North \"You\"]\n")

	c = &testkit.Clock{Step: time.Millisecond}
	interruptAfter(t, c, 3)
	out, err = playGame(t, "\n", Options{Side: side(oware.North), Level: 40, Time: time.Hour})
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, "just press Enter to leave: \nThe game was not saved.\n"), out)
}

// TestPlayInterruptHint: Ctrl-C during a hint stops the same way, at the
// end of the input without saving.
func TestPlayInterruptHint(t *testing.T) {
	c := &testkit.Clock{Step: time.Millisecond}
	interruptAfter(t, c, 3)
	out, err := playGame(t, "hint\n", Options{Level: 40, Time: time.Hour})
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(out, "Your move (A B C D E F): \nStopped. Type a file name to save the game in, or just press Enter to leave: \nThe game was not saved.\n"), out)
}

func TestRating(t *testing.T) {
	assert.Equal(t, "evaluation +0.50 seeds for it", rating(2))
	assert.Equal(t, "evaluation -3.25 seeds for it", rating(-13))
	assert.Equal(t, "it sees a forced win", rating(engine.Win-7))
	assert.Equal(t, "it sees a forced loss", rating(-engine.Win+3))
}
