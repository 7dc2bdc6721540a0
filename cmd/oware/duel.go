package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/engine"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/internal/wire"
	"github.com/seed3966233f/oware/ogn"
)

// A duel is a match between two players, each an engine that speaks the
// protocol of oware uci (an external program) or the built-in engine: both
// colours from each of a set of openings, at a time per move, every move
// and every result judged by package oware under the match's rules.

// duelist is a player of a duel.
type duelist interface {
	// name names the player in reports and records.
	name() string
	// newGame readies the player for a game.
	newGame() error
	// choose returns the player's move at p, reached from the board start
	// by moves, thinking for limit.
	choose(start oware.Board, moves []oware.Move, p oware.Position, limit time.Duration) (oware.Move, error)
	// close ends the player.
	close()
}

// Ways a player loses a game other than by the rules, wrapped in a
// *forfeit.
var (
	errIllegal  = errors.New("illegal move")
	errTimeout  = errors.New("no move in time")
	errCrash    = errors.New("the engine exited")
	errProtocol = errors.New("an answer not in the protocol")
)

// forfeit is a game lost by a player's fault.
type forfeit struct {
	err    error  // errIllegal, errTimeout, errCrash or errProtocol
	detail string // what happened
}

func (f *forfeit) Error() string { return f.err.Error() + ": " + f.detail }
func (f *forfeit) Unwrap() error { return f.err }

// builtin is the built-in engine as a player: it searches up to level
// plies deep within the time of a move.
type builtin struct {
	level int
	eng   *engine.Engine
}

func newBuiltin(level int) (*builtin, error) {
	eng, err := engine.New(engine.Options{TableSize: defaultHashMB << 20})
	if err != nil {
		return nil, err
	}
	return &builtin{level: level, eng: eng}, nil
}

func (b *builtin) name() string   { return fmt.Sprintf("oware (built in, level %d)", b.level) }
func (b *builtin) newGame() error { return nil }
func (b *builtin) close()         {}

func (b *builtin) choose(_ oware.Board, _ []oware.Move, p oware.Position, limit time.Duration) (oware.Move, error) {
	deadline := now().Add(limit - limit/margin)
	r, err := b.eng.Search(p, engine.Limits{Depth: b.level, Stop: func() bool { return !now().Before(deadline) }})
	return r.Move, err
}

// duel is the setting of a match between two players.
type duel struct {
	rules    oware.Rules
	players  [2]duelist
	openings [][]oware.Move
	limit    time.Duration // time per move
	maxPlies int           // a game this long is adjudicated a draw
	progress io.Writer     // a line per game, or nil
	json     *jsonLines    // a record per game, or nil
	line     *progress     // the game being played and the score so far
	records  *ogn.Writer   // the games, or nil
}

// duelResult is the score of a duel from the first player's side.
type duelResult struct {
	wins, draws, losses int
	forfeits            []string // the games lost otherwise than by the rules, described
	plies               int
}

// share returns the first player's share of the points, a draw counting
// half.
func (r duelResult) share() float64 {
	return (float64(r.wins) + float64(r.draws)/2) / float64(r.wins+r.draws+r.losses)
}

