package tablebase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/seed3966233f/oware"
)

// BuildOptions tune [Build] and [Compute]. The zero value uses every CPU and reports
// nothing.
type BuildOptions struct {
	// Workers is the number of goroutines that generate moves and solve
	// the levels; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when not nil, is called from Build's goroutine about once
	// a second while a level is built, and once when each level is done.
	Progress func(Progress)
	// PeerTimeout is how long a slice of [BuildSlice] waits for news of
	// another slice (its files in the work directory) before giving up;
	// 0 means 5 minutes.
	PeerTimeout time.Duration
}

// Progress reports how far [Build] has got.
type Progress struct {
	Rules oware.Rules
	Seeds int // the level being built
	// Phase is "children" (generating every position's moves: the
	// captures, looked up in the lower levels, and the moves within the
	// level, counted), "values" (solving the level), or "done".
	Phase string
	// Done and Total count the positions of the level that the whole
	// build of the level has handled, the phases weighted by their usual
	// share of the time.
	Done, Total uint64
	// Elapsed is the time spent on the level so far.
	Elapsed time.Duration
	// Existing reports, with Phase "done", that the level's file was
	// there already and was checked and read instead of being built.
	Existing bool
	// Edges is the number of moves within the level (that capture
	// nothing), known from the phase "values" on; 0 for a level read
	// from its file, and for a slice's (BuildSlice), its own positions'.
	Edges uint64
	// Exchanges is, with Phase "done" for a level built in slices by
	// [BuildSlice] (reported by slice 0), the rounds of files its slices
	// exchanged; 0 otherwise.
	Exchanges int
}

// Build builds the tables of rules r for every seed count from 0 to seeds
// into the directory dir, which it creates if needed, one file per level,
// each written as soon as it is solved. A level whose file is already
// there is checked (see [Open]) and kept, so that an interrupted build
// resumes where it stopped; a level's file that is damaged (cut short,
// or with a wrong checksum or entry) is built again, the damaged file
// kept beside it with ".damaged" added to its name. A file with the name
// of a level that is no table file of this format is an error. Build
// removes the temporary files of builds in dir that were killed, and
// stops early with ctx's error when ctx is done, leaving no temporary
// file of its own.
//
// A level of N positions is solved in N bytes of memory under awari and
// 2N under the other rules (1.5N and 2.5N beyond 24 and 30 seeds), and
// one table of ranks for every level (1.5 MB of it used), besides the
// lower levels, which are mapped from their files into memory and read
// where a capture leads (see the package documentation for the
// figures).
func Build(ctx context.Context, dir string, r oware.Rules, seeds int, opt BuildOptions) error {
	workers, err := checkBuild(r, seeds, opt)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	cleanTemp(dir)
	name, _ := r.MarshalText()
	var lower []*level
	for n := 0; n <= seeds; n++ {
		start := time.Now()
		path := filepath.Join(dir, fileName(string(name), n))
		l, err := readLevel(path, true)
		existing := err == nil
		var edges uint64
		var fe *FormatError
		switch {
		case existing && (l.rules != r || l.seeds != n):
			return &FormatError{File: path, Msg: "holds another level"}
		case errors.As(err, &fe) && fe.damaged:
			if err := os.Rename(path, path+".damaged"); err != nil {
				return fmt.Errorf("tablebase: %w", err)
			}
			fallthrough
		case errors.Is(err, os.ErrNotExist):
			if edges, err = buildLevel(ctx, dir, r, n, lower, workers, opt.Progress, start); err != nil {
				return err
			}
			if l, err = readLevel(path, true); err != nil { // mapped, for the levels above
				return err
			}
		case err != nil:
			return err
		}
		lower = append(lower, l)
		if opt.Progress != nil {
			e := Entries(n)
			opt.Progress(Progress{Rules: r, Seeds: n, Phase: "done", Done: e, Total: e,
				Elapsed: time.Since(start), Existing: existing, Edges: edges})
		}
	}
	return nil
}

