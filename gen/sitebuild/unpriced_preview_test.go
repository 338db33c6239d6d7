package sitebuild

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/site/card"
)

// A link whose option has no price previews no cost of it: the
// server-rendered page's title and description, and the card drawn
// from them, name only priced options' figures and say the unpriced one
// is left out; with every compared option unpriced, the card has no key
// figure at all. Before, a link to an owned H200 cluster (no purchase
// price in the 2026-12-04 edition) previewed "Cost per 1M output
// tokens, A: $0.53".
func TestUnpricedOptionPreviewsNoCost(t *testing.T) {
	s := servePreview(t, "/sub/")
	for _, tc := range []struct{ lang, query, leftOut, unpriced string }{
		{"en", "ed=2026-12-04&a.gpu=h200-sxm", "Option A needs a price and is left out.", "A"},
		{"de", "ed=2026-12-04&a.gpu=h200-sxm", "Für Option A fehlt ein Preis; sie bleibt außen vor.", "A"},
		{"en", "ed=2026-12-04&k=2&a.gpu=h200-sxm&b.kind=rent&b.gpu=b200", "Options A and B need a price and are left out.", "AB"},
		{"de", "ed=2026-12-04&k=2&a.gpu=h200-sxm&b.kind=rent&b.gpu=b200", "Für die Optionen A und B fehlen Preise; sie bleiben außen vor.", "AB"},
	} {
		link := langPath(tc.lang, "") + "tco/?" + tc.query
		want := s.CalcsIn(tc.lang).Page("tco", tc.query)
		res, body := get(t, s.Root+link)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %s", link, res.Status)
		}
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		meta := func(key string) string {
			v, _ := doc.Find(`meta[property="` + key + `"]`).Attr("content")
			return v
		}
		title, desc := meta("og:title"), meta("og:description")
		if !strings.HasSuffix(desc, tc.leftOut) {
			t.Errorf("%s: og:description %q; want it to end %q", link, desc, tc.leftOut)
		}
		for _, l := range tc.unpriced {
			if strings.Contains(desc, string(l)+" (") || strings.Contains(title, ", "+string(l)+":") {
				t.Errorf("%s: og:title %q, og:description %q; want no figure of option %c", link, title, desc, l)
			}
		}
		if len(tc.unpriced) == 2 && len(want.Headline.Figures) != 0 {
			t.Errorf("%s: key figures %v; want none when every option is unpriced", link, want.Headline.Figures)
		}
		b, err := os.ReadFile(filepath.Join(s.Out, langPath(tc.lang, ""), "tco", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		static, _ := goquery.NewDocumentFromReader(bytes.NewReader(b))
		pageTitle, _ := static.Find(`meta[property="og:title"]`).Attr("content")
		res, png := get(t, meta("og:image"))
		_, edition := s.CalcsIn(tc.lang).Data(tc.query)
		wantCard, err := card.Draw(s.Fonts, card.Card{Title: pageTitle, Text: want.Headline.Text, Figures: want.Headline.Figures,
			Site: strings.TrimPrefix(s.Root, "http://"), Edition: edition, Msgs: s.CalcsIn(tc.lang).Msgs, Fast: true})
		if res.StatusCode != 200 || err != nil || !bytes.Equal(png, wantCard) {
			t.Errorf("%s: card %s; want the one drawn from the headline without option %s (%v)", link, res.Status, tc.unpriced, err)
		}
	}
}
