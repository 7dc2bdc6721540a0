package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/engine"
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

// playerName names pl in a saved game: humanName, or the computer with
// its level and time, which load reads back (see computerOf).
func (g *game) playerName(pl oware.Player) string {
	if pl == g.human {
		return humanName
	}
	return fmt.Sprintf(computerName, g.level, g.limit)
}

// computerName is the form of the computer's name in a saved game.
const computerName = "oware play, level %d, %s a move"

// computerOf reads the level and the time of the computer from its name
// in a saved game; ok is false for any other name.
func computerOf(name string) (level int, limit time.Duration, ok bool) {
	var text string
	if _, err := fmt.Sscanf(name, computerName, &level, &text); err != nil {
		return 0, 0, false
	}
	limit, err := time.ParseDuration(text)
	if err != nil || level < 1 || level > engine.MaxDepth || limit <= 0 || fmt.Sprintf(computerName, level, limit) != name {
		return 0, 0, false
	}
	return level, limit, true
}

// Why a game cannot be saved in a file.
var (
	// errDash: "-" is the standard input or output in other commands.
	errDash = errors.New(`"-" is not a file name here; write ./- for a file of that name`)
	// errTooLong: a game longer than what -load reads.
	errTooLong = fmt.Errorf("a saved game holds at most %d plies, which is all that oware play -load reads", ogn.DefaultLimits.Plies)
)

// writeSaved writes the file of a saved game; the tests replace it.
var writeSaved = outfile.WriteRegular

// saveTo writes the game as OGN to the file name, whole or not at all. A
// name that is not that of a regular file is refused, and so is a game of
// more plies than -load reads. An interrupt (Ctrl-C) during the write
// stops it, the file left as it was, and returns errInterrupted.
func (g *game) saveTo(name string) error {
	if name == "-" {
		return errDash
	}
	if n := len(g.moves); n > ogn.DefaultLimits.Plies {
		return fmt.Errorf("the game has %d plies: %w", n, errTooLong)
	}
	text, err := g.record().MarshalText()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- writeSaved(ctx, name, func(w io.Writer) error {
			_, err := w.Write(text)
			return err
		})
	}()
	select {
	case err := <-done:
		return err
	case <-g.intr:
		cancel() // the write stops at its next step, the file as it was
		return errInterrupted
	}
}

// save writes the game to the file name at the player's request, asking
// first if the file exists, and tells how it went; the game goes on either
// way. It returns the error of reading the answer: the end of the input, or
// errInterrupted, also that of an interrupt during the write.
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
	switch err := g.saveTo(name); {
	case errors.Is(err, errInterrupted):
		fmt.Fprint(g.out, "\nThe game was not saved: interrupted.")
		return err
	case err != nil:
		fmt.Fprintf(g.out, "The game was not saved: %s.\n", err)
		return nil
	}
	fmt.Fprintf(g.out, "Saved the game in %s. To resume it: %s\n", name, resumeCommand(name))
	return nil
}

// mayWrite tells whether the game may be written to the file name: when
// no file of that name exists, or when the player says to replace it. A
// name that is not a regular file's, such as a named pipe's, is refused at
// once. It returns the error of reading the answer.
func (g *game) mayWrite(name string) (bool, error) {
	st, err := os.Stat(name) // a symbolic link names the file it points to
	switch {
	case err != nil:
		return true, nil // nothing to replace; a name that cannot be written fails when written
	case !st.Mode().IsRegular():
		what := outfile.ErrNotRegular
		if st.IsDir() {
			what = outfile.ErrDirectory
		}
		fmt.Fprintf(g.out, "%s %s. ", name, what)
		return false, nil
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
// interrupt (at the question or during the write) or the end of the input.
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
		if err == nil && ok {
			err = g.saveTo(name)
			if err != nil && !errors.Is(err, errInterrupted) {
				fmt.Fprintf(g.out, "The game was not saved: %s. %s", err, ask)
				continue
			}
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
		fmt.Fprintf(g.out, "Saved the game in %s. To resume it: %s\n", name, resumeCommand(name))
		return nil
	}
}

// errBothYou is the error of a saved game that names both players
// humanName, so that its record does not tell the person's side.
var errBothYou = errors.New(`the record names both players "You"; say which side is yours with -side`)

// load resumes the game saved in the file name: one OGN record, replayed
// under the rules. With findSide, the person takes the side whose tag is
// humanName, if one is. The level and the time of the computer are those
// its tag names, unless g has its own.
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
	south, _ := rec.Tag("South")
	north, _ := rec.Tag("North")
	if findSide {
		switch {
		case south == humanName && north == humanName:
			return fmt.Errorf("%s: %w", name, errBothYou)
		case north == humanName:
			g.human = oware.North
		}
	}
	computer := south
	if g.human == oware.South {
		computer = north
	}
	if level, limit, ok := computerOf(computer); ok {
		if g.level == 0 {
			g.level = level
		}
		if g.limit == 0 {
			g.limit = limit
		}
	}
	return nil
}
