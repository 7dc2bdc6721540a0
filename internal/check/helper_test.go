package check

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
	"github.com/seed3966233f/oware/internal/wire"
)

// subjectEnv names the behaviour of the test binary run as a subject.
const subjectEnv = "OWARE_CHECK_SUBJECT"

// longEnv, when set, makes the tests run the long checks too: every
// planted bug of the example adapter, and the adapter under every preset
// with more cases. CI sets it to 1; "readme" also runs each planted bug
// in a default run, for the README's table.
const longEnv = "OWARE_CHECK_LONG"

// long reports whether the long checks run; when they do not, t is
// skipped with the reason.
func long(t *testing.T) {
	t.Helper()
	if os.Getenv(longEnv) == "" {
		t.Skipf("a long check: set %s=1 to run it (CI does)", longEnv)
	}
}

// TestHelperSubject is not a test: the other tests run the test binary
// with subjectEnv set, and it then behaves as a subject and exits.
func TestHelperSubject(t *testing.T) {
	mode := os.Getenv(subjectEnv)
	if mode == "" {
		t.Skip("the tests run this as a subject")
	}
	os.Exit(serveAs(mode))
}

// serveAs behaves as the subject named mode and returns the exit status.
func serveAs(mode string) int {
	switch mode {
	case "oracle": // the library itself
		if err := oracle.Serve(os.Stdin, os.Stdout); err != nil {
			return 1
		}
	case "minimal": // the library's position and legal moves, nothing optional
		serveMinimal()
	case "hang": // reads nothing, answers nothing
		time.Sleep(time.Hour)
	case "hang-child": // starts a hanging child, says its pid in a file, hangs
		child := exec.Command(os.Args[0], "-test.run=^TestHelperSubject$")
		child.Env = append(os.Environ(), subjectEnv+"=hang")
		if child.Start() != nil {
			return 1
		}
		_ = os.WriteFile(os.Getenv("OWARE_CHECK_PIDFILE"), fmt.Appendf(nil, "%d", child.Process.Pid), 0o644)
		time.Sleep(time.Hour)
	case "exit": // dies before answering
		fmt.Fprintln(os.Stderr, "subject: cannot load the model")
		return 3
	case "orphan", "orphan-0": // starts a hanging child that keeps its stdout and stderr, says its pid, dies (with status 0)
		child := exec.Command(os.Args[0], "-test.run=^TestHelperSubject$")
		child.Env = append(os.Environ(), subjectEnv+"=hang")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if child.Start() != nil {
			return 1
		}
		_ = os.WriteFile(os.Getenv("OWARE_CHECK_PIDFILE"), fmt.Appendf(nil, "%d", child.Process.Pid), 0o644)
		fmt.Fprintln(os.Stderr, "subject: \x1b[31mcannot load the model\x07")
		if mode == "orphan-0" {
			return 0
		}
		return 3
	case "flood": // writes without end and without a line break
		chunk := bytes.Repeat([]byte("y"), 64<<10)
		for {
			if _, err := os.Stdout.Write(chunk); err != nil {
				return 1
			}
		}
	case "escapes": // answers with terminal escapes
		fmt.Print("\x1b[2J\x1b[31mfed!\x00\u202e\n")
		time.Sleep(time.Hour)
	case "duplicate": // the library's answers, with "legal" given twice
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			b, _ := json.Marshal(oracle.Handle(sc.Bytes()))
			fmt.Printf("{\"legal\":[\"A\"],%s\n", b[1:])
		}
	case "crash", "garbage", "wrong-id", "hang-on-slam":
		return serveFaulty(mode)
	}
	return 0
}

// serveFaulty answers as the library does, but for one fault, as the
// example adapter's bugs of the same names: it dies on a move of 12 seeds
// or more (crash), prints a line of text after a move that feeds
// (garbage), gives another id when a game ends by R8 (wrong-id), or hangs
// on a grand slam (hang-on-slam). It starts in milliseconds, where the
// example adapter takes a good part of a second on a loaded machine, so
// that the tests can afford the restarts of a shrink.
func serveFaulty(mode string) int {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		resp := oracle.Handle(sc.Bytes())
		for _, e := range resp.Plies {
			switch {
			case mode == "crash" && e.Seeds() >= oware.NumPits:
				fmt.Fprintln(os.Stderr, "subject: laps are not implemented")
				return 1
			case mode == "garbage" && e.Fed():
				fmt.Println("fed! the subject is pleased")
			case mode == "wrong-id" && e.Outcome().Reason() == oware.Majority:
				resp.ID = json.RawMessage(`"not this one"`)
			case mode == "hang-on-slam" && e.GrandSlam():
				time.Sleep(time.Hour)
			}
		}
		b, _ := json.Marshal(resp)
		fmt.Printf("%s\n", b)
	}
	return 0
}

// serveMinimal answers with the fields that a subject must give only:
// the version, the id, the legal moves at the start, the position and
// legal moves of each ply, and the code and ply of an error.
func serveMinimal() {
	type ply struct {
		Position string       `json:"position"`
		Legal    wire.MoveSet `json:"legal"`
	}
	type refusal struct {
		Code string `json:"code"`
		Ply  int    `json:"ply"`
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		resp := oracle.Handle(sc.Bytes())
		out := struct {
			Version int             `json:"version"`
			ID      json.RawMessage `json:"id"`
			Legal   *wire.MoveSet   `json:"legal"`
			Plies   []ply           `json:"plies"`
			Error   *refusal        `json:"error,omitempty"`
		}{Version: 1, ID: resp.ID}
		if resp.Game != nil {
			legal := wire.MoveSet{MoveSet: resp.Legal}
			out.Legal = &legal
		}
		for _, p := range resp.Plies {
			out.Plies = append(out.Plies, ply{p.After().Board().String(), wire.MoveSet{MoveSet: p.After().Moves()}})
		}
		if resp.Error != nil {
			out.Error = &refusal{resp.Error.Code, resp.Error.Ply}
		}
		b, _ := json.Marshal(out)
		fmt.Printf("%s\n", b)
	}
}

// helper returns the command line of the test binary as the subject mode.
func helper(t *testing.T, mode string) []string {
	t.Setenv(subjectEnv, mode)
	return []string{os.Args[0], "-test.run=^TestHelperSubject$"}
}

// noPython says once, in the first test that needs python3, why the tests
// that run the example adapter are skipped.
var noPython sync.Once

// toy returns the command line of the example adapter with the planted
// bug (none for ""). Without python3 the test is skipped: the first one
// so skipped says why.
func toy(t *testing.T, bug string) []string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		said := false
		noPython.Do(func() { said = true })
		if said {
			t.Skipf("python3 not found (%v): the tests that run the example adapter "+
				"testdata/check/toy_oware.py are skipped; CI installs python3 and runs them", err)
		}
		t.Skip("python3 not found: skipped, as said above")
	}
	_, file, _, _ := runtime.Caller(0)
	argv := []string{python, filepath.Join(filepath.Dir(file), "..", "..", "testdata", "check", "toy_oware.py")}
	if bug != "" {
		argv = append(argv, "--bug", bug)
	}
	return argv
}
