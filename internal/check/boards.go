package check

import (
	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/oracle"
)

// board returns the board of pits with random scores below 25 that make
// up the 48 seeds, and mover to move.
func (g *Generator) board(pits [oware.NumPits]int, mover oware.Player) oware.Board {
	return boardgen.Board(g.rng, pits, mover, false)
}

// scatter drops n seeds at random into the pits from first to first+count-1.
func (g *Generator) scatter(pits *[oware.NumPits]int, n, first, count int) {
	boardgen.Scatter(g.rng, pits, n, first, count)
}

// player returns South or North at random.
func (g *Generator) player() oware.Player { return oware.Player(g.rng.IntN(2)) }

// fewSeeds returns a board with lo to hi seeds at random places.
func (g *Generator) fewSeeds(lo, hi int) oware.Board {
	return boardgen.Endgame(g.rng, lo, hi)
}

// starved returns a board on which the opponent of the mover has no seed
// and the mover 1 to 12 (R7; R9 when no move can feed), and with pile
// also one pit of 12 to 36, whose laps feed.
func (g *Generator) starved(pile bool) oware.Board {
	var pits [oware.NumPits]int
	mover := g.player()
	own := oware.PitsPerSide * int(mover)
	g.scatter(&pits, 1+g.rng.IntN(12), own, oware.PitsPerSide)
	if pile {
		pits[own+g.rng.IntN(oware.PitsPerSide)] += 12 + g.rng.IntN(25)
	}
	return g.board(pits, mover)
}

// laps returns a game whose first move sows a pit of 12 to 48 seeds round
// the board 1 to 4 times (R4): the pit of origin is skipped once for 12 to
// 22 seeds, twice for 23 to 33, three times for 34 to 44 and four times
// for 45 to 48. The number of laps goes from 1 to 4 in turn, and the seeds
// through its range, so that every size from 12 to 48 comes in the first
// 44 cases.
func (g *Generator) laps(turn int) Case {
	mover := g.player()
	laps := 1 + turn%4
	lo := (oware.NumPits-1)*laps + 1
	hi := min(lo+oware.NumPits-2, oware.NumSeeds)
	pit := oware.PitsPerSide*int(mover) + g.rng.IntN(oware.PitsPerSide)
	b := boardgen.Pile(g.rng, pit, lo+turn/4%(hi-lo+1), mover)
	return g.playOut(b, []oware.Move{oware.Move(pit)})
}

// grandSlam returns a game whose first move would capture every seed of
// the opponent (R6): the mover's pit reaches the opponent's pits up to the
// last seed's, which hold 1 or 2 seeds each; the rest of that side is
// empty. When North moves, the sowing crosses from pit 11 to pit 0. Every
// other case, the mover's other pits are empty, so that the move is the
// only one. Under rules that forbid the move unless it is the only one,
// it is otherwise the case's refused move.
func (g *Generator) grandSlam(turn int) Case {
	var pits [oware.NumPits]int
	mover := g.player()
	own, opp := oware.PitsPerSide*int(mover), oware.PitsPerSide*int(mover.Opponent())
	from := g.rng.IntN(oware.PitsPerSide)
	reach := g.rng.IntN(oware.PitsPerSide) // the last seed's pit, from the opponent's first
	pits[own+from] = oware.PitsPerSide - from + reach
	for i := range reach + 1 {
		pits[opp+i] = 1 + g.rng.IntN(2)
	}
	for i := range oware.PitsPerSide {
		if i != from && turn%2 == 0 {
			pits[own+i] = g.rng.IntN(4)
		}
	}
	return g.playOut(g.board(pits, mover), []oware.Move{oware.Move(own + from)})
}

// majority returns a game whose first move captures what the mover lacks
// to reach 25, or up to 2 seeds more (R8): the game ends there, unless the
// rules have no majority.
func (g *Generator) majority() Case {
	for range tries {
		var pits [oware.NumPits]int
		g.scatter(&pits, 8+g.rng.IntN(23), 0, oware.NumPits)
		b := g.board(pits, g.player())
		if c, ok := g.winningCapture(b, g.rng.IntN(3)); ok {
			return c
		}
	}
	return g.playOut(g.rules.Start().Board(), nil)
}

// winningCapture finds a capture at b and returns the case that plays it
// with the mover's score set to 25 plus over minus the capture.
func (g *Generator) winningCapture(b oware.Board, over int) (Case, bool) {
	p := g.rules.Position(b)
	mover := b.ToMove()
	for m := range p.Moves().All() {
		e, _ := p.Explain(m)
		won := oware.WinningScore + over - e.Captured()
		lost := b.Score(oware.South) + b.Score(oware.North) - won
		if won < 0 || won >= oware.WinningScore || lost < 0 || lost >= oware.WinningScore {
			continue
		}
		scores := [2]int{}
		scores[mover], scores[mover.Opponent()] = won, lost
		wb, err := oware.NewBoard(b.Pits(), scores, mover)
		if err == nil {
			return g.playOut(wb, []oware.Move{m}), true
		}
	}
	return Case{}, false
}

