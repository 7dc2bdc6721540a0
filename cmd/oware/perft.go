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

// runPerft counts the leaves of the game tree below a position with
// oware.Perft, sharing the subtrees among worker goroutines.
func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("perft", "[-j N] [-divide] [-rules NAME] DEPTH [POSITION]", stderr)
	rulesName := rulesFlag(fs)
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "worker goroutines; 1 counts in the calling goroutine alone")
	divide := fs.Bool("divide", false, "also print the leaves below each legal move")
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
		b, err := ogn.ParseBoard(pos[1])
		if err != nil {
			return usageError(stderr, fs, "%q is not a position string or a FEN: %s", pos[1], parseProblem(err))
		}
		p = rules.Position(b)
	}
	start := time.Now()
	split := perftSplit(p, depth, *jobs)
	elapsed := time.Since(start)
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

// perftSplit returns oware.Perft(p, depth) with the count below each root
// move. With one worker it counts in the calling goroutine with
// oware.Divide. Otherwise it splits the tree two plies down, where the
// subtrees are many (36 from the opening) and so share out evenly, and at
// most workers goroutines take them one at a time.
func perftSplit(p oware.Position, depth, workers int) perftResult {
	res := perftResult{workers: 1}
	switch {
	case depth == 0:
		res.total = oware.Perft(p, 0)
		return res
	case depth < 3 || workers <= 1:
		for m, leaves := range oware.Divide(p, depth) {
			res.moves = append(res.moves, moveCount{move: m, leaves: leaves})
			res.total += leaves
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
	workers = min(workers, len(tasks))
	if workers <= 1 {
		for i := range tasks {
			tasks[i].leaves = oware.Perft(tasks[i].pos, depth-level)
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
					tasks[i].leaves = oware.Perft(tasks[i].pos, depth-level)
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
