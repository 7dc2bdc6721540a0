package svg

import (
	"fmt"
	"strings"

	"github.com/seed3966233f/oware"
)

// Step is one step of a move as Steps draws it: what the rules did, the
// rule that did it, and the picture of the board then.
type Step struct {
	// Rule is the rule that the step follows: "R3" for the seeds taken
	// and each seed sown, "R4" for a seed sown past the pit of origin,
	// which a lap skips, "R5" for each pit captured, "R6" for a capture
	// that a grand slam annuls. The last step, the board after the move,
	// gives the rule that ended the game (R8, R9, R10), or else "R7" for
	// a move that fed the opponent, or else the rule of the step before.
	// It is "" where only another program's rule ends the game (its limit
	// of plies, say).
	Rule string
	// Caption says what the step did, beginning with its rule, such as
	// "R5: the last seed makes d hold 2: South captures them".
	Caption string
	// SVG is the picture of the board after the step.
	SVG []byte
}

// Steps returns the pictures of move m played at p, step by step, for a
// board that shows a move as it happens: the seeds taken from the pit
// sown (R3); each seed sown, the pit of origin skipped on a lap (R4);
// each pit captured, from the pit of the last seed backwards, and where
// the run stops (R5), or the run that a grand slam annuls (R6); and last
// the picture that Move draws of the board after the move, which says
// whether the move fed the opponent (R7) and how the game ended (R8–R10).
// Each picture shows the board as it stands then, with the seeds still in
// hand named under it, and what the move did so far, marked as Move marks
// it; the pictures of one move have the same size. Only o.Side applies:
// the steps have captions of their own and mark no legal move. Steps
// fails as p.Explain(m) does, with the same *oware.MoveError.
func Steps(p oware.Position, m oware.Move, o Options) ([]Step, error) {
	e, err := p.Explain(m)
	if err != nil {
		return nil, err
	}
	o.Legal, o.Caption = 0, ""
	b := p.Board()
	mover, origin := b.ToMove(), m.Pit()
	pic := newPicture(b, o)
	pic.move = true
	var pics []picture
	var steps []Step
	add := func(rule, what, status string) {
		pic.lines = []string{rule + ": " + what, status}
		pics = append(pics, pic)
		steps = append(steps, Step{Rule: rule, Caption: rule + ": " + what})
	}
	inHand := func(n int) string {
		if n == 0 {
			return "No seed left in hand"
		}
		return capital(seeds(n)) + " in hand"
	}

	hand := pic.pits[origin]
	pic.pits[origin] = 0
	pic.marks[origin].origin = hand
	add("R3", fmt.Sprintf("%s takes the %s of %s", mover, seeds(hand), m), inHand(hand))

	prev := origin
	for pit := range e.Sown() {
		pic.pits[pit]++
		hand--
		pic.marks[prev].last = false
		pic.marks[pit].sown++
		pic.marks[pit].last = true
		if pit != (prev+1)%oware.NumPits {
			add("R4", fmt.Sprintf("%s, the pit sown from, is skipped; a seed into %s", m, oware.Move(pit)), inHand(hand))
		} else {
			add("R3", fmt.Sprintf("a seed into %s", oware.Move(pit)), inHand(hand))
		}
		prev = pit
	}

	var taken []oware.Capture
	for c := range e.Captures() {
		taken = append(taken, c)
	}
	for i, c := range taken {
		pic.pits[c.Pit] -= c.Seeds
		pic.scores[mover] += c.Seeds
		pic.gained[mover] += c.Seeds
		pic.marks[c.Pit].captured = c.Seeds
		what := fmt.Sprintf("the last seed makes %s hold %d: %s captures them", oware.Move(c.Pit), c.Seeds, mover)
		if i > 0 {
			what = fmt.Sprintf("%s, the pit before, holds %d: %s captures them too", oware.Move(c.Pit), c.Seeds, mover)
		}
		if i == len(taken)-1 {
			what += "; " + runStop(pic.pits, c.Pit, mover)
		}
		add("R5", what, fmt.Sprintf("%s has captured %d", mover, pic.gained[mover]))
	}
	if e.GrandSlam() {
		var pits []string
		n := 0
		for c := range e.Annulled() {
			pic.marks[c.Pit].annulled = c.Seeds
			pits = append(pits, oware.Move(c.Pit).String())
			n += c.Seeds
		}
		add("R6", fmt.Sprintf("taking %s (%s) would leave %s no seed: a grand slam, so nothing is captured", strings.Join(pits, ", "), seeds(n), mover.Opponent()), "")
	}

	last := Step{Rule: steps[len(steps)-1].Rule, Caption: caption(e)}
	if e.Fed() {
		last.Rule = "R7"
	}
	if out := e.Outcome(); out.Over() {
		last.Rule = out.Reason().Rule()
	}
	steps = append(steps, last)
	pics = append(pics, movePicture(e, o))
	lines := 0
	for i := range pics {
		lines = max(lines, len(pics[i].wrapped()))
	}
	for i := range pics {
		pics[i].minLines = lines
		steps[i].SVG = pics[i].appendTo(nil)
	}
	return steps, nil
}

// runStop says why a capture run that ended at pit stops at the pit
// before it (R5).
func runStop(pits [oware.NumPits]int, pit int, mover oware.Player) string {
	before := (pit + oware.NumPits - 1) % oware.NumPits
	if oware.Move(before).Player() == mover {
		return fmt.Sprintf("%s is %s's own pit, which ends the run", oware.Move(before), mover)
	}
	return fmt.Sprintf("%s holds %d, which ends the run", oware.Move(before), pits[before])
}

// capital returns s with its first letter in upper case.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
