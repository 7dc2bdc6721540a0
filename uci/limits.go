package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
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

// search returns the limits of a search of p by the built-in engine
// under l, and the time after which the search must end, 0 for none:
// l's depth and positions, and MoveTime, which is also the engine's own
// time (engine.Limits.Time, of which it gives a share to package solve
// at a root of few seeds, see engine.Result.Solved) unless the search
// ponders or is infinite, when the time starts later or never; or else
// the clock of the player to move with its increment and the moves to
// go, which the engine manages (see engine.Limits.Clock), the search
// ending at the most that it allows. A clock of the player to move at 0
// while the other player's is not is no time left: a millisecond.
func (l Limits) search(p oware.Position) (engine.Limits, time.Duration) {
	elim := engine.Limits{Depth: min(l.Depth, engine.MaxDepth), Nodes: l.Nodes}
	pl := p.Board().ToMove()
	switch {
	case l.MoveTime > 0:
		if !l.Ponder && !l.Infinite {
			elim.Time = l.MoveTime
		}
		return elim, l.MoveTime
	case l.Clock[pl] > 0:
		elim.Clock, elim.Increment, elim.MovesToGo = l.Clock[pl], l.Increment[pl], l.MovesToGo
		return elim, elim.MaxTime(p)
	case l.Clock != [2]time.Duration{}:
		return elim, time.Millisecond
	}
	return elim, 0
}

// TimeControl describes the time control of a match whose moves have the
// limits l: "12s+100ms" for a game on the clock (South's), or the limits
// of a move, "100ms a move", "20000 nodes a move", "depth 8 a move",
// several joined by commas.
func (l Limits) TimeControl() string {
	if c := l.Clock[oware.South]; c > 0 {
		return c.String() + "+" + l.Increment[oware.South].String()
	}
	var parts []string
	if l.MoveTime > 0 {
		parts = append(parts, l.MoveTime.String())
	}
	if l.Nodes > 0 {
		parts = append(parts, strconv.FormatUint(l.Nodes, 10)+" nodes")
	}
	if l.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.Depth))
	}
	if len(parts) == 0 {
		return "no limit"
	}
	return strings.Join(parts, ", ") + " a move"
}
