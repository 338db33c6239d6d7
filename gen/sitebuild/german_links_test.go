package sitebuild

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/gen/sitetest"
)

// TestGermanPagesLinkGermanPages walks every page under de/ of the built
// site, and the German page the 404 page carries, and follows each link
// to a page of the site: it leads to the German version wherever one
// exists. The language switch and the hreflang alternates, which lead
// to the English version on purpose, are left out.
func TestGermanPagesLinkGermanPages(t *testing.T) {
	const base = "/sub/"
	out := buildSite(t, base)
	docs := map[string]*goquery.Selection{}
	err := filepath.WalkDir(filepath.Join(out, "de"), func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") {
			rel, _ := filepath.Rel(out, p)
			docs[base+strings.TrimSuffix(filepath.ToSlash(rel), "index.html")] = sitetest.ReadDoc(t, p).Selection
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	notFound := sitetest.ReadDoc(t, filepath.Join(out, "404.html")).Find("template#page-de")
	if notFound.Length() != 1 {
		t.Fatal("404.html: no German page in template#page-de")
	}
	docs[base+"de/404.html"] = notFound
	if len(docs) < 15 {
		t.Fatalf("found %d German pages; want the home page, calculators, methodology, API, articles and search", len(docs))
	}
	checked := 0
	for page, doc := range docs {
		from, _ := url.Parse("https://example.org" + page)
		doc.Find("a[href], link[href]").Each(func(_ int, s *goquery.Selection) {
			href, _ := s.Attr("href")
			if s.Is("#lang-switch") || s.Is("link[hreflang]") {
				return
			}
			u, err := from.Parse(href)
			if err != nil || u.Host != "example.org" || !strings.HasPrefix(u.Path, base) {
				return // another site's
			}
			rest := strings.TrimPrefix(u.Path, base)
			if strings.HasPrefix(rest, "de/") || strings.HasPrefix(rest, "assets/") || strings.HasPrefix(rest, "cards/") || strings.HasPrefix(rest, "pagefind/") {
				return
			}
			checked++
			german := filepath.Join(out, "de", filepath.FromSlash(rest))
			if rest == "" || strings.HasSuffix(rest, "/") {
				german = filepath.Join(german, "index.html")
			}
			if _, err := os.Stat(german); err == nil {
				t.Errorf("%s links %s; want its German version %sde/%s", page, href, base, rest)
			}
		})
	}
	t.Logf("%d German pages, %d links to English-only files checked", len(docs), checked)
}
