// Package refmodel is a second, independent statement of the rules of
// Oware (abapa), written straight from the rules R1–R11 and D1–D5 for the tests to check the
// library against. It shares no code with the library: plain arrays, a
// plain list of the positions since the last capture, and loops that
// follow the words of each rule. It is meant to be small and obviously
// right, not fast.
//
// Pits are numbered 0 to 11 as in the rules: South (player 0) owns 0–5,
// North (player 1) owns 6–11.
//
// Rule variants are to be added as fields of [Rules], whose zero value
// stays the abapa rules. Each decision a variant changes is one
// small method, so that a variant is a field and a switch in it:
//
//   - repetition modes (a second occurrence ends the game, or no
//     repetition rule): Game.repetitionEnds, and Rules.same for what
//     counts as the same position;
//   - grand slam modes (capture all, capture all but the last pit,
//     capture nothing): Rules.grandSlam and the run Play then takes;
//   - sweeping (the seeds left go to the player who moved last, or to
//     nobody): the tallies of Game.Outcome;
//   - feeding variants: Rules.feeds.
package refmodel

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Rules selects the rules the model plays by. The zero value is the rules
// of the rules (R1–R11, D1–D5), the only ones so far; see the package
// documentation for where variants go.
type Rules struct{}

// Board is a position without its history: the 12 pits, both scores and
// the side to move (0 South, 1 North).
type Board struct {
	Pits   [12]int
	Scores [2]int
	ToMove int
}

// The reasons the model refuses a position or a move.
var (
	ErrNegativeCount = errors.New("negative count")                  // D4
	ErrSeedTotal     = errors.New("seeds do not add up to 48")       // D4
	ErrNoSuchPlayer  = errors.New("no such player")                  // D4
	ErrSyntax        = errors.New("not a position string")           // notation
	ErrGameOver      = errors.New("game is over")                    // D5
	ErrNoSuchPit     = errors.New("no such pit")                     // R1
	ErrNotYourPit    = errors.New("pit is not on the mover's side")  // R2
	ErrEmptyPit      = errors.New("pit is empty")                    // R2
	ErrMustFeed      = errors.New("move does not feed the opponent") // R7
)

// Errors are the model's refusals by the names the rule cases give them
// (internal/rulecases): the names of the library's sentinels.
func Errors() map[string]error {
	return map[string]error{
		"ErrNegativeCount": ErrNegativeCount,
		"ErrSeedTotal":     ErrSeedTotal,
		"ErrNoSuchPlayer":  ErrNoSuchPlayer,
		"ErrNoSuchPit":     ErrNoSuchPit,
		"ErrNotYourPit":    ErrNotYourPit,
		"ErrEmptyPit":      ErrEmptyPit,
		"ErrMustFeed":      ErrMustFeed,
		"ErrGameOver":      ErrGameOver,
	}
}

// Parse reads a position string: pits 0 to 11, South's score, North's
// score (decimal, no sign or leading zero) and S or N, joined by "-". It
// checks the form only; [Board.Check] checks D4.
func Parse(s string) (Board, error) {
	var b Board
	f := strings.Split(s, "-")
	if len(f) != 15 {
		return b, ErrSyntax
	}
	for i := 0; i < 14; i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 0 || n > 48 || strconv.Itoa(n) != f[i] {
			return b, ErrSyntax
		}
		if i < 12 {
			b.Pits[i] = n
		} else {
			b.Scores[i-12] = n
		}
	}
	switch f[14] {
	case "S":
		b.ToMove = 0
	case "N":
		b.ToMove = 1
	default:
		return b, ErrSyntax
	}
	return b, nil
}

// String returns the position string of b.
func (b Board) String() string {
	var f []string
	for _, n := range b.Pits {
		f = append(f, strconv.Itoa(n))
	}
	f = append(f, strconv.Itoa(b.Scores[0]), strconv.Itoa(b.Scores[1]), "SN"[b.ToMove:b.ToMove+1])
	return strings.Join(f, "-")
}

// Check reports whether b is a position of the game (D4): no negative
// count, 48 seeds in pits and scores, and a side to move that is a player.
func (b Board) Check() error {
	total := 0
	for _, n := range append(b.Pits[:], b.Scores[:]...) {
		if n < 0 {
			return ErrNegativeCount
		}
		total += n
	}
	if total != 48 {
		return ErrSeedTotal
	}
	if b.ToMove != 0 && b.ToMove != 1 {
		return ErrNoSuchPlayer
	}
	return nil
}

// Side returns the seeds on the side of player p.
func (b Board) Side(p int) int {
	n := 0
	for i := 6 * p; i < 6*p+6; i++ {
		n += b.Pits[i]
	}
	return n
}

