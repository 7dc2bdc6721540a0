package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// WasmPackage is the import path of the WebAssembly build of the board's
// backend.
const WasmPackage = "github.com/seed3966233f/oware/internal/web/wasm"

// siteFiles are the files of the static site taken from the page, by the
// name they have there.
var siteFiles = map[string]string{
	"index.html":  "index.html",
	"board.js":    "board.js",
	"board.css":   "board.css",
	"favicon.svg": "favicon.svg",
	"backend.js":  "api-wasm.js",
	"worker.js":   "worker.js",
}

// BuildSite writes the static site of the board into dir: the page with
// its WebAssembly backend, which needs no server and may be served by any
// static host. It builds WasmPackage with the go tool goTool ("go" when
// empty), which must run in this module, for GOOS=js GOARCH=wasm into
// oware.wasm, and copies that toolchain's wasm_exec.js, which must match
// the build, with the toolchain's licence (wasm_exec.LICENSE). dir is
// created if needed; it must be empty or hold a site built before, whose
// files are replaced, so that nothing else is overwritten.
func BuildSite(ctx context.Context, dir, goTool string) error {
	if goTool == "" {
		goTool = "go"
	}
	if err := siteDir(dir); err != nil {
		return err
	}
	goroot, err := exec.CommandContext(ctx, goTool, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("web: go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(goroot))
	var wasmExec []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if wasmExec, err = os.ReadFile(filepath.Join(root, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("web: the toolchain's wasm_exec.js: %w", err)
	}
	licence, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		return fmt.Errorf("web: the toolchain's licence: %w", err)
	}
	wasm := filepath.Join(dir, "oware.wasm")
	cmd := exec.CommandContext(ctx, goTool, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, WasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("web: building %s for WebAssembly: %w\n%s", WasmPackage, err, stderr.Bytes())
	}
	files := map[string][]byte{"wasm_exec.js": wasmExec, "wasm_exec.LICENSE": licence}
	for name, from := range siteFiles {
		files[name] = page(from)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("web: %w", err)
		}
	}
	return nil
}

// siteDir makes dir ready for a site: it creates it, or checks that it is
// empty or holds a site.
func siteDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("web: %w", err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, "oware.wasm")); err != nil {
		return fmt.Errorf("web: %s is neither empty nor a site of the board: its files are left alone", dir)
	}
	return nil
}
