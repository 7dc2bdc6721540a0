package ogn_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// TestAualeRecords reads the records that Aualé wrote: under the auale
// preset every one is accepted, capture marks of the last ply and final
// tallies included; under the abapa rules that their Variant tag names,
// the games that end by Aualé's repetition rule or gather seeds on the
// last ply are refused.
func TestAualeRecords(t *testing.T) {
	files, err := filepath.Glob("testdata/auale/*.ogn")
	require.NoError(t, err)
	require.Len(t, files, 20)
	auale, err := oware.ParseRules("auale")
	require.NoError(t, err)
	refused := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		for _, rules := range []*oware.Rules{&auale, nil} {
			r := ogn.NewReader(bytes.NewReader(data))
			r.Rules = rules
			g, effects, err := r.ReadReplay()
			if rules != nil {
				require.NoError(t, err, "%s under auale", name)
				assert.Equal(t, auale, g.Rules)
				assert.Equal(t, "Oware Abapa", g.Variant, "the tag is kept as written")
				require.NotEmpty(t, effects)
				assert.True(t, effects[len(effects)-1].Outcome().Over(), "%s: Aualé's games are finished", name)
				continue
			}
			if err != nil {
				var re *ogn.ReplayError
				require.True(t, errors.As(err, &re), "%s: %v", name, err)
				assert.True(t, errors.Is(err, ogn.ErrCaptureMark) || errors.Is(err, ogn.ErrResult), "%s: %v", name, err)
				refused++
			}
		}
	}
	assert.Positive(t, refused, "some of Aualé's games break the abapa rules")
	t.Logf("%d of %d Aualé records break the abapa rules", refused, len(files))
}

// TestVariantTagNamesRules: a Variant tag may name a preset of package
// oware, whose rules the game is then replayed by.
func TestVariantTagNamesRules(t *testing.T) {
	// The 12-ply cycle brings the start back a second time: OpenSpiel's
	// first recurrence ends the game, abapa plays on.
	const moves = "1. c B 2. d D 3. e C 4. f F 5. a A 6. b E"
	for _, tt := range []struct {
		variant string
		over    bool
	}{{"Oware Abapa", false}, {"openspiel", true}, {"OpenSpiel", true}} {
		g, err := ogn.ParseGame(`[Variant "` + tt.variant + `"][FEN "0-1-0-1-0-1-0-0-1-0-0-0-22-22-N"] ` + moves)
		require.NoError(t, err, tt.variant)
		o, err := g.Outcome()
		if tt.over {
			assert.ErrorIs(t, err, ogn.ErrResult, "%s: the record says * but the game is over", tt.variant)
			g.Result = ogn.Result{}
			o, err = g.Outcome()
		}
		require.NoError(t, err, tt.variant)
		assert.Equal(t, tt.over, o.Over(), tt.variant)
	}
	_, err := ogn.ParseGame(`[Variant "Kalah"] 1. F`)
	assert.ErrorIs(t, err, ogn.ErrVariant)
}
