// Package rulecases reads the specification of each rule preset of
// package oware: its hand-built rule cases and its perft counts,
// testdata/PRESET/cases.txt and testdata/PRESET/perft.txt in this
// package's folder, embedded, one pair of files for every preset, all in
// the same two formats, read by the same two parsers. The files of abapa
// describe the formats at their top.
//
// One set of cases serves the library's tests (package oware's table
// driver, checking the library against every expected fact, and against
// internal/refmodel under abapa) and the conformance vectors (package
// internal/conformance writes abapa's cases of kind "vector" into
// testdata/conformance/v1.jsonl and checks the file against their facts).
// The expected facts are written by hand from the rules of package oware
// (R1–R11, D1–D5, stated in its documentation) and the presets' knobs;
// nothing here computes them. The package depends on neither the library
// nor the model.
package rulecases

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:embed testdata
var files embed.FS

// Abapa is the name of the preset of the rules of package oware's
// documentation, whose cases are also the conformance vectors.
const Abapa = "abapa"

// RuleIDs are the rule and decision ids of the rules (R1–R11, D1–D5), in order.
var RuleIDs = []string{
	"R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11",
	"D1", "D2", "D3", "D4", "D5",
}

// Knobs are the names of the knobs by which a preset departs from abapa
// (the methods of oware.Rules), which a case of a preset may list beside
// the rule ids.
var Knobs = []string{
	"GrandSlam", "RepeatLimit", "RepeatWithEmptySide", "EvenSplit", "NoMajority",
	"MajoritySweep", "LoneSeeds", "MaxPlies", "MaxQuietPlies",
}

// StartErrors are the error names that refuse a case's start (D4); every
// other error name refuses the case's last move.
var StartErrors = []string{"ErrNegativeCount", "ErrSeedTotal", "ErrNoSuchPlayer"}

// MoveErrors are the error names that refuse a move.
var MoveErrors = []string{"ErrNoSuchPit", "ErrNotYourPit", "ErrEmptyPit", "ErrMustFeed", "ErrGrandSlam", "ErrGameOver"}

// Case is one line of a cases.txt.
type Case struct {
	Preset string   // the preset whose file holds the case
	Line   int      // line number in the file
	Vector bool     // kind "vector": also a conformance vector (abapa only)
	Rules  []string // rule ids and knobs, in the order written
	Name   string
	// Start is as written: a position string, after which a preset with
	// a limit of plies may give "+N", the plies played before it (see
	// oware.ParsePosition); or material (see Raw).
	Start string
	// Raw reports a start written as material, 15 fields joined by ",":
	// it is built from Pits, Scores and ToMove (which may be invalid, to
	// test D4), not parsed.
	Raw    bool
	Pits   [12]int
	Scores [2]int
	ToMove int
	// Moves are the pits played, in order: letters A–F, a–f are 0–11, and
	// [n] is a move n outside the board.
	Moves []int
	About string

	// Plies holds the facts expected at each position reached: Plies[0]
	// at the start, Plies[k] after the k-th move. A refused last move
	// adds no position: facts without @ belong to the last position.
	Plies []Facts
	// Error names the sentinel error expected: a D4 error refuses the
	// start (then there are no moves), any other the last move.
	Error string
	// Field and Value are those of the *BoardError of a refused start;
	// HasValue reports whether a value was given.
	Field    string
	Value    int
	HasValue bool
	Message  string // the whole error message, when given
	// RepsEach is the repetition count after each move, when given.
	RepsEach []int
}

// Played returns the number of moves played, the refused one excluded.
func (c Case) Played() int { return len(c.Plies) - 1 }

// StartRefused reports whether the case's start is not a position (D4).
func (c Case) StartRefused() bool { return slices.Contains(StartErrors, c.Error) }

// MoveRefused reports whether the case's last move is refused.
func (c Case) MoveRefused() bool { return c.Error != "" && !c.StartRefused() }

// Letters returns the moves as pit letters; it fails for a move outside
// the board.
func (c Case) Letters() ([]string, error) {
	out := []string{}
	for _, m := range c.Moves {
		if m < 0 || m > 11 {
			return nil, fmt.Errorf("rulecases: %s: move [%d] has no letter", c.Name, m)
		}
		out = append(out, string("ABCDEFabcdef"[m]))
	}
	return out, nil
}

