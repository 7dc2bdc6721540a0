// Package conformance builds the conformance vectors of the oware library:
// a versioned JSON-lines file of test cases, each a start position, moves,
// and what the library says of every move, for implementations of the
// rules in any language to check themselves against.
//
// # File format
//
// The first line is a [Header]; every other line is one [Case]. A case is a
// request of the oracle protocol (package internal/oracle), "start" and
// "moves", with the oracle's answer for it: "legal" and "outcome" at the
// start, "plies" with one object per move (the position after it, the legal
// moves, the pits sown, the captures, the grand slam, feeding, repetition
// count and outcome), and "error" when a move, or the start, is illegal.
// Outcomes, plies, moves and captures have the JSON forms of package
// internal/wire, the protocol's.
// "name", "rules" and "about" say what the case is for: "rules" lists the
// ids of the rules (R1–R11, D1–D5) it exercises.
//
// The cases are hand-built positions for every rule and decision (the
// cases of kind "vector" in internal/rulecases/testdata/abapa/cases.txt), then
// random games from the opening and random endgames with few seeds, played
// by a seeded SplitMix64 generator (package internal/prng) so that the file
// is the same on every run.
package conformance

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/boardgen"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/internal/rulecases"
	"github.com/seed3966233f/oware/internal/wire"
)

// Format names the file format in the header; Version is its version.
const (
	Format  = "oware-conformance"
	Version = 1
)

// RuleIDs are the rule and decision ids of the rules, in order.
var RuleIDs = rulecases.RuleIDs

// Header is the first line of the file.
type Header struct {
	Format    string         `json:"format"`           // always "oware-conformance"
	Version   int            `json:"version"`          // the version of the format, 1
	Preset    string         `json:"preset,omitempty"` // the rules of every case (the oracle's "rules"); absent for abapa
	Generator string         `json:"generator"`        // the command that wrote the file
	Doc       string         `json:"doc"`              // where the format is described
	Cases     int            `json:"cases"`            // how many case lines follow
	Plies     int            `json:"plies"`            // the moves played in all cases
	Coverage  map[string]int `json:"coverage"`         // cases per rule id
}

// Case is one case line.
type Case struct {
	Name  string   `json:"name"`
	Rules []string `json:"rules"`
	About string   `json:"about"`
	Start string   `json:"start"`
	Moves []string `json:"moves"`
	*Game
	Error *oracle.Error `json:"error,omitempty"`
}

// Game is what a case's moves do, as the file holds it: the oracle's
// answer, read back field by field.
type Game struct {
	Legal   []string     `json:"legal"`
	Outcome wire.Outcome `json:"outcome"`
	Plies   []Ply        `json:"plies"`
}

// Ply is one ply of a case: the ply of package internal/wire, which the
// oracle writes, decoded into plain fields, so that the file can be read
// and checked by a program other than the library.
type Ply struct {
	Move        string         `json:"move"`
	Position    string         `json:"position"`
	Legal       []string       `json:"legal"`
	Sown        []int          `json:"sown"`
	Captures    []wire.Capture `json:"captures"`
	Captured    int            `json:"captured"`
	GrandSlam   bool           `json:"grand_slam"`
	Annulled    []wire.Capture `json:"annulled,omitempty"`
	Fed         bool           `json:"fed"`
	Repetitions int            `json:"repetitions"`
	Outcome     wire.Outcome   `json:"outcome"`
}

// Options set the rules and the random part of the vectors.
type Options struct {
	Rules    oware.Rules // the rules of the cases; only abapa's have hand-built cases
	Seed     uint64      // seed of the random games
	Games    int         // random games from the opening
	Endgames int         // random games from positions with few seeds on the board
}

// File returns the name of the committed vectors file of rules r, in
// testdata/conformance: v1.jsonl for abapa, v1-NAME.jsonl for a preset.
func File(r oware.Rules) string {
	if r == (oware.Rules{}) {
		return "v1.jsonl"
	}
	return "v1-" + r.String() + ".jsonl"
}

// DefaultOptions are those of the committed file,
// testdata/conformance/v1.jsonl.
var DefaultOptions = Options{Seed: 1, Games: 20, Endgames: 60}

