package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// writeFile writes the file name with what write writes. A regular file,
// new or not, is written whole or not at all: write writes to a temporary
// file in the same directory, which replaces the file only once write and
// the writing to disk have succeeded, so that on any error an existing
// file is left as it was and no temporary file is left behind. The file
// keeps the permissions of the file it replaces, and a symbolic link is
// followed to the file it names. A file that is not a regular one, such as
// /dev/null or a named pipe, is written in place.
func writeFile(name string, write func(io.Writer) error) error {
	target := name
	if resolved, err := filepath.EvalSymlinks(name); err == nil {
		target = resolved
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		switch {
		case st.IsDir():
			return &fs.PathError{Op: "write", Path: name, Err: errors.New("is a directory")}
		case !st.Mode().IsRegular():
			return writeInPlace(name, write)
		}
		perm = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &fs.PathError{Op: "open", Path: name, Err: err}
	}
	err = write(tmp)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), target)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// writeInPlace writes a file that is not a regular one, such as a device
// or a pipe, where there is nothing to keep.
func writeInPlace(name string, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// sameFile reports whether the files a and b are one file, however they
// are named (links, "..", another spelling of the path); false when
// either does not exist.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