// score writes the first player's wins, draws and losses so far.
func (r duelResult) score() string {
	return matchResult{wins: r.wins, draws: r.draws, losses: r.losses}.score()
}

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
func (d *duel) gameRecord(round int, opening []oware.Move, players [2]duelist, g playedGame) duelGame {
	rec := duelGame{Kind: "game", Game: round, South: players[oware.South].name(), North: players[oware.North].name(),
		Opening: append([]oware.Move{}, opening...), Moves: g.moves}
	var f *forfeit
	switch {
	case errors.As(g.forfeit, &f):
		rec.Forfeit = &duelForfeit{*g.loser, f.err.Error(), f.detail}
	case !g.end.Outcome().Over():
		rec.Adjudicated = true
	default:
		rec.Outcome = &wire.Outcome{Outcome: g.end.Outcome()}
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

// play plays the games: each opening twice, the first player taking South
// in the first game and North in the second.
func (d *duel) play() (duelResult, error) {
	var res duelResult
	round := 0
	for _, opening := range d.openings {
		for first := range 2 {
			round++
			south, north := d.players[0], d.players[1]
			if first == 1 {
				south, north = north, south
			}
			g, err := d.game(round, opening, [2]duelist{south, north}, res)
			if err != nil {
				return res, err
			}
			res.plies += len(g.moves)
			me := oware.Player(first) // the first player's side
			switch {
			case g.loser != nil && *g.loser == me:
				res.losses++
			case g.loser != nil:
				res.wins++
			case g.winner == nil:
				res.draws++
			case *g.winner == me:
				res.wins++
			default:
				res.losses++
			}
			if g.forfeit != nil {
				res.forfeits = append(res.forfeits, fmt.Sprintf("game %d: %s (%s) lost: %s", round, [2]duelist{south, north}[*g.loser].name(), *g.loser, g.forfeit))
			}
			if d.line != nil {
				d.line.clear()
			}
			if d.progress != nil {
				fmt.Fprintf(d.progress, "game %d: %s (South) - %s (North), opening %s: %s\n", round, south.name(), north.name(), joinMoves(opening), g.summary)
			}
			if d.json != nil {
				d.json.write(d.gameRecord(round, opening, [2]duelist{south, north}, g))
			}
			if d.records != nil {
				if err := d.records.Write(d.record(round, opening, [2]duelist{south, north}, g)); err != nil {
					return res, err
				}
			}
		}
	}
	return res, nil
}

// joinMoves writes moves together, as the protocol does.
func joinMoves(moves []oware.Move) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(m.String())
	}
	return b.String()
}

// playedGame is a game of a duel.
type playedGame struct {
	moves   []oware.Move
	end     oware.Position
	winner  *oware.Player // by the rules; nil for a draw or a forfeit
	loser   *oware.Player // by forfeit; nil otherwise
	forfeit error
	summary string
}

// game plays one game from opening between players (South's first),
// showing on d.line the game, its ply and the score so far, res.
func (d *duel) game(round int, opening []oware.Move, players [2]duelist, res duelResult) (playedGame, error) {
	var g playedGame
	start := d.rules.Start()
	p := start
	for _, m := range opening {
		next, err := p.Play(m)
		if err != nil {
			return g, fmt.Errorf("game %d: opening %s: %w", round, joinMoves(opening), err)
		}
		p = next
		g.moves = append(g.moves, m)
	}
	for _, pl := range players {
		if err := pl.newGame(); err != nil {
			return g, err
		}
	}
	for p.Moves().Len() > 0 && len(g.moves) < d.maxPlies {
		mover := p.Board().ToMove()
		m, err := players[mover].choose(start.Board(), g.moves, p, d.limit)
		if err == nil && !p.Moves().Contains(m) {
			err = &forfeit{errIllegal, fmt.Sprintf("%s at %s (legal: %s)", m, p.Board(), p.Moves())}
		}
		var f *forfeit
		switch {
		case errors.As(err, &f):
			g.loser, g.forfeit, g.end = &mover, err, p
			g.summary = fmt.Sprintf("%s loses by forfeit after %d plies: %s", mover, len(g.moves), err)
			return g, nil
		case err != nil:
			return g, err
		}
		p, _ = p.Play(m)
		g.moves = append(g.moves, m)
		if d.line != nil {
			plies := len(g.moves)
			d.line.update(func(elapsed time.Duration) string {
				return fmt.Sprintf("game %d of %d, ply %d: %s; %s", round, 2*len(d.openings), plies, res.score(), elapsed.Round(time.Second))
			})
		}
	}
	g.end = p
	o := p.Outcome()
	switch w, ok := o.Winner(); {
	case !o.Over():
		g.summary = fmt.Sprintf("adjudicated a draw after %d plies", len(g.moves))
	case ok:
		g.winner = &w
		g.summary = fmt.Sprintf("%s in %d plies", o, len(g.moves))
	default:
		g.summary = fmt.Sprintf("%s in %d plies", o, len(g.moves))
	}
	return g, nil
}

