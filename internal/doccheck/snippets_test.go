package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// snippetImports are the packages that a snippet of statements may use by
// name; the test imports those it uses.
var snippetImports = map[string]string{
	"context": "context", "errors": "errors", "fmt": "fmt", "io": "io", "log": "log",
	"os": "os", "strings": "strings", "time": "time",
	"oware":     "github.com/seed3966233f/oware",
	"ogn":       "github.com/seed3966233f/oware/ogn",
	"svg":       "github.com/seed3966233f/oware/svg",
	"tablebase": "github.com/seed3966233f/oware/tablebase",
	"engine":    "github.com/seed3966233f/oware/engine",
	"uci":       "github.com/seed3966233f/oware/uci",
}

// snippetProgram makes a program of a snippet: the snippet itself if it is
// a whole file ("package main" …), or else its statements as the body of
// main, as pasted, with the imports of the packages it names.
func snippetProgram(t *testing.T, b block) string {
	t.Helper()
	src := strings.Join(b.lines, "\n") + "\n"
	if strings.HasPrefix(src, "package ") {
		return src
	}
	body := "func main() {\n" + src + "}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "", "package main\n"+body, parser.SkipObjectResolution)
	require.NoError(t, err, "%s: the snippet is not a list of Go statements", b)
	var used []string
	ast.Inspect(f, func(node ast.Node) bool {
		if sel, ok := node.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && snippetImports[id.Name] != "" && !slices.Contains(used, id.Name) {
				used = append(used, id.Name)
			}
		}
		return true
	})
	var imports strings.Builder
	for _, name := range used {
		fmt.Fprintf(&imports, "import %q\n", snippetImports[name])
	}
	return "package main\n\n" + imports.String() + "\n" + body
}

// printedBy returns what a snippet's comments say it prints: the comment
// after each fmt.Println on its line, or the comment lines that follow it
// (after the braces that close its blocks, for a loop).
func printedBy(lines []string) string {
	var out strings.Builder
	for i := 0; i < len(lines); i++ {
		code, comment, hasComment := strings.Cut(strings.TrimSpace(lines[i]), " // ")
		if !strings.HasPrefix(code, "fmt.Println(") {
			continue
		}
		if hasComment {
			out.WriteString(comment + "\n")
			continue
		}
		for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "}" {
			i++
		}
		for i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "//") {
			i++
			line := strings.TrimPrefix(strings.TrimSpace(lines[i]), "//")
			out.WriteString(strings.TrimPrefix(line, " ") + "\n")
		}
	}
	return out.String()
}

// installModule returns the go.mod of the README's installation, its
// replace directive pointing at this repository.
func installModule(t *testing.T) string {
	t.Helper()
	mods := allBlocks(t, "go.mod")
	require.Len(t, mods, 1, "the README shows one go.mod, with the replace directive")
	mod := strings.Join(mods[0].lines, "\n") + "\n"
	const replace = "replace github.com/seed3966233f/oware => "
	i := strings.Index(mod, replace)
	require.GreaterOrEqual(t, i, 0, "%s: the go.mod replaces the module with a clone", mods[0])
	end := i + strings.Index(mod[i:], "\n")
	return mod[:i] + replace + root + mod[end:]
}

// goEnv is the environment of the go command in a module outside this
// one: the module cache that this one's tests fill, no workspace.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOWORK=off")
}

// TestSnippets builds every Go snippet of the README and of docs/ in a
// module of its own, made of the README's go.mod (so the installation it
// describes is tried too), runs each in an empty directory and checks
// that it prints what its comments say.
func TestSnippets(t *testing.T) {
	if underRace {
		t.Skip("the snippets run as processes built without the race detector: they run without it")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on the PATH: the snippets cannot be built")
	}
	snippets := allBlocks(t, "go")
	require.NotEmpty(t, snippets, "the README's quick start")
	mod := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte(installModule(t)), 0o644))
	for i, b := range snippets {
		dir := filepath.Join(mod, fmt.Sprintf("s%d", i))
		require.NoError(t, os.Mkdir(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(snippetProgram(t, b)), 0o644))
	}
	vet := exec.Command(goTool, "vet", "./...")
	vet.Dir, vet.Env = mod, goEnv()
	out, err := vet.CombinedOutput()
	require.NoError(t, err, "the snippets do not build:\n%s", out)
	for i, b := range snippets {
		t.Run(b.String(), func(t *testing.T) {
			bin := filepath.Join(mod, fmt.Sprintf("s%d.bin", i))
			build := exec.Command(goTool, "build", "-o", bin, "./"+fmt.Sprintf("s%d", i))
			build.Dir, build.Env = mod, goEnv()
			out, err := build.CombinedOutput()
			require.NoError(t, err, "%s", out)
			run := exec.Command(bin)
			run.Dir = t.TempDir()
			out, err = run.CombinedOutput()
			require.NoError(t, err, "%s: the snippet fails:\n%s", b, out)
			assert.Equal(t, printedBy(b.lines), string(out), "%s: what the snippet prints", b)
		})
	}
}
