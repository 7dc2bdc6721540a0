package engine

import "fmt"

// Scores of the search.
const (
	// SeedValue is the worth of one captured seed: scores are in quarter
	// seeds.
	SeedValue = 4
	// Win is the score of a game won at the root; a win found n plies
	// deeper scores Win-n, so that the search prefers the quickest win and
	// the slowest loss. Won and lost games score within MaxDepth of ±Win,
	// drawn ones 0, and the evaluation of unfinished positions stays far
	// from ±Win.
	Win = 1_000_000
	// KnownWin is the score of a position that the endgame tables (or an
	// Options.Probe) prove won without saying in how many plies: KnownWin
	// plus the least margin of the final tallies, in seeds; a proven loss
	// scores -KnownWin minus the least margin by which it is lost.
	KnownWin = Win / 2
)

// Score is the worth of a position for the player to move, as a search or
// Evaluate sees it. It is one of three kinds: the end of the game seen
// within the search (see Mate), a win or loss that endgame tables prove
// (see Proven), or else an estimate, SeedValue times the seeds the player
// to move is thought to be ahead (see Seeds). A draw, seen or proven,
// scores 0.
type Score int

// Mate reports whether s is the end of the game seen within the search,
// and in how many plies: positive when the player to move wins, negative
// when they lose.
func (s Score) Mate() (plies int, ok bool) {
	switch {
	case s >= Win-MaxDepth:
		return int(Win - s), true
	case s <= -Win+MaxDepth:
		return -int(Win + s), true
	}
	return 0, false
}

// Proven reports whether s is a win or a loss that endgame tables prove
// (see KnownWin), and the least margin of the final tallies, in seeds:
// positive when the player to move wins, negative when they lose.
func (s Score) Proven() (margin int, ok bool) {
	if _, mate := s.Mate(); mate {
		return 0, false
	}
	switch {
	case s >= KnownWin:
		return int(s - KnownWin), true
	case s <= -KnownWin:
		return int(s + KnownWin), true
	}
	return 0, false
}

// Seeds returns s in seeds: for an estimate, the seeds that the player to
// move is thought to be ahead.
func (s Score) Seeds() float64 { return float64(s) / SeedValue }

// String writes s for people: "+1.25 seeds" for an estimate, "win in 7
// plies" or "loss in 4 plies" for the end of the game seen, "win by at
// least 3 seeds" or "loss by at least 2 seeds" for a result the tables
// prove.
func (s Score) String() string {
	if n, ok := s.Mate(); ok {
		if n > 0 {
			return fmt.Sprintf("win in %d %s", n, plural(n, "ply", "plies"))
		}
		return fmt.Sprintf("loss in %d %s", -n, plural(-n, "ply", "plies"))
	}
	if m, ok := s.Proven(); ok {
		if m > 0 {
			return fmt.Sprintf("win by at least %d %s", m, plural(m, "seed", "seeds"))
		}
		return fmt.Sprintf("loss by at least %d %s", -m, plural(-m, "seed", "seeds"))
	}
	return fmt.Sprintf("%+.2f seeds", s.Seeds())
}

// plural returns one or many as n is 1 or not.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
