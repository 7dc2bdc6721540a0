package board

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/svg"
	"github.com/seed3966233f/oware/tablebase"
)

// ViewRequest asks for the view of the position at the end of a line.
type ViewRequest struct {
	Line Line `json:"line"`
	// Side is the player drawn at the bottom: "S" (the default) or "N".
	Side string `json:"side,omitempty"`
}

// View is what the page shows of a position.
type View struct {
	Line     Line         `json:"line"`
	Rules    string       `json:"rules"`    // the rules' name
	Position string       `json:"position"` // its text with the history R10 needs (oware.Position.String)
	Board    string       `json:"board"`    // its position string
	ToMove   string       `json:"toMove"`   // "South" or "North"
	Scores   [2]int       `json:"scores"`   // South's and North's captures
	Legal    []string     `json:"legal"`    // the legal moves, as pit letters
	SVG      string       `json:"svg"`      // the picture, legal moves marked
	Outcome  *OutcomeView `json:"outcome"`  // null while the game goes on
	Tables   *TablesView  `json:"tables"`   // null where the tables do not hold the position
	// TablesStatus says how far the tables under the rules are: "none",
	// "solving", "ready", or why they could not be solved.
	TablesStatus string        `json:"tablesStatus"`
	Repeated     int           `json:"repeated"` // occurrences of the position since the last capture (D2)
	Plies        int           `json:"plies"`    // moves in the line
	Illegal      *IllegalMove  `json:"illegal,omitempty"`
	Steps        []StepView    `json:"steps,omitempty"`
	Effect       *EffectReport `json:"effect,omitempty"`
}

// OutcomeView is the end of a game: its reason, its rule and the tallies
// (R8–R11, D3).
type OutcomeView struct {
	Text    string `json:"text"`   // such as "South wins 26-22 (majority, R8)"
	Reason  string `json:"reason"` // such as "majority"
	Rule    string `json:"rule"`   // "R8", "R9", "R10", or "" for another program's limit
	Winner  string `json:"winner"` // "South", "North" or "" for a draw
	Tallies [2]int `json:"tallies"`
}

// TablesView is what the endgame tables know of a position and of each of
// its moves.
type TablesView struct {
	// Text says it for people, such as "perfect play: South wins by 4".
	Text string `json:"text"`
	// Afresh reports that an earlier board of the game could recur, so
	// that the values are those of the board met afresh (the tables
	// value a board with no history).
	Afresh bool `json:"afresh"`
	// History reports that the values are those of the position with its
	// game's history since the last capture (package solve, R10): exact
	// where a search within BoardSolveNodes proved them, proven bounds
	// otherwise. Afresh is then false.
	History bool `json:"history"`
	// Lo and Hi bound South's final margin (South's tally minus
	// North's) under perfect play; they are equal when it is exact.
	Lo int `json:"lo"`
	Hi int `json:"hi"`
	// Moves are the values of the legal moves, for their mover.
	Moves []TableMove `json:"moves"`
}

// TableMove is a move's value in the tables, as the final margin of its
// mover under perfect play after it.
type TableMove struct {
	Move string `json:"move"`
	Text string `json:"text"` // such as "wins by 4", "draws", "loses by 2 to 6"
	Lo   int    `json:"lo"`
	Hi   int    `json:"hi"`
	Best bool   `json:"best"` // a move of perfect play (tablebase.Tables.BestMoves)
}

// IllegalMove is the answer to a move that the rules forbid: the rule and
// why.
type IllegalMove struct {
	Move    string `json:"move"`
	Rule    string `json:"rule"`    // "R2", "R7", "D5", or a preset's own rule
	Message string `json:"message"` // such as "R7: North's side is empty, and E puts no seed there: play D or F"
}

// StepView is one step of a move, as svg.Steps draws it.
type StepView struct {
	Rule    string `json:"rule"`
	Caption string `json:"caption"`
	SVG     string `json:"svg"`
}

