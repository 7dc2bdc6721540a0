package uci_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/internal/fakeengine"
	"github.com/seed3966233f/oware/uci"
)

// TestHelperEngine is not a test: the tests of the client and the match
// start the test binary as a fake engine, which serves it and exits.
func TestHelperEngine(t *testing.T) {
	fakeengine.Run()
	t.Skip("the client's tests run this as an engine")
}

// moves reads pit letters written together.
func moves(t *testing.T, letters string) []oware.Move {
	t.Helper()
	var ms []oware.Move
	for _, c := range letters {
		m, err := oware.ParseMove(string(c))
		require.NoError(t, err)
		ms = append(ms, m)
	}
	return ms
}

// connect serves srv in a goroutine and returns a uci.Client of it; the
// session ends with the test.
func connect(t *testing.T, srv *uci.Server) *uci.Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	ansR, ansW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- srv.Serve(cmdR, ansW)
		ansW.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := uci.NewClient(ctx, ansR, cmdW)
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, c.Close())
		require.NoError(t, <-served)
	})
	return c
}

// builtin returns a uci.Server of the built-in engine with a table of 1 MB.
func builtin(t *testing.T) *uci.Server {
	t.Helper()
	srv, err := uci.NewEngineServer(uci.EngineConfig{HashMB: uci.MinHashMB})
	require.NoError(t, err)
	return srv
}

// TestClient drives the built-in engine's Server: the handshake gives its
// name, author and options; a search of a fixed depth gives the move of
// the engine's own search at that depth, after a report of each
// iteration.
func TestClient(t *testing.T) {
	c := connect(t, builtin(t))
	assert.Equal(t, "oware (github.com/seed3966233f/oware, abapa rules)", c.Name())
	assert.Equal(t, "the oware authors", c.Author())
	assert.Equal(t, []uci.Option{{Name: "Hash", Type: uci.SpinOption, Default: "64", Min: 1, Max: 4096}}, c.Options())
	ctx := context.Background()
	require.NoError(t, c.SetOption("Hash", "2"))
	require.NoError(t, c.NewGame(ctx))
	require.NoError(t, c.IsReady(ctx))

	start := oware.MustParseBoard("3-0-5-1-7-2-0-4-4-1-6-3-6-6-N")
	line := moves(t, "bE")
	p := oware.PositionFrom(start)
	for _, m := range line {
		var err error
		p, err = p.Play(m)
		require.NoError(t, err)
	}
	want, err := engine.Search(ctx, p, engine.Limits{Depth: 7})
	require.NoError(t, err)
	require.NoError(t, c.Position(start, line))
	var depths []int
	best, err := c.Go(ctx, uci.Limits{Depth: 7}, func(i uci.Info) { depths = append(depths, i.Depth) })
	require.NoError(t, err)
	assert.Equal(t, uci.BestMove{Move: want.Move, Ponder: want.PV[1], HasPonder: true}, best)
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7}, depths)

	// From the opening, and at a finished game.
	require.NoError(t, c.Position(oware.Start().Board(), nil))
	best, err = c.Go(ctx, uci.Limits{Depth: 1}, nil)
	require.NoError(t, err)
	assert.True(t, oware.Start().Moves().Contains(best.Move))
	require.NoError(t, c.Position(oware.MustParseBoard("0-0-0-0-0-1-0-0-0-0-2-1-19-25-S"), nil))
	_, err = c.Go(ctx, uci.Limits{MoveTime: 100 * time.Millisecond}, nil)
	assert.ErrorIs(t, err, uci.ErrNoMove)
	assert.EqualError(t, err, `uci: engine oware (github.com/seed3966233f/oware, abapa rules): go: no move: the engine sees the game over`)
}

// TestClientStop: a search without limits ends when its context does, or
// at Stop, with its best move and no error.
func TestClientStop(t *testing.T) {
	c := connect(t, builtin(t))
	require.NoError(t, c.Position(oware.Start().Board(), nil))
	ctx, cancel := context.WithCancel(context.Background())
	reports := 0
	best, err := c.Go(ctx, uci.Limits{Infinite: true}, func(i uci.Info) {
		if reports++; reports == 3 {
			cancel()
		}
	})
	require.NoError(t, err)
	assert.True(t, oware.Start().Moves().Contains(best.Move))
	assert.GreaterOrEqual(t, reports, 3)

	go func() {
		time.Sleep(20 * time.Millisecond)
		c.Stop()
	}()
	best, err = c.Go(context.Background(), uci.Limits{}, nil)
	require.NoError(t, err)
	assert.True(t, oware.Start().Moves().Contains(best.Move))
}

// scripted returns a uci.Client of an engine that answers uci with name and
// then every command with the lines that answer gives it.
func scripted(t *testing.T, name string, answer func(cmd string) []string) *uci.Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	ansR, ansW := io.Pipe()
	go func() {
		defer ansW.Close()
		sc := bufio.NewScanner(cmdR)
		for sc.Scan() {
			lines := answer(sc.Text())
			if sc.Text() == "uci" {
				lines = []string{"id name " + name, "uciok"}
			}
			for _, l := range lines {
				if _, err := fmt.Fprintln(ansW, l); err != nil {
					return
				}
			}
		}
	}()
	c, err := uci.NewClient(context.Background(), ansR, cmdW)
	require.NoError(t, err)
	t.Cleanup(c.Kill)
	return c
}

