package oware_test

import (
	"encoding/json"
	"fmt"

	"github.com/seed3966233f/oware"
)

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
	// oware: move "G": byte 0: not a pit letter A-F, a-f or number 0-11
}

func ExampleParsePosition() {
	p, err := oware.ParsePosition("4-4-0-5-5-5-5-4-4-4-4-4-0-0-N")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
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
	// oware: position "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X": byte 28: side to move is not S or N
}

func ExampleParseFEN() {
	p, move, err := oware.ParseFEN("3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7")
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := p.MarshalText()
	fmt.Println(string(text), "move", move)

	_, _, err = oware.ParseFEN("4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1")
	fmt.Println(err)
	// Output:
	// 0-10-0-0-0-1-2-0-5-0-0-3-13-14-N move 7
	// oware: FEN "4S,4S,4S,4S,4S,4S/4S,4S,4S,4S,4S,4S,4S 0 0 S 1": byte 36: South's row has more than 6 pits
}

// The move number of a FEN grows after each of North's moves.
func ExamplePosition_AppendFEN() {
	p, move := oware.Start(), 1
	for _, m := range []oware.Move{2, 8, 5} { // C, c, F
		var err error
		if p, err = p.Play(m); err != nil {
			fmt.Println(err)
			return
		}
		if m.Player() == oware.North {
			move++
		}
		fen, err := p.AppendFEN(nil, move)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(string(fen))
	}
	// Output:
	// 4S,4S,4S,4S,4S,5S/4S,4S,1,5S,5S,5S 0 0 N 1
	// 5S,5S,5S,1,4S,5S/5S,4S,1,5S,5S,5S 0 0 S 2
	// 5S,6S,6S,1S,5S,6S/5S,4S,1,5S,5S,1 0 0 N 2
}

// describe prints what a move did.
func describe(e oware.Effect) {
	fmt.Printf("%s sows %d seeds from pit %d into pits %v\n", e.Player, e.Seeds, e.Move.Pit(), e.Sown)
	for _, c := range e.Captures {
		fmt.Printf("takes %d from pit %d\n", c.Seeds, c.Pit)
	}
	if e.GrandSlam {
		fmt.Printf("grand slam: the capture of %v is annulled\n", e.Annulled)
	}
	fmt.Println("captured:", e.Captured())
	fmt.Println(e.After)
}

// The capture of the seed 003 rule sheet: the last seed lands in pit 9,
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

// The grand slam of the seed 003 rule sheet: North has seeds only in pits
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

func ExampleOutcome_MarshalJSON() {
	p := oware.MustParsePosition("0-0-0-0-0-4-4-5-2-1-4-4-20-4-S")
	p, err := p.Play(5) // F takes 5 seeds: South reaches 25
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := json.Marshal(p.Outcome())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Outcome())
	fmt.Println(string(b))
	// Output:
	// South wins 25-4 (majority, R8)
	// {"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":4}}
}
