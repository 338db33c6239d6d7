// Package preview serves scenario links with their own figures: for a
// calculator's URL with a query it returns the static page that gen
// wrote with the scenario's results, headline, inputs and field messages
// rendered in, and Open Graph and Twitter tags that carry the headline;
// and at card/CALC.png?QUERY the scenario's link-preview card. It is the
// edge worker's handler for those URLs (wasm/cmd/worker routes them
// here); the worker serves every other file as it is, and the site works
// without it on any static host.
//
// The pages are rendered by package site's components, the same that gen
// renders (see site.Scenario and site.Splice), from the calculators of
// package calc, the same that the browser runs: no figure is computed or
// laid out anywhere else.
//
// A handler serves the pages of one language (Config.Lang): English at
// Base (/tco/, /card/tco.png), another language under its prefix, as gen
// writes it (/de/tco/, /de/card/tco.png), in the words and number format
// of the catalog its pages load (data-messages), so that a link shows
// the figures in the words the browser's engine would.
package preview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"strconv"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/edgecache"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// MaxQueryBytes is the longest query served; a longer one gets 414. The
// longest link the site makes (/pricing/ with twelve APIs and a custom
// model and GPU) is under 2 KB; the bound keeps a hostile link from
// costing more than a real one.
const MaxQueryBytes = 8 << 10

// CacheControl is what every answer may be cached for: an hour, after
// which a new deploy's pages and data (a link without ed= follows the
// latest edition) are fetched again; the ETag makes that check cheap.
const CacheControl = "public, max-age=3600"

// Config is what the handler serves from.
type Config struct {
	// Site is the built site, public/ as gen wrote it, or what Files
	// names of it, with the pages as their skeletons (site.Skeleton).
	Site fs.FS
	// Calcs gives each request its calculators (edgedata.Store in the
	// worker, as the JSON API's).
	Calcs Calcs
	// Base is the site's base path, "/" when empty.
	Base string
	// PublicURL is where readers reach this handler, scheme and host,
	// optionally with the base path (see site.Origin): og:url, og:image
	// and the card's footer then name it, absolute, as link previews want
	// them. It is the worker's address (WORKER_URL), not the static
	// site's: a static host has no card/ and shows a link's calculator
	// with its defaults. Empty: they are paths, which some crawlers do
	// not follow. It is never taken from the request's Host, which a
	// client chooses and a shared cache would keep.
	PublicURL string
	// Lang is the language of the pages served, a BCP 47 tag: "en" (when
	// empty) at Base, another under Base+Lang+"/" (gen's de/), in the
	// words of the catalog its pages load, read from Site.
	Lang string
}

// Calcs gives the handler the calculators of one request.
type Calcs interface {
	// Set returns calculators that build calculator name's page for
	// rawQuery as a calc.Set with every data edition loaded would: with
	// at least the edition the query pins and the latest. The handler
	// calls Set from concurrent requests and uses the Set it gets for
	// that one request, without a lock: since a calc.Set is not safe for
	// concurrent use, each call must return a Set nothing else uses (a
	// new one; edgedata.Store's decoded data is shared read-only). Under
	// workerd, where each request starts the module afresh, the Set then
	// decodes only the editions that request reads.
	Set(name, rawQuery string) (*calc.Set, error)
	// Edition returns the date of the data edition whose figures Set's
	// calculators give rawQuery, without computing them: for the ETag,
	// made before the answer (see package edgecache).
	Edition(rawQuery string) (string, error)
}

// calcPage is a calculator's static page, as gen wrote it.
type calcPage struct {
	html []byte
	// title and description are the page's own, from its link preview.
	title, description string
	// skeleton: the page is site.Skeleton's, without its default scenario.
	skeleton bool
}

type handler struct {
	base string
	// local is the language's path below base: "" in English, "de/".
	local string
	// root is the handler's root URL: absolute with a public URL, else base.
	root  string
	lang  string
	msgs  *msg.Catalog        // nil in English, which calc.Set defaults to
	pages map[string]calcPage // by calculator
	fonts card.Fonts
	calcs Calcs
}

