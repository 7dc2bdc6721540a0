package main

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// maxPerftDepth bounds the depth that perft accepts; depth 11 from the
// opening already counts 91 million leaves.
const maxPerftDepth = 30

// perftUsage is the synopsis of oware perft.
const perftUsage = "[-j N] [-divide] [-json] [-rules NAME] DEPTH [POSITION]"

// runPerft counts the leaves of the game tree below a position with
// oware.Perft, sharing the subtrees among worker goroutines. On a
// terminal, a line on stderr shows the count as each root move's subtrees
// are done.
func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("perft", perftUsage, stderr)
	rulesName := rulesFlag(fs)
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "worker goroutines; 1 counts in the calling goroutine alone")
	divide := fs.Bool("divide", false, "also print the leaves below each legal move")
	asJSON := fs.Bool("json", false, "print JSON lines: one object per legal move, then a summary")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usageError(stderr, fs, "want DEPTH and an optional POSITION")
	}
	depth, err := strconv.Atoi(pos[0])
	if err != nil || depth < 0 || depth > maxPerftDepth {
		return usageError(stderr, fs, "depth %q: want a number from 0 to %d", pos[0], maxPerftDepth)
	}
	if *jobs < 1 {
		return usageError(stderr, fs, "-j %d: want at least 1", *jobs)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	p := rules.Start()
	if len(pos) == 2 {
		b, err := ogn.ParseBoardOrFEN(pos[1])
		if err != nil {
			return usageError(stderr, fs, "%q is not a position string or a FEN: %s", pos[1], parseProblem(err))
		}
		p = rules.Position(b)
	}
	prog := newProgress(stderr)
	start := time.Now()
	split := perftSplit(p, depth, *jobs, func(st perftStatus) {
		prog.update(func(elapsed time.Duration) string {
			return fmt.Sprintf("perft %d: %d of %d moves done, %d of %d subtrees, %d %s so far (%s)", depth, st.movesDone, st.moves,
				st.tasksDone, st.tasks, st.leaves, plural(int(min(st.leaves, 2)), "leaf", "leaves"), elapsed.Round(time.Second))
		})
	})
	elapsed := time.Since(start)
	prog.clear()
	if *asJSON {
		return perftJSON(stdout, stderr, p, depth, split, elapsed)
	}
	if *divide {
		for _, mc := range split.moves {
			fmt.Fprintf(stdout, "%s %d\n", mc.move, mc.leaves)
		}
	}
	fmt.Fprintf(stdout, "perft %d %s: %d %s\n", depth, positionText(p), split.total, plural(int(min(split.total, 2)), "leaf", "leaves"))
	rate := float64(split.total) / elapsed.Seconds() / 1e6
	fmt.Fprintf(stdout, "%s, %.1f M leaves/s, %d %s\n",
		elapsed.Round(time.Millisecond), rate, split.workers, plural(split.workers, "worker", "workers"))
	return exitOK
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
func perftJSON(stdout, stderr io.Writer, p oware.Position, depth int, split perftResult, elapsed time.Duration) int {
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
	out.write(summary{"summary", depth, positionText(p), p.Rules(), split.total, elapsed.Seconds(), split.workers})
	if err := out.Err(); err != nil {
		return fail(stderr, "perft", err)
	}
	return exitOK
}
