package tablebase

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/seed3966233f/oware"
)

// Tables are the tables of a directory, opened by [Open], or solved in
// memory by [Compute]. They are immutable: any number of goroutines may
// probe them at once.
type Tables struct {
	sets []set // one a preset, at most one for each of the presets
}

// newTables returns the tables of sets, which hold distinct rules.
func newTables(sets []set) *Tables {
	for i := range sets {
		sets[i].ranks = theWordRanks()
	}
	return &Tables{sets: sets}
}

// set is the levels of one rules preset, from 0 seeds up.
type set struct {
	rules  oware.Rules
	levels []*level
	sizes  []int64    // the size of each level's file
	ranks  *wordRanks // the ranks of the boards of every level
}

// Open reads the tables in directory dir: the files that [Build] writes,
// named after their rules and seed count ("awari-16.otb"), for any
// number of rules. Each file is checked (its header, its size and the
// checksum of its entries) and read whole into memory. Under each rules
// the levels must run from 0 seeds up without a gap. Other files are
// ignored; a directory without a table file is an error that wraps
// ErrMissingTable.
func Open(dir string) (*Tables, error) { return OpenWith(dir, OpenOptions{}) }

// OpenOptions tune [OpenWith]. The zero value is [Open]'s way.
type OpenOptions struct {
	// HugePages reads each level's entries into memory of the process's
	// own, on huge pages where the system gives them (Linux's transparent
	// huge pages, asked for with madvise), instead of mapping its file.
	// A probe at random then costs one access to memory with fewer
	// misses of the translation buffer (see docs/tables.md, "Measured:
	// probes"), but the tables take their whole size in the process's
	// resident memory at once, not shared with other processes that read
	// the same files, and are not read again from the files: a probe
	// still checks the entry it reads. Elsewhere than on Linux the
	// entries are read into the Go heap.
	HugePages bool
}

// OpenWith is [Open] with options.
func OpenWith(dir string, opts OpenOptions) (*Tables, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	found := map[string][]int{}
	var names []string
	for _, e := range ents {
		rules, n, ok := parseFileName(e.Name())
		if !ok {
			continue
		}
		if !e.Type().IsRegular() { // a link to a file will do
			if info, err := os.Stat(filepath.Join(dir, e.Name())); err != nil || !info.Mode().IsRegular() {
				continue
			}
		}
		if found[rules] == nil {
			names = append(names, rules)
		}
		found[rules] = append(found[rules], n)
	}
	if len(names) == 0 {
		return nil, noTablesError(dir)
	}
	slices.Sort(names)
	var sets []set
	for _, name := range names {
		seeds := found[name]
		slices.Sort(seeds)
		var s set
		for i, n := range seeds {
			path := filepath.Join(dir, fileName(name, n))
			if n != i {
				return nil, &FormatError{File: filepath.Join(dir, fileName(name, i)), Msg: "missing, below " + fileName(name, n)}
			}
			l, err := loadLevel(path, true, opts.HugePages)
			if err != nil {
				return nil, err
			}
			s.rules = l.rules
			s.levels = append(s.levels, l)
			s.sizes = append(s.sizes, headerSize+int64(len(l.data)))
		}
		sets = append(sets, s)
	}
	return newTables(sets), nil
}

// noTablesError reports a directory without a table file.
type noTablesError string

// Error returns a message such as "tablebase: tables holds no table file
// (*.otb)".
func (e noTablesError) Error() string {
	return "tablebase: " + string(e) + " holds no table file (*" + fileSuffix + ")"
}

// Unwrap returns ErrMissingTable.
func (e noTablesError) Unwrap() error { return ErrMissingTable }

// set returns the levels of rules r, or nil. The presets are small
// values compared in one instruction, and the tables hold a few of them
// at most.
func (t *Tables) set(r oware.Rules) *set {
	for i := range t.sets {
		if t.sets[i].rules == r {
			return &t.sets[i]
		}
	}
	return nil
}

// MaxSeeds returns the highest seed count whose level the tables hold
// under rules r, or -1 when they hold none.
func (t *Tables) MaxSeeds(r oware.Rules) int {
	if s := t.set(r); s != nil {
		return len(s.levels) - 1
	}
	return -1
}

