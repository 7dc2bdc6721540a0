package uci

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/lineio"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/ogn"
)

// Player is a player of a [Match]: an engine in a process of its own
// ([EnginePlayer]), the built-in engine ([BuiltinPlayer]), or any other.
type Player interface {
	// Name names the player in reports and records.
	Name() string
	// NewGame readies the player for a game.
	NewGame(ctx context.Context) error
	// Move returns the player's move at p, reached from the board start
	// by moves, within the limits lim. An error that wraps ErrTimeout,
	// ErrExited, ErrProtocol, ErrNoMove or ErrIllegal loses the game by
	// forfeit; any other ends the match.
	Move(ctx context.Context, start oware.Board, moves []oware.Move, p oware.Position, lim Limits) (oware.Move, error)
	// Close ends the player.
	Close() error
}

// Times an engine has to answer what needs no thought.
const (
	// StartTime is the time an EnginePlayer waits for uciok: a Java
	// engine starts slowly.
	StartTime = 30 * time.Second
	// ReadyTime is the time an EnginePlayer waits for readyok: oware uci
	// builds its endgames of 22 seeds into its cache on its first start
	// (410 CPU-seconds, 3.5 minutes alone on two cores, several times
	// that on a busy machine), and solves those of 15 in memory in 11 to
	// 13 s with -cache "" -endgame 15.
	ReadyTime = 30 * time.Minute
)

// EnginePlayer is an engine in a process of its own as a player: a Client
// that is started again for the next game once it was killed, for
// answering late or for crashing.
type EnginePlayer struct {
	argv    []string
	grace   time.Duration
	client  *Client
	name    string
	longest time.Duration
}

// StartPlayer starts the engine program name with args as a player, whose
// moves may come grace after their time (see Client.Grace), and waits
// StartTime at most for its uciok.
func StartPlayer(ctx context.Context, grace time.Duration, name string, args ...string) (*EnginePlayer, error) {
	e := &EnginePlayer{argv: append([]string{name}, args...), grace: grace}
	if err := e.start(ctx); err != nil {
		return nil, err
	}
	e.name = e.client.Name()
	return e, nil
}

// start starts the engine.
func (e *EnginePlayer) start(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, StartTime)
	defer cancel()
	c, err := Start(ctx, e.argv[0], e.argv[1:]...)
	if err != nil {
		return err
	}
	c.Grace = e.grace
	e.client = c
	return nil
}

// Name returns the engine's name, from its first start.
func (e *EnginePlayer) Name() string { return e.name }

// Longest returns the longest time the engine took to answer a go.
func (e *EnginePlayer) Longest() time.Duration { return e.longest }

// NewGame starts the engine again if it was killed, then sends
// ucinewgame and waits ReadyTime at most for readyok.
func (e *EnginePlayer) NewGame(ctx context.Context) error {
	if e.client.closed.Load() {
		if err := e.start(ctx); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, ReadyTime)
	defer cancel()
	return e.client.NewGame(ctx)
}

// Move sends the game so far and go with lim, and returns the engine's
// best move.
func (e *EnginePlayer) Move(ctx context.Context, start oware.Board, moves []oware.Move, _ oware.Position, lim Limits) (oware.Move, error) {
	if err := e.client.Position(start, moves); err != nil {
		return 0, err
	}
	sent := time.Now()
	best, err := e.client.Go(ctx, lim, nil)
	if err == nil {
		e.longest = max(e.longest, time.Since(sent))
	}
	return best.Move, err
}

// Close asks the engine to quit, and kills it if it does not.
func (e *EnginePlayer) Close() error { return e.client.Close() }

// BuiltinPlayer is the built-in engine as a player: it searches up to
// Level plies deep within the time of each move.
type BuiltinPlayer struct {
	Level  int            // the deepest the engine searches, 1 to engine.MaxDepth plies
	Engine *engine.Engine // the engine, with its table and endgame tables
}

