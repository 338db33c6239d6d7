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
	"path/filepath"
	"slices"
	"strings"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark"

	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/seo"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// pageFile is a page to write: where, and what renders it.
type pageFile struct {
	path string // below the base, "" for home, ending in "/" otherwise
	comp templ.Component
}

// meta describes an indexed page, with its card: the title and, for a
// calculator, the headline's first key figure with its error band and
// the data edition, in the page's language l. The Meta is the English
// page's; a page in another language sets Lang, Nav and Msgs with
// inLang. It lists the page (b.listed).
func (b *builder) meta(l, path, title, desc, updated string, figures []view.Figure) (site.Meta, error) {
	m := site.Meta{Base: b.c.Base, Path: path, Title: title, Description: desc, Nav: b.navs[lang], Assets: b.assets,
		Lang: lang, Canonical: b.root + path, Type: "website", HFBase: b.c.HFBase, Msgs: b.msgs[lang], Switch: langPath("de", ""), APIRoot: b.calcAPIRoot}
	png, err := card.Draw(b.fonts, staticCard(b.msgs[l], title, figures, b.root, b.dataDate))
	if err != nil {
		return m, fmt.Errorf("card of /%s: %w", path, err)
	}
	name := "cards/" + cmp.Or(strings.ReplaceAll(strings.Trim(path, "/"), "/", "-"), "home") + ".png"
	if err := publish.WriteFile(filepath.Join(b.c.Out, filepath.FromSlash(name)), png); err != nil {
		return m, err
	}
	m.Card = &site.Card{URL: b.root + name, Width: card.Width, Height: card.Height, Alt: title}
	b.listed = append(b.listed, seo.Page{Path: path, Title: title, Description: desc, Updated: updated})
	return m, nil
}

// markdown is the renderer of the articles, with the blocks they embed:
// the data tables, calculators, engines and API reference.
func (b *builder) markdown() (goldmark.Markdown, error) {
	calcs := Calculators(b.data)
	tables := DataTables(b.data, b.c.Base, b.msgs)
	maps.Copy(tables, accuracyTables(b.data, b.cal, b.snapshots, b.heldOut, b.c.Base, b.msgs))
	maps.Copy(tables, drawTables(b.data, b.cal, b.c.Base, b.msgs))
	maps.Copy(tables, sourceTables(b.content, b.editions, b.cal, b.c.Base, b.msgs))
	maps.Copy(tables, homeTables(calcs, b.data, b.c.Base, b.msgs))
	for _, l := range langs {
		reference, err := apiReference(b.msgs[l], api.Document(), b.apiRoot, b.dataDate, &b.data)
		if err != nil {
			return nil, err
		}
		tables[suffixed("api-reference", l)] = func() string { return reference }
	}
	return NewMarkdown(&markdown.Blocks{Tables: tables, Calculators: calcs, Engines: b.engines, Base: b.c.Base, Msgs: b.msgs,
		Messages: b.messageURLs, Names: markdown.AnswerNames(b.data)}), nil
}

// articles renders the pages at the top and the articles in every
// language under articles/, each as revised for the data editions, in
// their order.
func (b *builder) articles() ([]markdown.Article, error) {
	md, err := b.markdown()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, pattern := range pagePatterns {
		found, err := fs.Glob(b.content, pattern)
		if err != nil {
			return nil, err
		}
		names = append(names, found...)
	}
	if err := checkRevisions(b.content, b.editions); err != nil {
		return nil, fmt.Errorf("%s/%w", b.c.Content, err)
	}
	var arts []markdown.Article
	for _, name := range names {
		if name, err = revised(b.content, name, b.dates); err != nil {
			return nil, err
		}
		a, err := markdown.RenderFile(md, b.content, name)
		if err != nil {
			return nil, fmt.Errorf("%s/%w", b.c.Content, err)
		}
		arts = append(arts, a)
	}
	slices.SortFunc(arts, func(x, y markdown.Article) int { return x.Order - y.Order })
	return arts, nil
}

