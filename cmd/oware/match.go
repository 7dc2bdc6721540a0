package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"syscall"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/internal/wire"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/uci"
)

var matchCommand = &cli.Command{
	Name: "match",
	Usage: []string{"[-games N] [-level N] [-seed N] [-json] [-rules NAME]",
		"-engine CMD [-engine CMD | -level N] [-openings N] [-plies N] [-movetime D] [-grace D] [-maxplies N] [-o FILE] [-seed N] [-json] [-rules NAME]"},
	Short: "the computer against a random mover, or engines against each other",
	Long: `
Without -engine, match plays the computer against a random mover, the
computer taking South in even-numbered games and North in odd-numbered
ones, and prints wins, draws, losses, the average tallies and the average
game length.

With -engine, it plays engines that speak the protocol of oware uci
against each other: any program that Aualé can use, Aalina among them,
and oware uci itself. Give -engine twice for two engines, or once to play
the built-in engine, which then searches up to -level plies deep within
the time of a move. The command line of an engine is split at spaces and
run without a shell. There are 2N games: -openings N random openings of
-plies plies, each played twice, the engines swapping colours. A best
move that comes more than -grace after -movetime loses the game, and so
do an illegal move, "bestmove 0000" while the game goes on, anything else
where a best move should be, and an engine that exits; an engine that
crashed or was too slow is started again for the next game. Every move
and every end of game is judged by package oware under -rules: give the
rules that both engines play by. A game still going after -maxplies
plies is adjudicated a draw. -o writes the games as OGN records, with the
engines' names in the South and North tags.

The report gives the first engine's wins, draws and losses, its share of
the points, and the Elo difference this score means with its 95%
interval, the forfeits and each external engine's longest time to answer.
On a terminal, a line on the standard error shows the game being played
and the score so far. -json prints JSON lines instead: one object per
game, then a summary.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rules := rulesFlag(fs)
		var games, level int
		cli.IntVar(fs, &games, "games", 100, 1, math.MaxInt, "`N` games against the random mover")
		cli.IntVar(fs, &level, "level", defaultLevel, 1, engine.MaxDepth, "the search depth of the computer, `N` 1 to 40 (with one -engine: the deepest it searches within -movetime)")
		seed := fs.Uint64("seed", 1, "the seed of the random mover, or of the openings")
		asJSON := fs.Bool("json", false, "print JSON lines: one object per game, then a summary")
		var d duelFlags
		d.define(fs)
		return func(_ context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			if len(d.engines) > 0 {
				if cli.IsSet(fs, "games") {
					return cli.Usagef("-games is for the match against the random mover; with -engine, -openings sets the games (two each)")
				}
				return duel(s.Stdout, s.Stderr, d, *rules, level, *seed, *asJSON)
			}
			return matchRandom(s.Stdout, s.Stderr, *rules, games, level, *seed, *asJSON)
		}
	},
	Signals: []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE}, // the engines' pipes; a duel ends early, its games kept
}

// matchRandom plays the built-in player of the given level against a
// uniformly random mover, and prints the results.
func matchRandom(stdout, stderr io.Writer, rules oware.Rules, games, level int, seed uint64, asJSON bool) error {
	line := newProgress(stderr)
	var out *jsonLines
	if asJSON {
		out = newJSONLines(stdout)
	}
	res, err := match(rules, games, level, seed, func(res matchResult, game int, me oware.Player, end oware.Outcome, plies int) {
		if out != nil {
			out.write(matchGame{"game", game + 1, me, wire.Outcome{Outcome: end}, plies})
		}
		line.update(func(elapsed time.Duration) string {
			return fmt.Sprintf("game %d of %d: computer %s, %s plies, %s", game+1, games, res.score(), words.Thousands(uint64(res.plies)), elapsed.Round(100*time.Millisecond))
		})
	})
	line.stop()
	if err != nil {
		return err
	}
	if out != nil {
		out.write(matchSummary{"summary", rules, level, seed, games, res.wins, res.draws, res.losses,
			[2]int{res.mine, res.theirs}, res.plies, res.elapsed.Seconds()})
		return out.Err()
	}
	fmt.Fprintf(stdout, "level %d against a random mover, %s (seed %d):\n", level, words.Count(games, "game", "games"), seed)
	fmt.Fprintf(stdout, "  computer wins %d, draws %d, loses %d\n", res.wins, res.draws, res.losses)
	fmt.Fprintf(stdout, "  average final tally %.1f to %.1f, average %.1f plies\n",
		float64(res.mine)/float64(games), float64(res.theirs)/float64(games), float64(res.plies)/float64(games))
	_, err = fmt.Fprintf(stdout, "  %s in all\n", res.elapsed.Round(time.Millisecond))
	return err
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