// New returns the handler of calculator URLs (BASE/CALC/?QUERY; without
// a query the static page as it is) and of cards (BASE/card/CALC.png and
// BASE/card/CALC.png?QUERY, the default scenario's without a query), or
// of the same under BASE/LANG/ for a language other than English. It
// answers 404 to any other path, and 405 to a method other than GET and
// HEAD.
func New(c Config) (http.Handler, error) {
	h := &handler{base: c.Base, pages: map[string]calcPage{}, calcs: c.Calcs, lang: c.Lang}
	if h.base == "" {
		h.base = "/"
	}
	if !strings.HasPrefix(h.base, "/") || !strings.HasSuffix(h.base, "/") {
		return nil, fmt.Errorf("base %q must start and end with /", h.base)
	}
	if h.lang == "" {
		h.lang = "en"
	}
	if h.lang != "en" {
		h.local = h.lang + "/"
	}
	h.root = h.base
	if c.PublicURL != "" {
		origin, err := site.Origin(c.PublicURL, h.base)
		if err != nil {
			return nil, err
		}
		h.root = origin + h.base
	}
	if c.Calcs == nil {
		return nil, errors.New("no calculators")
	}
	files, err := Files(c.Site, h.base, h.lang)
	if err != nil {
		return nil, err
	}
	for i, name := range sitedata.Calculators {
		b, err := fs.ReadFile(c.Site, files[i])
		if err != nil {
			return nil, err
		}
		p := calcPage{html: b, title: metaContent(b, "og:title"), description: metaContent(b, "og:description"), skeleton: site.IsSkeleton(b)}
		if p.title == "" {
			return nil, fmt.Errorf("%s has no og:title", files[i])
		}
		h.pages[name] = p
	}
	if catalog := files[len(sitedata.Calculators):]; len(catalog) > 0 {
		b, err := fs.ReadFile(c.Site, catalog[0])
		if err != nil {
			return nil, err
		}
		if h.msgs, err = msg.Parse(h.lang, b); err != nil {
			return nil, fmt.Errorf("%s: %w", catalog[0], err)
		}
	}
	h.fonts, err = card.LoadFonts()
	return h, err
}

// Files returns the files of the site in site, built with base path
// base, that a handler of lang reads: the calculators' pages (CALC/index.html,
// de/CALC/index.html), in sitedata.Calculators' order, then for a
// language other than English the message catalog that those pages load
// for their engine (data-messages), so that a link is rendered in the
// words of that very build, as the browser gets them. A worker that
// embeds the site's pages (make worker-data) embeds these, the pages as
// their skeletons (site.Skeleton).
func Files(site fs.FS, base, lang string) ([]string, error) {
	local := ""
	if lang != "" && lang != "en" {
		local = lang + "/"
	}
	var out []string
	for _, name := range sitedata.Calculators {
		out = append(out, local+name+"/index.html")
	}
	if local == "" {
		return out, nil
	}
	page, err := fs.ReadFile(site, out[0])
	if err != nil {
		return nil, err
	}
	_, after, ok := bytes.Cut(page, []byte(` data-messages="`))
	url, _, _ := bytes.Cut(after, []byte(`"`))
	file, inBase := strings.CutPrefix(html.UnescapeString(string(url)), base)
	if !ok || !inBase || !fs.ValidPath(file) {
		return nil, fmt.Errorf("%s names no message catalog (data-messages) under %s", out[0], base)
	}
	return append(out, file), nil
}

// Where returns the base path and the site URL that the built site in
// site was built with (gen's -base and -site-url), from the og:url of its
// first calculator's page: a worker that embeds the pages of a build
// thus serves them as that build links them, with no second setting to
// keep in step.
func Where(site fs.FS) (base, siteURL string, err error) {
	name := sitedata.Calculators[0]
	b, err := fs.ReadFile(site, name+"/index.html")
	if err != nil {
		return "", "", err
	}
	u, ok := strings.CutSuffix(metaContent(b, "og:url"), "/"+name+"/")
	scheme, rest, _ := strings.Cut(u, "://")
	host, path, _ := strings.Cut(rest, "/")
	if !ok || (scheme != "https" && scheme != "http") || host == "" {
		return "", "", fmt.Errorf("%s/index.html has no og:url of the form SITE/%s/", name, name)
	}
	return "/" + path + strings.Repeat("/", min(len(path), 1)), u + "/", nil
}

