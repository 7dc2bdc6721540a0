package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/play"
	"github.com/seed3966233f/oware/tablebase"
)

// defaultLevel is the search depth of the computer in oware match: a few
// hundredths of a second per move, and well beyond a casual player.
const defaultLevel = 9

var playCommand = &cli.Command{
	Name:  "play",
	Usage: []string{"[-level N] [-elo N] [-time DURATION] [-side S|N] [-rules NAME] [-tablebase DIR] [-start POSITION | -load FILE]"},
	Short: "play against the computer in the terminal",
	Long: `
Play lets you play against the computer in the terminal. The computer
searches one ply deeper at a time and plays when its time is up (-time),
or at -level plies. With -elo, it plays at that strength instead of its
full strength: a level from the weakest, which a beginner can beat, to
full strength (the Elo of the levels, measured against the random mover
and searches of fixed depths, is in docs/engine.md). The board is drawn from your side: your row is at the
bottom and reads from left to right in sowing order.

` + play.Keys + `

"save FILE" asks before it replaces a file, refuses what is not a regular
file (a named pipe, a device), follows a symbolic link, and answers with
the command that resumes the game, the name quoted for the shell where it
needs to be: oware play -load 'my game.ogn'. A game of more than 10,000
plies cannot be saved: -load reads no more. With -load, your side is the
one the record names "You", unless -side is given; the rules are the
record's, and the level, time and strength those the computer played
at, unless -level, -time or -elo is given.

With -tablebase, the computer scores the positions that a capture brings
into the tables by their value under perfect play, plays one of their best
moves where they decide the game right after a capture (where no earlier
position can recur), and "hint" adds what they say.

On a terminal, a line shows the computer thinking: the depth reached and
the best move so far. What you type while the computer thinks is dropped,
and you are told so.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		opt := play.Options{}
		var level int
		var limit time.Duration
		var elo int
		cli.IntVar(fs, &level, "level", engine.MaxDepth, 1, engine.MaxDepth, "search at most `N` plies deep, 1 to 40 (default, with -load: the saved game's)")
		cli.IntVar(fs, &elo, "elo", 0, 0, engine.MaxElo, fmt.Sprintf("play at the strength of `N` Elo, %d to %d (0, the default, for full strength; with -load, the saved game's)", engine.MinElo, engine.MaxElo))
		cli.DurationVar(fs, &limit, "time", play.DefaultTime, 1, "the computer's time per move, a `DURATION` such as 1s or 300ms (default, with -load: the saved game's)")
		side := sideFlag(fs, oware.South, "your `side`: S (South, pits A-F, moves first) or N (North, pits a-f)")
		var start string
		fs.StringVar(&start, "start", "", "the `POSITION` to start from: a position string or a PlayStrategy FEN (default the opening)")
		fs.StringVar(&opt.Load, "load", "", "resume the game saved in `FILE` (OGN, as \"save FILE\" writes it)")
		rules := rulesFlag(fs)
		tables := fs.String("tablebase", "", "play endgames perfectly from the tables in `DIR` (oware tablebase build)")
		return func(_ context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			if start != "" && opt.Load != "" {
				return cli.Usagef("-start and -load: give one or the other")
			}
			if start != "" {
				b, err := parsePosition("-start ", start)
				if err != nil {
					return err
				}
				opt.Start = b
			}
			if cli.IsSet(fs, "side") {
				opt.Side = side
			}
			if cli.IsSet(fs, "level") || opt.Load == "" {
				opt.Level = level
			}
			if elo != 0 && elo < engine.MinElo {
				return cli.Usagef("-elo %d: want %d to %d, or 0 for full strength", elo, engine.MinElo, engine.MaxElo)
			}
			opt.Elo = elo
			if cli.IsSet(fs, "time") || opt.Load == "" {
				opt.Time = limit
			}
			var err error
			if opt.Tables, err = openTables(*tables, *rules); err != nil {
				return err
			}
			if *tables != "" {
				if opt.History, err = openHistory(*tables, *rules); err != nil {
					return err
				}
			}
			opt.In, opt.Out, opt.Rules = s.Stdin, s.Stdout, *rules
			return play.Run(opt)
		}
	},
	Signals: []os.Signal{os.Interrupt}, // Ctrl-C stops the game and offers to save it
}

// openTables opens the tables of a -tablebase flag, dir, when it is not "":
// nil without it; a usage error when they hold nothing under rules.
func openTables(dir string, rules oware.Rules) (*tablebase.Tables, error) {
	if dir == "" {
		return nil, nil
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		return nil, err
	}
	if tb.MaxSeeds(rules) < 0 {
		return nil, cli.Usagef("-tablebase %s: no tables under %s", dir, rules)
	}
	return tb, nil
}