// Mirror returns b seen from the other side: pit i goes to pit i+6
// (modulo 12), and the scores and the side to move are swapped.
func (b Board) Mirror() Board {
	m := Board{Scores: [2]int{b.Scores[1], b.Scores[0]}, ToMove: 1 - b.ToMove}
	for i, n := range b.Pits {
		m.Pits[(i+6)%12] = n
	}
	return m
}

// owner returns the player who owns pit i (R1).
func owner(i int) int { return i / 6 }

// Game is a position with its history.
type Game struct {
	Rules Rules
	Board
	// Since lists the positions since the last capture, or since the
	// start, oldest first; the current one is last (D2).
	Since []Board
}

// New starts a game at b with a fresh history (D4).
func New(r Rules, b Board) (Game, error) {
	if err := b.Check(); err != nil {
		return Game{}, err
	}
	return Game{Rules: r, Board: b, Since: []Board{b}}, nil
}

// Mirror returns g seen from the other side, its history too.
func (g Game) Mirror() Game {
	m := Game{Rules: g.Rules, Board: g.Board.Mirror()}
	for _, q := range g.Since {
		m.Since = append(m.Since, q.Mirror())
	}
	return m
}

// same reports whether two positions are the same (D1): all 12 pits and
// the side to move are equal.
func (r Rules) same(x, y Board) bool {
	return x.Pits == y.Pits && x.ToMove == y.ToMove
}

// Repetitions counts the occurrences of the current position since the
// last capture, itself included (D1, D2).
func (g Game) Repetitions() int {
	n := 0
	for _, q := range g.Since {
		if g.Rules.same(q, g.Board) {
			n++
		}
	}
	return n
}

// Effect is what a move did.
type Effect struct {
	Pit      int       // the pit sown
	Sown     []int     // the pit of each seed, in order (R3, R4)
	Captures []Capture // the pits captured, from the last seed backwards (R5)
	Annulled []Capture // a grand slam: what the capture would have taken (R6)
	Fed      bool      // the opponent's side was empty before the move (R7)
}

// Capture is one captured pit.
type Capture struct{ Pit, Seeds int }

// Captured returns the seeds captured in all.
func (e Effect) Captured() int {
	n := 0
	for _, c := range e.Captures {
		n += c.Seeds
	}
	return n
}

// sow takes the seeds of pit and drops them one by one into the following
// pits, increasing index, 11 wrapping to 0 (R3), skipping the pit of
// origin on every lap (R4). It returns the pits after and where each seed
// went.
func (r Rules) sow(pits [12]int, pit int) ([12]int, []int) {
	n := pits[pit]
	pits[pit] = 0
	var sown []int
	at := pit
	for n > 0 {
		at = (at + 1) % 12
		if at == pit {
			continue // R4
		}
		pits[at]++
		sown = append(sown, at)
		n--
	}
	return pits, sown
}

// captureRun returns the run R5 would capture after the mover's last seed
// fell in pit last: that pit, then the pit before it and so on, while the
// pits are the opponent's and hold 2 or 3.
func (r Rules) captureRun(pits [12]int, mover, last int) []Capture {
	var run []Capture
	for i := last; i >= 0 && owner(i) != mover && (pits[i] == 2 || pits[i] == 3); i-- {
		run = append(run, Capture{i, pits[i]})
	}
	return run
}

// grandSlam reports whether taking run would leave the opponent's side
// without a seed (R6).
func (r Rules) grandSlam(pits [12]int, opponent int, run []Capture) bool {
	taken := 0
	for _, c := range run {
		taken += c.Seeds
	}
	return len(run) > 0 && taken == Board{Pits: pits}.Side(opponent)
}

// feeds reports whether sowing pit puts a seed on the opponent's side (R7).
func (r Rules) feeds(b Board, pit int) bool {
	after, _ := r.sow(b.Pits, pit)
	return Board{Pits: after}.Side(1-b.ToMove) > 0
}

// Refusal returns why pit may not be played now, or nil when it may: the
// game is over (D5), the pit does not exist (R1), is not the mover's or
// is empty (R2), or the opponent's side is empty and the pit does not feed
// it (R7).
func (g Game) Refusal(pit int) error {
	switch {
	case g.Outcome().Over:
		return ErrGameOver
	case pit < 0 || pit > 11:
		return ErrNoSuchPit
	case owner(pit) != g.ToMove:
		return ErrNotYourPit
	case g.Pits[pit] == 0:
		return ErrEmptyPit
	case g.Side(1-g.ToMove) == 0 && !g.Rules.feeds(g.Board, pit):
		return ErrMustFeed
	}
	return nil
}