// EffectReport is what the last move of a line did, in words.
type EffectReport struct {
	Move     string `json:"move"`
	Player   string `json:"player"`
	Captured int    `json:"captured"`
	Caption  string `json:"caption"` // the caption of the move's picture (svg.Caption)
}

// side reads the side drawn at the bottom.
func side(s string) (oware.Player, error) {
	switch s {
	case "", "S", "South":
		return oware.South, nil
	case "N", "North":
		return oware.North, nil
	}
	return 0, fmt.Errorf("%w: side %q: want S or N", ErrBadRequest, s)
}

// View returns the view of the position at the end of req.Line.
func (s *Service) View(req ViewRequest) (View, error) {
	near, err := side(req.Side)
	if err != nil {
		return View{}, err
	}
	p, err := s.position(req.Line)
	if err != nil {
		return View{}, err
	}
	return s.view(req.Line, p, near), nil
}

// view returns the view of p, the position at the end of l, which can be
// played. The picture is that of the last move of l, if any, showing what
// it did, with the legal moves after it.
func (s *Service) view(l Line, p oware.Position, near oware.Player) View {
	b := p.Board()
	pic := svg.Position(p, svg.Options{Side: near, Legal: p.Moves()})
	var effect *EffectReport
	if n := len(l.Moves); n > 0 {
		before, _ := s.position(Line{Rules: l.Rules, Start: l.Start, Moves: l.Moves[:n-1]}) // a part of a line that can be played
		m, _ := oware.ParseMove(l.Moves[n-1:])
		if e, err := before.Explain(m); err == nil {
			pic = svg.Move(e, svg.Options{Side: near, Legal: p.Moves()})
			effect = &EffectReport{Move: m.String(), Player: e.Player().String(), Captured: e.Captured(), Caption: svg.Caption(e)}
		}
	}
	v := View{
		Line:     l,
		Rules:    rulesName(p),
		Position: p.String(),
		Board:    b.String(),
		ToMove:   b.ToMove().String(),
		Scores:   [2]int{b.Score(oware.South), b.Score(oware.North)},
		Legal:    []string{},
		SVG:      string(pic),
		Effect:   effect,
		Repeated: p.Repetitions(),
		Plies:    len(l.Moves),
	}
	for m := range p.Moves().All() {
		v.Legal = append(v.Legal, m.String())
	}
	if o := p.Outcome(); o.Over() {
		v.Outcome = &OutcomeView{Text: o.String(), Reason: o.Reason().String(), Rule: o.Reason().Rule(), Tallies: [2]int{o.Tally(oware.South), o.Tally(oware.North)}}
		if w, ok := o.Winner(); ok {
			v.Outcome.Winner = w.String()
		}
	}
	return v
}

// TablesAnswer is what the endgame tables know of a position.
type TablesAnswer struct {
	// Status says how far the tables under the position's rules are:
	// "none" (no tables), "solving", "ready", or why they could not be
	// solved.
	Status string `json:"status"`
	// Seeds is the most seeds on the board that they hold, when ready.
	Seeds int `json:"seeds"`
	// Tables is what they know of the position; null where they do not
	// hold it, and for a finished game.
	Tables *TablesView `json:"tables"`
}

// Tables returns what the endgame tables know of the position at the end
// of req.Line. Where the Service solves the tables under its rules and
// has not yet, it starts solving them.
func (s *Service) Tables(ctx context.Context, req ViewRequest) (TablesAnswer, error) {
	p, err := s.position(req.Line)
	if err != nil {
		return TablesAnswer{}, err
	}
	tb := s.tables.get(ctx, p.Rules(), false)
	a := TablesAnswer{Status: s.tables.status(p.Rules())}
	if tb != nil {
		a.Seeds = tb.MaxSeeds(p.Rules())
	}
	if tb != nil && !p.Outcome().Over() {
		a.Tables = tablesView(tb, s.cfg.History, p)
	}
	return a, nil
}

