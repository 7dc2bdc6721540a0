package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"

	"github.com/seed3966233f/oware/internal/board"
	"github.com/seed3966233f/oware/internal/web"
)

// newServer serves a board without tables on a loopback address.
func newServer(t *testing.T) *httptest.Server {
	svc, err := board.New(board.Config{Endgame: 0, HashMB: 1, Backend: "server"})
	require.NoError(t, err)
	srv := httptest.NewServer(web.Handler(svc, web.HandlerOptions{Loopback: true}))
	t.Cleanup(srv.Close)
	return srv
}

// post sends a POST of body to the server's path, with the headers given
// as name, value pairs (a JSON content type unless one is given).
func post(t *testing.T, srv *httptest.Server, path, body string, headers ...string) *http.Response {
	req, err := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		if strings.EqualFold(headers[i], "Host") {
			req.Host = headers[i+1]
		} else {
			req.Header.Set(headers[i], headers[i+1])
		}
	}
	res, err := srv.Client().Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// TestServePage: the page and its files are served with their types and
// safe headers; no other path is, least of all one of the file system.
func TestServePage(t *testing.T) {
	srv := newServer(t)
	for path, kind := range map[string]string{"/": "text/html", "/board.js": "text/javascript", "/board.css": "text/css", "/backend.js": "text/javascript", "/favicon.svg": "image/svg+xml"} {
		res, err := srv.Client().Get(srv.URL + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		assert.Equal(t, http.StatusOK, res.StatusCode, path)
		assert.True(t, strings.HasPrefix(res.Header.Get("Content-Type"), kind), path)
		assert.NotEmpty(t, body, path)
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'self'")
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	}
	res, err := srv.Client().Get(srv.URL + "/backend.js")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Contains(t, string(body), "fetch('api/'", "the server's backend")
	for _, path := range []string{"/static/index.html", "/index.html", "/api-wasm.js", "/worker.js", "/../../go.mod", "/%2e%2e/%2e%2e/go.mod", "/etc/passwd", "/server.go", "/api/view"} {
		res, err := srv.Client().Get(srv.URL + path)
		require.NoError(t, err)
		res.Body.Close()
		assert.Contains(t, []int{http.StatusNotFound, http.StatusMethodNotAllowed}, res.StatusCode, path)
	}
}

// TestServeGuards: a call answers only a same-origin POST of JSON on a
// loopback name, with a bounded body.
func TestServeGuards(t *testing.T) {
	srv := newServer(t)
	ok := post(t, srv, "/api/view", `{"line":{"moves":"F"}}`)
	assert.Equal(t, http.StatusOK, ok.StatusCode)
	var v board.View
	require.NoError(t, json.NewDecoder(ok.Body).Decode(&v))
	assert.Equal(t, "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N", v.Board)

	host := strings.TrimPrefix(srv.URL, "http://")
	for _, tt := range []struct {
		name    string
		headers []string
		status  int
	}{
		{"same origin", []string{"Origin", srv.URL, "Sec-Fetch-Site", "same-origin"}, http.StatusOK},
		{"localhost", []string{"Host", "localhost:8080", "Origin", "http://localhost:8080"}, http.StatusOK},
		{"[::1]", []string{"Host", "[::1]:8080"}, http.StatusOK},
		{"another origin", []string{"Origin", "http://evil.example"}, http.StatusForbidden},
		{"another port", []string{"Origin", "http://127.0.0.1:1"}, http.StatusForbidden},
		{"cross-site", []string{"Sec-Fetch-Site", "cross-site"}, http.StatusForbidden},
		{"same-site", []string{"Sec-Fetch-Site", "same-site"}, http.StatusForbidden},
		{"a form", []string{"Content-Type", "application/x-www-form-urlencoded"}, http.StatusForbidden},
		{"plain text", []string{"Content-Type", "text/plain"}, http.StatusForbidden},
		{"DNS rebinding", []string{"Host", "evil.example:" + strings.Split(host, ":")[1]}, http.StatusMisdirectedRequest},
		{"a LAN name", []string{"Host", "192.168.1.2"}, http.StatusMisdirectedRequest},
	} {
		res := post(t, srv, "/api/view", `{}`, tt.headers...)
		assert.Equal(t, tt.status, res.StatusCode, tt.name)
	}

	res := post(t, srv, "/api/view", `{"line":{"start":"`+strings.Repeat("x", board.MaxBody)+`"}}`)
	assert.Equal(t, http.StatusBadRequest, res.StatusCode, "a body over the limit")
	body, _ := io.ReadAll(res.Body)
	assert.Contains(t, string(body), "more than 1048576 bytes")
	res = post(t, srv, "/api/nothing", `{}`)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	res = post(t, srv, "/api/view", `{"line":{"moves":"FF"}}`)
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	var e struct{ Error string }
	require.NoError(t, json.NewDecoder(res.Body).Decode(&e))
	assert.Contains(t, e.Error, "move 2")
}

// TestServeAnalysis: the analysis comes as server-sent events, one an
// iteration, the last done; a request it cannot analyse is an error
// before any event.
func TestServeAnalysis(t *testing.T) {
	srv := newServer(t)
	res := post(t, srv, "/api/analyze", `{"depth":4}`)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/event-stream", res.Header.Get("Content-Type"))
	var events []board.Analysis
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var a board.Analysis
			require.NoError(t, json.Unmarshal([]byte(data), &a))
			events = append(events, a)
		}
	}
	require.Len(t, events, 5, "four iterations, then the end")
	for i, a := range events[:4] {
		assert.Equal(t, i+1, a.Depth)
		assert.False(t, a.Done)
	}
	assert.True(t, events[4].Done)
	assert.Equal(t, 4, events[4].Depth)

	res = post(t, srv, "/api/analyze", `{"line":{"start":"3-0-0-0-0-0-0-0-0-0-0-20-25-0-S"}}`)
	assert.Equal(t, http.StatusBadRequest, res.StatusCode, "a game over")
	res = post(t, srv, "/api/analyze", `{}`, "Origin", "http://evil.example")
	assert.Equal(t, http.StatusForbidden, res.StatusCode)

	// A page that goes away ends its analysis: the next one runs at once.
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/api/analyze", strings.NewReader(`{}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	long, err := srv.Client().Do(req)
	require.NoError(t, err)
	line, err := bufio.NewReader(long.Body).ReadString('\n')
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(line, "data: "))
	cancel()
	long.Body.Close()
	start := time.Now()
	res = post(t, srv, "/api/analyze", `{"depth":2}`)
	_, err = io.ReadAll(res.Body)
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 30*time.Second)
}

