package sitetest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/preview"
	"github.com/infercost/infercost/wasm/view"
)

// PreviewSite is a site gen built, served as the edge worker serves it:
// calculator pages and cards by package preview in each language, every
// other file as it is (SiteHandler), on 127.0.0.1.
type PreviewSite struct {
	Out  string // the built site
	Root string // the server's URL with the base path
	// calcs are the same calculators as the handlers', in English, for
	// the figures a link should show; de is calcs in German, with the
	// catalog gen reads from content/i18n.
	Calcs, De *calc.Set
	Editions  dataset.Editions
	Handler   http.Handler // the English preview handler
	Fonts     card.Fonts
	Sets      EveryEdition // the handlers' calculators
}

// CalcsIn returns the calculators of lang: s.Calcs or s.De.
func (s PreviewSite) CalcsIn(lang string) *calc.Set {
	if lang == "de" {
		return s.De
	}
	return s.Calcs
}

// ServePreview serves the site built in out under base as the edge worker
// serves it, on 127.0.0.1 until the test ends: the calculators' pages and
// cards from the editions of the content folder, in English and in German
// with the catalog de, and the rest by static.
func ServePreview(t testing.TB, out, base, content string, static http.Handler, de *msg.Catalog) PreviewSite {
	t.Helper()
	// The editions as gen builds them, with their error bands.
	editions, _, err := accuracy.LoadEditions(os.DirFS(content), "data", dataset.Today())
	if err != nil {
		t.Fatal(err)
	}
	load := func() *calc.Set {
		var s calc.Set
		for date, d := range editions.Data {
			s.Load(date, d)
		}
		return &s
	}
	srv := httptest.NewUnstartedServer(nil)
	root := "http://" + srv.Listener.Addr().String() + base
	pages := map[string]http.Handler{}
	for _, lang := range msg.Langs {
		if pages[lang], err = preview.New(preview.Config{Site: os.DirFS(out), Calcs: EveryEdition(load), Base: base, PublicURL: root, Lang: lang}); err != nil {
			t.Fatal(err)
		}
	}
	srv.Config.Handler = workerMux(pages, static, base)
	srv.Start()
	t.Cleanup(srv.Close)
	german := load()
	german.Msgs = de
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	return PreviewSite{Out: out, Root: root, Calcs: load(), De: german, Editions: editions, Handler: pages["en"], Fonts: fonts, Sets: load}
}

// EveryEdition gives each request a new Set with every edition of
// content/data loaded (Load keeps the decoded data, so it is cheap).
type EveryEdition func() *calc.Set

func (load EveryEdition) Set(string, string) (*calc.Set, error) { return load(), nil }

// Edition is the edition that a Set picks for rawQuery.
func (load EveryEdition) Edition(rawQuery string) (string, error) {
	_, date := load().Data(rawQuery)
	return date, nil
}

// workerMux routes as the edge worker does: a calculator's page and the
// cards to the preview handler of their language (English at base, a
// language of msg.Langs under its prefix), the rest to the static files.
func workerMux(pages map[string]http.Handler, static http.Handler, base string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := strings.TrimPrefix(r.URL.Path, base)
		lang := "en"
		if l, rest, ok := strings.Cut(path, "/"); ok && pages[l] != nil && l != "en" {
			lang, path = l, rest
		}
		if strings.HasPrefix(path, "card/") || calc.Known(strings.TrimSuffix(path, "/")) && strings.HasSuffix(path, "/") {
			pages[lang].ServeHTTP(w, r)
			return
		}
		static.ServeHTTP(w, r)
	})
}

// FigureShown is a key figure as a reader sees it: "label = text", and
// beside the text its error band, or the mark that says why it has none
// (site/calc.templ bandView).
func FigureShown(f view.Figure) string {
	band := f.Band
	if band == "" && f.BandNote != "" {
		band = "±?"
	}
	return f.Label + " = " + f.Text + band
}