// BoardSolveNodes is the most positions the board searches for the
// values of a position with its history (package solve).
const BoardSolveNodes = 200_000

// tablesView returns what tb knows of p, or nil where it does not hold p.
// Where an earlier board of the game could recur, or where package
// solve's tables hist (nil for none) may know more than tb's bounds, the
// values are those with the history, searched for within BoardSolveNodes
// from hist's values.
func tablesView(tb *tablebase.Tables, hist *solve.Tables, p oware.Position) *TablesView {
	val, err := tb.Probe(p)
	if err != nil {
		return nil
	}
	b := p.Board()
	if solve.Supported(p.Rules()) && (!firstMet(p) || hist != nil && !val.Exact()) {
		if a, err := solve.Analyse(context.Background(), p, solve.Options{Tables: hist, Plain: tb}, solve.Limits{Nodes: BoardSolveNodes}); err == nil {
			return historyView(a, p)
		}
	}
	lo, hi := val.Margin(b)
	tv := &TablesView{Lo: lo, Hi: hi, Afresh: !firstMet(p), Moves: []TableMove{}}
	tv.Text = "perfect play: " + marginText(lo, hi)
	best, _, _ := tb.BestMoves(p)
	moves, err := tb.ProbeMoves(p, nil)
	if err != nil {
		return tv
	}
	mover := b.ToMove()
	lead := b.Score(mover) - b.Score(mover.Opponent())
	for _, mv := range moves {
		if !p.Moves().Contains(mv.Move) {
			continue
		}
		mlo, mhi := lead+mv.Value.Lo(), lead+mv.Value.Hi()
		tv.Moves = append(tv.Moves, TableMove{Move: mv.Move.String(), Lo: mlo, Hi: mhi, Text: moverText(mlo, mhi), Best: best.Contains(mv.Move)})
	}
	return tv
}

// historyView returns the tables' view of p from a, the values of p
// with its history and of its moves.
func historyView(a solve.Analysis, p oware.Position) *TablesView {
	b := p.Board()
	lo, hi := a.Value.Margin(b)
	tv := &TablesView{Lo: lo, Hi: hi, History: true, Moves: []TableMove{}}
	tv.Text = "perfect play with this game's history (R10): " + marginText(lo, hi)
	mover := b.ToMove()
	lead := b.Score(mover) - b.Score(mover.Opponent())
	for _, mv := range a.Moves {
		mlo, mhi := lead+mv.Value.Lo(), lead+mv.Value.Hi()
		tv.Moves = append(tv.Moves, TableMove{Move: mv.Move.String(), Lo: mlo, Hi: mhi, Text: moverText(mlo, mhi), Best: mv.Value.Lo() >= a.Value.Hi()})
	}
	return tv
}

// firstMet reports whether p counts as met for the first time, as the
// tables value it: no earlier board of its game can recur.
func firstMet(p oware.Position) bool {
	return p.QuietPlies() == 0 || p.Rules().RepeatLimit() == 0
}

// marginText says who wins by how much, from South's final margin
// between lo and hi.
func marginText(lo, hi int) string {
	return resultText(lo, hi, resultWords{win: "South wins by", loss: "North wins by", draw: "a draw"})
}

// moverText says what a move gets its mover, whose final margin lies
// between lo and hi.
func moverText(lo, hi int) string {
	return resultText(lo, hi, resultWords{win: "wins by", loss: "loses by", draw: "draws"})
}

// resultWords are the words of a result: a win and a loss by some seeds,
// and a draw.
type resultWords struct{ win, loss, draw string }

