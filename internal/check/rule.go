package check

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/wire"
)

// The rule of a divergence. A move goes through steps, each decided by a
// rule: the pits sown (R3, R4 for laps), the capture (R5) and the grand
// slam (R6), the position that results, feeding (R7), the occurrences of
// the position (D2), the legal moves after it (R2, R7, or the ending that
// leaves none, R8–R10, D5) and the outcome (the ending, the tallies D3,
// the result R11). The rule of a divergence is the rule of the earliest
// step whose field differs, worked out in the position where it differs.
// Under a preset that changes a rule, the knob of oware.Rules that
// changes it is named instead, such as "RepeatLimit" for the repetition
// of OpenSpiel's rules.

// ruleNames are short names of the rules (R1–R11, D1–D5) and of the
// knobs of oware.Rules.
var ruleNames = map[string]string{
	"R1": "board", "R2": "choice", "R3": "sowing", "R4": "laps", "R5": "capture",
	"R6": "grand slam", "R7": "feeding", "R8": "majority", "R9": "no move",
	"R10": "repetition", "R11": "result", "D1": "same position", "D2": "counting",
	"D3": "final tallies", "D4": "arbitrary positions", "D5": "finished games",
	"GrandSlam":           "the preset's grand slam, R6 under abapa",
	"RepeatLimit":         "the preset's occurrence that ends the game, R10 under abapa",
	"RepeatWithEmptySide": "the preset's repetition while a side is empty, which R10 excepts",
	"EvenSplit":           "the preset's even split after a repetition, D3 under abapa",
	"NoMajority":          "the preset has no win by 25, R8 under abapa",
	"MajoritySweep":       "the preset's seeds left after 25, D3 under abapa",
	"LoneSeeds":           "the preset's lone seeds",
	"MaxPlies":            "the preset's limit of plies",
	"MaxQuietPlies":       "the preset's limit of plies without a capture",
}

// RuleName returns a rule id or knob with its name, such as "R6 (grand
// slam)" or "RepeatLimit (the preset's occurrence that ends the game, R10
// under abapa)".
func RuleName(id string) string {
	if name, ok := ruleNames[id]; ok {
		return id + " (" + name + ")"
	}
	return id
}

// stepOrder lists the fields of a ply, and of the start, in the order of
// the steps that decide them.
var stepOrder = []string{
	"start", "move", "sown", "captures", "captured", "grand_slam", "annulled",
	"position", "fed", "repetitions", "legal",
	"outcome.over", "outcome.reason", "outcome.rule", "outcome.tallies",
	"outcome.winner", "outcome.draw", "outcome", "error", "plies",
}

// firstStep returns the field of diffs that comes first in stepOrder.
func firstStep(diffs []Diff) string {
	best, field := len(stepOrder), ""
	for _, d := range diffs {
		if i := slices.Index(stepOrder, d.Field); i >= 0 && i < best {
			best, field = i, d.Field
		}
	}
	return field
}

// judge works out the rule of a divergence under the library's rules.
type judge struct {
	rules oware.Rules
}

// diverge returns the divergence at ply n with the rule it involves.
// before is the position before the ply (the start for ply 0), w the
// library's ply (nil at the start) and got the subject's fields.
func (j judge) diverge(n int, move string, before oware.Position, w *oware.Effect, diffs []Diff, got map[string]json.RawMessage) *Divergence {
	return &Divergence{Ply: n, Move: move, Before: before, Rule: j.ruleOf(before, w, diffs, got), Diffs: diffs}
}

// ruleOf returns the rule that decides the first field of diffs, in the
// order of the steps of a move.
func (j judge) ruleOf(before oware.Position, w *oware.Effect, diffs []Diff, got map[string]json.RawMessage) string {
	at, lib := before, before.Outcome()
	if w != nil {
		at, lib = w.After(), w.Outcome()
	}
	field := firstStep(diffs)
	switch {
	case field == "start":
		return "D4"
	case field == "move":
		return "R2"
	case field == "sown":
		return sowingRule(w)
	case field == "captures" || field == "captured" || field == "grand_slam" || field == "annulled":
		return j.captureRule(before, w, got)
	case field == "position":
		return j.positionRule(before, w, got)
	case field == "fed":
		return "R7"
	case field == "repetitions":
		return "D2"
	case field == "legal":
		return j.legalRule(at, lib, got)
	case strings.HasPrefix(field, "outcome"):
		return j.outcomeRule(at, lib, field, got)
	}
	return j.missingRule(before, diffs) // "error" or "plies": the subject refused or left out a legal move
}

// sowingRule is the rule of the sowing of w: laps from 12 seeds (R4).
func sowingRule(w *oware.Effect) string {
	if w.Seeds() >= oware.NumPits {
		return "R4"
	}
	return "R3"
}

