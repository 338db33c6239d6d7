// Command gen builds the static site: it reads content/ (articles and
// data), validates the data, evaluates the default scenarios with the
// engine, renders the pages and writes public/.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/echart"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tcoview"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// Config says where gen reads and writes.
type Config struct {
	Content string // content directory
	Out     string // output directory, emptied first
	Base    string // base path: "/" or "/repo/"
	Wasm    string // the browser module to publish
	Modules string // npm packages (node_modules), for the ECharts bundle
	Version string // cache-busting suffix for asset URLs
	// HFBase is where pages read Hugging Face models from
	// (site.HFBase when empty); tests point it at a local server.
	HFBase string
	// Today is the day of the build, YYYY-MM-DD (dataset.Today when
	// empty): no edition or figure may be dated after it.
	Today string
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	var c Config
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.StringVar(&c.Content, "content", "content", "content directory")
	fs.StringVar(&c.Out, "out", "public", "output directory")
	fs.StringVar(&c.Base, "base", "/", "base path of the site, e.g. /infercost/ for a project page")
	fs.StringVar(&c.Wasm, "wasm", "build/engine.wasm", "browser module")
	fs.StringVar(&c.Modules, "modules", "node_modules", "npm packages (ECharts)")
	fs.StringVar(&c.Version, "version", "dev", "asset version")
	fs.StringVar(&c.HFBase, "hf-base", "", "for tests: the Hugging Face base URL pages read models from (default "+site.HFBase+")")
	serve := fs.String("serve", "", "after building, serve the site on this address, e.g. 127.0.0.1:8080")
	decoder := fs.String("decoder", "", "only write the data files' generated decoder to this Go file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *decoder != "" {
		src, err := decoderSource()
		if err != nil {
			return err
		}
		return os.WriteFile(*decoder, src, 0o644)
	}
	n, err := Build(ctx, c)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "gen: wrote %d pages to %s (base %s)\n", n, c.Out, c.Base)
	if *serve == "" {
		return nil
	}
	fmt.Fprintf(stdout, "serving %s on http://%s%s (Ctrl-C stops)\n", c.Out, *serve, c.Base)
	go exitWithParent(os.Getppid())
	return http.ListenAndServe(*serve, SiteHandler(c.Out, c.Base))
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

// presetLinks lists a calculator's presets with the source of each,
// found in the calculator's data file.
func presetLinks(ps []scenario.PresetData, sources fact.Sources) []site.PresetLink {
	out := make([]site.PresetLink, len(ps))
	for i, p := range ps {
		src := sources[p.Source]
		out[i] = site.PresetLink{Name: p.Name, Title: p.Title, Description: p.Description, SourceTitle: src.Title, SourceURL: src.URL, AsOf: p.AsOf}
	}
	return out
}

// SiteHandler serves a built site under its base path, as GitHub Pages
// does: a path with no file gets the site's own 404 page, with status 404.
func SiteHandler(dir, base string) http.Handler {
	files := http.StripPrefix(strings.TrimSuffix(base, "/"), http.FileServer(http.Dir(dir)))
	mux := http.NewServeMux()
	mux.Handle(base, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, base)))
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			name = filepath.Join(name, "index.html")
		}
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			if page, err := os.ReadFile(filepath.Join(dir, "404.html")); err == nil {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write(page)
				return
			}
		}
		files.ServeHTTP(w, r)
	}))
	return mux
}

type page struct {
	path string // below the base, "" for home, ending in "/" otherwise
	comp templ.Component
}

