package uci_test

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/prng"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/uci"
)

// TestClientNameShown: what an engine says of itself is made printable
// and bounded before the Client gives it: escapes, bells and NULs are
// written as escapes, and a name of 5,000 characters is cut, where they
// went raw to the terminal and into records (issue 26 #24, #5).
func TestClientNameShown(t *testing.T) {
	c := scripted(t, "evil\x1b[31mRED\x07\x00bell", func(string) []string { return nil })
	assert.Equal(t, `evil\x1b[31mRED\x07\x00bell`, c.Name())
	c = scripted(t, strings.Repeat("N", 5000), func(string) []string { return nil })
	assert.Equal(t, strings.Repeat("N", uci.MaxName)+"…", c.Name())
}

// TestClientAnswerShown: a best move of 900 kB that is not one is quoted
// in the error cut to a readable length, where the whole line went into
// the error, the report and the record's Termination tag (issue 26 #5).
func TestClientAnswerShown(t *testing.T) {
	huge := "bestmove " + strings.Repeat("Z", 900_000)
	c := scripted(t, "odd", func(cmd string) []string {
		if strings.HasPrefix(cmd, "go") {
			return []string{huge}
		}
		return nil
	})
	_, err := c.Go(context.Background(), uci.Limits{MoveTime: time.Second}, nil)
	require.ErrorIs(t, err, uci.ErrProtocol)
	var e *uci.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, strconv.Quote(huge[:200])+"…", e.Detail)
}

// hostilePlayer is a player whose name, and whose errors, another program
// might have made: of any bytes and any length.
type hostilePlayer struct {
	name   string
	detail string // the detail of the fault it makes at its first move; "" for none
	rng    *prng.Source
}

func (h *hostilePlayer) Name() string                  { return h.name }
func (h *hostilePlayer) NewGame(context.Context) error { return nil }
func (h *hostilePlayer) Close() error                  { return nil }
func (h *hostilePlayer) Move(_ context.Context, _ oware.Board, _ []oware.Move, p oware.Position, _ uci.Limits) (oware.Move, error) {
	if h.detail != "" {
		return 0, &uci.Error{Engine: h.name, Op: "go", Err: uci.ErrProtocol, Detail: h.detail}
	}
	m, _ := p.Moves().Nth(h.rng.IntN(p.Moves().Len()))
	return m, nil
}

// TestPropertyMatchRecordsReadBack: whatever the players' names and the
// details of their faults (any bytes, thousands of them), the record of
// every game of a match is written and read back as it was, with its
// names and Termination made printable (issue 26 #5, #24): what the
// project writes, it reads back.
func TestPropertyMatchRecordsReadBack(t *testing.T) {
	hostile := rapid.OneOf(
		rapid.StringMatching(`[ -~]{0,40}`),
		rapid.Map(rapid.SliceOfN(rapid.Byte(), 0, 60), func(b []byte) string { return string(b) }),
		rapid.Map(rapid.IntRange(0, 6000), func(n int) string { return strings.Repeat("\x1bN\"\\", n) }),
	)
	rapid.Check(t, func(t *rapid.T) {
		players := [2]uci.Player{
			&hostilePlayer{name: hostile.Draw(t, "name1"), rng: prng.New(1)},
			&hostilePlayer{name: hostile.Draw(t, "name2"), rng: prng.New(2)},
		}
		if rapid.Bool().Draw(t, "fault") {
			players[rapid.IntRange(0, 1).Draw(t, "faulty")].(*hostilePlayer).detail = hostile.Draw(t, "detail") + "!"
		}
		var buf bytes.Buffer
		w := ogn.NewWriter(&buf)
		var written []ogn.Game
		m := &uci.Match{Players: players, Openings: [][]oware.Move{nil}, MaxPlies: rapid.IntRange(1, 30).Draw(t, "maxPlies"),
			Game: func(g uci.Game, _ uci.Result) error {
				rec := g.Record(oware.Rules{}, time.Second)
				written = append(written, rec)
				return w.Write(rec)
			}}
		_, err := m.Play(context.Background())
		require.NoError(t, err)
		games, err := ogn.Parse(&buf)
		require.NoError(t, err, "the records read back")
		require.Len(t, games, len(written))
		for i, g := range games {
			assert.Equal(t, written[i].Tags, g.Tags)
			for _, tag := range g.Tags {
				assert.Equal(t, tag.Value, printable(tag.Value), "tag %s is printable", tag.Name)
			}
		}
	})
}

// printable returns s with what is not a printable character escaped, as
// strconv.Quote writes it, without the quotes and their escapes.
func printable(s string) string {
	q := strconv.Quote(s)
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(q[1 : len(q)-1])
}

// TestMatchInterrupted: a match whose context ends during a game ends
// there, with the games played before it and no forfeit for the game it
// broke off, although an engine killed by the same Ctrl-C says it exited
// (issue 26 #4).
func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dying := &interrupted{cancel: cancel, at: 2, rng: prng.New(6)}
	m := &uci.Match{Players: [2]uci.Player{dying, &randomPlayer{prng.New(5)}}, Openings: [][]oware.Move{nil, nil}}
	res, err := m.Play(ctx)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, res.Games(), "the game played")
	assert.Empty(t, res.Forfeits, "no forfeit for the game broken off")
}

// interrupted plays randomly until game at, in which its first move ends
// the match's context and fails as an engine killed by the signal that
// ended it.
type interrupted struct {
	cancel context.CancelFunc
	at     int
	game   int
	rng    *prng.Source
}

func (p *interrupted) Name() string                  { return "interrupted" }
func (p *interrupted) NewGame(context.Context) error { p.game++; return nil }
func (p *interrupted) Close() error                  { return nil }
func (p *interrupted) Move(_ context.Context, _ oware.Board, _ []oware.Move, pos oware.Position, _ uci.Limits) (oware.Move, error) {
	if p.game == p.at {
		p.cancel()
		return 0, &uci.Error{Engine: "interrupted", Op: "go", Err: uci.ErrExited, Detail: "signal: interrupt"}
	}
	m, _ := pos.Moves().Nth(p.rng.IntN(pos.Moves().Len()))
	return m, nil
}
