package sitebuild

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestSearchIndexesTextNotFormsOrFigures checks what the built pages give
// Pagefind and what it made of them: every page but the 404 and search
// pages marks one part to index, in which no form field, button or
// scenario figure is left for the index; and the index has a language per
// <html lang>, with each language's pages.
func TestSearchIndexesTextNotFormsOrFigures(t *testing.T) {
	out := buildSite(t, "/sub/")
	perLang := map[string]int{}
	for path, doc := range builtPages(t, out) {
		want := 1
		if path == "404.html" || strings.HasSuffix(path, "search/") {
			want = 0
		}
		body := doc.Find("[data-pagefind-body]")
		if body.Length() != want {
			t.Errorf("/%s: %d parts marked data-pagefind-body; want %d", path, body.Length(), want)
			continue
		}
		if want == 0 {
			continue
		}
		lang, _ := doc.Find("html").Attr("lang")
		perLang[lang]++
		body.Find("input, select, button, textarea, [data-metric], [data-value]").Each(func(_ int, s *goquery.Selection) {
			if s.Closest("[data-pagefind-ignore]").Length() == 0 {
				h, _ := goquery.OuterHtml(s)
				t.Errorf("/%s: search indexes %.120s", path, h)
			}
		})
	}
	b, err := os.ReadFile(filepath.Join(out, "pagefind", "pagefind-entry.json"))
	if err != nil {
		t.Fatal(err)
	}
	var entry struct {
		Languages map[string]struct {
			PageCount int `json:"page_count"`
		} `json:"languages"`
	}
	if err := json.Unmarshal(b, &entry); err != nil {
		t.Fatal(err)
	}
	if len(entry.Languages) != len(perLang) || perLang["de"] == 0 {
		t.Errorf("index has languages %v; want one per page language, German included: %v", entry.Languages, perLang)
	}
	for lang, n := range perLang {
		if got := entry.Languages[lang].PageCount; got != n {
			t.Errorf("index of %q has %d pages; want %d", lang, got, n)
		}
	}
}
