package play

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// randomGame draws a game of play: rules, a side, a level and a time, and
// up to 80 random legal moves from the opening or from a position a few
// random moves on.
func randomGame(t *rapid.T) *game {
	name := rapid.SampledFrom(oware.RulesNames()).Draw(t, "rules")
	rules, err := oware.ParseRules(name)
	require.NoError(t, err)
	g := &game{human: oware.Player(rapid.IntRange(0, 1).Draw(t, "human")),
		level: rapid.IntRange(1, engine.MaxDepth).Draw(t, "level"),
		limit: rapid.SampledFrom([]time.Duration{time.Millisecond, 50 * time.Millisecond, time.Second, 90 * time.Second}).Draw(t, "time"),
		rules: rules}
	p := rules.Start()
	for range rapid.IntRange(0, 6).Draw(t, "set-up") {
		if p.Moves().Len() == 0 {
			break
		}
		m, _ := p.Moves().Nth(rapid.IntRange(0, p.Moves().Len()-1).Draw(t, "set-up move"))
		p, err = p.Play(m)
		require.NoError(t, err)
	}
	g.line = []oware.Position{rules.Position(p.Board())}
	for range rapid.IntRange(0, 80).Draw(t, "plies") {
		ms := g.now().Moves()
		if ms.Len() == 0 {
			break
		}
		m, _ := ms.Nth(rapid.IntRange(0, ms.Len()-1).Draw(t, "move"))
		e, err := g.now().Explain(m)
		require.NoError(t, err)
		g.line = append(g.line, e.After())
		g.moves = append(g.moves, m)
	}
	return g
}

// TestSavedGamesReadBack: what save writes, -load reads back: the rules,
// the start, every move, the person's side, and the computer's level and
// time.
func TestSavedGamesReadBack(t *testing.T) {
	dir := t.TempDir()
	rapid.Check(t, func(t *rapid.T) {
		g := randomGame(t)
		file := filepath.Join(dir, "game.ogn")
		require.NoError(t, g.saveTo(file))
		var out bytes.Buffer
		h := &game{in: nil, out: &out}
		require.NoError(t, h.load(file, true))
		require.Equal(t, g.rules, h.rules)
		require.Equal(t, g.line[0].Board(), h.line[0].Board())
		require.Equal(t, g.moves, h.moves)
		require.Equal(t, g.now().Board(), h.now().Board())
		require.Equal(t, g.human, h.human)
		require.Equal(t, g.level, h.level, "the level")
		require.Equal(t, g.limit, h.limit, "the time")
		require.False(t, strings.Contains(out.String(), "error"))
	})
}
