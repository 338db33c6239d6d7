package sitebuild

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/infercost/infercost/wasm/sitedata"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/gen/seo"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/view"
)

// builtPages lists the built site's HTML pages by path below the base:
// "" for home, "tco/", …, and "404.html".
func builtPages(t *testing.T, out string) map[string]*goquery.Document {
	t.Helper()
	pages := map[string]*goquery.Document{}
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		rel = strings.TrimSuffix(filepath.ToSlash(rel), "index.html")
		pages[rel] = sitetest.ReadDoc(t, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// TestPagesTellSearchEnginesAndPreviewsWhatTheyAre builds under a
// sub-path and checks every page's head: one canonical URL with the base
// path under the site's address, Open Graph and Twitter tags with a card
// that exists, the feed's link, and structured data that decodes: the
// home page is the WebSite, a methodology page an Article, and the
// catalogs are Datasets with their sources and data file.
func TestPagesTellSearchEnginesAndPreviewsWhatTheyAre(t *testing.T) {
	out := buildSite(t, "/sub/")
	const root = DefaultSiteURL + "/sub/"
	pages := builtPages(t, out)
	if len(pages) < 10 {
		t.Fatalf("got %d pages; want at least 10", len(pages))
	}
	var types []string
	datasets := map[string]bool{}
	for path, doc := range pages {
		head := doc.Find("head")
		want := "en"
		if strings.HasPrefix(path, "de/") {
			want = "de"
		}
		// A page links the feed of its language.
		if n := head.Find(`link[rel="alternate"][type="application/atom+xml"][href="/sub/` + langPath(want, seo.FeedFile) + `"]`).Length(); n != 1 {
			t.Errorf("/%s: %d links to the %s feed; want 1", path, n, want)
		}
		if lang, _ := doc.Find("html").Attr("lang"); lang != want {
			t.Errorf("/%s: lang %q; want %s", path, lang, want)
		}
		// A German article and its English version name each other.
		if en, ok := strings.CutPrefix(path, "de/"); ok && en != "articles/" {
			for lang, href := range map[string]string{"en": root + en, "de": root + path} {
				if head.Find(`link[rel="alternate"][hreflang="`+lang+`"][href="`+href+`"]`).Length() != 1 {
					t.Errorf("/%s: no hreflang %s alternate %s", path, lang, href)
				}
			}
		}
		canonical := head.Find(`link[rel="canonical"]`)
		if path == "404.html" {
			if canonical.Length() != 0 || head.Find(`meta[name="robots"][content="noindex"]`).Length() != 1 {
				t.Errorf("/404.html: want no canonical URL and robots noindex")
			}
			continue
		}
		if href, _ := canonical.Attr("href"); canonical.Length() != 1 || href != root+path {
			t.Errorf("/%s: %d canonical links, the first %q; want one, %q", path, canonical.Length(), href, root+path)
		}
		meta := func(attr, name string) string {
			v, _ := head.Find(`meta[` + attr + `="` + name + `"]`).Attr("content")
			return v
		}
		title := strings.TrimSuffix(head.Find("title").Text(), " · InferCost")
		for name, want := range map[string]string{"og:title": title, "og:url": root + path, "og:site_name": "InferCost",
			"og:image:width": "1200", "og:image:height": "630", "og:description": meta("name", "description")} {
			if got := meta("property", name); got != want || got == "" {
				t.Errorf("/%s: %s is %q; want %q", path, name, got, want)
			}
		}
		if got := meta("name", "twitter:card"); got != "summary_large_image" {
			t.Errorf("/%s: twitter:card is %q; want summary_large_image", path, got)
		}
		img := meta("property", "og:image")
		card, ok := strings.CutPrefix(img, root)
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(card))); !ok || err != nil {
			t.Errorf("/%s: og:image %q is not a file of the site under %s", path, img, root)
		}
		head.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) {
			var ld struct {
				Context       string `json:"@context"`
				Type          string `json:"@type"`
				Name, URL     string
				Description   string
				Headline      string
				DatePublished string
				IsBasedOn     []string
				Distribution  []struct{ ContentURL string }
			}
			if err := json.Unmarshal([]byte(s.Text()), &ld); err != nil {
				t.Errorf("/%s: JSON-LD does not decode: %v", path, err)
				return
			}
			types = append(types, path+" "+ld.Type)
			if ld.Context != "https://schema.org" {
				t.Errorf("/%s: @context %q", path, ld.Context)
			}
			switch ld.Type {
			case "WebSite":
				if ld.URL != root {
					t.Errorf("/%s: WebSite url %q; want %q", path, ld.URL, root)
				}
			case "Article":
				if ld.Headline != title || ld.DatePublished == "" {
					t.Errorf("/%s: Article headline %q, published %q; want %q and a date", path, ld.Headline, ld.DatePublished, title)
				}
			case "Dataset":
				datasets[ld.Name] = true
				if len(ld.Description) < 50 || len(ld.IsBasedOn) == 0 || len(ld.Distribution) != 1 {
					t.Errorf("/%s: Dataset %q: description of %d characters, %d sources, %d downloads; want 50 or more, some, 1",
						path, ld.Name, len(ld.Description), len(ld.IsBasedOn), len(ld.Distribution))
				} else if f, ok := strings.CutPrefix(ld.Distribution[0].ContentURL, root); !ok || !fileExists(filepath.Join(out, f)) {
					t.Errorf("/%s: Dataset %q: data file %q is not a file of the site", path, ld.Name, ld.Distribution[0].ContentURL)
				}
			}
		})
	}
	slices.Sort(types)
	for _, want := range []string{" WebSite", "methodology/tco/ Article", "methodology/pricing/ Article"} {
		if !slices.Contains(types, want) {
			t.Errorf("structured data %q missing; got %q", want, types)
		}
	}
	if len(datasets) != 4 {
		t.Errorf("got Datasets %v; want the GPU, rental, model and API price catalogs", datasets)
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// TestSitemapAndFeedListThePages parses sitemap.xml and the feeds: the
// sitemap lists every page but the 404 page once, with the day it last
// changed; each language's Atom feed (feed.xml, de/feed.xml) parses and
// has that language's methodology pages and each data edition with its
// note, newest first, titled in the language; robots.txt points to the
// sitemap.
func TestSitemapAndFeedListThePages(t *testing.T) {
	out := buildSite(t, "/sub/")
	const root = DefaultSiteURL + "/sub/"
	pages := builtPages(t, out)

	var sm struct {
		XMLName xml.Name
		URLs    []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	unmarshalFile(t, filepath.Join(out, "sitemap.xml"), &sm)
	if sm.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" || sm.XMLName.Local != "urlset" {
		t.Errorf("sitemap root is %v", sm.XMLName)
	}
	var locs []string
	for _, u := range sm.URLs {
		locs = append(locs, u.Loc)
		if _, err := time.Parse(time.DateOnly, u.LastMod); err != nil {
			t.Errorf("sitemap: %s: lastmod %q is not a date", u.Loc, u.LastMod)
		}
	}
	var want []string
	for p := range pages {
		if p != "404.html" {
			want = append(want, root+p)
		}
	}
	slices.Sort(locs)
	slices.Sort(want)
	if !slices.Equal(locs, want) {
		t.Errorf("sitemap lists %q; want %q", locs, want)
	}

	robots, err := os.ReadFile(filepath.Join(out, "robots.txt"))
	if err != nil || !strings.Contains(string(robots), "\nSitemap: "+root+"sitemap.xml\n") {
		t.Errorf("robots.txt %q does not name the sitemap (%v)", robots, err)
	}

	editions := datasettest.Editions(t, dataset.Today())
	msgs := testMsgs(t)
	// Each language's feed parses as Atom and lists that language's
	// methodology pages and every data edition, titled and dated in it.
	for _, l := range langs {
		var f struct {
			XMLName xml.Name
			Lang    string `xml:"lang,attr"`
			ID      string `xml:"id"`
			Title   string `xml:"title"`
			Updated string `xml:"updated"`
			Author  struct {
				Name string `xml:"name"`
			} `xml:"author"`
			Links []struct {
				Rel  string `xml:"rel,attr"`
				Href string `xml:"href,attr"`
			} `xml:"link"`
			Entries []struct {
				ID      string `xml:"id"`
				Title   string `xml:"title"`
				Updated string `xml:"updated"`
				Link    struct {
					Href string `xml:"href,attr"`
				} `xml:"link"`
				Summary string `xml:"summary"`
				Content string `xml:"content"`
			} `xml:"entry"`
		}
		self := root + langPath(l, seo.FeedFile)
		unmarshalFile(t, filepath.Join(out, filepath.FromSlash(langPath(l, seo.FeedFile))), &f)
		if f.XMLName.Space != "http://www.w3.org/2005/Atom" || f.XMLName.Local != "feed" || f.ID == "" || f.Title != msgs[l].T("layout.feed_title") || f.Author.Name == "" || f.Lang != l {
			t.Errorf("%s: root %v, lang %q, id %q, title %q, author %q; want an Atom feed in %s with all three", self, f.XMLName, f.Lang, f.ID, f.Title, f.Author.Name, l)
		}
		if !slices.ContainsFunc(f.Links, func(k struct {
			Rel  string `xml:"rel,attr"`
			Href string `xml:"href,attr"`
		}) bool {
			return k.Rel == "self" && k.Href == self
		}) {
			t.Errorf("%s: no self link in %v", self, f.Links)
		}
		var articles, notes int
		ids := map[string]bool{}
		for i, e := range f.Entries {
			if _, err := time.Parse(time.RFC3339, e.Updated); err != nil || e.ID == "" || e.Title == "" || ids[e.ID] {
				t.Errorf("%s: entry %d: id %q (unique: %v), title %q, updated %q (%v)", self, i, e.ID, !ids[e.ID], e.Title, e.Updated, err)
			}
			ids[e.ID] = true
			if i > 0 && e.Updated > f.Entries[i-1].Updated {
				t.Errorf("%s: entry %q is newer than the one before it", self, e.Title)
			}
			// Every link leads to a page of the feed's language.
			if other, _ := strings.CutPrefix(e.Link.Href, root); strings.HasPrefix(other, "de/") != (l == "de") {
				t.Errorf("%s: entry %q links %s, not a page in %s", self, e.Title, e.Link.Href, l)
			}
			if strings.HasPrefix(e.Link.Href, root+langPath(l, "methodology/")) && e.Summary != "" {
				articles++
			}
			for _, ed := range editions.List.DataOnly() {
				if e.Title != msgs[l].F("doc.feed.edition", "date", msgs[l].Date(ed.Date)) {
					continue
				}
				if e.Content != "" && e.Content == ed.NoteIn(l) {
					notes++
				}
				// It links to its row of the changelog in the feed's language.
				page := langPath(l, changelogPath)
				if want := root + page + "#" + editionAnchor(ed.Date); e.Link.Href != want {
					t.Errorf("%s: entry %q links %s; want %s", self, e.Title, e.Link.Href, want)
				}
				if html, _ := os.ReadFile(filepath.Join(out, filepath.FromSlash(page), "index.html")); !bytes.Contains(html, []byte(`id="`+editionAnchor(ed.Date)+`"`)) {
					t.Errorf("/%s has no row with id %q for the feed's entry %q", page, editionAnchor(ed.Date), e.Title)
				}
			}
		}
		// A methodology page for each calculator.
		if articles != len(sitedata.Calculators) || notes != len(editions.List.DataOnly()) {
			t.Errorf("%s: %d methodology pages, %d data editions with their notes; want %d and %d", self, articles, notes,
				len(sitedata.Calculators), len(editions.List.DataOnly()))
		}
		if len(f.Entries) == 0 || f.Updated != f.Entries[0].Updated {
			t.Errorf("%s: updated %q; want its newest entry's", self, f.Updated)
		}
	}
	// The German feed dates an edition as German readers write it.
	if de, _ := os.ReadFile(filepath.Join(out, "de", seo.FeedFile)); !bytes.Contains(de, []byte("<title>Datenstand 30.11.2026</title>")) {
		t.Error("de/feed.xml: no entry titled Datenstand 30.11.2026")
	}
}

func unmarshalFile(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestCardsAreLargePreviewImagesWithText decodes every page's card: a
// 1200×630 PNG on which the title (and a calculator's figure) is drawn,
// the same bytes in a second build.
func TestCardsAreLargePreviewImagesWithText(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	first, second := buildSite(t, "/sub/"), buildOwnSite(t, "/sub/")
	cards, err := filepath.Glob(filepath.Join(first, "cards", "*.png"))
	if err != nil || len(cards) < 9 {
		t.Fatalf("got cards %q (%v); want one per calculator and article, 9", cards, err)
	}
	for _, name := range cards {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(name), err)
			continue
		}
		if got := img.Bounds(); got != image.Rect(0, 0, 1200, 630) {
			t.Errorf("%s: %v; want 1200×630", filepath.Base(name), got)
		}
		// Text: light pixels on the dark background, at least a title's.
		if n := lightPixels(img); n < 5000 {
			t.Errorf("%s: %d light pixels; want the text's, at least 5000", filepath.Base(name), n)
		}
		again, err := os.ReadFile(filepath.Join(second, "cards", filepath.Base(name)))
		if err != nil || !bytes.Equal(b, again) {
			t.Errorf("%s: a second build drew other bytes (%v)", filepath.Base(name), err)
		}
	}
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := card.Draw(fonts, card.Card{Title: "GPU cluster TCO calculator", Site: "example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	figure, err := card.Draw(fonts, card.Card{Title: "GPU cluster TCO calculator", Figures: []view.Figure{{Label: "Cost per 1M output tokens", Text: "$0.90"}}, Site: "example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := png.Decode(bytes.NewReader(plain))
	b, _ := png.Decode(bytes.NewReader(figure))
	if lightPixels(b) <= lightPixels(a)+2000 {
		t.Errorf("a card with a figure has %d light pixels, without %d; want the figure drawn", lightPixels(b), lightPixels(a))
	}
}

// lightPixels counts the pixels brighter than the card's background.
func lightPixels(img image.Image) int {
	n := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c, _, _, _ := img.At(x, y).RGBA(); c>>8 > 0x60 {
				n++
			}
		}
	}
	return n
}

