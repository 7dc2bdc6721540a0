package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/outfile"
	"github.com/seed3966233f/oware/internal/wire"
	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/uci"
)

// A duel is a match between two players, each an engine that speaks the
// protocol of oware uci (an external program) or the built-in engine
// (package uci's Match).

// duelGame is a game of oware match -engine -json. Outcome is null for a
// game that a forfeit or the ply limit ended; Forfeit then says who lost
// and why, or Adjudicated is true.
type duelGame struct {
	Kind        string        `json:"kind"` // "game"
	Game        int           `json:"game"`
	South       string        `json:"south"`
	North       string        `json:"north"`
	Opening     []oware.Move  `json:"opening"`
	Moves       []oware.Move  `json:"moves"` // the opening's too
	Outcome     *wire.Outcome `json:"outcome"`
	Forfeit     *duelForfeit  `json:"forfeit,omitempty"`
	Adjudicated bool          `json:"adjudicated,omitempty"`
}

// duelForfeit is a game lost by a player's fault.
type duelForfeit struct {
	Loser  oware.Player `json:"loser"`
	Reason string       `json:"reason"` // "illegal move", "no move in time", "the engine exited", "an answer not in the protocol"
	Detail string       `json:"detail"`
}

// gameRecord returns game g as a record of -json.
func gameRecord(g uci.Game) duelGame {
	rec := duelGame{Kind: "game", Game: g.Round, South: g.Players[oware.South], North: g.Players[oware.North],
		Opening: append([]oware.Move{}, g.Opening...), Moves: g.Moves}
	switch f := g.Forfeit; {
	case f != nil:
		rec.Forfeit = &duelForfeit{f.Loser, f.Reason(), f.Detail}
	case g.Adjudicated():
		rec.Adjudicated = true
	default:
		rec.Outcome = &wire.Outcome{Outcome: g.End.Outcome()}
	}
	return rec
}

// duelSummary ends oware match -engine -json. Elo is null for a score of
// 0% or 100%, and Lo or Hi for an interval without that bound.
type duelSummary struct {
	Kind     string         `json:"kind"` // "summary"
	Engines  [2]string      `json:"engines"`
	Rules    oware.Rules    `json:"rules"`
	MoveTime string         `json:"movetime"`
	Openings int            `json:"openings"`
	Plies    int            `json:"opening_plies"`
	Games    int            `json:"games"`
	Wins     int            `json:"wins"` // the first engine's
	Draws    int            `json:"draws"`
	Losses   int            `json:"losses"`
	Score    float64        `json:"score"` // the first engine's share of the points
	Elo      *float64       `json:"elo"`
	Lo       *float64       `json:"elo_lo"`
	Hi       *float64       `json:"elo_hi"`
	Forfeits []string       `json:"forfeits"`
	Longest  map[string]int `json:"longest_ms"` // each external engine's longest time to answer
	AllPlies int            `json:"plies"`
	Seconds  float64        `json:"seconds"`
}

// finite returns x, or nil when it is infinite.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// engineList is the value of the repeatable -engine flag.
type engineList []string

func (l *engineList) String() string { return strings.Join(*l, ", ") }
func (l *engineList) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("an empty command")
	}
	*l = append(*l, s)
	return nil
}

// duelFlags are the flags of oware match -engine.
type duelFlags struct {
	engines  engineList
	openings int
	plies    int
	movetime time.Duration
	grace    time.Duration
	maxPlies int
	out      string
}

// define defines the flags on fs.
func (d *duelFlags) define(fs *flag.FlagSet) {
	fs.Var(&d.engines, "engine", "the command line `CMD` of an engine that speaks the protocol of oware uci (split at spaces, no shell); once, against the built-in engine, or twice")
	cli.IntVar(fs, &d.openings, "openings", 10, 1, math.MaxInt, "with -engine: `N` random openings, each played with both colours")
	cli.IntVar(fs, &d.plies, "plies", 4, 0, math.MaxInt, "with -engine: `N` plies of each random opening")
	cli.DurationVar(fs, &d.movetime, "movetime", 100*time.Millisecond, time.Millisecond, "with -engine: the time `D` per move")
	cli.DurationVar(fs, &d.grace, "grace", time.Second, 0, "with -engine: the time `D` beyond -movetime before a move comes too late and loses the game")
	cli.IntVar(fs, &d.maxPlies, "maxplies", 2000, 1, math.MaxInt, "with -engine: `N` plies after which a game is adjudicated a draw")
	fs.StringVar(&d.out, "o", "", "with -engine: write the games to `FILE` as OGN")
}

