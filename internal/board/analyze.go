package board

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// ErrSuperseded: a newer analysis began before this one could start.
var ErrSuperseded = errors.New("board: analysis superseded by a newer one")

// AnalyzeRequest asks for an analysis of the position at the end of a
// line, until it is stopped or reaches its limits.
type AnalyzeRequest struct {
	Line Line `json:"line"`
	// Depth is the deepest iteration, 1 to engine.MaxDepth; 0 means
	// engine.MaxDepth.
	Depth int `json:"depth,omitempty"`
	// Millis is the longest the analysis goes on, in milliseconds; 0
	// means MaxThink, which is also the most.
	Millis int `json:"ms,omitempty"`
	// Lines is the number of best moves analysed, each with its score
	// and line (the engine's MultiPV), 1 to MaxLines; 0 means
	// DefaultLines.
	Lines int `json:"lines,omitempty"`
}

// The number of lines an analysis shows (AnalyzeRequest.Lines).
const (
	DefaultLines = 3
	MaxLines     = 6
)

// Analysis is the engine's analysis after an iteration of its search.
type Analysis struct {
	Depth  int            `json:"depth"`
	Nodes  uint64         `json:"nodes"`
	Millis int64          `json:"ms"`
	NPS    uint64         `json:"nps"`   // positions a second
	Lines  []AnalysisLine `json:"lines"` // the best moves, best first
	// Bar is South's share of the evaluation bar, from 0 (North wins)
	// to 1 (South wins), 0.5 for an even game.
	Bar float64 `json:"bar"`
	// Done tells that the analysis is over: it reached its depth or
	// decided the game, or was stopped (Stopped).
	Done    bool `json:"done"`
	Stopped bool `json:"stopped"`
}

// AnalysisLine is one line of the analysis: a move, its score and the
// line of play that the engine expects after it.
type AnalysisLine struct {
	Move string   `json:"move"`
	PV   []string `json:"pv"`
	// Text is the score for people, such as "+1.25 seeds for South",
	// "South wins in 7 plies" or "proven: North wins by at least 3".
	Text string `json:"text"`
	// Kind is "estimate", "end" (the end of the game seen within the
	// search) or "proven" (a result the endgame tables prove).
	Kind string `json:"kind"`
	// South is the score in seeds from South's side: positive when South
	// is ahead; for an end seen or proven, the margin, or ±48 when the
	// search saw the end without its margin.
	South float64 `json:"south"`
}

// Analyze analyses the position at the end of req.Line, calling emit with
// every iteration of the search and once more, with Done set, when it
// ends: by its limits, by ctx, or because another analysis began, which
// ends this one. It returns an error only for a request it cannot
// analyse (a finished game among them), or ErrSuperseded when a newer
// analysis began before this one started.
func (s *Service) Analyze(ctx context.Context, req AnalyzeRequest, emit func(Analysis)) error {
	p, lim, err := s.analysisOf(req)
	if err != nil {
		return err
	}

	// End the running analysis, then wait for its end, unless a newer one
	// has come meanwhile.
	s.mu.Lock()
	s.generation++
	gen := s.generation
	if s.stop != nil {
		s.stop()
	}
	s.mu.Unlock()
	s.analysis.Lock()
	defer s.analysis.Unlock()
	s.mu.Lock()
	if gen != s.generation {
		s.mu.Unlock()
		return ErrSuperseded
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.stop = cancel
	s.mu.Unlock()

	s.analyst.SetTables(s.tables.get(ctx, p.Rules(), false))
	start := time.Now()
	report := func(r engine.Result) Analysis {
		a := Analysis{Depth: r.Depth, Nodes: r.Nodes, Millis: time.Since(start).Milliseconds()}
		if a.Millis > 0 {
			a.NPS = r.Nodes * 1000 / uint64(a.Millis)
		}
		a.Lines = analysisLines(p, r)
		a.Bar = bar(a.Lines[0].South)
		return a
	}
	r, err := s.analyst.Analyze(ctx, p, lim, func(r engine.Result) { emit(report(r)) })
	if err != nil {
		return err
	}
	a := report(r)
	a.Done, a.Stopped = true, r.Stopped
	emit(a)
	return nil
}

// analysisOf returns the position and the limits of the analysis that
// req asks for.
func (s *Service) analysisOf(req AnalyzeRequest) (oware.Position, engine.Limits, error) {
	p, err := s.position(req.Line)
	if err != nil {
		return p, engine.Limits{}, err
	}
	if p.Moves().Len() == 0 {
		return p, engine.Limits{}, fmt.Errorf("%w: the game is over", ErrBadRequest)
	}
	lim, err := limits(req.Depth, req.Millis)
	switch {
	case err != nil:
	case req.Lines < 0 || req.Lines > MaxLines:
		err = fmt.Errorf("%w: %d lines: want 0 to %d", ErrBadRequest, req.Lines, MaxLines)
	case req.Lines == 0:
		lim.MultiPV = DefaultLines
	default:
		lim.MultiPV = req.Lines
	}
	return p, lim, err
}

// limits returns the limits of a search of the given depth and time in
// milliseconds (0: the most).
func limits(depth, millis int) (engine.Limits, error) {
	if depth < 0 || depth > engine.MaxDepth {
		return engine.Limits{}, fmt.Errorf("%w: depth %d: want 0 to %d", ErrBadRequest, depth, engine.MaxDepth)
	}
	d := time.Duration(millis) * time.Millisecond
	if millis < 0 || d > MaxThink {
		return engine.Limits{}, fmt.Errorf("%w: %d ms: want 0 to %d", ErrBadRequest, millis, MaxThink.Milliseconds())
	}
	if d == 0 {
		d = MaxThink
	}
	return engine.Limits{Depth: depth, Time: d}, nil
}

// analysisLines returns the lines of the search result r at p, the best
// first, as an Analysis gives them: the best move's (analysisLine), then
// one for each other move the engine searched in full (Limits.MultiPV),
// as scoreLine words it. The page shows every line, the bar following
// the first.
func analysisLines(p oware.Position, r engine.Result) []AnalysisLine {
	lines := []AnalysisLine{analysisLine(p, r)}
	for _, l := range r.Lines {
		if l.Move != r.Move {
			lines = append(lines, scoreLine(p, l.Move, l.Score, l.PV))
		}
	}
	return lines
}

// analysisLine returns the line of the search result r at p: the tables'
// result where they decide the game (r.TableMove), or else the search's
// score.
func analysisLine(p oware.Position, r engine.Result) AnalysisLine {
	if !r.TableMove {
		return scoreLine(p, r.Move, r.Score, r.PV)
	}
	lo, hi := r.TableValue.Margin(p.Board())
	return AnalysisLine{Move: r.Move.String(), PV: letters(r.PV), Kind: "proven", Text: "proven: " + marginText(lo, hi), South: float64(lo+hi) / 2}
}

// scoreLine returns the line of the move m at p, of score s for the
// player to move at p (engine.Score) and line pv.
func scoreLine(p oware.Position, m oware.Move, s engine.Score, pv []oware.Move) AnalysisLine {
	mover := p.Board().ToMove()
	l := AnalysisLine{Move: m.String(), PV: letters(pv)}
	sign := 1.0
	if mover == oware.North {
		sign = -1
	}
	if plies, ok := s.Mate(); ok {
		l.Kind = "end"
		switch {
		case plies > 0:
			l.Text, l.South = fmt.Sprintf("%s wins in %s", mover, count(plies, "ply", "plies")), sign*48
		case plies < 0:
			l.Text, l.South = fmt.Sprintf("%s wins in %s", mover.Opponent(), count(-plies, "ply", "plies")), -sign*48
		default:
			l.Text = "a draw"
		}
		return l
	}
	if margin, ok := s.Proven(); ok {
		l.Kind = "proven"
		winner := mover
		if margin < 0 {
			winner, margin = mover.Opponent(), -margin
		}
		l.Text = fmt.Sprintf("proven: %s wins by at least %d", winner, margin)
		if winner == mover {
			l.South = sign * float64(margin)
		} else {
			l.South = -sign * float64(margin)
		}
		return l
	}
	l.Kind = "estimate"
	seeds := s.Seeds()
	l.South = sign * seeds
	switch {
	case seeds > 0:
		l.Text = fmt.Sprintf("%+.2f seeds for %s", seeds, mover)
	case seeds < 0:
		l.Text = fmt.Sprintf("%+.2f seeds for %s", -seeds, mover.Opponent())
	default:
		l.Text = "even"
	}
	return l
}

// letters returns the moves as pit letters, never nil.
func letters(moves []oware.Move) []string {
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, m.String())
	}
	return out
}

