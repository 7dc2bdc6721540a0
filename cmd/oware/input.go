package main

import (
	"errors"
	"io/fs"
	"os"
)

// errDirectory is the error of a directory given where a file of game
// records is wanted.
var errDirectory = errors.New("is a directory, not a file of game records")

// openInput opens the file name of game records for reading. A directory
// is refused as such, rather than read as a game that cannot be read.
func openInput(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, &fs.PathError{Op: "read", Path: name, Err: errDirectory}
	}
	return f, nil
}
