package web_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/board"
	"github.com/seed3966233f/oware/internal/web"
)

// measuring skips a test unless OWARE_MEASURE is set: the measurements
// of the board take a few minutes and print figures, they check nothing.
func measuring(t *testing.T) {
	if os.Getenv("OWARE_MEASURE") == "" {
		t.Skip("a measurement: OWARE_MEASURE=1 go test -run TestMeasure -v ./internal/web")
	}
	browserTime = 20 * time.Minute
	if out, err := os.ReadFile("/proc/loadavg"); err == nil {
		t.Logf("load average: %s", strings.TrimSpace(string(out)))
	}
}

// procStatus returns the fields of /proc/PID/status named.
func procStatus(t *testing.T, pid int, names ...string) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		for _, n := range names {
			if strings.HasPrefix(line, n+":") {
				out = append(out, strings.Join(strings.Fields(line), " "))
			}
		}
	}
	return strings.Join(out, ", ")
}

// TestMeasureServe: the memory of oware serve after 1,000 moves and 100
// analyses, played through its HTTP calls as the page makes them.
func TestMeasureServe(t *testing.T) {
	measuring(t)
	bin := filepath.Join(t.TempDir(), "oware")
	build := exec.Command("go", "build", "-o", bin, "github.com/seed3966233f/oware/cmd/oware")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run())
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	url := strings.Fields(strings.SplitN(line, "at ", 2)[1])[0]
	pid := cmd.Process.Pid
	t.Logf("started: %s", procStatus(t, pid, "VmRSS", "VmHWM"))

	call := func(name string, req any, out any) {
		data, _ := json.Marshal(req)
		res, err := http.Post(url+"api/"+name, "application/json", bytes.NewReader(data))
		require.NoError(t, err)
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		require.Equal(t, http.StatusOK, res.StatusCode, string(body))
		if out != nil {
			require.NoError(t, json.Unmarshal(body, out))
		}
	}
	for {
		var a board.TablesAnswer
		call("tables", board.ViewRequest{}, &a)
		if a.Status != "solving" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the 12-seed tables solved: %s", procStatus(t, pid, "VmRSS", "VmHWM"))

	rng := rand.New(rand.NewPCG(1000, 100))
	for round := 1; round <= 2; round++ {
		var lines []board.Line
		l := board.Line{}
		start := time.Now()
		for range 1000 {
			var v board.View
			call("view", board.ViewRequest{Line: l}, &v)
			if v.Outcome != nil || len(l.Moves) >= 300 {
				lines = append(lines, l)
				l = board.Line{}
				call("view", board.ViewRequest{Line: l}, &v)
			}
			var after board.View
			call("play", board.PlayRequest{Line: l, Move: v.Legal[rng.IntN(len(v.Legal))], Steps: true}, &after)
			l = after.Line
			var tb board.TablesAnswer
			call("tables", board.ViewRequest{Line: l}, &tb)
		}
		lines = append(lines, l)
		t.Logf("round %d: 1,000 moves (each with its view, steps and tables) in %v: %s", round, time.Since(start).Round(time.Millisecond), procStatus(t, pid, "VmRSS", "VmHWM"))
		start = time.Now()
		for i := range 100 {
			l := lines[i%len(lines)]
			if len(l.Moves) > 0 {
				l.Moves = l.Moves[:rng.IntN(len(l.Moves))]
			}
			data, _ := json.Marshal(board.AnalyzeRequest{Line: l, Millis: 100})
			res, err := http.Post(url+"api/analyze", "application/json", bytes.NewReader(data))
			require.NoError(t, err)
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		t.Logf("round %d: 100 analyses of 100 ms in %v: %s", round, time.Since(start).Round(time.Millisecond), procStatus(t, pid, "VmRSS", "VmHWM"))
	}
}

// measureJS defines in the page the functions that time it from inside:
// settled resolves when nothing is under way; clickPit plays a pit and
// returns the milliseconds until the board is settled again.
const measureJS = `
window.settled = () => new Promise((resolve) => {
  const check = () => { if (document.body.dataset.busy === "0") { obs.disconnect(); resolve(); return true; } return false; };
  const obs = new MutationObserver(check);
  obs.observe(document.body, { attributes: true });
  if (check()) obs.disconnect();
});
window.clickPit = async (pit) => {
  const t0 = performance.now();
  document.querySelector('#board [data-pit="' + pit + '"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await new Promise((r) => setTimeout(r, 0));
  await window.settled();
  return performance.now() - t0;
};
window.firstAnalysis = () => new Promise((resolve) => {
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (document.querySelectorAll("#lines li").length > 0) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.querySelector("#lines"), { childList: true });
  document.querySelector("#analyze").click();
});
true`

// pageFigures times a page: its load (navigation to the board shown), the
// round trip of 20 moves once the tables are ready, and the first
// analysis.
func pageFigures(t *testing.T, p pg, url string) {
	start := time.Now()
	p.run(chromedp.Navigate(url))
	p.run(chromedp.WaitVisible("#board svg", chromedp.ByQuery))
	load := time.Since(start)
	p.settle()
	var nav float64
	p.eval(`performance.getEntriesByType("navigation")[0].loadEventEnd`, &nav)
	p.eval(measureJS, nil)
	// The moves' round trips include the tables' answer: wait for them.
	p.run(chromedp.Poll(`!/Solving/.test(document.querySelector("#tables-text").textContent) && document.querySelector("#tables-text").textContent !== ""`, nil, chromedp.WithPollingTimeout(3*time.Minute)))
	p.run(chromedp.SetValue("#speed", "0", chromedp.ByID))
	var trips []float64
	for i := range 20 {
		var ms float64
		var legal []string
		p.eval(`[...document.querySelectorAll('#board [data-pit][role=button]')].map(g => g.dataset.pit)`, &legal)
		require.NoError(t, chromedp.Run(p.ctx, chromedp.Evaluate(fmt.Sprintf(`window.clickPit(%s)`, legal[i*7%len(legal)]), &ms, awaitPromise)))
		trips = append(trips, ms)
	}
	var first float64
	p.run(chromedp.Click("#new", chromedp.ByID))
	p.settle()
	require.NoError(t, chromedp.Run(p.ctx, chromedp.Evaluate(`window.firstAnalysis()`, &first, awaitPromise)))
	t.Logf("page load: %v to the board shown and playable (load event at %.0f ms); first analysis line %.0f ms after ticking the box; a move's round trip (click to board settled, moves shown at once): median %.1f ms, of 20 %v", load.Round(time.Millisecond), nav, first, median(trips), rounded(trips))
}

// awaitPromise makes chromedp.Evaluate wait for the promise the
// expression returns.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

func rounded(xs []float64) []int {
	var out []int
	for _, x := range xs {
		out = append(out, int(x+0.5))
	}
	return out
}

// TestMeasureBrowser: the server's page and the WebAssembly page timed
// from inside chromium, and the engine's speed in WebAssembly against
// native code on the same search.
func TestMeasureBrowser(t *testing.T) {
	measuring(t)
	ctx := newBrowser(t)
	_, url := startServer(t, board.Config{Endgame: -1, Backend: "server"})
	t.Log("server:")
	pageFigures(t, pg{t, ctx}, url)

	dir := t.TempDir()
	require.NoError(t, web.BuildSite(context.Background(), dir, ""))
	wasm, err := os.ReadFile(filepath.Join(dir, "oware.wasm"))
	require.NoError(t, err)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	t.Logf("oware.wasm: %d bytes, %d gzipped (-9)", len(wasm), gz.Len())
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	wctx, cancel := chromedp.NewContext(ctx)
	defer cancel()
	p := pg{t, wctx}
	t.Log("wasm:")
	start := time.Now()
	p.run(chromedp.Navigate(srv.URL + "/"))
	p.settle()
	p.run(chromedp.Poll(`!/Solving/.test(document.querySelector("#tables-text").textContent) && document.querySelector("#tables-text").textContent !== ""`, nil, chromedp.WithPollingTimeout(3*time.Minute)))
	t.Logf("the 12-seed tables solved in the browser %v after the navigation", time.Since(start).Round(time.Millisecond))
	pageFigures(t, p, srv.URL+"/")

	// The same search in the browser and natively: the analysis of the
	// opening to depth 13, with a table of 16 MB in both.
	p.run(chromedp.Click("#new", chromedp.ByID))
	p.settle()
	p.run(chromedp.Click("#analyze", chromedp.ByID))
	re := regexp.MustCompile(`Depth (\d+), ([\d,]+) positions in ([\d.]+) s`)
	var status string
	for {
		p.eval(`document.querySelector("#analysis-status").textContent`, &status)
		if m := re.FindStringSubmatch(status); m != nil {
			if d, _ := strconv.Atoi(m[1]); d >= 13 {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	m := re.FindStringSubmatch(status)
	wasmNodes, _ := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", ""), 64)
	wasmSecs, _ := strconv.ParseFloat(m[3], 64)
	native, err := board.New(board.Config{Endgame: -1, HashMB: 16})
	require.NoError(t, err)
	var last board.Analysis
	require.NoError(t, native.Analyze(context.Background(), board.AnalyzeRequest{Depth: 13}, func(a board.Analysis) { last = a }))
	t.Logf("the opening to depth 13: wasm %s (%.0f positions a second); native %d positions in %d ms (%d a second): wasm at %.2f of native", m[0], wasmNodes/wasmSecs, last.Nodes, last.Millis, last.NPS, wasmNodes/wasmSecs/float64(last.NPS))
}