// Value is what the tables know of a board: the seeds that the player to
// move will capture from those on the board, minus those the opponent
// will, with perfect play by both, the game counted from this board with
// no earlier occurrence and without the 25-seed stop (R8). Under rules
// where a repetition shares the seeds evenly (awari) the value is exact;
// under the others it is known between two bounds (see the package
// documentation). The zero Value is an exact 0.
type Value struct{ lo, hi int8 }

// Lo returns the lower bound of the value.
func (v Value) Lo() int { return int(v.lo) }

// Hi returns the upper bound of the value.
func (v Value) Hi() int { return int(v.hi) }

// Exact reports whether the value is known exactly: Lo() == Hi().
func (v Value) Exact() bool { return v.lo == v.hi }

// String returns the value, such as "3", "-2" or "0", or its bounds, such
// as "-2..4".
func (v Value) String() string {
	if v.Exact() {
		return strconv.Itoa(int(v.lo))
	}
	return strconv.Itoa(int(v.lo)) + ".." + strconv.Itoa(int(v.hi))
}

// Margin returns South's final tally minus North's under perfect play
// from board b, whose value for its player to move is v: the difference
// of the scores, plus v seen from South. It returns the margin's bounds;
// they are equal when v is exact. South wins when the margin is
// positive, North when it is negative (R11), and R8 changes nothing to
// that: the 25th seed of either player makes its final tally a majority.
func (v Value) Margin(b oware.Board) (lo, hi int) {
	diff := b.Score(oware.South) - b.Score(oware.North)
	if b.ToMove() == oware.South {
		return diff + int(v.lo), diff + int(v.hi)
	}
	return diff - int(v.hi), diff - int(v.lo)
}

// afterMove returns the value of a move that captures cap seeds and leads
// to a board whose value for its mover is c.
func afterMove(cap uint8, c Value) Value {
	return Value{lo: int8(cap) - c.hi, hi: int8(cap) - c.lo}
}

// levels returns the set of rules r and the seed count of board b,
// whose pits relative to its mover are lo and hi (see moverWords), and
// whether the tables hold b; when they do not, notHeld gives the error.
// b and r are a position's, the zero Board that of the zero Position.
// It is inlined: the error is made by the caller, out of the way of a
// probe.
func (t *Tables) levels(b oware.Board, r oware.Rules, lo, hi uint64) (*set, int, bool) {
	n := seedsOf(lo, hi)
	s := t.set(r)
	return s, n, s != nil && n < len(s.levels) && b.Valid()
}

// seedsOf returns the seeds in the pits lo and hi (as moverWords gives
// them): the sum of the bytes of lo+hi (hi's bytes 4 to 7 are 0), in the
// top byte after one multiplication, as no sum of pits exceeds 48.
func seedsOf(lo, hi uint64) int { return int((lo + hi) * ones >> 56) }

// notHeld returns the error of a board b of n seeds under rules r that
// the tables do not hold: ErrInvalidPosition for the zero Board, else a
// [*MissingTableError].
func (t *Tables) notHeld(b oware.Board, r oware.Rules, n int) error {
	if !b.Valid() {
		return ErrInvalidPosition
	}
	return t.missing(r, n)
}

// missing returns the error of a position of n seeds under rules r that
// the tables do not hold.
func (t *Tables) missing(r oware.Rules, n int) error {
	return &MissingTableError{Rules: r, Seeds: n, Max: t.MaxSeeds(r)}
}

// Probe returns the value of p's board under p's rules (see [Value]): the
// history of p is not looked at, the board counting as its first
// occurrence, and R8 is not applied, so that a board with a score of 25
// or more has the value of the game played on. It does not allocate. It
// returns a [*MissingTableError] when the tables do not hold p's seed
// count under p's rules, ErrInvalidPosition for the zero Position, and a
// [*FormatError] for an entry out of range (a file changed since it was
// opened).
//
// A board on which the side that just moved has no empty pit cannot
// arise from a move and is not in the tables; it is probed through its
// children, which are, at the cost of generating its moves.
func (t *Tables) Probe(p oware.Position) (Value, error) { return t.probe(&p) }