// Last returns the facts of the last position reached.
func (c Case) Last() Facts { return c.Plies[len(c.Plies)-1] }

// Facts are the facts expected at one position. Only those given are
// checked: see Has.
type Facts struct {
	given    map[string]bool
	Board    string    // board: the position string
	Legal    []int     // legal: the legal moves, in pit order
	Outcome  Outcome   // outcome
	Reps     int       // reps: the repetition count
	Sown     []int     // sown: the pits sown by the move that led here
	Captures []Capture // captures: what that move captured
	Annulled []Capture // annulled: the capture a grand slam annulled
	Fed      bool      // fed: that move fed an empty side
}

// Has reports whether the fact key was given.
func (f Facts) Has(key string) bool { return f.given[key] }

// Capture is one captured pit.
type Capture struct{ Pit, Seeds int }

// Outcome is an outcome as written: "not over", "South wins 25-10
// (majority, R8)", "draw 24-24 (no move, R9)", "North wins 24.5-23.5
// (repetition, R10)", "draw 13-35 (ply limit)".
type Outcome struct {
	Text    string
	Over    bool
	Winner  string // "South", "North", or "" for a draw or a game that goes on
	Tallies [2]int // South's, North's, whole seeds
	Half    bool   // each tally has half a seed more (an even split of an odd seed)
	Reason  string // "majority", "no move", "repetition", "quiet limit", "ply limit"
	Rule    string // "R8", "R9", "R10"; "" for the limits
}

// Perft is one perft line: the leaves Depth plies below the position that
// Moves reach from Start.
type Perft struct {
	Preset string // the preset whose file holds the line
	Line   int
	ID     string
	Start  string
	Moves  []int
	Depth  int
	Leaves uint64
}

// spec is what the files say: each preset's cases and perft lines.
type spec struct {
	presets []string
	cases   map[string][]Case
	perft   map[string][]Perft
}

// read reads every preset's files once.
var read = sync.OnceValues(func() (spec, error) {
	sp := spec{cases: map[string][]Case{}, perft: map[string][]Perft{}}
	dirs, err := fs.ReadDir(files, "testdata")
	if err != nil {
		return sp, err
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		preset := d.Name()
		text, err := files.ReadFile("testdata/" + preset + "/cases.txt")
		if err != nil {
			return sp, fmt.Errorf("rulecases: %s has no cases.txt: %w", preset, err)
		}
		cs, err := parseCases(preset+"/cases.txt", string(text))
		if err != nil {
			return sp, err
		}
		for i := range cs {
			cs[i].Preset = preset
			if cs[i].Vector && preset != Abapa {
				return sp, fmt.Errorf("rulecases: %s/cases.txt:%d: the vectors are abapa's", preset, cs[i].Line)
			}
		}
		if text, err = files.ReadFile("testdata/" + preset + "/perft.txt"); err != nil {
			return sp, fmt.Errorf("rulecases: %s has no perft.txt: %w", preset, err)
		}
		ps, err := parsePerft(preset+"/perft.txt", string(text))
		if err != nil {
			return sp, err
		}
		for i := range ps {
			ps[i].Preset = preset
		}
		sp.presets = append(sp.presets, preset)
		sp.cases[preset], sp.perft[preset] = cs, ps
	}
	slices.SortStableFunc(sp.presets, func(a, b string) int { // abapa first, the others by name
		switch {
		case a == b:
			return 0
		case a == Abapa:
			return -1
		case b == Abapa:
			return 1
		}
		return strings.Compare(a, b)
	})
	return sp, nil
})

// Presets returns the presets that have a specification here: abapa, then
// the others by name.
func Presets() ([]string, error) {
	sp, err := read()
	return slices.Clone(sp.presets), err
}

// Cases returns every case of preset's cases.txt, in file order.
func Cases(preset string) ([]Case, error) {
	sp, err := read()
	if err != nil {
		return nil, err
	}
	cs, ok := sp.cases[preset]
	if !ok {
		return nil, fmt.Errorf("rulecases: no cases of preset %q", preset)
	}
	return cs, nil
}

// Vectors returns abapa's cases of kind "vector", in file order.
func Vectors() ([]Case, error) {
	all, err := Cases(Abapa)
	if err != nil {
		return nil, err
	}
	var out []Case
	for _, c := range all {
		if c.Vector {
			out = append(out, c)
		}
	}
	return out, nil
}

