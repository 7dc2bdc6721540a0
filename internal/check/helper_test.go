package check

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/oracle"
)

// subjectEnv names the behaviour of the test binary run as a subject.
const subjectEnv = "OWARE_CHECK_SUBJECT"

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
	}
	return 0
}

// serveMinimal answers with the fields that a subject must give only.
func serveMinimal() {
	type ply struct {
		Position string        `json:"position"`
		Legal    oware.MoveSet `json:"legal"`
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		resp := oracle.Handle(sc.Bytes())
		out := struct {
			ID    json.RawMessage `json:"id"`
			Legal *oware.MoveSet  `json:"legal"`
			Plies []ply           `json:"plies"`
		}{ID: resp.ID}
		if resp.Game != nil {
			out.Legal = &resp.Legal
		}
		for _, p := range resp.Plies {
			out.Plies = append(out.Plies, ply{p.After().Board().String(), p.After().Moves()})
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

// toy returns the command line of the example adapter with the planted
// bug (none for ""). The tests need python3 and fail without it.
func toy(t *testing.T, bug string) []string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed to run the example adapter (apt-get install -y python3): %v", err)
	}
	_, file, _, _ := runtime.Caller(0)
	argv := []string{python, filepath.Join(filepath.Dir(file), "..", "..", "testdata", "check", "toy_oware.py")}
	if bug != "" {
		argv = append(argv, "--bug", bug)
	}
	return argv
}
