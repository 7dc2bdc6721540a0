package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed3966233f/oware/internal/shell"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readme returns the repository's README.
func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	return string(b)
}

// fenced returns the bodies of the README's code blocks whose fence line
// is exactly open ("```go", "```").
func fenced(text, open string) []string {
	var blocks []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != open {
			if strings.HasPrefix(lines[i], "```") { // skip another kind of block
				for i++; i < len(lines) && lines[i] != "```"; i++ {
				}
			}
			continue
		}
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		blocks = append(blocks, strings.Join(body, "\n")+"\n")
	}
	return blocks
}

// snippetImports are the packages a README snippet may use by name.
var snippetImports = map[string]string{
	"errors": "errors", "fmt": "fmt", "io": "io", "log": "log", "os": "os", "strings": "strings",
	"oware": "github.com/seed3966233f/oware", "ogn": "github.com/seed3966233f/oware/ogn",
	"svg":       "github.com/seed3966233f/oware/svg",
	"tablebase": "github.com/seed3966233f/oware/tablebase",
}

// snippetProgram makes a program of a README snippet: its statements as
// the start of a function whose later code uses the variables the snippet
// declares at its top level, with the imports of the packages it names.
// Everything else must compile as pasted: names, types, calls, and the
// variables of inner blocks.
func snippetProgram(t *testing.T, n int, snippet string) string {
	t.Helper()
	body := fmt.Sprintf("func snippet%d() {\n%s}\n", n, snippet)
	f, err := parser.ParseFile(token.NewFileSet(), "", "package main\n"+body, parser.SkipObjectResolution)
	require.NoError(t, err, "README Go snippet %d:\n%s", n, snippet)
	var uses strings.Builder
	for _, name := range topLevelVars(f.Decls[0].(*ast.FuncDecl).Body) {
		fmt.Fprintf(&uses, "\t_ = %s\n", name)
	}
	body = fmt.Sprintf("func snippet%d() {\n%s%s}\n", n, snippet, uses.String())
	var imports strings.Builder
	for _, name := range packagesNamed(f) {
		fmt.Fprintf(&imports, "import %q\n", snippetImports[name])
	}
	return "package main\n\n" + imports.String() + "\n" + body
}

// topLevelVars returns the variables that the statements of body declare
// (with := or var), not those of inner blocks.
func topLevelVars(body *ast.BlockStmt) []string {
	var names []string
	add := func(id *ast.Ident) {
		if id.Name != "_" && !slices.Contains(names, id.Name) {
			names = append(names, id.Name)
		}
	}
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, e := range st.Lhs {
					add(e.(*ast.Ident))
				}
			}
		case *ast.DeclStmt:
			for _, spec := range st.Decl.(*ast.GenDecl).Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						add(id)
					}
				}
			}
		}
	}
	return names
}

// packagesNamed returns the packages of snippetImports that f uses.
func packagesNamed(f *ast.File) []string {
	var used []string
	ast.Inspect(f, func(node ast.Node) bool {
		if sel, ok := node.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && snippetImports[id.Name] != "" && !slices.Contains(used, id.Name) {
				used = append(used, id.Name)
			}
		}
		return true
	})
	return used
}

// TestReadmeSnippetsCompile builds every Go snippet of the README, as
// pasted into a function, with the go command.
func TestReadmeSnippetsCompile(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	snippets := fenced(readme(t), "```go")
	require.GreaterOrEqual(t, len(snippets), 3, "the quick start, rules and OGN snippets")
	dir, err := os.MkdirTemp(".", "readmesnippets")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	for i, s := range snippets {
		prog := snippetProgram(t, i, s)
		if i == 0 {
			prog += "\nfunc main() { snippet0() }\n"
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%d.go", i)), []byte(prog), 0o644))
	}
	cmd := exec.Command(goTool, "vet", "./"+filepath.Base(dir))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "README Go snippets do not compile:\n%s", out)

	// The quick start prints what its comments say, and draws its picture.
	bin, err := filepath.Abs(filepath.Join(dir, "quickstart"))
	require.NoError(t, err)
	out, err = exec.Command(goTool, "build", "-o", bin, "./"+filepath.Base(dir)).CombinedOutput()
	require.NoError(t, err, "%s", out)
	run := exec.Command(bin)
	run.Dir = dir
	out, err = run.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, printedBy(snippets[0]), string(out), "the quick start's output")
	picture, err := os.ReadFile(filepath.Join(dir, "board.svg"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(picture), "<svg "), "the quick start's picture")
}

// printedBy returns what a snippet's comments say that it prints: the
// comment after each fmt.Println on its line, or on the lines that follow
// it; not the comments that start with "e.g.", which tell of code that
// does not run.
func printedBy(snippet string) string {
	var out strings.Builder
	lines := strings.Split(snippet, "\n")
	for i := 0; i < len(lines); i++ {
		code, comment, hasComment := strings.Cut(strings.TrimSpace(lines[i]), " // ")
		if !strings.HasPrefix(code, "fmt.Println(") {
			continue
		}
		switch {
		case hasComment && !strings.HasPrefix(comment, "e.g."):
			out.WriteString(comment + "\n")
		case !hasComment:
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "//") {
				i++
				out.WriteString(strings.TrimPrefix(strings.TrimPrefix(lines[i], "//"), " ") + "\n")
			}
		}
	}
	return out.String()
}

