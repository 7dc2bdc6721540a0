// Package board answers the calls of the analysis board's page (package
// internal/web): JSON in, JSON out, and one stream, the analysis. The page
// holds a game as a Line (rules, start, moves) and asks a Service for
// what to show: the picture of a position with its legal moves (package
// svg), a move step by step or the rule that forbids it, the endgame
// tables' values, the engine's moves and analysis, and game records read
// and written.
//
// The package imports no network code: oware serve answers the calls
// over HTTP (package internal/web), and the WebAssembly build answers
// them in the browser, with no server.
package board

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
	"github.com/seed3966233f/oware/ogn"
	"github.com/seed3966233f/oware/solve"
	"github.com/seed3966233f/oware/tablebase"
)

// Limits of what a request may ask.
const (
	// MaxBody is the most bytes of a request, a game record to load
	// included.
	MaxBody = 1 << 20
	// MaxMoves is the most moves of a line, as many as the longest game
	// record that package ogn reads.
	MaxMoves = 10_000
	// MaxThink is the longest that the engine thinks on one request, for
	// a move or for an analysis.
	MaxThink = 10 * time.Minute
	// Endgame is the number of seeds up to which a Service solves the
	// endgame tables in memory, as oware uci does by default.
	Endgame = 12
)

// Errors of the calls.
var (
	// ErrBadRequest: the request is not what the call reads.
	ErrBadRequest = errors.New("board: bad request")
	// ErrNoSuchCall: no call has the name.
	ErrNoSuchCall = errors.New("board: no such call")
)

// Config configures a Service.
type Config struct {
	// Rules are the rules of a line that names none; the zero Rules are
	// abapa.
	Rules oware.Rules
	// Tables, when not nil, are endgame tables (tablebase.Open): the
	// Service uses them under the rules they hold, and solves its own up
	// to Endgame seeds under the others that tables support.
	Tables *tablebase.Tables
	// History, when not nil, are package solve's tables (solve.Open) of
	// one rules: the values with history that the Service shows under
	// those rules are searched from them.
	History *solve.Tables
	// Endgame is the number of seeds up to which the Service solves
	// tables in memory, from 0 (none) to 15; -1 means Endgame.
	Endgame int
	// HashMB is the size of the transposition table of the analysis in
	// MB, from 1 to 4096; 0 means 32. The engine's moves take a table
	// of their own, of 16 MB or HashMB if it is less.
	HashMB int
	// Now, when not nil, is the engines' clock (engine.Options.Now). The
	// WebAssembly build gives one that lets the browser run between
	// readings.
	Now func() time.Time
	// Yield, when not nil, is called while tables are solved, about once
	// a second, for the same reason.
	Yield func()
	// Backend names the Service's home in the hello call: "server" or
	// "wasm".
	Backend string
}

// Service answers the calls of the board's page. Its methods are safe for
// concurrent use; the engine searches one position at a time for moves
// and one for analysis, and a new analysis ends the one before.
type Service struct {
	cfg        Config
	player     *engine.Engine // searches the engine's moves
	playing    sync.Mutex     // held by the search of a move
	analyst    *engine.Engine // analyses
	analysis   sync.Mutex     // held by the running analysis
	tables     tableSet
	mu         sync.Mutex
	generation int                // counts the analyses asked for
	stop       context.CancelFunc // ends the running analysis
}

// New returns a Service with the configuration cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Endgame < 0 {
		cfg.Endgame = Endgame
	}
	if cfg.Endgame > 15 {
		return nil, fmt.Errorf("%w: endgame of %d seeds: want 0 to 15", ErrBadRequest, cfg.Endgame)
	}
	if cfg.HashMB == 0 {
		cfg.HashMB = 32
	}
	if cfg.HashMB < 1 || cfg.HashMB > 4096 {
		return nil, fmt.Errorf("%w: a table of %d MB: want 1 to 4096", ErrBadRequest, cfg.HashMB)
	}
	s := &Service{cfg: cfg}
	s.tables.init(cfg)
	var err error
	if s.analyst, err = engine.New(engine.Options{TableSize: cfg.HashMB << 20, Now: cfg.Now}); err != nil {
		return nil, err
	}
	if s.player, err = engine.New(engine.Options{TableSize: min(cfg.HashMB, 16) << 20, Now: cfg.Now}); err != nil {
		return nil, err
	}
	return s, nil
}

// Prepare solves the tables of rules r, if the Service solves tables and
// has none under r yet, and returns when they are ready or ctx is done:
// a program may call it as it starts, for the rules it shows first.
func (s *Service) Prepare(ctx context.Context, r oware.Rules) {
	s.tables.get(ctx, r, true)
}

// Call answers the call of the given name, its request and its answer in
// JSON, as the page sends and reads them. The error of a request that
// cannot be answered wraps ErrBadRequest or ErrNoSuchCall; an illegal
// move is no error but an answer that says which rule forbids it.
// Analysis, a stream, is Analyze.
func (s *Service) Call(ctx context.Context, name string, request []byte) ([]byte, error) {
	var answer any
	var err error
	switch name {
	case "hello":
		answer = s.Hello()
	case "view":
		var req ViewRequest
		if err = decode(request, &req); err == nil {
			answer, err = s.View(req)
		}
	case "tables":
		var req ViewRequest
		if err = decode(request, &req); err == nil {
			answer, err = s.Tables(ctx, req)
		}
	case "play":
		var req PlayRequest
		if err = decode(request, &req); err == nil {
			answer, err = s.Play(req)
		}
	case "move":
		var req MoveRequest
		if err = decode(request, &req); err == nil {
			answer, err = s.Move(ctx, req)
		}
	case "load":
		var req LoadRequest
		if err = decode(request, &req); err == nil {
			answer, err = s.Load(req)
		}
	case "save":
		var req SaveRequest
		if err = decode(request, &req); err == nil {
			answer, err = s.Save(req)
		}
	default:
		return nil, fmt.Errorf("%w: %q", ErrNoSuchCall, name)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(answer)
}

// AnalyzeJSON is Analyze with its request and each Analysis in JSON, as
// the page sends and reads them.
func (s *Service) AnalyzeJSON(ctx context.Context, request []byte, emit func([]byte)) error {
	var req AnalyzeRequest
	if err := decode(request, &req); err != nil {
		return err
	}
	return s.Analyze(ctx, req, func(a Analysis) {
		data, err := json.Marshal(a)
		if err == nil { // an Analysis always encodes
			emit(data)
		}
	})
}

// CheckAnalysis returns the error that AnalyzeJSON would return at once
// for request, without analysing: a request it cannot read, a line that
// cannot be played, a finished game.
func (s *Service) CheckAnalysis(request []byte) error {
	var req AnalyzeRequest
	if err := decode(request, &req); err != nil {
		return err
	}
	_, _, err := s.analysisOf(req)
	return err
}

// decode reads the JSON request data into v, refusing unknown fields and
// anything after the object.
func decode(data []byte, v any) error {
	if len(data) > MaxBody {
		return fmt.Errorf("%w: more than %d bytes", ErrBadRequest, MaxBody)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: more than one JSON value", ErrBadRequest)
	}
	return nil
}

// Hello is the answer of the hello call: what the page may offer.
type Hello struct {
	Backend  string   `json:"backend"`  // "server" or "wasm"
	Rules    string   `json:"rules"`    // the default rules
	Presets  []string `json:"presets"`  // every preset's name
	MaxLevel int      `json:"maxLevel"` // the engine's deepest level, in plies
	MinElo   int      `json:"minElo"`   // the weakest strength it plays at (engine.MinElo)
	MaxElo   int      `json:"maxElo"`   // its full strength (engine.MaxElo)
}

// Hello returns what the page may offer: the presets, the default rules,
// the engine's levels and strengths.
func (s *Service) Hello() Hello {
	return Hello{Backend: s.cfg.Backend, Rules: s.cfg.Rules.String(), Presets: oware.RulesNames(), MaxLevel: engine.MaxDepth,
		MinElo: engine.MinElo, MaxElo: engine.MaxElo}
}

// Line is a game as the page holds it: its rules, the board it starts from
// and the moves played since.
type Line struct {
	// Rules is the name of a preset (oware.RulesNames); "" means the
	// Service's rules.
	Rules string `json:"rules,omitempty"`
	// Start is the board the game starts from, a position string or a
	// PlayStrategy FEN; "" means the opening.
	Start string `json:"start,omitempty"`
	// Moves are the moves played from Start, as pit letters ("FfEa").
	Moves string `json:"moves,omitempty"`
}

// position returns the position at the end of l.
func (s *Service) position(l Line) (oware.Position, error) {
	rules := s.cfg.Rules
	if l.Rules != "" {
		r, err := oware.ParseRules(l.Rules)
		if err != nil {
			return oware.Position{}, fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		rules = r
	}
	p := rules.Start()
	if l.Start != "" {
		b, err := ogn.ParseBoardOrFEN(l.Start)
		if err != nil {
			return oware.Position{}, fmt.Errorf("%w: start: %v", ErrBadRequest, err)
		}
		p = rules.Position(b)
	}
	if len(l.Moves) > MaxMoves {
		return oware.Position{}, fmt.Errorf("%w: more than %d moves", ErrBadRequest, MaxMoves)
	}
	for i := range len(l.Moves) {
		c := l.Moves[i]
		if !(c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f') {
			return oware.Position{}, fmt.Errorf("%w: move %d %q: not a pit letter, A-F or a-f", ErrBadRequest, i+1, l.Moves[i:i+1])
		}
		m, _ := oware.ParseMove(l.Moves[i : i+1])
		var err error
		if p, err = p.Play(m); err != nil {
			return oware.Position{}, fmt.Errorf("%w: move %d: %v", ErrBadRequest, i+1, err)
		}
	}
	return p, nil
}

// rulesName returns the name of the rules of p, which are a preset's.
func rulesName(p oware.Position) string { return p.Rules().String() }