// record returns game g as an OGN record. A game lost by forfeit or
// adjudicated is not over by the rules: its result is "*" and its
// Termination tag says what ended it.
func (d *duel) record(round int, opening []oware.Move, players [2]duelist, g playedGame) ogn.Game {
	rec := ogn.Game{Rules: d.rules, Tags: []ogn.Tag{
		{Name: "Event", Value: "oware match"},
		{Name: "Round", Value: fmt.Sprint(round)},
		{Name: "South", Value: players[oware.South].name()},
		{Name: "North", Value: players[oware.North].name()},
		{Name: "Opening", Value: joinMoves(opening)},
		{Name: "TimeControl", Value: fmt.Sprintf("%s a move", d.limit)},
	}}
	p := d.rules.Start()
	for _, m := range g.moves {
		next, _ := p.Play(m)
		mover := p.Board().ToMove()
		rec.Moves = append(rec.Moves, ogn.Ply{Move: m, Captured: next.Board().Score(mover) - p.Board().Score(mover)})
		p = next
	}
	rec.Result = ogn.ResultOf(g.end.Outcome())
	switch {
	case g.forfeit != nil:
		rec.Tags = append(rec.Tags, ogn.Tag{Name: "Termination", Value: fmt.Sprintf("forfeit: %s loses: %s", *g.loser, g.forfeit)})
	case !g.end.Outcome().Over():
		rec.Tags = append(rec.Tags, ogn.Tag{Name: "Termination", Value: fmt.Sprintf("adjudicated a draw after %d plies", len(g.moves))})
	}
	return rec
}

// randomOpenings returns n different lines of plies random moves from the
// opening under rules, none ending the game, or an error if there are not
// so many.
func randomOpenings(rules oware.Rules, n, plies int, seed uint64) ([][]oware.Move, error) {
	rng := prng.New(seed)
	seen := map[string]bool{}
	var openings [][]oware.Move
	for tries := 0; len(openings) < n; tries++ {
		if tries > 100*n+1000 {
			return nil, fmt.Errorf("only %d different openings of %d plies found; ask for fewer or longer ones", len(openings), plies)
		}
		p := rules.Start()
		var moves []oware.Move
		for len(moves) < plies && p.Moves().Len() > 0 {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
			moves = append(moves, m)
		}
		if p.Moves().Len() == 0 || seen[joinMoves(moves)] {
			continue
		}
		seen[joinMoves(moves)] = true
		openings = append(openings, moves)
	}
	return openings, nil
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
	fs.Var(&d.engines, "engine", "the command line of an engine that speaks the protocol of oware uci (split at spaces, no shell); once, against the built-in engine, or twice")
	fs.IntVar(&d.openings, "openings", 10, "with -engine: random openings, each played with both colours")
	fs.IntVar(&d.plies, "plies", 4, "with -engine: plies of each random opening")
	fs.DurationVar(&d.movetime, "movetime", 100*time.Millisecond, "with -engine: time per move")
	fs.DurationVar(&d.grace, "grace", time.Second, "with -engine: time beyond -movetime before a move comes too late and loses the game")
	fs.IntVar(&d.maxPlies, "maxplies", 2000, "with -engine: plies after which a game is adjudicated a draw")
	fs.StringVar(&d.out, "o", "", "with -engine: write the games to FILE as OGN")
}

