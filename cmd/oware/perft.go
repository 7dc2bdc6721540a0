package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/words"
)

// maxPerftDepth bounds the depth that perft accepts; depth 11 from the
// opening already counts 91 million leaves.
const maxPerftDepth = 30

var perftCommand = &cli.Command{
	Name:  "perft",
	Usage: []string{"[-j N] [-divide] [-json] [-rules NAME] DEPTH [POSITION]"},
	Short: "count the move sequences of a given depth",
	Long: `
Perft counts the leaves of the game tree DEPTH plies below POSITION (the
opening by default; a position string or FEN) under the full rules, with
oware.Perft. Depth 0 counts the position itself: 1 leaf. It prints the
count, the time taken and the leaves per second. The tree is split two
plies down (36 subtrees from the opening), which the -j workers take one
at a time, so the load stays even. On a terminal, a line on the standard
error shows the count so far as the subtrees of each root move are done.

	$ oware perft -j 1 11
	perft 11 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S: 91558687 leaves
	367ms, 249.5 M leaves/s, 1 worker`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := rulesFlag(fs)
		var jobs int
		cli.IntVar(fs, &jobs, "j", 0, 0, math.MaxInt, "`N` worker goroutines, 0 for one per CPU (GOMAXPROCS); 1 counts in the calling goroutine alone")
		divide := fs.Bool("divide", false, "also print the leaves below each legal move")
		asJSON := fs.Bool("json", false, "print JSON lines: one object per legal move, then a summary")
		return func(_ context.Context, s cli.Streams, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return cli.Usagef("want DEPTH and an optional POSITION")
			}
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 0 || depth > maxPerftDepth {
				return cli.Usagef("depth %q: want a number from 0 to %d", args[0], maxPerftDepth)
			}
			p := rules.Start()
			if len(args) == 2 {
				b, err := parsePosition("", args[1])
				if err != nil {
					return err
				}
				p = rules.Position(b)
			}
			if jobs == 0 {
				jobs = runtime.GOMAXPROCS(0)
			}
			return perft(s.Stdout, s.Stderr, p, depth, jobs, *divide, *asJSON)
		}
	},
}

// perft counts the leaves of the game tree depth plies below p with jobs
// workers, and prints the count, or with divide the count below each move
// too, or with asJSON JSON lines; a line of progress goes to stderr on a
// terminal.
func perft(stdout, stderr io.Writer, p oware.Position, depth, jobs int, divide, asJSON bool) error {
	prog := newProgress(stderr)
	start := time.Now()
	split := perftSplit(p, depth, jobs, func(st perftStatus) {
		prog.update(func(elapsed time.Duration) string {
			return fmt.Sprintf("perft %d: %d of %d moves done, %d of %d subtrees, %d %s so far (%s)", depth, st.movesDone, st.moves,
				st.tasksDone, st.tasks, st.leaves, words.Plural(int(min(st.leaves, 2)), "leaf", "leaves"), elapsed.Round(time.Second))
		})
	})
	elapsed := time.Since(start)
	prog.clear()
	if asJSON {
		return perftJSON(stdout, p, depth, split, elapsed)
	}
	if divide {
		for _, mc := range split.moves {
			fmt.Fprintf(stdout, "%s %d\n", mc.move, mc.leaves)
		}
	}
	under := ""
	if p.Rules() != (oware.Rules{}) {
		under = " under the " + p.Rules().String() + " rules" // abapa's go without saying
	}
	fmt.Fprintf(stdout, "perft %d %s%s: %d %s\n", depth, p.Board(), under, split.total, words.Plural(int(min(split.total, 2)), "leaf", "leaves"))
	rate := float64(split.total) / elapsed.Seconds() / 1e6
	_, err := fmt.Fprintf(stdout, "%s, %.1f M leaves/s, %s\n", elapsed.Round(time.Millisecond), rate, words.Count(split.workers, "worker", "workers"))
	return err
}

// moveCount is the number of leaves below one legal move.
type moveCount struct {
	move   oware.Move
	leaves uint64
}