// Build writes the site and returns the number of pages written.
func Build(ctx context.Context, c Config) (int, error) {
	if !strings.HasPrefix(c.Base, "/") || !strings.HasSuffix(c.Base, "/") {
		return 0, fmt.Errorf("base %q must start and end with /", c.Base)
	}
	// The Hugging Face base goes into every page's CSP: an origin only.
	if u, err := url.Parse(c.HFBase); c.HFBase != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") ||
		u.Host == "" || u.Path != "" || u.RawQuery != "" || strings.ContainsAny(c.HFBase, " ;,'\"")) {
		return 0, fmt.Errorf("hf-base %q must be an origin such as https://huggingface.co", c.HFBase)
	}
	contentFS := os.DirFS(c.Content)
	if c.Today == "" {
		c.Today = dataset.Today()
	}
	editions, err := dataset.LoadEditions(contentFS, "data", c.Today)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", c.Content, err)
	}
	data := editions.Latest()
	if err := checkPresets(data); err != nil {
		return 0, fmt.Errorf("%s: %w", c.Content, err)
	}

	var mdErrs []error
	md := newMarkdown(dataTables(data, c.Base), &mdErrs)
	articles, err := fs.Glob(contentFS, "*.md")
	if err != nil {
		return 0, err
	}
	type article struct {
		fm   FrontMatter
		html string
	}
	var arts []article
	for _, name := range articles {
		src, err := fs.ReadFile(contentFS, name)
		if err != nil {
			return 0, err
		}
		html, fm, err := renderMarkdown(md, src)
		if err != nil {
			return 0, fmt.Errorf("%s/%s: %w", c.Content, name, err)
		}
		if len(mdErrs) > 0 {
			return 0, fmt.Errorf("%s/%s: %w", c.Content, name, errors.Join(mdErrs...))
		}
		arts = append(arts, article{fm, html})
	}
	slices.SortFunc(arts, func(a, b article) int { return a.fm.Order - b.fm.Order })

	nav := []site.Nav{{Path: "tco/", Label: "TCO"}, {Path: "memory/", Label: "Memory"}, {Path: "performance/", Label: "Speed"}, {Path: "pricing/", Label: "APIs"}}
	for _, a := range arts {
		if a.fm.Nav != "" {
			nav = append(nav, site.Nav{Path: a.fm.Path, Label: a.fm.Nav})
		}
	}
	meta := func(path, title, desc string) site.Meta {
		return site.Meta{Base: c.Base, Path: path, Title: title, Description: desc, Nav: nav, Version: c.Version, HFBase: c.HFBase}
	}
	if err := os.RemoveAll(c.Out); err != nil {
		return 0, err
	}
	engines, err := publishEngine(c, editions)
	if err != nil {
		return 0, err
	}
	calcMeta := func(path, title, desc string) site.Meta {
		m := meta(path, title, desc)
		m.Engine = engines[strings.TrimSuffix(path, "/")]
		return m
	}
	var pages []page
	for _, a := range arts {
		pages = append(pages, page{a.fm.Path, site.Article(meta(a.fm.Path, a.fm.Title, a.fm.Description), a.html)})
	}
	tco := tcoview.Build(tcoview.Resolve("", data.TCO))
	mem := memview.Build(memview.Resolve("", data.Memory), data.Memory)
	prices := pricingview.Build(pricingview.Resolve("", data.Pricing), data.Pricing)
	perfPage := perfview.Build(perfview.Resolve("", data.Perf))
	pages = append(pages, page{"tco/", site.Calculator(site.CalcPage{
		Meta:        calcMeta("tco/", "GPU cluster TCO calculator", "Compare buying A100, H100 or other GPUs with renting them: capex, opex, TCO and cost per 1M tokens."),
		ID:          "tco",
		Heading:     "GPU cluster TCO",
		Lead:        "Compare owning and renting GPUs for inference over several years: capex, opex, total cost and cost per million tokens. Every input is in the link, so a shared link shows the same figures.",
		Methodology: "methodology/tco/",
		Page:        tco.Page,
		Presets:     presetLinks(data.TCO.Presets, data.TCO.Sources),
		Convert:     true,
	})})
	pages = append(pages, page{"memory/", site.Calculator(site.CalcPage{
		Meta:        calcMeta("memory/", "GPU memory and batch-size calculator", "Will a model fit on an A100, H100 or other GPU, and how many requests at once? Weights, KV cache and activations as vLLM lays them out."),
		ID:          "memory",
		Heading:     "Memory and batch size",
		Lead:        "Will the model fit, and how many sequences at once? Weights, activations and the paged KV cache of each GPU, as vLLM lays them out, checked against published vLLM start-up logs.",
		Methodology: "methodology/memory/",
		Page:        mem.Page,
		Presets:     presetLinks(data.Memory.Presets, data.Memory.Sources),
	})})
	pages = append(pages, page{"pricing/", site.Calculator(site.CalcPage{
		Meta:        calcMeta("pricing/", "LLM API pricing and self-hosting break-even", "What a workload costs on GPT-4.1, Claude, Gemini, DeepSeek and others, with caching, batch discounts and budgets, and when your own GPUs pay off."),
		ID:          "pricing",
		Heading:     "API pricing and break-even",
		Lead:        "What your workload costs on each hosted API, with prompt caching, batch discounts and long-context prices; whether it stays within budget; and from what volume your own GPUs are cheaper. Every price has its source and date, and a link keeps the prices it was made with.",
		Methodology: "methodology/pricing/",
		Page:        prices.Page,
		Presets:     presetLinks(data.Pricing.Presets, data.Pricing.Sources),
		Convert:     true,
	})})
	pages = append(pages, page{"performance/", site.Calculator(site.CalcPage{
		Meta:        calcMeta("performance/", "LLM throughput and latency estimator", "Time to first token, time per token, tokens per second and P99 latency under load for any model on A100, H100 or other GPUs."),
		ID:          "performance",
		Heading:     "Throughput and latency",
		Lead:        "How fast a GPU serves a model: time to first token, time per output token and tokens per second by batch size from a roofline, and latency percentiles under load from a simulation of continuous batching. Its error against published measurements is on the methodology page.",
		Methodology: "methodology/performance/",
		Page:        perfPage.Page,
		Presets:     presetLinks(data.Perf.Presets, data.Perf.Sources),
	})})
	pages = append(pages, page{"404.html", site.Article(meta("404.html", "Page not found", ""),
		`<h1>Page not found</h1><p>Try the <a href="`+c.Base+`">home page</a> or the <a href="`+c.Base+`tco/">TCO calculator</a>.</p>`)})

	for _, p := range pages {
		file := filepath.Join(c.Out, filepath.FromSlash(p.path))
		if p.path == "" || strings.HasSuffix(p.path, "/") {
			file = filepath.Join(file, "index.html")
		}
		var buf bytes.Buffer
		if err := p.comp.Render(ctx, &buf); err != nil {
			return 0, fmt.Errorf("render %s: %w", p.path, err)
		}
		if err := writeFile(file, buf.Bytes()); err != nil {
			return 0, err
		}
	}
	return len(pages), copyAssets(c)
}

