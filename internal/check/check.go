// Package check puts generated cases to another implementation of the
// rules, a subject speaking the oracle protocol (package internal/oracle),
// compares each answer with the library's own, and shrinks the first case
// on which they differ to a small one. It is the logic of "oware check".
//
// The cases are seeded and reproducible (see [Generator]) and come from
// families that each reach some rules by construction (see [Kind]); every
// case is a start position and moves that the library finds legal,
// sometimes followed by one move that it refuses, sent as one request. A
// subject must give "version" 1, the request's "id", "legal" at the start
// and "position" and "legal" for each ply, and, for a refused move, the
// library's error code at the library's ply; every other field the
// protocol defines is compared when present, and any other field is an
// error. A divergence names the rule that decides the first field that
// differs (see [RuleName]).
package check

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/signal"
	"time"
)

// Defaults of a check.
const (
	DefaultGames     = 4000             // cases sent
	DefaultTimeout   = 10 * time.Second // for each response
	DefaultMaxShrink = 2000             // cases sent while shrinking
	// DefaultStartGrace is the time a subject may take to start, on top
	// of the timeout of its first response.
	DefaultStartGrace = 10 * time.Second
	// MaxHangs bounds the cases that time out while a hang is shrunk:
	// each costs a whole timeout.
	MaxHangs = 8
)

// Config says what to check and how much.
type Config struct {
	Rules   Rules         // the rules of the library's answers
	Command []string      // the subject's program and its arguments
	Games   int           // how many cases to send
	Seed    uint64        // the seed of the cases
	Timeout time.Duration // the longest wait for one response
	// StartTimeout is the longest wait for the first response of each
	// subject process, which starts it; 0 means Timeout +
	// DefaultStartGrace.
	StartTimeout time.Duration
	// MaxShrink bounds the cases sent while shrinking; 0 means
	// DefaultMaxShrink.
	MaxShrink int
	// Families are the families of the cases sent, in turn; nil means
	// all of them (see [Kinds]).
	Families []Kind
	// Progress, when not nil, is called before each case is sent, from
	// the goroutine that called Run, with what has been done so far.
	Progress func(Progress)
}

// Progress is how far a check has got, for a progress line.
type Progress struct {
	Cases   int           // cases on which the subject agreed, the opening included
	Plies   int           // plies of those cases
	Elapsed time.Duration // since Run began
	Kind    Kind          // the family of the case about to be sent
	// Shrinking is set once a failure is found; Tries then counts the
	// cases sent to shrink it.
	Shrinking bool
	Tries     int
}

// Result is what a check found.
type Result struct {
	Cases   int           // cases on which the subject agreed, the opening first
	Plies   int           // plies of those cases
	Elapsed time.Duration // the time taken, shrinking included
	// Families counts the cases of each family on which the subject
	// agreed, the opening (a case of the Opening family) included.
	Families [numKinds]int
	Failure  *Failure // the first failing case, or nil
}

// Failure is a case on which the subject failed, and the smallest case
// found from it that fails the same way.
type Failure struct {
	Found    Case  // the case that failed first
	FoundErr error // how: a *Divergence or a *SubjectError
	Cases    int   // the cases sent until it was found, itself included
	Shrunk   Case  // the smallest failing case found
	Err      error // how Shrunk fails, the same way as Found
	Tries    int   // the cases sent while shrinking
}

// Run checks the subject of cfg: it starts it and sends the opening with
// no moves, then cfg.Games generated cases, and compares the answers; at
// the first failure it shrinks the case and stops. The error, for a
// subject that cannot be started or that exits without answering the
// opening, wraps ErrCannotRun; when ctx is done, Run kills the subject and
// returns ctx's error, with what it found so far.
func Run(ctx context.Context, cfg Config) (Result, error) {
	began := time.Now()
	var res Result
	k := &checker{cfg: cfg, ctx: ctx, res: &res, began: began}
	defer k.close()
	k.report(Opening)
	if err := k.start(); err != nil {
		switch {
		case ctx.Err() != nil:
			return res, ctx.Err()
		case errors.Is(err, ErrCannotRun) || errors.Is(err, ErrCrashed):
			return res, cannotRun(err)
		}
		opening := openingCase(cfg.Rules)
		res.Failure = &Failure{Found: opening, FoundErr: err, Cases: 1, Shrunk: opening, Err: err}
		res.Elapsed = time.Since(began)
		return res, nil
	}
	res.Cases, res.Families[Opening] = 1, 1
	g := NewGenerator(cfg.Rules, cfg.Seed, cfg.Families...)
	for i := 1; i <= cfg.Games; i++ {
		c := g.Next()
		k.report(c.Kind)
		err := k.ask(c)
		if ctx.Err() != nil {
			res.Elapsed = time.Since(began)
			return res, ctx.Err()
		}
		if err != nil {
			res.Failure = k.shrink(c, err)
			res.Failure.Cases = i + 1
			break
		}
		res.Cases++
		res.Plies += c.Plies()
		res.Families[c.Kind]++
	}
	res.Elapsed = time.Since(began)
	return res, nil
}

