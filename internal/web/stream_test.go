package web

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/board"
)

// TestStreamOutlastsReadTimeout: an analysis streams for as long as it
// thinks, though the server's read timeout, meant for the request, is
// shorter (it ended the stream at once before).
func TestStreamOutlastsReadTimeout(t *testing.T) {
	defer func(d time.Duration) { readTimeout = d }(readTimeout)
	readTimeout = 300 * time.Millisecond
	svc, err := board.New(board.Config{Endgame: 0, HashMB: 1})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, svc, HandlerOptions{Loopback: true}) }()
	defer func() { cancel(); <-done }()

	start := time.Now()
	res, err := http.Post("http://"+ln.Addr().String()+"/api/analyze", "application/json", strings.NewReader(`{"ms":1500}`))
	require.NoError(t, err)
	defer res.Body.Close()
	last := ""
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "data: ") {
			last = sc.Text()
		}
	}
	assert.Contains(t, last, `"done":true`, "the stream ends with the analysis")
	assert.GreaterOrEqual(t, time.Since(start), 1400*time.Millisecond)
}