// metaContent returns the content of the page's meta tag of property,
// as gen's templates write it, or "".
func metaContent(page []byte, property string) string {
	_, after, ok := bytes.Cut(page, []byte(`<meta property="`+property+`" content="`))
	if !ok {
		return ""
	}
	value, _, _ := bytes.Cut(after, []byte(`"`))
	return html.UnescapeString(string(value))
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, h.base+h.local)
	if !ok {
		http.NotFound(w, r)
		return
	}
	name, isPage := strings.CutSuffix(path, "/")
	isCard := false
	if !isPage {
		if file, ok := strings.CutPrefix(path, "card/"); ok {
			name, isCard = strings.CutSuffix(file, ".png")
		}
	}
	p, known := h.pages[name]
	if !known || !(isPage || isCard) {
		http.NotFound(w, r)
		return
	}
	raw := r.URL.RawQuery
	if len(raw) > MaxQueryBytes {
		http.Error(w, "the link's query is longer than "+strconv.Itoa(MaxQueryBytes)+" bytes", http.StatusRequestURITooLong)
		return
	}
	if isPage && raw == "" && !p.skeleton {
		// The static page as it is: the default scenario, pre-rendered.
		// (Of a skeleton, the worker's, the default scenario is rendered
		// as a link's; the worker serves such links from the site's files.)
		h.send(w, r, "text/html; charset=utf-8", edgecache.Tag(p.html, "static"), func() ([]byte, error) { return p.html, nil })
		return
	}
	edition, err := h.calcs.Edition(raw)
	if err != nil {
		// A worker built without its data (see edgedata.ErrMissing).
		http.Error(w, "the calculators' data is unavailable", http.StatusServiceUnavailable)
		return
	}
	kind, contentType := "page", "text/html; charset=utf-8"
	if isCard {
		kind, contentType = "card", "image/png"
	}
	// The page stands for the build; the root URL, which the answer
	// names, is the handler's setting.
	tag := edgecache.Tag(p.html, kind, h.root, edition, edgecache.Canonical(raw))
	h.send(w, r, contentType, tag, func() ([]byte, error) {
		set, err := h.calcs.Set(name, raw)
		if err != nil {
			return nil, err
		}
		set.Msgs = h.msgs
		if isCard {
			return h.card(p, set.Page(name, raw), edition)
		}
		return h.page(r.Context(), name, p, set.Page(name, raw))
	})
}

// send answers with the body that render returns, or 304 when the client
// holds it already (If-None-Match), or the edge's kept answer, without
// rendering it (package edgecache).
func (h *handler) send(w http.ResponseWriter, r *http.Request, contentType, tag string, render func() ([]byte, error)) {
	if err := edgecache.Send(w, r, edgecache.Entry{ETag: tag, ContentType: contentType, CacheControl: CacheControl}, render); err != nil {
		// The static page and the components disagree (a build of
		// another version than this handler's), or the data is missing.
		http.Error(w, "this page could not be rendered", http.StatusInternalServerError)
	}
}

// page renders the scenario's page v into the calculator's static page.
func (h *handler) page(ctx context.Context, name string, p calcPage, v view.Page) ([]byte, error) {
	title, desc := p.title, p.description
	if hl := v.Headline; len(hl.Figures) > 0 {
		title = hl.Figures[0].Label + ": " + hl.Figures[0].Text + " · " + p.title
	}
	if v.Headline.Text != "" {
		desc = v.Headline.Text
	}
	return site.Splice(ctx, p.html, site.Scenario{Meta: site.Meta{Base: h.base, Lang: h.lang, Msgs: h.msgs}, ID: name, Page: v, Rendered: true, Preview: site.Preview{
		Title: title, Description: desc, URL: h.root + h.local + name + "/" + query(v.Query), Type: "website", Lang: h.lang,
		Card: &site.Card{URL: h.root + h.local + "card/" + name + ".png" + query(v.Query), Width: card.Width, Height: card.Height, Alt: desc},
	}})
}

// card draws the scenario's card: the calculator's title, the answer and
// its key figures (of the scenario's page v), the handler's address when
// it is known, and the data edition of the figures.
func (h *handler) card(p calcPage, v view.Page, edition string) ([]byte, error) {
	addr := ""
	if h.root != h.base {
		addr = h.root[strings.Index(h.root, "://")+3:]
	}
	return card.Draw(h.fonts, card.Card{Title: p.title, Text: v.Headline.Text, Figures: v.Headline.Figures, Site: addr,
		Edition: edition, Msgs: h.msgs, Fast: true})
}

// query returns a canonical query as a URL's, "" for none.
func query(q string) string {
	if q == "" {
		return ""
	}
	return "?" + q
}