// duel plays the duel that the flags describe and prints its score.
func duel(stdout, stderr io.Writer, d duelFlags, rules oware.Rules, level int, seed uint64, asJSON bool) error {
	if len(d.engines) > 2 {
		return cli.Usagef("%d engines: give one (against the built-in engine) or two", len(d.engines))
	}
	if d.out != "" && d.maxPlies > ogn.DefaultLimits.Plies {
		return cli.Usagef("-maxplies %d: a record holds %d plies at most; want at most that with -o", d.maxPlies, ogn.DefaultLimits.Plies)
	}
	openings, err := uci.RandomOpenings(rules, d.openings, d.plies, seed)
	if err != nil {
		return &cli.UsageError{Err: err}
	}
	// Ctrl-C and the like end the match early, as an engine that cannot
	// start again does: the games played are kept and reported all the
	// same.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	m := &uci.Match{Rules: rules, Openings: openings, MoveTime: d.movetime, MaxPlies: d.maxPlies}
	defer closeAll(m.Players[:])
	for i, command := range d.engines {
		argv := strings.Fields(command)
		e, err := uci.StartPlayer(ctx, d.grace, argv[0], argv[1:]...)
		if err != nil {
			return err
		}
		m.Players[i] = e
	}
	if len(d.engines) == 1 {
		if m.Players[1], err = uci.NewBuiltinPlayer(level); err != nil {
			return err
		}
	}
	names := [2]string{m.Players[0].Name(), m.Players[1].Name()}
	if names[0] == names[1] {
		names[0], names[1] = names[0]+" #1", names[1]+" #2"
	}
	if !asJSON {
		fmt.Fprintf(stdout, "%s against %s: %d games (%s of %s, both colours), %s a move, %s rules\n",
			names[0], names[1], 2*len(openings), words.Count(len(openings), "opening", "openings"), words.Count(d.plies, "ply", "plies"), d.movetime, rules)
	}
	line := newProgress(stderr)
	m.Ply = func(round, plies int, sofar uci.Result) {
		line.update(func(elapsed time.Duration) string {
			return fmt.Sprintf("game %d of %d, ply %d: %s; %s", round, 2*len(openings), plies, sofar.Score(), elapsed.Round(time.Second))
		})
	}
	var out *jsonLines
	if asJSON {
		out = newJSONLines(stdout)
	}
	var records *ogn.Writer
	var recordErr error // an error writing the records, which ends the match
	m.Game = func(g uci.Game, _ uci.Result) error {
		line.clear()
		if out != nil {
			out.write(gameRecord(g))
		} else {
			fmt.Fprintf(stdout, "game %d: %s (South) - %s (North), opening %s: %s\n", g.Round, g.Players[oware.South], g.Players[oware.North], uci.JoinMoves(g.Opening), g.Summary())
		}
		if records != nil {
			recordErr = records.Write(g.Record(rules, d.movetime))
		}
		return recordErr
	}
	start := time.Now()
	var res uci.Result
	var playErr, fileErr error // what ended the match early; what kept its games from -o
	if d.out == "" {
		res, playErr = m.Play(ctx)
	} else {
		// The games go to a new file that replaces -o once the match is
		// over, however it ends, if it played a game: an error writing
		// them leaves an existing file as it was.
		fileErr = outfile.Write(context.WithoutCancel(ctx), d.out, func(w io.Writer) error {
			records = ogn.NewWriter(w)
			res, playErr = m.Play(ctx)
			if res.Games() == 0 {
				return cmp.Or(playErr, errors.New("no game played"))
			}
			return recordErr
		})
	}
	line.stop()
	if res.Games() == 0 {
		return cmp.Or(playErr, fileErr)
	}
	// ended says, after the result so far, what kept the games from -o
	// and what ended the match early, and returns cli.ErrReported if
	// either did.
	ended := func() error {
		var status error
		games := words.Count(res.Games(), "game", "games")
		if fileErr != nil {
			fmt.Fprintf(stderr, "oware match: %v; %s is left as it was\n", fileErr, d.out)
			status = cli.ErrReported
		}
		switch {
		case playErr == nil || playErr == recordErr:
		case ctx.Err() != nil:
			fmt.Fprintf(stderr, "oware match: interrupted after %s\n", games)
			status = cli.ErrReported
		default:
			fmt.Fprintf(stderr, "oware match: after %s: %v\n", games, playErr)
			status = cli.ErrReported
		}
		return status
	}
	diff, lo, hi := res.Elo()
	if asJSON {
		sum := duelSummary{Kind: "summary", Engines: names, Rules: rules, MoveTime: d.movetime.String(), Openings: len(openings), Plies: d.plies,
			Games: res.Games(), Wins: res.Wins, Draws: res.Draws, Losses: res.Losses,
			Score: res.Share(), Elo: finite(diff), Lo: finite(lo), Hi: finite(hi),
			Forfeits: append([]string{}, res.Forfeits...), Longest: map[string]int{}, AllPlies: res.Plies, Seconds: time.Since(start).Seconds()}
		for i, p := range m.Players {
			if e, ok := p.(*uci.EnginePlayer); ok {
				sum.Longest[names[i]] = int(e.Longest().Milliseconds())
			}
		}
		out.write(sum)
		if err := out.Err(); err != nil {
			return err
		}
		return ended()
	}
	fmt.Fprintf(stdout, "%s: %d %s, %d %s, %d %s: %.1f%% of the points\n", names[0],
		res.Wins, words.Plural(res.Wins, "win", "wins"), res.Draws, words.Plural(res.Draws, "draw", "draws"), res.Losses, words.Plural(res.Losses, "loss", "losses"),
		100*res.Share())
	fmt.Fprintf(stdout, "Elo difference: %s\n", eloText(res.Share(), diff, lo, hi))
	for _, f := range res.Forfeits {
		fmt.Fprintf(stdout, "forfeit: %s\n", f)
	}
	for i, p := range m.Players {
		if e, ok := p.(*uci.EnginePlayer); ok {
			fmt.Fprintf(stdout, "%s: longest answer %s\n", names[i], e.Longest().Round(time.Millisecond))
		}
	}
	fmt.Fprintf(stdout, "%.1f plies a game, %s in all\n", float64(res.Plies)/float64(res.Games()), time.Since(start).Round(time.Millisecond))
	return ended()
}

// closeAll closes the players that were made.
func closeAll(players []uci.Player) {
	for _, p := range players {
		if p != nil {
			_ = p.Close()
		}
	}
}
