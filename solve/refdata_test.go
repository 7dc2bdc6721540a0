package solve_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed3966233f/oware/internal/refmodel"
)

// The recorded results of the reference solver: testdata/ref-RULES.txt,
// one position a line, its text as package oware writes it (the board
// where its stretch since the last capture starts, with scores below 25,
// then the moves since), a tab and its value. OWARE_SOLVE_REF=write
// writes them again (about ten minutes on two cores); =check checks the
// recorded values against the reference solver.

// refRules are the rules the reference solver covers: the reference
// model's moves are abapa's, which aalina's (and openspiel's and auale's)
// share; only the repetition differs.
var refRules = []struct {
	name    string
	limit   int
	emptyOK bool
}{
	{"abapa", 3, false},
	{"aalina", 2, true},
}

// refFresh and refWalks say what the files hold: every board of 0 to
// refFresh seeds with South to move, met for the first time, and refWalks
// random quiet walks per level from 2 to refWalkMax seeds; those the
// reference solver solves within refBudget nodes each.
const (
	refFresh   = 3
	refWalkMax = 4
	refWalks   = 100
	refBudget  = 200_000
)

// refPath returns the file of the named rules.
func refPath(name string) string { return filepath.Join("testdata", "ref-"+name+".txt") }

// compositions calls f with every way to put n seeds in 12 pits.
func compositions(n int, f func([12]int)) {
	var p [12]int
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 11 {
			p[11] = left
			f(p)
			return
		}
		for x := 0; x <= left; x++ {
			p[i] = x
			rec(i+1, left-x)
		}
	}
	rec(0, n)
}

// refText returns the text of a position: the rules' name unless abapa,
// the board of p with scores below 25, and the moves.
func refText(name string, p refPos, moves []int) string {
	seeds := p.side(0) + p.side(1)
	south := (48 - seeds) / 2
	b := refmodel.Board{Pits: p.pits, Scores: [2]int{south, 48 - seeds - south}, ToMove: p.mover}
	text := b.String()
	if name != "abapa" {
		text = name + " " + text
	}
	if len(moves) > 0 {
		text += " "
		for _, m := range moves {
			text += refmodel.Letter(m)
		}
	}
	return text
}

// refCase is a position of the files: its start, the quiet moves played
// since, and what they lead to: a board and the count of every board
// met, by id.
type refCase struct {
	start refPos
	moves []int
	at    int
	hist  map[int]int
}

// refCases returns the positions of the files under the named rules.
func refCases(s *refSolver, rng *rand.Rand) []refCase {
	var cases []refCase
	for n := 0; n <= refFresh; n++ {
		compositions(n, func(p [12]int) {
			q := refPos{p, 0}
			v := s.id(q)
			cases = append(cases, refCase{start: q, at: v, hist: map[int]int{v: 1}})
		})
	}
	for n := 2; n <= refWalkMax; n++ {
		for range refWalks {
			var p [12]int
			for range n {
				p[rng.IntN(12)]++
			}
			start := refPos{p, rng.IntN(2)}
			v := s.id(start)
			c := refCase{start: start, at: v, hist: map[int]int{v: 1}}
			for range rng.IntN(40) {
				nd := s.nodes[c.at]
				var quiet []int
				for k, m := range nd.moves {
					if m.captured == 0 {
						quiet = append(quiet, k)
					}
				}
				if len(quiet) == 0 {
					break
				}
				k := quiet[rng.IntN(len(quiet))]
				w := nd.children[k]
				if s.ends(w, c.hist[w]+1) {
					break
				}
				c.hist[w]++
				c.moves = append(c.moves, nd.moves[k].pit)
				c.at = w
			}
			if !s.nodes[c.at].over {
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// TestRefRecord writes or checks the recorded results of the reference
// solver (see above).
func TestRefRecord(t *testing.T) {
	mode := os.Getenv("OWARE_SOLVE_REF")
	if mode != "write" && mode != "check" {
		t.Skip("OWARE_SOLVE_REF=write or =check runs the reference solver (minutes)")
	}
	for _, r := range refRules {
		s := newRefSolver(r.limit, r.emptyOK)
		cases := refCases(s, rand.New(rand.NewPCG(27, uint64(r.limit))))
		var recorded map[string]int
		if mode == "check" {
			recorded = readRef(t, r.name)
		}
		var out strings.Builder
		fmt.Fprintf(&out, "# %s: values of the reference solver (solve/ref_test.go), OWARE_SOLVE_REF=write\n", r.name)
		skipped := 0
		for _, c := range cases {
			text := refText(r.name, c.start, c.moves)
			if recorded != nil {
				if _, ok := recorded[text]; !ok {
					continue
				}
			}
			s.count, s.budget = 0, refBudget
			hist := s.history()
			for id, k := range c.hist {
				hist[id] = k
			}
			v, err := s.valueOf(c.at, hist)
			if len(s.memo) > 1<<21 {
				s.memo = map[string][2]int{}
			}
			if testing.Verbose() && s.count > 100_000 {
				fmt.Printf("%s %s: %d nodes, %v\n", r.name, text, s.count, err)
			}
			if err != nil {
				skipped++
				continue
			}
			if recorded != nil && recorded[text] != v {
				t.Errorf("%s: recorded %d, the reference solver says %d", text, recorded[text], v)
			}
			fmt.Fprintf(&out, "%s\t%d\n", text, v)
		}
		t.Logf("%s: %d positions, %d beyond the budget", r.name, len(cases)-skipped, skipped)
		if mode == "write" {
			if err := os.WriteFile(refPath(r.name), []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// readRef reads the recorded results of the named rules.
func readRef(t *testing.T, name string) map[string]int {
	t.Helper()
	f, err := os.Open(refPath(name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		text, value, ok := strings.Cut(line, "\t")
		v, err := strconv.Atoi(value)
		if !ok || err != nil {
			t.Fatalf("%s: bad line %q", refPath(name), line)
		}
		out[text] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
