package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// useBuildInfo makes oware version read info (nil: none recorded).
func useBuildInfo(t *testing.T, info *debug.BuildInfo) {
	saved := readBuildInfo
	readBuildInfo = func() (*debug.BuildInfo, bool) { return info, info != nil }
	t.Cleanup(func() { readBuildInfo = saved })
}

func TestVersion(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	const path = "github.com/seed3966233f/oware"
	for _, tt := range []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"go build in a clone", &debug.BuildInfo{GoVersion: "go1.26.8", Path: path + "/cmd/oware",
			Main: debug.Module{Path: path, Version: "v0.0.0-20261201143204-656ab2c01caa"},
			Settings: settings("GOARCH", "amd64", "GOOS", "linux", "vcs", "git",
				"vcs.revision", "656ab2c01caaf48bba1e6150a8c41818bfbb9d36", "vcs.time", "2026-12-01T14:32:04Z", "vcs.modified", "false")},
			"oware v0.0.0-20261201143204-656ab2c01caa (github.com/seed3966233f/oware)\n" +
				"revision 656ab2c01caaf48bba1e6150a8c41818bfbb9d36, committed 2026-12-01T14:32:04Z\n" +
				"built with go1.26.8 for linux/amd64\n"},
		{"changed files", &debug.BuildInfo{GoVersion: "go1.24.0", Main: debug.Module{Path: path, Version: "v0.0.0-20261201143204-656ab2c01caa+dirty"},
			Settings: settings("vcs.revision", "656ab2c", "vcs.modified", "true")},
			"oware v0.0.0-20261201143204-656ab2c01caa+dirty (github.com/seed3966233f/oware)\n" +
				"revision 656ab2c, with changes not committed\nbuilt with go1.24.0\n"},
		{"go install of a published version", &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: path, Version: "v1.2.0"},
			Settings: settings("GOARCH", "arm64", "GOOS", "darwin")},
			"oware v1.2.0 (github.com/seed3966233f/oware)\nbuilt with go1.25.1 for darwin/arm64\n"},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: path, Version: "(devel)"}},
			"oware (devel) (github.com/seed3966233f/oware)\n" +
				"no revision recorded: go run and -buildvcs=false record none; go build or go install in a clone of the repository does\n" +
				"built with go1.26.8\n"},
		{"none", nil, "oware: the binary records no build information\n"},
	} {
		useBuildInfo(t, tt.info)
		status, out, errOut := runCmd(t, "", "version")
		assert.Equal(t, exitOK, status, tt.name)
		assert.Empty(t, errOut, tt.name)
		assert.Equal(t, tt.want, out, tt.name)
	}
	status, _, errOut := runCmd(t, "", "version", "x")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `oware version: unexpected argument "x"`)
}

// TestVersionBuilt: a binary that go build makes in a clone of the
// repository names the revision checked out. It needs git and a clone (a
// .git directory at the top), and is skipped with -short.
func TestVersionBuilt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command; skipped with -short")
	}
	gitTool, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git command")
	}
	if st, err := os.Stat(filepath.Join("..", "..", ".git")); err != nil || !st.IsDir() {
		t.Skip("not in a clone of the repository with its .git directory")
	}
	head, err := exec.Command(gitTool, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("git rev-parse HEAD: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "oware")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin, "version").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "\nrevision "+strings.TrimSpace(string(head))+", committed ")
	assert.Regexp(t, `^oware v\S+ \(github.com/seed3966233f/oware\)\n`, string(out))
}
