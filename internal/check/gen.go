package check

import (
	"strconv"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// Kind is a family of cases: what a generated case is made to reach.
type Kind uint8

// The families of cases, generated in turn.
const (
	Opening    Kind = iota // a random game from the opening (R2–R5, R8)
	Endgame                // a random game from 2–10 seeds on the board (R7, R9, R10, lone seeds)
	Laps                   // a first move of 12–48 seeds, 1 to 4 laps (R4)
	GrandSlam              // a grand slam first, North's across the 11→0 wrap half the time (R6)
	Feeding                // the opponent's side empty at the start, a pile of 12 or more at times (R7, R9)
	Majority               // a capture that makes a score 25 or a little more (R8, D3)
	Draw                   // an endgame that ends 24–24 (R11)
	Repetition             // an endgame in which a position occurs a third time (R10, D2)
	EmptySide              // an endgame in which a position with an empty side occurs 3 times (R10's exception)
	Ended                  // a start at or past the end, or a move after the end (R8, R9, D4, D5)
	Illegal                // a refused move, each error code in turn (R2, R7, D5, R6 under awari)
	LongLine               // a capture-free line of 32 to 2,200 plies in which a position recurs far back (R10, D2, the limits)
	numKinds
)

var kindNames = [numKinds]string{
	"opening game", "endgame", "laps", "grand slam", "feeding",
	"majority of 25", "24-24", "repetition", "empty-side repetition",
	"ended", "illegal move", "long line",
}

// Kinds returns every family, in the order in which they take turns.
func Kinds() []Kind {
	ks := make([]Kind, numKinds)
	for i := range ks {
		ks[i] = Kind(i)
	}
	return ks
}

// String names the family, such as "grand slam".
func (k Kind) String() string {
	if k >= numKinds {
		return "kind " + strconv.Itoa(int(k))
	}
	return kindNames[k]
}

// MarshalText implements encoding.TextMarshaler with String.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// maxPlies bounds a random game; games end long before (R10).
const maxPlies = 2000

// tries bounds the search for a position or game of a rare kind; when it
// fails, the last try is used, which is still a valid case.
const tries = 200

// Generator makes the cases of a check from a seed: the same seed gives
// the same cases, in the same order.
type Generator struct {
	rng   *prng.Source
	kinds []Kind        // the families, in turn
	made  int           // the cases made so far
	turn  [numKinds]int // the cases made of each family so far
	rules oware.Rules
	walk  *walker // the long lines' walks, made at the first
}

// NewGenerator returns a generator of cases under r for seed, of the
// given families in turn, or of every family when none is given.
func NewGenerator(r Rules, seed uint64, families ...Kind) *Generator {
	if len(families) == 0 {
		families = Kinds()
	}
	return &Generator{rng: prng.New(seed), kinds: families, rules: r.game}
}

// Next returns the next case. The families come in turn, the first given
// first (Opening, when they are all).
func (g *Generator) Next() Case {
	k := g.kinds[g.made%len(g.kinds)]
	g.made++
	c := g.make(k, g.turn[k]).legalized()
	g.turn[k]++
	c.Kind = k
	return c
}

// make returns the case of family k that comes turn-th in its family:
// some families go through their variants in turn.
func (g *Generator) make(k Kind, turn int) Case {
	switch k {
	case Opening:
		return g.playOut(g.rules.Start().Board(), nil)
	case Endgame:
		return g.playOut(g.fewSeeds(2, 10), nil)
	case Laps:
		return g.laps(turn)
	case GrandSlam:
		return g.grandSlam(turn)
	case Feeding:
		return g.playOut(g.starved(turn%3 == 2), nil)
	case Majority:
		return g.majority()
	case Draw:
		return g.endgameWhere(func(ps []oware.Position) bool {
			return ps[len(ps)-1].Outcome().Draw()
		})
	case Repetition:
		return g.endgameWhere(thirdOccurrence)
	case EmptySide:
		return g.endgameWhere(g.emptySideRepeats)
	case Ended:
		return g.ended(turn)
	case Illegal:
		return g.illegal(turn)
	default:
		return g.longLine(turn)
	}
}

// playOut returns the case that plays first, then uniformly random legal
// moves from start until the game ends. A move of first that the library
// refuses becomes the case's refused move, and ends it.
func (g *Generator) playOut(start oware.Board, first []oware.Move) Case {
	p := g.rules.Position(start)
	c := Case{Start: start, rules: g.rules}
	for _, m := range first {
		next, err := p.Play(m)
		if err != nil {
			c.Refused = m.String()
			return c
		}
		p, c.Moves = next, append(c.Moves, m)
	}
	c.Moves = g.randomMoves(p, c.Moves, maxPlies)
	return c
}

// randomMoves appends to moves uniformly random legal moves from p until
// the game ends or moves holds limit moves.
func (g *Generator) randomMoves(p oware.Position, moves []oware.Move, limit int) []oware.Move {
	for len(moves) < limit && p.Moves().Len() > 0 {
		m, _ := p.Moves().Nth(g.rng.IntN(p.Moves().Len()))
		p, _ = p.Play(m)
		moves = append(moves, m)
	}
	return moves
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

// thirdOccurrence reports whether a position occurs for the third time in
// the game, or the game ends by repetition (at the second occurrence,
// under rules that say so).
func thirdOccurrence(ps []oware.Position) bool {
	for _, p := range ps {
		if p.Repetitions() >= 3 || p.Outcome().Reason() == oware.Repetition {
			return true
		}
	}
	return false
}

// emptySideRepeats reports whether a position with an empty side occurs
// for the third time in the game, or for the second under rules whose
// repetition ends the game there.
func (g *Generator) emptySideRepeats(ps []oware.Position) bool {
	at := 3
	if g.rules.RepeatLimit() == 2 {
		at = 2
	}
	for _, p := range ps {
		if p.Repetitions() >= at && emptySide(p.Board()) {
			return true
		}
	}
	return false
}
