package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
)

// Score is the score of an info line, for the player to move: "cp C",
// hundredths of a seed, or "mate N", the end of the game in N moves
// (positive when the player to move wins, negative when they lose),
// either optionally a "lowerbound" or an "upperbound".
type Score struct {
	CP         int  // centiseeds, when Mate is 0
	Mate       int  // moves to the end of the game; 0 for none
	Lowerbound bool // the score is at least this
	Upperbound bool // the score is at most this
}

// String returns the score as the protocol writes it, such as "cp 125"
// or "mate -3 upperbound".
func (s Score) String() string {
	text := "cp " + strconv.Itoa(s.CP)
	if s.Mate != 0 {
		text = "mate " + strconv.Itoa(s.Mate)
	}
	switch {
	case s.Lowerbound:
		text += " lowerbound"
	case s.Upperbound:
		text += " upperbound"
	}
	return text
}

// ScoreOf returns the score of the protocol for a score of the built-in
// engine: the end of the game seen in n plies is "mate" in (n+1)/2 moves,
// anything else "cp", in hundredths of a seed (a win that the tables
// prove too, far above any estimate).
func ScoreOf(s engine.Score) Score {
	switch plies, ok := s.Mate(); {
	case ok && plies > 0:
		return Score{Mate: (plies + 1) / 2}
	case ok:
		return Score{Mate: -(-plies + 1) / 2}
	}
	return Score{CP: int(s) * 100 / engine.SeedValue}
}

// Info is an info line: what an engine reports of its search. A field
// that the line does not give is zero.
type Info struct {
	Depth    int           // "depth": the depth of the iteration, in plies
	SelDepth int           // "seldepth": the deepest ply reached
	MultiPV  int           // "multipv": the rank of the line, from 1
	Score    *Score        // "score"; nil when the line gives none
	Nodes    uint64        // "nodes": the positions searched
	NPS      uint64        // "nps": the positions a second
	Time     time.Duration // "time": the time searched, in whole milliseconds
	PV       []oware.Move  // the pit letters of "pv", together or apart
	String   string        // "string": the rest of the line, free text
}

// InfoOf returns the info line of a result of the built-in engine, after
// a search of elapsed: its depth, score (a lower bound for a move that an
// ended iteration proved better, see engine.Result.Partial), nodes,
// speed, time and principal variation.
func InfoOf(r engine.Result, elapsed time.Duration) Info {
	score := ScoreOf(r.Score)
	score.Lowerbound = r.Partial
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(r.Nodes) / elapsed.Seconds())
	}
	return Info{Depth: r.Depth, Score: &score, Nodes: r.Nodes, NPS: nps, Time: elapsed, PV: r.PV}
}

// Format returns the line of i, "info" and its fields in the order of
// Info's fields, the moves of the principal variation written together,
// as Aualé reads them: "info depth 6 score cp 75 nodes 5204 nps 4861682
// time 1 pv FaEb". The time is written in whole milliseconds, rounded
// down. A field that is zero is left out, but for the speed and the time
// of a line with nodes (a search of the built-in engine always has them).
func (i Info) Format() string {
	var b strings.Builder
	b.WriteString("info")
	num := func(word string, n int64, always bool) {
		if n != 0 || always {
			fmt.Fprintf(&b, " %s %d", word, n)
		}
	}
	num("depth", int64(i.Depth), false)
	num("seldepth", int64(i.SelDepth), false)
	num("multipv", int64(i.MultiPV), false)
	if i.Score != nil {
		b.WriteString(" score " + i.Score.String())
	}
	num("nodes", int64(i.Nodes), false)
	num("nps", int64(i.NPS), i.Nodes != 0)
	num("time", i.Time.Milliseconds(), i.Nodes != 0)
	if len(i.PV) > 0 {
		b.WriteString(" pv ")
		for _, m := range i.PV {
			b.WriteString(m.String())
		}
	}
	if i.String != "" {
		b.WriteString(" string " + i.String)
	}
	return b.String()
}

// parseInfo reads an info line, the word "info" included. It reads the
// fields of Info and skips the words it does not know (such as currmove);
// it fails on a field whose value is malformed.
func parseInfo(line string) (Info, error) {
	var i Info
	words := strings.Fields(line)
	if len(words) == 0 || words[0] != "info" {
		return i, fmt.Errorf("%q is no info line", line)
	}
	number := func(at int) (int64, error) {
		if at >= len(words) {
			return 0, fmt.Errorf("%s wants a number", words[at-1])
		}
		n, err := strconv.ParseInt(words[at], 10, 64)
		if err != nil || n < -maxNumber*1000 || n > maxNumber*1000 {
			return 0, fmt.Errorf("%s %q: want a number", words[at-1], words[at])
		}
		return n, nil
	}
	for k := 1; k < len(words); k++ {
		word := words[k]
		switch word {
		case "depth", "seldepth", "multipv", "nodes", "nps", "time":
			n, err := number(k + 1)
			if err != nil {
				return i, err
			}
			k++
			if n < 0 {
				return i, fmt.Errorf("%s %d: want 0 or more", word, n)
			}
			switch word {
			case "depth":
				i.Depth = int(n)
			case "seldepth":
				i.SelDepth = int(n)
			case "multipv":
				i.MultiPV = int(n)
			case "nodes":
				i.Nodes = uint64(n)
			case "nps":
				i.NPS = uint64(n)
			case "time":
				i.Time = time.Duration(n) * time.Millisecond
			}
		case "score":
			var s Score
			if k+1 >= len(words) || (words[k+1] != "cp" && words[k+1] != "mate") {
				return i, fmt.Errorf("score: want cp or mate")
			}
			n, err := number(k + 2)
			if err != nil {
				return i, err
			}
			if words[k+1] == "cp" {
				s.CP = int(n)
			} else {
				s.Mate = int(n)
			}
			k += 2
			if k+1 < len(words) && (words[k+1] == "lowerbound" || words[k+1] == "upperbound") {
				s.Lowerbound, s.Upperbound = words[k+1] == "lowerbound", words[k+1] == "upperbound"
				k++
			}
			i.Score = &s
		case "pv":
			for k+1 < len(words) && isPits(words[k+1]) {
				k++
				ms, _ := parseMoves(words[k])
				i.PV = append(i.PV, ms...)
			}
		case "string":
			i.String = strings.Join(words[k+1:], " ")
			k = len(words)
		}
	}
	return i, nil
}

// isPits reports whether word is one or more pit letters.
func isPits(word string) bool {
	_, err := parseMoves(word)
	return err == nil
}

// parseMoves reads pit letters written together, such as "FfEa".
func parseMoves(word string) ([]oware.Move, error) {
	if word == "" {
		return nil, fmt.Errorf("no pit letter")
	}
	moves := make([]oware.Move, 0, len(word))
	for k := range len(word) {
		m, ok := parsePit(word[k])
		if !ok {
			return nil, fmt.Errorf("%q is not a pit letter (A-F, a-f)", word[k:k+1])
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// parsePit reads a pit letter, as package oware writes moves: A-F for
// South's pits, a-f for North's. (oware.ParseMove reads digits too, which
// the protocol does not.)
func parsePit(c byte) (oware.Move, bool) {
	if l := c | 0x20; l < 'a' || l > 'f' {
		return 0, false
	}
	m, err := oware.ParseMove(string(c))
	return m, err == nil
}
