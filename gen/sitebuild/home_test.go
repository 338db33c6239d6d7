package sitebuild

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/sitedata"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/msg"
)

// TestHomeAnswersFromTheData: the home page lists the calculators with
// the answer each one's page opens with, and the sizes of the catalogs,
// all from the data, so that nothing on it falls behind (it named
// GPT-4.1 and promised hosted APIs "in later calculators" while the API
// calculator listed 1,441). It links the articles, as does every page's
// menu (issue 45, point 7).
func TestHomeAnswersFromTheData(t *testing.T) {
	out := buildSite(t, "/")
	d := datasettest.Load(t)
	msgs, _, err := loadMessages(os.DirFS("../../content"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		lang, home, prefix string
		m                  *msg.Catalog
	}{{"en", "index.html", "/", msgs["en"]}, {"de", "de/index.html", "/de/", msgs["de"]}} {
		doc := sitetest.ReadDoc(t, filepath.Join(out, filepath.FromSlash(l.home)))
		items := doc.Find("ul.calc-list > li")
		if items.Length() != len(sitedata.Calculators) {
			t.Fatalf("%s: %d calculators on the home page; want %d", l.lang, items.Length(), len(sitedata.Calculators))
		}
		for _, calc := range sitedata.Calculators {
			item := items.FilterFunction(func(_ int, s *goquery.Selection) bool {
				href, _ := s.Find("h3 a").Attr("href")
				return href == l.prefix+calc+"/"
			})
			if item.Length() != 1 {
				t.Errorf("%s: no home entry links %s%s/", l.lang, l.prefix, calc)
				continue
			}
			// The answer is the one the calculator's page shows.
			page := sitetest.ReadDoc(t, filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(l.prefix, "/")+calc+"/index.html")))
			want := strings.TrimSpace(page.Find("#headline-text").Text())
			if got := item.Find("p.answer").Text(); want == "" || !strings.HasSuffix(got, want) {
				t.Errorf("%s %s: home answer %q; want it to end with the page's %q", l.lang, calc, got, want)
			}
			if item.Find(".key-figures dd").Length() == 0 {
				t.Errorf("%s %s: no key figures", l.lang, calc)
			}
		}
		// The sizes of the catalogs, as the data has them.
		text := doc.Find("ul.calc-list").Text()
		for _, n := range []int{len(d.GPUs.GPUs), len(d.Rental.Offers), len(d.Models.Models), len(d.Pricing.APIs.Models)} {
			if s := l.m.Num(float64(n), 0); !strings.Contains(text, s) {
				t.Errorf("%s: the home page does not give the catalog size %s", l.lang, s)
			}
		}
		// What the Markdown says itself names no model and no stale
		// promise; the list names what the data has.
		written := doc.Find("main").Clone()
		written.Find("ul.calc-list").Remove()
		for _, stale := range []string{"GPT-4.1", "later calculators", "späteren Rechnern"} {
			if strings.Contains(written.Text(), stale) {
				t.Errorf("%s: the home page still says %q", l.lang, stale)
			}
		}
		linked := doc.Find("main a").FilterFunction(func(_ int, a *goquery.Selection) bool {
			href, _ := a.Attr("href")
			ref, err := url.Parse(href)
			return err == nil && (&url.URL{Path: l.prefix}).ResolveReference(ref).Path == l.prefix+"articles/"
		})
		if linked.Length() == 0 {
			t.Errorf("%s: the home page's text does not link the articles", l.lang)
		}
	}
	// Every page's menu links the articles in its language.
	err = filepath.WalkDir(out, func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(path) != ".html" || filepath.Base(path) == "404.html" {
			return err
		}
		rel, _ := filepath.Rel(out, path)
		prefix := "/"
		if strings.HasPrefix(rel, "de"+string(filepath.Separator)) {
			prefix = "/de/"
		}
		if sitetest.ReadDoc(t, path).Find(`header.site nav a[href="`+prefix+`articles/"]`).Length() != 1 {
			t.Errorf("%s: the menu does not link %sarticles/", rel, prefix)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