// knob returns the knob of j's rules that changes rule, or rule itself
// when they keep it as abapa has it.
func (j judge) knob(rule string, at oware.Board) string {
	r := j.rules
	switch {
	case rule == "R6" && r.GrandSlam() != oware.GrandSlamAnnulled:
		return "GrandSlam"
	case rule == "R8" && r.NoMajority():
		return "NoMajority"
	case rule == "R10" && r.RepeatWithEmptySide() && emptySide(at):
		return "RepeatWithEmptySide"
	case rule == "R10" && r.RepeatLimit() != (oware.Rules{}).RepeatLimit():
		return "RepeatLimit"
	}
	return rule
}

// emptySide reports whether a side of b holds no seed.
func emptySide(b oware.Board) bool {
	return b.SideSeeds(oware.South) == 0 || b.SideSeeds(oware.North) == 0
}

// captureRule is the rule of a capture that differs: the grand slam (R6,
// or the preset's knob) when the library's move takes or would take
// every seed of the opponent, or when the subject annuls a run of the
// opponent's pits; the lone seeds under a preset that has them; else the
// capture (R5), whose run the subject may have carried too far.
func (j judge) captureRule(before oware.Position, w *oware.Effect, got map[string]json.RawMessage) string {
	b := before.Board()
	opp := b.ToMove().Opponent()
	tookAll := w.Captured() > 0 && w.After().Board().SideSeeds(opp) == 0
	var slam bool
	_ = json.Unmarshal(got["grand_slam"], &slam)
	switch {
	case w.LoneSeeds() || j.rules.LoneSeeds() && b.SideSeeds(oware.South)+b.SideSeeds(oware.North)-w.Captured() == 2:
		return "LoneSeeds"
	case w.GrandSlam() || tookAll:
		return j.knob("R6", b)
	case slam && onSide(got, opp):
		return j.knob("R6", b)
	}
	return "R5"
}

// onSide reports whether every pit the subject lists as captured or
// annulled is on p's side.
func onSide(got map[string]json.RawMessage, p oware.Player) bool {
	for _, list := range []string{"captures", "annulled"} {
		var caps []wire.Capture
		_ = json.Unmarshal(got[list], &caps)
		for _, c := range caps {
			if c.Pit/oware.PitsPerSide != int(p) {
				return false
			}
		}
	}
	return true
}

// positionRule is the rule of a position after the move that differs,
// when no field that says what the move did differs: a pit whose count is
// neither what sowing leaves there nor 0 was sown otherwise (R3, R4); else
// pits emptied, or not, and scores differ by a capture.
func (j judge) positionRule(before oware.Position, w *oware.Effect, got map[string]json.RawMessage) string {
	var text string
	x, err := oware.Board{}, json.Unmarshal(got["position"], &text)
	if err == nil {
		x, err = oware.ParseBoard(text)
	}
	if err != nil { // no position, or none that can be read: the move's main step
		switch {
		case w.GrandSlam() || w.Captured() > 0 || w.LoneSeeds():
			return j.captureRule(before, w, got)
		}
		return sowingRule(w)
	}
	sown := before.Board().Pits()
	sown[w.Move()] = 0
	for pit := range w.Sown() {
		sown[pit]++
	}
	lib := w.After().Board()
	captured := false
	for i := range oware.NumPits {
		switch n := x.Pit(i); {
		case n == lib.Pit(i):
		case n != sown[i] && n != 0:
			return sowingRule(w)
		default:
			captured = true
		}
	}
	if captured || x.Score(oware.South) != lib.Score(oware.South) || x.Score(oware.North) != lib.Score(oware.North) {
		return j.captureRule(before, w, got)
	}
	return "R3" // only the side to move differs: the turn passes with the move
}

// subjectOutcome is what the subject says of the outcome: whether it
// says anything, whether the game is over and why.
type subjectOutcome struct {
	given  bool
	over   bool
	reason oware.Reason
	known  bool // reason is one the library knows
}

// outcomeOf reads the subject's outcome.
func outcomeOf(got map[string]json.RawMessage) subjectOutcome {
	var o struct {
		Over   *bool   `json:"over"`
		Reason *string `json:"reason"`
	}
	if got["outcome"] == nil || json.Unmarshal(got["outcome"], &o) != nil {
		return subjectOutcome{}
	}
	s := subjectOutcome{given: true}
	if o.Reason != nil {
		s.known = s.reason.UnmarshalText([]byte(*o.Reason)) == nil
		s.over = s.known && s.reason != oware.NotOver
	}
	if o.Over != nil && o.Reason == nil {
		s.over = *o.Over
	}
	return s
}

// legalRule is the rule of legal moves that differ at at, whose outcome
// is lib by the library: finished games have none (D5) when the subject
// knows the game is over; else the ending that one side sees, or the
// rules of choice and feeding (R2, R7).
func (j judge) legalRule(at oware.Position, lib oware.Outcome, got map[string]json.RawMessage) string {
	s := outcomeOf(got)
	switch {
	case lib.Over() && s.over:
		return "D5"
	case lib.Over():
		return j.endingRule(lib.Reason(), at)
	case s.over:
		return j.endingRule(s.reason, at)
	case !s.given && sameJSON(got["legal"], []byte("[]")):
		return j.guessEnding(at)
	}
	return j.choiceRule(at)
}