// NotifyContext returns a copy of parent that is done when the process
// gets a signal that would end it and that it can catch: an interrupt,
// and on Unix SIGTERM, SIGHUP (the terminal hung up), SIGQUIT and
// SIGABRT. Run with that context kills the subject and its process group
// when one comes, so that however a check ends, but by SIGKILL, none of
// the subject's processes is left running. stop, as
// signal.NotifyContext's, restores the signals' default actions.
func NotifyContext(parent context.Context) (ctx context.Context, stop context.CancelFunc) {
	return signal.NotifyContext(parent, endSignals...)
}

// openingCase is the first case of every subject process: the opening,
// with no moves.
func openingCase(r Rules) Case {
	return Case{Kind: Opening, Start: r.game.Start().Board(), rules: r.game}
}

// cannotRun returns err wrapping ErrCannotRun.
func cannotRun(err error) error {
	if errors.Is(err, ErrCannotRun) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrCannotRun, err)
}

// checker holds the running subject, started again after a failure.
type checker struct {
	cfg     Config
	ctx     context.Context // ends every wait when done
	subject *Subject
	id      int
	res     *Result   // what Run found so far, for the progress
	began   time.Time // when Run began
	tries   int       // the cases sent while shrinking
	failed  bool      // a failure was found: the cases sent now shrink it
}

// report calls cfg.Progress, if set, before a case of family k is sent.
func (k *checker) report(kind Kind) {
	if k.cfg.Progress == nil {
		return
	}
	k.cfg.Progress(Progress{Cases: k.res.Cases, Plies: k.res.Plies, Elapsed: time.Since(k.began),
		Kind: kind, Shrinking: k.failed, Tries: k.tries})
}

// start starts the subject and asks it the opening case, which may take
// cfg.StartTimeout. It returns nil, a *Divergence, a *SubjectError, or an
// error wrapping ErrCannotRun.
func (k *checker) start() error {
	s, err := StartSubject(k.cfg.Command)
	if err != nil {
		return err
	}
	k.subject = s
	wait := k.cfg.StartTimeout
	if wait <= 0 {
		wait = k.cfg.Timeout + DefaultStartGrace
	}
	return k.send(openingCase(k.cfg.Rules), wait)
}

// ask sends c to the subject, started afresh if need be, and compares the
// answer. It returns nil, a *Divergence, a *SubjectError, or an error
// wrapping ErrCannotRun (a subject that could not be started again, or
// failed the opening).
func (k *checker) ask(c Case) error {
	if k.subject == nil {
		if err := k.start(); err != nil {
			k.close()
			return fmt.Errorf("%w: started again, it failed the opening: %w", ErrCannotRun, err)
		}
	}
	return k.send(c, k.cfg.Timeout)
}

// send sends c to the running subject, waits at most timeout for the
// answer and compares it. After a *SubjectError the subject is killed,
// to be started afresh, unless its response was one JSON object of the
// wrong form (ErrMalformed): its output is then still one line a request.
func (k *checker) send(c Case, timeout time.Duration) error {
	k.id++
	req := c.Request(k.id)
	line, err := json.Marshal(req)
	if err != nil { // cannot happen: strings only
		panic(err)
	}
	resp, err := k.subject.Ask(k.ctx, line, timeout)
	if err == nil {
		err = compare(c, k.id, k.cfg.Rules.Answer(req), resp)
	}
	var se *SubjectError
	if errors.As(err, &se) {
		if se.Stderr == "" {
			se.Stderr = k.subject.Stderr()
		}
		if !errors.Is(se, ErrMalformed) {
			k.close()
		}
	}
	return err
}

// close kills the subject, if one runs.
func (k *checker) close() {
	if k.subject != nil {
		k.subject.Close()
		k.subject = nil
	}
}