// PerftCases returns every perft line of preset's perft.txt, in file order.
func PerftCases(preset string) ([]Perft, error) {
	sp, err := read()
	if err != nil {
		return nil, err
	}
	ps, ok := sp.perft[preset]
	if !ok {
		return nil, fmt.Errorf("rulecases: no perft lines of preset %q", preset)
	}
	return ps, nil
}

// ParseCases reads cases in the format of cases.txt; errors name the line
// as "cases.txt:N".
func ParseCases(text string) ([]Case, error) { return parseCases("cases.txt", text) }

// parseCases reads the cases of the file named file.
func parseCases(file, text string) ([]Case, error) {
	var out []Case
	names := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseCase(line)
		if err != nil {
			return nil, fmt.Errorf("rulecases: %s:%d: %w", file, i+1, err)
		}
		if names[c.Name] {
			return nil, fmt.Errorf("rulecases: %s:%d: case %s appears twice", file, i+1, c.Name)
		}
		names[c.Name] = true
		c.Line = i + 1
		out = append(out, c)
	}
	return out, nil
}

func parseCase(line string) (Case, error) {
	var c Case
	f := strings.Split(line, "|")
	if len(f) != 7 {
		return c, fmt.Errorf("%d fields, want 7: kind | rules | name | start | moves | expected | about", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	switch f[0] {
	case "vector":
		c.Vector = true
	case "case":
	default:
		return c, fmt.Errorf("kind %q, want case or vector", f[0])
	}
	c.Rules = strings.Fields(f[1])
	if len(c.Rules) == 0 {
		return c, errors.New("no rule ids")
	}
	for _, r := range c.Rules {
		if !slices.Contains(RuleIDs, r) && !slices.Contains(Knobs, r) {
			return c, fmt.Errorf("unknown rule id or knob %q", r)
		}
	}
	c.Name = f[2]
	if c.Name == "" || strings.ContainsAny(c.Name, " \t") {
		return c, fmt.Errorf("name %q: want one word", c.Name)
	}
	c.Start = f[3]
	if err := c.parseStart(); err != nil {
		return c, err
	}
	var err error
	if c.Moves, err = parseMoves(f[4]); err != nil {
		return c, err
	}
	c.About = f[6]
	if c.About == "" {
		return c, errors.New("no about text")
	}
	if err := c.parseFacts(f[5]); err != nil {
		return c, fmt.Errorf("%s: %w", c.Name, err)
	}
	return c, nil
}

// parseStart checks the form of a position string, with the plies
// before it, or reads material.
func (c *Case) parseStart() error {
	if !strings.Contains(c.Start, ",") {
		board, plies, ok := strings.Cut(c.Start, " +")
		if len(strings.Split(board, "-")) != 15 {
			return fmt.Errorf("start %q: want a position string of 15 fields", c.Start)
		}
		if n, err := strconv.Atoi(plies); ok && (err != nil || n < 1 || plies != strconv.Itoa(n)) {
			return fmt.Errorf("start %q: want +N, the plies before the board", c.Start)
		}
		return nil
	}
	c.Raw = true
	f := strings.Split(c.Start, ",")
	if len(f) != 15 {
		return fmt.Errorf("start %q: want material of 15 fields", c.Start)
	}
	for i, s := range f {
		var n int
		var err error
		switch {
		case i < 14:
			n, err = strconv.Atoi(s)
		case s == "S":
		case s == "N":
			n = 1
		default:
			n, err = strconv.Atoi(s)
		}
		if err != nil {
			return fmt.Errorf("start %q: field %d: %w", c.Start, i+1, err)
		}
		switch {
		case i < 12:
			c.Pits[i] = n
		case i < 14:
			c.Scores[i-12] = n
		default:
			c.ToMove = n
		}
	}
	return nil
}

// parseMoves reads pit letters and [n]; "-" is no move.
func parseMoves(s string) ([]int, error) {
	out := []int{}
	if s == "-" {
		return out, nil
	}
	for s != "" {
		switch r := s[0]; {
		case r >= 'A' && r <= 'F':
			out = append(out, int(r-'A'))
		case r >= 'a' && r <= 'f':
			out = append(out, int(r-'a')+6)
		case r == '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, fmt.Errorf("moves: %q: no ]", s)
			}
			n, err := strconv.Atoi(s[1:end])
			if err != nil {
				return nil, fmt.Errorf("moves: %w", err)
			}
			out = append(out, n)
			s = s[end:]
		default:
			return nil, fmt.Errorf("moves: %q is not a pit letter", r)
		}
		s = s[1:]
	}
	if len(out) == 0 {
		return nil, errors.New(`moves: none; write "-"`)
	}
	return out, nil
}

// caseKeys are the facts of the whole case; plyKeys those of a position.
var (
	caseKeys = []string{"error", "field", "value", "message", "reps-each"}
	plyKeys  = []string{"board", "legal", "outcome", "reps", "sown", "captures", "annulled", "fed"}
	moveKeys = []string{"sown", "captures", "annulled", "fed"} // not at the start
)

func (c *Case) parseFacts(text string) error {
	type fact struct {
		key, value string
		ply        int // -1: the last position
	}
	var facts []fact
	for _, item := range strings.Split(text, ";") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		key, value, ok := strings.Cut(item, "=")
		if !ok {
			return fmt.Errorf("fact %q: want key=value", item)
		}
		ft := fact{key: key, value: value, ply: -1}
		if k, at, ok := strings.Cut(key, "@"); ok {
			n, err := strconv.Atoi(at)
			if err != nil || n < 0 {
				return fmt.Errorf("fact %q: bad ply", item)
			}
			ft.key, ft.ply = k, n
		}
		switch {
		case slices.Contains(caseKeys, ft.key) && ft.ply == -1:
		case slices.Contains(plyKeys, ft.key):
		default:
			return fmt.Errorf("fact %q: unknown key", item)
		}
		facts = append(facts, ft)
	}
	// The case's facts first: the error decides how many moves are played.
	for _, ft := range facts {
		var err error
		switch ft.key {
		case "error":
			if !slices.Contains(StartErrors, ft.value) && !slices.Contains(MoveErrors, ft.value) {
				err = fmt.Errorf("unknown error %q", ft.value)
			}
			c.Error = ft.value
		case "field":
			c.Field = ft.value
		case "value":
			c.Value, err = strconv.Atoi(ft.value)
			c.HasValue = true
		case "message":
			c.Message = ft.value
		case "reps-each":
			for _, d := range ft.value {
				if d < '1' || d > '9' {
					return fmt.Errorf("reps-each %q: want one digit 1-9 per move", ft.value)
				}
				c.RepsEach = append(c.RepsEach, int(d-'0'))
			}
		}
		if err != nil {
			return err
		}
	}
	played := len(c.Moves)
	switch {
	case c.StartRefused():
		if played > 0 {
			return errors.New("a refused start has no moves")
		}
	case c.MoveRefused():
		if played == 0 {
			return fmt.Errorf("%s refuses a move, and there is none", c.Error)
		}
		played--
	}
	if (c.Field != "" || c.HasValue) && !c.StartRefused() {
		return errors.New("field and value belong to a refused start")
	}
	if c.Message != "" && c.Error == "" {
		return errors.New("message without error")
	}
	if c.RepsEach != nil && len(c.RepsEach) != played {
		return fmt.Errorf("reps-each has %d counts for %d moves", len(c.RepsEach), played)
	}
	c.Plies = make([]Facts, played+1)
	for _, ft := range facts {
		if slices.Contains(caseKeys, ft.key) {
			continue
		}
		ply := ft.ply
		if ply == -1 {
			ply = played
		}
		if ply > played {
			return fmt.Errorf("%s@%d: only %d moves are played", ft.key, ply, played)
		}
		if ply == 0 && slices.Contains(moveKeys, ft.key) {
			return fmt.Errorf("%s is a fact of a move, not of the start", ft.key)
		}
		if c.StartRefused() {
			return fmt.Errorf("%s: a refused start has no facts", ft.key)
		}
		f := &c.Plies[ply]
		if f.given[ft.key] {
			return fmt.Errorf("%s@%d given twice", ft.key, ply)
		}
		if f.given == nil {
			f.given = map[string]bool{}
		}
		f.given[ft.key] = true
		if err := f.set(ft.key, ft.value); err != nil {
			return fmt.Errorf("%s@%d: %w", ft.key, ply, err)
		}
	}
	return nil
}

