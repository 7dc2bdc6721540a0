package check

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// ruleNames are short names of the rule ids (R1–R11, D1–D5).
var ruleNames = map[string]string{
	"R1": "board", "R2": "choice", "R3": "sowing", "R4": "laps", "R5": "capture",
	"R6": "grand slam", "R7": "feeding", "R8": "majority", "R9": "no move",
	"R10": "repetition", "R11": "result", "D2": "counting", "D3": "final tallies",
}

// RuleName returns a rule id with its name, such as "R6 (grand slam)".
func RuleName(id string) string {
	if name, ok := ruleNames[id]; ok {
		return id + " (" + name + ")"
	}
	return id
}

// diverge returns the divergence at ply n with the rule it involves. w is
// the library's ply (nil at the start) and got the subject's fields.
func diverge(n int, move string, before oware.Position, w *oware.Effect, diffs []Diff, got map[string]json.RawMessage) *Divergence {
	return &Divergence{Ply: n, Move: move, Before: before, Rule: ruleOf(before, w, diffs, got), Diffs: diffs}
}

// ruleOf tells which rule a divergence involves: the move's own rule when
// what it does differs (sowing, laps, capture, grand slam, feeding), else
// the rule of the ending or of the legal moves.
func ruleOf(before oware.Position, w *oware.Effect, diffs []Diff, got map[string]json.RawMessage) string {
	switch {
	case w == nil:
		return endingRule(before.Outcome(), got, before)
	case hasField(diffs, "position", "sown", "captures", "grand_slam", "error", "plies"):
		return moveRule(before, w, diffs, got)
	case hasField(diffs, "fed"):
		return "R7"
	}
	return endingRule(w.Outcome(), got, w.After())
}

// moveRule is the rule of a move whose effect differs: the grand slam
// when either side sees one, else the rule of the first part of the move
// that differs, sowing (laps for 12 seeds or more) before capture.
func moveRule(before oware.Position, w *oware.Effect, diffs []Diff, got map[string]json.RawMessage) string {
	var slam bool
	_ = json.Unmarshal(got["grand_slam"], &slam)
	sowing := "R3"
	if w.Seeds() >= 12 {
		sowing = "R4"
	}
	switch {
	case w.GrandSlam() || slam:
		return "R6"
	case hasField(diffs, "sown"):
		return sowing
	case hasField(diffs, "captures") || w.Captured() > 0 || capturedBySubject(before, got):
		return "R5"
	case hasField(diffs, "error", "plies") && before.Board().SideSeeds(before.Board().ToMove().Opponent()) == 0:
		return "R7"
	}
	return sowing
}

// hasField reports whether one of diffs is on one of the fields names.
func hasField(diffs []Diff, names ...string) bool {
	for _, d := range diffs {
		if slices.Contains(names, d.Field) {
			return true
		}
	}
	return false
}

// capturedBySubject reports whether the subject says the move captures:
// captures listed, or a score that grew.
func capturedBySubject(before oware.Position, got map[string]json.RawMessage) bool {
	var caps []oware.Capture
	if json.Unmarshal(got["captures"], &caps) == nil && len(caps) > 0 {
		return true
	}
	var pos string
	if json.Unmarshal(got["position"], &pos) != nil {
		return false
	}
	b, err := oware.ParseBoard(pos)
	mover := before.Board().ToMove()
	return err == nil && b.Score(mover) > before.Board().Score(mover)
}

// endingRule is the rule of a divergence in the outcome, the legal moves
// or the repetition count at p, whose outcome is want by the library.
func endingRule(want oware.Outcome, got map[string]json.RawMessage, p oware.Position) string {
	var o struct {
		Reason string `json:"reason"`
	}
	_ = json.Unmarshal(got["outcome"], &o)
	subjectOver := o.Reason != "" && o.Reason != "not over"
	switch {
	case want.Over() && (o.Reason == want.Reason().String() || o.Reason == ""):
		if want.Reason() == oware.Majority {
			return "R8"
		}
		return finalRule(want, got)
	case want.Reason() == oware.NoMove && p.Board().SideSeeds(p.Board().ToMove()) > 0:
		return "R7" // the mover has seeds, but none can feed
	case want.Over():
		return want.Reason().Rule()
	case subjectOver:
		return reasonRule(o.Reason)
	case got["repetitions"] != nil && !sameJSON(got["repetitions"], []byte(strconv.Itoa(p.Repetitions()))):
		return "D2"
	case p.Board().SideSeeds(p.Board().ToMove().Opponent()) == 0:
		return "R7"
	}
	return "R2"
}

// finalRule is the rule of a divergence after the same ending by R9 or
// R10: the tallies (D3) or the result (R11), else the ending's own rule.
func finalRule(want oware.Outcome, got map[string]json.RawMessage) string {
	var o struct {
		Tallies json.RawMessage `json:"tallies"`
	}
	_ = json.Unmarshal(got["outcome"], &o)
	b, _ := json.Marshal(want)
	var lib struct {
		Tallies json.RawMessage `json:"tallies"`
	}
	_ = json.Unmarshal(b, &lib)
	if o.Tallies != nil && !sameJSON(o.Tallies, lib.Tallies) {
		return "D3"
	}
	if o.Tallies != nil {
		return "R11"
	}
	return want.Reason().Rule()
}

// reasonRule returns the rule of an outcome's reason, as the protocol
// writes it.
func reasonRule(reason string) string {
	for _, r := range []oware.Reason{oware.Majority, oware.NoMove, oware.Repetition} {
		if strings.EqualFold(reason, r.String()) {
			return r.Rule()
		}
	}
	return "R11"
}