// articlePages adds the articles' pages, and the methodology pages to
// their language's navigation.
func (b *builder) articlePages() error {
	arts, err := b.articles()
	if err != nil {
		return err
	}
	for _, a := range arts {
		if a.Nav != "" {
			// A methodology page, in its language's navigation.
			b.navs[a.Lang] = append(b.navs[a.Lang], site.Nav{Path: a.Path, Label: b.msgs[a.Lang].T("layout.nav.methodology")})
		}
	}
	// Versions of an article in each language share a translation key;
	// each names the others (and itself) as hreflang alternates.
	versions := map[string][]site.Alternate{}
	for _, a := range arts {
		if a.Translation != "" {
			versions[a.Translation] = append(versions[a.Translation], site.Alternate{Lang: a.Lang, URL: b.root + a.Path})
		}
	}
	for _, a := range arts {
		// An article changes with the data its tables show.
		m, err := b.meta(a.Lang, a.Path, a.Title, a.Description, max(a.Date, b.dataDate), nil)
		if err != nil {
			return err
		}
		m = inLang(m, a.Lang, b.navs, b.msgs)
		if vs := versions[a.Translation]; len(vs) > 1 {
			m.Alternates = vs
			for _, v := range vs {
				if v.Lang != a.Lang {
					m.Switch = strings.TrimPrefix(v.URL, b.root)
				}
			}
		}
		if a.Path == "" {
			m.LD = []any{seo.WebSite{Context: seo.SchemaOrg, Type: "WebSite", Name: site.SiteName, URL: b.root, Description: a.Description, InLanguage: a.Lang}}
		} else {
			m.Type = "article"
			m.LD = []any{seo.Article{Context: seo.SchemaOrg, Type: "Article", Headline: a.Title, Description: a.Description, URL: m.Canonical,
				Image: m.Card.URL, DatePublished: a.Date, DateModified: max(a.Date, b.dataDate), InLanguage: a.Lang,
				Author: seo.Publisher(b.root), Publisher: seo.Publisher(b.root)}}
			b.listed[len(b.listed)-1].Article, b.listed[len(b.listed)-1].Lang = true, a.Lang
		}
		b.pages = append(b.pages, pageFile{a.Path, site.Article(site.ArticlePage{Meta: m, HTML: a.HTML, Live: a.Live})})
	}
	return nil
}

// describeCatalog describes a data catalog to search engines, given the
// page that shows it and the URL of its data file.
type describeCatalog func(pageURL, dataURL string) seo.Dataset

// catalog is the data catalog name with desc, from sources.
func (b *builder) catalog(name, desc string, sources ...fact.Sources) describeCatalog {
	return func(pageURL, dataURL string) seo.Dataset {
		return seo.Catalog(b.root, pageURL, name, desc, b.dataDate, dataURL, sources...)
	}
}

// datasets are the catalogs a calculator's page describes to search
// engines, by calculator.
func (b *builder) datasets() map[string][]describeCatalog {
	data := b.data
	gpus := b.catalog("InferCost GPU catalog",
		fmt.Sprintf("Datasheet figures of %d data-centre and workstation GPUs for LLM inference: memory, bandwidth, dense BF16, FP8 and FP4 TFLOPS, power and prices, each figure with its source and as-of date.", len(data.GPUs.GPUs)),
		data.GPUs.Sources)
	rentals := b.catalog("InferCost GPU rental offers",
		fmt.Sprintf("%d cloud offers to rent GPUs by the hour for LLM inference: provider, instance, GPUs and hourly price, each with its source and as-of date.", len(data.Rental.Offers)),
		data.Rental.Sources)
	models := b.catalog("InferCost model catalog",
		fmt.Sprintf("Architectures of %d large language models for sizing inference: parameters, layers, attention heads, KV heads, head size, experts and context length, each figure with its source.", len(data.Models.Models)),
		data.Models.Sources)
	apis := b.catalog("InferCost LLM API prices",
		fmt.Sprintf("Prices per million tokens of %d hosted LLM APIs as history: input, output, cache reads and writes, batch discounts and long-context tiers, each row with its source and date; includes the MIT-licensed @pydantic/genai-prices data.", len(data.Pricing.APIs.Models)),
		data.Pricing.APIs.Sources)
	return map[string][]describeCatalog{"tco": {gpus, rentals}, "memory": {models}, "pricing": {apis}}
}

