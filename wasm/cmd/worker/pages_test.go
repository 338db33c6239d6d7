//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"image/png"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/preview"
	"github.com/infercost/infercost/wasm/sitedata"
)

// pagePath is a calculator's link with a query, and the query, in a
// language: "" for English, "de" for German under /de/.
type pagePath struct{ lang, name, query string }

func (p pagePath) prefix() string {
	if p.lang == "" {
		return ""
	}
	return "/" + p.lang
}
func (p pagePath) page() string { return p.prefix() + "/" + p.name + "/?" + p.query }
func (p pagePath) card() string { return p.prefix() + "/card/" + p.name + ".png?" + p.query }

// in returns the same link in lang.
func (p pagePath) in(lang string) pagePath { p.lang = lang; return p }

// linkLangs are the languages whose links the worker renders: English
// ("") and German.
var linkLangs = []string{"", "de"}

// testWorkerURL is the public address of the worker in tests that do not
// follow its absolute URLs.
const testWorkerURL = "https://worker.example.org"

// germanSet returns the calculators of content/data in German, with the
// catalog the embedded German pages load (the worker's).
func germanSet(t testing.TB) *calc.Set {
	t.Helper()
	base, _, err := preview.Where(edgedata.Pages())
	if err != nil {
		t.Fatal(err)
	}
	files, err := preview.Files(edgedata.Pages(), base, "de")
	if err != nil {
		t.Fatal(err)
	}
	b, err := fs.ReadFile(edgedata.Pages(), files[len(files)-1])
	if err != nil {
		t.Fatal(err)
	}
	set := apitest.ContentSet(t)
	if set.Msgs, err = msg.Parse("de", b); err != nil {
		t.Fatal(err)
	}
	return set
}

// presetLinks returns a link to the first preset of each calculator
// that has presets, today's edition.
func presetLinks(t testing.TB) []pagePath {
	t.Helper()
	d, _ := apitest.ContentSet(t).Data("")
	var out []pagePath
	for _, name := range sitedata.Calculators {
		if ps := apitest.Presets(d, name); len(ps) > 0 {
			out = append(out, pagePath{"", name, ps[0]})
		}
	}
	return out
}

