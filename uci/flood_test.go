package uci_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/uci"
)

// flooding starts an engine that answers uci and isready, and answers the
// command at with output that never ends and has no line break. It
// returns the streams of a Client of it.
func flooding(t *testing.T, at string) (io.Reader, io.Writer) {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	ansR, ansW := io.Pipe()
	t.Cleanup(func() { ansR.CloseWithError(errors.New("the test is over")) })
	go func() {
		defer ansW.Close()
		chunk := bytes.Repeat([]byte("x"), 64<<10)
		sc := bufio.NewScanner(cmdR)
		for sc.Scan() {
			if sc.Text() == at || len(at) > 0 && at[len(at)-1] == ' ' && bytes.HasPrefix(sc.Bytes(), []byte(at)) {
				for {
					if _, err := ansW.Write(chunk); err != nil {
						return
					}
				}
			}
			switch sc.Text() {
			case "uci":
				fmt.Fprintln(ansW, "id name flood\nuciok")
			case "isready":
				fmt.Fprintln(ansW, "readyok")
			}
		}
	}()
	return ansR, cmdW
}

// TestClientFloodingEngine: an engine that floods its output with no line
// break fails, at once, with what it did: a line longer than the bound
// (the class of issue 26 #17: it was "no answer in time", 30 s later in
// a match, the flood read all that time).
func TestClientFloodingEngine(t *testing.T) {
	const want = "a line longer than 1048576 bytes"
	t.Run("uci", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		r, w := flooding(t, "uci")
		began := time.Now()
		_, err := uci.NewClient(ctx, r, w)
		require.ErrorIs(t, err, uci.ErrProtocol)
		assert.ErrorContains(t, err, want)
		assert.Less(t, time.Since(began), 10*time.Second, "not the timeout")
	})
	for _, at := range []string{"isready", "go "} {
		t.Run(at, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			r, w := flooding(t, at)
			c, err := uci.NewClient(ctx, r, w)
			require.NoError(t, err)
			defer c.Kill()
			began := time.Now()
			if at == "isready" {
				err = c.IsReady(ctx)
			} else {
				require.NoError(t, c.Position(oware.Start().Board(), nil))
				_, err = c.Go(ctx, uci.Limits{MoveTime: 15 * time.Second}, nil)
			}
			require.ErrorIs(t, err, uci.ErrProtocol)
			assert.ErrorContains(t, err, want)
			assert.Less(t, time.Since(began), 10*time.Second, "not the timeout")
		})
	}
}
