package doccheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// root is the top of the repository, from this package's directory.
var root = func() string {
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		panic(err)
	}
	return dir
}()

// page is a Markdown file of the repository: README.md or a page of
// docs/.
type page struct {
	name string // its path from the top of the repository
	text string
}

// block is a fenced code block of a page.
type block struct {
	page  string
	line  int    // the line of its opening fence, from 1
	info  string // the info string: "go", "sh", "" …
	lines []string
}

func (b block) String() string { return fmt.Sprintf("%s:%d", b.page, b.line) }

// pages returns README.md and every page of docs/.
func pages(t *testing.T) []page {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	names = append([]string{filepath.Join(root, "README.md")}, names...)
	var ps []page
	for _, name := range names {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		rel, err := filepath.Rel(root, name)
		require.NoError(t, err)
		ps = append(ps, page{filepath.ToSlash(rel), string(b)})
	}
	require.Greater(t, len(ps), 1, "README.md and the pages of docs/")
	return ps
}

// fence opens and closes a code block; blocks are not indented.
var fence = regexp.MustCompile("^ *```")

// blocks returns the fenced code blocks of p, failing the test on a block
// left open or indented.
func blocks(t *testing.T, p page) []block {
	t.Helper()
	var bs []block
	lines := strings.Split(p.text, "\n")
	for i := 0; i < len(lines); i++ {
		if !fence.MatchString(lines[i]) {
			continue
		}
		if !strings.HasPrefix(lines[i], "```") {
			t.Errorf("%s:%d: an indented code block, which the tests do not read: start its fence at the margin", p.name, i+1)
		}
		b := block{page: p.name, line: i + 1, info: strings.TrimSpace(strings.TrimLeft(lines[i], " `"))}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.lines = append(b.lines, lines[i])
		}
		if i == len(lines) {
			t.Errorf("%s: the code block is not closed", b)
		}
		bs = append(bs, b)
	}
	return bs
}

// allBlocks returns the blocks of every page with the given info string.
func allBlocks(t *testing.T, info string) []block {
	t.Helper()
	var bs []block
	for _, p := range pages(t) {
		for _, b := range blocks(t, p) {
			if b.info == info {
				bs = append(bs, b)
			}
		}
	}
	return bs
}

// generated is the page that the command writes from its help texts (go
// generate ./cmd/oware), which TestCommandReference of cmd/oware checks
// against them: its blocks without an info string are synopses, flags and
// command lines, and those that start with "$ " transcripts.
const generated = "docs/cli.md"

// isTranscript tells whether a block is a transcript.
func isTranscript(b block) bool {
	return b.info == "" && (b.page != generated || len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "$ "))
}

// TestBlockKinds: every code block is of a kind that a test reads (see the
// package documentation), so that none is left unchecked by mistake.
func TestBlockKinds(t *testing.T) {
	kinds := []string{"go", "", "sh", "ogn", "go.mod", "text"}
	for _, p := range pages(t) {
		for _, b := range blocks(t, p) {
			assert.Contains(t, kinds, b.info, "%s: a code block of an unknown kind", b)
			if b.info == "" && b.page != generated {
				require.NotEmpty(t, b.lines, "%s: an empty block", b)
				assert.True(t, strings.HasPrefix(b.lines[0], "$ "), "%s: a block without an info string is a transcript and starts with \"$ \"", b)
			}
		}
	}
}

// TestReadmeLength: the README is an overview of at most 300 lines; the
// reference is in docs/ and the packages' documentation.
func TestReadmeLength(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, strings.Count(string(b), "\n"), 300, "README.md's lines")
}

// link is a Markdown link or image: [text](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// headingAnchors returns the anchors GitHub makes of the headings of a
// Markdown text.
func headingAnchors(text string) []string {
	var anchors []string
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
		}
		if inBlock || !strings.HasPrefix(line, "#") {
			continue
		}
		heading := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(heading) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		anchors = append(anchors, b.String())
	}
	return anchors
}

// TestLinks: every relative link of a page leads to a file of the
// repository, and every anchor to a heading of its page; no page names a
// file outside the repository.
func TestLinks(t *testing.T) {
	for _, p := range pages(t) {
		text := p.text
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.HasPrefix(target, "https://") || strings.HasPrefix(target, "http://") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := p.name
			if file != "" {
				path = filepath.ToSlash(filepath.Join(filepath.Dir(p.name), file))
				if !assert.False(t, path == ".." || strings.HasPrefix(path, "../"), "%s: the link %s leaves the repository", p.name, target) {
					continue
				}
				_, err := os.Stat(filepath.Join(root, path))
				if !assert.NoError(t, err, "%s: the link %s", p.name, target) {
					continue
				}
			}
			if anchor != "" {
				require.True(t, strings.HasSuffix(path, ".md"), "%s: the link %s: an anchor in a file that is not a page", p.name, target)
				b, err := os.ReadFile(filepath.Join(root, path))
				require.NoError(t, err)
				assert.Contains(t, headingAnchors(string(b)), anchor, "%s: the link %s: no such heading", p.name, target)
			}
		}
		// The names of the files outside it that the project must never
		// cite, spelt in pieces so that this test does not cite them.
		for _, outside := range []string{".." + "/shared", "RULES" + ".md", "/" + "work/"} {
			assert.NotContains(t, text, outside, "%s names a file outside the repository", p.name)
		}
	}
}

// TestPicturesShown: every picture in doc/ is shown on a page.
func TestPicturesShown(t *testing.T) {
	pictures, err := filepath.Glob(filepath.Join(root, "doc", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, pictures)
	var shown []string
	for _, p := range pages(t) {
		for _, m := range regexp.MustCompile(`!\[[^\]]*\]\(([^)]+)\)`).FindAllStringSubmatch(p.text, -1) {
			shown = append(shown, filepath.Join(root, filepath.Dir(p.name), m[1]))
		}
	}
	for _, pic := range pictures {
		assert.True(t, slices.Contains(shown, pic), "%s is shown on no page", pic)
	}
}
