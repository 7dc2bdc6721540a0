// Package web is the analysis board of oware serve: a page in the browser
// that shows every rule happen (package svg's pictures, step by step),
// plays the engine, shows its analysis and the endgame tables' values, and
// loads and saves games.
//
// The page calls one small interface, the calls of a board.Service.
// Handler serves them over HTTP with the page, its scripts and styles
// embedded; the program in the folder wasm builds the same Service for
// WebAssembly, and BuildSite makes of it and the page a static site that
// needs no server at all.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/seed3966233f/oware/internal/board"
)

// static holds the page: its HTML, styles and scripts, and the two
// backends of its calls, api-server.js (fetch) and api-wasm.js (a worker
// running the WebAssembly build).
//
//go:embed static
var static embed.FS

// page returns the file name of the embedded page, or nil.
func page(name string) []byte {
	data, err := static.ReadFile(path.Join("static", name))
	if err != nil {
		return nil
	}
	return data
}

// pageFiles are the files the server serves, by path, and what they are:
// the page with its server backend as backend.js. No other path is
// served, and none is a path of the file system.
var pageFiles = map[string]struct{ file, kind string }{
	"/":            {"index.html", "text/html; charset=utf-8"},
	"/board.js":    {"board.js", "text/javascript; charset=utf-8"},
	"/board.css":   {"board.css", "text/css; charset=utf-8"},
	"/backend.js":  {"api-server.js", "text/javascript; charset=utf-8"},
	"/favicon.svg": {"favicon.svg", "image/svg+xml"},
}

// HandlerOptions configure a Handler.
type HandlerOptions struct {
	// Loopback refuses every request whose Host is not a loopback name
	// or address (localhost, 127.0.0.1, [::1]), so that no other site
	// can reach the server through a name of its own that resolves to
	// this machine (DNS rebinding). Set it when listening on loopback.
	Loopback bool
}

// Handler returns the HTTP handler of the board: the page on GET, and the
// calls of s on POST /api/NAME, each a JSON request and answer, with the
// analysis (POST /api/analyze) as server-sent events. Requests that change
// anything must be POSTs of JSON from the page's own origin: a request
// with an Origin header of another origin, or that the browser marks as
// cross-site, is refused, and so is one of another content type, which
// a page elsewhere could send without asking. Bodies are limited to
// board.MaxBody bytes.
func Handler(s *board.Service, opt HandlerOptions) http.Handler {
	mux := http.NewServeMux()
	for p, f := range pageFiles {
		data, kind := page(f.file), f.kind
		pattern := "GET " + p
		if p == "/" {
			pattern = "GET /{$}"
		}
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", kind)
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeContent(w, r, "", time.Time{}, strings.NewReader(string(data)))
		})
	}
	mux.HandleFunc("POST /api/analyze", func(w http.ResponseWriter, r *http.Request) { serveAnalysis(s, w, r) })
	mux.HandleFunc("POST /api/{name}", func(w http.ResponseWriter, r *http.Request) {
		body, ok := readBody(w, r)
		if !ok {
			return
		}
		answer, err := s.Call(r.Context(), r.PathValue("name"), body)
		if err != nil {
			writeError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(answer)
	})
	return guard(mux, opt)
}

// guard wraps h with the checks of every request and the headers of every
// answer.
func guard(h http.Handler, opt HandlerOptions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		// Inline styles are the pictures' own <style> elements.
		hd.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		if opt.Loopback && !loopbackHost(r.Host) {
			http.Error(w, "web: this server answers on a loopback address only (localhost, 127.0.0.1, [::1])", http.StatusMisdirectedRequest)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if err := sameOrigin(r); err != nil {
				http.Error(w, err.Error(), http.StatusForbidden)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether host, a Host header with or without its
// port, names this machine's loopback interface.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin returns an error unless r, a request that may change
// something, comes from the page's own origin and is JSON.
func sameOrigin(r *http.Request) error {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return fmt.Errorf("web: refused: a %s request", r.Header.Get("Sec-Fetch-Site"))
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || u.Host != r.Host {
			return fmt.Errorf("web: refused: a request from %q", origin)
		}
	}
	if kind := r.Header.Get("Content-Type"); !strings.HasPrefix(kind, "application/json") {
		return fmt.Errorf("web: refused: content type %q, want application/json", kind)
	}
	return nil
}

// readBody reads the body of r, at most board.MaxBody bytes, and reports
// whether it could; otherwise it has answered.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, board.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, fmt.Errorf("%w: more than %d bytes", board.ErrBadRequest, board.MaxBody))
		} else {
			writeError(w, fmt.Errorf("%w: %v", board.ErrBadRequest, err))
		}
		return nil, false
	}
	return body, true
}

// writeError answers err as JSON with its status.
func writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, board.ErrBadRequest):
		status = http.StatusBadRequest
	case errors.Is(err, board.ErrNoSuchCall):
		status = http.StatusNotFound
	case errors.Is(err, board.ErrSuperseded):
		status = http.StatusConflict
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}

// serveAnalysis streams the analysis of the request's line as server-sent
// events: one "data:" event of an Analysis a line, the last with done
// set, or an "error" event.
func serveAnalysis(s *board.Service, w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if err := s.CheckAnalysis(body); err != nil {
		writeError(w, err)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	rc := http.NewResponseController(w)
	// The stream lasts as long as the analysis: the server's read
	// timeout, meant for the request, would end it.
	rc.SetReadDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	send := func(event string, data []byte) {
		var err error
		if event != "" {
			_, err = fmt.Fprintf(w, "event: %s\n", event)
		}
		if err == nil {
			_, err = fmt.Fprintf(w, "data: %s\n\n", data)
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			cancel() // the page has gone
		}
	}
	if err := s.AnalyzeJSON(ctx, body, func(a []byte) { send("", a) }); err != nil {
		data, _ := json.Marshal(map[string]string{"error": err.Error()}) // a map of strings encodes
		send("error", data)
	}
}

// readTimeout is the longest a request may take to arrive.
var readTimeout = 30 * time.Second

// Serve serves the board of s on ln until ctx is done, then shuts the
// server down, giving the requests under way a few seconds. It returns nil
// after ctx is done, or the error that ended the server.
func Serve(ctx context.Context, ln net.Listener, s *board.Service, opt HandlerOptions) error {
	srv := &http.Server{
		Handler:           Handler(s, opt),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       readTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		srv.Close()
	}
	<-done
	return nil
}

// ListenAndServe makes the board.Service of cfg, listens on addr, says on
// out where the board is (and warns when other machines can reach it),
// and serves the board until ctx is done: oware serve. A loopback address
// refuses requests for other host names.
func ListenAndServe(ctx context.Context, addr string, cfg board.Config, out io.Writer) error {
	s, err := board.New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	ip := net.ParseIP(host)
	loopback := ip != nil && ip.IsLoopback()
	if loopback {
		fmt.Fprintf(out, "The board is at http://%s/ (Ctrl-C stops the server)\n", net.JoinHostPort(host, port))
	} else {
		fmt.Fprintf(out, "Warning: listening on %s, which other machines can reach: anyone who can reach it may use the board and its engine. Use a loopback address (127.0.0.1:PORT) to keep it to this machine.\n", ln.Addr())
		fmt.Fprintf(out, "The board is at http://%s/ (Ctrl-C stops the server)\n", net.JoinHostPort(displayHost(host), port))
	}
	return Serve(ctx, ln, s, HandlerOptions{Loopback: loopback})
}

// displayHost returns the host to show in the board's address: a
// loopback name for an unspecified address.
func displayHost(host string) string {
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		return "localhost"
	}
	return host
}