// pagesUnderWorkerd checks the server-rendered pages and cards of the
// worker under workerd (w) against the same handler natively (native,
// with the same embedded pages and data): for a preset of each
// calculator, in English and in German (/de/), the page is the native
// one byte for byte, its headline is the calculators' in its language
// (in the page, in og:title and twitter:title, and as og:description and
// twitter:description), its og:url is the link on the worker's own
// address (the one it was built with) and answers, and its og:image, on
// that address, is a 1200×630 PNG of its language's path, byte for byte
// the native card; a
// link without a query is the static file from the assets (the stand-in
// page); gen's hostile links in both languages give no 5xx, no markup
// from the query, and cards that decode.
func pagesUnderWorkerd(t *testing.T, w *workerd, native string) {
	sets := map[string]*calc.Set{"": apitest.ContentSet(t), "de": germanSet(t)}
	var links []pagePath
	for _, lang := range linkLangs {
		for _, l := range presetLinks(t) {
			links = append(links, l.in(lang))
		}
	}
	for i, l := range links {
		set := sets[l.lang]
		res, got, d := get(t, w.URL, l.page())
		if i == 0 {
			t.Logf("the first rendered page (%s) took %v", l.page(), d.Round(time.Millisecond))
		}
		_, want, _ := get(t, native, l.page())
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: %d %s", l.page(), res.StatusCode, res.Header.Get("Content-Type"))
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: under workerd %d bytes, natively %d, not the same", l.page(), len(got), len(want))
		}
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		hl := set.Page(l.name, l.query).Headline
		if hl.Text == "" || len(hl.Figures) == 0 {
			t.Fatalf("%s: the calculators give no headline", l.page())
		}
		if got := doc.Find("#headline-text").Text(); got != hl.Text {
			t.Errorf("%s: headline %q; want %q", l.page(), got, hl.Text)
		}
		meta := func(attr, key string) string {
			v, _ := doc.Find(`meta[` + attr + `="` + key + `"]`).Attr("content")
			return v
		}
		figure := hl.Figures[0].Label + ": " + hl.Figures[0].Text
		for _, title := range []string{meta("property", "og:title"), meta("name", "twitter:title")} {
			if !strings.HasPrefix(title, figure) {
				t.Errorf("%s: title %q; want it to start with %q", l.page(), title, figure)
			}
		}
		for _, desc := range []string{meta("property", "og:description"), meta("name", "twitter:description")} {
			if desc != hl.Text {
				t.Errorf("%s: description %q; want %q", l.page(), desc, hl.Text)
			}
		}
		if locale := meta("property", "og:locale"); locale != map[string]string{"": "en_US", "de": "de_DE"}[l.lang] {
			t.Errorf("%s: og:locale %q", l.page(), locale)
		}
		// Both name the worker's own address, which it was built with,
		// and it answers them.
		if ogURL, on := meta("property", "og:url"), w.URL+l.prefix()+"/"+l.name+"/?"; !strings.HasPrefix(ogURL, on) {
			t.Errorf("%s: og:url %q; want the link on the worker, %s…", l.page(), ogURL, on)
		} else if res, body, _ := get(t, "", ogURL); res.StatusCode != 200 || !bytes.Contains(body, []byte(" data-rendered")) {
			t.Errorf("%s: %d; want the rendered page", ogURL, res.StatusCode)
		}
		img, err := url.Parse(meta("property", "og:image"))
		if err != nil || !strings.HasPrefix(img.String(), w.URL+"/") || img.Path != l.prefix()+"/card/"+l.name+".png" {
			t.Errorf("%s: og:image %q; want the card on the worker, %s", l.page(), meta("property", "og:image"), w.URL)
			continue
		}
		res, b, _ := get(t, "", img.String())
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
			t.Errorf("%s: %d %s", img.RequestURI(), res.StatusCode, res.Header.Get("Content-Type"))
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width != 1200 || cfg.Height != 630 {
			t.Errorf("%s: %v, %d×%d; want a 1200×630 PNG", img.RequestURI(), err, cfg.Width, cfg.Height)
		}
		if _, nb, _ := get(t, native, img.RequestURI()); !bytes.Equal(b, nb) {
			t.Errorf("%s: the card under workerd differs from the native one (%d and %d bytes)", img.RequestURI(), len(b), len(nb))
		}
	}
	// Without a query, the static page from the assets.
	if res, body, _ := get(t, w.URL, "/tco/"); res.StatusCode != 200 || !strings.Contains(string(body), "<title>tco") {
		t.Errorf("/tco/: %d %.100s; want the assets' page", res.StatusCode, body)
	}

	counts := map[int]int{}
	for _, link := range hostileLinks(t) {
		name, q, _ := strings.Cut(link, "/?")
		for _, lang := range linkLangs {
			l := pagePath{lang, name, q}
			for _, path := range []string{l.page(), l.card()} {
				res, body, _ := get(t, w.URL, path)
				counts[res.StatusCode]++
				short := path[:min(len(path), 120)]
				switch {
				case res.StatusCode >= 500:
					t.Errorf("%s: %d", short, res.StatusCode)
				case res.StatusCode != 200:
				case strings.Contains(path, "/card/"):
					if _, err := png.Decode(bytes.NewReader(body)); err != nil {
						t.Errorf("%s: %v", short, err)
					}
				default:
					for _, raw := range []string{"<script>window", "<img src=x", "<svg onload", "<b>"} {
						if bytes.Contains(body, []byte(raw)) {
							t.Errorf("%s: the page holds %q as markup", short, raw)
						}
					}
				}
			}
		}
	}
	t.Logf("gen's hostile links as pages and cards under workerd, in English and German, by status:%s", summary(counts))
}

// hostileLinks returns gen's corpus of hostile scenario links
// (gen/sitetest/hostile-urls.txt), as CALC/?QUERY.
func hostileLinks(t testing.TB) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "gen", "sitetest", "hostile-urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	for s := bufio.NewScanner(f); s.Scan(); {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// measurePages logs, per calculator, the median wall time and the
// workerd processes' CPU time per request for a preset's rendered page
// and its card, in English and in German, over 10 sequential requests
// each computed (INFERCOST_PAGE_REQUESTS for more: CPU time is read at 10 ms
// resolution over them all).
func measurePages(t *testing.T, w *workerd) {
	n := 10
	if v, err := strconv.Atoi(os.Getenv("INFERCOST_PAGE_REQUESTS")); err == nil && v > 0 {
		n = v
	}
	for _, l := range presetLinks(t) {
		for _, lang := range linkLangs {
			for _, path := range []string{l.in(lang).page(), l.in(lang).card()} {
				measurePath(t, w, path, n, computed)
			}
		}
	}
}

