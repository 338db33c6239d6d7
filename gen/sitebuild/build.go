// Package sitebuild builds the static site: it reads content/ (articles
// and data), validates the data, evaluates the default scenarios with the
// engine, renders the pages in every language and writes them with their
// cards, sitemap, feeds and search index (Build); package publish writes
// the bytes it publishes besides the pages: the content-hashed assets,
// the engine's files and the service worker. Command gen runs it; the
// browser tests (gen/browsertest) build with it.
package sitebuild

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"maps"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/seo"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
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

// presetLinks lists a calculator's presets in the language of m with the
// source of each, found in the calculator's data file.
func presetLinks(m *msg.Catalog, ps []scenario.PresetData, sources fact.Sources) []site.PresetLink {
	out := make([]site.PresetLink, len(ps))
	for i, p := range ps {
		p = p.In(m)
		src := sources[p.Source]
		out[i] = site.PresetLink{Name: p.Name, Title: p.Title, Description: p.Description, SourceTitle: src.TitleIn(m), SourceURL: src.URL, AsOf: p.AsOf}
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
			if notFound, err := os.ReadFile(filepath.Join(dir, "404.html")); err == nil {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write(notFound)
				return
			}
		}
		files.ServeHTTP(w, r)
	}))
	return mux
}

// pageFile is a page to write: where, and what renders it.
type pageFile struct {
	path string // below the base, "" for home, ending in "/" otherwise
	comp templ.Component
}

