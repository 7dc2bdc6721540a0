package shell

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"game.ogn", "game.ogn"},
		{"dir/sub-dir/g_1.ogn", "dir/sub-dir/g_1.ogn"},
		{"my game.ogn", "'my game.ogn'"},
		{"it's.ogn", `'it'\''s.ogn'`},
		{"$HOME.ogn", "'$HOME.ogn'"},
		{"", "''"},
		{"a\tb", "'a\tb'"},
	} {
		assert.Equal(t, tt.want, Quote(tt.in), "%q", tt.in)
		words, err := Split(Quote(tt.in))
		require.NoError(t, err, tt.in)
		assert.Equal(t, []string{tt.in}, words, "%q reads back", tt.in)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Log("no sh: the quoting is checked against the test's own reading only")
		return
	}
	for _, name := range []string{"my game.ogn", "it's.ogn", "$HOME `x` \"q\" \\ *.ogn", "tab\there"} {
		out, err := exec.Command(sh, "-c", `printf '%s\0' `+Quote(name)).Output()
		require.NoError(t, err)
		assert.Equal(t, name+"\x00", string(out), "sh reads %q back", name)
	}
}
