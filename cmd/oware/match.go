package main

import (
	"fmt"
	"io"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/engine"
	"github.com/seed3966233f/oware/internal/prng"
)

// matchUsage is the synopsis of oware match.
const matchUsage = "[-games N] [-level N] [-seed N] [-rules NAME]\n" +
	"       oware match -engine CMD [-engine CMD | -level N] [-openings N] [-plies N] [-movetime D] [-grace D] [-maxplies N] [-o FILE] [-seed N] [-rules NAME]"

// runMatch plays the built-in player against a uniformly random mover, the
// computer taking South in even-numbered games and North in odd ones, and
// prints the results; or, with -engine, a duel between engines (see
// runDuel).
func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("match", matchUsage, stderr)
	rulesName := rulesFlag(fs)
	games := fs.Int("games", 100, "games to play against the random mover")
	level := fs.Int("level", defaultLevel, "search depth of the computer, 1 to 40 (with one -engine: the deepest it searches within -movetime)")
	seed := fs.Uint64("seed", 1, "seed of the random mover, or of the openings")
	var d duelFlags
	d.define(fs)
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(d.engines) > 0 {
		return runDuel(fs, pos, d, *rulesName, *level, *seed, stdout, stderr)
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *games < 1:
		return usageError(stderr, fs, "-games %d: want at least 1", *games)
	case *level < 1 || *level > engine.MaxDepth:
		return usageError(stderr, fs, "-level %d: want 1 to %d", *level, engine.MaxDepth)
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	res, err := match(rules, *games, *level, *seed)
	if err != nil {
		return fail(stderr, "match", err)
	}
	fmt.Fprintf(stdout, "level %d against a random mover, %d games (seed %d):\n", *level, *games, *seed)
	fmt.Fprintf(stdout, "  computer wins %d, draws %d, loses %d\n", res.wins, res.draws, res.losses)
	fmt.Fprintf(stdout, "  average final tally %.1f to %.1f, average %.1f plies\n",
		float64(res.mine)/float64(*games), float64(res.theirs)/float64(*games), float64(res.plies)/float64(*games))
	fmt.Fprintf(stdout, "  %s in all\n", res.elapsed.Round(time.Millisecond))
	return exitOK
}

// matchResult sums the games of a match from the computer's side.
type matchResult struct {
	wins, draws, losses int
	mine, theirs        int // final tallies
	plies               int
	elapsed             time.Duration
}

// match plays the games of runMatch.
func match(rules oware.Rules, games, level int, seed uint64) (matchResult, error) {
	var res matchResult
	rng := prng.New(seed)
	start := time.Now()
	for g := 0; g < games; g++ {
		me := oware.Player(g % 2)
		p := rules.Start()
		for p.Moves().Len() > 0 {
			var m oware.Move
			if p.Board().ToMove() == me {
				r, err := engine.Search(p, level)
				if err != nil {
					return res, err
				}
				m = r.Move
			} else {
				m, _ = p.Moves().Nth(rng.IntN(p.Moves().Len()))
			}
			next, err := p.Play(m)
			if err != nil {
				return res, err
			}
			p = next
			res.plies++
		}
		o := p.Outcome()
		res.mine += o.Tally(me)
		res.theirs += o.Tally(me.Opponent())
		switch w, ok := o.Winner(); {
		case !ok:
			res.draws++
		case w == me:
			res.wins++
		default:
			res.losses++
		}
	}
	res.elapsed = time.Since(start)
	return res, nil
}