// transcript returns the README's transcript that starts with the line
// prompt ("$ oware play -level 1"), without that line.
func transcript(t *testing.T, prompt string) []string {
	t.Helper()
	for _, b := range fenced(readme(t), "```") {
		if lines := strings.Split(strings.TrimSuffix(b, "\n"), "\n"); lines[0] == prompt {
			return lines[1:]
		}
	}
	t.Fatalf("README has no transcript %q", prompt)
	return nil
}

// matchTranscript checks that every line of want but "..." is a line of
// got, in order; "..." stands for any lines.
func matchTranscript(t *testing.T, want []string, got string) {
	t.Helper()
	lines := strings.Split(got, "\n")
	at := 0
	for _, w := range want {
		if w == "..." {
			continue
		}
		i := slices.Index(lines[at:], w)
		require.GreaterOrEqual(t, i, 0, "README transcript line %q is not printed (in order); the output:\n%s", w, got)
		at += i + 1
	}
}

func TestReadmeDemoTranscript(t *testing.T) {
	want := transcript(t, "$ oware")
	status, out, _ := runCmd(t, "")
	require.Equal(t, exitOK, status)
	matchTranscript(t, want, out)
}

// echoReader gives its input one line per Read and writes each line to
// echo as it goes, as a terminal shows what is typed after the prompt.
type echoReader struct {
	lines []string
	echo  io.Writer
}

func (r *echoReader) Read(p []byte) (int, error) {
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.lines[0])
	r.echo.Write(p[:n])
	r.lines[0] = r.lines[0][n:]
	if r.lines[0] == "" {
		r.lines = r.lines[1:]
	}
	return n, nil
}

// prompt is the prompt of a move in a transcript, followed by what was
// typed.
var prompt = regexp.MustCompile(`^Your move \([A-Fa-f ]+\): (.*)$`)

// TestReadmePlayTranscripts plays what the README's transcripts of
// oware play type, in a temporary directory, and checks that the command
// prints the rest.
func TestReadmePlayTranscripts(t *testing.T) {
	cmdlines := []string{"$ oware play -level 1", "$ oware play -side N -level 1"}
	wants := make([][]string, len(cmdlines))
	for i, c := range cmdlines {
		wants[i] = transcript(t, c)
	}
	t.Chdir(t.TempDir())
	for i, cmdline := range cmdlines {
		want := wants[i]
		var input []string
		for _, line := range want {
			if m := prompt.FindStringSubmatch(line); m != nil {
				input = append(input, m[1]+"\n")
			}
		}
		require.NotEmpty(t, input, cmdline)
		var out bytes.Buffer
		status := run(strings.Fields(cmdline)[2:], &echoReader{lines: input, echo: &out}, &out, io.Discard)
		require.Equal(t, exitOK, status, cmdline)
		matchTranscript(t, want, out.String())
	}
	_, err := os.Stat("game.ogn")
	assert.NoError(t, err, "the transcript saved the game")
}

// synopsis returns the synopsis that "oware help NAME" prints, without
// "usage: ": "oware play [-level N] …".
func synopsis(t *testing.T, name string) string {
	t.Helper()
	status, out, _ := runCmd(t, "", "help", name)
	require.Equal(t, exitOK, status, name)
	line, _, _ := strings.Cut(out, "\n")
	return strings.TrimPrefix(line, "usage: ")
}

