package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/board"
	"github.com/seed3966233f/oware/internal/web"
	"github.com/seed3966233f/oware/ogn"
)

// updateScreenshots, when set in the environment, makes the tests write
// the expected pictures (testdata/*.png) and the README's screenshot
// (doc/board.png) instead of comparing with them.
var updateScreenshots = os.Getenv("OWARE_UPDATE_SCREENSHOTS") != ""

// browserTime bounds a test's use of the browser.
var browserTime = 4 * time.Minute

// chromium returns the path of Debian's chromium, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("OWARE_CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	const msg = "no chromium: the browser tests need Debian's chromium (apt-get install chromium), or its path in OWARE_CHROMIUM"
	if os.Getenv("OWARE_BROWSER_TESTS") == "required" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// newBrowser starts a headless chromium with a fresh profile, cut off from
// the network but for the servers of the test, and returns the context of
// a tab of it.
func newBrowser(t *testing.T) context.Context {
	path := chromium(t)
	profile, err := os.MkdirTemp("", "oware-chromium-")
	require.NoError(t, err)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1200, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, browserTime)
	t.Cleanup(func() {
		cancelTime()
		cancel()
		cancelAlloc()
		for range 50 { // chromium may still be writing its profile as it exits
			if os.RemoveAll(profile) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	require.NoError(t, chromedp.Run(ctx), "chromium starts")
	return ctx
}

// pg is the board's page in a tab.
type pg struct {
	t   *testing.T
	ctx context.Context
}

func (p pg) run(actions ...chromedp.Action) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Run(p.ctx, actions...))
}

// settle waits until the page has no work under way.
func (p pg) settle() {
	p.t.Helper()
	p.run(chromedp.Poll(`document.body.dataset.busy === "0" && document.querySelector("#board svg") !== null`, nil, chromedp.WithPollingTimeout(90*time.Second)))
}

func (p pg) eval(js string, out any) {
	p.t.Helper()
	p.run(chromedp.Evaluate(js, out))
}

func (p pg) text(sel string) string {
	p.t.Helper()
	var s string
	p.eval(fmt.Sprintf(`document.querySelector(%q).textContent`, sel), &s)
	return s
}

// shown returns what the board's picture shows: the seeds of each pit,
// read from the pits' count texts, and South's and North's scores, read
// from the panels.
func (p pg) shown() (pits [oware.NumPits]int, scores [2]int) {
	p.t.Helper()
	var got struct {
		Pits   map[string]int
		Scores map[string]int
	}
	p.eval(`(() => {
		const pits = {};
		for (const g of document.querySelectorAll('#board [data-pit]')) pits[g.dataset.pit] = Number(g.querySelector('text.count').textContent);
		const names = [...document.querySelectorAll('#board text.name')].map(t => t.textContent.split(',')[0]);
		const values = [...document.querySelectorAll('#board text.score')].map(t => Number(t.textContent));
		const scores = {};
		names.forEach((n, i) => { scores[n] = values[i]; });
		return {Pits: pits, Scores: scores};
	})()`, &got)
	require.Len(p.t, got.Pits, oware.NumPits)
	for i := range pits {
		pits[i] = got.Pits[fmt.Sprint(i)]
	}
	return pits, [2]int{got.Scores["South"], got.Scores["North"]}
}

// check asserts that the board shows b.
func (p pg) check(b oware.Board, what string) {
	p.t.Helper()
	pits, scores := p.shown()
	assert.Equal(p.t, b.Pits(), pits, "%s: the pits of %s", what, b)
	assert.Equal(p.t, [2]int{b.Score(oware.South), b.Score(oware.North)}, scores, "%s: the scores of %s", what, b)
}

// checkLabels asserts what a screen reader says of each pit at pos: a
// legal move is a button the keyboard reaches, "D: 3 seeds; play D",
// every other pit an image, "E: 1 seed, South's pit"; in a finished game
// no pit is a button.
func (p pg) checkLabels(pos oware.Position, what string) {
	p.t.Helper()
	var got []struct{ Pit, Role, Tabindex, Label string }
	p.eval(`[...document.querySelectorAll('#board [data-pit]')].map(g => ({Pit: g.dataset.pit, Role: g.getAttribute('role') || '', Tabindex: g.getAttribute('tabindex') || '', Label: g.getAttribute('aria-label') || ''}))`, &got)
	require.Len(p.t, got, oware.NumPits, what)
	for _, g := range got {
		var pit int
		_, err := fmt.Sscan(g.Pit, &pit)
		require.NoError(p.t, err)
		m := oware.Move(pit)
		n := pos.Board().Pit(pit)
		seeds := fmt.Sprintf("%d seeds", n)
		if n == 1 {
			seeds = "1 seed"
		}
		want := struct{ Pit, Role, Tabindex, Label string }{g.Pit, "img", "", fmt.Sprintf("%s: %s, %s's pit", m, seeds, m.Player())}
		switch {
		case pos.Moves().Len() == 0:
			want.Role, want.Label = "", ""
		case pos.Moves().Contains(m):
			want.Role, want.Tabindex, want.Label = "button", "0", fmt.Sprintf("%s: %s; play %s", m, seeds, m)
		}
		assert.Equal(p.t, want, g, "%s: pit %s of %s", what, m, pos)
	}
}

