// Command mksite writes the static site of the analysis board: the page
// of oware serve with the library and the engine built for WebAssembly,
// which needs no server and may be served by any static host.
//
// Usage, in the module:
//
//	go run ./internal/web/mksite -o DIR
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/seed3966233f/oware/internal/web"
)

func main() {
	dir := flag.String("o", "site", "the directory to write the site into: empty, or a site written before")
	goTool := flag.String("go", "go", "the go tool that builds the WebAssembly")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "mksite: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	if err := web.BuildSite(context.Background(), *dir, *goTool); err != nil {
		fmt.Fprintln(os.Stderr, "mksite:", err)
		os.Exit(1)
	}
	fmt.Printf("The board's static site is in %s: serve it from any static host (it needs no server of its own).\n", *dir)
}
