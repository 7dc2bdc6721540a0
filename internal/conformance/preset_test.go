package conformance

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
)

// TestPresetFiles: each preset's committed vectors are what the generator
// writes under its rules, the header tells the truth, and every case
// replays through the library under those rules: the same positions, legal
// moves and outcomes. (The presets themselves are proven against the
// programs they reproduce in internal/variants.)
func TestPresetFiles(t *testing.T) {
	for _, name := range oware.RulesNames()[1:] {
		rules, err := oware.ParseRules(name)
		require.NoError(t, err)
		t.Run(name, func(t *testing.T) {
			path := "../../testdata/conformance/" + File(rules)
			committed, err := os.ReadFile(path)
			require.NoError(t, err)
			opt := DefaultOptions
			opt.Rules = rules
			var fresh bytes.Buffer
			require.NoError(t, Generate(&fresh, opt))
			require.True(t, bytes.Equal(committed, fresh.Bytes()), "%s is stale: run go generate ./cmd/oware", path)

			h, cases, err := Read(bytes.NewReader(committed))
			require.NoError(t, err)
			assert.Equal(t, name, h.Preset)
			assert.Equal(t, "oware vectors -rules "+name+" -seed 1 -games 20 -endgames 60", h.Generator)
			assert.Len(t, cases, opt.Games+opt.Endgames)
			plies := 0
			for _, c := range cases {
				require.NotNil(t, c.Game, c.Name)
				p := rules.Position(oware.MustParseBoard(c.Start))
				for i, text := range c.Moves {
					m, err := oware.ParseMove(text)
					require.NoError(t, err)
					p, err = p.Play(m)
					require.NoError(t, err, "%s ply %d", c.Name, i+1)
					got := c.Plies[i]
					assert.Equal(t, p.Board().String(), got.Position, "%s ply %d", c.Name, i+1)
					assert.Equal(t, p.Outcome(), got.Outcome.Outcome, "%s ply %d", c.Name, i+1)
					assert.Equal(t, p.Repetitions(), got.Repetitions, "%s ply %d", c.Name, i+1)
				}
				plies += len(c.Plies)
			}
			assert.Equal(t, h.Plies, plies)
		})
	}
}