// bar returns South's share of the evaluation bar for a score of south
// seeds from South's side: 0.5 for 0, nearing 1 as South leads.
func bar(south float64) float64 { return 0.5 + 0.5*math.Tanh(south/8) }

// MoveRequest asks for the engine's move at the end of a line.
type MoveRequest struct {
	Line Line `json:"line"`
	// Level is the deepest the engine searches, 1 to engine.MaxDepth
	// plies; 0 means engine.MaxDepth.
	Level int `json:"level,omitempty"`
	// Millis is the longest it thinks, in milliseconds; 0 means MaxThink.
	Millis int `json:"ms,omitempty"`
	// Elo, when not 0, is the strength it plays at, engine.MinElo to
	// engine.MaxElo (engine.Limits.Elo: a calibrated level below full
	// strength); 0 means full strength.
	Elo int `json:"elo,omitempty"`
}

// EngineMove is the engine's move.
type EngineMove struct {
	Move  string       `json:"move"`
	Line  AnalysisLine `json:"line"` // its score and the line it expects
	Depth int          `json:"depth"`
}

// Move returns the engine's move at the end of req.Line, searched within
// req's level and time, with the endgame tables where they hold the
// position.
func (s *Service) Move(ctx context.Context, req MoveRequest) (EngineMove, error) {
	p, err := s.position(req.Line)
	if err != nil {
		return EngineMove{}, err
	}
	if p.Moves().Len() == 0 {
		return EngineMove{}, fmt.Errorf("%w: the game is over", ErrBadRequest)
	}
	lim, err := limits(req.Level, req.Millis)
	if err != nil {
		return EngineMove{}, err
	}
	if req.Elo != 0 && (req.Elo < engine.MinElo || req.Elo > engine.MaxElo) {
		return EngineMove{}, fmt.Errorf("%w: elo %d: want 0 (full strength) or %d to %d", ErrBadRequest, req.Elo, engine.MinElo, engine.MaxElo)
	}
	lim.Elo = req.Elo
	s.playing.Lock()
	defer s.playing.Unlock()
	s.player.SetTables(s.tables.get(ctx, p.Rules(), false))
	r, err := s.player.Search(ctx, p, lim)
	if err != nil {
		return EngineMove{}, err
	}
	return EngineMove{Move: r.Move.String(), Line: analysisLine(p, r), Depth: r.Depth}, nil
}

// count returns n with its noun, one or many: "1 ply", "7 plies".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
