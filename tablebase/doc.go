// Package tablebase builds and probes endgame tablebases of Oware: for
// every board with up to a given number of seeds, what perfect play by
// both players gets from it.
//
// # Values
//
// A board with n seeds on it has a value: the seeds that the player to
// move will capture from those n, minus those the opponent will, with
// perfect play by both, the game counted from this board with no earlier
// occurrence (as right after a capture, when no earlier position can
// recur). The value is between -n and n. The 25-seed stop (R8) is not
// applied: play goes on to the end, as in Romein and Bal's databases of
// awari; who wins, draws or loses follows exactly from the scores plus
// the value ([Value.Margin]), since 25 seeds are a majority of the final
// tallies too. All other rules are the preset's.
//
// Under awari (Romein and Bal's rules), a repetition shares the seeds on
// the board evenly, so it is worth 0 to both players wherever it happens,
// and every value is exact. Under abapa and the other presets where a
// repetition gives each player the seeds of their own side, the value
// depends on which position repeats, and the tables hold two bounds per
// board: lo, the value of the same game in which every endless
// continuation counts as the worst result for the player to move at the
// board (the seeds still on the board all going to the opponent), and hi,
// the value when it counts as the best. Both are proven for a board with
// no earlier occurrence, and the value is exact where lo == hi. Each
// bound satisfies its own recurrence: lo is the best over the moves of
// the seeds captured minus the child's hi, and hi the best of the seeds
// captured minus the child's lo.
//
// # Tables
//
// [Build] writes one file per seed count into a directory and [Open]
// reads them; [Tables.Probe] gives the value of a position's board,
// [Tables.ProbeMoves] the value of each of its moves and
// [Tables.BestMoves] the moves of perfect play. A probe of a board in the
// tables takes a few tens of nanoseconds and allocates nothing. A
// position with more seeds than the tables hold, or under rules they do
// not hold, gives a [*MissingTableError], as python-chess's syzygy
// module does.
//
// The files and the index are described in the README of the module:
// boards are ranked with the combinatorial number system, the mover's
// pits first, leaving out the boards on which the side that just moved
// has no empty pit (it has just emptied the pit it sowed), as Romein and
// Bal did; [Entries] gives the count of each level.
package tablebase