// calcMeta describes a calculator in language l: its engine, its card
// with its default scenario's key figures, and the catalogs it brings.
func (b *builder) calcMeta(l, path, title, desc string, p view.Page, catalogs ...describeCatalog) (site.Meta, error) {
	m, err := b.meta(l, langPath(l, path), title, desc, b.dataDate, p.Headline.Figures)
	m = inLang(m, l, b.navs, b.msgs)
	m.Alternates = alternates(b.root, path)
	m.Switch = langPath(otherLang(l), path)
	e := *b.engines[strings.TrimSuffix(path, "/")]
	e.Messages = b.messageURLs[l]
	m.Engine = &e
	for _, ds := range catalogs {
		m.LD = append(m.LD, ds(m.Canonical, b.origin+m.Engine.Data))
	}
	return m, err
}

// calculatorPages adds every calculator's page in every language, with
// its default scenario evaluated.
func (b *builder) calculatorPages() error {
	datasets := b.datasets()
	var errs []error
	for _, l := range langs {
		m := b.msgs[l]
		for _, k := range calc.Calculators {
			path := k.Name + "/"
			p := k.Page(m, "", b.data)
			meta, err := b.calcMeta(l, path, m.T(k.Keys.Title), m.T(k.Keys.Description), p, datasets[k.Name]...)
			errs = append(errs, err)
			b.pages = append(b.pages, pageFile{langPath(l, path), site.Calculator(site.CalcPage{
				Meta:        meta,
				ID:          k.Name,
				Heading:     m.T(k.Keys.Heading),
				Lead:        m.T(k.Keys.Lead),
				Methodology: langPath(l, "methodology/"+path),
				Page:        p,
				Presets:     presetLinks(m, b.data.Presets(k.Name), b.data.PresetSources(k.Name)),
				Convert:     k.Convert != nil,
			})})
		}
	}
	return errors.Join(errs...)
}

// searchPages adds a search page per language, each searching its
// language's index.
func (b *builder) searchPages() error {
	var searchPages []site.Alternate
	for _, l := range langs {
		searchPages = append(searchPages, site.Alternate{Lang: l, URL: b.root + site.SearchPath(l)})
	}
	for _, alt := range searchPages {
		path := site.SearchPath(alt.Lang)
		m, err := b.meta(alt.Lang, path, b.msgs[alt.Lang].T("search.title"), b.msgs[alt.Lang].T("search.description"), b.dataDate, nil)
		if err != nil {
			return err
		}
		m = inLang(m, alt.Lang, b.navs, b.msgs)
		m.Alternates, m.Switch = searchPages, site.SearchPath(otherLang(alt.Lang))
		b.pages = append(b.pages, pageFile{path, site.SearchPage(m)})
	}
	return nil
}

// notFoundPage adds the 404 page, which is not indexed: no canonical URL,
// card or entry. GitHub Pages serves one for both languages: the English
// page carries the German one (site.NotFound).
func (b *builder) notFoundPage() error {
	notFound := map[string]site.ArticlePage{}
	for _, l := range langs {
		m := b.msgs[l]
		body := "<h1>" + html.EscapeString(m.T("layout.not_found")) + "</h1><p>" + b.notFoundNext(l) + "</p>"
		if l == "en" {
			// Without script a German reader still reads German.
			body += `<noscript><p lang="de">` + html.EscapeString(b.msgs["de"].T("layout.not_found")) + ". " + b.notFoundNext("de") + "</p></noscript>"
		}
		notFound[l] = site.ArticlePage{Meta: site.Meta{Base: b.c.Base, Path: langPath(l, "404.html"), Title: m.T("layout.not_found"), Nav: b.navs[l],
			Assets: b.assets, Lang: l, Msgs: m, Switch: langPath(otherLang(l), "")}, HTML: body}
	}
	b.pages = append(b.pages, pageFile{"404.html", site.NotFound(notFound["en"], notFound["de"])})
	return nil
}

// notFoundNext says where to go instead of a page not found, to the
// pages in language l.
func (b *builder) notFoundNext(l string) string {
	return b.msgs[l].F("layout.not_found_body", "home", b.c.Base+langPath(l, ""), "tco", b.c.Base+langPath(l, "tco/"))
}

// writePages renders and writes the pages.
func (b *builder) writePages(ctx context.Context) error {
	for _, p := range b.pages {
		file := filepath.Join(b.c.Out, filepath.FromSlash(p.path))
		if p.path == "" || strings.HasSuffix(p.path, "/") {
			file = filepath.Join(file, "index.html")
		}
		var buf bytes.Buffer
		if err := p.comp.Render(ctx, &buf); err != nil {
			return fmt.Errorf("render %s: %w", p.path, err)
		}
		if err := publish.WriteFile(file, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
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
