package main

import (
	"net"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestServeUsage: oware serve refuses what it cannot serve before it
// listens: arguments, rules that are no preset's, tables that are not
// there, an address already taken.
func TestServeUsage(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	for _, tt := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"serve", "extra"}, exitUsage, `oware serve: unexpected argument "extra"`},
		{[]string{"serve", "-rules", "chess"}, exitUsage, `invalid value "chess" for flag -rules: oware: rules "chess"`},
		{[]string{"serve", "-tablebase", filepath.Join(t.TempDir(), "missing")}, exitFail, "oware serve: "},
		{[]string{"serve", "-addr", ln.Addr().String()}, exitFail, "oware serve: listen tcp " + ln.Addr().String()},
		{[]string{"serve", "-addr", "nonsense"}, exitFail, "oware serve: listen tcp: address nonsense"},
	} {
		status, _, errOut := runCmd(t, "", tt.args...)
		assert.Equal(t, tt.status, status, "%v", tt.args)
		assert.Contains(t, errOut, tt.want, "%v", tt.args)
	}
}
