// Package solve finds the exact value of an Oware position together with
// its history, under the rules where a repetition ends the game with each
// player taking the seeds of their own side (abapa's R10 at the third
// occurrence, Aalina's and Aualé's at the second), and holds tables of
// exact values of the positions met for the first time.
//
// # What a value with history means
//
// The value of a position is the seeds that the player to move will
// take from those on the board, minus those the opponent will, with
// perfect play by both to the end of the game, the 25-seed stop of R8
// not applied (as in package tablebase: who wins follows from the scores
// and the value, [Value.Margin]). Under these rules it depends on the
// history: a board that has occurred since the last capture is one
// occurrence nearer to ending the game (R10, D2), and the game then ends
// with the split of that board, whichever it is. A position right after
// a capture, or at the start of a game, has no history that can recur:
// its value is a property of its board, which the tables hold ([Tables],
// "met for the first time"). The positions in between, after moves that
// captured nothing, are what the [Solver] is for.
//
// Exact with history means: for the position as it stands in its game,
// with the count of every board met since the last capture, the value
// that both players can force, each occurrence counted as R10 counts it,
// proven by a search that played every move through Play; not the value
// of the board met for the first time, which is what tables of boards
// (package tablebase, and [Tables] here) hold. Where a search is cut
// short by its context or its node budget, the result is the tightest
// bounds it proved, which hold for that history: [Value.Exact] tells
// which.
//
// # Rules
//
// The repetition rule is the preset's, read through
// [oware.Rules.RepeatLimit] and [oware.Rules.RepeatWithEmptySide]: under
// abapa the third occurrence of a position ends the game (R10), and only
// while both sides hold seeds; under openspiel, aalina and auale the
// second, an empty side or not; under awari the third, the seeds shared
// evenly, so that a value there does not depend on the history at all.
// The presets with a limit of plies (playstrategy, game-oware) or with
// no repetition rule (board-game-rs, RepeatLimit 0) are not [Supported]:
// a value there depends on more than the boards met since the last
// capture.
//
// # Where values with history are shown
//
// [Analyse] (or [Solver.Analyse], for a solver kept from call to call) is
// the one call that the command's oracle (oware oracle -solve), oware
// tablebase probe with moves, the hint of oware play, the analysis board
// and the engine (at positions of few seeds that the tables do not decide,
// within its time) make: the value of a position with its history and of
// each move, cut by package tablebase's bounds, and started from the
// tables of this package where they are given ([Options].Tables: oware
// tablebase history writes them beside package tablebase's, and each of
// these reads them from there). With them, a board met for the first
// time that they hold exactly is answered at once, and every other
// position is searched from its cycle bounds, far tighter than package
// tablebase's bounds.
//
// # How it is found
//
// The Solver searches the game tree, playing every move with the
// position's own [oware.Position.Play], so that the repetition rule it
// applies is the library's. It halves the interval known of the value at
// the root by questions, "is the value at least t?", each answered by a
// proof-number search (Allis): a best-first search that grows a tree of
// the game from the root, always at the leaf that takes fewest further
// leaves to settle the question, and settles a leaf as soon as the
// bounds known of it before any search (below) are on one side of t. A
// node of that tree stands for a line from the root, with the
// occurrences of that line, so the graph-history interaction of
// transpositions does not arise in it; what it proves of a position is
// stored in a transposition table keyed by the position's board and
// every occurrence since the last capture (board and count), since two
// positions with the same board and different histories can have
// different values. A question's tree holds at most Options.TreeSize
// bytes, by default 4,194,304 nodes, 2,097,152 of them expanded (432 MiB,
// and about 250 bytes a position searched); a question that outgrows it
// ends as if its budget had run out. [Build] sizes it to hold its budget
// of positions; a caller of [Analyse] or a [Solver] with a larger budget
// gives Options.TreeSize. A capture starts a new stretch whose value is
// that of a board met for the first time: the tables give it, or the
// search goes on from there. Of the boards of 8 seeds under abapa met for the first time
// whose cycle bounds differ, proof-number search settles most (35 of a
// sample of 40) within 10⁶ nodes, where an alpha-beta search on the same
// bounds settled none of a sample of 10 within 2·10⁶ (see docs/solve.md):
// their proofs are lines of a hundred plies and more, where the defender
// has a few moves at each turn.
//
// A proof rarely depends on the whole history, and the search shares it
// beyond the table's key. Once a question of a position searched at
// least 256 positions is settled, its proof is kept with what it depends
// on: the boards its lines meet in the position's stretch, with how
// often its history held each, and what its leaves settled by their
// starting bounds allow of the boards of the history one occurrence from
// ending the game (which widen those bounds, below). A later question of
// the same board, under another history, takes the kept bound when that
// history holds each of those boards as often and has no board that
// would widen one of those leaves across its question: every line of the
// proof then plays as it did, each repetition ending the game where it
// did, and each leaf settled as it was (Kishimoto and Müller's remedy for
// the graph-history interaction: a result checked against the history it
// is used with). A proof that took a leaf from the table is not kept
// (the table does not say what that leaf's proof met); one that took a
// kept proof is, with that proof's boards and allowances merged into its
// own. The kept proofs of a Solver's search take about 128 MiB at most,
// those of a build's worker about twice the size of its tree. The tree
// of a hard question meets each of its thousand or so boards about a
// thousand times, each time with another history, and the kept proofs
// let those occurrences share their work (docs/solve.md has the figures;
// those measured before 6 December 2026 came from a search with a fault
// in this sharing, since fixed, and are withdrawn there). A build keeps
// the proofs from one board to the next, in runs of 1,024 of the boards
// it searches, consecutive in index order,
// whose searches meet many of the same boards; it clears them at the
// start of each run, so that its files depend neither on its workers nor
// on where it was stopped and resumed.
//
// What makes the search end is the bounds it starts from at every node.
// They come from a game played on the graph of the boards with as many
// seeds, without history: the cycle bounds. A move that captures ends
// that game, worth the seeds captured minus the value of the board it
// leads to (from the levels below); a play that goes on for ever is
// worth, for the lower bound lo, the least split (the mover's seeds on
// the board minus the opponent's) among the boards it meets infinitely
// often and whose repetition would end the real game, and for the upper
// bound hi, the greatest. Both games are solved exactly, threshold by
// threshold, as co-Büchi games (see the builder). The bounds hold for
// every history in which no board is one occurrence from ending the game:
// the player to move keeps, in the real game, a strategy that is optimal
// in the bound's game and positional (its move depends on the board
// alone). Against it, every play either ends as in that game, or ends by
// a repetition. A repetition needs two occurrences of its board in the
// play, and between them lies a cycle consistent with the strategy that
// the opponent could repeat for ever in the bound's game, where it is
// worth at most the split of any of its boards that ends the game, that
// board included. So the real result is at least lo. Where some boards
// of the history are one occurrence from ending the game, the opponent
// may end it at one of them at once: the bounds widen to their splits,
// though only for the boards that the strategy's plays can meet, those
// in its winning region (their own cycle bounds tell). The package
// tablebase's bounds, in which every endless game is the worst or the
// best for the mover, are cycle bounds of this kind too, looser; the
// Solver uses them for the boards with more seeds than the tables hold.
//
// Under abapa the cycle bounds are exact for every board of up to 7
// seeds and for 81% of those of 12, against 19% for package tablebase's
// bounds: what remains is searched (see docs/solve.md for the figures).
//
// # Tables
//
// [Compute] and [Build] solve the levels from 0 seeds up: for each level,
// the graph of its boards (the moves that capture lead to the levels
// below, whose values are known), the cycle bounds, then the forced
// returns, then a search of every board whose bounds still differ, met
// for the first time, within BuildOptions.BoardNodes. A forced return
// settles a board whose repetition favours a player at a threshold, when
// that player can force the play from the board back to it, or to an end
// of the game that they win, whatever the opponent does: an attractor
// over the level's graph. Playing its strategy, whose rank falls at every
// ply, as many times as the repetition rule needs (twice under abapa,
// once under aalina), no other board occurs that often, so the game ends
// at the board's own repetition or at an end that player wins. Each entry holds the cycle bounds and the
// bounds of the value of the board met for the first time, exact where
// the cycle bounds or the search proved it; [Tables.Probe] gives the
// latter. A level holds every way to put n seeds in the 12 pits,
// relative to the mover ([Size]).
//
// The file of a level, "abapa-12.osv", is a header of 64 bytes, then the
// entries in index order, four signed bytes each: the lower and upper
// cycle bounds, then the lower and upper bounds of the value met for the
// first time. The header, little-endian: the magic "OWARE-SV" (bytes
// 0–7), the format version, 1 (8–11), the seed count (12–15), the number
// of entries (16–23), the entry width, 4 (24–27), the CRC-32C of the
// entries (28–31), the rules' name, zero padded (32–47), the search
// budget per board of the build (48–55), four reserved zero bytes
// (56–59) and the CRC-32C of the bytes before it (60–63). A board's index
// is its rank among the compositions of n into 12 parts in lexicographic
// order, the mover's pits first.
//
// [Build] saves the search of a level as it goes in "abapa-12.osv.part":
// the same format but for the magic, "OWARE-SP", and bytes 16–23, which
// hold the index of the first board not yet searched within the budget
// of the header; the boards before it hold what their search found, the
// others the bounds from before any search. A later Build resumes there,
// and a Build with a larger budget than a level's file deepens the level
// (see [Build]). [OpenUnfinished] tells what such a file holds.
package solve