// resultText says a result whose margin lies between lo and hi, in the
// words w.
func resultText(lo, hi int, w resultWords) string {
	switch {
	case lo == hi && lo > 0:
		return fmt.Sprintf("%s %d", w.win, lo)
	case lo == hi && lo < 0:
		return fmt.Sprintf("%s %d", w.loss, -lo)
	case lo == hi:
		return w.draw
	case lo > 0:
		return fmt.Sprintf("%s %d to %d", w.win, lo, hi)
	case hi < 0:
		return fmt.Sprintf("%s %d to %d", w.loss, -hi, -lo)
	case hi == 0:
		return fmt.Sprintf("%s, or %s up to %d", w.draw, w.loss, -lo)
	case lo == 0:
		return fmt.Sprintf("%s, or %s up to %d", w.draw, w.win, hi)
	}
	return fmt.Sprintf("%s up to %d, %s up to %d, or %s", w.win, hi, w.loss, -lo, w.draw)
}

// PlayRequest asks to play a move at the end of a line.
type PlayRequest struct {
	Line Line   `json:"line"`
	Move string `json:"move"` // a pit letter, or a pit number 0-11
	Side string `json:"side,omitempty"`
	// Steps asks for the pictures of the move step by step (svg.Steps).
	Steps bool `json:"steps,omitempty"`
}

// Play plays req.Move at the end of req.Line and returns the view after
// it, with the line that leads there, what the move did and, when asked,
// its steps. A move that the rules forbid is answered with the view of the
// same position and Illegal, which says which rule forbids it.
func (s *Service) Play(req PlayRequest) (View, error) {
	near, err := side(req.Side)
	if err != nil {
		return View{}, err
	}
	p, err := s.position(req.Line)
	if err != nil {
		return View{}, err
	}
	m, err := oware.ParseMove(req.Move)
	if err != nil {
		return View{}, fmt.Errorf("%w: move %q: want a pit letter, A-F or a-f", ErrBadRequest, req.Move)
	}
	if len(req.Line.Moves) >= MaxMoves {
		return View{}, fmt.Errorf("%w: more than %d moves", ErrBadRequest, MaxMoves)
	}
	e, err := p.Explain(m)
	if err != nil {
		v := s.view(req.Line, p, near)
		v.Illegal = illegal(p, m, err)
		return v, nil
	}
	l := req.Line
	l.Moves += m.String()
	v := s.view(l, e.After(), near)
	if req.Steps {
		steps, _ := svg.Steps(p, m, svg.Options{Side: near}) // legal: Explain succeeded
		for _, st := range steps {
			v.Steps = append(v.Steps, StepView{Rule: st.Rule, Caption: st.Caption, SVG: string(st.SVG)})
		}
	}
	return v, nil
}

// illegal says which rule forbids move m at p, which Play refused with
// err.
func illegal(p oware.Position, m oware.Move, err error) *IllegalMove {
	b := p.Board()
	mover := b.ToMove()
	var legal []string
	for l := range p.Moves().All() {
		legal = append(legal, l.String())
	}
	play := ""
	if len(legal) > 0 {
		play = ": play " + strings.Join(legal, ", ")
	}
	im := &IllegalMove{Move: m.String()}
	switch {
	case errors.Is(err, oware.ErrGameOver):
		im.Rule, im.Message = "D5", fmt.Sprintf("D5: the game is over (%s); no move can be played", p.Outcome())
	case errors.Is(err, oware.ErrNotYourPit):
		im.Rule, im.Message = "R2", fmt.Sprintf("R2: %s is %s's pit; %s plays a pit of their own side%s", m, mover.Opponent(), mover, play)
	case errors.Is(err, oware.ErrEmptyPit):
		im.Rule, im.Message = "R2", fmt.Sprintf("R2: %s is empty; %s plays a pit that holds seeds%s", m, mover, play)
	case errors.Is(err, oware.ErrMustFeed):
		im.Rule, im.Message = "R7", fmt.Sprintf("R7: %s's side is empty, and %s puts no seed there%s", mover.Opponent(), m, play)
	case errors.Is(err, oware.ErrGrandSlam):
		im.Rule, im.Message = "R6", fmt.Sprintf("R6 under %s: %s would take every seed of %s's side, which these rules forbid while another move does not%s", p.Rules(), m, mover.Opponent(), play)
	default:
		im.Rule, im.Message = "", err.Error()
	}
	return im
}
