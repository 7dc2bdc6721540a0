//go:build js && wasm

// Command wasm is the board's backend built for WebAssembly (GOOS=js
// GOARCH=wasm): a package web Service in a worker of the page, answering
// the same calls as oware serve (see internal/web's static/worker.js and
// api-wasm.js). Its argument is its role: "quick" answers the calls about
// positions and records, without tables; "engine" solves the endgame
// tables of 12 seeds as it starts, and searches.
//
// web.BuildSite builds it into a static site.
package main

import (
	"context"
	"os"
	"sync"
	"syscall/js"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/board"
)

// lastYield is when the program last let the browser run.
var lastYield time.Time

// clock is the engines' clock. A search runs without a pause, and the
// browser runs the worker's messages (a stop, another call) only when the
// program waits: so the clock, which the search reads every few thousand
// positions, waits a millisecond every 20 or so.
func clock() time.Time {
	now := time.Now()
	if now.Sub(lastYield) > 20*time.Millisecond {
		time.Sleep(time.Millisecond)
		now = time.Now()
		lastYield = now
	}
	return now
}

func main() {
	role := "quick"
	if len(os.Args) > 1 {
		role = os.Args[1]
	}
	cfg := board.Config{Backend: "wasm", HashMB: 16, Endgame: 0, Now: clock, Yield: func() { time.Sleep(time.Millisecond) }}
	if role == "engine" {
		cfg.Endgame = board.Endgame
	}
	svc, err := board.New(cfg)
	if err != nil {
		panic(err) // the configuration above is valid
	}
	var mu sync.Mutex
	analyses := map[int]context.CancelFunc{}

	// owareCall(name, request, callback): callback(error, answer), both
	// strings, one null.
	js.Global().Set("owareCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, req, cb := args[0].String(), args[1].String(), args[2]
		go func() {
			out, err := svc.Call(context.Background(), name, []byte(req))
			if err != nil {
				cb.Invoke(err.Error(), js.Null())
				return
			}
			cb.Invoke(js.Null(), string(out))
		}()
		return nil
	}))
	// owareAnalyze(id, request, callback): callback(kind, data) with kind
	// "update" and an Analysis, "error" and a message, and last "end".
	js.Global().Set("owareAnalyze", js.FuncOf(func(_ js.Value, args []js.Value) any {
		id, req, cb := args[0].Int(), args[1].String(), args[2]
		ctx, cancel := context.WithCancel(context.Background())
		mu.Lock()
		analyses[id] = cancel
		mu.Unlock()
		go func() {
			defer func() {
				mu.Lock()
				delete(analyses, id)
				mu.Unlock()
				cancel()
			}()
			err := svc.AnalyzeJSON(ctx, []byte(req), func(a []byte) { cb.Invoke("update", string(a)) })
			if err != nil {
				cb.Invoke("error", err.Error())
				return
			}
			cb.Invoke("end", js.Null())
		}()
		return nil
	}))
	// owareStop(id) ends the analysis id.
	js.Global().Set("owareStop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		mu.Lock()
		cancel := analyses[args[0].Int()]
		mu.Unlock()
		if cancel != nil {
			cancel()
		}
		return nil
	}))
	if role == "engine" {
		go svc.Prepare(context.Background(), oware.Rules{}) // the 12-seed tables, on load
	}
	select {}
}