func (f *Facts) set(key, value string) error {
	var err error
	switch key {
	case "board":
		if len(strings.Split(value, "-")) != 15 {
			err = fmt.Errorf("%q is not a position string", value)
		}
		f.Board = value
	case "legal":
		f.Legal, err = parseMoves(value)
		for _, m := range f.Legal {
			if m < 0 || m > 11 {
				err = fmt.Errorf("legal move [%d]", m)
			}
		}
	case "outcome":
		f.Outcome, err = ParseOutcome(value)
	case "reps":
		f.Reps, err = strconv.Atoi(value)
		if err == nil && f.Reps < 1 {
			err = errors.New("a count is at least 1")
		}
	case "sown":
		f.Sown = nil
		for _, s := range strings.Split(value, ",") {
			n, e := strconv.Atoi(s)
			if e != nil || n < 0 || n > 11 {
				return fmt.Errorf("sown %q: want pits 0-11 joined by ,", value)
			}
			f.Sown = append(f.Sown, n)
		}
	case "captures":
		f.Captures, err = parseCaptures(value)
	case "annulled":
		f.Annulled, err = parseCaptures(value)
	case "fed":
		switch value {
		case "yes":
			f.Fed = true
		case "no":
		default:
			err = fmt.Errorf("fed %q: want yes or no", value)
		}
	}
	return err
}

