package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
)

// Limits are the limits of a search that a go command gives; the zero
// Limits is a bare "go", a search without limits.
type Limits struct {
	Depth    int           // "depth N": the deepest iteration in plies; 0 for none
	Nodes    uint64        // "nodes N": the positions to search; 0 for none
	MoveTime time.Duration // "movetime MS": the time of the move; 0 for none
	// Clock and Increment are the clocks of a game with a time control,
	// by player (oware.South's is "wtime" and "winc", oware.North's
	// "btime" and "binc"), and MovesToGo ("movestogo N") the moves until
	// the next time control; 0 for none.
	Clock     [2]time.Duration // "wtime MS", "btime MS": the time left
	Increment [2]time.Duration // "winc MS", "binc MS": the time added after each move
	MovesToGo int              // "movestogo N"
	Infinite  bool             // "infinite": search until stop
	Ponder    bool             // "ponder": search the opponent's time until ponderhit or stop
}

// maxNumber is the largest number that go reads: over eleven days in
// milliseconds.
const maxNumber = 1_000_000_000

// String returns the arguments of the go command of l, such as "depth 6
// movetime 1200", the words in the order of the fields; "" for the zero
// Limits. Times are written in whole milliseconds, rounded down. The
// clocks are written both when either is not 0, so that a clock at 0
// reads as no time left, not as no clock: "wtime 0 btime 5000".
func (l Limits) String() string {
	var words []string
	add := func(word string, n int64) {
		if n != 0 {
			words = append(words, word, strconv.FormatInt(n, 10))
		}
	}
	add("depth", int64(l.Depth))
	add("nodes", int64(l.Nodes))
	add("movetime", l.MoveTime.Milliseconds())
	if l.Clock != [2]time.Duration{} {
		words = append(words, "wtime", strconv.FormatInt(l.Clock[oware.South].Milliseconds(), 10),
			"btime", strconv.FormatInt(l.Clock[oware.North].Milliseconds(), 10))
	}
	add("winc", l.Increment[oware.South].Milliseconds())
	add("binc", l.Increment[oware.North].Milliseconds())
	add("movestogo", int64(l.MovesToGo))
	if l.Infinite {
		words = append(words, "infinite")
	}
	if l.Ponder {
		words = append(words, "ponder")
	}
	return strings.Join(words, " ")
}

// goRequest is a go command: its Limits, and what they cannot say, since
// they write 0 for none.
type goRequest struct {
	Limits
	// now tells that the best move is asked for at once: depth, nodes or
	// movetime 0.
	now bool
	// clocked tells whose clocks the command gives, so that a clock at 0
	// is no time left, not no clock.
	clocked [2]bool
}

// parseGo reads the arguments of a go command. Numbers go from 0 to
// maxNumber; depth, nodes or movetime 0 asks for a move at once.
func parseGo(args []string) (goRequest, error) {
	var g goRequest
	l := &g.Limits
	for i := 0; i < len(args); i++ {
		word := args[i]
		switch word {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
		default:
			return g, fmt.Errorf("go: unknown parameter %q", word)
		}
		if i+1 == len(args) {
			return g, fmt.Errorf("go: %s wants a number", word)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil || n < 0 || n > maxNumber {
			return g, fmt.Errorf("go %s %q: want a number from 0 to %d", word, args[i], maxNumber)
		}
		ms := time.Duration(n) * time.Millisecond
		switch word {
		case "depth":
			l.Depth = int(n)
		case "nodes":
			l.Nodes = uint64(n)
		case "movetime":
			l.MoveTime = ms
		case "wtime":
			l.Clock[oware.South], g.clocked[oware.South] = ms, true
		case "btime":
			l.Clock[oware.North], g.clocked[oware.North] = ms, true
		case "winc":
			l.Increment[oware.South] = ms
		case "binc":
			l.Increment[oware.North] = ms
		case "movestogo":
			l.MovesToGo = int(n)
		}
		if n == 0 && (word == "depth" || word == "nodes" || word == "movetime") {
			g.now = true
		}
	}
	return g, nil
}

// Budget returns the time to think of the player pl under l: MoveTime, or
// else a share of pl's clock (the clock over MovesToGo, or over 20 moves,
// plus three quarters of the increment, at most half the clock and at
// least a millisecond), or else 0 for no limit of time. A clock of pl at
// 0 while the other player's is not is no time left: a millisecond.
func (l Limits) Budget(pl oware.Player) time.Duration {
	switch {
	case l.MoveTime > 0:
		return l.MoveTime
	case l.Clock != [2]time.Duration{}:
		togo := l.MovesToGo
		if togo <= 0 {
			togo = 20
		}
		t := l.Clock[pl]/time.Duration(togo) + l.Increment[pl]*3/4
		return max(min(t, l.Clock[pl]/2), time.Millisecond)
	}
	return 0
}
