package sitebuild

import (
	"bytes"
	"html"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api/apitest"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/preview"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// servePreview serves the real content built under base as the edge
// worker serves it (sitetest.ServePreview).
func servePreview(t testing.TB, base string) sitetest.PreviewSite {
	t.Helper()
	out := buildSite(t, base)
	msgs, _, err := loadMessages(os.DirFS("../../content"))
	if err != nil {
		t.Fatal(err)
	}
	return sitetest.ServePreview(t, out, base, repoRoot+"/content", SiteHandler(out, base), msgs["de"])
}

// get fetches url and returns the response with its body read.
func get(t testing.TB, url string, header ...string) (*http.Response, []byte) {
	t.Helper()
	return apitest.Get(t, http.MethodGet, url, header...)
}

// marked matches a part of a calculator page that depends on its scenario.
var marked = regexp.MustCompile(`(?s)<!--ic:[a-z]+-->.*?<!--/ic:[a-z]+-->`)

// TestServerRenderedLinksShowTheirScenario opens two presets of every
// calculator on the preview server, in English and in German (/de/): the
// page shows the answer, key figures, every result cell and every input
// (value and message) of the calculators' page for that link in that
// language, outside the marked parts it is the static page of its
// language byte for byte, its Open Graph and Twitter tags carry the
// headline and the language's locale, and its og:image is the
// scenario's card in its language: a 1200×630 PNG whose bytes differ
// from the other preset's and from the other language's.
func TestServerRenderedLinksShowTheirScenario(t *testing.T) {
	s := servePreview(t, "/sub/")
	allCards := map[string]string{}
	for _, lang := range langs {
		local := langPath(lang, "")
		calcs := s.CalcsIn(lang)
		skeletons := skeletonHandler(t, s, lang)
		for _, c := range Calculators(s.Editions.Latest()) {
			name := c.Name()
			static, err := os.ReadFile(filepath.Join(s.Out, local, name, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			staticDoc, err := goquery.NewDocumentFromReader(bytes.NewReader(static))
			if err != nil {
				t.Fatal(err)
			}
			title, _ := staticDoc.Find(`meta[property="og:title"]`).Attr("content")
			var cards [][]byte
			for _, preset := range c.Presets[:2] {
				q := "preset=" + preset.Name
				link := local + name + "/?" + q
				want := calcs.Page(name, q)
				res, body := get(t, s.Root+link)
				if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
					res.Header.Get("ETag") == "" || res.Header.Get("Cache-Control") != preview.CacheControl {
					t.Fatalf("%s: %s, %q, ETag %q, Cache-Control %q", link, res.Status, res.Header.Get("Content-Type"), res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
				}
				if got, want := marked.ReplaceAll(body, nil), marked.ReplaceAll(static, nil); !bytes.Equal(got, want) {
					t.Errorf("%s: outside the scenario's parts the page differs from the static one", link)
				}
				t.Logf("%s: %d B (gzip %d B); the static page %d B (gzip %d B)", link, len(body), sitetest.Gzip(body), len(static), sitetest.Gzip(static))
				doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				checkScenarioShown(t, link, doc, want)
				rec := httptest.NewRecorder()
				skeletons.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, s.Root+link, nil))
				if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), body) {
					t.Errorf("%s: from the skeletons the worker embeds: %d, %d B; from the site %d B", link, rec.Code, rec.Body.Len(), len(body))
				}
				if _, ok := doc.Find("#headline").Attr("data-rendered"); !ok {
					t.Errorf("%s: the headline is not marked as the link's own", link)
				}
				// A parser that runs scripts reads noscript as text: its markup
				// is checked in Chromium without JavaScript.
				for sel, key := range map[string]string{".status.stalled": "calc.stalled_rendered", "noscript": "calc.noscript_rendered"} {
					if got := html.UnescapeString(doc.Find(sel).Text()); !strings.Contains(got, calcs.Msgs.T(key)) {
						t.Errorf("%s: %s says %q; want this link's scenario (%s)", link, sel, got, key)
					}
				}
				meta := func(attr, key string) string {
					v, _ := doc.Find(`meta[` + attr + `="` + key + `"]`).Attr("content")
					return v
				}
				f := want.Headline.Figures[0]
				for key, want := range map[string]string{
					"og:title":       f.Label + ": " + f.Text + " · " + title,
					"og:description": want.Headline.Text,
					"og:url":         s.Root + local + name + "/?" + want.Query,
					"og:image":       s.Root + local + "card/" + name + ".png?" + want.Query,
					"og:locale":      map[string]string{"en": "en_US", "de": "de_DE"}[lang],
				} {
					if got := meta("property", key); got != want || want == "" {
						t.Errorf("%s: %s is %q; want %q", link, key, got, want)
					}
				}
				if meta("name", "twitter:title") != meta("property", "og:title") ||
					meta("name", "twitter:description") != want.Headline.Text || meta("name", "twitter:card") != "summary_large_image" {
					t.Errorf("%s: og:title %q, twitter:title %q, twitter:description %q, twitter:card %q; want the headline's",
						link, meta("property", "og:title"), meta("name", "twitter:title"), meta("name", "twitter:description"), meta("name", "twitter:card"))
				}
				if href, _ := doc.Find(`link[rel="canonical"]`).Attr("href"); href != DefaultSiteURL+"/sub/"+local+name+"/" {
					t.Errorf("%s: canonical %q; want the calculator's own page", link, href)
				}
				res, b := get(t, meta("property", "og:image"))
				if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
					t.Fatalf("%s: card: %s, %q", link, res.Status, res.Header.Get("Content-Type"))
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil || img.Bounds() != image.Rect(0, 0, 1200, 630) {
					t.Fatalf("%s: card does not decode as 1200×630 (%v)", link, err)
				}
				// The card is drawn from the language's title, headline and edition.
				_, edition := calcs.Data(q)
				wantCard, err := card.Draw(s.Fonts, card.Card{Title: title, Text: want.Headline.Text, Figures: want.Headline.Figures,
					Site: strings.TrimPrefix(s.Root, "http://"), Edition: edition, Msgs: calcs.Msgs, Fast: true})
				if err != nil || !bytes.Equal(b, wantCard) {
					t.Errorf("%s: the card is not the one drawn from the page's title and its headline in %s (%v)", link, lang, err)
				}
				if other, ok := allCards[string(b)]; ok {
					t.Errorf("%s has the card of %s", link, other)
				}
				allCards[string(b)] = link
				cards = append(cards, b)
			}
			if bytes.Equal(cards[0], cards[1]) {
				t.Errorf("%s%s: two presets have the same card", local, name)
			}
		}
	}
}