// focusPit moves the focus by Tab from the last control before the board
// to the first pit it reaches.
func (p pg) focusPit() {
	p.t.Helper()
	p.run(chromedp.Focus("#speed", chromedp.ByID))
	for range 60 {
		p.run(chromedp.KeyEvent(kb.Tab))
		var pit string
		p.eval(`document.activeElement && document.activeElement.dataset && document.activeElement.dataset.pit || ""`, &pit)
		if pit != "" {
			return
		}
	}
	p.t.Fatal("Tab reaches no pit")
}

// tabOrder returns the pits that Tab reaches one after the other, from
// the first.
func (p pg) tabOrder() []oware.Move {
	p.t.Helper()
	p.focusPit()
	var order []oware.Move
	for range oware.NumPits + 1 {
		pit := -1
		p.eval(`document.activeElement && document.activeElement.dataset && document.activeElement.dataset.pit !== undefined ? Number(document.activeElement.dataset.pit) : -1`, &pit)
		if pit < 0 {
			break
		}
		order = append(order, oware.Move(pit))
		p.run(chromedp.KeyEvent(kb.Tab))
	}
	return order
}

// clickPit clicks pit i and waits for the answer.
func (p pg) clickPit(i int) {
	p.t.Helper()
	p.run(chromedp.Click(fmt.Sprintf(`#board [data-pit="%d"]`, i), chromedp.ByQuery))
	p.settle()
}

// key presses a key and waits for the answer.
func (p pg) key(k string) {
	p.t.Helper()
	p.run(chromedp.KeyEvent(k))
	p.settle()
}

// load pastes text into the record box, loads it and waits until the
// load has ended: the page writes a message under the box whether the
// text loads or not, so the message is cleared first and awaited. The
// button is clicked through the DOM, where the click cannot miss: a
// click at the button's coordinates could land elsewhere when the
// analysis's lines, growing above it, move it in between (the board's
// pits are still clicked at their coordinates by clickPit).
func (p pg) load(text string) {
	p.t.Helper()
	p.run(chromedp.SetValue("#record", text, chromedp.ByID),
		chromedp.Evaluate(`document.querySelector("#record-message").textContent = ""; document.querySelector("#load").click()`, nil),
		chromedp.Poll(`document.querySelector("#record-message").textContent !== ""`, nil, chromedp.WithPollingTimeout(90*time.Second)))
	p.settle()
}

// openBoard opens the board at url and waits until it is ready.
func openBoard(t *testing.T, ctx context.Context, url string) (pg, time.Duration) {
	p := pg{t, ctx}
	start := time.Now()
	p.run(chromedp.Navigate(url))
	p.settle()
	return p, time.Since(start)
}

// exercise plays the board as a person would, by clicks and keys, and
// checks it against the library after every move: the same for the
// server and for the WebAssembly page. It returns the time from ticking
// the analysis to its first line.
func exercise(t *testing.T, p pg) (firstAnalysis, roundTrip time.Duration) {
	p.run(chromedp.SetValue("#speed", "0", chromedp.ByID))

	// A game of random moves, by clicks and by keys (either case).
	rng := rand.New(rand.NewPCG(28, 2026))
	pos := oware.Start()
	boards := []oware.Board{pos.Board()}
	p.check(pos.Board(), "the opening")
	p.checkLabels(pos, "the opening")
	var trips time.Duration
	for ply := 0; ply < 16 && pos.Moves().Len() > 0; ply++ {
		m, _ := pos.Moves().Nth(rng.IntN(pos.Moves().Len()))
		start := time.Now()
		if ply%2 == 0 {
			p.clickPit(m.Pit())
		} else {
			k := m.String()
			if rng.IntN(2) == 0 {
				k = strings.ToUpper(k)
			} else {
				k = strings.ToLower(k)
			}
			p.key(k)
		}
		trips += time.Since(start)
		var err error
		pos, err = pos.Play(m)
		require.NoError(t, err)
		boards = append(boards, pos.Board())
		p.check(pos.Board(), fmt.Sprintf("ply %d, %s", ply+1, m))
		if ply%4 == 3 {
			p.checkLabels(pos, fmt.Sprintf("ply %d, %s", ply+1, m))
		}
		assert.Contains(t, p.text("#caption"), " sows "+m.String())
		assert.Empty(t, p.text("#message"))
	}
	roundTrip = trips / 16

	// An illegal click names its rule: a pit of the opponent (R2).
	mover := pos.Board().ToMove()
	p.clickPit(oware.PitsPerSide * int(mover.Opponent()))
	assert.Contains(t, p.text("#message"), "R2: ", "a click on the opponent's pit")
	p.check(pos.Board(), "after an illegal click")

	// Undo takes the last move back; back and forward walk the line.
	p.run(chromedp.Click("#undo", chromedp.ByID))
	p.settle()
	p.check(boards[len(boards)-2], "after undo")
	p.key(kb.ArrowLeft)
	p.check(boards[len(boards)-3], "after ←")
	p.key(kb.Home)
	p.check(boards[0], "after Home")
	p.key(kb.End)
	p.check(boards[len(boards)-2], "after End")

	// A move that differs from the line's next one starts a variation.
	p.key(kb.ArrowLeft)
	var branch oware.Move
	prev := oware.MustParsePosition(boards[len(boards)-3].String())
	for m := range prev.Moves().All() {
		if b, _ := prev.Play(m); b.Board() != boards[len(boards)-2] {
			branch = m
			break
		}
	}
	p.clickPit(branch.Pit())
	varied, _ := prev.Play(branch)
	p.check(varied.Board(), "a variation")
	assert.Contains(t, p.text("#movelist"), "( ", "the move list shows the variation")

	// Either side at the bottom: flipped, North's row is at the bottom.
	var firstPit string
	p.eval(`document.querySelector("#board [data-pit]").dataset.pit`, &firstPit)
	assert.Equal(t, "11", firstPit, "f is top left as South sees the board")
	p.run(chromedp.Click("#flip", chromedp.ByID))
	p.settle()
	p.eval(`document.querySelector("#board [data-pit]").dataset.pit`, &firstPit)
	assert.Equal(t, "5", firstPit, "F is top left as North sees the board")
	p.check(varied.Board(), "flipped")
	p.run(chromedp.Click("#flip", chromedp.ByID))
	p.settle()

	// The end of a game, with its reason and tallies (R8).
	p.load("2-1-0-0-0-1-0-0-0-4-1-0-19-20-N")
	p.clickPit(9)
	assert.Equal(t, "Game over: North wins 25-19 (majority, R8)", p.text("#outcome"))
	over, _ := oware.MustParsePosition("2-1-0-0-0-1-0-0-0-4-1-0-19-20-N").Play(9)
	p.checkLabels(over, "a finished game")
	p.clickPit(0)
	assert.Contains(t, p.text("#message"), "D5: the game is over")

	// Another preset: awari forbids a grand slam while another move
	// does not take every seed.
	p.run(chromedp.SetValue("#rules", "awari", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#rules").dispatchEvent(new Event("change"))`, nil))
	p.settle()
	p.load("awari 4-4-4-4-4-3-1-2-1-0-0-0-10-11-S")
	p.clickPit(5)
	assert.Contains(t, p.text("#message"), "R6 under awari: F would take every seed of North's side")
	p.run(chromedp.SetValue("#rules", "abapa", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#rules").dispatchEvent(new Event("change"))`, nil))
	p.settle()

	// Feeding (R7): North's side is empty; E does not reach it, F does.
	p.load("2-0-0-3-1-2-0-0-0-0-0-0-20-20-S")
	assert.Equal(t, "Position loaded.", p.text("#record-message"))
	feed := oware.MustParsePosition("2-0-0-3-1-2-0-0-0-0-0-0-20-20-S")
	p.check(feed.Board(), "the feeding position")
	p.clickPit(4)
	assert.Contains(t, p.text("#message"), "R7: North's side is empty, and E puts no seed there: play D, F")
	p.clickPit(5)
	fed, _ := feed.Play(5)
	p.check(fed.Board(), "after F feeds North")
	assert.Contains(t, p.text("#caption"), "it feeds North, whose side was empty (R7)")

	// Keyboard alone. Tab visits the playable pits, and only those, in
	// the order they are drawn: North's row from f to a above, South's
	// from A to F below.
	p.checkLabels(fed, "the fed position")
	var order []oware.Move
	for _, pit := range []int{11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5} {
		if fed.Moves().Contains(oware.Move(pit)) {
			order = append(order, oware.Move(pit))
		}
	}
	assert.Equal(t, order, p.tabOrder(), "the pits Tab reaches")
	// Space plays the pit in focus; the focus stays on the board, on a
	// playable pit of the player to move, which Enter plays; U takes it
	// back. Each time the pits' labels are the board's.
	p.focusPit()
	var pit int
	p.eval(`Number(document.activeElement.dataset.pit)`, &pit)
	assert.Equal(t, order[0], oware.Move(pit), "the first pit Tab reaches")
	p.key(" ")
	after, err := fed.Play(order[0])
	require.NoError(t, err)
	p.check(after.Board(), "after Space on a focused pit")
	p.checkLabels(after, "after Space")
	first, _ := after.Moves().Nth(0)
	p.eval(`Number(document.activeElement.dataset.pit)`, &pit)
	assert.Equal(t, first, oware.Move(pit), "the focus after a move: the first playable pit")
	p.key("u")
	p.check(fed.Board(), "after U")
	p.checkLabels(fed, "after U")
	p.eval(`Number(document.activeElement.dataset.pit)`, &pit)
	assert.Equal(t, order[0], oware.Move(pit), "the focus after U")
	p.key(kb.Enter)
	p.check(after.Board(), "after Enter on a focused pit")
	p.key(kb.Enter)
	after, err = after.Play(first)
	require.NoError(t, err)
	p.check(after.Board(), "after Enter again")
	p.checkLabels(after, "after Enter again")

	// Save the line as OGN, and load it back.
	p.run(chromedp.Click("#save", chromedp.ByID))
	p.settle()
	var saved string
	p.run(chromedp.Value("#record", &saved, chromedp.ByID))
	g, err := ogn.ParseGame(saved)
	require.NoError(t, err, "the saved record:\n%s", saved)
	effects, err := g.Replay()
	require.NoError(t, err)
	require.Len(t, effects, 3)
	assert.Equal(t, after.Board(), effects[2].After().Board())
	p.run(chromedp.Click("#new", chromedp.ByID))
	p.settle()
	p.check(oware.Start().Board(), "a new game")
	p.load(saved)
	assert.Equal(t, "Game loaded: 3 moves.", p.text("#record-message"))
	p.check(after.Board(), "the saved game loaded back")

	// A record from a file.
	file := filepath.Join(t.TempDir(), "game.ogn")
	require.NoError(t, os.WriteFile(file, []byte("[Event \"file\"]\n\n1. C f 2. B *\n"), 0o644))
	// The message of the load before says the same words: clear it, so
	// that the wait is for this load's.
	p.run(chromedp.Evaluate(`document.querySelector("#record-message").textContent = ""`, nil))
	p.run(chromedp.SetUploadFiles("#file", []string{file}, chromedp.ByID))
	p.run(chromedp.Poll(`document.querySelector("#record-message").textContent === "Game loaded: 3 moves."`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	p.settle()
	p.check(oware.MustParsePosition("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S CfB").Board(), "a record from a file")

	// The clock.
	p.run(chromedp.SetValue("#clock", "60", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#clock").dispatchEvent(new Event("change"))`, nil))
	assert.Regexp(t, `^North [01]:[0-9]{2}$`, p.text("#clock-North"))
	p.run(chromedp.SetValue("#clock", "0", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#clock").dispatchEvent(new Event("change"))`, nil))

	// A record of a whole game by the rules, and one that breaks them.
	var rec strings.Builder
	game := ogn.Game{Tags: []ogn.Tag{{Name: "Event", Value: "browser test"}}}
	q := oware.Start()
	for _, m := range boardsMoves(rng, &q, 30) {
		game.Moves = append(game.Moves, ogn.Ply{Move: m})
	}
	game.Result = ogn.ResultOf(q.Outcome())
	rec.WriteString(game.String())
	p.load(rec.String())
	p.check(q.Board(), "a loaded OGN record")
	p.load("[Event \"bad\"]\n\n1. F f 2. F *")
	assert.Contains(t, p.text("#record-message"), "pit is empty", "an illegal record is refused")
	p.check(q.Board(), "the board after a refused record")

	// The analysis arrives while the engine thinks.
	p.run(chromedp.Click("#new", chromedp.ByID))
	p.settle()
	start := time.Now()
	p.run(chromedp.Click("#analyze", chromedp.ByID))
	p.run(chromedp.Poll(`document.querySelectorAll("#lines li").length > 0`, nil, chromedp.WithPollingTimeout(60*time.Second)))
	firstAnalysis = time.Since(start)
	p.run(chromedp.Poll(`/Depth [0-9]+/.test(document.querySelector("#analysis-status").textContent)`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	line := p.text("#lines li")
	assert.Regexp(t, `^(\+[0-9.]+ seeds for (South|North)|even): [A-F]( [a-fA-F])*$`, line)
	p.run(chromedp.Click("#analyze", chromedp.ByID))
	return firstAnalysis, roundTrip
}

// showsRules checks a move step by step, the steps one after the other
// then the board after the move, and the pictures of a capture (R5), a
// grand slam (R6) and a feeding move (R7) as the board shows them after
// the move, against the expected pictures: the same for the server and
// for the WebAssembly page.
func showsRules(t *testing.T, p pg) {
	// A move step by step: the steps show one after the other, then the
	// board after the move.
	p.run(chromedp.SetValue("#speed", "150", chromedp.ByID))
	p.load("1-1-1-1-1-4-1-3-2-1-2-2-10-18-S")
	p.eval(`window.captions = []; new MutationObserver(() => window.captions.push(document.querySelector("#caption").textContent)).observe(document.querySelector("#caption"), {childList: true, characterData: true, subtree: true}); true`, nil)
	p.clickPit(5)
	var captions []string
	p.eval(`window.captions`, &captions)
	assert.Equal(t, []string{
		"R3: South takes the 4 seeds of F", "R3: a seed into a", "R3: a seed into b", "R3: a seed into c", "R3: a seed into d",
		"R5: the last seed makes d hold 2: South captures them",
		"R5: c, the pit before, holds 3: South captures them too; b holds 4, which ends the run",
		"South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)",
	}, captions, "the steps, one after the other, then the move")
	assert.Equal(t, "South sows F, 4 seeds, and captures 5: 2 from d, 3 from c (R5)", p.text("#caption"))

	// The pictures of a capture (R5), a grand slam (R6) and a feeding move
	// (R7), as the board shows them after the move.
	p.run(chromedp.SetValue("#speed", "0", chromedp.ByID))
	for _, tt := range []struct{ name, start string }{
		{"capture", "1-1-1-1-1-4-1-3-2-1-2-2-10-18-S"},
		{"grand-slam", "4-4-4-4-4-3-1-2-1-0-0-0-10-11-S"},
		{"feeding", "2-0-0-3-1-2-0-0-0-0-0-0-20-20-S"},
	} {
		p.load(tt.start)
		p.clickPit(5)
		after, err := oware.MustParsePosition(tt.start).Play(5)
		require.NoError(t, err)
		p.check(after.Board(), tt.name)
		var pic []byte
		p.run(chromedp.Screenshot("#board svg", &pic, chromedp.ByQuery))
		samePicture(t, pic, filepath.Join("testdata", tt.name+".png"))
	}
}

// boardsMoves plays up to n random moves from *p and returns them.
func boardsMoves(rng *rand.Rand, p *oware.Position, n int) []oware.Move {
	var moves []oware.Move
	for range n {
		if p.Moves().Len() == 0 {
			break
		}
		m, _ := p.Moves().Nth(rng.IntN(p.Moves().Len()))
		moves = append(moves, m)
		*p, _ = p.Play(m)
	}
	return moves
}

// startServer serves the board on a loopback address for the test.
func startServer(t *testing.T, cfg board.Config) (*board.Service, string) {
	svc, err := board.New(cfg)
	require.NoError(t, err)
	srv := httptest.NewServer(web.Handler(svc, web.HandlerOptions{Loopback: true}))
	t.Cleanup(srv.Close)
	return svc, srv.URL + "/"
}

// TestBrowserServer: the board served by oware serve, in chromium: a game
// by clicks and keys checked against the library, illegal moves with their
// rules, undo, OGN, analysis, the engine, a move step by step, and the
// pictures of a capture, a grand slam and a feeding move.
func TestBrowserServer(t *testing.T) {
	ctx := newBrowser(t)
	endgame := board.Endgame
	if raceEnabled {
		endgame = 8 // solving 12 seeds takes minutes under the race detector
	}
	svc, url := startServer(t, board.Config{Endgame: endgame, HashMB: 16, Backend: "server"})
	p, load := openBoard(t, ctx, url)
	assert.Equal(t, "Served by oware serve.", p.text("#backend"))
	first, trip := exercise(t, p)
	t.Logf("server: page load %v, first analysis %v, a move's round trip %v", load.Round(time.Millisecond), first.Round(time.Millisecond), trip.Round(time.Millisecond))

	showsRules(t, p)

	// The README's screenshot: the page after a capture in an endgame,
	// with the tables' values.
	p.load("0-0-0-1-1-2-1-2-1-1-0-0-19-20-S")
	p.clickPit(5)
	p.run(chromedp.Poll(`/perfect play/.test(document.querySelector("#tables-text").textContent)`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	p.run(chromedp.Evaluate(`document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`, nil))
	var shot []byte
	p.run(chromedp.CaptureScreenshot(&shot))
	samePicture(t, shot, filepath.Join("..", "..", "doc", "board.png"))

	// The engine plays North at a low level and its weakest strength
	// offered (400, the first multiple of 400 from engine.MinElo, 295);
	// undo takes back its reply too.
	var strengths string
	p.eval(`Array.from(document.querySelectorAll("#elo option")).map(o => o.value).join(",")`, &strengths)
	assert.Equal(t, "0,400,800,1200,1600,2000,2400", strengths, "full strength, then every 400 Elo from engine.MinElo below engine.MaxElo (2719)")
	p.run(chromedp.Click("#new", chromedp.ByID))
	p.settle()
	p.run(chromedp.SetValue("#elo", "400", chromedp.ByID))
	p.run(chromedp.SetValue("#level", "3", chromedp.ByID), chromedp.SetValue("#movetime", "250", chromedp.ByID),
		chromedp.SetValue("#engine-side", "North", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#engine-side").dispatchEvent(new Event("change"))`, nil))
	p.clickPit(2)
	p.run(chromedp.Poll(`document.querySelectorAll("#movelist button").length === 2`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	p.settle()
	var reply string
	p.eval(`document.querySelectorAll("#movelist button")[1].textContent`, &reply)
	m, err := oware.ParseMove(reply)
	require.NoError(t, err)
	game, _ := oware.Start().Play(2)
	game, err = game.Play(m)
	require.NoError(t, err, "the engine's reply %s is legal", reply)
	p.check(game.Board(), "after the engine's reply")
	p.run(chromedp.Click("#undo", chromedp.ByID))
	p.settle()
	p.check(oware.Start().Board(), "undo against the engine takes back both moves")
	p.run(chromedp.SetValue("#elo", "0", chromedp.ByID))

	playOnClock(t, p)
	severalLines(t, ctx, svc)
}

// playOnClock plays the engine on a clock of 3 seconds each (an option
// the test adds; the page offers minutes): South moves, the engine
// answers within its time, then South's time runs out, not before its
// clock said: the game is over on time, as the page says, and no move is
// played until the clock changes.
func playOnClock(t *testing.T, p pg) {
	p.run(chromedp.Click("#new", chromedp.ByID))
	p.settle()
	p.run(chromedp.SetValue("#level", "3", chromedp.ByID), chromedp.SetValue("#movetime", "250", chromedp.ByID),
		chromedp.SetValue("#engine-side", "North", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#engine-side").dispatchEvent(new Event("change"))`, nil))
	p.eval(`(() => { const c = document.querySelector("#clock"); c.append(new Option("3 s", "3")); c.value = "3"; c.dispatchEvent(new Event("change")); return true; })()`, nil)
	assert.Equal(t, "South 0:03", p.text("#clock-South"))
	assert.Equal(t, "North 0:03", p.text("#clock-North"))
	left := func(side string) int {
		var ms string
		p.eval(fmt.Sprintf(`document.querySelector("#clock-%s").dataset.ms`, side), &ms)
		var n int
		_, err := fmt.Sscan(ms, &n)
		require.NoError(t, err, "the time left on %s's clock: %q", side, ms)
		return n
	}
	running := func() string {
		var s string
		p.eval(`[...document.querySelectorAll("#clocks .ui-running")].map(e => e.id).join(" ")`, &s)
		return s
	}
	assert.Equal(t, "clock-South", running(), "South's clock runs at the start")

	p.clickPit(2)
	p.run(chromedp.Poll(`document.querySelectorAll("#movelist button").length === 2`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	p.settle()
	since := time.Now()
	south, north := left("South"), left("North")
	assert.Equal(t, "clock-South", running(), "South's clock runs after the engine's reply")
	assert.Less(t, north, 3000, "North's clock ran while the engine thought")
	assert.Greater(t, north, 0, "the engine answers within its time")
	assert.Less(t, south, 3000, "South's clock ran while South was to move")
	assert.Empty(t, p.text("#outcome"))

	p.run(chromedp.Poll(`document.querySelector("#outcome").textContent !== ""`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	// The time shown is that of the clock's last tick, at most 200 ms
	// (and the browser's delays) before it was read.
	assert.GreaterOrEqual(t, time.Since(since), time.Duration(south-500)*time.Millisecond, "the flag falls when South's time is up, not before")
	assert.Equal(t, "Game over: North wins on time (South's time is up)", p.text("#outcome"))
	assert.Equal(t, "South's time is up: North wins on time.", p.text("#message"))
	assert.Equal(t, "South 0:00", p.text("#clock-South"))
	assert.Equal(t, 0, left("South"))
	assert.Equal(t, north, left("North"), "North's clock stopped while South was to move")
	assert.Empty(t, running(), "no clock runs once the game is over")

	// A move after the flag fell is refused, and the engine plays no more.
	pos, _ := oware.Start().Play(2)
	var reply string
	p.eval(`document.querySelectorAll("#movelist button")[1].textContent`, &reply)
	m, err := oware.ParseMove(reply)
	require.NoError(t, err)
	pos, err = pos.Play(m)
	require.NoError(t, err)
	p.clickPit(3)
	assert.Equal(t, "The game is over: North wins on time (South's time is up); no move can be played until a new game or another clock.", p.text("#message"))
	p.check(pos.Board(), "after a move on time")
	p.key(kb.ArrowLeft)
	assert.Equal(t, "Game over: North wins on time (South's time is up)", p.text("#outcome"), "the game stays over on time as the moves are walked")
	p.key(kb.ArrowRight)

	// Without the clock the game goes on.
	p.run(chromedp.SetValue("#engine-side", "", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#engine-side").dispatchEvent(new Event("change"))`, nil))
	p.run(chromedp.SetValue("#clock", "0", chromedp.ByID), chromedp.Evaluate(`document.querySelector("#clock").dispatchEvent(new Event("change"))`, nil))
	assert.Empty(t, p.text("#outcome"))
	assert.Empty(t, p.text("#clock-South"))
	p.clickPit(3)
	pos, err = pos.Play(3)
	require.NoError(t, err)
	p.check(pos.Board(), "a move once the clock is off")
}

// severalLines opens the page, in a new tab, on a server whose analysis
// stream sends several lines, as the engine's MultiPV will: the page shows
// each line, the best first, and the bar and its words follow the first.
func severalLines(t *testing.T, ctx context.Context, svc *board.Service) {
	lines := []board.AnalysisLine{
		{Move: "F", PV: []string{"F", "e", "D"}, Text: "+1.25 seeds for South", Kind: "estimate", South: 1.25},
		{Move: "C", PV: []string{"C", "f"}, Text: "even", Kind: "estimate"},
		{Move: "A", PV: []string{}, Text: "+0.50 seeds for North", Kind: "estimate", South: -0.5},
	}
	stream := []board.Analysis{
		{Depth: 8, Nodes: 50_000, Millis: 200, NPS: 250_000, Lines: lines[:1], Bar: 0.55},
		{Depth: 9, Nodes: 123_456, Millis: 500, NPS: 246_912, Lines: lines, Bar: 0.58, Done: true},
	}
	mux := http.NewServeMux()
	mux.Handle("/", web.Handler(svc, web.HandlerOptions{Loopback: true}))
	mux.HandleFunc("POST /api/analyze", func(w http.ResponseWriter, r *http.Request) {
		var req board.AnalyzeRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Line.Moves != "" {
			t.Errorf("the analysis request: %+v, %v", req, err)
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for _, a := range stream {
			data, err := json.Marshal(a)
			if err != nil {
				t.Error(err)
				return
			}
			fmt.Fprintf(w, "data: %s\n\n", data)
			w.(http.Flusher).Flush()
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	p, _ := openBoard(t, tab, srv.URL+"/")
	p.run(chromedp.Click("#analyze", chromedp.ByID))
	p.run(chromedp.Poll(`/done/.test(document.querySelector("#analysis-status").textContent)`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	assert.Equal(t, "Depth 9, 123,456 positions in 0.5 s (247k a second), done", p.text("#analysis-status"))
	var shown []struct{ Move, Kind, Text string }
	p.eval(`[...document.querySelectorAll("#lines li")].map(li => ({Move: li.dataset.move, Kind: li.dataset.kind, Text: li.textContent}))`, &shown)
	assert.Equal(t, []struct{ Move, Kind, Text string }{
		{"F", "estimate", "+1.25 seeds for South: F e D"},
		{"C", "estimate", "even: C f"},
		{"A", "estimate", "+0.50 seeds for North: A"},
	}, shown)
	var bar struct{ Now, Text, Width string }
	p.eval(`({Now: document.querySelector("#evalbar").getAttribute("aria-valuenow"), Text: document.querySelector("#evalbar").getAttribute("aria-valuetext"), Width: document.querySelector("#evalbar-south").style.width})`, &bar)
	assert.Equal(t, struct{ Now, Text, Width string }{"58", "+1.25 seeds for South", "58%"}, bar)
}

// TestBrowserWasm: the static site, the library and the engine built for
// WebAssembly, served by a plain file server: the same game and checks as
// the server's, and the tables solved in the browser.
func TestBrowserWasm(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector does not reach the WebAssembly build; TestBrowserServer covers the page under it")
	}
	ctx := newBrowser(t)
	dir := t.TempDir()
	buildStart := time.Now()
	require.NoError(t, web.BuildSite(context.Background(), dir, ""))
	info, err := os.Stat(filepath.Join(dir, "oware.wasm"))
	require.NoError(t, err)
	t.Logf("wasm: built in %v, %d bytes", time.Since(buildStart).Round(time.Millisecond), info.Size())
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)

	p, load := openBoard(t, ctx, srv.URL+"/")
	assert.Equal(t, "In your browser (WebAssembly): no server.", p.text("#backend"))
	start := time.Now()
	p.run(chromedp.Poll(`!/Solving/.test(document.querySelector("#tables-text").textContent) && document.querySelector("#tables-text").textContent !== ""`, nil, chromedp.WithPollingTimeout(120*time.Second)))
	t.Logf("wasm: page load %v, the 12-seed tables solved %v later", load.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	assert.Equal(t, "Not in the tables (up to 12 seeds on the board).", p.text("#tables-text"))
	first, trip := exercise(t, p)
	t.Logf("wasm: first analysis %v, a move's round trip %v", first.Round(time.Millisecond), trip.Round(time.Millisecond))

	showsRules(t, p)

	// The tables, solved in the browser, value an endgame.
	p.load("2-0-0-3-1-2-0-0-0-0-0-0-20-20-S")
	p.run(chromedp.Poll(`/perfect play/.test(document.querySelector("#tables-text").textContent)`, nil, chromedp.WithPollingTimeout(30*time.Second)))
	var items []string
	p.eval(`[...document.querySelectorAll("#table-moves li")].map(li => li.textContent.split(":")[0])`, &items)
	assert.Equal(t, []string{"D", "F"}, items, "a value for each legal move")
}

// samePicture compares the PNG got with the expected picture in file,
// tolerant of fonts: both are cut into cells of 8 by 8 pixels, and the
// average colours of at most 3% of the cells may differ by more than 48
// (of 255) in a channel; the sizes may differ by at most 2%. With
// OWARE_UPDATE_SCREENSHOTS set, it writes got to file instead.
func samePicture(t *testing.T, got []byte, file string) {
	t.Helper()
	if updateScreenshots {
		require.NoError(t, os.WriteFile(file, got, 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "the expected picture (OWARE_UPDATE_SCREENSHOTS=1 writes it)")
	a, err := png.Decode(bytes.NewReader(got))
	require.NoError(t, err)
	b, err := png.Decode(bytes.NewReader(want))
	require.NoError(t, err)
	ab, bb := a.Bounds(), b.Bounds()
	if math.Abs(float64(ab.Dx()-bb.Dx())) > 0.02*float64(bb.Dx()) || math.Abs(float64(ab.Dy()-bb.Dy())) > 0.02*float64(bb.Dy()) {
		saveFailed(t, got, file)
		t.Fatalf("%s: the picture is %v, the expected one %v", file, ab.Size(), bb.Size())
	}
	const cell = 8
	w, h := min(ab.Dx(), bb.Dx())/cell, min(ab.Dy(), bb.Dy())/cell
	differ := 0
	for y := range h {
		for x := range w {
			ca, cb := meanColour(a, x*cell, y*cell, cell), meanColour(b, x*cell, y*cell, cell)
			for i := range ca {
				if math.Abs(ca[i]-cb[i]) > 48 {
					differ++
					break
				}
			}
		}
	}
	if float64(differ) > 0.03*float64(w*h) {
		saveFailed(t, got, file)
		t.Errorf("%s: %d of %d cells differ", file, differ, w*h)
	}
}

// saveFailed keeps the picture that failed beside the test's output.
func saveFailed(t *testing.T, got []byte, file string) {
	out := filepath.Join(os.TempDir(), "failed-"+filepath.Base(file))
	if os.WriteFile(out, got, 0o644) == nil {
		t.Logf("the picture that failed is %s", out)
	}
}

// meanColour returns the mean colour of the cell of side n at (x, y).
func meanColour(img image.Image, x, y, n int) [3]float64 {
	var sum [3]float64
	min := img.Bounds().Min
	for dy := range n {
		for dx := range n {
			r, g, b, _ := img.At(min.X+x+dx, min.Y+y+dy).RGBA()
			sum[0] += float64(r >> 8)
			sum[1] += float64(g >> 8)
			sum[2] += float64(b >> 8)
		}
	}
	for i := range sum {
		sum[i] /= float64(n * n)
	}
	return sum
}
