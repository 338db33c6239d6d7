// Command gen builds the static site (package sitebuild) into public/,
// optionally serves it, and writes what other parts of the repository
// embed: the worker's data files and pages, and the generated Go files and
// OpenAPI document (go generate ./gen; make lint checks they are fresh).
// Its flags choose one step; with none it builds.
package main

//go:generate go run -trimpath . -decoder ../wasm/sitedata/decode/decode_gen.go
//go:generate go run -trimpath . -content ../content -messages ../wasm/msg/en_gen.go
//go:generate go run -trimpath . -content ../content -openapi ../wasm/api/openapi.json

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/infercost/infercost/gen/codegen"
	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/dataset"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	var c sitebuild.Config
	flags := flag.NewFlagSet("gen", flag.ContinueOnError)
	flags.StringVar(&c.Content, "content", "content", "content directory")
	flags.StringVar(&c.Out, "out", "public", "output directory")
	flags.StringVar(&c.Base, "base", "/", "base path of the site, e.g. /infercost/ for a project page")
	flags.StringVar(&c.SiteURL, "site-url", sitebuild.DefaultSiteURL, "where the site is published, e.g. https://example.org or https://user.github.io/repo")
	flags.StringVar(&c.Wasm, "wasm", "build/engine.wasm", "browser module")
	flags.StringVar(&c.Modules, "modules", "node_modules", "npm packages (ECharts, Pagefind)")
	flags.StringVar(&c.Version, "version", "dev", "the build's name in the service worker's manifest, e.g. the git commit")
	flags.StringVar(&c.APIURL, "api-url", "", "the origin of the edge worker's JSON API, e.g. https://infercost.example.workers.dev (default: the site's origin)")
	flags.StringVar(&c.HFBase, "hf-base", "", "for tests: the Hugging Face base URL pages read models from (default "+site.HFBase+")")
	serve := flags.String("serve", "", "after building, serve the site on this address, e.g. 127.0.0.1:8080")
	decoder := flags.String("decoder", "", "only write the data files' generated decoder to this Go file")
	workerData := flags.String("worker-data", "", "only write every data edition's data files into this directory, for the worker to embed")
	workerPages := flags.String("worker-pages", "", "with -worker-data: also copy the calculator pages of the site built in -out into this directory, for the worker to embed")
	openapi := flags.String("openapi", "", "only write the API's OpenAPI document, generated from the calculators' fields, to this file (wasm/api/openapi.json)")
	messages := flags.String("messages", "", "only write the English catalog, compiled into gen and the edge worker, to this Go file (wasm/msg/en_gen.go)")
	seal := flags.Bool("seal", false, "only seal the data published before today: write "+dataset.LockFile+" in the content's data directory (README, \"Data editions\")")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *seal {
		b, err := dataset.Seal(os.DirFS(c.Content), "data", dataset.Today())
		if err != nil {
			return err
		}
		name := filepath.Join(c.Content, "data", dataset.LockFile)
		if err := os.WriteFile(name, b, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "gen: sealed the data published before %s in %s\n", dataset.Today(), name)
		return nil
	}
	if *workerData != "" {
		if err := publish.WriteWorkerData(c.Content, *workerData, dataset.Today()); err != nil {
			return err
		}
		if *workerPages == "" {
			return nil
		}
		return publish.CopyWorkerPages(c.Out, *workerPages)
	}
	if *decoder != "" {
		src, err := codegen.Decoder()
		if err != nil {
			return err
		}
		return os.WriteFile(*decoder, src, 0o644)
	}
	if *openapi != "" {
		doc, err := codegen.OpenAPI(os.DirFS(c.Content))
		if err != nil {
			return err
		}
		return os.WriteFile(*openapi, doc, 0o644)
	}
	if *messages != "" {
		src, err := sitebuild.Messages(os.DirFS(c.Content))
		if err != nil {
			return err
		}
		return os.WriteFile(*messages, src, 0o644)
	}
	n, err := sitebuild.Build(ctx, c)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "gen: wrote %d pages to %s (base %s)\n", n, c.Out, c.Base)
	if dates, err := dataset.Unsealed(os.DirFS(c.Content), "data", dataset.Today()); err == nil && len(dates) > 0 {
		fmt.Fprintf(stdout, "gen: editions %s are published and not sealed yet: go run ./gen -seal, and commit %s\n", strings.Join(dates, ", "), dataset.LockFile)
	}
	if *serve == "" {
		return nil
	}
	fmt.Fprintf(stdout, "serving %s on http://%s%s (Ctrl-C stops)\n", c.Out, *serve, c.Base)
	go exitWithParent(os.Getppid())
	return http.ListenAndServe(*serve, sitebuild.SiteHandler(c.Out, c.Base))
}

// exitWithParent ends the server when the process that started it (make
// serve) is gone, also when it was killed by PID and could not pass on a
// signal: the server is then re-parented, and its parent's PID changes.
func exitWithParent(parent int) {
	for range time.Tick(500 * time.Millisecond) {
		if os.Getppid() != parent {
			os.Exit(0)
		}
	}
}