// section returns the README's section under the heading line, up to the
// next heading.
func section(text, heading string) string {
	_, rest, ok := strings.Cut(text, "\n"+heading+"\n")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, "\n#"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// TestReadmeSynopses: the section of every command in the README shows
// its synopsis exactly as "oware help COMMAND" prints it.
func TestReadmeSynopses(t *testing.T) {
	text := readme(t)
	for _, c := range program().Commands {
		want := synopsis(t, c.Name)
		heading := "### `oware " + c.Name + "`"
		if c.Name == "demo" {
			heading = "### `oware` (demo)"
		}
		body := section(text, heading)
		require.NotEmpty(t, body, "the README has a section %s", heading)
		found := false
		for _, b := range fenced(body, "```") {
			first, _, _ := strings.Cut(b, "\n")
			if first == "oware "+c.Name || strings.HasPrefix(first, "oware "+c.Name+" ") {
				assert.Equal(t, want, first, "the synopsis in the README's section %s", heading)
				found = true
				break
			}
		}
		assert.True(t, found, "the README's section %s shows the synopsis %q", heading, want)
	}
}

// TestReadmeOracleTranscript: the README's example session of the oracle
// is what oware oracle answers, line by line.
func TestReadmeOracleTranscript(t *testing.T) {
	var requests, responses []string
	for _, b := range fenced(readme(t), "```") {
		if !strings.HasPrefix(b, "> ") {
			continue
		}
		for _, line := range strings.Split(strings.TrimSuffix(b, "\n"), "\n") {
			switch {
			case strings.HasPrefix(line, "> "):
				requests = append(requests, strings.TrimPrefix(line, "> "))
			case strings.HasPrefix(line, "< "):
				responses = append(responses, strings.TrimPrefix(line, "< "))
			default:
				t.Errorf("a line of the oracle's session that is neither a request nor a response: %q", line)
			}
		}
	}
	require.NotEmpty(t, requests, "the README shows a session of the oracle")
	require.Len(t, responses, len(requests), "one response per request")
	status, out, _ := runCmd(t, strings.Join(requests, "\n")+"\n", "oracle")
	require.Equal(t, exitOK, status)
	assert.Equal(t, responses, strings.Split(strings.TrimSuffix(out, "\n"), "\n"))
}

// sameLine tells whether the line got is the README's line want: equal, or
// equal where want has "…" (any text), and, on a line of timings (ending
// with workers or holding "seconds"), whatever the numbers.
func sameLine(want, got string) bool {
	if want == got {
		return true
	}
	number := regexp.MustCompile(`[0-9]+(\.[0-9]+)?(e-[0-9]+)?`)
	if strings.HasSuffix(want, "worker") || strings.HasSuffix(want, "workers") || strings.Contains(want, `"seconds":`) {
		want, got = number.ReplaceAllString(want, "0"), number.ReplaceAllString(got, "0")
	}
	parts := strings.Split(want, "…")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// TestReadmeCommandTranscripts runs the command lines of show, perft,
// replay, version and convert that the README shows with their output ("$
// oware show …" and the lines after it), from the top of the repository,
// and checks that the command prints those lines, in order ("..." stands
// for any lines). The demonstration, the games of play and the oracle have
// tests of their own, and check's its own; a perft deeper than 8 plies is
// the perft tests' concern; a file of -o is written elsewhere.
func TestReadmeCommandTranscripts(t *testing.T) {
	text := readme(t)
	useBuildInfo(t, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/seed3966233f/oware",
		Version: "v0.0.0-20261201143204-656ab2c01caa"}, Settings: []debug.BuildSetting{{Key: "GOARCH", Value: "amd64"},
		{Key: "GOOS", Value: "linux"}, {Key: "vcs.revision", Value: "656ab2c01caaf48bba1e6150a8c41818bfbb9d36"},
		{Key: "vcs.time", Value: "2026-12-01T14:32:04Z"}, {Key: "vcs.modified", Value: "false"}}})
	tmp := t.TempDir()
	t.Chdir(filepath.Join("..", ".."))
	ran := map[string]int{}
	for _, b := range fenced(text, "```") {
		lines := strings.Split(strings.TrimSuffix(b, "\n"), "\n")
		for i := 0; i < len(lines); i++ {
			cmdline, ok := strings.CutPrefix(lines[i], "$ oware ")
			if !ok {
				continue
			}
			var want []string
			for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") {
				i++
				want = append(want, lines[i])
			}
			cmdline, _, _ = strings.Cut(cmdline, "  #")
			if name, _, _ := strings.Cut(strings.TrimSpace(cmdline), " "); !slices.Contains([]string{"show", "perft", "replay", "version", "convert"}, name) {
				continue
			}
			args, err := shell.Split(strings.TrimSpace(cmdline))
			require.NoError(t, err, cmdline)
			if !slices.Contains([]string{"show", "perft", "replay", "version", "convert"}, args[0]) || len(want) == 0 && !slices.Contains(args, "-o") {
				continue
			}
			if args[0] == "perft" && slices.ContainsFunc(args, func(a string) bool { n, err := strconv.Atoi(a); return err == nil && n > 8 }) {
				continue
			}
			var written string
			if i := slices.Index(args, "-o"); i >= 0 {
				written = filepath.Join(tmp, filepath.Base(args[i+1]))
				args[i+1] = written
			}
			var out bytes.Buffer
			status := run(args, strings.NewReader(""), &out, &out)
			ran[args[0]]++
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if status != exitOK && !strings.Contains(cmdline, "bad-") {
				t.Errorf("$ oware %s: status %d\n%s", cmdline, status, out.String())
			}
			at := 0
			for _, w := range want {
				if w == "..." {
					continue
				}
				j := slices.IndexFunc(got[at:], func(g string) bool { return sameLine(w, g) })
				if !assert.GreaterOrEqual(t, j, 0, "$ oware %s: the README's line %q is not printed (in order); the output:\n%s", cmdline, w, out.String()) {
					break
				}
				at += j + 1
			}
			if written != "" {
				data, err := os.ReadFile(written)
				require.NoError(t, err, cmdline)
				if strings.HasSuffix(written, ".svg") {
					assert.True(t, bytes.HasPrefix(data, []byte("<svg ")), "$ oware %s writes an SVG picture", cmdline)
				} else {
					assert.NotEmpty(t, data, "$ oware %s writes its file", cmdline)
				}
			}
		}
	}
	for _, name := range []string{"show", "perft", "replay", "version", "convert"} {
		assert.Positive(t, ran[name], "the README shows oware %s at work", name)
	}
}
