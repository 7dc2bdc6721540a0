package ogn_test

import (
	"errors"
	"fmt"
	"os"

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
	fmt.Println("ply 6:", effects[5].Player, "plays", effects[5].Move, "and captures", effects[5].Captured())
	last := effects[len(effects)-1].After
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