// parseCaptures reads "9:2,8:3" (pit:seeds, from the last seed
// backwards); "-" is none.
func parseCaptures(s string) ([]Capture, error) {
	out := []Capture{}
	if s == "-" {
		return out, nil
	}
	for _, item := range strings.Split(s, ",") {
		p, n, ok := strings.Cut(item, ":")
		pit, err1 := strconv.Atoi(p)
		seeds, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("captures %q: want pit:seeds joined by ,", s)
		}
		out = append(out, Capture{pit, seeds})
	}
	return out, nil
}

// ParseOutcome reads an outcome written as the README writes them, the
// winner's tally first ("North wins 25-19 (majority, R8)", "draw 24-24
// (no move, R9)", "North wins 24.5-23.5 (repetition, R10)", "draw 13-35
// (ply limit)"), and checks that its parts agree: R8 tallies have 25 or
// more and add up to 48 at most; those of the other endings add up to 48;
// only both tallies hold half a seed, and only after R10; the winner has
// the higher tally, except after the ply limit, which draws.
func ParseOutcome(s string) (Outcome, error) {
	o := Outcome{Text: s}
	if s == "not over" {
		return o, nil
	}
	bad := fmt.Errorf("outcome %q: want \"not over\", \"South wins 25-10 (majority, R8)\" or \"draw 24-24 (no move, R9)\"", s)
	var head string
	switch {
	case strings.HasPrefix(s, "draw "):
		head, s = "", s[len("draw "):]
	case strings.HasPrefix(s, "South wins "), strings.HasPrefix(s, "North wins "):
		head, s = s[:5], s[len("South wins "):]
	default:
		return o, bad
	}
	tallies, rest, ok := strings.Cut(s, " (")
	south, north, ok2 := strings.Cut(tallies, "-")
	inside, ok3 := strings.CutSuffix(rest, ")")
	if !ok || !ok2 || !ok3 {
		return o, bad
	}
	reason, rule, _ := strings.Cut(inside, ", ")
	if head == "North" { // the winner's tally comes first
		south, north = north, south
	}
	var halves [2]bool
	for i, t := range [2]string{south, north} {
		whole, half := strings.CutSuffix(t, ".5")
		n, err := strconv.Atoi(whole)
		if err != nil || n < 0 {
			return o, bad
		}
		o.Tallies[i], halves[i] = n, half
	}
	o.Over, o.Winner, o.Reason, o.Rule, o.Half = true, head, reason, rule, halves[0]
	sum := o.Tallies[0] + o.Tallies[1]
	if o.Half {
		sum++
	}
	switch {
	case halves[0] != halves[1] || o.Half && reason != "repetition":
		return o, fmt.Errorf("outcome %q: only both tallies hold half a seed, after R10", o.Text)
	case reason == "majority" && rule == "R8":
		if max(o.Tallies[0], o.Tallies[1]) < 25 || sum > 48 {
			return o, fmt.Errorf("outcome %q: R8 tallies have 25 or more and add up to 48 at most", o.Text)
		}
	case reason == "no move" && rule == "R9", reason == "repetition" && rule == "R10",
		reason == "quiet limit" && rule == "", reason == "ply limit" && rule == "":
		if sum != 48 {
			return o, fmt.Errorf("outcome %q: the tallies of %s add up to 48", o.Text, reason)
		}
	default:
		return o, bad
	}
	want := ""
	switch {
	case reason == "ply limit": // a draw, whatever the tallies
	case o.Tallies[0] > o.Tallies[1]:
		want = "South"
	case o.Tallies[1] > o.Tallies[0]:
		want = "North"
	}
	if want != o.Winner {
		return o, fmt.Errorf("outcome %q: the tallies make %q the winner", o.Text, want)
	}
	return o, nil
}