// checkBuild checks the arguments of Build and Compute, and returns the
// number of workers.
func checkBuild(r oware.Rules, seeds int, opt BuildOptions) (int, error) {
	switch {
	case !Supported(r):
		return 0, fmt.Errorf("%w: %s", ErrUnsupportedRules, r)
	case seeds < 0 || seeds > maxSeeds:
		return 0, fmt.Errorf("tablebase: %d seeds: want 0 to %d", seeds, maxSeeds)
	case opt.Workers < 0 || opt.Workers > MaxWorkers:
		return 0, fmt.Errorf("tablebase: %d workers: want 0 (every CPU) to %d", opt.Workers, MaxWorkers)
	}
	if opt.Workers == 0 {
		return runtime.GOMAXPROCS(0), nil
	}
	return opt.Workers, nil
}

// MaxWorkers is the most workers [BuildOptions] may ask for.
const MaxWorkers = 1024

// buildLevel solves the level of n seeds and writes its file into dir,
// returning the number of moves within it.
func buildLevel(ctx context.Context, dir string, r oware.Rules, n int, lower []*level, workers int, progress func(Progress), start time.Time) (uint64, error) {
	lf, err := createLevel(dir, r, n, entryWidth(r))
	if err != nil {
		return 0, fmt.Errorf("tablebase: %w", err)
	}
	defer lf.abort()
	s, err := newSolver(r, n, 0, Entries(n), lower, workers, reporter(r, n, progress, start))
	if err != nil {
		return 0, err
	}
	defer s.free()
	if err := s.solve(ctx); err != nil {
		return 0, err
	}
	if err := lf.write(func(dst []byte, from uint64) error { s.fill(dst, from); return nil }); err != nil {
		return 0, fmt.Errorf("tablebase: %w", err)
	}
	return s.edges.Load(), nil
}

// phaseWeights are the share of a level's time each phase usually
// takes: where it starts, and its share.
var phaseWeights = map[string][2]float64{
	"children": {0, 0.5},
	"values":   {0.5, 0.5},
}

// reporter returns the function a solver reports its progress through:
// the positions done in a phase, weighted by the phases' shares.
func reporter(r oware.Rules, n int, progress func(Progress), start time.Time) func(string, uint64) {
	return func(phase string, done uint64) {
		if progress == nil {
			return
		}
		total := Entries(n)
		w := phaseWeights[phase]
		frac := w[0] + w[1]*float64(done)/float64(max(total, 1))
		progress(Progress{Rules: r, Seeds: n, Phase: phase, Done: uint64(frac * float64(total)),
			Total: total, Elapsed: time.Since(start)})
	}
}

// Compute solves the tables of rules r for every seed count from 0 to
// seeds in memory and returns them, writing no file: for the small levels
// that a program can afford to solve when it starts. It takes the memory
// that [Build] does, and the levels solved stay in memory, a byte a
// position (two under rules of bounds). It stops early with ctx's error
// when ctx is done.
func Compute(ctx context.Context, r oware.Rules, seeds int, opt BuildOptions) (*Tables, error) {
	workers, err := checkBuild(r, seeds, opt)
	if err != nil {
		return nil, err
	}
	s := set{rules: r}
	for n := 0; n <= seeds; n++ {
		start := time.Now()
		sv, err := newSolver(r, n, 0, Entries(n), s.levels, workers, reporter(r, n, opt.Progress, start))
		if err != nil {
			return nil, err
		}
		err = sv.solve(ctx)
		if err != nil {
			sv.free()
			return nil, err
		}
		l := &level{rules: r, seeds: n, width: entryWidth(r), data: make([]byte, Entries(n)*uint64(entryWidth(r)))}
		sv.fill(l.data, 0)
		edges := sv.edges.Load()
		sv.free()
		s.levels = append(s.levels, l)
		s.sizes = append(s.sizes, headerSize+int64(len(l.data)))
		if opt.Progress != nil {
			e := Entries(n)
			opt.Progress(Progress{Rules: r, Seeds: n, Phase: "done", Done: e, Total: e,
				Elapsed: time.Since(start), Edges: edges})
		}
	}
	return newTables([]set{s}), nil
}
