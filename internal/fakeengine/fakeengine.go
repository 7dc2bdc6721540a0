// Package fakeengine is an engine for the tests of matches and of the UCI
// client: a random mover served by a uci.Server, which misbehaves at a
// move that its mode says. The test binary runs it as a process: a test
// passes Command as an engine's command line, and the test binary's
// TestHelperEngine calls Run.
package fakeengine

import (
	"context"
	"errors"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/uci"
)

// env is set in the environment of a test binary run as a fake engine.
const env = "OWARE_FAKE_ENGINE"

// Command returns the command line of a fake engine that plays as mode
// says: "random" plays a random legal move; "illegal@N", "timeout@N",
// "crash@N" and "zero@N" play randomly up to the N-th go of each game and
// then answer with a move of the opponent's side, nothing, an exit with
// status 3 or "bestmove 0000"; "exit" exits with status 2 before uciok.
// Its name is "fake MODE". The test binary must have a TestHelperEngine
// that calls Run.
func Command(t *testing.T, mode string) string {
	t.Setenv(env, "1")
	return os.Args[0] + " -test.run=^TestHelperEngine$ " + mode
}

// Run, in a test binary run by Command, serves the fake engine of the
// first argument on stdin and stdout and exits; elsewhere it returns at
// once.
func Run() {
	if os.Getenv(env) == "" {
		return
	}
	mode, at := flag.Arg(0), 0
	if kind, n, ok := strings.Cut(mode, "@"); ok {
		mode = kind
		at, _ = strconv.Atoi(n)
	}
	if mode == "exit" {
		os.Exit(2)
	}
	f := &fake{mode: mode, at: at, rng: prng.New(uint64(len(flag.Arg(0))))}
	srv := &uci.Server{Name: "fake " + flag.Arg(0), Author: "the tests", Engine: f, NewGame: func() { f.gos = 0 }}
	if err := srv.Serve(os.Stdin, os.Stdout); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// fake is the engine of Run.
type fake struct {
	mode string
	at   int // the go of each game at which to misbehave
	gos  int // the go commands of the game so far
	rng  *prng.Source
}

// Analyze plays a random move, or misbehaves.
func (f *fake) Analyze(_ context.Context, p oware.Position, _ engine.Limits, progress func(engine.Result)) (engine.Result, error) {
	f.gos++
	m, _ := p.Moves().Nth(f.rng.IntN(p.Moves().Len()))
	if f.gos == f.at {
		switch f.mode {
		case "illegal":
			m = (m + oware.PitsPerSide) % oware.NumPits
		case "timeout":
			time.Sleep(time.Hour)
		case "crash":
			os.Exit(3)
		case "zero":
			return engine.Result{}, errors.New("the game is over, the fake says")
		}
	}
	r := engine.Result{Move: m, Depth: 1, Nodes: 1, PV: []oware.Move{m}}
	progress(r)
	return r, nil
}