// Build writes the site and returns the number of pages written.
func Build(ctx context.Context, c Config) (int, error) {
	if !strings.HasPrefix(c.Base, "/") || !strings.HasSuffix(c.Base, "/") {
		return 0, fmt.Errorf("base %q must start and end with /", c.Base)
	}
	if c.SiteURL == "" {
		c.SiteURL = DefaultSiteURL
	}
	origin, err := site.Origin(c.SiteURL, c.Base)
	if err != nil {
		return 0, err
	}
	root := origin + c.Base
	apiRoot := origin + "/"
	if c.APIURL != "" {
		if apiRoot, err = site.Origin(c.APIURL, "/"); err != nil {
			return 0, fmt.Errorf("api-url: %w", err)
		}
		apiRoot += "/"
	}
	// Only an API_URL says that an API answers: a static build without
	// one (GitHub Pages alone) has none at its own origin, and its "Copy
	// API call" would copy a URL that is not found, so the calculators
	// leave the button out (site.Meta.APIRoot).
	calcAPIRoot := ""
	if c.APIURL != "" {
		calcAPIRoot = apiRoot
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
	editions, cal, err := accuracy.LoadEditions(contentFS, "data", c.Today)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", c.Content, err)
	}
	if err := dataset.CheckSeal(contentFS, "data"); err != nil {
		return 0, fmt.Errorf("%s: %w", c.Content, err)
	}
	if err := resolvePresets(editions, "data"); err != nil {
		return 0, fmt.Errorf("%s: %w", c.Content, err)
	}
	data := editions.Latest()
	dates := editions.DataDates()
	dataDate := dates[len(dates)-1]
	if err := checkPresets(data); err != nil {
		return 0, fmt.Errorf("%s: %w", c.Content, err)
	}
	msgs, cats, err := loadMessages(contentFS)
	if err != nil {
		return 0, fmt.Errorf("%s/%w", c.Content, err)
	}

	if err := os.RemoveAll(c.Out); err != nil {
		return 0, err
	}
	fonts, err := card.LoadFonts()
	if err != nil {
		return 0, err
	}
	out := publish.Site{Out: c.Out, Base: c.Base}
	// The pages name each asset by its content hash.
	assets, err := out.Assets(c.Modules)
	if err != nil {
		return 0, err
	}
	// The pages search engines list, in the sitemap and, for articles, the feed.
	var listed []seo.Page
	// nav lists the calculators, the articles, then the pages that ask
	// for a place (methodology).
	navs := map[string][]site.Nav{}
	for _, l := range langs {
		for _, k := range calc.Calculators {
			navs[l] = append(navs[l], site.Nav{Path: langPath(l, k.Name+"/"), Label: msgs[l].T(k.Keys.Nav)})
		}
		navs[l] = append(navs[l], site.Nav{Path: langPath(l, "articles/"), Label: msgs[l].T("layout.nav.articles")})
	}
	// meta describes an indexed page, with its card: the title and, for
	// a calculator, the headline's first key figure with its error band
	// and the data edition, in the page's language l. The Meta is the
	// English page's; a page in another language sets Lang, Nav and Msgs
	// with inLang.
	meta := func(l, path, title, desc, updated string, figures []view.Figure) (site.Meta, error) {
		m := site.Meta{Base: c.Base, Path: path, Title: title, Description: desc, Nav: navs[lang], Assets: assets,
			Lang: lang, Canonical: root + path, Type: "website", HFBase: c.HFBase, Msgs: msgs[lang], Switch: langPath("de", ""), APIRoot: calcAPIRoot}
		png, err := card.Draw(fonts, staticCard(msgs[l], title, figures, root, dataDate))
		if err != nil {
			return m, fmt.Errorf("card of /%s: %w", path, err)
		}
		name := "cards/" + cmp.Or(strings.ReplaceAll(strings.Trim(path, "/"), "/", "-"), "home") + ".png"
		if err := publish.WriteFile(filepath.Join(c.Out, filepath.FromSlash(name)), png); err != nil {
			return m, err
		}
		m.Card = &site.Card{URL: root + name, Width: card.Width, Height: card.Height, Alt: title}
		listed = append(listed, seo.Page{Path: path, Title: title, Description: desc, Updated: updated})
		return m, nil
	}
	engines, err := out.Engine(c.Wasm, editions)
	if err != nil {
		return 0, err
	}
	messageURLs, err := publishMessages(out, cats)
	if err != nil {
		return 0, err
	}
	calcs := Calculators(data)
	tables := DataTables(data, c.Base, msgs)
	maps.Copy(tables, accuracyTables(data, cal, c.Base, msgs))
	maps.Copy(tables, sourceTables(contentFS, editions, cal, c.Base, msgs))
	maps.Copy(tables, homeTables(calcs, data, c.Base, msgs))
	for _, l := range langs {
		reference, err := apiReference(msgs[l], api.Document(), apiRoot, dataDate, &data)
		if err != nil {
			return 0, err
		}
		tables[suffixed("api-reference", l)] = func() string { return reference }
	}
	md := NewMarkdown(&markdown.Blocks{Tables: tables, Calculators: calcs, Engines: engines, Base: c.Base, Msgs: msgs, Messages: messageURLs, Names: markdown.AnswerNames(data)})
	// Pages at the top, articles in every language under articles/.
	var names []string
	for _, pattern := range pagePatterns {
		found, err := fs.Glob(contentFS, pattern)
		if err != nil {
			return 0, err
		}
		names = append(names, found...)
	}
	if err := checkRevisions(contentFS, editions); err != nil {
		return 0, fmt.Errorf("%s/%w", c.Content, err)
	}
	var arts []markdown.Article
	for _, name := range names {
		if name, err = revised(contentFS, name, dates); err != nil {
			return 0, err
		}
		a, err := markdown.RenderFile(md, contentFS, name)
		if err != nil {
			return 0, fmt.Errorf("%s/%w", c.Content, err)
		}
		arts = append(arts, a)
	}
	slices.SortFunc(arts, func(a, b markdown.Article) int { return a.Order - b.Order })
	for _, a := range arts {
		if a.Nav != "" {
			// A methodology page, in its language's navigation.
			navs[a.Lang] = append(navs[a.Lang], site.Nav{Path: a.Path, Label: msgs[a.Lang].T("layout.nav.methodology")})
		}
	}
	// Versions of an article in each language share a translation key;
	// each names the others (and itself) as hreflang alternates.
	versions := map[string][]site.Alternate{}
	for _, a := range arts {
		if a.Translation != "" {
			versions[a.Translation] = append(versions[a.Translation], site.Alternate{Lang: a.Lang, URL: root + a.Path})
		}
	}
	var pages []pageFile
	for _, a := range arts {
		// An article changes with the data its tables show.
		m, err := meta(a.Lang, a.Path, a.Title, a.Description, max(a.Date, dataDate), nil)
		if err != nil {
			return 0, err
		}
		m = inLang(m, a.Lang, navs, msgs)
		if vs := versions[a.Translation]; len(vs) > 1 {
			m.Alternates = vs
			for _, v := range vs {
				if v.Lang != a.Lang {
					m.Switch = strings.TrimPrefix(v.URL, root)
				}
			}
		}
		if a.Path == "" {
			m.LD = []any{seo.WebSite{Context: seo.SchemaOrg, Type: "WebSite", Name: site.SiteName, URL: root, Description: a.Description, InLanguage: a.Lang}}
		} else {
			m.Type = "article"
			m.LD = []any{seo.Article{Context: seo.SchemaOrg, Type: "Article", Headline: a.Title, Description: a.Description, URL: m.Canonical,
				Image: m.Card.URL, DatePublished: a.Date, DateModified: max(a.Date, dataDate), InLanguage: a.Lang,
				Author: seo.Publisher(root), Publisher: seo.Publisher(root)}}
			listed[len(listed)-1].Article, listed[len(listed)-1].Lang = true, a.Lang
		}
		pages = append(pages, pageFile{a.Path, site.Article(site.ArticlePage{Meta: m, HTML: a.HTML, Live: a.Live})})
	}
	var metaErrs []error
	// calcMeta describes a calculator in language l: its engine, its card
	// with its default scenario's key figures, and the catalogs it brings.
	calcMeta := func(l, path, title, desc string, p view.Page, catalogs ...func(pageURL, dataURL string) seo.Dataset) site.Meta {
		m, err := meta(l, langPath(l, path), title, desc, dataDate, p.Headline.Figures)
		metaErrs = append(metaErrs, err)
		m = inLang(m, l, navs, msgs)
		m.Alternates = alternates(root, path)
		m.Switch = langPath(otherLang(l), path)
		e := *engines[strings.TrimSuffix(path, "/")]
		e.Messages = messageURLs[l]
		m.Engine = &e
		for _, ds := range catalogs {
			m.LD = append(m.LD, ds(m.Canonical, origin+m.Engine.Data))
		}
		return m
	}
	catalog := func(name, desc string, sources ...fact.Sources) func(pageURL, dataURL string) seo.Dataset {
		return func(pageURL, dataURL string) seo.Dataset {
			return seo.Catalog(root, pageURL, name, desc, dataDate, dataURL, sources...)
		}
	}
	gpus := catalog("InferCost GPU catalog",
		fmt.Sprintf("Datasheet figures of %d data-centre and workstation GPUs for LLM inference: memory, bandwidth, dense BF16, FP8 and FP4 TFLOPS, power and prices, each figure with its source and as-of date.", len(data.GPUs.GPUs)),
		data.GPUs.Sources)
	rentals := catalog("InferCost GPU rental offers",
		fmt.Sprintf("%d cloud offers to rent GPUs by the hour for LLM inference: provider, instance, GPUs and hourly price, each with its source and as-of date.", len(data.Rental.Offers)),
		data.Rental.Sources)
	models := catalog("InferCost model catalog",
		fmt.Sprintf("Architectures of %d large language models for sizing inference: parameters, layers, attention heads, KV heads, head size, experts and context length, each figure with its source.", len(data.Models.Models)),
		data.Models.Sources)
	apis := catalog("InferCost LLM API prices",
		fmt.Sprintf("Prices per million tokens of %d hosted LLM APIs as history: input, output, cache reads and writes, batch discounts and long-context tiers, each row with its source and date; includes the MIT-licensed @pydantic/genai-prices data.", len(data.Pricing.APIs.Models)),
		data.Pricing.APIs.Sources)
	// datasets are the catalogs a calculator's page describes to search
	// engines, by calculator.
	datasets := map[string][]func(pageURL, dataURL string) seo.Dataset{"tco": {gpus, rentals}, "memory": {models}, "pricing": {apis}}
	for _, l := range langs {
		m := msgs[l]
		for _, k := range calc.Calculators {
			path := k.Name + "/"
			p := k.Page(m, "", data)
			pages = append(pages, pageFile{langPath(l, path), site.Calculator(site.CalcPage{
				Meta:        calcMeta(l, path, m.T(k.Keys.Title), m.T(k.Keys.Description), p, datasets[k.Name]...),
				ID:          k.Name,
				Heading:     m.T(k.Keys.Heading),
				Lead:        m.T(k.Keys.Lead),
				Methodology: langPath(l, "methodology/"+path),
				Page:        p,
				Presets:     presetLinks(m, data.Presets(k.Name), data.PresetSources(k.Name)),
				Convert:     k.Convert != nil,
			})})
		}
	}
	if err := errors.Join(metaErrs...); err != nil {
		return 0, err
	}
	// A search page per language, each searching its language's index.
	var searchPages []site.Alternate
	for _, l := range langs {
		searchPages = append(searchPages, site.Alternate{Lang: l, URL: root + site.SearchPath(l)})
	}
	for _, alt := range searchPages {
		path := site.SearchPath(alt.Lang)
		m, err := meta(alt.Lang, path, msgs[alt.Lang].T("search.title"), msgs[alt.Lang].T("search.description"), dataDate, nil)
		if err != nil {
			return 0, err
		}
		m = inLang(m, alt.Lang, navs, msgs)
		m.Alternates, m.Switch = searchPages, site.SearchPath(otherLang(alt.Lang))
		pages = append(pages, pageFile{path, site.SearchPage(m)})
	}
	// The 404 page is not indexed: no canonical URL, card or entry. GitHub
	// Pages serves one for both languages: the English page carries the
	// German one (site.NotFound).
	notFound := map[string]site.ArticlePage{}
	// next says where to go instead, to the pages in language l.
	next := func(l string) string {
		return msgs[l].F("layout.not_found_body", "home", c.Base+langPath(l, ""), "tco", c.Base+langPath(l, "tco/"))
	}
	for _, l := range langs {
		m := msgs[l]
		body := "<h1>" + html.EscapeString(m.T("layout.not_found")) + "</h1><p>" + next(l) + "</p>"
		if l == "en" {
			// Without script a German reader still reads German.
			body += `<noscript><p lang="de">` + html.EscapeString(msgs["de"].T("layout.not_found")) + ". " + next("de") + "</p></noscript>"
		}
		notFound[l] = site.ArticlePage{Meta: site.Meta{Base: c.Base, Path: langPath(l, "404.html"), Title: m.T("layout.not_found"), Nav: navs[l],
			Assets: assets, Lang: l, Msgs: m, Switch: langPath(otherLang(l), "")}, HTML: body}
	}
	pages = append(pages, pageFile{"404.html", site.NotFound(notFound["en"], notFound["de"])})

	for _, p := range pages {
		file := filepath.Join(c.Out, filepath.FromSlash(p.path))
		if p.path == "" || strings.HasSuffix(p.path, "/") {
			file = filepath.Join(file, "index.html")
		}
		var buf bytes.Buffer
		if err := p.comp.Render(ctx, &buf); err != nil {
			return 0, fmt.Errorf("render %s: %w", p.path, err)
		}
		if err := publish.WriteFile(file, buf.Bytes()); err != nil {
			return 0, err
		}
	}
	if err := publishIndex(c.Out, root, listed, editions, msgs); err != nil {
		return 0, err
	}
	// The service worker fetches each language's home page and
	// navigation when it installs.
	var offline []string
	for _, l := range langs {
		offline = append(offline, langPath(l, ""))
		for _, n := range navs[l] {
			offline = append(offline, n.Path)
		}
	}
	if err := out.ServiceWorker(c.Version, engines, offline); err != nil {
		return 0, err
	}
	return len(pages), indexSearch(ctx, c)
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

// staticCard is the card gen draws for a page, in the words of m: its
// title and, for a calculator (figures), the default scenario's first key
// figure with its error band and the data edition they are of, as a
// scenario's card from the worker names them.
func staticCard(m *msg.Catalog, title string, figures []view.Figure, root, edition string) card.Card {
	c := card.Card{Title: title, Figures: figures, Site: strings.TrimPrefix(root, "https://"), Msgs: m}
	if len(figures) > 0 {
		c.Edition = edition
	}
	return c
}
