package engine

import (
	"context"
	"math"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
)

// level is how a search at a skill below full plays.
type level struct {
	nodes   uint64  // the positions it searches
	temp    float64 // in seeds: a move that scores worse by temp is e times less likely
	maxLoss float64 // in seeds: no move that scores worse than the best by more is chosen
}

// skillLevel returns the level of skill s, from 0 to 1. From lowSkill
// up: from 158 to 500,000 positions (50 × 10,000^s), a temperature from
// 2.3 seeds down to 0 (3 × (1 − s)²), and a choice from within 5.3 seeds
// down to within half a seed of the best move (0.5 + 5.5 × (1 − s)).
// Below lowSkill, down to the weakest level, which a beginner beats:
// from those to weakest's, each in proportion (the positions on a
// logarithmic scale).
func skillLevel(s float64) level {
	s = min(max(s, 0), 1)
	if s < lowSkill {
		lo, hi, f := weakest, skillLevel(lowSkill), s/lowSkill
		return level{
			nodes:   uint64(float64(lo.nodes) * math.Pow(float64(hi.nodes)/float64(lo.nodes), f)),
			temp:    lo.temp + (hi.temp-lo.temp)*f,
			maxLoss: lo.maxLoss + (hi.maxLoss-lo.maxLoss)*f,
		}
	}
	return level{
		nodes:   uint64(50 * math.Pow(10_000, s)),
		temp:    3 * (1 - s) * (1 - s),
		maxLoss: 0.5 + 5.5*(1-s),
	}
}

// lowSkill is the skill below which the levels tend to weakest.
const lowSkill = 1.0 / 8

// weakest is the level of skill 0: a search of one ply (7 positions: the
// first iteration is always completed, and it looks at the captures that
// follow each move), a choice within 20 seeds of the best move, at a
// temperature of 10 seeds. It loses most of its games to a beginner who
// takes the most seeds each move and beats the random mover (the greedy
// player and the random mover of TestCalibrateLevels).
var weakest = level{nodes: 7, temp: 10, maxLoss: 20}

// choose returns the index of the line that the level l plays, of lines
// that score every move of the position searched, drawing from rng.
func (l level) choose(lines []Line, rng *prng.Source) int {
	best := lines[0].Score
	for _, line := range lines {
		best = max(best, line.Score)
	}
	if _, mate := best.Mate(); mate || l.temp == 0 {
		return bestLine(lines, best)
	}
	if _, proven := best.Proven(); proven {
		return bestLine(lines, best)
	}
	weights := make([]float64, len(lines))
	total := 0.0
	for i, line := range lines {
		loss := float64(best-line.Score) / SeedValue
		if loss > l.maxLoss {
			continue
		}
		weights[i] = math.Exp(-loss / l.temp)
		total += weights[i]
	}
	x := float64(rng.Uint64()>>11) / (1 << 53) * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return bestLine(lines, best)
}

// bestLine returns the index of the first line that scores best.
func bestLine(lines []Line, best Score) int {
	for i, line := range lines {
		if line.Score == best {
			return i
		}
	}
	return 0
}

// The scale of Limits.Elo: the measured Elo of the weakest and the
// strongest levels, skill 0 and skill 1 (see levelElos).
const (
	MinElo = 295
	MaxElo = 2719
)

// levelElos are the Elo of the skills 0, 1/8, 2/8, ..., 1 as
// TestCalibrateLevels measured them (the table in docs/engine.md,
// TestLevelTable), rounded, on the scale where the random mover is 0.
var levelElos = [9]int{MinElo, 984, 1253, 1502, 1830, 2258, 2411, 2554, MaxElo}

// eloSkill returns the skill that plays at elo, from MinElo to MaxElo:
// that of a measured level, or between two in proportion.
func eloSkill(elo int) float64 {
	elo = min(max(elo, MinElo), MaxElo)
	for k := 1; k < len(levelElos); k++ {
		if elo <= levelElos[k] {
			lo, hi := levelElos[k-1], levelElos[k]
			return (float64(k-1) + float64(elo-lo)/float64(hi-lo)) / float64(len(levelElos)-1)
		}
	}
	return 1
}

// levelSeed returns the seed of the choice of a level at p: the same
// position and level always draw the same move, so that games between
// levels replay.
func levelSeed(p oware.Position, skill float64) uint64 {
	return p.Board().Hash() ^ uint64(p.QuietPlies())<<56 ^ math.Float64bits(skill)
}

// atSkill is Analyze at the skill s below full strength: a search of the
// level's positions (and within lim), of every move when the level
// chooses among them, without endgame tables, then the level's choice.
// lim and p are valid.
func (e *Engine) atSkill(ctx context.Context, p oware.Position, lim Limits, s float64, progress func(Result)) (Result, error) {
	lv := skillLevel(s)
	if lim.Nodes == 0 || lim.Nodes > lv.nodes {
		lim.Nodes = lv.nodes
	}
	lines := max(lim.MultiPV, 1)
	report := progress
	if lv.temp > 0 {
		lim.MultiPV = oware.PitsPerSide
		if progress != nil {
			report = func(r Result) {
				r.Lines = r.Lines[:min(lines, len(r.Lines))]
				progress(r)
			}
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	r := e.s.run(ctx, p, lim, e.now, report)
	i := lv.choose(r.Lines, prng.New(levelSeed(p, s)))
	best := r.Lines[i]
	r.Move, r.Score, r.Depth, r.PV, r.Partial = best.Move, best.Score, best.Depth, best.PV, r.Partial && i == 0
	// The line played first, then the others as far as asked for.
	r.Lines = append([]Line{best}, append(r.Lines[:i:i], r.Lines[i+1:]...)...)[:min(lines, len(r.Lines))]
	prove(p, &r, nil, 0)
	return r, nil
}
