package conformance

import "strings"

// handCase is a hand-built case before the oracle answers it.
type handCase struct {
	name  string
	rules []string
	about string
	start string
	moves []string
}

// split turns "FaC" into ["F", "a", "C"].
func split(moves string) []string {
	return strings.Split(moves, "")
}

// times returns the moves of a cycle played n times.
func times(n int, cycle string) []string {
	return split(strings.Repeat(cycle, n))
}

// Cycles of moves without capture that bring a position back, found by a
// breadth-first search and checked by the tests.
const (
	// From 0-1-0-1-0-1-0-0-1-0-0-0-_-_-N, twelve plies.
	cycleA = "cBdDeCfFaAbE"
	// From 0-2-1-0-0-2-0-0-0-1-1-1-20-20-S, two different cycles.
	cycleB1 = "CeBfFaAbDdEc"
	cycleB2 = "FaCbBeDfAdEc"
	// From 1-1-0-0-1-2-1-1-1-0-0-0-20-20-S: F captures, then this cycle.
	cycleC = "cBdAeEfFaCbD"
	// From 1-0-0-1-1-1-0-0-0-0-0-0-22-22-S, whose North side is empty.
	cycleD = "FaAbBcEdDeCf"
)

// handCases are the cases built for each rule and decision. Each about
// text says what to look for.
func handCases() []handCase {
	return []handCase{
		// R1, R2: the board and the choice of a move.
		{"opening", []string{"R1", "R2"},
			"the opening: 4 seeds in each pit, South to move, every South pit is a legal move",
			opening, nil},
		{"own-non-empty-pits-only", []string{"R2"},
			"only the mover's non-empty pits are legal: B and E are empty",
			"3-0-4-4-0-4-4-4-4-4-4-4-5-4-S", nil},
		{"empty-pit-refused", []string{"R2"},
			"after F and a, pit F is empty: playing it again is refused",
			opening, split("FaF")},
		{"opponent-pit-refused", []string{"R2"},
			"South may not sow North's pit a",
			opening, split("a")},

		// R3: sowing.
		{"seed003-sowing", []string{"R1", "R3"},
			"seed 003: South takes the 4 seeds of pit 2 and sows them into pits 3, 4, 5 and 6",
			opening, split("C")},
		{"sowing-wraps-from-11-to-0", []string{"R3", "D4"},
			"North sows pit 10's 4 seeds into 11, 0, 1 and 2",
			"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N", split("e")},

		// R4: laps.
		{"lap-12-seeds", []string{"R3", "R4"},
			"12 seeds from pit 0: pits 1-11 get one each, pit 0 is skipped, the 12th seed goes to pit 1; pit 0 stays empty",
			"12-1-1-1-1-1-1-1-1-1-1-1-10-15-S", split("A")},
		{"lap-23-seeds", []string{"R3", "R4"},
			"23 seeds from pit 3: two full laps of the 11 other pits, then pit 4",
			"1-1-1-23-1-1-1-1-1-1-1-1-7-7-S", split("D")},
		{"lap-35-seeds", []string{"R3", "R4", "R5"},
			"35 seeds from pit 5: three laps, then pits 6 and 7; pit 7 ends with 4 seeds, so nothing is captured",
			"0-0-0-0-0-35-1-0-0-0-0-0-6-6-S", split("F")},
		{"lap-then-capture", []string{"R4", "R5"},
			"12 seeds from pit 5 go round and end in pit 6, which gets 2 seeds on its own and is captured; the chain stops at pit 5, South's own",
			"1-1-1-1-1-12-0-4-4-4-4-4-6-5-S", split("F")},

		// R5: captures.
		{"seed003-capture", []string{"R5"},
			"seed 003: the last seed lands in pit 9, which holds 2; pit 8 holds 3; 5 seeds are captured; pit 7 holds 4 and stops the chain",
			"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S", split("F")},
		{"chain-stops-at-the-side", []string{"R5", "R6", "R8"},
			"North's last seed makes pits 2, 1, 0 hold 2, 3, 2: all three are captured; pit 11 is North's own and ends the chain though it holds 2; South keeps pit 3, so it is no grand slam; North has 24, which does not end the game",
			"1-2-1-4-0-0-0-0-0-5-0-1-17-17-N", split("d")},
		{"chain-stops-at-another-count", []string{"R5"},
			"the last seed makes pit 8 hold 2: captured; pit 7 holds 1 and stops the chain, so pit 6 (2) stays",
			"2-2-2-2-4-0-1-0-1-3-3-3-13-12-S", split("E")},
		{"no-capture-on-own-side", []string{"R5"},
			"the last seed makes pit 2, South's own, hold 2: nothing is captured",
			"2-0-1-0-0-0-4-4-4-4-4-4-10-11-S", split("A")},

		// R6: grand slam.
		{"seed003-grand-slam", []string{"R6"},
			"seed 003: North has seeds only in pits 6, 7, 8; South's 3 seeds from pit 5 make them 2, 3, 2; taking all is annulled and the seeds stay",
			"5-5-5-5-5-3-1-2-1-0-0-0-8-8-S", split("F")},
		{"grand-slam-across-the-wrap", []string{"R6"},
			"North's last seed makes pits 1 and 0 hold 2 and 3, all of South's seeds: nothing is captured",
			"2-1-0-0-0-0-0-0-0-4-1-0-20-20-N", split("d")},

		// R7: feeding.
		{"seed003-feeding-several", []string{"R7"},
			"seed 003: North's side is empty; pits 3, 4 and 5 reach it and are legal, pit 0 does not",
			"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S", split("E")},
		{"feeding-one", []string{"R7"},
			"North's side is empty and only pit 4 reaches it",
			"1-0-0-1-2-0-0-0-0-0-0-0-22-22-S", split("Ea")},
		{"not-feeding-refused", []string{"R2", "R7"},
			"North's side is empty: A does not reach it and is refused",
			"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S", split("A")},
		{"feeding-none", []string{"R7", "R9", "R11", "D3", "D4", "D5"},
			"North's side is empty and neither South move reaches it: the game is over at once, South adds its 2 seeds: 26-22; no move can be played",
			"1-1-0-0-0-0-0-0-0-0-0-0-24-22-S", split("A")},

		// R8: majority.
		{"majority-25", []string{"R8", "D3"},
			"North captures 5 and has 25: the game ends; the tallies are the captures, the 3 seeds on the board count for nobody",
			"2-1-0-0-0-1-0-0-0-4-1-0-19-20-N", split("d")},
		{"majority-not-at-24", []string{"R1", "R5", "R8", "D3"},
			"a random game in which North has 24 for a while and the game goes on, until a capture takes a player to 25",
			opening, split("EbDbFcCdAeDbCfEcFaCfBdBfCbAbCfBaAbFaEcFdDaFaEfFdCeEfDbAeBcDeFaEcCf")},
		{"set-up-already-won", []string{"R8", "D3", "D4", "D5"},
			"a set-up position in which South already has 25: it is over, has no legal move, and playing is refused",
			"0-0-0-0-0-0-0-0-0-0-0-0-25-23-N", split("a")},
		{"move-after-the-end", []string{"R8", "D5"},
			"North wins by R8; a further move is refused",
			"2-1-0-0-0-1-0-0-0-4-1-0-19-20-N", split("dA")},

		// R9: no move.
		{"no-move-own-side-empty", []string{"R9", "R11", "D3", "D4"},
			"a set-up position with South to move and no seed on South's side: over at once; each adds its own seeds: 24-24, a draw",
			"0-0-0-0-0-0-0-0-4-0-0-0-24-20-S", nil},
		{"no-move-cannot-feed", []string{"R7", "R9", "R11", "D3"},
			"South sows its last seed into North's side; North's three single seeds cannot reach South: North has no legal move, adds its 3 seeds and wins 26-22",
			"0-0-0-0-0-1-0-1-1-0-0-0-22-23-S", split("F")},

		// R10: repetition.
		{"repetition-third-not-second", []string{"R10", "R11", "D1", "D2", "D3"},
			"a 12-ply cycle without capture played twice: the start position occurs a second time at ply 12 and the game goes on, a third time at ply 24 and the game ends; each adds its own seeds: 25-23",
			"0-1-0-1-0-1-0-0-1-0-0-0-22-22-N", times(2, cycleA)},
		{"repetition-draw", []string{"R10", "R11", "D2", "D3"},
			"the same cycle with scores 21-23: the tallies are 24-24, a draw",
			"0-1-0-1-0-1-0-0-1-0-0-0-21-23-N", times(2, cycleA)},
		{"repetition-by-two-paths", []string{"R10", "D1", "D2"},
			"two different cycles bring the start position back: positions are the same by their pits and side to move, however they were reached; the third occurrence ends the game",
			"0-2-1-0-0-2-0-0-0-1-1-1-20-20-S", split(cycleB1 + cycleB2)},
		{"repetition-counted-from-capture", []string{"R5", "R10", "D2"},
			"F captures; the position it produces is the first occurrence; a 12-ply cycle brings it back twice and its third occurrence ends the game at ply 25",
			"1-1-0-0-1-2-1-1-1-0-0-0-20-20-S", append(split("F"), times(2, cycleC)...)},
		{"repetition-not-with-an-empty-side", []string{"R7", "R10", "D2"},
			"the start position has an empty North side: its third occurrence at ply 24 does not end the game; the next position, with seeds on both sides, ends it at its third occurrence, ply 25",
			"1-0-0-1-1-1-0-0-0-0-0-0-22-22-S", append(times(2, cycleD), "F")},

		// D4: set-up positions.
		{"set-up-invalid-total", []string{"D4"},
			"pits and scores add up to 49: not a position",
			"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", nil},
		{"set-up-mid-game", []string{"D4", "R5"},
			"a set-up position plays like any other; its history starts with it",
			"3-0-5-1-7-2-0-4-4-1-6-3-6-6-N", split("fCcE")},
	}
}
