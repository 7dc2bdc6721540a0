package refmodel_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/seed3966233f/oware/internal/refmodel"
	"github.com/seed3966233f/oware/internal/rulecases"
)

// modelErrors maps the error names of cases.txt to the model's errors.
var modelErrors = refmodel.Errors()

// Seen returns what the model shows at g, reached by e (nil at the start).
func seen(g refmodel.Game, e *refmodel.Effect) rulecases.Seen {
	s := rulecases.Seen{Board: g.Board.String(), Legal: g.Legal(), Outcome: g.Outcome().String(), Reps: g.Repetitions()}
	if e != nil {
		s.Sown, s.Fed, s.Captured, s.GrandSlam = e.Sown, e.Fed, e.Captured(), len(e.Annulled) > 0
		for _, c := range e.Captures {
			s.Captures = append(s.Captures, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
		}
		for _, c := range e.Annulled {
			s.Annulled = append(s.Annulled, rulecases.Capture{Pit: c.Pit, Seeds: c.Seeds})
		}
	}
	return s
}

// TestHandCases plays every hand-built case with the model and checks
// every fact written for it.
func TestHandCases(t *testing.T) {
	cases, err := rulecases.Cases(rulecases.Abapa)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			b := refmodel.Board{Pits: c.Pits, Scores: c.Scores, ToMove: c.ToMove}
			if !c.Raw {
				if b, err = refmodel.Parse(c.Start); err != nil {
					t.Fatalf("start %s: %v", c.Start, err)
				}
				if b.String() != c.Start {
					t.Fatalf("start %s reads back as %s", c.Start, b)
				}
			}
			g, err := refmodel.New(refmodel.Rules{}, b)
			if c.StartRefused() {
				if !errors.Is(err, modelErrors[c.Error]) {
					t.Fatalf("start: %v, want %s", err, c.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("start: %v", err)
			}
			for _, bad := range c.Plies[0].Check(seen(g, nil)) {
				t.Errorf("start: %s", bad)
			}
			for i, m := range c.Moves {
				next, e, err := g.Play(m)
				if i == c.Played() {
					if !errors.Is(err, modelErrors[c.Error]) {
						t.Fatalf("move %d: %v, want %s", i+1, err, c.Error)
					}
					if c.Message != "" && !strings.HasSuffix(c.Message, ": "+err.Error()) {
						t.Errorf("message %q does not end with the model's %q", c.Message, err)
					}
					if next.Board != g.Board {
						t.Errorf("a refused move changed the game")
					}
					return
				}
				if err != nil {
					t.Fatalf("move %d: %v", i+1, err)
				}
				g = next
				checkMirror(t, g)
				for _, bad := range c.Plies[i+1].Check(seen(g, &e)) {
					t.Errorf("after move %d: %s", i+1, bad)
				}
				if c.RepsEach != nil && g.Repetitions() != c.RepsEach[i] {
					t.Errorf("after move %d: %d repetitions, want %d", i+1, g.Repetitions(), c.RepsEach[i])
				}
			}
		})
	}
}

func perft(g refmodel.Game, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range g.Legal() {
		next, _, err := g.Play(m)
		if err != nil {
			panic(err)
		}
		n += perft(next, depth-1)
	}
	return n
}

// TestPerft counts the perft lines of perft.txt with the model, as far as
// it is fast enough.
func TestPerft(t *testing.T) {
	ps, err := rulecases.PerftCases(rulecases.Abapa)
	if err != nil {
		t.Fatal(err)
	}
	limit := uint64(1_000_000)
	if testing.Short() {
		limit = 30_000
	}
	for _, p := range ps {
		if p.Leaves > limit {
			continue
		}
		b, err := refmodel.Parse(p.Start)
		if err != nil {
			t.Fatal(err)
		}
		g, err := refmodel.New(refmodel.Rules{}, b)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.Moves {
			if g, _, err = g.Play(m); err != nil {
				t.Fatalf("%s: %v", p.ID, err)
			}
		}
		if n := perft(g, p.Depth); n != p.Leaves {
			t.Errorf("perft.txt:%d: %s perft(%d) = %d, want %d", p.Line, p.ID, p.Depth, n, p.Leaves)
		}
	}
}

// checkMirror checks that the rules are the same for both players at g:
// the mirrored game has the mirrored legal moves, repetitions and outcome.
func checkMirror(t *testing.T, g refmodel.Game) {
	t.Helper()
	m := g.Mirror()
	var want []int
	for _, p := range g.Legal() {
		want = append(want, (p+6)%12)
	}
	slices.Sort(want)
	o, mo := g.Outcome(), m.Outcome()
	if !slices.Equal(m.Legal(), want) || m.Repetitions() != g.Repetitions() || mo.Reason != o.Reason ||
		mo.Tallies != [2]int{o.Tallies[1], o.Tallies[0]} || m.Mirror().Board != g.Board {
		t.Errorf("the mirror of %s is not symmetric: %s", g.Board, m.Board)
	}
}
