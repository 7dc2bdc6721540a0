package doccheck

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"
)

// owareDir is the directory of the oware command built from this tree,
// once for every test that needs it.
var owareDir = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "doccheck")
	if err != nil {
		return "", err
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "oware"), "./cmd/oware")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", errors.New("go build ./cmd/oware: " + err.Error() + "\n" + string(out))
	}
	return dir, nil
})

// TestMain removes the command built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if dir, err := owareDir(); err == nil {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// owareBin returns the directory of the oware command, skipping the test
// where the go command or sh is missing.
func owareBin(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"go", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on the PATH: the transcripts cannot be run", tool)
		}
	}
	dir, err := owareDir()
	require.NoError(t, err)
	return dir
}

// workDir returns a new directory that sees the repository's files (a
// symbolic link to each entry at its top), where a transcript's commands
// run and write what they write.
func workDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() != ".git" {
			require.NoError(t, os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())))
		}
	}
	return dir
}

// sameLine tells whether the line got is the transcript's line want:
// equal, or equal where want has "…" (any text).
func sameLine(want, got string) bool {
	if want == got {
		return true
	}
	if !strings.Contains(want, "…") {
		return false
	}
	parts := strings.Split(want, "…")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// matchLines matches the lines of want but "..." (any lines) in order
// against the lines of got, and returns the first of want that is not
// printed (-1 if all are).
func matchLines(want []string, got string) int {
	lines := strings.Split(got, "\n")
	at := 0
	for i, w := range want {
		if w == "..." {
			continue
		}
		j := slices.IndexFunc(lines[at:], func(g string) bool { return sameLine(w, g) })
		if j < 0 {
			return i
		}
		at += j + 1
	}
	return -1
}

// movePrompt is the prompt of a move in oware play, with what was typed.
var movePrompt = regexp.MustCompile(`^(Your move \([A-Fa-f ]+\): )(.+)$`)

// output gathers what a command prints, standard output and standard
// error together as a terminal shows them, and what is typed at its
// prompts.
type output struct{ testkit.Buffer }

// waitFor waits until ok holds of the output, for at most a minute.
func (o *output) waitFor(ok func(string) bool) bool {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if ok(o.String()) {
			return true
		}
	}
	return false
}

// runCommand runs one command line of a transcript in dir and checks its
// output against want, typing its input as it asks for it; it returns the
// exit status.
func runCommand(t *testing.T, dir, bin, cmdline string, want []string) int {
	t.Helper()
	cmd := exec.Command("sh", "-c", cmdline)
	cmd.Dir = dir
	// The user's cache directory is the test's own, so that what the
	// commands keep there (oware uci's endgames) never touches the user's.
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"XDG_CACHE_HOME="+filepath.Join(dir, ".cache"))
	var out output
	cmd.Stdout, cmd.Stderr = &out, &out
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	var printed []string // the lines of want that the command prints
	for _, w := range want {
		switch m := movePrompt.FindStringSubmatch(w); {
		case strings.HasPrefix(w, "> "):
			before := printed
			if !out.waitFor(func(got string) bool { return matchLines(before, got) < 0 }) {
				t.Errorf("$ %s: %q is not printed before %q is typed; the output:\n%s", cmdline, before[matchLines(before, out.String())], w, out.String())
			}
			_, err := io.WriteString(stdin, strings.TrimPrefix(w, "> ")+"\n")
			require.NoError(t, err, "$ %s: typing %q", cmdline, w)
		case m != nil:
			before := printed
			if !out.waitFor(func(got string) bool { return matchLines(before, got) < 0 && strings.HasSuffix(got, m[1]) }) {
				t.Errorf("$ %s: the prompt %q is not printed; the output:\n%s", cmdline, m[1], out.String())
			}
			out.Write([]byte(m[2] + "\n")) // as the terminal echoes it
			_, err := io.WriteString(stdin, m[2]+"\n")
			require.NoError(t, err, "$ %s: typing %q", cmdline, m[2])
			printed = append(printed, w)
		default:
			printed = append(printed, w)
		}
	}
	stdin.Close()
	select {
	case err = <-exited:
	case <-time.After(5 * time.Minute):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("$ %s: still running after 5 minutes; the output:\n%s", cmdline, out.String())
	}
	if i := matchLines(printed, out.String()); i >= 0 {
		t.Errorf("$ %s: the line %q is not printed (in order); the output:\n%s", cmdline, printed[i], out.String())
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	require.NoError(t, err, "$ %s", cmdline)
	return 0
}

// needs are programs that some transcripts run besides oware; without
// them those transcripts are skipped, as the tests of oware check are.
var needs = []string{"python3"}

// TestTranscripts runs every transcript of the README and of docs/ (see
// the package documentation).
func TestTranscripts(t *testing.T) {
	if underRace {
		t.Skip("the transcripts run processes built without the race detector: they run without it")
	}
	bin := owareBin(t)
	for _, b := range allBlocks(t, "") {
		if !isTranscript(b) {
			continue
		}
		t.Run(b.String(), func(t *testing.T) {
			for _, tool := range needs {
				if strings.Contains(strings.Join(b.lines, "\n"), tool+" ") {
					if _, err := exec.LookPath(tool); err != nil {
						t.Skipf("%s is not on the PATH", tool)
					}
				}
			}
			dir := workDir(t)
			status, checked := 0, true
			for i := 0; i < len(b.lines); i++ {
				cmdline, ok := strings.CutPrefix(b.lines[i], "$ ")
				require.True(t, ok, "%s: a transcript starts with a command", b)
				var want []string
				for i+1 < len(b.lines) && !strings.HasPrefix(b.lines[i+1], "$ ") {
					i++
					want = append(want, b.lines[i])
				}
				if cmdline == "echo $?" {
					assert.Equal(t, []string{strconv.Itoa(status)}, want, "%s: the status of the command before", b)
					checked = true
					continue
				}
				assert.True(t, checked, "%s: the command before %q ends with status %d, which the transcript does not show (\"$ echo $?\")", b, cmdline, status)
				status = runCommand(t, dir, bin, cmdline, want)
				checked = status == 0
			}
			assert.True(t, checked, "%s: the last command ends with status %d, which the transcript does not show (\"$ echo $?\")", b, status)
		})
	}
}
