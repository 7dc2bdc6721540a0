package doccheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/ogn"
)

// TestCommandLines: every oware command line for the reader to type (the
// sh blocks, which are not run: a line ending with a backslash goes on to
// the next, and the command may be a path to oware or run under time)
// names a command that "oware help" knows and flags that its help names;
// "oware help" and "oware version" are run.
func TestCommandLines(t *testing.T) {
	bin := owareBin(t)
	oware := filepath.Join(bin, "oware")
	// help returns the help of a command, or of a subcommand of tablebase.
	help := func(args []string) string {
		if args[0] == "tablebase" && len(args) > 1 {
			out, _ := exec.Command(oware, args[0], args[1], "-h").CombinedOutput()
			return string(out)
		}
		out, err := exec.Command(oware, "help", args[0]).CombinedOutput()
		require.NoError(t, err, "oware help %s:\n%s", args[0], out)
		return string(out)
	}
	flag := regexp.MustCompile(`^-[a-z]+$`)
	n := 0
	for _, b := range allBlocks(t, "sh") {
		var lines []string
		for _, line := range commandLines(b.lines) {
			line, _, _ = strings.Cut(line, "#")
			lines = append(lines, line)
			// An argument that is itself an oware command line, such as
			// match's -engine "oware uci -rules awari", is checked as one.
			for _, a := range shellFields(line) {
				if strings.HasPrefix(a, "oware ") {
					lines = append(lines, a)
				}
			}
		}
		for _, line := range lines {
			args := shellFields(line)
			if len(args) > 0 && (args[0] == "time" || args[0] == "/usr/bin/time") {
				args = args[1:]
				for len(args) > 0 && strings.HasPrefix(args[0], "-") {
					args = args[1:] // time's own flags
				}
			}
			switch {
			case len(args) >= 3 && args[0] == "go" && args[1] == "run" && strings.HasSuffix(args[2], "/cmd/oware"):
				args = append([]string{"oware"}, args[3:]...)
			case len(args) == 0 || filepath.Base(args[0]) != "oware":
				continue
			}
			n++
			if len(args) == 1 || args[1] == "help" || args[1] == "version" {
				out, err := exec.Command(oware, args[1:]...).CombinedOutput()
				assert.NoError(t, err, "%s: %s:\n%s", b, line, out)
				continue
			}
			text := help(args[1:])
			for _, a := range args[2:] {
				if flag.MatchString(a) {
					assert.Regexp(t, "(?m)^  "+a+"\\b", text, "%s: %s: the help of oware %s names no flag %s", b, line, args[1], a)
				}
			}
		}
	}
	assert.Positive(t, n, "the README shows how to run the command")
}

// shellFields splits a command line into its arguments as a shell does
// for words, single and double quotes (no escapes or expansions): a quoted
// argument is one argument, whatever its spaces.
func shellFields(line string) []string {
	var fields []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				fields = append(fields, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		fields = append(fields, cur.String())
	}
	return fields
}

// commandLines returns the command lines of an sh block, a line that ends
// with a backslash joined to the next.
func commandLines(lines []string) []string {
	var joined []string
	cont := false
	for _, line := range lines {
		if cont {
			joined[len(joined)-1] += " " + strings.TrimSpace(line)
		} else {
			joined = append(joined, line)
		}
		last := &joined[len(joined)-1]
		*last, cont = strings.CutSuffix(*last, "\\")
	}
	return joined
}

// TestRecords: every game record shown (the ogn blocks) reads and
// replays.
func TestRecords(t *testing.T) {
	for _, b := range allBlocks(t, "ogn") {
		games, err := ogn.Parse(strings.NewReader(strings.Join(b.lines, "\n") + "\n"))
		require.NoError(t, err, "%s", b)
		require.NotEmpty(t, games, "%s", b)
		for _, g := range games {
			_, err := g.Replay()
			assert.NoError(t, err, "%s", b)
		}
	}
}

// TestFilesNamed: every file of the repository that a page names in code
// (`testdata/…`, `ogn/testdata/…`) exists.
func TestFilesNamed(t *testing.T) {
	path := regexp.MustCompile("`((?:[a-z0-9_-]+/)*testdata/[a-z0-9_./-]*)`")
	for _, p := range pages(t) {
		for _, m := range path.FindAllStringSubmatch(p.text, -1) {
			_, err := os.Stat(filepath.Join(root, m[1]))
			assert.NoError(t, err, "%s names %s", p.name, m[1])
		}
	}
}

// TestCIRunsTheReadmesTests: the README's command that runs the tests is
// one that CI (.ci/run) runs as it is written, so that the two cannot
// drift apart.
func TestCIRunsTheReadmesTests(t *testing.T) {
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	require.NoError(t, err)
	var ciLines []string
	for _, line := range strings.Split(string(ci), "\n") {
		ciLines = append(ciLines, strings.TrimSpace(line))
	}
	n := 0
	for _, b := range allBlocks(t, "sh") {
		if b.page != "README.md" {
			continue
		}
		for _, line := range b.lines {
			line, _, _ = strings.Cut(line, "#")
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "go test") {
				n++
				assert.Contains(t, ciLines, line, "%s: .ci/run does not run the README's %q", b, line)
			}
		}
	}
	assert.Equal(t, 1, n, "the README gives one command that runs the tests")
}

// TestReadmeListsEveryCommand: the README's list of commands names every
// command that "oware help" lists, and no other.
func TestReadmeListsEveryCommand(t *testing.T) {
	out, err := exec.Command(filepath.Join(owareBin(t), "oware"), "help").CombinedOutput()
	require.NoError(t, err, "%s", out)
	_, list, ok := strings.Cut(string(out), "commands:\n")
	require.True(t, ok, "oware help lists its commands:\n%s", out)
	var commands []string
	for _, line := range strings.Split(list, "\n") {
		if !strings.HasPrefix(line, "  ") {
			break
		}
		commands = append(commands, strings.Fields(line)[0])
	}
	require.NotEmpty(t, commands)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	_, table, ok := strings.Cut(string(readme), "| command | what it does |")
	require.True(t, ok, "the README has a table of the commands")
	table, _, _ = strings.Cut(table, "\n\n")
	named := regexp.MustCompile("`oware(?: ([a-z]+))?`").FindAllStringSubmatch(table, -1)
	var inTable []string
	for _, m := range named {
		if m[1] != "" && m[1] != "help" {
			inTable = append(inTable, m[1])
		}
	}
	assert.Contains(t, table, "(`demo`)", "the default command")
	inTable = append(inTable, "demo")
	assert.ElementsMatch(t, commands, inTable, "the README's table of commands against oware help")
}

// TestShellFields: quoted arguments stay whole, as a shell reads them.
func TestShellFields(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`oware match -seed 29`, []string{"oware", "match", "-seed", "29"}},
		{`oware match -engine "oware uci -tablebase t24"  -nodes 10`, []string{"oware", "match", "-engine", "oware uci -tablebase t24", "-nodes", "10"}},
		{`oware play -engine 'a b' x`, []string{"oware", "play", "-engine", "a b", "x"}},
		{`  `, nil},
		{`oware ""`, []string{"oware", ""}},
	} {
		assert.Equal(t, c.want, shellFields(c.line), c.line)
	}
}