// ParsePerft reads perft lines in the format of perft.txt.
func ParsePerft(text string) ([]Perft, error) { return parsePerft("perft.txt", text) }

// parsePerft reads the perft lines of the file named file.
func parsePerft(file, text string) ([]Perft, error) {
	var out []Perft
	var cur Perft
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, _ := strings.Cut(line, " ")
		value = strings.TrimSpace(value)
		bad := func(format string, args ...any) ([]Perft, error) {
			return nil, fmt.Errorf("rulecases: %s:%d: "+format, append([]any{file, i + 1}, args...)...)
		}
		switch key {
		case "id":
			cur = Perft{ID: value}
		case "start":
			if cur.ID == "" || len(strings.Split(value, "-")) != 15 {
				return bad("start %q: want a position string after an id", value)
			}
			cur.Start, cur.Moves = value, []int{}
		case "moves":
			ms, err := parseMoves(value)
			if err != nil || cur.Start == "" {
				return bad("moves %q after a start: %v", value, err)
			}
			cur.Moves = ms
		case "perft":
			d, n, _ := strings.Cut(value, " ")
			depth, err1 := strconv.Atoi(d)
			leaves, err2 := strconv.ParseUint(n, 10, 64)
			if err1 != nil || err2 != nil || depth < 0 || cur.Start == "" {
				return bad("perft %q: want depth and leaves after a start", value)
			}
			p := cur
			p.Line, p.Depth, p.Leaves = i+1, depth, leaves
			out = append(out, p)
		default:
			return bad("%q: want id, start, moves or perft", key)
		}
	}
	return out, nil
}

// Seen is what a program shows at one position, to be checked against
// the facts expected there. The move fields are those of the move that
// led to the position.
type Seen struct {
	Board     string // the position string
	Legal     []int
	Outcome   string // the outcome's text, as in Outcome.Text
	Reps      int
	Sown      []int
	Captures  []Capture
	Captured  int // the seeds captured in all
	Annulled  []Capture
	GrandSlam bool
	Fed       bool
}

// Check compares s with every fact given and describes each one s
// contradicts.
func (f Facts) Check(s Seen) []string {
	var bad []string
	differ := func(key string, got, want any) {
		bad = append(bad, fmt.Sprintf("%s: got %v, want %v", key, got, want))
	}
	if f.Has("board") && s.Board != f.Board {
		differ("board", s.Board, f.Board)
	}
	if f.Has("legal") && !slices.Equal(s.Legal, f.Legal) {
		differ("legal", s.Legal, f.Legal)
	}
	if f.Has("outcome") && s.Outcome != f.Outcome.Text {
		differ("outcome", s.Outcome, f.Outcome.Text)
	}
	if f.Has("reps") && s.Reps != f.Reps {
		differ("reps", s.Reps, f.Reps)
	}
	if f.Has("sown") && !slices.Equal(s.Sown, f.Sown) {
		differ("sown", s.Sown, f.Sown)
	}
	if f.Has("captures") {
		sum := 0
		for _, c := range f.Captures {
			sum += c.Seeds
		}
		if !slices.Equal(s.Captures, f.Captures) || s.Captured != sum {
			differ("captures", fmt.Sprintf("%v (%d seeds)", s.Captures, s.Captured), fmt.Sprintf("%v (%d seeds)", f.Captures, sum))
		}
	}
	if f.Has("annulled") && (!slices.Equal(s.Annulled, f.Annulled) || s.GrandSlam != (len(f.Annulled) > 0)) {
		differ("annulled", fmt.Sprintf("%v (grand slam %v)", s.Annulled, s.GrandSlam), f.Annulled)
	}
	if f.Has("fed") && s.Fed != f.Fed {
		differ("fed", s.Fed, f.Fed)
	}
	return bad
}
