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
	"slices"
	"strings"
	"testing"

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
			prog += "\nfunc main() {}\n"
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%d.go", i)), []byte(prog), 0o644))
	}
	cmd := exec.Command(goTool, "vet", "./"+filepath.Base(dir))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "README Go snippets do not compile:\n%s", out)
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
