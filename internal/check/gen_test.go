package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

func TestGeneratorReproducible(t *testing.T) {
	a, b, c := NewGenerator(rules(t), 7), NewGenerator(rules(t), 7), NewGenerator(rules(t), 8)
	differ := false
	for range 2 * int(numKinds) {
		x, y, z := a.Next(), b.Next(), c.Next()
		assert.Equal(t, x.Line(), y.Line(), "the same seed gives the same cases")
		assert.Equal(t, x.Kind, z.Kind, "kinds come in turn")
		differ = differ || x.Line() != z.Line()
	}
	assert.True(t, differ, "another seed gives other cases")
}

// TestGeneratorReachesEveryRule plays, with the library, the cases of the
// smallest budget that the tests use and checks that they reach every
// rule, and the situations the issue names.
func TestGeneratorReachesEveryRule(t *testing.T) {
	seen := map[string]int{}
	g := NewGenerator(rules(t), 1)
	for range 900 {
		c := g.Next()
		ps := c.positions()
		require.Len(t, ps, len(c.Moves)+1, "every move of a case is legal: %s", c.Line())
		if end := ps[len(ps)-1]; end.Moves().Len() == 0 {
			seen["over"]++
		}
		for i, m := range c.Moves {
			e, err := ps[i].Explain(m)
			require.NoError(t, err)
			for _, what := range observe(e) {
				seen[what]++
			}
		}
	}
	for _, what := range []string{
		"over", "R3", "R4", "R5", "R6", "R6 across the wrap", "R7", "R8", "R8 at exactly 25",
		"R9", "R10", "R11 24-24", "D2", "R10 not with an empty side",
	} {
		assert.Positive(t, seen[what], what)
	}
	t.Log(seen)
}

// observe names what the move e shows.
func observe(e oware.Effect) []string {
	var seen []string
	add := func(ok bool, what string) {
		if ok {
			seen = append(seen, what)
		}
	}
	after, o := e.After().Board(), e.Outcome()
	add(true, "R3")
	add(e.Seeds() >= 12, "R4")
	add(e.Captured() > 0, "R5")
	add(e.GrandSlam(), "R6")
	add(e.GrandSlam() && e.Player() == oware.North && e.Last() < 6 && e.Move().Pit()+e.Seeds() > 11, "R6 across the wrap")
	add(e.Fed(), "R7")
	add(o.Reason() == oware.Majority, "R8")
	add(o.Reason() == oware.Majority && after.Score(e.Player()) == 25, "R8 at exactly 25")
	add(o.Reason() == oware.NoMove, "R9")
	add(o.Reason() == oware.Repetition, "R10")
	add(o.Draw(), "R11 24-24")
	add(e.After().Repetitions() >= 2, "D2")
	empty := after.SideSeeds(oware.South) == 0 || after.SideSeeds(oware.North) == 0
	add(e.After().Repetitions() >= 3 && empty, "R10 not with an empty side")
	return seen
}
