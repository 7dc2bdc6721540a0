package oracle

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/wire"
)

// TestLibraryDecodersRefuse: the JSON decoding of every type that the
// oracle's answers are made of (the library's text forms, and the
// protocol's forms of package internal/wire) refuses the values the type
// cannot hold, and leaves the value it decodes into as it was. The
// packages' own tests pin what each accepts; these are the hostile and
// clumsy inputs of a client.
func TestLibraryDecodersRefuse(t *testing.T) {
	refuse := func(t *testing.T, data string, into any) {
		t.Helper()
		err := json.Unmarshal([]byte(data), into)
		assert.Error(t, err, "%.80s", data)
	}
	t.Run("MoveSet", func(t *testing.T) {
		for _, data := range []string{`[null]`, `"AAE="`, `["A",null]`, `[1]`, `["G"]`, `["AB"]`, `{}`, `"A"`, `[["A"]]`, `true`, `["a","A",""]`, `["F","a","11","F"]`} {
			s := wire.MoveSet{MoveSet: 1 << 3}
			refuse(t, data, &s)
			assert.Equal(t, wire.MoveSet{MoveSet: 1 << 3}, s, data)
		}
		var s wire.MoveSet
		require.NoError(t, json.Unmarshal([]byte(` [ "F", "a" ,"11" ] `), &s))
		assert.Equal(t, wire.MoveSet{MoveSet: 1<<5 | 1<<6 | 1<<11}, s)
	})
	t.Run("Effect", func(t *testing.T) {
		e, err := oware.Start().Explain(5)
		require.NoError(t, err)
		good, err := json.Marshal(wire.Effect{Effect: e})
		require.NoError(t, err)
		for _, data := range []string{
			string(good),
			strings.Replace(string(good), `"sown":[6,7,8,9]`, `"sown":[99]`, 1),
			`{"move":"F","seeds":-5}`, `{}`, `[]`, `"F"`,
		} {
			we := wire.Effect{Effect: e}
			err := json.Unmarshal([]byte(data), &we)
			assert.ErrorIs(t, err, errors.ErrUnsupported, "%.80s", data)
			assert.Equal(t, e.After().String(), we.After().String())
		}
	})
	t.Run("Outcome", func(t *testing.T) {
		for _, data := range []string{
			`{"reason":"majority","tallies":{"South":25,"North":19},"Reason":"no move"}`,
			`{"reason":"majority","reason":"no move","tallies":{"South":25,"North":19}}`,
			`{"reason":"majority","tallies":{"South":25,"North":19,"south":1}}`,
			`{"reason":"majority","tallies":{"South":25,"North":19,"North":23}}`,
			`{"reason":"majority","tallies":{"South":25,"North":24}}`,
			`{"reason":"majority","tallies":{"South":24,"North":19}}`,
			`{"reason":"no move","tallies":{"South":24,"North":23}}`,
			`{"reason":"no move","tallies":{"South":24.5,"North":23.5}}`,
			`{"reason":"repetition","tallies":{"South":23.5,"North":24}}`,
			`{"reason":"not over","tallies":{"South":1,"North":0}}`,
			`{"reason":"majority","tallies":{"South":25.0,"North":19}}`,
			`{"reason":"majority","tallies":{"South":"25","North":19}}`,
			`{"reason":"majority","tallies":{"South":-25,"North":19}}`,
			`{"reason":"Majority","tallies":{"South":25,"North":19}}`,
			`{"reason":"majority","tallies":{"South":25,"North":19},"winner":"North"}`,
			`{"reason":"majority","tallies":{"South":25,"North":19},"over":null}`,
			`{"tallies":{"South":25,"North":19}}`,
			`{"reason":"majority"}`,
			`[]`, `"majority"`,
			`{"reason":"majority","tallies":{"South":25,"North":19}}`,
		} {
			var o wire.Outcome
			refuse(t, data, &o)
			assert.Equal(t, wire.Outcome{}, o, data)
		}
		var o wire.Outcome
		require.NoError(t, json.Unmarshal([]byte(`{"over":true,"reason":"majority","rule":"R8","winner":"South","draw":false,"tallies":{"South":25,"North":19}}`), &o))
		assert.Equal(t, oware.Majority, o.Reason())
	})
	t.Run("Position", func(t *testing.T) {
		long := `"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S ` + strings.Repeat("Ff", oware.MaxHistory/2) + `F"`
		for _, data := range []string{
			long, `"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S FF"`, `"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S"`, `"chess 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"`,
			`"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S  F"`, `"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S F "`, `4`, `{}`, `["4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"]`,
		} {
			p := oware.Start()
			refuse(t, data, &p)
			assert.Equal(t, oware.Start().String(), p.String())
		}
		var p oware.Position
		err := json.Unmarshal([]byte(long), &p)
		assert.ErrorIs(t, err, oware.ErrRange, "a history over MaxHistory moves")
	})
	t.Run("Board", func(t *testing.T) {
		for _, data := range []string{
			`"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S"`, `"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S F"`, `"04-4-4-4-4-4-4-4-4-4-4-4-0-0-S"`,
			`"4-4-4-4-4-4-4-4-4-4-4-4-0-0-X"`, `"-4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"`, `"49-0-0-0-0-0-0-0-0-0-0-0-0-0-S"`, `4`, `{}`,
		} {
			b := oware.Start().Board()
			refuse(t, data, &b)
			assert.Equal(t, oware.Start().Board(), b, data)
		}
	})
}
