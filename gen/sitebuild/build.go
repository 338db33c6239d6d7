// Package sitebuild builds the static site: it reads content/ (articles
// and data), validates the data, evaluates the default scenarios with the
// engine, renders the pages in every language and writes them with their
// cards, sitemap, feeds and search index (Build, one step after another);
// package publish writes the bytes it publishes besides the pages: the
// content-hashed assets, the engine's files and the service worker.
// Command gen runs it; the browser tests (gen/browsertest) build with it.
package sitebuild

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/seo"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/sitedata"
)

// DefaultSiteURL is where this repository's GitHub Pages site lives.
const DefaultSiteURL = "https://infercost.github.io"

// lang is the site's first language: meta describes a page in it, and
// inLang moves a page of another language to its own.
const lang = "en"

// Config says where gen reads and writes.
type Config struct {
	Content string // content directory
	Out     string // output directory, emptied first
	Base    string // base path: "/" or "/repo/"
	// SiteURL is where the site is published: scheme and host, optionally
	// with the base path; canonical URLs, link previews, the sitemap and
	// the feed give absolute URLs under it.
	SiteURL string
	Wasm    string // the browser module to publish
	Modules string // npm packages (node_modules): the ECharts bundle, Pagefind
	// Version names the build (the git commit) in the service worker's
	// manifest; asset URLs carry content hashes instead.
	Version string
	// HFBase is where pages read Hugging Face models from
	// (site.HFBase when empty); tests point it at a local server.
	HFBase string
	// APIURL is the origin of the edge worker's JSON API (scheme and
	// host), for the API page's examples and the calculators' "Copy API
	// call"; the site's origin when empty. GitHub Pages alone serves no
	// API: see README, "The edge worker".
	APIURL string
	// Today is the day of the build, YYYY-MM-DD (dataset.Today when
	// empty): editions dated later are held (dataset.Editions.Held).
	Today string
}

// Build writes the site and returns the number of pages written: it
// reads and checks the content, publishes the assets and the engine's
// files, renders the articles, calculators, search and 404 pages and
// writes them, then what crawlers read, the service worker and the
// search index.
func Build(ctx context.Context, c Config) (int, error) {
	b, err := newBuilder(c)
	if err != nil {
		return 0, err
	}
	steps := []func() error{b.load, b.publishAssets, b.navigation, b.articlePages, b.calculatorPages, b.searchPages, b.notFoundPage,
		func() error { return b.writePages(ctx) },
		func() error { return publishIndex(c.Out, b.root, b.listed, b.editions, b.msgs) },
		func() error { return b.out.ServiceWorker(c.Version, b.engines, b.offlinePages()) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return 0, err
		}
	}
	return len(b.pages), indexSearch(ctx, c)
}

// builder holds what the steps of one Build share: the configuration and
// the roots of its URLs, the content it read, what it has published so
// far, and the pages to write.
type builder struct {
	c   Config
	out publish.Site
	// origin is the site's scheme and host; root its URL with the base
	// path; apiRoot the API's; calcAPIRoot the API the calculators' "Copy
	// API call" copies, "" when the build names none.
	origin, root, apiRoot, calcAPIRoot string

	content  fs.FS
	editions dataset.Editions
	cal      calibration.Table
	// snapshots are the imported measurements (dataset.LoadSnapshots).
	snapshots []calibration.Table
	// heldOut is the leave-one-model-out check of the latest edition's
	// eras of engine builds (accuracy.LoadHeldOut).
	heldOut  accuracy.HeldOut
	data     sitedata.Data // the latest edition's
	dates    []string      // the data editions' dates, oldest first
	dataDate string        // the latest data edition's
	msgs     map[string]*msg.Catalog
	cats     catalogs
	fonts    card.Fonts

	assets      map[string]string       // content hashes by path (site.Meta.Asset)
	engines     map[string]*site.Engine // by calculator
	messageURLs map[string]string       // the engine's catalogs by language
	// navs are each language's navigation: the calculators, the
	// articles, then the pages that ask for a place (methodology).
	navs   map[string][]site.Nav
	listed []seo.Page // the pages search engines list, in the sitemap and, for articles, the feed
	pages  []pageFile
}

// newBuilder checks c's base path, site URL, API URL and Hugging Face base
// and works out the roots of the build's URLs.
func newBuilder(c Config) (*builder, error) {
	if !strings.HasPrefix(c.Base, "/") || !strings.HasSuffix(c.Base, "/") {
		return nil, fmt.Errorf("base %q must start and end with /", c.Base)
	}
	if c.SiteURL == "" {
		c.SiteURL = DefaultSiteURL
	}
	origin, err := site.Origin(c.SiteURL, c.Base)
	if err != nil {
		return nil, err
	}
	b := &builder{c: c, out: publish.Site{Out: c.Out, Base: c.Base}, origin: origin, root: origin + c.Base, apiRoot: origin + "/"}
	if c.APIURL != "" {
		if b.apiRoot, err = site.Origin(c.APIURL, "/"); err != nil {
			return nil, fmt.Errorf("api-url: %w", err)
		}
		b.apiRoot += "/"
		// Only an API_URL says that an API answers: a static build
		// without one (GitHub Pages alone) has none at its own origin,
		// and its "Copy API call" would copy a URL that is not found, so
		// the calculators leave the button out (site.Meta.APIRoot).
		b.calcAPIRoot = b.apiRoot
	}
	// The Hugging Face base goes into every page's CSP: an origin only.
	if u, err := url.Parse(c.HFBase); c.HFBase != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") ||
		u.Host == "" || u.Path != "" || u.RawQuery != "" || strings.ContainsAny(c.HFBase, " ;,'\"")) {
		return nil, fmt.Errorf("hf-base %q must be an origin such as https://huggingface.co", c.HFBase)
	}
	return b, nil
}

