package board

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// LoadRequest asks to read a game or a position: an OGN record (its first
// game), a PlayStrategy export, a position string, a PlayStrategy FEN, or
// a position with its history as oware.Position.String writes it.
type LoadRequest struct {
	Text string `json:"text"`
}

// Tag is a tag pair of a game record.
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Loaded is a game or a position read by Load.
type Loaded struct {
	Line Line   `json:"line"`
	Kind string `json:"kind"` // "position", "ogn" or "playstrategy"
	Tags []Tag  `json:"tags"`
}

// Load reads req.Text as a position or a game record and returns its line.
// A record is replayed under the full rules: one that breaks them is an
// error that names the faulty ply and the rule.
func (s *Service) Load(req LoadRequest) (Loaded, error) {
	text := strings.TrimSpace(req.Text)
	if text == "" {
		return Loaded{}, fmt.Errorf("%w: nothing to load", ErrBadRequest)
	}
	if !strings.ContainsAny(text, "[\n") {
		if l, ok := loadPosition(text); ok {
			return Loaded{Line: l, Kind: "position", Tags: []Tag{}}, nil
		}
	}
	var first error
	for _, f := range []ogn.Format{ogn.OGN, ogn.PlayStrategy} {
		r := ogn.NewReader(strings.NewReader(text))
		r.Format = f
		g, effects, err := r.ReadReplay()
		if errors.Is(err, io.EOF) {
			err = errors.New("no game in the text")
		}
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		l := Line{Rules: g.Rules.String()}
		if g.Start.Valid() && g.Start != oware.Start().Board() {
			l.Start = g.Start.String()
		}
		var moves strings.Builder
		for _, e := range effects {
			moves.WriteString(e.Move().String())
		}
		l.Moves = moves.String()
		out := Loaded{Line: l, Kind: "ogn", Tags: []Tag{}}
		if f == ogn.PlayStrategy {
			out.Kind = "playstrategy"
		}
		for _, t := range g.Tags {
			out.Tags = append(out.Tags, Tag{Name: t.Name, Value: t.Value})
		}
		return out, nil
	}
	return Loaded{}, fmt.Errorf("%w: not a position or a game record: %v", ErrBadRequest, first)
}

// loadPosition reads text as a position: a position string or FEN, or
// a position with its history ("[RULES] BOARD [MOVES]").
func loadPosition(text string) (Line, bool) {
	if b, err := ogn.ParseBoardOrFEN(text); err == nil {
		return Line{Start: b.String()}, true
	}
	p, err := oware.ParsePosition(text)
	if err != nil {
		return Line{}, false
	}
	fields := strings.Fields(text)
	l := Line{Rules: p.Rules().String()}
	if _, err := oware.ParseRules(fields[0]); err == nil {
		fields = fields[1:]
	}
	l.Start = fields[0]
	fields = fields[1:]
	if len(fields) > 0 && strings.HasPrefix(fields[0], "+") {
		return Line{}, false // plies played before the board: a line cannot hold them
	}
	if len(fields) > 0 {
		l.Moves = fields[0]
	}
	return l, true
}

// SaveRequest asks for the record of a line.
type SaveRequest struct {
	Line Line  `json:"line"`
	Tags []Tag `json:"tags,omitempty"`
}

// Saved is a game record.
type Saved struct {
	OGN string `json:"ogn"`
}

// Save returns the OGN record of req.Line with its tags: capture marks and
// the result follow from the rules.
func (s *Service) Save(req SaveRequest) (Saved, error) {
	p, err := s.position(req.Line)
	if err != nil {
		return Saved{}, err
	}
	var start oware.Board
	if req.Line.Start != "" {
		start, _ = ogn.ParseBoardOrFEN(req.Line.Start) // read by position
	}
	moves := make([]oware.Move, len(req.Line.Moves))
	for i := range moves {
		moves[i], _ = oware.ParseMove(req.Line.Moves[i : i+1]) // read by position
	}
	g, err := ogn.NewGame(p.Rules(), start, moves...)
	if err != nil {
		return Saved{}, fmt.Errorf("%w: %v", ErrBadRequest, err) // played by position: not expected
	}
	if len(req.Tags) > ogn.DefaultLimits.Tags {
		return Saved{}, fmt.Errorf("%w: more than %d tags", ErrBadRequest, ogn.DefaultLimits.Tags)
	}
	for _, t := range req.Tags {
		if t.Name == "Result" || t.Name == "FEN" || t.Name == "Variant" {
			continue // stated by the game itself
		}
		g.Tags = append(g.Tags, ogn.Tag{Name: t.Name, Value: t.Value})
	}
	text, err := g.MarshalText()
	if err != nil {
		return Saved{}, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	return Saved{OGN: string(text)}, nil
}
