package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/ogn"
)

// humanName is the name of the human in the South or North tag of a saved
// game; load finds the human's side by it.
const humanName = "You"

// record returns the game so far as an OGN record.
func (g *game) record() ogn.Game {
	rec := ogn.Game{Rules: g.rules, Tags: []ogn.Tag{
		{Name: "South", Value: g.playerName(oware.South)},
		{Name: "North", Value: g.playerName(oware.North)},
	}}
	if b := g.line[0].Board(); b != oware.Start().Board() {
		rec.Start = b
	}
	for _, m := range g.moves {
		rec.Moves = append(rec.Moves, ogn.Ply{Move: m})
	}
	return rec
}

// playerName names pl in a saved game.
func (g *game) playerName(pl oware.Player) string {
	if pl == g.human {
		return humanName
	}
	return fmt.Sprintf("oware play, level %d, %s a move", g.level, g.limit)
}

// saveTo writes the game as OGN to the file name.
func (g *game) saveTo(name string) error {
	text, err := g.record().MarshalText()
	if err != nil {
		return err
	}
	return writeFile(name, func(w io.Writer) error {
		_, err := w.Write(text)
		return err
	})
}

// save writes the game to the file name at the player's request and tells
// how it went; the game goes on either way.
func (g *game) save(name string) {
	if name == "" {
		fmt.Fprintln(g.out, `Give a file name: "save FILE".`)
		return
	}
	if err := g.saveTo(name); err != nil {
		fmt.Fprintf(g.out, "The game was not saved: %s.\n", err)
		return
	}
	fmt.Fprintf(g.out, "Saved the game in %s; \"oware play -load %s\" resumes it.\n", name, name)
}

// offerSave asks, after an interrupt, for a file to save the game in.
func (g *game) offerSave() error {
	fmt.Fprint(g.out, "\nStopped. Type a file name to save the game in, or just press Enter to leave: ")
	name, long, err := readLine(g.in)
	switch {
	case err != nil && !errors.Is(err, io.EOF):
		return err
	case long:
		fmt.Fprintln(g.out, "That name is too long; the game was not saved.")
		return nil
	case name == "":
		fmt.Fprintln(g.out, "\nThe game was not saved.")
		return nil
	}
	if err := g.saveTo(name); err != nil {
		return err
	}
	fmt.Fprintf(g.out, "Saved the game in %s; \"oware play -load %s\" resumes it.\n", name, name)
	return nil
}

// load resumes the game saved in the file name: one OGN record, replayed
// under the rules. With findSide, the human takes the side whose tag is
// humanName, if one is.
func (g *game) load(name string, findSide bool) error {
	rec, err := readSaved(name)
	if err != nil {
		return err
	}
	effects, err := rec.Replay()
	if err != nil {
		return err
	}
	g.rules = rec.Rules // the record's Variant tag names them
	g.line = []oware.Position{rec.StartPosition()}
	for _, e := range effects {
		g.line = append(g.line, e.After())
		g.moves = append(g.moves, e.Move())
	}
	if findSide {
		if v, _ := rec.Tag("North"); v == humanName {
			g.human = oware.North
		}
	}
	return nil
}
