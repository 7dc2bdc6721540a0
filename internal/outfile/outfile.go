// Package outfile writes the command's output files whole or not at all.
//
// A regular file, new or not, is written to a temporary file in its
// directory, which replaces it only once everything is written and on
// disk: on any error (a full disk, a failed write, a cancelled context) the
// file is left as it was and the temporary file is removed. So is it on a
// signal that ends the program, through [RemoveTemps], which the command's
// signal handler calls; and a temporary file that a killed process (kill
// -9, a crash) could not remove is removed by the next write of the same
// file, once no process of its number runs.
//
// The new file keeps the permissions of the file it replaces, and its
// owner and group where the process may give them (root may; another user
// keeps the group where it belongs to it). It is a new file: the other
// hard links of the file it replaces keep the old contents, as do the
// programs that have it open. A symbolic link is followed to the file it
// names, which is created if the link dangles.
//
// A file that is not a regular one, such as /dev/null or a named pipe, has
// nothing to keep and is written in place by [Write]; [WriteRegular]
// refuses it.
package outfile

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Errors of a file that cannot be written, wrapped in an *fs.PathError
// that names it.
var (
	// ErrDirectory: the name is a directory's.
	ErrDirectory = errors.New("is a directory")
	// ErrNotRegular: WriteRegular was given a file that is not a regular
	// one, such as a named pipe or a device.
	ErrNotRegular = errors.New("is not a regular file (a named pipe, a device or a socket)")
	// ErrLinks: the name is a chain of symbolic links too long to follow,
	// or a loop.
	ErrLinks = errors.New("too many levels of symbolic links")
)

// Write writes the file name with what write writes, whole or not at all
// (see the package documentation). write is called once; its writes fail
// once ctx is done, and an error it returns is Write's. A file that is not
// a regular one is written in place.
func Write(ctx context.Context, name string, write func(io.Writer) error) error {
	return writeFile(ctx, name, false, write)
}

// WriteRegular is Write for a name that must be a regular file or none:
// a named pipe or a device is refused with ErrNotRegular before anything is
// opened, so that the write cannot block on it.
func WriteRegular(ctx context.Context, name string, write func(io.Writer) error) error {
	return writeFile(ctx, name, true, write)
}

// The calls to the system that the tests make fail.
var (
	rename    = os.Rename
	chmod     = (*os.File).Chmod
	syncF     = (*os.File).Sync
	writeTemp = (*os.File).Write
)

func writeFile(ctx context.Context, name string, regularOnly bool, write func(io.Writer) error) error {
	target, err := resolve(name)
	if err != nil {
		return &fs.PathError{Op: "write", Path: name, Err: err}
	}
	var old fs.FileInfo
	switch st, err := os.Stat(target); {
	case err == nil && st.IsDir():
		return &fs.PathError{Op: "write", Path: name, Err: ErrDirectory}
	case err == nil && !st.Mode().IsRegular() && regularOnly:
		return &fs.PathError{Op: "write", Path: name, Err: ErrNotRegular}
	case err == nil && !st.Mode().IsRegular():
		return writeInPlace(ctx, name, write)
	case err == nil:
		old = st
	}
	dir := filepath.Dir(target)
	removeStale(dir, filepath.Base(target))
	tmp, err := createTemp(dir, filepath.Base(target), old)
	if err != nil {
		return &fs.PathError{Op: "write", Path: name, Err: tempProblem(dir, err)}
	}
	defer forget(tmp.Name())
	err = write(ctxWriter{ctx, tmp, name})
	if err == nil && old != nil {
		err = chmod(tmp, old.Mode().Perm())
		keepOwner(tmp, old)
	}
	if err == nil {
		err = syncF(tmp)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = rename(tmp.Name(), target)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return renamed(err, tmp.Name(), name)
}

// renamed returns err with the name of the temporary file tmp, which the
// user never gave, replaced by name.
func renamed(err error, tmp, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == tmp {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) && le.Old == tmp {
		return &fs.PathError{Op: "write", Path: name, Err: le.Err}
	}
	return err
}

// resolve follows the symbolic links of name to the file they name, which
// may not exist (a dangling link names the file to create).
func resolve(name string) (string, error) {
	p := name
	for range 40 {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p, nil // the file, or a name to create; what is wrong with it shows when written
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	return "", ErrLinks
}

// tempProblem words the error of a temporary file that could not be made
// in dir: where the directory may not be written, the file named might
// be, and the error alone would mislead.
func tempProblem(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("cannot make a new file in the directory %s (%w); the file is written whole by writing a new one beside it, which then replaces it", dir, err)
	}
	return err
}

// writeInPlace writes a file that is not a regular one, such as a device
// or a pipe, where there is nothing to keep.
func writeInPlace(ctx context.Context, name string, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(ctxWriter{ctx, f, name})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ctxWriter writes to f until ctx is done; its errors name the file the
// user gave.
type ctxWriter struct {
	ctx  context.Context
	f    *os.File
	name string
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := writeTemp(c.f, p)
	return n, renamed(err, c.f.Name(), c.name)
}

// The temporary files being written, which RemoveTemps removes.
var (
	tempsMu sync.Mutex
	temps   = map[string]bool{}
)

// createTemp creates the temporary file that is to replace base in dir:
// ".BASE.PID.RANDOM.tmp", named by the process so that a later one can tell
// it was left behind. A new file takes the permissions that the process's
// umask leaves of 0666, as with os.Create; one that replaces old is
// readable by the owner alone until it takes old's.
func createTemp(dir, base string, old fs.FileInfo) (*os.File, error) {
	perm := fs.FileMode(0o666)
	if old != nil {
		perm = 0o600
	}
	for {
		var r [8]byte
		_, _ = rand.Read(r[:])
		name := filepath.Join(dir, tempName(base, os.Getpid(), hex.EncodeToString(r[:])))
		tempsMu.Lock()
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			temps[name] = true
		}
		tempsMu.Unlock()
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// tempName is the name of a temporary file of process pid for the file
// base.
func tempName(base string, pid int, random string) string {
	return "." + stem(base) + "." + strconv.Itoa(pid) + "." + random + ".tmp"
}

// maxStem is the most bytes of a file's name that the name of its
// temporary file repeats, so that it stays within the 255 bytes that file
// systems allow.
const maxStem = 200

// stem returns the part of base that its temporary files' names repeat.
func stem(base string) string {
	if len(base) > maxStem {
		return base[:maxStem]
	}
	return base
}

// forget takes name off the temporary files.
func forget(name string) {
	tempsMu.Lock()
	delete(temps, name)
	tempsMu.Unlock()
}

// RemoveTemps removes the temporary files being written, for a program
// about to end on a signal: the files they were to replace are left as
// they were. Their writes go on into files without a name, which fail to
// replace anything.
func RemoveTemps() {
	tempsMu.Lock()
	defer tempsMu.Unlock()
	for name := range temps {
		os.Remove(name)
		delete(temps, name)
	}
}

// removeStale removes the temporary files for base in dir that a process
// no longer running left behind: those named as createTemp names them,
// with the number of a process that does not run.
func removeStale(dir, base string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := tempOf(e.Name(), base)
		if !ok || !e.Type().IsRegular() || running(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// tempOf tells whether name is a temporary file for base as tempName names
// it, and of which process.
func tempOf(name, base string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "."+stem(base)+".")
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, ".tmp")
	if !ok {
		return 0, false
	}
	pidText, random, ok := strings.Cut(rest, ".")
	if !ok || len(random) != 16 || strings.Trim(random, "0123456789abcdef") != "" {
		return 0, false
	}
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != pidText {
		return 0, false
	}
	return pid, true
}
