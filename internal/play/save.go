package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/outfile"
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
	return outfile.Write(context.Background(), name, func(w io.Writer) error {
		_, err := w.Write(text)
		return err
	})
}

// save writes the game to the file name at the player's request, asking
// first if the file exists, and tells how it went; the game goes on either
// way. It returns the error of reading the answer: the end of the input, or
// errInterrupted.
func (g *game) save(name string) error {
	if name == "" {
		fmt.Fprintln(g.out, `Give a file name: "save FILE".`)
		return nil
	}
	if ok, err := g.mayWrite(name); err != nil || !ok {
		if err == nil {
			fmt.Fprintln(g.out, "The game was not saved.")
		}
		return err
	}
	if err := g.saveTo(name); err != nil {
		fmt.Fprintf(g.out, "The game was not saved: %s.\n", err)
		return nil
	}
	fmt.Fprintf(g.out, "Saved the game in %s. To resume it: %s\n", name, resumeCommand(name))
	return nil
}

// mayWrite tells whether the game may be written to the file name: when
// no file of that name exists, or when the player says to replace it. It
// returns the error of reading the answer.
func (g *game) mayWrite(name string) (bool, error) {
	if _, err := os.Lstat(name); err != nil {
		return true, nil // nothing to replace; a name that cannot be written fails when written
	}
	fmt.Fprintf(g.out, "%s exists. Replace it? (y/N): ", name)
	answer, _, err := g.readLine()
	if err != nil {
		return false, err
	}
	switch strings.ToLower(answer) {
	case "y", "yes":
		return true, nil
	}
	return false, nil
}

// offerSave asks, after an interrupt, for a file to save the game in, until
// the game is saved or the player leaves: with an empty line, a second
// interrupt or the end of the input.
func (g *game) offerSave() error {
	const ask = "Type a file name to save the game in, or just press Enter to leave: "
	fmt.Fprint(g.out, "\nStopped. "+ask)
	for {
		name, long, err := g.readLine()
		if err == nil && long {
			fmt.Fprint(g.out, "That name is too long. "+ask)
			continue
		}
		var ok bool
		if err == nil && name != "" {
			ok, err = g.mayWrite(name)
		}
		switch {
		case errors.Is(err, errInterrupted) || errors.Is(err, io.EOF) || err == nil && name == "":
			fmt.Fprintln(g.out, "\nThe game was not saved.")
			return nil
		case err != nil:
			return err
		case !ok:
			fmt.Fprint(g.out, ask)
			continue
		}
		if err := g.saveTo(name); err != nil {
			fmt.Fprintf(g.out, "The game was not saved: %s. %s", err, ask)
			continue
		}
		fmt.Fprintf(g.out, "Saved the game in %s. To resume it: %s\n", name, resumeCommand(name))
		return nil
	}
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
