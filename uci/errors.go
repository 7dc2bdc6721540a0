package uci

import (
	"errors"
	"strings"
)

// Errors of the package, wrapped in an [*Error]: what an engine did wrong,
// or what a caller asked wrongly.
var (
	// ErrTimeout: the engine did not answer in time (no uciok, readyok or
	// best move); the Client then kills it.
	ErrTimeout = errors.New("no answer in time")
	// ErrExited: the engine's process ended, or its output did.
	ErrExited = errors.New("the engine exited")
	// ErrProtocol: the engine answered with a line not in the protocol
	// where an answer was due, such as a best move that is no pit letter.
	ErrProtocol = errors.New("an answer not in the protocol")
	// ErrNoMove: the engine answered go with "bestmove 0000": it sees the
	// game over.
	ErrNoMove = errors.New("no move: the engine sees the game over")
	// ErrIllegal: the engine's best move is not legal at the position (a
	// Match judges that; the Client does not know the rules).
	ErrIllegal = errors.New("illegal move")
	// ErrSyntax: a command or a value that a caller gave is malformed, or
	// out of range.
	ErrSyntax = errors.New("syntax error")
	// ErrClosed: the Client was closed, or killed after an error.
	ErrClosed = errors.New("the engine is closed")
)

// Error is an error of the package: one of the errors above, with the
// engine it is about, if any, what failed, and what happened.
type Error struct {
	Engine string // the engine's name, or its command line; "" when none
	Op     string // what failed, such as "no uciok", "no readyok" or "go"; "" for none
	Err    error  // one of the errors above, or the error of the system
	Detail string // what happened; "" for nothing more than Err
}

// Error returns "uci: engine NAME: OP: ERR: DETAIL", without the parts
// that are empty.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("uci: ")
	if e.Engine != "" {
		b.WriteString("engine " + e.Engine + ": ")
	}
	if e.Op != "" {
		b.WriteString(e.Op + ": ")
	}
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	return b.String()
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }
