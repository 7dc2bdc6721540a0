package oware_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/seed3966233f/oware"
)

// The opening position: four seeds in every pit, South to move (R1).
func ExampleStart() {
	fmt.Println(oware.Start().Diagram())
	// Output:
	//     f  e  d  c  b  a
	// N   4  4  4  4  4  4   North 0
	// S   4  4  4  4  4  4   South 0
	//     A  B  C  D  E  F
	// South to move
}

// Playing a move returns the next position; the receiver does not change.
// This is the first worked example of the rule sheet: South sows the four
// seeds of pit C (2) into pits 3, 4, 5 and 6 (R3).
func ExamplePosition_Play() {
	p := oware.Start()
	next, err := p.Play(oware.Move(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(next.Diagram())
	fmt.Println("pit C before and after:", p.Board().Pit(2), next.Board().Pit(2))

	// North may not sow a pit of South's side (R2).
	_, err = next.Play(oware.Move(2))
	fmt.Println(err)
	fmt.Println(errors.Is(err, oware.ErrNotYourPit))
	// Output:
	//     f  e  d  c  b  a
	// N   4  4  4  4  4  5   North 0
	// S   4  4  0  5  5  5   South 0
	//     A  B  C  D  E  F
	// North to move
	// pit C before and after: 4 0
	// oware: North plays C: pit is not on the mover's side
	// true
}

// A capture, as in the rule sheet: South's last seed lands in pit 9 (d),
// which then holds 2; pit 8 (c) holds 3; South takes both, 5 seeds. The
// chain stops at pit 7 (b), which holds 4 (R5).
func Example_capture() {
	p, err := oware.NewPosition([12]int{4, 4, 4, 4, 4, 4, 3, 3, 2, 1, 5, 5}, [2]int{3, 2}, oware.South)
	if err != nil {
		fmt.Println(err)
		return
	}
	next, _ := p.Play(oware.Move(5))
	fmt.Println("South captures", next.Board().Score(oware.South)-p.Board().Score(oware.South))
	fmt.Println(next.Diagram())
	// Output:
	// South captures 5
	//     f  e  d  c  b  a
	// N   5  5  0  0  4  4   North 2
	// S   4  4  4  4  4  0   South 8
	//     A  B  C  D  E  F
	// North to move
}

// When the opponent's side is empty, only the moves that feed it are legal
// (R7). In the rule sheet's example pits D, E and F reach North's side.
func ExamplePosition_LegalMoves() {
	p, err := oware.NewPosition([12]int{1, 2, 3, 3, 2, 1}, [2]int{18, 18}, oware.South)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.LegalMoves())
	_, err = p.Play(oware.Move(0))
	fmt.Println(err)
	fmt.Println(oware.Start().LegalMoves())
	// Output:
	// [D E F]
	// oware: South plays A: move does not feed the opponent
	// [A B C D E F]
}

// South cannot feed North: the game ends and each player adds the seeds of
// their own side to their captures (R9, D3).
func ExamplePosition_Outcome() {
	p, err := oware.NewPosition([12]int{2, 2, 1}, [2]int{20, 23}, oware.South)
	if err != nil {
		fmt.Println(err)
		return
	}
	o := p.Outcome()
	fmt.Println(o.Over(), o.Reason(), o.Reason().Rule())
	fmt.Println(o.Tally(oware.South), o.Tally(oware.North))
	w, ok := o.Winner()
	fmt.Println(w, ok, o.Draw())
	fmt.Println(o)
	fmt.Println(oware.Start().Outcome())
	// Output:
	// true no move R9
	// 25 23
	// South true false
	// South wins 25-23 (no move, R9)
	// not over
}

// The grand slam of the rule sheet: North's seeds are only in pits a, b
// and c; South sows 3 seeds from F into them, and they then hold 2, 3 and
// 2. Capturing would empty North's side, so nothing is captured and the
// seeds stay sown (R6).
func Example_grandSlam() {
	p, err := oware.NewPosition([12]int{5, 5, 5, 5, 5, 3, 1, 2, 1}, [2]int{8, 8}, oware.South)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Diagram())
	next, _ := p.Play(oware.Move(5))
	fmt.Println(next.Diagram())
	fmt.Println("South captures", next.Board().Score(oware.South)-p.Board().Score(oware.South))
	// Output:
	//     f  e  d  c  b  a
	// N   0  0  0  1  2  1   North 8
	// S   5  5  5  5  5  3   South 8
	//     A  B  C  D  E  F
	// South to move
	//     f  e  d  c  b  a
	// N   0  0  0  2  3  2   North 8
	// S   5  5  5  5  5  0   South 8
	//     A  B  C  D  E  F
	// North to move
	// South captures 0
}

// A whole game: twelve plies from the opening, after which North has
// captured 26 seeds and wins (R8).
func Example_game() {
	p := oware.Start()
	for _, m := range []oware.Move{4, 6, 3, 8, 2, 10, 1, 7, 0, 9, 5, 10} {
		mover := p.Board().ToMove()
		next, err := p.Play(m)
		if err != nil {
			fmt.Println(err)
			return
		}
		p = next
		fmt.Printf("%v %v: %d-%d\n", mover, m, p.Board().Score(oware.South), p.Board().Score(oware.North))
	}
	fmt.Println(p.Diagram())
	fmt.Println(p.LegalMoves())
	// Output:
	// South E: 0-0
	// North a: 0-0
	// South D: 0-0
	// North c: 0-0
	// South C: 0-0
	// North e: 0-5
	// South B: 0-5
	// North b: 0-12
	// South A: 0-12
	// North d: 0-21
	// South F: 0-21
	// North e: 0-26
	//     f  e  d  c  b  a
	// N  11  0  1  2  2  5   North 26
	// S   0  0  1  0  0  0   South 0
	//     A  B  C  D  E  F
	// North wins 26-0 (majority, R8)
	// []
}

// NewPosition checks its material (D4).
func ExampleNewPosition() {
	_, err := oware.NewPosition([12]int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, [2]int{1, 0}, oware.South)
	fmt.Println(err)
	fmt.Println(errors.Is(err, oware.ErrSeedTotal))
	var pe *oware.BoardError
	fmt.Println(errors.As(err, &pe), pe.Field, pe.Value)

	// A position may be finished already: a score of 25 has won (R8).
	p, _ := oware.NewPosition([12]int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1}, [2]int{0, 25}, oware.South)
	fmt.Println(p.Outcome(), p.LegalMoves())
	_, err = p.Play(oware.Move(0))
	fmt.Println(err)
	// Output:
	// oware: total is 49: seeds do not add up to 48
	// true
	// true total 49
	// North wins 25-0 (majority, R8) []
	// oware: South plays A: game is over
}

// Perft counts the move sequences of a given length, the standard check of
// a move generator.
func ExamplePerft() {
	var counts []uint64
	for depth := 1; depth <= 5; depth++ {
		counts = append(counts, oware.Perft(oware.Start(), depth))
	}
	fmt.Println(counts)
	// Output:
	// [6 36 190 1014 5219]
}

func ExampleParseMove() {
	for _, s := range []string{"F", "a", "11", "G"} {
		m, err := oware.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: pit %d, %s's\n", m, m.Pit(), m.Player())
	}
	// Output:
	// F: pit 5, South's
	// a: pit 6, North's
	// f: pit 11, North's
	// oware: move "G": byte 0: not a pit letter A-F, a-f or number 0-11: syntax error
}

func ExampleParsePosition() {
	p, err := oware.ParsePosition("4-4-0-5-5-5-5-4-4-4-4-4-0-0-N")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Diagram())
	fmt.Println(p.LegalMoves())

	_, err = oware.ParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-X")
	fmt.Println(err)
	// Output:
	//     f  e  d  c  b  a
	// N   4  4  4  4  4  5   North 0
	// S   4  4  0  5  5  5   South 0
	//     A  B  C  D  E  F
	// North to move
	// [a b c d e f]
	// oware: position "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X": byte 28: side to move is not S or N: syntax error
}

// describe prints what a move did.
func describe(e oware.Effect) {
	fmt.Printf("%s sows %d seeds from pit %d into pits %v\n", e.Player(), e.Seeds(), e.Move().Pit(), slices.Collect(e.Sown()))
	for c := range e.Captures() {
		fmt.Printf("takes %d from pit %d\n", c.Seeds, c.Pit)
	}
	if e.GrandSlam() {
		fmt.Printf("grand slam: the capture of %v is annulled\n", slices.Collect(e.Annulled()))
	}
	fmt.Println("captured:", e.Captured())
	fmt.Println(e.After().Diagram())
}

// The worked example of R5: the last seed lands in pit 9,
// which then holds 2, and pit 8 holds 3; South takes 5 seeds.
func ExamplePosition_Explain() {
	p := oware.MustParsePosition("4-4-4-4-4-4-4-5-2-1-4-4-2-2-S")
	e, err := p.Explain(5) // F
	if err != nil {
		fmt.Println(err)
		return
	}
	describe(e)
	// Output:
	// South sows 4 seeds from pit 5 into pits [6 7 8 9]
	// takes 2 from pit 9
	// takes 3 from pit 8
	// captured: 5
	//     f  e  d  c  b  a
	// N   4  4  0  0  6  5   North 2
	// S   4  4  4  4  4  0   South 7
	//     A  B  C  D  E  F
	// North to move
}

// The worked example of R6: North has seeds only in pits
// 6, 7 and 8, and South's 3 seeds from pit 5 would make each of them hold 2
// or 3. Taking them all is not allowed: the seeds stay sown, nothing is
// captured.
func ExamplePosition_Explain_grandSlam() {
	p := oware.MustParsePosition("4-4-4-4-4-3-1-2-1-0-0-0-10-11-S")
	e, err := p.Explain(5) // F
	if err != nil {
		fmt.Println(err)
		return
	}
	describe(e)
	// Output:
	// South sows 3 seeds from pit 5 into pits [6 7 8]
	// grand slam: the capture of [{8 2} {7 3} {6 2}] is annulled
	// captured: 0
	//     f  e  d  c  b  a
	// N   0  0  0  2  3  2   North 11
	// S   4  4  4  4  4  0   South 10
	//     A  B  C  D  E  F
	// North to move
}

// An Outcome's text says who won, the final tallies, why the game ended
// and by which rule; it reads back as the same outcome, and text that no
// game can end with is refused.
func ExampleOutcome_UnmarshalText() {
	p := oware.MustParsePosition("0-0-0-0-0-4-4-5-2-1-4-4-20-4-S")
	p, err := p.Play(5) // F takes 5 seeds: South reaches 25
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := p.Outcome().MarshalText()
	fmt.Println(string(text))

	var o oware.Outcome
	if err := o.UnmarshalText(text); err != nil {
		fmt.Println(err)
		return
	}
	w, _ := o.Winner()
	fmt.Println(o == p.Outcome(), w, o.Tally(oware.South), o.Reason().Rule())
	fmt.Println(o.UnmarshalText([]byte("South wins 24-4 (majority, R8)")))
	// Output:
	// South wins 25-4 (majority, R8)
	// true South 25 R8
	// oware: outcome "South wins 24-4 (majority, R8)": byte 0: after R8 one tally is 25 or more and they add up to at most 48 (D3): syntax error
}

// A Board is the plain board: pits, scores and the side to move. Its text
// form is the position string, also in JSON, where a map keyed by boards
// becomes an object.
func ExampleBoard() {
	b, err := oware.NewBoard([12]int{4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4}, [2]int{0, 0}, oware.North)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b)
	fmt.Println(b.Pit(2), b.Pit(6), b.Score(oware.South), b.ToMove(), b.SideSeeds(oware.South))
	fmt.Println(b == oware.Start().Board())

	seen := map[oware.Board]int{b: 1, oware.Start().Board(): 2}
	out, _ := json.Marshal(seen)
	fmt.Println(string(out))
	// Output:
	// 4-4-0-5-5-5-5-4-4-4-4-4-0-0-N
	// 0 5 0 North 23
	// false
	// {"4-4-0-5-5-5-5-4-4-4-4-4-0-0-N":1,"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S":2}
}

// Board.Hash indexes a transposition table: here an open-addressing hash
// set that counts the distinct boards five plies from the opening. Two
// move orders can reach the same board (D1), so there are fewer distinct
// boards than move sequences.
func ExampleBoard_Hash() {
	const size = 1 << 13 // a power of two: the index is the hash's low bits
	var table [size]oware.Board
	distinct := 0
	insert := func(b oware.Board) {
		for i := b.Hash() % size; ; i = (i + 1) % size {
			switch table[i] {
			case b:
				return // met before, by another move order
			case oware.Board{}:
				table[i] = b
				distinct++
				return
			}
		}
	}
	var walk func(p oware.Position, depth int)
	walk = func(p oware.Position, depth int) {
		if depth == 0 {
			insert(p.Board())
			return
		}
		for _, child := range p.Children() {
			walk(child, depth-1)
		}
	}
	walk(oware.Start(), 5)
	fmt.Println(oware.Perft(oware.Start(), 5), "move sequences,", distinct, "distinct boards")
	// Output:
	// 5219 move sequences, 5188 distinct boards
}

// Mirror swaps the rows, the scores and the side to move. The rules treat
// both players alike, so a mirrored position plays the mirrored moves.
func ExampleBoard_Mirror() {
	b := oware.MustParseBoard("1-2-3-4-5-6-0-0-0-0-0-7-10-10-S")
	fmt.Println(b)
	fmt.Println(b.Mirror())
	fmt.Println(b.Mirror().Mirror() == b)
	fmt.Println(oware.PositionFrom(b).Moves(), oware.PositionFrom(b.Mirror()).Moves())
	// Output:
	// 1-2-3-4-5-6-0-0-0-0-0-7-10-10-S
	// 0-0-0-0-0-7-1-2-3-4-5-6-10-10-N
	// true
	// {A B C D E F} {a b c d e f}
}

// A mirrored position keeps its history: the repetition count carries
// over.
func ExamplePosition_Mirror() {
	p := oware.MustParsePosition("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N cBdDeCfFaAbE")
	m := p.Mirror()
	fmt.Println(p.Repetitions(), m.Repetitions())
	fmt.Println(m)
	// Output:
	// 2 2
	// 0-0-1-0-0-0-0-1-0-1-0-1-22-22-S CbDdEcFfAaBe
}

// Children gives each legal move with the position it leads to, the loop
// of every game-tree search.
func ExamplePosition_Children() {
	p := oware.MustParsePosition("0-0-0-0-2-1-1-3-2-0-0-0-20-19-S")
	for m, child := range p.Children() {
		fmt.Println(m, child.Board(), "captures", child.Board().Score(oware.South)-p.Board().Score(oware.South))
	}
	// Output:
	// E 0-0-0-0-0-2-0-3-2-0-0-0-22-19-N captures 2
	// F 0-0-0-0-2-0-0-3-2-0-0-0-22-19-N captures 2
}

// A MoveSet is a set of moves that needs no allocation; All ranges over
// it in pit order, as often as needed.
func ExampleMoveSet_All() {
	p := oware.MustParsePosition("3-0-4-4-0-4-4-4-4-4-4-4-5-4-S")
	moves := p.Moves()
	fmt.Println(moves, moves.Len(), moves.Contains(1))
	for m := range moves.All() {
		fmt.Printf("%v holds %d\n", m, p.Board().Pit(m.Pit()))
	}
	// Output:
	// {A C D F} 4 false
	// A holds 3
	// C holds 4
	// D holds 4
	// F holds 4
}

// An illegal move is an error that says which move, whose and why. Play
// returns its receiver with it, so the game goes on.
func ExampleMoveError() {
	p := oware.Start()
	p, err := p.Play(oware.Move(7)) // b is North's
	var me *oware.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Move, me.Player, me.Err)
	}
	fmt.Println(err)
	fmt.Println(errors.Is(err, oware.ErrNotYourPit))
	fmt.Println(p.Board()) // still the opening
	// Output:
	// b South pit is not on the mover's side
	// oware: South plays b: pit is not on the mover's side
	// true
	// 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
}

// A game that ends by repetition: twelve capture-free plies bring the
// start position back, a second occurrence, and twelve more bring it back
// a third time, which ends the game; each player adds the seeds on their
// side to their captures (R10, D2, D3).
func Example_repetition() {
	p := oware.MustParsePosition("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N")
	cycle := []oware.Move{8, 1, 9, 3, 10, 2, 11, 5, 6, 0, 7, 4} // c B d D e C f F a A b E
	for round := 1; round <= 2; round++ {
		for _, m := range cycle {
			var err error
			if p, err = p.Play(m); err != nil {
				fmt.Println(err)
				return
			}
		}
		fmt.Println("round", round, "occurrence", p.Repetitions(), p.Outcome())
	}
	fmt.Println(p.Diagram())
	// Output:
	// round 1 occurrence 2 not over
	// round 2 occurrence 3 South wins 25-23 (repetition, R10)
	//     f  e  d  c  b  a
	// N   0  0  0  1  0  0   North 22
	// S   0  1  0  1  0  1   South 22
	//     A  B  C  D  E  F
	// South wins 25-23 (repetition, R10)
}

// Divide splits a perft count by the first move, to narrow a wrong count
// down to the move whose subtree differs.
func ExampleDivide() {
	var counts []string
	total := uint64(0)
	for m, leaves := range oware.Divide(oware.Start(), 3) {
		counts = append(counts, fmt.Sprintf("%v:%d", m, leaves))
		total += leaves
	}
	fmt.Println(strings.Join(counts, " "))
	fmt.Println(total, oware.Perft(oware.Start(), 3))
	// Output:
	// A:34 B:33 C:32 D:31 E:30 F:30
	// 190 190
}

// A Position's text keeps its history, so a game saved and read back goes
// on exactly: the same repetition counts and the same ending (R10).
func ExamplePosition_MarshalText() {
	p := oware.MustParsePosition("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N")
	for _, m := range []oware.Move{8, 1, 9, 3, 10, 2, 11, 5, 6, 0, 7, 4} {
		p, _ = p.Play(m)
	}
	saved, _ := json.Marshal(map[string]oware.Position{"game": p})
	fmt.Println(string(saved))

	var back map[string]oware.Position
	if err := json.Unmarshal(saved, &back); err != nil {
		fmt.Println(err)
		return
	}
	q := back["game"]
	fmt.Println(q.Board() == p.Board(), q.Repetitions())
	// Output:
	// {"game":"0-1-0-1-0-1-0-0-1-0-0-0-22-22-N cBdDeCfFaAbE"}
	// true 2
}

// Other programs' rules: OpenSpiel ends a game at the first recurrence of
// a position, where abapa waits for the third (R10). The same twelve-ply
// cycle ends the game under OpenSpiel's rules only.
func ExampleParseRules() {
	rules, err := oware.ParseRules("openspiel")
	if err != nil {
		fmt.Println(err)
		return
	}
	start := oware.MustParseBoard("0-1-0-1-0-1-0-0-1-0-0-0-22-22-N")
	cycle := []oware.Move{8, 1, 9, 3, 10, 2, 11, 5, 6, 0, 7, 4} // c B d D e C f F a A b E
	for _, p := range []oware.Position{oware.PositionFrom(start), rules.Position(start)} {
		for _, m := range cycle {
			p, _ = p.Play(m)
		}
		fmt.Println(p.Rules(), p.Repetitions(), p.Outcome())
	}
	fmt.Println(oware.RulesNames())
	_, err = oware.ParseRules("chess")
	fmt.Println(err)
	// Output:
	// abapa 2 not over
	// openspiel 2 South wins 25-23 (repetition, R10)
	// [abapa openspiel aalina auale playstrategy board-game-rs game-oware awari]
	// oware: rules "chess": byte 0: not one of abapa, openspiel, aalina, auale, playstrategy, board-game-rs, game-oware, awari: no such rules
}

// Rules are a closed set of presets; each reads out the knobs by which it
// departs from abapa's rules.
func ExampleRules() {
	for _, name := range []string{"abapa", "openspiel", "awari"} {
		r, err := oware.ParseRules(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: repetition ends the game at occurrence %d, with a side empty %v; grand slam forbidden %v; no majority %v\n",
			r, r.RepeatLimit(), r.RepeatWithEmptySide(), r.GrandSlam() == oware.GrandSlamForbidden, r.NoMajority())
	}
	fmt.Println(oware.Rules{} == oware.Start().Rules(), oware.Rules{})
	// Output:
	// abapa: repetition ends the game at occurrence 3, with a side empty false; grand slam forbidden false; no majority false
	// openspiel: repetition ends the game at occurrence 2, with a side empty true; grand slam forbidden false; no majority false
	// awari: repetition ends the game at occurrence 3, with a side empty true; grand slam forbidden true; no majority true
	// true abapa
}
