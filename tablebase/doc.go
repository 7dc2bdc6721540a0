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
// captured minus the child's lo. Every game that ends gives all the
// seeds of the board to one player or the other, so a bound has the
// parity of n.
//
// # Tables
//
// [Build] writes one file per seed count into a directory and [Open]
// reads them; [Tables.Probe] gives the value of a position's board,
// [Tables.ProbeMoves] the value of each of its moves and
// [Tables.BestMoves] the moves of perfect play. [Compute] solves small
// levels in memory instead. A probe of a board in the tables reads one
// entry, at about the cost of one access to memory, and allocates
// nothing; a board on which the side that just moved has no empty pit is
// not in the tables and is probed through its children. A position with
// more seeds than the tables hold, or under rules they do not hold, gives
// a [*MissingTableError], as python-chess's syzygy module does.
//
// # Files
//
// One file per rules and seed count, named after them ("awari-16.otb"): a
// 64-byte header, then one entry per index, in index order. Every number
// is little-endian.
//
//	bytes   field
//	0–7     magic "OWARE-TB"
//	8–11    format version, 1
//	12–15   seed count n
//	16–23   entry count, Entries(n)
//	24–27   bytes per entry: 1 (an exact value, awari) or 2 (lo then hi)
//	28–31   CRC-32C (Castagnoli) of the entries
//	32–47   the rules preset's name, zero padded
//	48–51   kind of entries: 0, the values or bounds described here
//	52–59   zero
//	60–63   CRC-32C of bytes 0–59
//
// Entries are signed bytes. The kind leaves room for other entries in
// files of the same layout (such as values that depend on more than the
// board); a reader refuses the kinds and versions it does not know, and
// so does Build, which never writes over such a file. Open checks the
// header, the file's name against it, the size, both checksums and
// every entry: a value from -n to n, or bounds from -n to n in order and
// of the parity of n, so that an entry forged with a checksum to match
// is refused as far as it is out of range; a probe checks the entries it
// reads the same way, in case the file changed since. The files are
// mapped into memory where the system allows it (Linux and the BSDs),
// and read into memory elsewhere; [OpenWith] with
// [OpenOptions].HugePages reads them into the process's own memory, on
// huge pages where the system gives them, which saves misses of the
// translation buffer on probes at random.
//
// # Index
//
// A board is taken from the side of its player to move: the mover's six
// pits from the mover's first, then the opponent's six from the
// opponent's first. After a move the side that just moved has an empty
// pit, the one it sowed (R3, R4), so boards whose opponent side has no
// empty pit cannot arise and are left out, as Romein and Bal did. The
// index of a board is the number of boards of the level that come before
// it in lexicographic order of those twelve counts, computed with the
// combinatorial number system: with F(m, r) = C(r+m-1, m-1) the ways to
// put r seeds into m pits, a pit holding x, with r seeds left for it and
// the pits after it, adds the ways to fill the pits after it with r-v
// seeds for every v < x, leaving out the fillings whose remaining
// opponent pits are all non-empty while no opponent pit before is empty.
// Each such sum is a difference of two sums of one pit's seeds from it
// to the last, so a rank is also a sum of one term for each of those
// twelve suffix sums; the terms are precomputed two pits an entry, and a
// rank is six look-ups. A level
// of n seeds has C(n+11, 11) - C(n+5, 11) entries ([Entries]): 80,214,915
// at 20 seeds, 382,628,610 at 24, 203,648,015,935 at 48.
//
// # How a level is built
//
// Levels are built from 0 seeds up, each written as soon as it is solved.
// A capture leads to a lower level, which is done; the moves that capture
// nothing stay within the level, where positions can recur, so a level
// is solved as a whole, in two phases:
//
//  1. children: every position's moves are generated through package
//     oware ([oware.Rules.Children], on boards with scores below 25 so
//     that R8 never stops the game). For each bound the best capture is
//     kept, its child looked up in the lower levels (the lookups of 64
//     positions read together, so that their cache misses overlap), and
//     the moves within the level are counted.
//  2. values: from the highest threshold t down, the positions whose
//     lower bound is at least t are those whose mover can force reaching
//     a capture (or the end of the game) worth at least t, an endless game
//     counting as the worst; those whose upper bound is at most -t are
//     those all of whose moves lead out at most -t or into the first set.
//     Both sets only grow as t falls, so each position joins each set
//     once; when it joins, its parents within the level, generated with
//     [oware.Rules.Parents], learn of it: one that can move into the
//     second set joins the first, and one whose last child outside the
//     first set joined it, its captures worth at most -t, joins the
//     second. Under awari the thresholds stop at 1. The workers share
//     each threshold, positions joining through atomic updates, and
//     follow back 32 positions of each set at a time, reading the state
//     of all their parents first (on amd64, with PREFETCHW, which takes
//     each line ready to be written: a line merely read may come shared
//     with the other processors, and its atomic update then waits for
//     memory a second time); the positions a scan finds wait until they
//     fill such a batch, so that their parents' reads overlap.
//
// A position's whole state is a byte per bound (one under awari, where a
// position joins at most one set): the bound once found, and until then
// the best worth of its captures; and its moves within the level whose
// child has not joined the first set. Under the other rules up to 30
// seeds the count is in the upper bound's byte (every worth of a level
// of n seeds has the parity of n, so that a byte tells apart the worths,
// the counts and the bounds found); under awari up to 24 seeds in the
// one byte (a position whose captures are worth 0 or more never joins
// the second set, so that only the others keep a count); beyond, a
// nibble apart. A level of N positions takes N bytes under awari and 2N
// under the other rules (1.5N and 2.5N beyond), on huge pages where the
// system gives them; the lower levels are mapped from their files and
// read where the captures lead.
//
// # Interrupted builds
//
// The file of the level being built is made, locked (flock) and given its
// size on disk (fallocate) when the level starts, so that a disk too
// small fails at once, and takes the level's name only once written and
// synced: an interrupted build (a signal, kill -9, a full disk) leaves
// no file that Open accepts as whole. A build that stops on its
// context's cancellation removes its file; the next Build in the
// directory removes the files of killed builds, which no process holds
// locked, checks the levels there and resumes at the first missing or
// damaged one (a damaged file, cut short or with a wrong checksum or
// entry, is kept beside as NAME.damaged).
//
// # Slices
//
// [BuildSlice] builds a level in k slices, runs of its indexes, by k
// processes running at the same time, on one machine or several that
// share the directory: each holds its slice's state (about 1/k of the
// level's), generates its positions' moves, and sends the other slices
// the parents of its positions that joined a set, in files of messages
// in a work directory named after the level and the run. Every round is
// a barrier: each slice writes one file, then reads everyone's; a
// threshold ends at the first round in which no slice sent anything.
// Slice 0 joins the slices' entries into the level's file, the same byte
// for byte as Build's. The rounds are many (about 200 at 9 seeds, more
// as the levels grow), so the processes of a level stay up through all
// of them rather than one job a round. "oware tablebase plan" writes the
// script that builds tables this way, as Slurm job arrays (one a level,
// after the level below) or as processes on one machine.
package tablebase