// load reads and checks the content: the data editions of the build's
// day, their seal and presets, and the message catalogs.
func (b *builder) load() error {
	c := &b.c
	b.content = os.DirFS(c.Content)
	if c.Today == "" {
		c.Today = dataset.Today()
	}
	var err error
	if b.editions, b.cal, err = accuracy.LoadEditions(b.content, "data", c.Today); err != nil {
		return fmt.Errorf("%s: %w", c.Content, err)
	}
	if b.snapshots, err = dataset.LoadSnapshots(b.content, "data", b.editions); err != nil {
		return fmt.Errorf("%s: %w", c.Content, err)
	}
	if err := dataset.CheckSeal(b.content, "data"); err != nil {
		return fmt.Errorf("%s: %w", c.Content, err)
	}
	if err := resolvePresets(b.editions, "data"); err != nil {
		return fmt.Errorf("%s: %w", c.Content, err)
	}
	b.data = b.editions.Latest()
	b.dates = b.editions.DataDates()
	b.dataDate = b.dates[len(b.dates)-1]
	if err := checkPresets(b.data); err != nil {
		return fmt.Errorf("%s: %w", c.Content, err)
	}
	var checked bool
	if b.heldOut, checked, err = accuracy.LoadHeldOut(b.content, "data", b.dataDate); err != nil {
		return fmt.Errorf("%s: %w", c.Content, err)
	}
	if !checked && len(b.data.Perf.Defaults.Builds) > 0 {
		return fmt.Errorf("%s: data/%s: missing: edition %s has eras of engine builds; generate their check with go test ./wasm/accuracy -run TestHeldOutBuilds -fit",
			c.Content, accuracy.HeldOutFile(b.dataDate), b.dataDate)
	}
	if b.msgs, b.cats, err = loadMessages(b.content); err != nil {
		return fmt.Errorf("%s/%w", c.Content, err)
	}
	return nil
}

// publishAssets empties the output directory and publishes what the
// pages name by content hash: the static assets, the engine's files and
// data editions, and the engine's message catalogs.
func (b *builder) publishAssets() error {
	if err := os.RemoveAll(b.c.Out); err != nil {
		return err
	}
	var err error
	if b.fonts, err = card.LoadFonts(); err != nil {
		return err
	}
	if b.assets, err = b.out.Assets(b.c.Modules); err != nil {
		return err
	}
	if b.engines, err = b.out.Engine(b.c.Wasm, b.editions); err != nil {
		return err
	}
	b.messageURLs, err = publishMessages(b.out, b.cats)
	return err
}

// navigation starts each language's navigation with the calculators and
// the articles; articlePages adds the methodology pages.
func (b *builder) navigation() error {
	b.navs = map[string][]site.Nav{}
	for _, l := range langs {
		for _, k := range calc.Calculators {
			b.navs[l] = append(b.navs[l], site.Nav{Path: langPath(l, k.Name+"/"), Label: b.msgs[l].T(k.Keys.Nav)})
		}
		b.navs[l] = append(b.navs[l], site.Nav{Path: langPath(l, "articles/"), Label: b.msgs[l].T("layout.nav.articles")})
	}
	return nil
}

// offlinePages are the pages the service worker fetches when it
// installs: each language's home page and navigation.
func (b *builder) offlinePages() []string {
	var paths []string
	for _, l := range langs {
		paths = append(paths, langPath(l, ""))
		for _, n := range b.navs[l] {
			paths = append(paths, n.Path)
		}
	}
	return paths
}

// indexSearch runs Pagefind (npm) over the written site: it writes
// pagefind/ with an index per language, from each page's <html lang>, of
// what the pages mark with data-pagefind-body. It runs the binary that
// npm installed for this platform, through the package's own launcher.
func indexSearch(ctx context.Context, c Config) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.Modules, ".bin", "pagefind"), "--site", c.Out, "--silent")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pagefind (npm ci installs it): %w\n%s", err, out)
	}
	return nil
}

// publishIndex writes what crawlers and feed readers read besides the
// pages: sitemap.xml, robots.txt and a feed.xml in each language's
// folder.
func publishIndex(out, root string, listed []seo.Page, editions dataset.Editions, msgs map[string]*msg.Catalog) error {
	s, err := seo.Sitemap(root, listed)
	if err != nil {
		return err
	}
	errs := []error{publish.WriteFile(filepath.Join(out, "sitemap.xml"), s), publish.WriteFile(filepath.Join(out, "robots.txt"), seo.Robots(root))}
	for _, l := range langs {
		feed := seo.Feed{Root: root, Msgs: msgs[l], Home: root + langPath(l, ""), Self: root + langPath(l, seo.FeedFile),
			Edition: func(date string) string { return root + langPath(l, changelogPath) + "#" + editionAnchor(date) },
			// The English feed's edition ids stay as they were before
			// there was a German feed, which readers already know.
			EditionTag: suffixed("data-edition", l)}
		f, err := feed.XML(listed, editions.List)
		if err != nil {
			return err
		}
		errs = append(errs, publish.WriteFile(filepath.Join(out, filepath.FromSlash(langPath(l, seo.FeedFile))), f))
	}
	return errors.Join(errs...)
}
