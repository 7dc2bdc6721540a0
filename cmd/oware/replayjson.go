package main

import (
	"errors"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/wire"
	"github.com/seed3966233f/oware/ogn"
)

// replayGame is the JSON line that oware replay -json prints for a game.
type replayGame struct {
	Kind  string            `json:"kind"` // "game"
	File  string            `json:"file"` // "stdin" for "-"
	Game  int               `json:"game"` // its number in the file, from 1
	Tags  map[string]string `json:"tags"`
	Rules string            `json:"rules"`
	Start string            `json:"start"`
	// Plies counts the plies replayed: all of a valid game's, those before
	// the faulty one of an invalid game.
	Plies   int           `json:"plies"`
	Valid   bool          `json:"valid"`
	Outcome *wire.Outcome `json:"outcome,omitempty"` // after the last ply, for a valid game
	Error   *replayFault  `json:"error,omitempty"`   // for an invalid game
}

// replayFault is what is wrong with an invalid game, and where.
type replayFault struct {
	Reason  string `json:"reason"` // as the summary counts it, such as "empty pit (R2)"
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Ply     int    `json:"ply,omitempty"`
	Move    string `json:"move,omitempty"`
}

// replaySummary is the last JSON line of oware replay -json.
type replaySummary struct {
	Kind    string         `json:"kind"` // "summary"
	Games   int            `json:"games"`
	Plies   int            `json:"plies"`
	Valid   int            `json:"valid"`
	Invalid int            `json:"invalid"`
	Reasons map[string]int `json:"reasons"` // invalid games by reason
}

// record writes the JSON line of game number n of file name, which err
// says is invalid unless it is nil; nothing without -json.
func (rp *replayer) record(name string, n int, g ogn.Game, effects []oware.Effect, err error) {
	if rp.json == nil {
		return
	}
	if name == "-" {
		name = "stdin"
	}
	rec := replayGame{Kind: "game", File: name, Game: n, Tags: map[string]string{}, Rules: g.Rules.String(),
		Start: g.StartPosition().Board().String(), Plies: len(effects), Valid: err == nil}
	for _, t := range g.Tags {
		rec.Tags[t.Name] = t.Value
	}
	if err == nil {
		final := g.StartPosition()
		if len(effects) > 0 {
			final = effects[len(effects)-1].After()
		}
		rec.Outcome = &wire.Outcome{Outcome: final.Outcome()}
	} else {
		fault := &replayFault{Reason: reasonOf(err), Message: err.Error()}
		var re *ogn.ReplayError
		var pe *ogn.ParseError
		switch {
		case errors.As(err, &re):
			fault.Message, fault.Line, fault.Ply = re.Reason(), re.Line, re.Ply
			if re.Ply > 0 {
				fault.Move = re.Move.String()
			}
		case errors.As(err, &pe):
			fault.Message, fault.Line, fault.Column = pe.Msg, pe.Line, pe.Column
		}
		rec.Error = fault
	}
	rp.json.write(rec)
}

// jsonSummary writes the summary line of -json.
func (rp *replayer) jsonSummary() {
	rp.json.write(replaySummary{Kind: "summary", Games: rp.games, Plies: rp.plies,
		Valid: rp.games - rp.invalid, Invalid: rp.invalid, Reasons: rp.reasons})
}
