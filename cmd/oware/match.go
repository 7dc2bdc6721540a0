package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/internal/wire"
	"github.com/seed3966233f/oware/uci"
)

// matchUsage is the synopsis of oware match.
const matchUsage = "[-games N] [-level N] [-seed N] [-json] [-rules NAME]\n" +
	"       oware match -engine CMD [-engine CMD | -level N] [-openings N] [-plies N] [-movetime D] [-nodes N] [-depth N] [-tc T+I] [-sprt ELO0,ELO1] [-grace D] [-maxplies N] [-o FILE] [-seed N] [-json] [-rules NAME]"

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
	asJSON := fs.Bool("json", false, "print JSON lines: one object per game, then a summary")
	var d duelFlags
	d.define(fs)
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	if len(d.engines) > 0 {
		return runDuel(fs, pos, d, *rulesName, *level, *seed, *asJSON, stdout, stderr)
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
	line := newProgress(stderr)
	var out *jsonLines
	if *asJSON {
		out = newJSONLines(stdout)
	}
	res, err := match(rules, *games, *level, *seed, func(res matchResult, game int, me oware.Player, end oware.Outcome, plies int) {
		if out != nil {
			out.write(matchGame{"game", game + 1, me, wire.Outcome{Outcome: end}, plies})
		}
		line.update(func(elapsed time.Duration) string {
			return fmt.Sprintf("game %d of %d: computer %s, %s plies, %s", game+1, *games, res.score(), thousands(uint64(res.plies)), elapsed.Round(100*time.Millisecond))
		})
	})
	line.stop()
	if err != nil {
		return fail(stderr, "match", err)
	}
	if out != nil {
		out.write(matchSummary{"summary", rules, *level, *seed, *games, res.wins, res.draws, res.losses,
			[2]int{res.mine, res.theirs}, res.plies, res.elapsed.Seconds()})
		if err := out.Err(); err != nil {
			return fail(stderr, "match", err)
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "level %d against a random mover, %d games (seed %d):\n", *level, *games, *seed)
	fmt.Fprintf(stdout, "  computer wins %d, draws %d, loses %d\n", res.wins, res.draws, res.losses)
	fmt.Fprintf(stdout, "  average final tally %.1f to %.1f, average %.1f plies\n",
		float64(res.mine)/float64(*games), float64(res.theirs)/float64(*games), float64(res.plies)/float64(*games))
	fmt.Fprintf(stdout, "  %s in all\n", res.elapsed.Round(time.Millisecond))
	return exitOK
}

// matchGame is a game of oware match -json against the random mover.
type matchGame struct {
	Kind     string       `json:"kind"` // "game"
	Game     int          `json:"game"`
	Computer oware.Player `json:"computer"` // the computer's side
	Outcome  wire.Outcome `json:"outcome"`
	Plies    int          `json:"plies"`
}

// matchSummary ends oware match -json against the random mover; the
// tallies are the sums over the games, the computer's first.
type matchSummary struct {
	Kind    string      `json:"kind"` // "summary"
	Rules   oware.Rules `json:"rules"`
	Level   int         `json:"level"`
	Seed    uint64      `json:"seed"`
	Games   int         `json:"games"`
	Wins    int         `json:"wins"`
	Draws   int         `json:"draws"`
	Losses  int         `json:"losses"`
	Tallies [2]int      `json:"tallies"`
	Plies   int         `json:"plies"`
	Seconds float64     `json:"seconds"`
}

// matchResult sums the games of a match from the computer's side.
type matchResult struct {
	wins, draws, losses int
	mine, theirs        int // final tallies
	plies               int
	elapsed             time.Duration
}

// score writes the wins, draws and losses so far, such as "3 wins, 1
// draw, 0 losses".
func (r matchResult) score() string {
	return uci.Result{Wins: r.wins, Draws: r.draws, Losses: r.losses}.Score()
}

// match plays the games of runMatch, calling done, if not nil, after
// each: with the results so far, the game's number from 0, the computer's
// side, how the game ended and its plies.
func match(rules oware.Rules, games, level int, seed uint64, done func(res matchResult, game int, me oware.Player, end oware.Outcome, plies int)) (matchResult, error) {
	var res matchResult
	rng := prng.New(seed)
	start := time.Now()
	for g := 0; g < games; g++ {
		me := oware.Player(g % 2)
		p := rules.Start()
		plies := 0
		for p.Moves().Len() > 0 {
			var m oware.Move
			if p.Board().ToMove() == me {
				r, err := engine.Search(context.Background(), p, engine.Limits{Depth: level})
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
			plies++
		}
		res.plies += plies
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
		if done != nil {
			res.elapsed = time.Since(start)
			done(res, g, me, o, plies)
		}
	}
	res.elapsed = time.Since(start)
	return res, nil
}
