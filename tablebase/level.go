package tablebase

import (
	"errors"
	"strconv"

	"github.com/seed3966233f/oware"
)

// level is the table of one seed count: an entry for each index.
type level struct {
	rules oware.Rules
	seeds int
	width int    // bytes per entry: 1 exact, 2 bounds (lo, hi)
	data  []byte // the entries, as signed bytes
}

// bounds returns the bounds of entry idx.
func (l *level) bounds(idx uint64) (lo, hi int8) {
	if l.width == 1 {
		v := int8(l.data[idx])
		return v, v
	}
	return int8(l.data[2*idx]), int8(l.data[2*idx+1])
}

// Errors of the package; match them with [errors.Is].
var (
	// ErrMissingTable: the tables hold no level for the position, under
	// its rules, with its seed count. A [*MissingTableError] says which.
	ErrMissingTable = errors.New("tablebase: no table for the position")
	// ErrUnsupportedRules: the rules make the value of a position depend
	// on more than its board (a limit on plies, or board-game-rs's lone
	// seeds), so no table can hold it.
	ErrUnsupportedRules = errors.New("tablebase: rules not supported")
	// ErrFormat: a file is not a table file of this format, or damaged.
	// A [*FormatError] says which and why.
	ErrFormat = errors.New("tablebase: bad table file")
	// ErrInvalidPosition: the position is the zero Position.
	ErrInvalidPosition = errors.New("tablebase: invalid position")
)

// MissingTableError reports a position that the tables do not hold, as
// python-chess's MissingTableError does: its seed count is above the
// highest level held under its rules, or no level is held under them.
type MissingTableError struct {
	Rules oware.Rules // the position's rules
	Seeds int         // the seeds on its board
	// Max is the highest level the tables hold under these rules, or -1
	// when they hold none.
	Max int
}

// Error returns a message such as "tablebase: no table for 30 seeds under
// awari (the tables go up to 20)".
func (e *MissingTableError) Error() string {
	msg := "tablebase: no table for " + itoa(e.Seeds) + " seeds under " + e.Rules.String()
	if e.Max < 0 {
		return msg + " (the tables hold none under these rules)"
	}
	return msg + " (the tables go up to " + itoa(e.Max) + ")"
}

// Unwrap returns ErrMissingTable.
func (e *MissingTableError) Unwrap() error { return ErrMissingTable }

// Supported reports whether tables can be built under rules r: those
// under which the value of a position depends on its board alone, without
// a limit on plies or board-game-rs's lone seeds. Of the presets (see
// [oware.ParseRules]), abapa, openspiel, aalina, auale and awari are
// supported.
func Supported(r oware.Rules) bool {
	return r.MaxPlies() == 0 && r.MaxQuietPlies() == 0 && !r.LoneSeeds() && r.RepeatLimit() != 0
}

// Exact reports whether the tables under rules r hold exact values: a
// repetition shares the seeds evenly (as in awari), so it is worth 0 to
// both players wherever it happens. Under other rules they hold bounds.
func Exact(r oware.Rules) bool { return r.EvenSplit() }

// entryWidth returns the bytes of an entry under rules r.
func entryWidth(r oware.Rules) int {
	if Exact(r) {
		return 1
	}
	return 2
}

// itoa formats an int.
func itoa(i int) string { return strconv.Itoa(i) }
