package main

import (
	"context"
	"flag"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/seed3966233f/oware/internal/cli"
)

// readBuildInfo reads what the go command recorded in the binary; the
// tests replace it.
var readBuildInfo = debug.ReadBuildInfo

var versionCommand = &cli.Command{
	Name:  "version",
	Short: "the version and revision the command was built from",
	Long: `
Version prints the version of the module the command was built from, the
version control revision and the Go release. go build and go install in a
clone record the revision; go run, and builds with -buildvcs=false, do
not, and the version is then (devel).`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		return func(_ context.Context, s cli.Streams, args []string) error {
			if err := noArguments(args); err != nil {
				return err
			}
			info, ok := readBuildInfo()
			if !ok {
				_, err := fmt.Fprintln(s.Stdout, "oware: the binary records no build information")
				return err
			}
			_, err := fmt.Fprint(s.Stdout, versionText(info))
			return err
		}
	},
}

// versionText words what info records: the module's path and version, the
// revision, its time and whether the files differed from it, and the Go
// release and platform.
//
//	oware v0.0.0-20251130120000-8683b1f0c2a4 (github.com/seed3966233f/oware)
//	revision 8683b1f0c2a4…, committed 2025-11-30T12:00:00Z
//	built with go1.26.8 for linux/amd64
func versionText(info *debug.BuildInfo) string {
	var b strings.Builder
	path, version := info.Main.Path, info.Main.Version
	if path == "" {
		path = info.Path
	}
	if version == "" {
		version = "(devel)"
	}
	fmt.Fprintf(&b, "oware %s (%s)\n", version, path)
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	switch rev := settings["vcs.revision"]; {
	case rev != "":
		fmt.Fprintf(&b, "revision %s", rev)
		if t := settings["vcs.time"]; t != "" {
			fmt.Fprintf(&b, ", committed %s", t)
		}
		if settings["vcs.modified"] == "true" {
			b.WriteString(", with changes not committed")
		}
		b.WriteString("\n")
	case version == "(devel)":
		b.WriteString("no revision recorded: go run and -buildvcs=false record none; go build or go install in a clone of the repository does\n")
	}
	fmt.Fprintf(&b, "built with %s", info.GoVersion)
	if goos, goarch := settings["GOOS"], settings["GOARCH"]; goos != "" && goarch != "" {
		fmt.Fprintf(&b, " for %s/%s", goos, goarch)
	}
	b.WriteString("\n")
	return b.String()
}
