// Package uci speaks the engine protocol of Oware programs: the
// adaptation of the Universal Chess Interface that Aalina speaks and that
// Aualé, the Oware program for the desktop, uses to drive its engines. It
// has three parts, in the manner of python-chess's chess.engine:
//
//   - a [Server] that serves any [Engine] over the protocol, on a
//     program's standard input and output ([NewEngineServer] serves the
//     built-in engine of package engine, as the command oware uci does);
//   - a [Client] that drives any engine that speaks it, from Go: it starts
//     the engine's process, starts a game, sends positions, searches with
//     limits, stops and quits, with a context bounding every wait and
//     clear errors for an engine that misbehaves;
//   - a [Match] runner on the client: two players, both colours from each
//     of a set of openings, at a time, a depth or a number of positions a
//     move or on the clock, every move judged by package oware, the score
//     with its Elo difference, the pairs of games of each opening (a
//     [Pentanomial]), a sequential probability ratio test ([SPRT]) that
//     ends the match once it decides, as fishtest tests Stockfish, and the
//     games as OGN records (the command oware match).
//
// # The protocol
//
// Commands and answers are lines of words. The notation of positions and
// moves is Aalina's and Aualé's:
//
//   - A move is a pit letter, as package oware writes moves: A to F for
//     South's pits (0 to 5, left to right as South sees them), a to f for
//     North's (6 to 11, left to right as North sees them).
//     A line of moves writes them together ("FfEa"); "F f E a", apart, is
//     read too.
//   - A board is a position string ("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N": the
//     twelve pits from A to F and a to f, South's and North's captured
//     seeds, the player to move), or a PlayStrategy FEN, as package ogn reads boards.
//
// The engine reads these commands (a GUI sends them):
//
//   - "uci": the engine answers "id name NAME", "id author AUTHOR", an
//     "option name NAME type TYPE ..." line for each of its options (see
//     [Option]), then "uciok".
//   - "isready": answered "readyok" once the engine is ready, such as once
//     its endgame tables are solved.
//   - "setoption name NAME [value VALUE]": sets an option. The standard
//     options OwnBook and Ponder, which GUIs set, are accepted by the
//     Server and change nothing when the engine does not declare them.
//   - "ucinewgame": the next position comes from another game (the
//     built-in engine empties its table: nothing of one game reaches the
//     next).
//   - "position startpos [moves MOVES]" or "position fen BOARD [moves
//     MOVES]": the position to search, the opening (under the engine's
//     rules) or BOARD, then the moves played since. Aualé sends the board
//     of the last capture and the moves since, so that a repetition before
//     it cannot matter.
//   - "go" and limits (see [Limits]): "depth N", "nodes N", "movetime MS",
//     "wtime MS", "btime MS", "winc MS", "binc MS" and "movestogo N" (South's
//     clock is "wtime", North's "btime"; the built-in engine manages its
//     clock, see engine.Limits.Clock, and the Server ends a search at the
//     most time it allows), "infinite" or "ponder". The
//     engine answers "info depth D score cp C nodes N nps N time MS pv
//     FfEa" after each iteration (C in hundredths of a seed for the player
//     to move; "score mate N" for a game won in N moves, "mate -N" for one
//     lost; "lowerbound" after the score of a move that an ended iteration
//     proved better; for a win or loss that the endgame tables prove,
//     "cp" beyond ProvenCP, see ScoreOf), and then "bestmove F ponder f"
//     (the move, and the reply it expects), or "bestmove 0000" when the
//     game is over. An engine that searches several lines (the option
//     MultiPV) reports each, "info depth D multipv K ...", K its rank from
//     1. A line whose result the tables prove ends with "string proven
//     draw", "string proven win by at least 3 seeds" or "string proven
//     loss by at least 2 seeds" (see Proof). After
//     "go infinite" and "go ponder" the best move waits for "stop";
//     "ponderhit" turns a ponder search into one with the time of its go.
//     A bare "go" searches until "stop". "depth 0", "nodes 0" or
//     "movetime 0", or a clock at 0 for the player to move ("wtime 0 btime
//     5000"), asks for the best move found at once. Every go gets one best
//     move, as GUIs expect: a malformed go is answered at once after its
//     error line, and a go during a search ends that search first, whose
//     best move answers the go before.
//   - "stop": ends the search, whose best move follows.
//   - "ponderhit": the opponent played the expected move.
//   - "debug on", "debug off": accepted.
//   - "quit", or the end of the input: ends the session, once the search
//     running, if any, is stopped and its best move written.
//
// The Server answers anything else, or a malformed command, with "info
// string error: ..." and changes nothing: the position stays as it was.
//
// The built-in engine's Server ([NewEngineServer]) names itself with its
// rules ("id name oware (github.com/seed3966233f/oware, abapa rules)",
// with ", no solver" after the rules when EngineConfig.NoSolve is set) and
// has the options Hash, the size of its table in MB, and MultiPV, the
// lines to search, 1 to 6. Where its endgame tables decide the game right
// after a capture, it plays one of their best moves (see package engine).
// The time of "go movetime" is the engine's own (engine.Limits.Time), so
// that with endgame tables it asks package solve at a root of few seeds
// that they do not decide (engine.Result.Solved), unless
// EngineConfig.NoSolve.
//
// A Server plays by its [Server.Rules]; a GUI judges games by its own, so
// serve the GUI's preset: Aualé's ("auale"), whose games end at the second
// occurrence of a position, or Aalina's ("aalina").
//
// The tests replay recorded sessions (testdata): one of Aalina, and two of
// Aualé's own client (its uci and game packages, driven without the window
// as its game loop drives them) with Aalina and with oware uci as the
// engine. Every command is sent again to the built-in engine's Server, and
// each answer must be of the kind recorded, in the form Aualé reads, with
// a legal move, and "0000" exactly where Aalina saw the game over.
package uci