// NewBuiltinPlayer returns the built-in engine of the given level (1 to
// engine.MaxDepth) as a player, with a table of DefaultHashMB.
func NewBuiltinPlayer(level int) (*BuiltinPlayer, error) {
	if level < 1 || level > engine.MaxDepth {
		return nil, &Error{Op: "level", Err: ErrSyntax, Detail: fmt.Sprintf("%d: want 1 to %d", level, engine.MaxDepth)}
	}
	eng, err := engine.New(engine.Options{TableSize: DefaultHashMB << 20})
	if err != nil {
		return nil, err
	}
	return &BuiltinPlayer{Level: level, Engine: eng}, nil
}

// Name returns "oware (built in, level N)".
func (b *BuiltinPlayer) Name() string { return fmt.Sprintf("oware (built in, level %d)", b.Level) }

// NewGame empties the engine's table (engine.Engine.NewGame).
func (b *BuiltinPlayer) NewGame(context.Context) error {
	b.Engine.NewGame()
	return nil
}

// Move searches p up to b.Level plies deep (or lim.Depth, if less),
// within lim's positions and time, or on the clock of the player to move
// as the engine manages it (see engine.Limits.Clock).
func (b *BuiltinPlayer) Move(ctx context.Context, _ oware.Board, _ []oware.Move, p oware.Position, lim Limits) (oware.Move, error) {
	elim, t := lim.search(p)
	elim.Time = t
	if elim.Depth == 0 || elim.Depth > b.Level {
		elim.Depth = b.Level
	}
	r, err := b.Engine.Search(ctx, p, elim)
	return r.Move, err
}

// Close does nothing.
func (b *BuiltinPlayer) Close() error { return nil }

// Match is a match between two players: both colours from each of a set
// of openings, at a time per move, every move and every result judged by
// package oware under Rules. A player that makes an illegal move, answers
// too late, crashes, or answers otherwise than the protocol says loses
// the game by forfeit.
type Match struct {
	Rules    oware.Rules    // the rules that judge every move and every end
	Players  [2]Player      // the first player and the second
	Openings [][]oware.Move // each played twice, the first player South in the first game
	MoveTime time.Duration  // the time of a move
	// Limits, when not the zero Limits, are those of every move in place
	// of MoveTime: a depth or a number of positions (the same for every
	// move, whatever the load of the machine), a time, or a game on the
	// clock. Clock is then the time of each player for the whole game and
	// Increment the time added after each of its moves: the Match keeps
	// the clocks, sends them with every go, and a player whose time runs
	// out while it thinks loses the game (a Forfeit wrapping ErrTimeout).
	Limits   Limits
	MaxPlies int // a game this long is adjudicated a draw; 0 for no limit
	// SPRT, when not nil, is a sequential probability ratio test of the
	// first player against the second, checked after every pair of games:
	// the match ends once it decides (see Result.Pairs).
	SPRT *SPRT
	// Ply, when not nil, is called after every ply of a game with its
	// number (from 1), the plies so far and the result before the game.
	Ply func(round, plies int, sofar Result)
	// Game, when not nil, is called after every game with the game and
	// the result so far; an error it returns ends the match.
	Game func(g Game, sofar Result) error
}

// Game is a game of a Match.
type Game struct {
	Round   int            // its number, from 1
	Players [2]string      // the players' names, South's first
	Opening []oware.Move   // the moves of the opening
	Moves   []oware.Move   // the moves of the game, the opening's first
	End     oware.Position // the last position
	Limits  Limits         // the limits of its moves, the clocks at its start
	// Forfeit, when not nil, is the fault by which a player lost the
	// game; otherwise End is over by the rules, or adjudicated a draw
	// (MaxPlies).
	Forfeit *Forfeit
}

// Adjudicated reports whether the game reached the match's MaxPlies and
// was adjudicated a draw.
func (g Game) Adjudicated() bool { return g.Forfeit == nil && !g.End.Outcome().Over() }