// perftResult is what perftSplit counted.
type perftResult struct {
	total   uint64
	moves   []moveCount // per legal move at the root, in pit order; empty at depth 0
	workers int         // goroutines that counted
}

// perftTask is one subtree: the position at the split level and the root
// move it descends from.
type perftTask struct {
	root   int // index in perftResult.moves
	pos    oware.Position
	leaves uint64
}

// perftStatus is how far perftSplit has got: the root moves whose every
// subtree is counted, the subtrees counted, and the leaves counted so far.
type perftStatus struct {
	movesDone, moves int
	tasksDone, tasks int
	leaves           uint64
}

// perftSplit returns oware.Perft(p, depth) with the count below each root
// move. With one worker it counts in the calling goroutine with
// oware.Divide. Otherwise it splits the tree two plies down, where the
// subtrees are many (36 from the opening) and so share out evenly, and at
// most workers goroutines take them one at a time. It calls report, if
// not nil, after each subtree, one call at a time.
func perftSplit(p oware.Position, depth, workers int, report func(perftStatus)) perftResult {
	if report == nil {
		report = func(perftStatus) {}
	}
	res := perftResult{workers: 1}
	switch {
	case depth == 0:
		res.total = oware.Perft(p, 0)
		return res
	case depth < 3 || workers <= 1:
		st := perftStatus{moves: p.Moves().Len(), tasks: p.Moves().Len()}
		for m, leaves := range oware.Divide(p, depth) {
			res.moves = append(res.moves, moveCount{move: m, leaves: leaves})
			res.total += leaves
			st.movesDone, st.tasksDone, st.leaves = st.movesDone+1, st.tasksDone+1, res.total
			report(st)
		}
		return res
	}
	var tasks []perftTask
	for m, child := range p.Children() {
		res.moves = append(res.moves, moveCount{move: m})
		for _, grandchild := range child.Children() {
			tasks = append(tasks, perftTask{root: len(res.moves) - 1, pos: grandchild})
		}
	}
	const level = 2
	// left counts the subtrees of each root move still to count.
	left := make([]int, len(res.moves))
	for _, t := range tasks {
		left[t.root]++
	}
	var mu sync.Mutex
	st := perftStatus{moves: len(res.moves), tasks: len(tasks)}
	for _, n := range left {
		if n == 0 { // a root move that ends the game, or leaves no reply
			st.movesDone++
		}
	}
	count := func(i int) {
		tasks[i].leaves = oware.Perft(tasks[i].pos, depth-level)
		mu.Lock()
		defer mu.Unlock()
		st.tasksDone++
		st.leaves += tasks[i].leaves
		if left[tasks[i].root]--; left[tasks[i].root] == 0 {
			st.movesDone++
		}
		report(st)
	}
	workers = min(workers, len(tasks))
	if workers <= 1 {
		for i := range tasks {
			count(i)
		}
	} else {
		res.workers = workers
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1) - 1)
					if i >= len(tasks) {
						return
					}
					count(i)
				}
			}()
		}
		wg.Wait()
	}
	for _, t := range tasks {
		res.moves[t.root].leaves += t.leaves
		res.total += t.leaves
	}
	return res
}

// perftJSON prints the counts of split as JSON lines: one object per legal
// move at the root, in pit order, then a summary.
func perftJSON(stdout io.Writer, p oware.Position, depth int, split perftResult, elapsed time.Duration) error {
	type move struct {
		Kind   string     `json:"kind"` // "move"
		Move   oware.Move `json:"move"`
		Leaves uint64     `json:"leaves"`
	}
	type summary struct {
		Kind     string      `json:"kind"` // "summary"
		Depth    int         `json:"depth"`
		Position string      `json:"position"`
		Rules    oware.Rules `json:"rules"`
		Leaves   uint64      `json:"leaves"`
		Seconds  float64     `json:"seconds"`
		Workers  int         `json:"workers"`
	}
	out := newJSONLines(stdout)
	for _, mc := range split.moves {
		out.write(move{"move", mc.move, mc.leaves})
	}
	out.write(summary{"summary", depth, p.Board().String(), p.Rules(), split.total, elapsed.Seconds(), split.workers})
	return out.Err()
}