// ended returns a case that starts at or goes past the end of a game, in
// turn: a start already won, with a score of 25 to 48, or exactly 25 every
// other time (R8, D4); a start at
// which the mover cannot move (R9), their side empty or unable to feed;
// a random endgame played to its end. Every other case ends with a move
// after the end (D5), which the rules refuse unless the start is not over
// after all (no majority).
func (g *Generator) ended(turn int) Case {
	var c Case
	switch turn % 3 {
	case 0:
		var pits [oware.NumPits]int
		g.scatter(&pits, 1+g.rng.IntN(23), 0, oware.NumPits)
		b, _ := boardgen.Won(g.rng, pits, g.player()) // at most 23 seeds: never false
		if turn/6%2 == 1 {
			b = exactly25(b)
		}
		c = Case{Start: b, rules: g.rules}
	case 1:
		c = Case{Start: g.stuck(), rules: g.rules}
	default:
		c = g.playOut(g.fewSeeds(2, 12), nil)
	}
	if turn/3%2 == 0 {
		ps := c.positions()
		c.Refused = g.pitOfMover(ps[len(ps)-1].Board()).String()
	}
	return c
}

// exactly25 returns b, which is won, with the winner's score 25 and the
// rest of it given to the loser.
func exactly25(b oware.Board) oware.Board {
	winner := oware.South
	if b.Score(oware.North) > b.Score(oware.South) {
		winner = oware.North
	}
	var sc [2]int
	sc[winner] = oware.WinningScore
	sc[winner.Opponent()] = b.Score(oware.South) + b.Score(oware.North) - oware.WinningScore
	nb, err := oware.NewBoard(b.Pits(), sc, b.ToMove())
	if err != nil { // cannot happen: the seeds are those of b
		panic(err)
	}
	return nb
}

// stuck returns a board at which the mover has no legal move (R9): their
// side empty, or the opponent's side empty and no pit of theirs holding
// the seeds to reach it.
func (g *Generator) stuck() oware.Board {
	var pits [oware.NumPits]int
	mover := g.player()
	if g.rng.IntN(2) == 0 {
		g.scatter(&pits, 1+g.rng.IntN(12), oware.PitsPerSide*int(mover.Opponent()), oware.PitsPerSide)
		return g.board(pits, mover)
	}
	own := oware.PitsPerSide * int(mover)
	for i := range oware.PitsPerSide - 1 { // pit own+i reaches the other side from 6-i seeds
		pits[own+i] = g.rng.IntN(oware.PitsPerSide - i)
	}
	return g.board(pits, mover)
}

// pitOfMover returns a random pit of the mover's side that holds seeds at
// b, or any pit of that side when none does: a move that only the end of
// the game refuses.
func (g *Generator) pitOfMover(b oware.Board) oware.Move {
	own := oware.PitsPerSide * int(b.ToMove())
	var full []oware.Move
	for i := own; i < own+oware.PitsPerSide; i++ {
		if b.Pit(i) > 0 {
			full = append(full, oware.Move(i))
		}
	}
	if len(full) == 0 {
		return oware.Move(own + g.rng.IntN(oware.PitsPerSide))
	}
	return full[g.rng.IntN(len(full))]
}

// notPits are move texts that name no pit, which the protocol refuses as
// bad moves: pit numbers off the board, letters past F, other text.
var notPits = []string{"12", "-1", "G", "g", "13", "z", "", "A1", "1.5", " A"}

// illegal returns a case that ends with a move the library refuses, after
// a few random moves of an endgame of 6–30 seeds, each error code of the
// protocol in turn: empty_pit, not_your_pit, must_feed, game_over,
// bad_move, and grand_slam under rules that forbid grand slams.
func (g *Generator) illegal(turn int) Case {
	codes := []string{oracle.CodeEmptyPit, oracle.CodeNotYourPit, oracle.CodeMustFeed, oracle.CodeGameOver, oracle.CodeBadMove}
	if g.rules.GrandSlam() == oware.GrandSlamForbidden {
		codes = append(codes, oracle.CodeGrandSlam)
	}
	code := codes[turn%len(codes)]
	var c Case
	for range tries {
		c = g.refusal(code)
		if c.Refused != "" {
			break
		}
	}
	return c
}

// refusal makes one try at a case whose last move the library refuses
// with code; its Refused is "" when the try failed.
func (g *Generator) refusal(code string) Case {
	var c Case
	switch code {
	case oracle.CodeMustFeed:
		c = Case{Start: g.starved(false), rules: g.rules}
	case oracle.CodeGrandSlam:
		c = g.grandSlam(0)
		c.Moves = nil
	case oracle.CodeGameOver:
		c = g.playOut(g.fewSeeds(2, 12), nil)
	case oracle.CodeBadMove:
		c = Case{Start: g.fewSeeds(6, 30), rules: g.rules}
		c.Moves = g.randomMoves(c.rules.Position(c.Start), nil, g.rng.IntN(12))
		c.Refused = notPits[g.rng.IntN(len(notPits))]
		return c
	default:
		c = Case{Start: g.fewSeeds(6, 30), rules: g.rules}
		c.Moves = g.randomMoves(c.rules.Position(c.Start), nil, g.rng.IntN(12))
	}
	ps := c.positions()
	p := ps[len(ps)-1]
	var refused []oware.Move
	for m := range oware.Move(oware.NumPits) {
		if _, err := p.Play(m); err != nil {
			if k, ok := oracle.ErrorOf(err); ok && k.Code == code {
				refused = append(refused, m)
			}
		}
	}
	c.Refused = ""
	if len(refused) > 0 {
		c.Refused = refused[g.rng.IntN(len(refused))].String()
	}
	return c
}
