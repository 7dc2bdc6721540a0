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
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
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
	MoveTime string         `json:"movetime"`    // "" when the moves have other limits
	Limits   string         `json:"limits"`      // the arguments of every go, the clocks at the start of a game
	Pairs    [5]int         `json:"pentanomial"` // the pairs of games by the first engine's points, 0 to 2
	SPRT     *duelSPRT      `json:"sprt,omitempty"`
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

// duelSPRT is the outcome of the SPRT of oware match -sprt: its
// hypotheses and error rates, the log-likelihood ratio and its bounds,
// the decision ("H1 accepted", "H0 accepted", or why there is none: "no
// decision: the openings ran out" or "no decision: the match ended
// early"), and the Elo difference of the pairs with its
// 95% interval (null where infinite).
type duelSPRT struct {
	Elo0   float64  `json:"elo0"`
	Elo1   float64  `json:"elo1"`
	Alpha  float64  `json:"alpha"`
	Beta   float64  `json:"beta"`
	LLR    float64  `json:"llr"`
	Lower  float64  `json:"lower"`
	Upper  float64  `json:"upper"`
	Result string   `json:"result"`
	Elo    *float64 `json:"elo"`
	Lo     *float64 `json:"elo_lo"`
	Hi     *float64 `json:"elo_hi"`
}

// sprtFlag is the value of -sprt: "ELO0,ELO1".
type sprtFlag struct{ sprt *uci.SPRT }

func (f *sprtFlag) String() string {
	if f.sprt == nil {
		return ""
	}
	return fmt.Sprintf("%g,%g", f.sprt.Elo0, f.sprt.Elo1)
}

func (f *sprtFlag) Set(s string) error {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return errors.New("want ELO0,ELO1, such as 0,10")
	}
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err0 != nil || err1 != nil {
		return errors.New("want ELO0,ELO1, two numbers, such as 0,10")
	}
	sprt := &uci.SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05}
	if err := sprt.Check(); err != nil {
		return errors.New("want ELO0 below ELO1, such as 0,10")
	}
	f.sprt = sprt
	return nil
}

// clockFlag is the value of -tc: the time of each player for a game and
// the increment after each move, "12+0.1" in seconds or "12s+100ms".
type clockFlag struct{ clock, increment time.Duration }

func (f *clockFlag) String() string {
	if f.clock == 0 {
		return ""
	}
	return f.clock.String() + "+" + f.increment.String()
}

func (f *clockFlag) Set(s string) error {
	a, b, _ := strings.Cut(s, "+")
	clock, err := seconds(a)
	if err != nil || clock <= 0 {
		return errors.New("want TIME+INCREMENT in seconds, such as 12+0.1, or durations, such as 1m+1s")
	}
	inc := time.Duration(0)
	if b != "" {
		if inc, err = seconds(b); err != nil || inc < 0 {
			return errors.New("want TIME+INCREMENT in seconds, such as 12+0.1, or durations, such as 1m+1s")
		}
	}
	f.clock, f.increment = clock, inc
	return nil
}

// seconds reads a duration, or a number of seconds.
func seconds(s string) (time.Duration, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return d, nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e6 {
		return 0, errors.New("not a number of seconds")
	}
	return time.Duration(x * float64(time.Second)), nil
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
	nodes    uint64
	depth    int
	tc       clockFlag
	sprt     sprtFlag
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
	fs.Uint64Var(&d.nodes, "nodes", 0, "with -engine: `N` positions to search a move (go nodes), in place of -movetime unless it is given too")
	cli.IntVar(fs, &d.depth, "depth", 0, 0, engine.MaxDepth, "with -engine: `N` plies to search a move (go depth), in place of -movetime unless it is given too")
	fs.Var(&d.tc, "tc", "with -engine: a game on the clock, each player's time `T+I` for the game and the increment after each move, such as 12+0.1 (seconds), in place of -movetime")
	fs.Var(&d.sprt, "sprt", "with -engine: stop once a sequential probability ratio test of the first engine against the second decides, `ELO0,ELO1` such as 0,10 (α = β = 0.05), on the pairs of games of each opening")
}

