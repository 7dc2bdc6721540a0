package solve

import "github.com/seed3966233f/oware"

// The index of a level of the tables: every way to put n seeds in the 12
// pits, in lexicographic order of the pits taken from the mover's side
// (the mover's first pit first, then the opponent's from the opponent's
// first). Unlike package tablebase, the level holds every such board,
// those that no move can lead to included (the opening, say), so that
// every position is probed the same way.

// rel is a board relative to its mover: rel[0:6] are the mover's pits
// from the mover's first, rel[6:12] the opponent's from the opponent's
// first.
type rel [oware.NumPits]uint8

// ways[m][r] is the number of ways to put r seeds in m pits, C(r+m-1, m-1).
var ways = func() (t [oware.NumPits + 1][oware.NumSeeds + 1]uint64) {
	for r := range t[0] {
		t[1][r] = 1
	}
	t[0][0] = 1
	for m := 2; m <= oware.NumPits; m++ {
		for r := range t[m] {
			for x := 0; x <= r; x++ {
				t[m][r] += t[m-1][r-x]
			}
		}
	}
	return t
}()

// below[i][r][x] is the number of boards that agree with a board on its
// pits before pit i, with r seeds left for pits i to 11, and hold fewer
// than x seeds in pit i.
var below = func() (t [oware.NumPits][oware.NumSeeds + 1][oware.NumSeeds + 2]uint64) {
	for i := range t {
		for r := range t[i] {
			for x := 1; x <= r+1; x++ {
				t[i][r][x] = t[i][r][x-1] + ways[oware.NumPits-1-i][r-(x-1)]
			}
		}
	}
	return t
}()

// Size returns the number of entries of the level of n seeds in the
// tables of this package: the ways to put n seeds in the 12 pits. It
// returns 0 for n outside 0–48.
func Size(n int) uint64 {
	if n < 0 || n > oware.NumSeeds {
		return 0
	}
	return ways[oware.NumPits][n]
}

// index returns the index of q, a board of n seeds, in its level.
func (q *rel) index(n int) uint64 {
	var idx uint64
	r := n
	for i := 0; i < oware.NumPits-1; i++ {
		idx += below[i][r][q[i]]
		r -= int(q[i])
	}
	return idx
}

// relAt returns the board of index idx, below Size(n), in the level of n
// seeds.
func relAt(n int, idx uint64) rel {
	var q rel
	r := n
	for i := 0; i < oware.NumPits-1; i++ {
		row := &below[i][r]
		x := 0
		for x < r && row[x+1] <= idx {
			x++
		}
		idx -= row[x]
		q[i] = uint8(x)
		r -= x
	}
	q[oware.NumPits-1] = uint8(r)
	return q
}

// relOf returns board b relative to its mover, and the seeds on it.
func relOf(b oware.Board) (rel, int) {
	var q rel
	first := oware.PitsPerSide * int(b.ToMove())
	n := 0
	for i := range q {
		c := b.Pit((first + i) % oware.NumPits)
		q[i] = uint8(c)
		n += c
	}
	return q, n
}

// board returns q as a board with South to move and the captured seeds
// shared as normalize does.
func (q *rel) board() oware.Board {
	var pits [oware.NumPits]int
	n := 0
	for i, c := range q {
		pits[i] = int(c)
		n += int(c)
	}
	south := (oware.NumSeeds - n) / 2
	b, err := oware.NewBoard(pits, [2]int{south, oware.NumSeeds - n - south}, oware.South)
	if err != nil {
		panic("solve: " + err.Error()) // unreachable: the counts add up to 48
	}
	return b
}

// split returns the value for its mover of a repetition ending the game
// at q under r: the mover's seeds on the board minus the opponent's, or 0
// where the rules share them evenly.
func (q *rel) split(r oware.Rules) int {
	if r.EvenSplit() {
		return 0
	}
	s := 0
	for i := range oware.PitsPerSide {
		s += int(q[i]) - int(q[oware.PitsPerSide+i])
	}
	return s
}

// sideEmpty reports whether either side of q is empty.
func (q *rel) sideEmpty() bool {
	var a, b uint8
	for i := range oware.PitsPerSide {
		a |= q[i]
		b |= q[oware.PitsPerSide+i]
	}
	return a == 0 || b == 0
}