// TestCustomNamesPreviewAsCustom: a link that names a custom GPU like a
// real one (g.name=H100) and a custom model by a real model's Hugging
// Face id, both on typed-in figures, previews in English and German as
// custom: its og:description, twitter:description and card, drawn from
// its headline, name a custom GPU and a custom model, never the bare
// product.
func TestCustomNamesPreviewAsCustom(t *testing.T) {
	s := servePreview(t, "/sub/")
	const gpuName, modelID = "H100", "meta-llama/Llama-3.1-405B"
	const q = "model=custom&m.hf=" + modelID + "&m.p=1&m.l=2&gpu=custom&g.name=" + gpuName + "&g.bw=9000"
	for _, lang := range langs {
		calcs := s.CalcsIn(lang)
		link := langPath(lang, "") + "performance/?" + q
		want := calcs.Page("performance", q)
		res, body := get(t, s.Root+link)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s", link, res.Status)
		}
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		meta := func(attr, key string) string {
			v, _ := doc.Find(`meta[` + attr + `="` + key + `"]`).Attr("content")
			return v
		}
		gpu, model := calcs.Msgs.F("custom.g.named", "name", gpuName), calcs.Msgs.F("custom.m.named", "id", modelID)
		for _, desc := range []string{meta("property", "og:description"), meta("name", "twitter:description")} {
			if desc != want.Headline.Text || !strings.Contains(desc, gpu) || !strings.Contains(desc, model) {
				t.Errorf("%s: description %q; want the headline naming %s and %s", link, desc, gpu, model)
			}
		}
		res, b := get(t, meta("property", "og:image"))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: card: %s", link, res.Status)
		}
		title, _ := doc.Find(`meta[property="og:title"]`).Attr("content")
		title = title[strings.LastIndex(title, " · ")+len(" · "):]
		_, edition := calcs.Data(q)
		wantCard, err := card.Draw(s.Fonts, card.Card{Title: title, Text: want.Headline.Text, Figures: want.Headline.Figures,
			Site: strings.TrimPrefix(s.Root, "http://"), Edition: edition, Msgs: calcs.Msgs, Fast: true})
		if err != nil || !bytes.Equal(b, wantCard) {
			t.Errorf("%s: the card is not the one drawn from the headline naming %s and %s (%v)", link, gpu, model, err)
		}
	}
}