func TestSiteOriginTakesTheBasePath(t *testing.T) {
	for _, c := range []struct{ url, base, want string }{
		{"https://infercost.github.io", "/infercost/", "https://infercost.github.io"},
		{"https://infercost.github.io/infercost", "/infercost/", "https://infercost.github.io"},
		{"https://infercost.github.io/infercost/", "/infercost/", "https://infercost.github.io"},
		{"http://127.0.0.1:8080/", "/", "http://127.0.0.1:8080"},
		{"https://example.org/other", "/infercost/", ""},
		{"example.org", "/", ""},
		{"ftp://example.org", "/", ""},
	} {
		got, err := site.Origin(c.url, c.base)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("site.Origin(%q, %q) = %q, %v; want %q", c.url, c.base, got, err, c.want)
		}
	}
}

// A calculator's static card (a link without a query) reads as the
// worker's cards do: the page's first key figure, its error band in
// words and the data edition, in the page's language. The card is
// compared with one drawn from the built page itself: its title, its
// first key figure and band, and the data's date.
func TestStaticCardsNameTheirEditionAndBand(t *testing.T) {
	dir := buildSite(t, "/sub/")
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	msgs := testMsgs(t)
	// The edition: the data's date, which the TCO page's JSON-LD names.
	tco, err := os.ReadFile(filepath.Join(dir, "tco", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	ed := regexp.MustCompile(`"dateModified":"(\d{4}-\d\d-\d\d)"`).FindSubmatch(tco)
	if ed == nil {
		t.Fatal("the TCO page names no date of its data")
	}
	banded := 0
	for _, tc := range []struct{ lang, path, png string }{
		{"en", "tco", "tco"}, {"de", "de/tco", "de-tco"}, {"en", "performance", "performance"}, {"de", "de/memory", "de-memory"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(tc.path), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		first := doc.Find("#key-figures > div").First()
		band := first.Find("dd .band:not(.band-none)")
		f := view.Figure{Label: first.Find("dt").Text(), Text: strings.TrimSpace(first.Find("dd").Contents().First().Text()), Band: band.Text()}
		if f.Band != "" {
			banded++
		}
		title, _ := doc.Find(`meta[property="og:title"]`).Attr("content")
		if f.Text == "" {
			t.Fatalf("%s: no key figure", tc.path)
		}
		want, err := card.Draw(fonts, card.Card{Title: title, Figures: []view.Figure{f}, Site: "infercost.github.io/sub/",
			Edition: string(ed[1]), Msgs: msgs[tc.lang]})
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, "cards", tc.png+".png"))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: the static card is not %q %q with its band %q, edition %s in %s (%v)", tc.path, f.Label, f.Text, f.Band, ed[1], tc.lang, err)
		}
	}
	if banded == 0 {
		t.Error("no static card's first figure has a band: the band line is untested")
	}
}