// Cases returns the cases for opt: under abapa the hand-built ones (the
// cases of kind "vector" of internal/rulecases, in their order), then the
// random games, then the random endgames, played under opt.Rules.
func Cases(opt Options) ([]Case, error) {
	var cases []Case
	err := eachCase(opt, func(c Case) error {
		cases = append(cases, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return cases, nil
}

// eachCase calls yield with each case for opt, in the order of Cases,
// one at a time, and stops at the first error.
func eachCase(opt Options, yield func(Case) error) error {
	if opt.Games < 0 || opt.Endgames < 0 {
		return errors.New("conformance: negative number of games")
	}
	if opt.Rules == (oware.Rules{}) {
		hand, err := handCases()
		if err != nil {
			return err
		}
		for _, c := range hand {
			if err := yield(c); err != nil {
				return err
			}
		}
	}
	rng := prng.New(opt.Seed)
	for i := 0; i < opt.Games; i++ {
		c, err := randomGame(rng, opt.Rules, fmt.Sprintf("random-game-%03d", i+1), opt.Rules.Start(), "a game of uniformly random moves from the opening")
		if err == nil {
			err = yield(c)
		}
		if err != nil {
			return err
		}
	}
	for i := 0; i < opt.Endgames; i++ {
		start := opt.Rules.Position(boardgen.Endgame(rng, 2, 10)) // 2 to 10 seeds, scores below 25; it may be over (R9)
		c, err := randomGame(rng, opt.Rules, fmt.Sprintf("random-endgame-%03d", i+1), start, "a game of uniformly random moves from a set-up position with few seeds on the board")
		if err == nil {
			err = yield(c)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// handCases returns the hand-built cases, answered under abapa.
func handCases() ([]Case, error) {
	hand, err := rulecases.Vectors()
	if err != nil {
		return nil, err
	}
	var cases []Case
	for _, h := range hand {
		moves, err := h.Letters()
		if err != nil {
			return nil, err
		}
		c, err := answer(oware.Rules{}, h.Name, h.Rules, h.About, h.Start, moves)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// Command returns the command line that writes the vectors for opt; the
// header records it.
func Command(opt Options) string {
	rules := ""
	if opt.Rules != (oware.Rules{}) {
		rules = " -rules " + opt.Rules.String()
	}
	return fmt.Sprintf("oware vectors%s -seed %d -games %d -endgames %d", rules, opt.Seed, opt.Games, opt.Endgames)
}

// Generate writes the vectors for opt: the header, then one case per line.
// The output depends on opt alone. It plays the cases twice, once to count
// them for the header and once to write them, so that it holds one case at
// a time however many games opt asks for (holding them all took 1.6 GB for
// 20,000 games).
func Generate(w io.Writer, opt Options) error {
	h := Header{
		Format:    Format,
		Version:   Version,
		Generator: Command(opt),
		Doc:       "one JSON object per line: this header, then cases of the form of the oracle protocol (README.md, The oracle protocol)",
		Preset:    preset(opt.Rules),
		Coverage:  map[string]int{},
	}
	err := eachCase(opt, func(c Case) error {
		h.Cases++
		if c.Game != nil {
			h.Plies += len(c.Plies)
		}
		for _, r := range c.Rules {
			h.Coverage[r]++
		}
		return nil
	})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(h); err != nil {
		return err
	}
	if err := eachCase(opt, func(c Case) error { return enc.Encode(c) }); err != nil {
		return err
	}
	return bw.Flush()
}

// Read reads a vectors file: its header and cases. It checks the format
// name, the version and the number of cases.
func Read(r io.Reader) (Header, []Case, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	var h Header
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return h, nil, err
		}
		return h, nil, errors.New("conformance: empty file")
	}
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
		return h, nil, fmt.Errorf("conformance: header: %w", err)
	}
	if h.Format != Format || h.Version != Version {
		return h, nil, fmt.Errorf("conformance: format %q version %d: want %q version %d", h.Format, h.Version, Format, Version)
	}
	var cases []Case
	for line := 2; sc.Scan(); line++ {
		var c Case
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return h, nil, fmt.Errorf("conformance: line %d: %w", line, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		return h, nil, err
	}
	if len(cases) != h.Cases {
		return h, nil, fmt.Errorf("conformance: %d cases, the header says %d", len(cases), h.Cases)
	}
	return h, cases, nil
}

// preset returns the name of rules r for the header, "" for abapa.
func preset(r oware.Rules) string {
	if r == (oware.Rules{}) {
		return ""
	}
	return r.String()
}

// answer builds a case with the oracle's answer for start and moves under
// rules r.
func answer(r oware.Rules, name string, rules []string, about, start string, moves []string) (Case, error) {
	if moves == nil {
		moves = []string{}
	}
	resp := oracle.Oracle{Rules: r}.Answer(oracle.Request{Start: &start, Moves: moves})
	c := Case{Name: name, Rules: rules, About: about, Start: start, Moves: moves, Error: resp.Error}
	if resp.Game != nil {
		text, err := json.Marshal(resp.Game)
		if err == nil {
			err = json.Unmarshal(text, &c.Game)
		}
		if err != nil {
			return c, fmt.Errorf("conformance: case %s: %w", name, err)
		}
	}
	for _, r := range rules {
		if !slices.Contains(RuleIDs, r) {
			return c, fmt.Errorf("conformance: case %s: unknown rule id %q", name, r)
		}
	}
	return c, nil
}

// randomGame plays uniformly random moves from start to the end of the
// game and returns it as a case whose rules are those it exercises.
func randomGame(rng *prng.Source, r oware.Rules, name string, start oware.Position, about string) (Case, error) {
	var moves []string
	for p := start; p.Moves().Len() > 0; {
		m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
		next, err := p.Play(m)
		if err != nil {
			return Case{}, err
		}
		moves = append(moves, m.String())
		p = next
	}
	text := start.Board().String()
	c, err := answer(r, name, nil, about, text, moves)
	if err != nil {
		return c, err
	}
	c.Rules = insertRule(Observed(c), "R2") // every move is chosen among the legal ones
	if text == opening {
		c.Rules = insertRule(c.Rules, "R1")
	} else {
		c.Rules = insertRule(c.Rules, "D4")
	}
	return c, nil
}

const opening = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"

// Observed returns the rule ids that a case visibly exercises, from its
// data alone, in the order of RuleIDs: R3 when a move is played, R4 when a
// move sows 12 seeds or more, R5 on a capture, R6 on a grand slam, R7 when
// a move feeds or is refused for not feeding, R8, R9 or R10 when the game
// ends by that rule, R11 when it ends by R9 or R10, D2 when a position
// occurs a second time, D3 when the game ends, and D5 when a move is
// refused because the game is over. R1, R2, D1 and D4 cannot be told from
// the data; hand-built cases name them.
func Observed(c Case) []string {
	seen := map[string]bool{}
	outcome := func(o wire.Outcome) {
		if !o.Over() {
			return
		}
		rule := o.Reason().Rule()
		seen[rule] = true
		seen["D3"] = true
		if rule == "R9" || rule == "R10" {
			seen["R11"] = true
		}
	}
	if c.Game != nil {
		outcome(c.Outcome)
		for _, p := range c.Plies {
			seen["R3"] = true
			if len(p.Sown) >= 12 {
				seen["R4"] = true
			}
			if p.Captured > 0 {
				seen["R5"] = true
			}
			if p.GrandSlam {
				seen["R6"] = true
			}
			if p.Fed {
				seen["R7"] = true
			}
			if p.Repetitions >= 2 {
				seen["D2"] = true
			}
			outcome(p.Outcome)
		}
	}
	if c.Error != nil {
		switch c.Error.Code {
		case oracle.CodeMustFeed:
			seen["R7"] = true
		case oracle.CodeGameOver:
			seen["D5"] = true
		}
	}
	var ids []string
	for _, id := range RuleIDs {
		if seen[id] {
			ids = append(ids, id)
		}
	}
	return ids
}

// insertRule adds id to ids, keeping the order of RuleIDs.
func insertRule(ids []string, id string) []string {
	if slices.Contains(ids, id) {
		return ids
	}
	ids = append(ids, id)
	slices.SortFunc(ids, func(a, b string) int {
		return slices.Index(RuleIDs, a) - slices.Index(RuleIDs, b)
	})
	return ids
}