// skeletonHandler returns the preview handler of lang over what the
// worker embeds of s's site (publish.CopyWorkerPages: preview.Files, the pages
// as their skeletons).
func skeletonHandler(t *testing.T, s sitetest.PreviewSite, lang string) http.Handler {
	t.Helper()
	dir := t.TempDir()
	if err := publish.CopyWorkerPages(s.Out, dir); err != nil {
		t.Fatal(err)
	}
	h, err := preview.New(preview.Config{Site: os.DirFS(dir), Calcs: s.Sets, Base: "/sub/", PublicURL: s.Root, Lang: lang})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// checkScenarioShown checks that a page shows p: its answer and key
// figures, every result cell's text, and every input's value and message.
func checkScenarioShown(t *testing.T, link string, doc *goquery.Document, p view.Page) {
	t.Helper()
	if got := doc.Find("#headline-text").Text(); got != p.Headline.Text {
		t.Errorf("%s: headline %q; want %q", link, got, p.Headline.Text)
	}
	var figures []string
	doc.Find("#key-figures div").Each(func(_ int, s *goquery.Selection) {
		figures = append(figures, s.Find("dt").Text()+" = "+s.Find("dd").Text())
	})
	var want []string
	for _, f := range p.Headline.Figures {
		want = append(want, sitetest.FigureShown(f))
	}
	if strings.Join(figures, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: key figures\n%q\nwant\n%q", link, figures, want)
	}
	for _, c := range p.Cells() {
		// The figure's text, and beside it its error band (site/calc.templ
		// bandView), which the worker renders as the page does.
		td := doc.Find(`td[data-key="` + c.Key + `"]`).First().Clone()
		band := td.Find(".band:not(.band-none)").Text()
		td.Find(".band").Remove()
		if got := strings.TrimSpace(td.Text()); got != c.Text || band != c.Band {
			t.Errorf("%s: cell %s shows %q, band %q; want %q, %q", link, c.Key, got, band, c.Text, c.Band)
		}
	}
	for _, in := range p.Inputs {
		el := doc.Find(`#calc-form [name="` + in.Key + `"]`)
		got, _ := el.Attr("value")
		if el.Is("select") {
			got, _ = el.Find("option[selected]").Attr("value")
		}
		if got != in.Value {
			t.Errorf("%s: input %s is %q; want %q", link, in.Key, got, in.Value)
		}
		if got := doc.Find("#err-" + strings.ReplaceAll(in.Key, ".", `\.`)).Text(); got != in.Error {
			t.Errorf("%s: input %s says %q; want %q", link, in.Key, got, in.Error)
		}
	}
}

// TestServerRenderedPagesAnswerAsACacheWould: a calculator's URL without
// a query is the static file byte for byte; the ETag changes with the
// query and with the edition the query pins, and a client that holds the
// page gets 304 without a body; HEAD, other methods, other paths and an
// over-long query get what HTTP says.
func TestServerRenderedPagesAnswerAsACacheWould(t *testing.T) {
	s := servePreview(t, "/")
	for _, name := range sitedata.Calculators {
		static, err := os.ReadFile(filepath.Join(s.Out, name, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		res, body := get(t, s.Root+name+"/")
		if res.StatusCode != http.StatusOK || !bytes.Equal(body, static) {
			t.Errorf("/%s/: %s, %d B; want the static file, %d B", name, res.Status, len(body), len(static))
		}
	}
	dates := s.Editions.DataDates()
	tags := map[string]string{}
	for _, link := range []string{"tco/", "tco/?a.n=4", "tco/?a.n=8", "tco/?a.n=4&ed=" + dates[0], "tco/?a.n=4&ed=" + dates[len(dates)-1],
		"card/tco.png", "card/tco.png?a.n=4", "card/tco.png?a.n=4&ed=" + dates[0]} {
		res, _ := get(t, s.Root+link)
		tag := res.Header.Get("ETag")
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(tag, `"`) || res.Header.Get("Cache-Control") != preview.CacheControl {
			t.Errorf("%s: %s, ETag %q, Cache-Control %q", link, res.Status, tag, res.Header.Get("Cache-Control"))
		}
		if other, ok := tags[tag]; ok {
			t.Errorf("%s has the ETag of %s", link, other)
		}
		tags[tag] = link
		res, body := get(t, s.Root+link, "If-None-Match", `"other", `+tag)
		if res.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("%s with its ETag: %s, %d B; want 304 and no body", link, res.Status, len(body))
		}
	}
	head, err := http.Head(s.Root + "memory/?ctx=4096")
	if err != nil {
		t.Fatal(err)
	}
	head.Body.Close()
	if head.StatusCode != http.StatusOK || head.ContentLength < 10000 {
		t.Errorf("HEAD: %s, Content-Length %d", head.Status, head.ContentLength)
	}
	post, err := http.Post(s.Root+"tco/?a.n=4", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	post.Body.Close()
	for _, c := range []struct {
		status, want int
		what         string
	}{
		{post.StatusCode, http.StatusMethodNotAllowed, "POST"},
		{statusOf(t, s.Root+"card/nothing.png?a=1"), http.StatusNotFound, "an unknown card"},
		{statusOf(t, s.Root+"card/tco.gif"), http.StatusNotFound, "a card that is no PNG"},
		{statusOf(t, s.Root+"tco/?a.n="+strings.Repeat("9", preview.MaxQueryBytes)), http.StatusRequestURITooLong, "an over-long query"},
		{statusOf(t, s.Root+"card/tco.png?a.n="+strings.Repeat("9", preview.MaxQueryBytes)), http.StatusRequestURITooLong, "an over-long card query"},
	} {
		if c.status != c.want {
			t.Errorf("%s: %d; want %d", c.what, c.status, c.want)
		}
	}
	// An old edition's link shows that edition's figures.
	old := edition.With("", dates[0])
	_, body := get(t, s.Root+"tco/?"+old)
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	checkScenarioShown(t, "tco/?"+old, doc, s.Calcs.Page("tco", old))
}

func statusOf(t *testing.T, url string) int {
	t.Helper()
	res, _ := get(t, url)
	return res.StatusCode
}

// TestHostileLinksAreServedSafely opens every link of the hostile corpus,
// and links with broken encodings, on the preview server, in English and
// in German (/de/): the page and the card answer 200 or 4xx, never 5xx;
// the page shows each field's message as the calculators give it in its
// language, and none of the links' markup reaches the page as markup.
func TestHostileLinksAreServedSafely(t *testing.T) {
	s := servePreview(t, "/")
	links := append(sitetest.HostileURLs(),
		"tco/?a.n=%zz&a.gpu=%", "memory/?%ff%fe=%c0%af&model=%E2%80%AE", "pricing/?apis=%00%01&ed=9999-99-99",
		"performance/?"+strings.Repeat("rate=1e308&", 600), `tco/?a.n="><script>window.__pwned=1</script>`,
		"pricing/?preset=--%3E%3C!--ic:form--%3E%3Cb%3E", "memory/?ed=%3C/title%3E%3Cscript%3E")
	for _, lang := range langs {
		local := langPath(lang, "")
		scripts := map[string]int{}
		for _, name := range sitedata.Calculators {
			static, err := os.ReadFile(filepath.Join(s.Out, local, name, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			scripts[name] = bytes.Count(static, []byte("<script"))
		}
		for _, link := range links {
			name, q, _ := strings.Cut(link, "/?")
			res, body := get(t, s.Root+local+link)
			if len(link) > 200 {
				link = link[:200] + "…"
			}
			link = local + link
			if res.StatusCode >= 500 {
				t.Errorf("%s: %s", link, res.Status)
				continue
			}
			if res.StatusCode != http.StatusOK {
				t.Logf("%s: %s", link, res.Status)
				continue
			}
			for _, raw := range []string{"<script>window", "<img src=x", "<svg onload", "<b>", "<!--ic:form--><b>"} {
				if bytes.Contains(body, []byte(raw)) {
					t.Errorf("%s: the page holds %q as markup", link, raw)
				}
			}
			if n := bytes.Count(body, []byte("<script")); n != scripts[name] {
				t.Errorf("%s: %d script elements; want the static page's %d", link, n, scripts[name])
			}
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			doc.Find("*").Each(func(_ int, el *goquery.Selection) {
				for _, a := range el.Nodes[0].Attr {
					if strings.HasPrefix(a.Key, "on") {
						t.Errorf("%s: element %s has %s=%q", link, el.Nodes[0].Data, a.Key, a.Val)
					}
				}
			})
			checkScenarioShown(t, link, doc, s.CalcsIn(lang).Page(name, q))
			res, b := get(t, s.Root+local+"card/"+name+".png?"+q)
			if res.StatusCode >= 500 {
				t.Errorf("%s: card: %s", link, res.Status)
			} else if _, err := png.Decode(bytes.NewReader(b)); res.StatusCode == http.StatusOK && err != nil {
				t.Errorf("%s: card: %v", link, err)
			}
		}
	}
}

// BenchmarkServerRendering renders each calculator's page and card for
// links that alternate between two presets, so that no request finds the
// estimator's simulations of the one before (perfview.Builder).
func BenchmarkServerRendering(b *testing.B) {
	s := servePreview(b, "/")
	for _, c := range Calculators(s.Editions.Latest()) {
		for _, kind := range []string{"page", "card"} {
			b.Run(c.Name()+"/"+kind, func(b *testing.B) {
				path := "/" + c.Name() + "/?preset="
				if kind == "card" {
					path = "/card/" + c.Name() + ".png?preset="
				}
				i := 0
				for b.Loop() {
					rec := httptest.NewRecorder()
					s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path+c.Presets[i%2].Name, nil))
					if rec.Code != http.StatusOK {
						b.Fatal(rec.Code)
					}
					i++
				}
			})
		}
	}
}