// Summary tells in words how the game ended: "South wins 25-19 (majority,
// R8) in 64 plies", "North loses by forfeit after 12 plies: illegal move:
// ...", "adjudicated a draw after 2000 plies".
func (g Game) Summary() string {
	o := g.End.Outcome()
	switch {
	case g.Forfeit != nil:
		return fmt.Sprintf("%s loses by forfeit after %d plies: %s", g.Forfeit.Loser, len(g.Moves), g.Forfeit)
	case !o.Over():
		return fmt.Sprintf("adjudicated a draw after %d plies", len(g.Moves))
	}
	return fmt.Sprintf("%s in %d plies", o, len(g.Moves))
}

// Record returns the game as an OGN record under rules, with the players'
// names in the South and North tags, the opening in an Opening tag and
// the time of a move (moveTime, or when it is 0 the game's Limits) in a
// TimeControl tag: "100ms a move", "12s+100ms" (a clock and its
// increment), "20000 nodes a move". A game lost by forfeit or adjudicated
// is not over by the rules: its result is "*" and a Termination tag says
// what ended it. The names and the Termination are made printable (see
// MaxName) and cut to what a tag holds (ogn.DefaultLimits), and an
// opening too long for a tag is left to the movetext, so that the record
// is written and read back; only a game of more plies than a record holds
// is not.
func (g Game) Record(rules oware.Rules, moveTime time.Duration) ogn.Game {
	control := fmt.Sprintf("%s a move", moveTime)
	if moveTime == 0 {
		control = g.Limits.TimeControl()
	}
	rec := ogn.Game{Rules: rules, Tags: []ogn.Tag{
		{Name: "Event", Value: "oware match"},
		{Name: "Round", Value: fmt.Sprint(g.Round)},
		{Name: "South", Value: tagValue(g.Players[oware.South])},
		{Name: "North", Value: tagValue(g.Players[oware.North])},
	}}
	if opening := JoinMoves(g.Opening); len(opening) <= ogn.DefaultLimits.Tag {
		rec.Tags = append(rec.Tags, ogn.Tag{Name: "Opening", Value: opening})
	}
	rec.Tags = append(rec.Tags, ogn.Tag{Name: "TimeControl", Value: control})
	p := rules.Start()
	for _, m := range g.Moves {
		next, _ := p.Play(m)
		mover := p.Board().ToMove()
		rec.Moves = append(rec.Moves, ogn.Ply{Move: m, Captured: next.Board().Score(mover) - p.Board().Score(mover)})
		p = next
	}
	rec.Result = ogn.ResultOf(g.End.Outcome())
	switch {
	case g.Forfeit != nil:
		rec.Tags = append(rec.Tags, ogn.Tag{Name: "Termination", Value: tagValue(fmt.Sprintf("forfeit: %s loses: %s", g.Forfeit.Loser, g.Forfeit))})
	case g.Adjudicated():
		rec.Tags = append(rec.Tags, ogn.Tag{Name: "Termination", Value: fmt.Sprintf("adjudicated a draw after %d plies", len(g.Moves))})
	}
	return rec
}

// tagValue returns s printable and cut to what a tag of a record holds.
func tagValue(s string) string {
	return lineio.Printable(s, ogn.DefaultLimits.Tag-len("…"))
}

// Forfeit is a game lost by a player's fault.
type Forfeit struct {
	Loser  oware.Player // the side of the player at fault
	Err    error        // ErrIllegal, ErrTimeout, ErrExited or ErrProtocol
	Detail string       // what happened
}

// Error returns the reason and what happened, such as "no move in time:
// no best move within 1.1s (100ms and 1s of grace)".
func (f *Forfeit) Error() string { return f.Reason() + ": " + f.Detail }

// Unwrap returns f.Err.
func (f *Forfeit) Unwrap() error { return f.Err }

// Reason returns the reason of the forfeit in words: "illegal move", "no
// move in time", "the engine exited" or "an answer not in the protocol".
func (f *Forfeit) Reason() string {
	if errors.Is(f.Err, ErrTimeout) {
		return "no move in time"
	}
	return f.Err.Error()
}

