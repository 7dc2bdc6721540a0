package oracle

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openingAfterF is the response to the moves ["F"] from the opening, up to
// the end of its first ply.
const openingAfterF = `"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","legal":["A","B","C","D","E","F"],` +
	`"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},` +
	`"plies":[{"move":"F","position":"4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"`

// TestStrictRequests: the oracle refuses what encoding/json would read
// loosely (names in another case, repeated names, invalid UTF-8, an
// element of moves that is not a string) and accepts every JSON form of
// version 1 and a byte-order mark.
func TestStrictRequests(t *testing.T) {
	for _, tc := range []struct {
		name, request, response string
	}{
		{"name in another case, after the id", `{"id":18,"Id":2}`,
			`{"version":1,"id":18,"error":{"code":"unknown_field","reason":"unknown field \"Id\": want version, id, rules, start, moves, values"}}`},
		{"name in another case, before the id", `{"Id":2,"id":18}`,
			`{"version":1,"id":18,"error":{"code":"unknown_field","reason":"unknown field \"Id\": want version, id, rules, start, moves, values"}}`},
		{"ID alone", `{"ID":5}`,
			`{"version":1,"id":null,"error":{"code":"unknown_field","reason":"unknown field \"ID\": want version, id, rules, start, moves, values"}}`},
		{"moves twice", `{"id":1,"moves":["F"],"moves":["A"]}`,
			`{"version":1,"id":1,"error":{"code":"duplicate_field","reason":"field \"moves\" appears twice"}}`},
		{"id twice", `{"id":1,"id":2}`,
			`{"version":1,"id":null,"error":{"code":"duplicate_field","reason":"field \"id\" appears twice"}}`},
		{"null twice", `{"id":3,"start":null,"start":null}`,
			`{"version":1,"id":3,"error":{"code":"duplicate_field","reason":"field \"start\" appears twice"}}`},
		{"invalid UTF-8 in the id", "{\"id\":\"\xff\"}",
			`{"version":1,"id":null,"error":{"code":"bad_json","reason":"not valid UTF-8"}}`},
		{"invalid UTF-8 in a move", "{\"id\":4,\"moves\":[\"\xc3\"]}",
			`{"version":1,"id":null,"error":{"code":"bad_json","reason":"not valid UTF-8"}}`},
		{"null move", `{"id":5,"moves":[null]}`,
			`{"version":1,"id":5,"error":{"code":"bad_field","reason":"field \"moves\": move 1 is JSON null, not a string"}}`},
		{"number move", `{"id":6,"moves":["F",5]}`,
			`{"version":1,"id":6,"error":{"code":"bad_field","reason":"field \"moves\": move 2 is JSON number, not a string"}}`},
		{"version 1.0", `{"version":1.0,"id":7,"moves":["F"]}`, `{"version":1,"id":7,` + openingAfterF},
		{"version 1e0", `{"version":1e0,"id":8,"moves":["F"]}`, `{"version":1,"id":8,` + openingAfterF},
		{"version 0.1E+1", `{"version":0.1E+1,"id":9,"moves":["F"]}`, `{"version":1,"id":9,` + openingAfterF},
		{"version 100e-2", `{"version":100e-2,"id":10,"moves":["F"]}`, `{"version":1,"id":10,` + openingAfterF},
		{"version just above 1", `{"version":1.0000000000000000001,"id":11}`,
			`{"version":1,"id":11,"error":{"code":"bad_version","reason":"version 1.0000000000000000001: this oracle speaks version 1"}}`},
		{"version 10e-2", `{"version":10e-2,"id":12}`,
			`{"version":1,"id":12,"error":{"code":"bad_version","reason":"version 10e-2: this oracle speaks version 1"}}`},
		{"version 0", `{"version":0,"id":13}`,
			`{"version":1,"id":13,"error":{"code":"bad_version","reason":"version 0: this oracle speaks version 1"}}`},
		{"version -1", `{"version":-1,"id":14}`,
			`{"version":1,"id":14,"error":{"code":"bad_version","reason":"version -1: this oracle speaks version 1"}}`},
		{"version as a string", `{"version":"1","id":15}`,
			`{"version":1,"id":15,"error":{"code":"bad_field","reason":"field \"version\": want a number, not JSON string"}}`},
		{"version null", `{"version":null,"id":16,"moves":["F"]}`, `{"version":1,"id":16,` + openingAfterF},
		{"byte-order mark", "\xef\xbb\xbf{\"id\":17,\"moves\":[\"F\"]}", `{"version":1,"id":17,` + openingAfterF},
		{"escaped name", `{"\u0069d":19,"moves":["F"]}`, `{"version":1,"id":19,` + openingAfterF},
		// Ids that some JSON parsers refuse are not echoed (they were, as
		// given): a number beyond a float64, a lone surrogate.
		{"id beyond a float64", `{"id":1e999}`,
			`{"version":1,"id":null,"error":{"code":"bad_id","reason":"id: number 1e999 is beyond the range of a float64"}}`},
		{"id below minus a float64", `{"id":{"n":[-2E+400]}}`,
			`{"version":1,"id":null,"error":{"code":"bad_id","reason":"id: number -2E+400 is beyond the range of a float64"}}`},
		{"id with a lone high surrogate", `{"id":"\ud800"}`,
			`{"version":1,"id":null,"error":{"code":"bad_id","reason":"id: string with a lone surrogate \\ud800, which names no character"}}`},
		{"id with a high surrogate before a letter", `{"id":["\uD83D\u0041"]}`,
			`{"version":1,"id":null,"error":{"code":"bad_id","reason":"id: string with a lone surrogate \\ud83d, which names no character"}}`},
		{"id with a lone low surrogate", `{"id":{"\udc00":1}}`,
			`{"version":1,"id":null,"error":{"code":"bad_id","reason":"id: string with a lone surrogate \\udc00, which names no character"}}`},
		{"bad id and an unknown field", `{"id":1e999,"Id":2}`,
			`{"version":1,"id":null,"error":{"code":"unknown_field","reason":"unknown field \"Id\": want version, id, rules, start, moves, values"}}`},
		{"id with a surrogate pair", `{"id":["\ud83d\ude00", 1e308, 1e-999, "\\ud800"],"moves":["F"]}`,
			`{"version":1,"id":["\ud83d\ude00",1e308,1e-999,"\\ud800"],` + openingAfterF},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := serve(t, tc.request+"\n")
			require.Len(t, got, 1)
			assert.True(t, utf8.ValidString(got[0]), "the response is valid UTF-8")
			if strings.HasSuffix(tc.response, "}") {
				assert.Equal(t, tc.response, got[0])
			} else {
				assert.True(t, strings.HasPrefix(got[0], tc.response), "%s", got[0])
			}
		})
	}
}