// probe is Probe. Probe, inlined, copies the caller's Position once,
// where Go would copy it twice into the arguments of a call that is not.
func (t *Tables) probe(p *oware.Position) (Value, error) {
	b, r := p.Board(), p.Rules()
	lo, hi := southWords(b) // moverWords, written out: too large to be inlined
	if b.ToMove() == oware.North {
		lo, hi = turnWords(lo, hi)
	}
	s, n, ok := t.levels(b, r, lo, hi)
	if !ok {
		return Value{}, t.notHeld(b, r, n)
	}
	empty := emptyPits(lo, hi)
	if empty == 0 { // not a valid board (see emptyPits)
		return s.throughChildren(lo, hi, n)
	}
	l := s.levels[n] // before the call: one value kept across it, not s and n
	idx := s.ranks.rankEmpty(lo, hi, empty)
	if l.width == 1 { // an exact entry: both bounds, one check
		if v := int8(l.data[idx]); uint(int(v)+l.seeds) <= uint(2*l.seeds) {
			return Value{v, v}, nil
		}
	} else if v, ok := l.entry(idx); ok {
		return v, nil
	}
	return Value{}, badEntry(l, idx)
}

// unset is below every bound: the start of a maximum.
const unset = math.MinInt8

// throughChildren returns the value of the board of n seeds whose pits
// relative to its mover are lo and hi (see moverWords), one that the
// tables do not hold (the side that just moved has no empty pit), from
// those of its children.
func (s *set) throughChildren(lo, hi uint64, n int) (Value, error) {
	q := wordsPits(lo, hi)
	b := boardOf(&q, n)
	var kids [oware.PitsPerSide]childEntry
	moves := s.children(b, n, &kids)
	if moves == 0 {
		v := terminalValue(s.rules, b)
		return Value{v, v}, nil
	}
	best := Value{unset, unset}
	for i := range kids[:moves] {
		mv, err := kids[i].value()
		if err != nil {
			return Value{}, err
		}
		best.lo, best.hi = max(best.lo, mv.lo), max(best.hi, mv.hi)
	}
	return best, nil
}

// entry returns entry idx of l, and whether it lies in the level's range,
// -seeds <= lo <= hi <= seeds (readLevel checks a file's entries more
// closely); the caller makes the error, with badEntry, so that entry is
// inlined.
func (l *level) entry(idx uint64) (Value, bool) {
	lo, hi := l.bounds(idx)
	// -seeds <= lo <= hi <= seeds in two unsigned comparisons: a negative
	// sum wraps above every bound.
	a, b := uint(int(lo)+l.seeds), uint(int(hi)+l.seeds)
	return Value{lo, hi}, a <= b && b <= uint(2*l.seeds)
}

// childEntry is a move of a board and where the entry of the board it
// leads to is.
type childEntry struct {
	level    *level
	index    uint64
	move     oware.Move // the pit, 0 to 5, of the player to move
	captured uint8
}

// value returns the value of the move for its player.
func (c *childEntry) value() (Value, error) {
	cv, ok := c.level.entry(c.index)
	if !ok {
		return Value{}, badEntry(c.level, c.index)
	}
	return afterMove(c.captured, cv), nil
}

// children writes the moves of board b of n seeds, South to move, to
// dst, in ascending pit order, with where their children's entries are,
// and returns their number. Every child is ranked before any entry is
// read, so that the reads of the entries, each a cache miss on large
// tables, overlap instead of waiting one after another.
func (s *set) children(b oware.Board, n int, dst *[oware.PitsPerSide]childEntry) int {
	k := 0
	for m, c := range s.rules.Children(b) {
		captured := uint8(c.Score(oware.South) - b.Score(oware.South))
		lo, hi := turnWords(southWords(c))
		rest := n - int(captured)
		dst[k] = childEntry{level: s.levels[rest], index: s.ranks.rankEmpty(lo, hi, emptyPits(lo, hi)), move: m, captured: captured}
		k++
	}
	return k
}