// endingRule is the rule of an ending at at: the majority (R8), no move
// (the rules of choice and feeding that leave none), repetition (R10),
// and the presets' knobs and limits.
func (j judge) endingRule(reason oware.Reason, at oware.Position) string {
	b := at.Board()
	switch reason {
	case oware.Majority:
		return j.knob("R8", b)
	case oware.NoMove:
		return j.choiceRule(at)
	case oware.Repetition:
		return j.knob("R10", b)
	case oware.QuietLimit:
		return "MaxQuietPlies"
	case oware.PlyLimit:
		return "MaxPlies"
	}
	return "R11"
}

// guessEnding is the rule of an ending that the subject sees at at
// without saying which: a score of 25 (R8), a position that recurs
// (R10), else the rules of choice and feeding.
func (j judge) guessEnding(at oware.Position) string {
	b := at.Board()
	switch {
	case max(b.Score(oware.South), b.Score(oware.North)) >= oware.WinningScore:
		return j.knob("R8", b)
	case at.Repetitions() >= 2:
		return j.knob("R10", b)
	}
	return j.choiceRule(at)
}

// choiceRule is the rule that decides which moves are legal at at: the
// forbidden grand slam of a preset, when it makes them differ from
// abapa's; feeding (R7) when the opponent's side is empty; else the
// choice of a pit of one's own that holds seeds (R2).
func (j judge) choiceRule(at oware.Position) string {
	b := at.Board()
	mover := b.ToMove()
	starving := b.SideSeeds(mover.Opponent()) == 0
	if j.rules.GrandSlam() == oware.GrandSlamForbidden && at.Moves() != abapaMoves(b) && !at.Outcome().Over() {
		return "GrandSlam"
	}
	if starving {
		return "R7"
	}
	return "R2"
}

// abapaMoves returns the moves that R2 and R7 allow at b.
func abapaMoves(b oware.Board) oware.MoveSet {
	var s oware.MoveSet
	mover := b.ToMove()
	starving := b.SideSeeds(mover.Opponent()) == 0
	for i := range oware.PitsPerSide {
		pit := oware.PitsPerSide*int(mover) + i
		if n := b.Pit(pit); n > 0 && (!starving || n >= oware.PitsPerSide-i) {
			s |= 1 << pit
		}
	}
	return s
}

// outcomeRule is the rule of an outcome that differs at at, whose outcome
// is lib by the library, field being the first field that differs: the
// ending, when the two see different ones; the tallies (D3, or the knob
// that changes them); the result (R11).
func (j judge) outcomeRule(at oware.Position, lib oware.Outcome, field string, got map[string]json.RawMessage) string {
	s := outcomeOf(got)
	b := at.Board()
	switch {
	case s.known && s.reason != lib.Reason() && lib.Over():
		return j.endingRule(lib.Reason(), at)
	case s.known && s.reason != lib.Reason():
		return j.endingRule(s.reason, at)
	case field == "outcome.over" || field == "outcome.reason" || field == "outcome.rule" || field == "outcome":
		if lib.Over() {
			return j.endingRule(lib.Reason(), at)
		}
		return j.guessEnding(at)
	case lib.Reason() == oware.PlyLimit:
		return "MaxPlies"
	case field != "outcome.tallies":
		return "R11"
	}
	switch r := j.rules; {
	case lib.Reason() == oware.Majority && r.MajoritySweep() != oware.SweepNone:
		return "MajoritySweep"
	case lib.Reason() == oware.Repetition && r.EvenSplit():
		return "EvenSplit"
	case lib.Reason() == oware.QuietLimit:
		return "MaxQuietPlies"
	case lib.Reason() == oware.Repetition && r.RepeatWithEmptySide() && emptySide(b):
		return "RepeatWithEmptySide"
	}
	return "D3"
}

// missingRule is the rule of a legal move that the subject refuses, by
// the code of its error: a game over too soon (the ending it sees),
// feeding (R7), the forbidden grand slam, or the choice of a pit (R2).
func (j judge) missingRule(before oware.Position, diffs []Diff) string {
	var code string
	for _, d := range diffs {
		if d.Field == "error" {
			var e struct {
				Code string `json:"code"`
			}
			_ = json.Unmarshal([]byte(d.Subject), &e)
			code = e.Code
		}
	}
	switch code {
	case oracle.CodeGameOver:
		return j.guessEnding(before)
	case oracle.CodeMustFeed:
		return "R7"
	case oracle.CodeGrandSlam:
		return j.knob("R6", before.Board())
	}
	return "R2"
}

// refusedRule is the rule by which the library refuses a move with code:
// that of its error in oracle.Errors, or the choice of a pit (R2) for
// text that names none.
func (j judge) refusedRule(code string) string {
	for _, k := range oracle.Errors {
		if k.Code == code && k.Rule() != "" {
			return j.knob(k.Rule(), oware.Board{})
		}
	}
	return "R2"
}