// TestEncodingJSONIsLoose pins what encoding/json does with the requests
// that the oracle refuses, the reason it has its own decoder: a field
// matches a name in any case, the last of repeated names wins, and a
// string keeps invalid UTF-8 in a RawMessage.
func TestEncodingJSONIsLoose(t *testing.T) {
	var loose struct {
		ID    json.RawMessage `json:"id"`
		Moves []string        `json:"moves"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"id":18,"Id":2}`), &loose))
	assert.Equal(t, "2", string(loose.ID))
	require.NoError(t, json.Unmarshal([]byte(`{"moves":["F"],"moves":["A"]}`), &loose))
	assert.Equal(t, []string{"A"}, loose.Moves)
	require.NoError(t, json.Unmarshal([]byte("{\"id\":\"\xff\"}"), &loose))
	assert.False(t, utf8.Valid(loose.ID))

	for _, line := range []string{`{"id":18,"Id":2}`, `{"moves":["F"],"moves":["A"]}`, "{\"id\":\"\xff\"}", `{"MOVES":["F"]}`} {
		_, err := DecodeRequest([]byte(line))
		var e *Error
		require.ErrorAs(t, err, &e, line)
	}
}

// FuzzRequestNames builds request objects from fuzzed member names, each
// one of the protocol's names in some case or another name, with a valid
// value for it: the oracle accepts an object exactly when every name is
// one of the protocol's, in its case, and none is repeated; it then
// answers with the values given, and otherwise refuses with the code of
// the first faulty name, echoing the id when the object gives it once.
func FuzzRequestNames(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4})
	f.Add([]byte{4, 4})
	f.Add([]byte{1, 1 | 8})
	f.Add([]byte{1 | 16, 4})
	f.Add([]byte{7, 1})
	f.Fuzz(func(t *testing.T, picks []byte) {
		if len(picks) > 32 {
			picks = picks[:32]
		}
		values := map[string]string{"version": `1`, "id": `"x"`, "rules": `"openspiel"`, "start": `null`, "moves": `["F"]`}
		var members []string
		want, firstBad := "", -1
		count := map[string]int{}
		for i, p := range picks {
			name := fields[int(p&7)%len(fields)]
			if p&7 >= 5 {
				name = "other"
			}
			value := values[name]
			if value == "" {
				value = `0`
			}
			if p&8 != 0 {
				name = strings.ToUpper(name[:1]) + name[1:] // "Moves"
			}
			if p&16 != 0 {
				name = strings.ToUpper(name) // "MOVES"
			}
			members = append(members, `"`+name+`":`+value)
			count[name]++
			if firstBad >= 0 {
				continue
			}
			switch {
			case values[name] == "":
				firstBad, want = i, CodeUnknownField
			case count[name] > 1:
				firstBad, want = i, CodeDuplicateField
			}
		}
		line := "{" + strings.Join(members, ",") + "}"
		resp := Handle([]byte(line))
		wantID := "null"
		if count["id"] == 1 {
			wantID = `"x"`
		}
		if string(resp.ID) == "" {
			resp.ID = json.RawMessage("null")
		}
		require.Equal(t, wantID, string(resp.ID), line)
		if firstBad < 0 {
			require.Nil(t, resp.Error, line)
			require.NotNil(t, resp.Game, line)
			if count["moves"] == 1 {
				require.Len(t, resp.Plies, 1, line)
			}
			if count["rules"] == 1 {
				require.Equal(t, "openspiel", resp.Rules, line)
			}
			return
		}
		require.NotNil(t, resp.Error, line)
		require.Equal(t, want, resp.Error.Code, line)
		b, err := json.Marshal(resp)
		require.NoError(t, err)
		require.True(t, utf8.Valid(b))
		require.False(t, bytes.Contains(b, []byte("\n")))
	})
}