// Natively the worker renders a scenario link into the embedded page, in
// English and in German, serves a link without a query, and a link
// under a prefix that is no language of the site, from the site's files.
func TestWorkerRendersScenarioLinks(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"tco/index.html": "<title>tco", "xx/tco/index.html": "<title>xx tco"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(handler(http.FileServer(http.Dir(dir)), edgedata.Pages(), testWorkerURL))
	defer srv.Close()
	l := presetLinks(t)[0]
	for _, path := range []string{l.page(), "/de" + l.page()} {
		if res, body, _ := get(t, srv.URL, path); res.StatusCode != 200 || !bytes.Contains(body, []byte(" data-rendered")) {
			t.Errorf("%s: %d %.100s; want the rendered page", path, res.StatusCode, body)
		}
	}
	for path, want := range map[string]string{"/tco/": "<title>tco", "/xx/tco/?" + l.query: "<title>xx tco"} {
		if res, body, _ := get(t, srv.URL, path); res.StatusCode != 200 || string(body) != want {
			t.Errorf("%s: %d %.100s; want the file %q", path, res.StatusCode, body, want)
		}
	}
}

// Hostile German paths and queries through the worker's whole handler
// natively (routing, the German handler, the files) get no 5xx, and no
// page holds their markup; the corpus of links is covered in both
// languages by gen's TestHostileLinksAreServedSafely and, under
// workerd, by pagesUnderWorkerd.
func TestHostileGermanLinksGetNo5xx(t *testing.T) {
	srv := httptest.NewServer(handler(http.FileServer(http.Dir(t.TempDir())), edgedata.Pages(), testWorkerURL))
	defer srv.Close()
	counts := map[int]int{}
	for _, path := range []string{
		"/de/tco/?a.n=%zz&a.gpu=%", "/de/memory/?%ff%fe=%c0%af&model=%E2%80%AE", "/de/pricing/?apis=%00%01&ed=9999-99-99",
		"/de/performance/?" + strings.Repeat("rate=1e308&", 600), `/de/tco/?a.n="><script>window.__pwned=1</script>`,
		"/de/pricing/?preset=--%3E%3C!--ic:form--%3E%3Cb%3E", "/de/memory/?ed=%3C/title%3E%3Cscript%3E",
		"/de/tco/?a.n=" + strings.Repeat("9", 9000), "/de/card/tco.png?a.n=-1e309", "/de/card/%3Cb%3E.png?a=1",
		"/de/card/tco.gif?a=1", "/de/card/../tco.png?a=1", "/de//tco/?a=1", "/de/tco/index.html?a.n=4", "/de/nope/?a=1",
		"/de/card/", "/de/card/tco.png", "/de/tco/?" + url.QueryEscape("<svg onload=alert(1)>") + "=1",
	} {
		u, err := url.Parse(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		p, q, _ := strings.Cut(path, "?")
		// The path and query go out as written, bad encodings and all.
		u.Opaque, u.RawQuery = p, q
		res, err := http.DefaultClient.Do(&http.Request{Method: "GET", URL: u, Header: http.Header{}, Host: u.Host})
		if err != nil {
			t.Fatalf("%.80s: %v", path, err)
		}
		var body bytes.Buffer
		_, _ = body.ReadFrom(res.Body)
		res.Body.Close()
		counts[res.StatusCode]++
		short := path[:min(len(path), 100)]
		if res.StatusCode >= 500 {
			t.Errorf("%s: %d", short, res.StatusCode)
		}
		for _, raw := range []string{"<script>window", "<svg onload", "<b>"} {
			if bytes.Contains(body.Bytes(), []byte(raw)) {
				t.Errorf("%s: the answer holds %q as markup", short, raw)
			}
		}
	}
	t.Logf("hostile German links natively, by status:%s", summary(counts))
}