// TestClientMisbehaving: an engine that answers go with no pit letter, or
// with words where the best move should be, or not at all, gives an error
// that says what it did; one that is late is killed, and the uci.Client is
// closed from then on.
func TestClientMisbehaving(t *testing.T) {
	for _, tc := range []struct {
		answer string
		want   error
		text   string
	}{
		{"bestmove 7", uci.ErrProtocol, `uci: engine odd: go: an answer not in the protocol: "bestmove 7": not a pit letter`},
		{"bestmove Fa", uci.ErrProtocol, `uci: engine odd: go: an answer not in the protocol: "bestmove Fa"`},
		{"bestmove", uci.ErrProtocol, `uci: engine odd: go: an answer not in the protocol: "bestmove"`},
	} {
		c := scripted(t, "odd", func(cmd string) []string {
			if strings.HasPrefix(cmd, "go") {
				return []string{"info depth 1 score cp x", "thinking...", tc.answer}
			}
			return nil
		})
		_, err := c.Go(context.Background(), uci.Limits{MoveTime: time.Second}, nil)
		require.ErrorIs(t, err, tc.want, tc.answer)
		assert.EqualError(t, err, tc.text)
	}

	silent := scripted(t, "silent", func(string) []string { return nil })
	c := silent
	c.Grace = 30 * time.Millisecond
	_, err := c.Go(context.Background(), uci.Limits{MoveTime: 20 * time.Millisecond}, nil)
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.EqualError(t, err, "uci: engine silent: go: no answer in time: no best move within 50ms (20ms and 30ms of grace)")
	for _, err := range []error{c.IsReady(context.Background()), c.Position(oware.Start().Board(), nil), c.SetOption("Hash", "1")} {
		assert.ErrorIs(t, err, uci.ErrClosed)
	}
	_, err = c.Go(context.Background(), uci.Limits{}, nil)
	assert.ErrorIs(t, err, uci.ErrClosed)

	// A clock at 0 for the player to move is no time left, not no clock:
	// killed after the grace (the class of issue 26 #11).
	c = scripted(t, "silent", func(string) []string { return nil })
	c.Grace = 30 * time.Millisecond
	_, err = c.Go(context.Background(), uci.Limits{Clock: [2]time.Duration{0, 5 * time.Second}}, nil)
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.EqualError(t, err, "uci: engine silent: go: no answer in time: no best move within 30ms (0s and 30ms of grace)")

	// Stopped and still silent: killed after the grace.
	c = scripted(t, "silent", func(string) []string { return nil })
	c.Grace = 10 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err = c.Go(ctx, uci.Limits{Infinite: true}, nil)
	assert.ErrorIs(t, err, uci.ErrTimeout)
	assert.EqualError(t, err, "uci: engine silent: go: no answer in time: no best move within 10ms of stop")

	// No readyok in time.
	c = scripted(t, "silent", func(string) []string { return nil })
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	err = c.NewGame(ctx)
	assert.ErrorIs(t, err, uci.ErrTimeout)
	assert.EqualError(t, err, "uci: engine silent: no readyok: no answer in time")
}

// TestClientProcess drives engines in processes of their own: the fake
// engine plays, crashes, and exits before uciok; a program that does not
// exist does not start.
func TestClientProcess(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := func(mode string) (*uci.Client, error) {
		argv := strings.Fields(fakeengine.Command(t, mode))
		return uci.Start(ctx, argv[0], argv[1:]...)
	}
	c, err := start("crash@2")
	require.NoError(t, err)
	assert.Equal(t, "fake crash@2", c.Name())
	require.NoError(t, c.NewGame(ctx))
	require.NoError(t, c.Position(oware.Start().Board(), nil))
	best, err := c.Go(ctx, uci.Limits{MoveTime: time.Second}, nil)
	require.NoError(t, err)
	require.True(t, oware.Start().Moves().Contains(best.Move))
	p, err := oware.Start().Play(best.Move)
	require.NoError(t, err)
	require.NoError(t, c.Position(oware.Start().Board(), []oware.Move{best.Move}))
	_, err = c.Go(ctx, uci.Limits{MoveTime: time.Second}, nil)
	require.ErrorIs(t, err, uci.ErrExited, "%s", p)
	assert.EqualError(t, err, "uci: engine fake crash@2: go: the engine exited: exit status 3")
	assert.ErrorIs(t, c.IsReady(ctx), uci.ErrClosed)
	require.NoError(t, c.Close())

	_, err = start("exit")
	require.ErrorIs(t, err, uci.ErrExited)
	assert.Contains(t, err.Error(), ": no uciok: the engine exited: exit status 2")

	_, err = uci.Start(ctx, "/nonexistent/engine", "-x")
	require.ErrorIs(t, err, fs.ErrNotExist)
	assert.True(t, strings.HasPrefix(err.Error(), `uci: engine "/nonexistent/engine -x": `), err.Error())

	c, err = start("random")
	require.NoError(t, err)
	require.NoError(t, c.Quit(ctx))
	assert.ErrorIs(t, c.IsReady(ctx), uci.ErrClosed)
}

// TestClientPonder: a ponder search waits for ponderhit, whatever its
// time, and then ends with the time of its go.
func TestClientPonder(t *testing.T) {
	c := connect(t, builtin(t))
	c.Grace = 10 * time.Millisecond
	require.NoError(t, c.Position(oware.Start().Board(), nil))
	var hit atomic.Bool
	go func() {
		time.Sleep(100 * time.Millisecond) // far beyond the time and the grace
		hit.Store(true)
		c.PonderHit()
	}()
	best, err := c.Go(context.Background(), uci.Limits{MoveTime: 20 * time.Millisecond, Ponder: true}, nil)
	require.NoError(t, err)
	assert.True(t, oware.Start().Moves().Contains(best.Move))
	assert.True(t, hit.Load(), "the best move came before ponderhit")
}