// movable returns the pits the mover may sow, the end of the game aside
// (R2, R7).
func (g Game) movable() []int {
	var ms []int
	for pit := 6 * g.ToMove; pit < 6*g.ToMove+6; pit++ {
		if g.Pits[pit] > 0 && (g.Side(1-g.ToMove) > 0 || g.Rules.feeds(g.Board, pit)) {
			ms = append(ms, pit)
		}
	}
	return ms
}

// Legal returns the legal moves in pit order; none once the game is over
// (D5).
func (g Game) Legal() []int {
	if g.Outcome().Over {
		return nil
	}
	return g.movable()
}

// Play plays pit and returns the game after it and what the move did, or
// the reason it is refused (see [Game.Refusal]).
func (g Game) Play(pit int) (Game, Effect, error) {
	if err := g.Refusal(pit); err != nil {
		return g, Effect{}, err
	}
	mover, opp := g.ToMove, 1-g.ToMove
	e := Effect{Pit: pit, Fed: g.Side(opp) == 0}
	pits, sown := g.Rules.sow(g.Pits, pit)
	e.Sown = sown
	run := g.Rules.captureRun(pits, mover, sown[len(sown)-1])
	if g.Rules.grandSlam(pits, opp, run) {
		e.Annulled = run
	} else {
		e.Captures = run
	}
	next := g
	next.Pits = pits
	for _, c := range e.Captures {
		next.Pits[c.Pit] = 0
		next.Scores[mover] += c.Seeds
	}
	next.ToMove = opp
	if len(e.Captures) > 0 {
		next.Since = []Board{next.Board} // D2: the count starts again
	} else {
		next.Since = append(slices.Clip(g.Since), next.Board)
	}
	return next, e, nil
}

// The reasons a game ends.
const (
	Majority   = "majority"   // R8
	NoMove     = "no move"    // R9
	Repetition = "repetition" // R10
)

// Outcome is how the game stands.
type Outcome struct {
	Over    bool
	Reason  string // Majority, NoMove or Repetition; "" while the game goes on
	Rule    string // "R8", "R9" or "R10"; "" while the game goes on
	Tallies [2]int // South's and North's final tallies (D3); zero while the game goes on
	Winner  int    // 0 South, 1 North, -1 for a draw or a game that goes on (R11)
}

// String writes the outcome the way Outcome.String does, the winner's tally
// first: "South wins 26-22 (majority, R8)", "North wins 27-21 (no move,
// R9)", "draw 24-24 (repetition, R10)" or "not over".
func (o Outcome) String() string {
	if !o.Over {
		return "not over"
	}
	first := max(o.Winner, 0)
	tallies := strconv.Itoa(o.Tallies[first]) + "-" + strconv.Itoa(o.Tallies[1-first])
	head := "draw"
	if o.Winner >= 0 {
		head = [2]string{"South", "North"}[o.Winner] + " wins"
	}
	return head + " " + tallies + " (" + o.Reason + ", " + o.Rule + ")"
}

// repetitionEnds reports whether R10 ends the game now: the third
// occurrence of the position, unless a side is empty (D2).
func (g Game) repetitionEnds() bool {
	return g.Repetitions() >= 3 && g.Side(0) > 0 && g.Side(1) > 0
}

// Outcome returns the outcome: R8 first, then R10, then R9; the tallies of
// D3 and the winner of R11.
func (g Game) Outcome() Outcome {
	var o Outcome
	own := [2]int{g.Scores[0] + g.Side(0), g.Scores[1] + g.Side(1)}
	switch {
	case g.Scores[0] >= 25 || g.Scores[1] >= 25:
		o = Outcome{Over: true, Reason: Majority, Rule: "R8", Tallies: g.Scores}
	case g.repetitionEnds():
		o = Outcome{Over: true, Reason: Repetition, Rule: "R10", Tallies: own}
	case len(g.movable()) == 0:
		o = Outcome{Over: true, Reason: NoMove, Rule: "R9", Tallies: own}
	default:
		return Outcome{Winner: -1}
	}
	switch {
	case o.Tallies[0] > o.Tallies[1]:
		o.Winner = 0
	case o.Tallies[1] > o.Tallies[0]:
		o.Winner = 1
	default:
		o.Winner = -1
	}
	return o
}

// Letter returns the pit letter of pit, which must be 0–11: A–F for 0–5,
// a–f for 6–11.
func Letter(pit int) string {
	return string("ABCDEFabcdef"[pit])
}
