package solve

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/seed3966233f/oware"
)

// Value is what is known of the value of a position: the seeds that the
// player to move will take from those on the board, minus those the
// opponent will, with perfect play by both to the end of the game (the
// 25-seed stop of R8 not applied, as in package tablebase). It is exact
// when Lo == Hi; otherwise the value is proven to lie between them. The
// zero Value is an exact 0.
type Value struct{ lo, hi int8 }

// Lo returns the lower bound of the value.
func (v Value) Lo() int { return int(v.lo) }

// Hi returns the upper bound of the value.
func (v Value) Hi() int { return int(v.hi) }

// Exact reports whether the value is known exactly: Lo() == Hi().
func (v Value) Exact() bool { return v.lo == v.hi }

// String returns the value, such as "3" or "-2", or its bounds, such as
// "-2..4".
func (v Value) String() string {
	if v.Exact() {
		return strconv.Itoa(int(v.lo))
	}
	return strconv.Itoa(int(v.lo)) + ".." + strconv.Itoa(int(v.hi))
}

// Margin returns the bounds of South's final tally minus North's at
// board b, whose value for its player to move is v: the difference of the
// scores plus v seen from South. South wins when it is positive, North
// when it is negative (R11); R8 changes nothing to that, since a 25th
// seed is a majority of the final tallies too.
func (v Value) Margin(b oware.Board) (lo, hi int) {
	d := b.Score(oware.South) - b.Score(oware.North)
	if b.ToMove() == oware.South {
		return d + int(v.lo), d + int(v.hi)
	}
	return d - int(v.hi), d - int(v.lo)
}

// Errors of the package; match them with [errors.Is].
var (
	// ErrMissingTable: the tables hold no level for the position, under
	// its rules, with its seed count. A [*MissingTableError] says which.
	ErrMissingTable = errors.New("solve: no table for the position")
	// ErrUnsupportedRules: the rules are not a preset whose values
	// depend on the board and the repetition history alone (see
	// [Supported]).
	ErrUnsupportedRules = errors.New("solve: rules not supported")
	// ErrFormat: a file is not a table file of this package, or it is
	// damaged. A [*FormatError] says which and why.
	ErrFormat = errors.New("solve: bad table file")
	// ErrInvalidPosition: the position is not a position of the game
	// (the zero Position, or one under rules that are not valid).
	ErrInvalidPosition = errors.New("solve: invalid position")
	// errTooBig: a level has more moves within it than the builder
	// indexes.
	errTooBig = errors.New("solve: level too big to build")
)

// MissingTableError reports a position that the tables do not hold.
type MissingTableError struct {
	Rules oware.Rules // the position's rules
	Seeds int         // the seeds on its board
	Max   int         // the highest level held under these rules, or -1
}

// Error returns a message such as "solve: no table for 30 seeds under
// abapa (the tables go up to 12)".
func (e *MissingTableError) Error() string {
	msg := "solve: no table for " + strconv.Itoa(e.Seeds) + " seeds under " + e.Rules.String()
	if e.Max < 0 {
		return msg + " (the tables hold none under these rules)"
	}
	return msg + " (the tables go up to " + strconv.Itoa(e.Max) + ")"
}

// Unwrap returns ErrMissingTable.
func (e *MissingTableError) Unwrap() error { return ErrMissingTable }

// FormatError reports a table file that cannot be used.
type FormatError struct {
	File string // the file's path
	Msg  string // what is wrong
}

// Error returns a message such as "solve: abapa-9.osv: entry checksum
// mismatch".
func (e *FormatError) Error() string { return "solve: " + e.File + ": " + e.Msg }

// Unwrap returns ErrFormat.
func (e *FormatError) Unwrap() error { return ErrFormat }

// Supported reports whether rules r can be solved: r is a preset (see
// [oware.ParseRules]) without a limit of plies or board-game-rs's lone
// seeds, and with a repetition rule, so that the value of a position
// depends on its board and the boards met since the last capture alone.
// Of the presets, abapa, openspiel, aalina, auale and awari are
// supported.
func Supported(r oware.Rules) bool {
	return r.MaxPlies() == 0 && r.MaxQuietPlies() == 0 && !r.LoneSeeds() && r.RepeatLimit() != 0
}

// Entry widths: each entry of a level holds, as signed bytes, the cycle
// bounds (see the package documentation), then the bounds of the value
// of the board met for the first time, which are the cycle bounds or
// tighter, exact where a search proved them so.
const (
	cycleLo = iota
	cycleHi
	freshLo
	freshHi
	entryWidth
)

// level is the table of one seed count.
type level struct {
	rules oware.Rules
	seeds int
	data  []byte // entryWidth bytes per board, in index order
	// budget is the search budget per board that the level was built
	// with, as its file says (0 for a level built in memory).
	budget uint64
}

// cycle returns the cycle bounds of entry i.
func (l *level) cycle(i uint64) (lo, hi int8) {
	e := l.data[i*entryWidth:][:entryWidth]
	return int8(e[cycleLo]), int8(e[cycleHi])
}

// fresh returns the bounds of the value of entry i met for the first time.
func (l *level) fresh(i uint64) (lo, hi int8) {
	e := l.data[i*entryWidth:][:entryWidth]
	return int8(e[freshLo]), int8(e[freshHi])
}