// runDuel plays the duel that the flags describe and prints its score.
func runDuel(fs *flag.FlagSet, pos []string, d duelFlags, rulesName string, level int, seed uint64, asJSON bool, stdout, stderr io.Writer) int {
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case len(d.engines) > 2:
		return usageError(stderr, fs, "%d engines: give one (against the built-in engine) or two", len(d.engines))
	case isSet(fs, "games"):
		return usageError(stderr, fs, "-games is for the match against the random mover; with -engine, -openings sets the games (two each)")
	case d.openings < 1:
		return usageError(stderr, fs, "-openings %d: want at least 1", d.openings)
	case d.plies < 0:
		return usageError(stderr, fs, "-plies %d: want 0 or more", d.plies)
	case d.movetime < time.Millisecond:
		return usageError(stderr, fs, "-movetime %s: want 1ms or more", d.movetime)
	case d.grace < 0:
		return usageError(stderr, fs, "-grace %s: want 0 or more", d.grace)
	case d.maxPlies < 1:
		return usageError(stderr, fs, "-maxplies %d: want at least 1", d.maxPlies)
	case level < 1 || level > engine.MaxDepth:
		return usageError(stderr, fs, "-level %d: want 1 to %d", level, engine.MaxDepth)
	}
	rules, status, ok := parseRules(fs, rulesName)
	if !ok {
		return status
	}
	openings, err := randomOpenings(rules, d.openings, d.plies, seed)
	if err != nil {
		return usageError(stderr, fs, "%s", err)
	}
	du := &duel{rules: rules, openings: openings, limit: d.movetime, maxPlies: d.maxPlies, progress: stdout, line: newProgress(stderr)}
	if asJSON {
		du.progress, du.json = nil, newJSONLines(stdout)
	}
	for i, command := range d.engines {
		e, err := startEngine(command, d.grace)
		if err != nil {
			closeAll(du.players[:i])
			return fail(stderr, "match", err)
		}
		du.players[i] = e
	}
	defer closeAll(du.players[:])
	if len(d.engines) == 1 {
		b, err := newBuiltin(level)
		if err != nil {
			return fail(stderr, "match", err)
		}
		du.players[1] = b
	}
	names := [2]string{du.players[0].name(), du.players[1].name()}
	if names[0] == names[1] {
		names[0], names[1] = names[0]+" #1", names[1]+" #2"
	}
	if !asJSON {
		fmt.Fprintf(stdout, "%s against %s: %d games (%d openings of %d plies, both colours), %s a move, %s rules\n",
			names[0], names[1], 2*len(openings), len(openings), d.plies, d.movetime, rules)
	}
	start := time.Now()
	var res duelResult
	if d.out == "" {
		res, err = du.play()
	} else {
		// The games go to a new file that replaces -o once the match is
		// over: an error leaves an existing file as it was.
		err = writeFile(d.out, func(w io.Writer) error {
			du.records = ogn.NewWriter(w)
			var err error
			res, err = du.play()
			return err
		})
	}
	du.line.stop()
	if err != nil {
		return fail(stderr, "match", err)
	}
	games := res.wins + res.draws + res.losses
	diff, lo, hi := elo(res.wins, res.draws, res.losses)
	if asJSON {
		sum := duelSummary{Kind: "summary", Engines: names, Rules: rules, MoveTime: d.movetime.String(), Openings: len(openings), Plies: d.plies,
			Games: games, Wins: res.wins, Draws: res.draws, Losses: res.losses,
			Score: res.share(), Elo: finite(diff), Lo: finite(lo), Hi: finite(hi),
			Forfeits: append([]string{}, res.forfeits...), Longest: map[string]int{}, AllPlies: res.plies, Seconds: time.Since(start).Seconds()}
		for i, p := range du.players {
			if e, ok := p.(*uciEngine); ok {
				sum.Longest[names[i]] = int(e.longest.Milliseconds())
			}
		}
		du.json.write(sum)
		if err := du.json.Err(); err != nil {
			return fail(stderr, "match", err)
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "%s: %d %s, %d %s, %d %s: %.1f%% of the points\n", names[0],
		res.wins, plural(res.wins, "win", "wins"), res.draws, plural(res.draws, "draw", "draws"), res.losses, plural(res.losses, "loss", "losses"),
		100*res.share())
	fmt.Fprintf(stdout, "Elo difference: %s (95%% interval %s to %s)\n", signed(diff), signed(lo), signed(hi))
	for _, f := range res.forfeits {
		fmt.Fprintf(stdout, "forfeit: %s\n", f)
	}
	for i, p := range du.players {
		if e, ok := p.(*uciEngine); ok {
			fmt.Fprintf(stdout, "%s: longest answer %s\n", names[i], e.longest.Round(time.Millisecond))
		}
	}
	fmt.Fprintf(stdout, "%.1f plies a game, %s in all\n", float64(res.plies)/float64(games), time.Since(start).Round(time.Millisecond))
	return exitOK
}

// closeAll closes the players that were made.
func closeAll(players []duelist) {
	for _, p := range players {
		if p != nil {
			p.close()
		}
	}
}