// copyAssets publishes the static files and the ECharts bundle under
// assets/ (publishEngine the engine's files).
func copyAssets(c Config) error {
	dir := filepath.Join(c.Out, "assets")
	static, err := fs.Sub(site.Static, "static")
	if err != nil {
		return err
	}
	err = fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		switch p {
		case "worker.js":
			return nil // part of the engine's worker script
		case "style.css":
			b = append(b, paletteCSS()...)
		}
		return writeFile(filepath.Join(dir, filepath.FromSlash(p)), b)
	})
	if err != nil {
		return err
	}
	charts, err := echart.Script(c.Modules)
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, "echarts.js"), charts); err != nil {
		return err
	}
	// GitHub Pages would otherwise run Jekyll over the output.
	return writeFile(filepath.Join(c.Out, ".nojekyll"), nil)
}

// paletteCSS colours the legends' swatches as the charts colour their
// series (chart.Palette): classes, since the pages set no style attribute.
func paletteCSS() string {
	var b strings.Builder
	b.WriteString("\n/* Generated by gen from chart.Palette. */\n")
	for i, c := range chart.Palette {
		fmt.Fprintf(&b, ".swatch-%d { background-color: %s; }\n", i, c)
	}
	return b.String()
}

func writeFile(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, b, 0o644)
}