// forfeitOf returns the forfeit of loser that err, an error of its move,
// means, or nil when err is no fault of the player.
func forfeitOf(loser oware.Player, err error) *Forfeit {
	var e *Error
	if !errors.As(err, &e) {
		return nil
	}
	switch {
	case errors.Is(e.Err, ErrNoMove):
		return &Forfeit{loser, ErrProtocol, "bestmove 0000: the engine sees the game over, which goes on under the match's rules"}
	case errors.Is(e.Err, ErrTimeout), errors.Is(e.Err, ErrExited), errors.Is(e.Err, ErrProtocol), errors.Is(e.Err, ErrIllegal):
		return &Forfeit{loser, e.Err, e.Detail}
	}
	return nil
}

// Result is the score of a match from the first player's side.
type Result struct {
	Wins, Draws, Losses int // the first player's games won, drawn and lost
	// Pairs counts the pairs of games, an opening played with both
	// colours, by the first player's points in them.
	Pairs Pentanomial
	// Forfeits describe the games lost otherwise than by the rules, such
	// as "game 3: fake (North) lost: illegal move: ...".
	Forfeits []string
	Plies    int // the plies of all the games
}

// Games returns the number of games played.
func (r Result) Games() int { return r.Wins + r.Draws + r.Losses }

// Share returns the first player's share of the points, a draw counting
// half; NaN before any game.
func (r Result) Share() float64 {
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games())
}

// Score writes the wins, draws and losses, such as "3 wins, 1 draw, 0
// losses".
func (r Result) Score() string {
	return fmt.Sprintf("%d %s, %d %s, %d %s", r.Wins, plural(r.Wins, "win", "wins"),
		r.Draws, plural(r.Draws, "draw", "draws"), r.Losses, plural(r.Losses, "loss", "losses"))
}

// Elo returns the Elo difference that the first player's share of the
// points means, and the bounds of its 95% interval: the share plus or
// minus 1.96 standard errors of the mean of the games' results. Shares of
// 0 and 1 give ∓Inf.
func (r Result) Elo() (diff, lo, hi float64) {
	n := float64(r.Games())
	s := r.Share()
	variance := (float64(r.Wins)*(1-s)*(1-s) + float64(r.Draws)*(0.5-s)*(0.5-s) + float64(r.Losses)*s*s) / n
	margin := 1.959964 * math.Sqrt(variance/n)
	return eloOf(s), eloOf(s - margin), eloOf(s + margin)
}

// eloOf returns the Elo difference that predicts the share s.
func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// plural returns one or many as n is 1 or not.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Play plays the games: each opening twice, the first player taking South
// in the first game and North in the second. It ends early, with the
// result so far, on an error that is no player's fault (such as a player
// that cannot start again, or an error of m.Game) or when ctx is done.
func (m *Match) Play(ctx context.Context) (Result, error) {
	var res Result
	if m.SPRT != nil {
		if err := m.SPRT.Check(); err != nil {
			return res, err
		}
	}
	round := 0
	for _, opening := range m.Openings {
		points := 0 // the first player's in the pair, in half points
		for first := range 2 {
			round++
			players := m.Players
			if first == 1 {
				players[0], players[1] = players[1], players[0]
			}
			g, err := m.game(ctx, round, opening, players, res)
			if err != nil {
				return res, err
			}
			res.Plies += len(g.Moves)
			me := oware.Player(first) // the first player's side
			w, won := g.End.Outcome().Winner()
			switch {
			case g.Forfeit != nil && g.Forfeit.Loser == me:
				res.Losses++
			case g.Forfeit != nil:
				res.Wins++
				points += 2
			case !won:
				res.Draws++
				points++
			case w == me:
				res.Wins++
				points += 2
			default:
				res.Losses++
			}
			if first == 1 {
				res.Pairs[points]++
			}
			if f := g.Forfeit; f != nil {
				res.Forfeits = append(res.Forfeits, fmt.Sprintf("game %d: %s (%s) lost: %s", round, g.Players[f.Loser], f.Loser, f))
			}
			if m.Game != nil {
				if err := m.Game(g, res); err != nil {
					return res, err
				}
			}
		}
		if m.SPRT != nil && m.SPRT.Decide(res.Pairs) != Continue {
			break
		}
	}
	return res, nil
}