// limits returns the limits of every move that the flags on fs give.
func (d *duelFlags) limits(fs *flag.FlagSet) (uci.Limits, error) {
	if d.tc.clock > 0 {
		if cli.IsSet(fs, "movetime") || d.nodes > 0 || d.depth > 0 {
			return uci.Limits{}, cli.Usagef("-tc with -movetime, -nodes or -depth: give the clock or the limits of a move")
		}
		return uci.Limits{Clock: [2]time.Duration{d.tc.clock, d.tc.clock}, Increment: [2]time.Duration{d.tc.increment, d.tc.increment}}, nil
	}
	lim := uci.Limits{MoveTime: d.movetime, Nodes: d.nodes, Depth: d.depth}
	if (d.nodes > 0 || d.depth > 0) && !cli.IsSet(fs, "movetime") {
		lim.MoveTime = 0
	}
	return lim, nil
}

// duel plays the duel that the flags describe and prints its score.
func duel(stdout, stderr io.Writer, d duelFlags, lim uci.Limits, rules oware.Rules, level int, seed uint64, asJSON bool) error {
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
	m := &uci.Match{Rules: rules, Openings: openings, Limits: lim, MaxPlies: d.maxPlies, SPRT: d.sprt.sprt}
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
		fmt.Fprintf(stdout, "%s against %s: %d games (%s of %s, both colours), %s, %s rules\n",
			names[0], names[1], 2*len(openings), words.Count(len(openings), "opening", "openings"), words.Count(d.plies, "ply", "plies"), lim.TimeControl(), rules)
		if s := d.sprt.sprt; s != nil {
			lower, upper := s.Bounds()
			fmt.Fprintf(stdout, "SPRT of elo0 %g against elo1 %g (α = β = 0.05, LLR bounds %.2f and %.2f): the match stops once it decides\n", s.Elo0, s.Elo1, lower, upper)
		}
	}
	line := newProgress(stderr)
	m.Ply = func(round, plies int, sofar uci.Result) {
		line.update(func(elapsed time.Duration) string {
			llr := ""
			if s := d.sprt.sprt; s != nil {
				llr = fmt.Sprintf(", LLR %.2f", s.LLR(sofar.Pairs))
			}
			return fmt.Sprintf("game %d of %d, ply %d: %s%s; %s", round, 2*len(openings), plies, sofar.Score(), llr, elapsed.Round(time.Second))
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
			recordErr = records.Write(g.Record(rules, 0))
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
		movetime := ""
		if lim.MoveTime > 0 {
			movetime = lim.MoveTime.String()
		}
		sum := duelSummary{Kind: "summary", Engines: names, Rules: rules, MoveTime: movetime, Limits: lim.String(), Pairs: res.Pairs, SPRT: sprtSummary(d.sprt.sprt, res.Pairs, playErr != nil),
			Openings: len(openings), Plies: d.plies,
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
	if s := d.sprt.sprt; s != nil {
		sum := sprtSummary(s, res.Pairs, playErr != nil)
		fmt.Fprintf(stdout, "SPRT: %s, LLR %.2f (bounds %.2f and %.2f) after %s\n", sum.Result, sum.LLR, sum.Lower, sum.Upper, words.Count(res.Pairs.Pairs(), "pair", "pairs"))
		diff, lo, hi := res.Pairs.Elo()
		fmt.Fprintf(stdout, "pairs by the first engine's points (0, ½, 1, 1½, 2): %s; Elo difference %s\n", res.Pairs, eloText(res.Share(), diff, lo, hi))
	}
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

// sprtSummary returns the outcome of the SPRT s after the pairs p, or nil
// when there is none; early says that the match ended before its openings
// did (interrupted, or an engine that failed), which is then why a test
// that crossed no bound has no decision.
func sprtSummary(s *uci.SPRT, p uci.Pentanomial, early bool) *duelSPRT {
	if s == nil {
		return nil
	}
	lower, upper := s.Bounds()
	decision := s.Decide(p)
	result := decision.String()
	switch {
	case decision != uci.Continue:
	case early:
		result = "no decision: the match ended early"
	default:
		result = "no decision: the openings ran out"
	}
	diff, lo, hi := p.Elo()
	return &duelSPRT{Elo0: s.Elo0, Elo1: s.Elo1, Alpha: s.Alpha, Beta: s.Beta, LLR: s.LLR(p), Lower: lower, Upper: upper,
		Result: result, Elo: finite(diff), Lo: finite(lo), Hi: finite(hi)}
}

// closeAll closes the players that were made.
func closeAll(players []uci.Player) {
	for _, p := range players {
		if p != nil {
			_ = p.Close()
		}
	}
}