// Tables are the exact tables of this package for one rules preset, in
// memory: for every board up to some number of seeds, the value of the
// board met for the first time (exact where proven, bounds otherwise) and
// its cycle bounds. They are immutable: any number of goroutines may use
// them at once.
type Tables struct {
	rules  oware.Rules
	levels []*level
}

// Rules returns the rules of the tables.
func (t *Tables) Rules() oware.Rules { return t.rules }

// MaxSeeds returns the highest seed count the tables hold.
func (t *Tables) MaxSeeds() int { return len(t.levels) - 1 }

// Probe returns the value of p's board met for the first time, as right
// after a capture, when no earlier position can recur: exact where the
// tables proved it, bounds otherwise. The history of p is not looked at
// (see [Solver] for a position with its history), and R8 is not applied.
// It returns a [*MissingTableError] when the tables do not hold p's seed
// count under p's rules, and ErrInvalidPosition for a position that is
// not valid.
func (t *Tables) Probe(p oware.Position) (Value, error) {
	l, i, err := t.entry(p)
	if err != nil {
		return Value{}, err
	}
	lo, hi := l.fresh(i)
	return Value{lo, hi}, nil
}

// entry returns the level and index of p's board.
func (t *Tables) entry(p oware.Position) (*level, uint64, error) {
	if !p.Valid() {
		return nil, 0, ErrInvalidPosition
	}
	q, n := relOf(p.Board())
	if p.Rules() != t.rules || n >= len(t.levels) {
		return nil, 0, t.missing(p.Rules(), n)
	}
	return t.levels[n], q.index(n), nil
}

// missing returns the error of a board of n seeds under r that the tables
// do not hold.
func (t *Tables) missing(r oware.Rules, n int) error {
	max := -1
	if r == t.rules {
		max = t.MaxSeeds()
	}
	return &MissingTableError{Rules: r, Seeds: n, Max: max}
}

// LevelStats describes one level of the tables.
type LevelStats struct {
	Seeds   int
	Entries uint64 // Size(Seeds)
	// Exact counts the boards whose value met for the first time is
	// exact, and CycleExact those whose cycle bounds are already equal.
	Exact, CycleExact uint64
	// Wins, Draws and Losses count the boards that the player to move
	// wins, draws or loses as far as the bounds of the value met for the
	// first time prove it.
	Wins, Draws, Losses uint64
	// Budget is the search budget per board that the level was built
	// with (BuildOptions.BoardNodes, as its file says): a build with a
	// larger one deepens the level (see [Build]).
	Budget uint64
}

// Stats returns the statistics of every level, from 0 seeds up. It reads
// every entry.
func (t *Tables) Stats() []LevelStats {
	out := make([]LevelStats, len(t.levels))
	for n, l := range t.levels {
		out[n] = l.stats()
	}
	return out
}

// stats returns the statistics of l.
func (l *level) stats() LevelStats {
	st := LevelStats{Seeds: l.seeds, Entries: Size(l.seeds), Budget: l.budget}
	for i := range st.Entries {
		clo, chi := l.cycle(i)
		lo, hi := l.fresh(i)
		switch {
		case lo > 0:
			st.Wins++
		case hi < 0:
			st.Losses++
		case lo == 0 && hi == 0:
			st.Draws++
		}
		if lo == hi {
			st.Exact++
		}
		if clo == chi {
			st.CycleExact++
		}
	}
	return st
}

// String returns a line such as "12 seeds: 1,352,078 boards, 81.3% exact
// by their cycle bounds, 100.0% exact".
func (s LevelStats) String() string {
	text := fmt.Sprintf("%s, %s exact by their cycle bounds, %s exact", s.level(), s.share(s.CycleExact), s.share(s.Exact))
	switch {
	case s.Exact == s.Entries || s.Budget == 0:
	case s.Budget == 1:
		text += ", the others at their bounds without a search"
	default:
		text += ", the others at bounds after a search of " + thousands(s.Budget) + " positions each"
	}
	return text
}

// level returns the level and its size, such as "12 seeds: 1,352,078
// boards".
func (s LevelStats) level() string {
	seeds, boards := "seeds", "boards"
	if s.Seeds == 1 {
		seeds = "seed"
	}
	if s.Entries == 1 {
		boards = "board"
	}
	return fmt.Sprintf("%d %s: %s %s", s.Seeds, seeds, thousands(s.Entries), boards)
}

// share returns k as a share of the level's boards, such as "81.3%", with
// as many more decimals as it takes not to show a share that is neither
// all nor none as 100.0% or 0.0%, such as "99.96%".
func (s LevelStats) share(k uint64) string {
	n := max(s.Entries, 1)
	p := 100 * float64(k) / float64(n)
	for d := 1; ; d++ {
		t := strconv.FormatFloat(p, 'f', d, 64)
		all, none := strconv.FormatFloat(100, 'f', d, 64), strconv.FormatFloat(0, 'f', d, 64)
		if d == 12 || (k >= n || t != all) && (k == 0 || t != none) {
			return t + "%"
		}
	}
}

// thousands writes n with commas between groups of three digits.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
