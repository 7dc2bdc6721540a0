package engine

import (
	"github.com/seed3966233f/oware"
)

// Move ordering. The move of the table is searched first, before the
// others are looked at; they are ordered from the board alone, none
// played: first the moves that look like captures, by the seeds they
// would take, then the others from the pit with the fewest seeds, and in
// pit order among equals. Nothing here decides a score: a wrong guess only
// costs time. (Killer moves and a history heuristic were tried too; they
// made the searches of the benchmark positions visit 20–40% more nodes.)

// seedKey is the order key of a seed that a move looks like capturing.
const seedKey = 1 << 8

// moveList is the moves of a node but the table's, to be searched in the
// order of their keys. A key holds the order key in its high bits and 15
// minus the pit's index on the mover's side in its low four, so that keys
// are distinct and equal order keys go in pit order.
type moveList struct {
	keys [oware.PitsPerSide]int64
	n    int
	base int // the mover's first pit
}

// order fills l with p's legal moves but hashMove (the table's best move,
// or noMove), with their keys.
func (l *moveList) order(p *oware.Position, hashMove uint8) {
	b := p.Board()
	l.base = oware.PitsPerSide * int(b.ToMove())
	l.n = 0
	set := uint16(p.Moves()) >> l.base
	if hashMove != noMove {
		set &^= 1 << (int(hashMove) - l.base)
	}
	pits := pits(b)
	for i := range oware.PitsPerSide {
		if set&(1<<i) == 0 {
			continue
		}
		key := int64(seedKey*likelyCapture(&pits, l.base, i) - pits[l.base+i])
		l.keys[l.n] = key<<4 | int64(15-i)
		l.n++
	}
}

// pick returns the move of l with the highest key among l.keys[i:],
// moving its key to l.keys[i].
func (l *moveList) pick(i int) oware.Move {
	best := i
	for j := i + 1; j < l.n; j++ {
		if l.keys[j] > l.keys[best] {
			best = j
		}
	}
	l.keys[i], l.keys[best] = l.keys[best], l.keys[i]
	return oware.Move(l.base + 15 - int(l.keys[i]&15))
}

// likelyCapture returns the seeds that sowing the pit i places after
// base, the mover's first pit, would capture on pits: the count of the pit
// the last seed reaches, if it is the opponent's and then holds 2 or 3,
// and so on backwards (R5). It leaves out the grand slam (R6) and other
// rules' captures, which matter little for ordering.
func likelyCapture(pits *[oware.NumPits]int, base, i int) int {
	n := pits[base+i]
	// The seeds go round the 11 other pits, each getting laps and the
	// first extra of them one more; the last seed lands steps pits on.
	laps, steps := 0, n
	if n > oware.NumPits-1 {
		laps, steps = n/(oware.NumPits-1), n%(oware.NumPits-1)
		if steps == 0 {
			laps, steps = laps-1, oware.NumPits-1
		}
	}
	// Counted from the mover's first pit, the opponent's pits are 6 to 11.
	rel := i + steps
	if rel < oware.PitsPerSide || rel >= oware.NumPits {
		return 0
	}
	theirs := oware.PitsPerSide - base
	captured := 0
	for at := theirs + rel - oware.PitsPerSide; at >= theirs; at-- {
		// Every pit from the mover's to the last is sown laps+1 times.
		c := pits[at] + laps + 1
		if c != 2 && c != 3 {
			break
		}
		captured += c
	}
	return captured
}
