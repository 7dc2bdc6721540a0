package check

import (
	"strconv"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// Kind says what a generated case is made to reach.
type Kind uint8

// The kinds of case, generated in turn.
const (
	Opening    Kind = iota // a random game from the opening (R1–R5, R8)
	Endgame                // a random game from 2–10 seeds on the board (R7, R9, R10)
	Laps                   // a move of 12–47 seeds first (R4)
	GrandSlam              // a grand slam first, North's across the 11→0 wrap half the time (R6)
	Feeding                // the opponent's side empty at the start (R7, R9)
	Majority               // a capture that makes a score exactly 25 (R8, D3)
	Draw                   // an endgame that ends 24–24 (R11)
	Repetition             // an endgame that ends by repetition (R10, D2)
	EmptySide              // an endgame in which a position with an empty side occurs 3 times (R10's exception)
	numKinds
)

var kindNames = [numKinds]string{
	"opening game", "endgame", "laps", "grand slam", "feeding",
	"majority of 25", "24-24", "repetition", "empty-side repetition",
}

// String names the kind, such as "grand slam".
func (k Kind) String() string {
	if k >= numKinds {
		return "kind " + strconv.Itoa(int(k))
	}
	return kindNames[k]
}

// maxPlies bounds a random game; games end long before (R10).
const maxPlies = 2000

// tries bounds the search for a position or game of a rare kind; when it
// fails, the last try is used, which is still a valid case.
const tries = 200

// Generator makes the cases of a check from a seed: the same seed gives
// the same cases, in the same order.
type Generator struct {
	rng   *prng.Source
	next  Kind
	rules oware.Rules
}

// NewGenerator returns a generator of cases under r for seed.
func NewGenerator(r Rules, seed uint64) *Generator {
	return &Generator{rng: prng.New(seed), rules: r.game}
}

// Next returns the next case. The kinds come in turn, Opening first.
func (g *Generator) Next() Case {
	k := g.next
	g.next = (g.next + 1) % numKinds
	c := g.make(k)
	c.Kind = k
	return c
}

// make returns a case of kind k.
func (g *Generator) make(k Kind) Case {
	switch k {
	case Opening:
		return g.playOut(g.rules.Start().Board(), nil)
	case Endgame:
		return g.playOut(g.fewSeeds(2, 10), nil)
	case Laps:
		return g.laps()
	case GrandSlam:
		return g.grandSlam()
	case Feeding:
		return g.playOut(g.starved(), nil)
	case Majority:
		return g.majority()
	case Draw:
		return g.endgameWhere(func(ps []oware.Position) bool {
			return ps[len(ps)-1].Outcome().Draw()
		})
	case Repetition:
		return g.endgameWhere(func(ps []oware.Position) bool {
			return ps[len(ps)-1].Outcome().Reason() == oware.Repetition
		})
	default:
		return g.endgameWhere(emptySideRepeats)
	}
}

// playOut returns the case that plays first, then uniformly random legal
// moves from start until the game ends.
func (g *Generator) playOut(start oware.Board, first []oware.Move) Case {
	p := g.rules.Position(start)
	moves := append([]oware.Move(nil), first...)
	for _, m := range first {
		p, _ = p.Play(m) // the callers give legal moves
	}
	for len(moves) < maxPlies && p.Moves().Len() > 0 {
		m, _ := p.Moves().Nth(g.rng.IntN(p.Moves().Len()))
		p, _ = p.Play(m)
		moves = append(moves, m)
	}
	return Case{Start: start, Moves: moves, rules: g.rules}
}

// endgameWhere plays random endgames of 2–8 seeds until one satisfies ok,
// and returns it (or the last one tried).
func (g *Generator) endgameWhere(ok func([]oware.Position) bool) Case {
	var c Case
	for range tries {
		c = g.playOut(g.fewSeeds(2, 8), nil)
		if ok(c.positions()) {
			break
		}
	}
	return c
}

// emptySideRepeats reports whether a position with an empty side occurs
// for the third time in the game.
func emptySideRepeats(ps []oware.Position) bool {
	for _, p := range ps {
		b := p.Board()
		if p.Repetitions() >= 3 && (b.SideSeeds(oware.South) == 0 || b.SideSeeds(oware.North) == 0) {
			return true
		}
	}
	return false
}