// game plays one game from opening between players (South's first).
func (m *Match) game(ctx context.Context, round int, opening []oware.Move, players [2]Player, res Result) (Game, error) {
	g := Game{Round: round, Players: [2]string{players[0].Name(), players[1].Name()}, Opening: opening}
	start := m.Rules.Start()
	p := start
	for _, mv := range opening {
		next, err := p.Play(mv)
		if err != nil {
			return g, &Error{Op: fmt.Sprintf("game %d: opening %s", round, JoinMoves(opening)), Err: err}
		}
		p = next
		g.Moves = append(g.Moves, mv)
	}
	for _, pl := range players {
		if err := pl.NewGame(ctx); err != nil {
			return g, err
		}
	}
	lim := m.Limits
	if lim == (Limits{}) {
		lim = Limits{MoveTime: m.MoveTime}
	}
	clocked := lim.Clock != [2]time.Duration{}
	g.Limits = lim
	for p.Moves().Len() > 0 && (m.MaxPlies == 0 || len(g.Moves) < m.MaxPlies) {
		if err := ctx.Err(); err != nil {
			return g, err
		}
		mover := p.Board().ToMove()
		asked := time.Now()
		mv, err := players[mover].Move(ctx, start.Board(), g.Moves, p, lim)
		if took := time.Since(asked); clocked && err == nil {
			if took > lim.Clock[mover] {
				err = &Error{Engine: players[mover].Name(), Op: "go", Err: ErrTimeout, Detail: fmt.Sprintf("out of time: %s to move with %s on its clock", took.Round(time.Millisecond), lim.Clock[mover])}
			}
			lim.Clock[mover] += lim.Increment[mover] - took
		}
		if err == nil && !p.Moves().Contains(mv) {
			err = &Error{Engine: players[mover].Name(), Op: "go", Err: ErrIllegal, Detail: fmt.Sprintf("%s at %s (legal: %s)", mv, p.Board(), p.Moves())}
		}
		if err != nil {
			if ctx.Err() != nil {
				// The match was broken off: an engine that the same
				// signal killed has not lost the game.
				return g, ctx.Err()
			}
			if g.Forfeit = forfeitOf(mover, err); g.Forfeit == nil {
				return g, err
			}
			g.End = p
			return g, nil
		}
		p, _ = p.Play(mv)
		g.Moves = append(g.Moves, mv)
		if m.Ply != nil {
			m.Ply(round, len(g.Moves), res)
		}
	}
	g.End = p
	return g, nil
}

// JoinMoves writes moves together, as the protocol does: "FfEa".
func JoinMoves(moves []oware.Move) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(m.String())
	}
	return b.String()
}

// RandomOpenings returns n different lines of plies random moves from the
// opening under rules, none ending the game, drawn from seed (the same
// seed gives the same lines in every build). It returns an [*Error]
// wrapping ErrSyntax when there are not so many.
func RandomOpenings(rules oware.Rules, n, plies int, seed uint64) ([][]oware.Move, error) {
	rng := prng.New(seed)
	seen := map[string]bool{}
	var openings [][]oware.Move
	for tries := 0; len(openings) < n; tries++ {
		if tries > 100*n+1000 {
			return nil, &Error{Op: "openings", Err: ErrSyntax, Detail: fmt.Sprintf("only %d different openings of %d plies found; ask for fewer or longer ones", len(openings), plies)}
		}
		p := rules.Start()
		var moves []oware.Move
		for len(moves) < plies && p.Moves().Len() > 0 {
			m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
			p, _ = p.Play(m)
			moves = append(moves, m)
		}
		if p.Moves().Len() == 0 || seen[JoinMoves(moves)] {
			continue
		}
		seen[JoinMoves(moves)] = true
		openings = append(openings, moves)
	}
	return openings, nil
}
