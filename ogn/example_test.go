package ogn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// Example reads a short record and replays it under the rules.
func Example() {
	record := `[Variant "Oware Abapa"]
[South "Ama"]
[North "Kofi"]
[Result "*"]

1. F e 2. D b {North threatens B} 3. B d+2 4. A+2 a *`

	g, err := ogn.ParseGame(record)
	if err != nil {
		fmt.Println(err)
		return
	}
	south, _ := g.Tag("South")
	fmt.Println(south, "against", len(g.Moves), "plies")

	effects, err := g.Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("ply 6:", effects[5].Player(), "plays", effects[5].Move(), "and captures", effects[5].Captured())
	last := effects[len(effects)-1].After()
	fmt.Println("scores", last.Board().Score(oware.South), last.Board().Score(oware.North))
	fmt.Println(last.Outcome())
	// Output:
	// Ama against 8 plies
	// ply 6: North plays d and captures 2
	// scores 2 2
	// not over
}

// ExampleGame_Replay shows the error for a capture mark that the rules
// do not confirm.
func ExampleGame_Replay() {
	g, err := ogn.ParseGame("1. F e 2. D b 3. B d+3")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = g.Replay()
	fmt.Println(err)
	fmt.Println(errors.Is(err, ogn.ErrCaptureMark))

	var re *ogn.ReplayError
	if errors.As(err, &re) {
		fmt.Println("ply", re.Ply, "move", re.Move)
	}
	// Output:
	// ogn: ply 6 (d+3): capture mark disagrees with the rules: marked +3, but the move captures 2 seeds
	// true
	// ply 6 move d
}

// ExampleGame_WriteTo writes a game given by its moves only: the writer
// computes the capture marks and the result.
func ExampleGame_WriteTo() {
	g := ogn.Game{
		Tags: []ogn.Tag{{Name: "South", Value: "Ama"}, {Name: "Event", Value: "Club evening"}},
	}
	for _, s := range []string{"F", "e", "D", "b", "B", "d", "A", "a"} {
		m, err := oware.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		g.Moves = append(g.Moves, ogn.Ply{Move: m})
	}
	g.Moves[3].Comments = []string{"North threatens B"}
	if _, err := g.WriteTo(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Variant "Oware Abapa"]
	// [Event "Club evening"]
	// [South "Ama"]
	// [Result "*"]
	//
	// 1. F e 2. D b {North threatens B} 3. B d+2 4. A+2 a *
}

// ExampleReader streams a file of records, one game at a time, and checks
// each game under the rules as it is read; a faulty game is reported at
// its ply and the reader goes on with the next one.
func ExampleReader() {
	file := strings.NewReader(`[Event "Club evening"]
[Round "1"]

1. F e 2. D b {North threatens B} 3. B d+2 4. A+2 a *

[Event "Club evening"]
[Round "2"]

1. F e 2. F d *

[Event "Club evening"]
[Round "3"]

1. C f 2. B e+3 *
`)
	rd := ogn.NewReader(file)
	for {
		g, effects, err := rd.ReadReplay()
		if err == io.EOF {
			break
		}
		round, _ := g.Tag("Round")
		var re *ogn.ReplayError
		if errors.As(err, &re) {
			fmt.Printf("round %s: line %d, ply %d: %s\n", round, re.Line, re.Ply, re.Reason())
			continue
		}
		if err != nil {
			fmt.Println(err) // a *ParseError, which names the game, the line and the column
			continue
		}
		last := effects[len(effects)-1]
		fmt.Printf("round %s: %d plies, %s; then %d-%d\n", round, len(effects), g.Result,
			last.After().Board().Score(oware.South), last.After().Board().Score(oware.North))
	}
	// Output:
	// round 1: 8 plies, *; then 2-2
	// round 2: line 9, ply 3: South plays F: pit is empty
	// round 3: 4 plies, *; then 0-3
}

// ExampleReader_playStrategy converts a game exported by playstrategy.org
// to OGN. Its moves name the pit sown and the pit of the last seed in
// PlayStrategy's squares: a1–f1 are South's pits A–F, and a2 lies across
// from a1, so that f2–a2 are North's pits a–f. The game is played by
// PlayStrategy's rules, and its OGN record says so.
func ExampleReader_playStrategy() {
	export := `[Event "Rated Oware game"]
[Site "https://playstrategy.org/abcd1234"]
[Date "2026.11.30"]
[P1 "Ama"]
[P2 "Kofi"]
[Result "*"]
[Variant "Oware"]

1. c1f2 a2d1 2. e1c2 b2c1 *
`
	rd := ogn.NewReader(strings.NewReader(export))
	rd.Format = ogn.PlayStrategy
	g, err := rd.Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	w := ogn.NewWriter(os.Stdout) // OGN
	if err := w.Write(g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Variant "playstrategy"]
	// [Event "Rated Oware game"]
	// [Site "https://playstrategy.org/abcd1234"]
	// [Date "2026.11.30"]
	// [South "Ama"]
	// [North "Kofi"]
	// [Result "*"]
	//
	// 1. C f 2. E e+2 *
}

// NewGame builds the record of a game from its start and moves, with the
// capture marks and the result that the rules give, so that it replays
// and writes as it should.
func ExampleNewGame() {
	var moves []oware.Move
	for _, s := range []string{"F", "e", "D", "b", "B", "d", "A", "a"} {
		m, err := oware.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		moves = append(moves, m)
	}
	g, err := ogn.NewGame(oware.Rules{}, oware.Board{}, moves...)
	if err != nil {
		fmt.Println(err)
		return
	}
	g.Tags = []ogn.Tag{{Name: "South", Value: "Ama"}, {Name: "North", Value: "Kofi"}}
	if _, err := g.Replay(); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := g.WriteTo(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Variant "Oware Abapa"]
	// [South "Ama"]
	// [North "Kofi"]
	// [Result "*"]
	//
	// 1. F e 2. D b 3. B d+2 4. A+2 a *
}

// A game server keeps each game as a record, move by move: Push checks a
// move and writes it with its capture mark and the result, Undo takes it
// back, and Position gives the position to show; the server keeps no
// positions of its own.
func ExampleGame_Push() {
	// A game from the opening under abapa's rules: F e D b B d.
	var g ogn.Game
	for _, m := range []oware.Move{5, 10, 3, 7, 1, 9} {
		if _, err := g.Push(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	_, err := g.Push(6) // a player sends North's pit a on South's turn
	fmt.Println(err)

	e, err := g.Push(0) // A
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("A captures", e.Captured(), "- the record says", g.Moves[len(g.Moves)-1].Captured)

	ply, _ := g.Undo() // the player takes it back
	fmt.Println("took back", ply.Move)
	p, err := g.Position()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(g.Moves), "plies;", p.Board().ToMove(), "to move:", p.Moves(), g.Result)
	// Output:
	// ogn: ply 7 (a): South plays a: pit is not on the mover's side
	// A captures 2 - the record says 2
	// took back A
	// 6 plies; South to move: {A B C E F} *
}
