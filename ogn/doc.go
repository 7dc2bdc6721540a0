// Package ogn reads and writes Oware game records in OGN, the PGN-like text
// format of the Aualé program, and replays them under the rules of package
// oware, so that a record is either proved consistent with the rules or
// rejected with the ply that breaks them.
//
// # The format
//
// A record is a tag section followed by movetext:
//
//	[Variant "Oware Abapa"]
//	[Event "Club evening"]
//	[South "Ama"]
//	[North "Kofi"]
//	[Result "*"]
//
//	1. F e 2. D b {North threatens B} 3. B d+2 4. A+2 a *
//
// Tags are written [Name "value"], a tag pair on one line; in values a backslash escapes a double
// quote or a backslash. Aualé writes the roster Variant, Event, Site, Date,
// Round, South, North and Result, and a FEN tag with the position string of
// [oware.Board.AppendText] (such as "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S") when
// the game starts from a set-up position; the reader also accepts
// PlayStrategy's FEN there (such as
// "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S 0 0 S 1"). Other tags are kept, in
// order.
//
// Each ply is a pit letter, "A"–"F" for South's pits 0–5 and "a"–"f" for
// North's pits 6–11, followed without space by "+N" when the move captures
// N seeds (R5); a move that captures nothing, a grand slam included (R6),
// has no mark. The mark counts only the seeds the move captures: seeds that
// the players gather at the end of the game (R9, R10, D3) are not part of
// it. The writer puts a move number "1.", "2." … before each of South's
// plies, and "1..." before the first ply of a game that North begins
// ("1... a 2. A b"), as PGN numbers a game that Black begins; Aualé
// numbers every other ply from the first, whoever plays it. The reader
// accepts either count and refuses a move number that is neither, such
// as "7." before a game's second move; a game from a set-up position may
// count on from its position's own number. A move number has one dot, or
// three before a ply of North's; "1." after a move begins the next game
// (see [Reader]). A comment {…}
// belongs to the ply before it, or to the start position when it comes
// before the first ply, as in Aualé. A variation (…), possibly nested, is
// skipped on reading, comments inside it included. The movetext may end
// with a result token, which must then agree with the Result tag.
//
// Results ([Result]) are "1-0" (South wins), "0-1" (North wins), "1/2-1/2"
// (a draw, 24–24) and "*" (the game is not over). Aualé itself writes the final
// tallies of a finished game instead, South's first, such as "26-22"; the
// reader accepts that form too and checks both tallies.
//
// # Reading a stream
//
// A [Reader] reads one game at a time from an io.Reader and holds only
// that game, so that its memory is bounded by the largest game, not by the
// input; [Limits] bound what a game may hold (tags, comments, plies), and
// a game over a limit is an error that names the game, the line and the
// limit. [Reader.ReadReplay] replays each game as it reads it and reports
// a record that breaks the rules as soon as its faulty ply is read. After
// a faulty game the reader goes on at the start of the next one, its tag
// section or, for games without tags, a result or a move number "1."
// after a move: an unclosed comment or variation ends before a line that
// begins a game (a tag section, or the move number "1." of a game without
// tags), so a broken game costs that game only, tagged or not (see
// [Reader]). A byte-order mark at the start of the input is skipped.
// [Parse] and
// [ParseGame] are conveniences over a Reader; a [Writer] writes games one
// after the other.
//
// # Records of other programs
//
// The Reader and the Writer also read and write the game export of
// PlayStrategy (playstrategy.org), whose moves such as "c1f2" name the pit
// sown and the pit of its last seed (see [Square]), and the move lists of
// OpenSpiel, whose actions 0–5 count from the first pit of the player to
// move: see [Format]. An export of PlayStrategy is read by PlayStrategy's
// rules (oware's "playstrategy" preset) when its Variant tag is "Oware",
// as PlayStrategy writes it, and by the rules its Variant tag names
// otherwise, as the writer labels the games of other rules. A move list
// states no rules: it is read by abapa's, unless a Reader is given others
// (OpenSpiel ends a game at the first recurrence of a position, where R10
// waits for the third). A Reader's Rules hold in every format, whatever
// the tags say.
//
// # Strictness
//
// [Parse] checks the form of the record; [Game.Replay] checks its content
// under the full rules, repetition (R10) included: every move must be legal,
// every capture mark must give exactly the seeds the move captures, and the
// result must be the outcome of the final position ("*" exactly when the
// game is not over; a game that ends by resignation or adjudication cannot
// be recorded with a decisive result). Nothing that disagrees with the rules
// is accepted silently.
//
// The writer ([Game.AppendText], [Game.WriteTo], [Game.String]) writes
// canonical OGN: capture marks and the result are computed from the rules,
// not copied from the Game, as far as the moves are legal.
//
// # Records from code
//
// [NewGame] builds the record of a game from its start and moves, each ply
// with the capture mark the rules give it and the result of the position
// reached, so that it replays; a Game literal whose plies have no marks
// does not, when a move captures. A program that keeps games move by move,
// as a game server does, keeps the Game itself: [Game.Push] checks a move
// and appends it with its mark and the new result, [Game.Undo] takes the
// last ply back, and [Game.Position] gives the position reached, its
// legal moves and outcome, replayed from the record.
//
// # Records written by Aualé
//
// The source of Aualé shows two ways in which its records can disagree with
// this package. Its capture mark is the change of the mover's store, so on
// the last ply of a game that ends by R9 or R10 it also counts the seeds the
// mover gathers; and it ends a game when a position occurs for the second
// time, where R10 needs a third occurrence. Replay reports such records as
// they are: a last ply with ErrCaptureMark, or a result with ErrResult
// because the game is not over under R10.
package ogn
