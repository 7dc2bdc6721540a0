package board

import (
	"context"
	"sync"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// tableSet holds the endgame tables of a Service: those it was given,
// and those it solves in memory under other rules, each once, the first
// time they are asked for.
type tableSet struct {
	given   *tablebase.Tables
	seeds   int    // solved up to this many seeds; 0 for none
	yield   func() // called about once a second while solving
	mu      sync.Mutex
	byRules map[oware.Rules]*solving
}

// solving is the tables of one rules, solved or being solved.
type solving struct {
	done   chan struct{} // closed when tb is set, or solving failed
	tb     *tablebase.Tables
	status string // "solving", "ready" or the error
}

func (t *tableSet) init(cfg Config) {
	t.given, t.seeds, t.yield = cfg.Tables, cfg.Endgame, cfg.Yield
	t.byRules = map[oware.Rules]*solving{}
}

// get returns the tables under rules r, or nil while there are none. It
// starts solving them the first time, in the background, and when wait is
// set waits for them until ctx is done.
func (t *tableSet) get(ctx context.Context, r oware.Rules, wait bool) *tablebase.Tables {
	if t.given != nil && t.given.MaxSeeds(r) >= 0 {
		return t.given
	}
	if t.seeds == 0 || !tablebase.Supported(r) {
		return nil
	}
	t.mu.Lock()
	s := t.byRules[r]
	if s == nil {
		s = &solving{done: make(chan struct{}), status: "solving"}
		t.byRules[r] = s
		go t.solve(r, s)
	}
	t.mu.Unlock()
	if wait {
		select {
		case <-s.done:
		case <-ctx.Done():
		}
	}
	select {
	case <-s.done:
		return s.tb
	default:
		return nil
	}
}

// solve solves the tables of r into s.
func (t *tableSet) solve(r oware.Rules, s *solving) {
	opt := tablebase.BuildOptions{}
	if t.yield != nil {
		opt.Workers = 1
		opt.Progress = func(tablebase.Progress) { t.yield() }
	}
	tb, err := tablebase.Compute(context.Background(), r, t.seeds, opt)
	t.mu.Lock()
	if err != nil {
		s.status = err.Error()
	} else {
		s.tb, s.status = tb, "ready"
	}
	t.mu.Unlock()
	close(s.done)
}

// status says how far the tables under r are: "none" where the Service
// has none, "solving", "ready", or why solving them failed.
func (t *tableSet) status(r oware.Rules) string {
	if t.given != nil && t.given.MaxSeeds(r) >= 0 {
		return "ready"
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.byRules[r]; s != nil {
		return s.status
	}
	return "none"
}