// badEntry returns the error of entry idx of level l, out of range: out
// of line, so that the probes that call it do not pay for its frame.
//
//go:noinline
func badEntry(l *level, idx uint64) error {
	return &FormatError{File: l.path, Msg: "entry " + strconv.FormatUint(idx, 10) + " out of range"}
}

// MoveValue is a move and its value for the player who makes it: the
// seeds it captures minus the value of the board it leads to.
type MoveValue struct {
	Move  oware.Move
	Value Value
}

// ProbeMoves appends to dst the value of every move of p's board, in
// ascending pit order, and returns the extended slice; it does not
// allocate when dst has room for six. The moves are those of the board
// with a fresh history and without R8 (see [Tables.Probe]): at a position
// whose game goes on, the legal moves. The errors are Probe's.
func (t *Tables) ProbeMoves(p oware.Position, dst []MoveValue) ([]MoveValue, error) {
	return t.probeMoves(&p, dst)
}

// probeMoves is ProbeMoves, which, inlined, copies the caller's Position
// once (see Tables.probe).
func (t *Tables) probeMoves(p *oware.Position, dst []MoveValue) ([]MoveValue, error) {
	pb, r := p.Board(), p.Rules()
	lo, hi := moverWords(pb)
	s, n, ok := t.levels(pb, r, lo, hi)
	if !ok {
		return dst, t.notHeld(pb, r, n)
	}
	q := wordsPits(lo, hi)
	b := boardOf(&q, n)
	first := oware.Move(oware.PitsPerSide * int(pb.ToMove()))
	var kids [oware.PitsPerSide]childEntry
	for i := range kids[:s.children(b, n, &kids)] {
		mv, err := kids[i].value()
		if err != nil {
			return dst, err
		}
		dst = append(dst, MoveValue{Move: first + kids[i].move, Value: mv})
	}
	return dst, nil
}

// BestMoves returns the moves of p's board that perfect play chooses
// from, with the value of the board: the moves whose lower bound is the
// board's, so that each secures what the board is worth at least; where
// the value is exact, the moves worth exactly that. It returns an empty
// set for a board whose game is over. The errors are Probe's.
//
// The tables hold values, not distances: a player who always picks some
// best move may go round a cycle where another best move would have made
// progress, and let a repetition end the game. Preferring a capture among
// the best moves, or searching a few plies with the tables at the leaves,
// avoids that.
func (t *Tables) BestMoves(p oware.Position) (oware.MoveSet, Value, error) {
	var buf [6]MoveValue
	moves, err := t.ProbeMoves(p, buf[:0])
	if err != nil {
		return 0, Value{}, err
	}
	if len(moves) == 0 { // the game is over
		v, err := t.Probe(p)
		return 0, v, err
	}
	// The value of the board is the best of its moves', bound by bound.
	v := Value{unset, unset}
	for _, m := range moves {
		v.lo, v.hi = max(v.lo, m.Value.lo), max(v.hi, m.Value.hi)
	}
	var best oware.MoveSet
	for _, m := range moves {
		if m.Value.lo == v.lo {
			best |= 1 << m.Move
		}
	}
	return best, v, nil
}

// LevelStats describes one level of the tables.
type LevelStats struct {
	Rules     oware.Rules
	Seeds     int    // the seeds on the board
	Positions uint64 // the entries, [Entries](Seeds)
	// Wins, Draws and Losses count the boards that the player to move
	// wins (a lower bound above 0: more of the board's seeds than the
	// opponent), draws (an exact 0) and loses (an upper bound below 0),
	// as far as the bounds prove it.
	Wins, Draws, Losses uint64
	Exact               uint64 // the boards whose value is exact
	FileSize            int64  // the size of the level's file in bytes
}

// Stats returns the statistics of every level the tables hold, by rules
// (in the order of their names) and seed count. It reads every entry.
func (t *Tables) Stats() []LevelStats {
	var out []LevelStats
	for _, s := range t.sets {
		for n, l := range s.levels {
			st := LevelStats{Rules: s.rules, Seeds: n, Positions: Entries(n), FileSize: s.sizes[n]}
			for i := range st.Positions {
				lo, hi := l.bounds(i)
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
			}
			out = append(out, st)
		}
	}
	return out
}
