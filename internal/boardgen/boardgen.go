// Package boardgen draws random boards for the tests, the conformance
// vectors and oware check: the one place where random positions of the
// game are made. Its functions draw from any Source, so that a property
// test can pass rapid's draws (and shrink them) and a generator that
// writes files can pass a seeded prng.Source and reproduce them exactly;
// the order of the draws is part of each function's contract.
package boardgen

import "github.com/seed3966233f/oware"

// Source gives the random numbers: IntN returns a number in [0, n) for
// n > 0.
type Source interface {
	IntN(n int) int
}

// Scatter drops n seeds into pits, one at a time, each into one of the
// pits first … first+count-1 drawn uniformly.
func Scatter(src Source, pits *[oware.NumPits]int, n, first, count int) {
	for range n {
		pits[first+src.IntN(count)]++
	}
}

// Board returns the board of pits, which hold at most 48 seeds, with
// toMove to move and scores that make up the 48: South's drawn uniformly
// among those that leave both scores below 25 (R8 not yet reached), or,
// when won is set, among all from 0 to what remains, so that the game may
// already be won.
func Board(src Source, pits [oware.NumPits]int, toMove oware.Player, won bool) oware.Board {
	return board(pits, scores(src, pits, won), toMove)
}

// Endgame returns a board with lo to hi seeds on it (1 <= lo <= hi <= 48),
// each dropped into a pit drawn uniformly, scores below 25 and a random
// side to move: the positions where capture-free stretches are long and
// repetitions happen. It draws the number of seeds, the pits, South's
// score, then the side to move. The game may be over at once (R9).
func Endgame(src Source, lo, hi int) oware.Board {
	var pits [oware.NumPits]int
	Scatter(src, &pits, lo+src.IntN(hi-lo+1), 0, oware.NumPits)
	sc := scores(src, pits, false)
	return board(pits, sc, oware.Player(src.IntN(2)))
}

// Pile returns a board with n seeds in pit (1 <= n <= 48), to be sown
// round the board in laps (R4) when n is 12 or more, and toMove to move:
// the other pits get a number of seeds drawn uniformly from 0 to what is
// left, each dropped into one of them drawn uniformly, and the scores are
// drawn as Board draws them (both below 25). It draws the number of other
// seeds, their pits, then South's score.
func Pile(src Source, pit, n int, toMove oware.Player) oware.Board {
	var pits [oware.NumPits]int
	pits[pit] = n
	for range src.IntN(oware.NumSeeds - n + 1) {
		at := src.IntN(oware.NumPits - 1) // any pit but pit
		if at >= pit {
			at++
		}
		pits[at]++
	}
	return Board(src, pits, toMove, false)
}

// Won returns the board of pits with toMove to move and scores that make
// up the 48 with one of them 25 or more (R8 already reached, D4): the
// winner drawn uniformly, then the winner's score uniformly from 25 to
// what the pits leave. It reports false, drawing nothing, when the pits
// hold more than 23 seeds, which leaves no room for 25.
func Won(src Source, pits [oware.NumPits]int, toMove oware.Player) (oware.Board, bool) {
	rest := oware.NumSeeds
	for _, n := range pits {
		rest -= n
	}
	if rest < oware.WinningScore {
		return oware.Board{}, false
	}
	winner := src.IntN(2)
	var sc [2]int
	sc[winner] = oware.WinningScore + src.IntN(rest-oware.WinningScore+1)
	sc[1-winner] = rest - sc[winner]
	return board(pits, sc, toMove), true
}

// scores draws the scores for pits, as Board says.
func scores(src Source, pits [oware.NumPits]int, won bool) [2]int {
	rest := oware.NumSeeds
	for _, n := range pits {
		rest -= n
	}
	lo, hi := 0, rest
	if !won {
		lo, hi = max(0, rest-(oware.WinningScore-1)), min(oware.WinningScore-1, rest)
	}
	south := lo + src.IntN(hi-lo+1)
	return [2]int{south, rest - south}
}

// board makes the board, which the callers build valid.
func board(pits [oware.NumPits]int, scores [2]int, toMove oware.Player) oware.Board {
	b, err := oware.NewBoard(pits, scores, toMove)
	if err != nil { // cannot happen: at most 48 seeds are placed, the rest scored
		panic(err)
	}
	return b
}
