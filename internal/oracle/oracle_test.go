package oracle

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// serve runs Serve on input and returns the response lines.
func serve(t *testing.T, input string) []string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, Serve(strings.NewReader(input), &out))
	s := strings.TrimSuffix(out.String(), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// TestServeExact checks whole response lines, written out by hand.
func TestServeExact(t *testing.T) {
	tests := []struct {
		name, request, response string
	}{
		{
			// The worked example of R5: South sows pit 5's four seeds into 6, 7,
			// 8 and 9; pit 9 then holds 2 and pit 8 holds 3, pit 7 holds 4
			// and stops the chain: 2 + 3 = 5 seeds (R5).
			name:    "worked example of a capture",
			request: `{"id":1,"start":"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S","moves":["F"]}`,
			response: `{"version":1,"id":1,"start":"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S",` +
				`"legal":["A","B","C","D","E","F"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"F","position":"1-1-1-1-1-0-2-4-0-0-2-2-15-18-N","legal":["a","b","e","f"],` +
				`"sown":[6,7,8,9],"captures":[{"pit":9,"seeds":2},{"pit":8,"seeds":3}],"captured":5,` +
				`"grand_slam":false,"fed":false,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}]}`,
		},
		{
			// The worked example of R6: North holds seeds in pits 6, 7 and 8
			// only; F makes them 2, 3 and 2, and taking all is annulled (R6).
			name:    "worked example of a grand slam",
			request: `{"id":"gs","start":"5-5-5-5-5-3-1-2-1-0-0-0-8-8-S","moves":["5"]}`,
			response: `{"version":1,"id":"gs","start":"5-5-5-5-5-3-1-2-1-0-0-0-8-8-S",` +
				`"legal":["A","B","C","D","E","F"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"F","position":"5-5-5-5-5-0-2-3-2-0-0-0-8-8-N","legal":["a","b","c"],` +
				`"sown":[6,7,8],"captures":[],"captured":0,"grand_slam":true,` +
				`"annulled":[{"pit":8,"seeds":2},{"pit":7,"seeds":3},{"pit":6,"seeds":2}],` +
				`"fed":false,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}]}`,
		},
		{
			// The worked example of R7: North's side is empty; D, E and F reach
			// it, A does not (R7). E sows into 5 and 6.
			name:    "feeding",
			request: `{"id":[3],"start":"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S","moves":["E"]}`,
			response: `{"version":1,"id":[3],"start":"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S",` +
				`"legal":["D","E","F"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"E","position":"1-0-0-3-0-2-1-0-0-0-0-0-20-21-N","legal":["a"],` +
				`"sown":[5,6],"captures":[],"captured":0,"grand_slam":false,` +
				`"fed":true,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}]}`,
		},
		{
			name:    "move that does not feed",
			request: `{"id":4,"start":"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S","moves":["A"]}`,
			response: `{"version":1,"id":4,"start":"1-0-0-3-2-1-0-0-0-0-0-0-20-21-S",` +
				`"legal":["D","E","F"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[],` +
				`"error":{"code":"must_feed","reason":"move does not feed the opponent","ply":1,"move":"A"}}`,
		},
		{
			// After F and a (pit 6's five seeds into 7-11), pit 5 is empty.
			name:    "empty pit at the third move",
			request: `{"moves":["F","a","F"]}`,
			response: `{"version":1,"id":null,"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",` +
				`"legal":["A","B","C","D","E","F"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"F","position":"4-4-4-4-4-0-5-5-5-5-4-4-0-0-N","legal":["a","b","c","d","e","f"],` +
				`"sown":[6,7,8,9],"captures":[],"captured":0,"grand_slam":false,"fed":false,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}},` +
				`{"move":"a","position":"4-4-4-4-4-0-0-6-6-6-5-5-0-0-S","legal":["A","B","C","D","E"],` +
				`"sown":[7,8,9,10,11],"captures":[],"captured":0,"grand_slam":false,"fed":false,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}],` +
				`"error":{"code":"empty_pit","reason":"pit is empty","ply":3,"move":"F"}}`,
		},
		{
			// R8 at 25: d's 4 seeds go to 10, 11, 0, 1; pit 1 then holds 2
			// and pit 0 holds 3: North captures 5 and has 25. Tallies are
			// the captures; the seeds left on the board are not added (D3).
			name:    "majority",
			request: `{"id":5,"start":"2-1-0-0-0-1-0-0-0-4-1-0-19-20-N","moves":["d"]}`,
			response: `{"version":1,"id":5,"start":"2-1-0-0-0-1-0-0-0-4-1-0-19-20-N",` +
				`"legal":["d","e"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"d","position":"0-0-0-0-0-1-0-0-0-0-2-1-19-25-S","legal":[],` +
				`"sown":[10,11,0,1],"captures":[{"pit":1,"seeds":2},{"pit":0,"seeds":3}],"captured":5,` +
				`"grand_slam":false,"fed":false,"repetitions":1,` +
				`"outcome":{"over":true,"reason":"majority","rule":"R8","winner":"North","draw":false,"tallies":{"South":19,"North":25}}}]}`,
		},
		{
			// The same capture with pit 5 empty would take all of South's
			// seeds: a grand slam across the wrap from 11 to 0 (R6).
			name:    "grand slam across the wrap",
			request: `{"id":5.5,"start":"2-1-0-0-0-0-0-0-0-4-1-0-20-20-N","moves":["d"]}`,
			response: `{"version":1,"id":5.5,"start":"2-1-0-0-0-0-0-0-0-4-1-0-20-20-N",` +
				`"legal":["d","e"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"d","position":"3-2-0-0-0-0-0-0-0-0-2-1-20-20-S","legal":["A","B"],` +
				`"sown":[10,11,0,1],"captures":[],"captured":0,"grand_slam":true,` +
				`"annulled":[{"pit":1,"seeds":2},{"pit":0,"seeds":3}],"fed":false,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}]}`,
		},
		{
			// D4: a set-up position that is already finished (R9: South to
			// move with an empty side), 24-24 (R11); D5: no move.
			name:    "finished start, draw",
			request: `{"id":6,"start":"0-0-0-0-0-0-0-0-4-0-0-0-24-20-S","moves":["A"]}`,
			response: `{"version":1,"id":6,"start":"0-0-0-0-0-0-0-0-4-0-0-0-24-20-S","legal":[],` +
				`"outcome":{"over":true,"reason":"no move","rule":"R9","winner":null,"draw":true,"tallies":{"South":24,"North":24}},"plies":[],` +
				`"error":{"code":"game_over","reason":"game is over","ply":1,"move":"A"}}`,
		},
		{
			name:     "malformed JSON",
			request:  `{"id":7,"moves":["F"`,
			response: `{"version":1,"id":null,"error":{"code":"bad_json","reason":"malformed JSON: unexpected end of JSON input"}}`,
		},
		{
			name:     "unknown field keeps the id",
			request:  `{"id":8,"mvoes":["F"]}`,
			response: `{"version":1,"id":8,"error":{"code":"unknown_field","reason":"unknown field \"mvoes\": want version, id, rules, start, moves, values"}}`,
		},
		{
			name:     "field names are exact",
			request:  `{"id":9,"Moves":["F"]}`,
			response: `{"version":1,"id":9,"error":{"code":"unknown_field","reason":"unknown field \"Moves\": want version, id, rules, start, moves, values"}}`,
		},
		{
			name:    "bad start",
			request: `{"id":10,"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S"}`,
			response: `{"version":1,"id":10,"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S",` +
				`"error":{"code":"bad_start","reason":"byte 0: total is 49: seeds do not add up to 48"}}`,
		},
		{
			// The FEN of the README's table: North's row from pit 11 down,
			// then South's from pit 0; North has a, c and f to play.
			name:    "start as a PlayStrategy FEN",
			request: `{"id":12,"start":"3S,2,5S,1,2S/1,10S,3,1S 13 14 N 7"}`,
			response: `{"version":1,"id":12,"start":"0-10-0-0-0-1-2-0-5-0-0-3-13-14-N","legal":["a","c","f"],` +
				`"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[]}`,
		},
		{
			name:    "bad FEN start",
			request: `{"id":13,"start":"4S/4S 0 0 S"}`,
			response: `{"version":1,"id":13,"start":"4S/4S 0 0 S",` +
				`"error":{"code":"bad_start","reason":"byte 2: North's row has only 1 of its 6 pits"}}`,
		},
		{
			name:    "bad move text",
			request: `{"id":11,"moves":["F","g"]}`,
			response: `{"version":1,"id":11,"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","legal":["A","B","C","D","E","F"],"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}},"plies":[` +
				`{"move":"F","position":"4-4-4-4-4-0-5-5-5-5-4-4-0-0-N","legal":["a","b","c","d","e","f"],` +
				`"sown":[6,7,8,9],"captures":[],"captured":0,"grand_slam":false,"fed":false,"repetitions":1,"outcome":{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}}],` +
				`"error":{"code":"bad_move","reason":"not a pit letter A-F, a-f or number 0-11","ply":2,"move":"g"}}`,
		},
		{
			name:     "wrong type",
			request:  `{"id":12,"moves":"F"}`,
			response: `{"version":1,"id":12,"error":{"code":"bad_field","reason":"field \"moves\": want an array of strings, not JSON string"}}`,
		},
		{
			name:     "other version",
			request:  `{"version":2,"id":13}`,
			response: `{"version":1,"id":13,"error":{"code":"bad_version","reason":"version 2: this oracle speaks version 1"}}`,
		},
		{
			name:     "not an object",
			request:  `["F"]`,
			response: `{"version":1,"id":null,"error":{"code":"bad_json","reason":"not a JSON object"}}`,
		},
		{
			name:     "two objects on a line",
			request:  `{"id":14} {"id":15}`,
			response: `{"version":1,"id":null,"error":{"code":"bad_json","reason":"malformed JSON: invalid character '{' after top-level value"}}`,
		},
		{
			name:     "blank line",
			request:  `   `,
			response: `{"version":1,"id":null,"error":{"code":"bad_json","reason":"empty line: want one JSON object"}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serve(t, tt.request+"\n")
			require.Len(t, got, 1)
			assert.Equal(t, tt.response, got[0])
		})
	}
}

// TestServeKeepsGoing: bad lines do not stop the server, every line gets
// one answer in order, and a last line without a line break is answered.
// wireResponse is a response as a client reads it: the plies' fields by
// their JSON names, decoded without the library.
type wireResponse struct {
	Version int             `json:"version"`
	ID      json.RawMessage `json:"id"`
	Legal   []string        `json:"legal"`
	Plies   []struct {
		Position string `json:"position"`
		Sown     []int  `json:"sown"`
	} `json:"plies"`
	Error *Error `json:"error"`
}

func TestServeKeepsGoing(t *testing.T) {
	input := "{\"id\":1}\r\nnot json\n\n{\"id\":2,\"start\":\"x\"}\n{\"id\":3,\"moves\":[\"C\"]}"
	got := serve(t, input)
	require.Len(t, got, 5)
	var ids []string
	for _, line := range got {
		var r wireResponse
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		assert.Equal(t, Version, r.Version)
		ids = append(ids, string(r.ID))
	}
	assert.Equal(t, []string{"1", "null", "null", "2", "3"}, ids)
	var last wireResponse
	require.NoError(t, json.Unmarshal([]byte(got[4]), &last))
	require.Nil(t, last.Error)
	require.Len(t, last.Plies, 1)
	// The worked example of R3: South takes the 4 seeds of pit 2 and sows them into 3-6.
	assert.Equal(t, []int{3, 4, 5, 6}, last.Plies[0].Sown)
	assert.Equal(t, "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N", last.Plies[0].Position)
}

func TestServeLongLine(t *testing.T) {
	long := `{"id":1,"moves":["` + strings.Repeat("A", MaxLine) + `"]}`
	got := serve(t, long+"\n"+`{"id":2}`+"\n"+long)
	require.Len(t, got, 3)
	assert.Contains(t, got[0], `"code":"line_too_long"`)
	assert.Contains(t, got[1], `"id":2,"start"`)
	assert.Contains(t, got[2], `"code":"line_too_long"`)
}

func TestTooManyMoves(t *testing.T) {
	moves := strings.TrimSuffix(strings.Repeat(`"A",`, MaxMoves+1), ",")
	_, err := DecodeRequest([]byte(`{"moves":[` + moves + `]}`))
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, CodeTooManyMoves, e.Code)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestServeIOErrors(t *testing.T) {
	assert.EqualError(t, Serve(strings.NewReader("{}\n"), failingWriter{}), "disk full")
	assert.EqualError(t, Serve(failingReader{}, io.Discard), "broken pipe")
}

// FuzzOracleRequest: no input makes the oracle panic, and every input line
// gets exactly one response line, a JSON object of version 1 in valid
// UTF-8, whose id, when it is not null, is the value of a member named
// "id" exactly in the request line. The seeds repeat names and vary
// their case.
func FuzzOracleRequest(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"start":"1-1-1-1-1-4-1-3-2-1-2-2-10-18-S","moves":["F"]}`,
		`{"moves":["F","a","F"]}`,
		`{"id":{"a":[1,2]},"start":"0-0-0-0-0-0-0-0-4-0-0-0-24-20-S","moves":["A"]}`,
		`{"version":1,"start":null,"moves":null}`,
		`{"id":8,"mvoes":["F"]}` + "\n" + `[1]` + "\n\n" + `{"moves":["12","-1","f"]}`,
		`{"moves":["A","b","B","a","C","c"]}` + "\r\n" + `{`,
		"\"\xff\"",
		`{"id":18,"Id":2}` + "\n" + `{"ID":5}` + "\n" + `{"moves":["F"],"moves":["A"]}`,
		`{"id":1,"id":2,"MOVES":[null]}` + "\n" + `{"version":1.0,"Version":2}`,
		"\xef\xbb\xbf{\"id\":\"\xff\"}\n{\"moves\":[null]}",
		`{"id":1e999}` + "\n" + `{"id":"\ud800"}` + "\n" + `{"id":["\ud83d\ude00",-1e-999]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		if err := Serve(bytes.NewReader(data), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		lines := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			lines++
		}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<26)
		in := bytes.Split(data, []byte("\n"))
		got := 0
		for sc.Scan() {
			got++
			if !utf8.Valid(sc.Bytes()) {
				t.Fatalf("response %d is not valid UTF-8: %q", got, sc.Bytes())
			}
			var r wireResponse
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("response %d is not JSON: %v: %s", got, err, sc.Bytes())
			}
			var v any // numbers as float64: none is beyond its range
			if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
				t.Fatalf("response %d does not decode with numbers as float64: %v: %s", got, err, sc.Bytes())
			}
			if r.Version != Version {
				t.Fatalf("response %d has version %d", got, r.Version)
			}
			if (r.Error == nil) == (r.Legal == nil) && r.Error == nil {
				t.Fatalf("response %d has neither error nor game: %s", got, sc.Bytes())
			}
			if string(r.ID) != "null" && !bytes.Contains(in[got-1], []byte(`"id"`)) && !bytes.Contains(in[got-1], []byte(`\u`)) {
				t.Fatalf("response %d echoes the id %s of a request without one: %q", got, r.ID, in[got-1])
			}
		}
		if got != lines {
			t.Fatalf("%d input lines, %d responses", lines, got)
		}
	})
}

// TestRules: a request may name the rules of a preset; an unknown name is
// refused with bad_rules and the oracle keeps serving; an Oracle has rules
// of its own for the requests that name none.
func TestRules(t *testing.T) {
	// The 12-ply cycle brings the start back a second time, which ends the
	// game under OpenSpiel's rules and not under abapa's.
	cycle := `"start":"0-1-0-1-0-1-0-0-1-0-0-0-22-22-N","moves":["c","B","d","D","e","C","f","F","a","A","b","E"]`
	last := func(resp Response) oware.Outcome {
		require.NotNil(t, resp.Game)
		require.Len(t, resp.Plies, 12)
		return resp.Plies[11].Outcome()
	}
	abapa := Handle([]byte(`{"id":1,` + cycle + `}`))
	assert.False(t, last(abapa).Over())
	assert.Empty(t, abapa.Rules)
	open := Handle([]byte(`{"id":2,"rules":"openspiel",` + cycle + `}`))
	assert.Equal(t, oware.Repetition, last(open).Reason())
	assert.Equal(t, "openspiel", open.Rules)
	served := Oracle{Rules: mustRules(t, "openspiel")}.Handle([]byte(`{"id":3,` + cycle + `}`))
	assert.Equal(t, oware.Repetition, last(served).Reason(), "the oracle's own rules")
	back := Oracle{Rules: mustRules(t, "openspiel")}.Handle([]byte(`{"id":4,"rules":"abapa",` + cycle + `}`))
	assert.False(t, last(back).Over(), "a request's rules come first")

	var out bytes.Buffer
	in := `{"id":5,"rules":"chess"}` + "\n" + `{"id":6,"rules":5}` + "\n" + `{"id":7,"rules":null,"moves":["F"]}` + "\n"
	require.NoError(t, Serve(strings.NewReader(in), &out))
	assert.Equal(t, `{"version":1,"id":5,"rules":"chess","error":{"code":"bad_rules","reason":"not one of abapa, openspiel, aalina, auale, playstrategy, board-game-rs, game-oware, awari"}}
{"version":1,"id":6,"error":{"code":"bad_field","reason":"field \"rules\": want a string or null, not JSON number"}}
`, strings.Join(strings.SplitAfter(out.String(), "\n")[:2], ""))
	assert.Contains(t, strings.SplitAfter(out.String(), "\n")[2], `"plies":[{"move":"F"`, "the oracle keeps serving")
}

func mustRules(t *testing.T, name string) oware.Rules {
	t.Helper()
	r, err := oware.ParseRules(name)
	require.NoError(t, err)
	return r
}

// TestValues checks "values": the value of the final position and of
// its moves from endgame tables, and the code no_table.
func TestValues(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"awari", "abapa"} {
		require.NoError(t, tablebase.Build(context.Background(), dir, mustRules(t, name), 4, tablebase.BuildOptions{}))
	}
	tb, err := tablebase.Open(dir)
	require.NoError(t, err)
	o := Oracle{Tables: tb}
	const notOver = `{"over":false,"reason":"not over","rule":null,"winner":null,"draw":false,"tallies":{"South":0,"North":0}}`
	tests := []struct {
		name, request, response string
	}{
		{
			// South's last seed makes 2 in North's only pit. Awari: the
			// only move may take everything, and does: worth 2. Abapa: a
			// grand slam, annulled (R6); North cannot feed and keeps its
			// two seeds (R9): worth -2.
			name:     "awari",
			request:  `{"id":1,"rules":"awari","start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","values":true}`,
			response: `{"version":1,"id":1,"rules":"awari","start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","legal":["F"],"outcome":` + notOver + `,"plies":[],"value":{"lo":2,"hi":2,"moves":{"F":{"lo":2,"hi":2}}}}`,
		},
		{
			name:     "abapa",
			request:  `{"id":2,"start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","values":true}`,
			response: `{"version":1,"id":2,"start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","legal":["F"],"outcome":` + notOver + `,"plies":[],"value":{"lo":-2,"hi":-2,"moves":{"F":{"lo":-2,"hi":-2}}}}`,
		},
		{
			// After the move the board is empty: worth 0, with no move.
			name:    "after a move",
			request: `{"id":3,"rules":"awari","start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","moves":["F"],"values":true}`,
			response: `{"version":1,"id":3,"rules":"awari","start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","legal":["F"],"outcome":` + notOver + `,"plies":[` +
				`{"move":"F","position":"0-0-0-0-0-0-0-0-0-0-0-0-25-23-N","legal":[],"sown":[6],"captures":[{"pit":6,"seeds":2}],"captured":2,"grand_slam":false,"fed":false,"repetitions":1,` +
				`"outcome":{"over":true,"reason":"no move","rule":"R9","winner":"South","draw":false,"tallies":{"South":25,"North":23}}}],"value":{"lo":0,"hi":0,"moves":{}}}`,
		},
		{
			name:     "outside the tables",
			request:  `{"id":4,"values":true}`,
			response: `{"version":1,"id":4,"start":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","legal":["A","B","C","D","E","F"],"outcome":` + notOver + `,"plies":[],"error":{"code":"no_table","reason":"no table for 48 seeds under abapa (the tables go up to 4)"}}`,
		},
		{
			name:     "values false",
			request:  `{"id":5,"start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","values":false}`,
			response: `{"version":1,"id":5,"start":"0-0-0-0-0-1-1-0-0-0-0-0-23-23-S","legal":["F"],"outcome":` + notOver + `,"plies":[]}`,
		},
		{
			name:     "not a boolean",
			request:  `{"id":6,"values":"yes"}`,
			response: `{"version":1,"id":6,"error":{"code":"bad_field","reason":"field \"values\": want true or false, not JSON string"}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(o.Handle([]byte(tt.request)))
			require.NoError(t, err)
			assert.Equal(t, tt.response, string(got))
		})
	}
	// Without tables.
	got, err := json.Marshal(Handle([]byte(`{"id":7,"values":true}`)))
	require.NoError(t, err)
	assert.Contains(t, string(got), `"error":{"code":"no_table","reason":"this oracle has no endgame tables (oware oracle -tablebase DIR)"}`)
}

// TestValuesWithHistory: with SolveNodes the values count the history
// since the last capture (R10). Under aalina, after A and a from
// 1-1-0-0-0-0-1-0-0-0-0-0-22-23-S, the value for South is 1, which the
// independent reference solver of package solve's tests gives (the
// tables, counting the board as met for the first time, say -3..3).
func TestValuesWithHistory(t *testing.T) {
	tb, err := tablebase.Compute(context.Background(), mustRules(t, "aalina"), 3, tablebase.BuildOptions{})
	require.NoError(t, err)
	req := []byte(`{"id":1,"rules":"aalina","start":"1-1-0-0-0-0-1-0-0-0-0-0-22-23-S","moves":["A","a"],"values":true}`)
	plain := Oracle{Tables: tb}.Handle(req)
	require.Nil(t, plain.Error)
	require.False(t, plain.Value.History)
	assert.Equal(t, [2]int{-3, 3}, [2]int{plain.Value.Lo, plain.Value.Hi})
	solved := Oracle{Tables: tb, SolveNodes: 100_000}.Handle(req)
	require.Nil(t, solved.Error)
	require.True(t, solved.Value.History)
	assert.Equal(t, [2]int{1, 1}, [2]int{solved.Value.Lo, solved.Value.Hi})
	best := -100
	for _, m := range solved.Value.Moves {
		require.LessOrEqual(t, m.Lo, m.Hi)
		best = max(best, m.Lo)
	}
	assert.Equal(t, 1, best, "the value is the best of the moves' values")
	got, err := json.Marshal(solved)
	require.NoError(t, err)
	assert.Contains(t, string(got), `"history":true`)
}