// TestListenAndServe: on loopback it says where the board is and refuses
// other host names; on any other address it warns; it stops when its
// context is done.
func TestListenAndServe(t *testing.T) {
	cfg := board.Config{Endgame: 0, HashMB: 1}
	for _, tt := range []struct {
		addr, want string
		warn       bool
	}{
		{"127.0.0.1:0", "The board is at http://127.0.0.1:", false},
		{"0.0.0.0:0", "The board is at http://localhost:", true},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var out testkit.Buffer
		done := make(chan error, 1)
		go func() { done <- web.ListenAndServe(ctx, tt.addr, cfg, &out) }()
		require.Eventually(t, func() bool { return strings.Contains(out.String(), "The board is at") }, 10*time.Second, 10*time.Millisecond)
		assert.Contains(t, out.String(), tt.want)
		assert.Equal(t, tt.warn, strings.Contains(out.String(), "Warning: listening on"), out.String())
		if !tt.warn {
			url := strings.Fields(strings.SplitN(out.String(), "at ", 2)[1])[0]
			res, err := http.Get(url)
			require.NoError(t, err)
			res.Body.Close()
			assert.Equal(t, http.StatusOK, res.StatusCode)
			_, port, _ := net.SplitHostPort(strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/"))
			req, _ := http.NewRequest(http.MethodGet, url, nil)
			req.Host = "evil.example:" + port
			res, err = http.DefaultClient.Do(req)
			require.NoError(t, err)
			res.Body.Close()
			assert.Equal(t, http.StatusMisdirectedRequest, res.StatusCode)
		}
		cancel()
		select {
		case err := <-done:
			assert.NoError(t, err)
		case <-time.After(10 * time.Second):
			t.Fatal("the server did not stop")
		}
	}
	assert.Error(t, web.ListenAndServe(context.Background(), "127.0.0.1:-1", cfg, io.Discard))
	assert.ErrorIs(t, web.ListenAndServe(context.Background(), "127.0.0.1:0", board.Config{Endgame: 99}, io.Discard), board.ErrBadRequest)
}

// TestBuildSiteDir: a site is built only into an empty directory or over
// a site, never over other files.
func TestBuildSiteDir(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine.txt")
	require.NoError(t, os.WriteFile(mine, []byte("keep"), 0o644))
	err := web.BuildSite(context.Background(), dir, "")
	assert.ErrorContains(t, err, "neither empty nor a site")
	data, err := os.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, "keep", string(data))
	assert.ErrorContains(t, web.BuildSite(context.Background(), t.TempDir(), filepath.Join(t.TempDir(), "no-go")), "go env GOROOT")
}
