package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
)

// notTranslated are the English messages a German page may show as they
// are: names of products and units, and words German uses too. The one
// place for them. "KV cache" stands in vLLM's log line "GPU KV cache
// size", which the German help quotes.
var notTranslated = []string{"KV cache"}

// shownText collects what a reader sees or hears of the site's own words
// on the page: its title, the visible text, and the aria-labels, titles,
// placeholders, alt texts and option texts. Left out is what is data or
// prose rather than the interface: an article's text and tables (written
// in its language; its embedded calculators are checked), the presets'
// titles, descriptions and explanations, and the notes that name a
// default's source with the data's own note, which the data files hold
// in English only.
const shownText = `(() => {
	const data = '.prose > :not(.embed), .presets, .explanation, .preset-source, .embed-title, .note';
	// An embedded calculator's aria-label is its preset's title.
	const skip = e => e.closest(data) || e.matches('.embed');
	const hidden = [...document.querySelectorAll(data)].filter(e => e.style.display !== 'none');
	hidden.forEach(e => e.style.display = 'none');
	const shown = document.body.innerText;
	hidden.forEach(e => e.style.display = '');
	const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].filter(e => !skip(e)).flatMap(e =>
		['aria-label', 'title', 'placeholder', 'alt'].map(a => e.getAttribute(a) || ''));
	const options = [...document.querySelectorAll('option')].filter(o => !skip(o)).map(o => o.textContent);
	return [document.title, shown, ...attrs, ...options].join('\n');
})()`

// englishParts returns the literal parts, between placeholders, of every
// English message that German words differently, as a German page must
// not show them.
func englishParts(t *testing.T) []string {
	t.Helper()
	cs, err := loadCatalogs(os.DirFS("../content"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for k, en := range cs["en"] {
		if cs["de"][k] == en || strings.Contains(en, "<") {
			continue
		}
		for _, part := range placeholder.Split(en, -1) {
			part = strings.Trim(part, " .,:;()")
			// A single short word ("Load", "Reset") matches inside
			// German words and names; longer parts say it is English.
			if len(part) >= 8 && !slices.Contains(notTranslated, part) {
				out = append(out, part)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestGermanPagesShowNoEnglish walks every page of both languages in
// Chromium, calculators once their engine has answered: English pages
// say lang="en" and German ones lang="de", and no German page shows an
// English message of the catalog, naming the page and the message. A
// German calculator writes German numbers, and the language switch keeps
// the scenario.
func TestGermanPagesShowNoEnglish(t *testing.T) {
	out := buildSite(t, "/sub/")
	srv := httptest.NewServer(SiteHandler(out, "/sub/"))
	t.Cleanup(srv.Close)
	ctx := startBrowser(t)
	parts := englishParts(t)
	var pages []string
	_ = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "index.html" && !strings.Contains(p, "pagefind") {
			rel, _ := filepath.Rel(out, filepath.Dir(p))
			pages = append(pages, strings.TrimPrefix(filepath.ToSlash(rel)+"/", "./"))
		}
		return err
	})
	german := 0
	for _, page := range pages {
		t.Logf("/%s", page)
		do(t, ctx, chromedp.Navigate(srv.URL+"/sub/"+page))
		if eval[bool](t, ctx, `!!document.querySelector('[data-calculator]')`) {
			do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
		}
		lang := eval[string](t, ctx, `document.documentElement.lang`)
		want := "en"
		if strings.HasPrefix(page, "de/") {
			want = "de"
		}
		if lang != want {
			t.Errorf("/%s: <html lang=%q>; want %q", page, lang, want)
		}
		if want != "de" {
			continue
		}
		german++
		text := eval[string](t, ctx, shownText)
		for _, p := range parts {
			if containsWords(text, p) {
				t.Errorf("/%s shows English %q", page, p)
			}
		}
	}
	if german < 6 {
		t.Errorf("walked %d German pages; want the home page, the four calculators and search at least", german)
	}

	// 14.96 GiB of Llama 3.1 8B's weights in BF16 on one GPU, as a German
	// reader writes it: the decimal comma.
	do(t, ctx, chromedp.Navigate(srv.URL+"/sub/de/memory/?ctx=4096#results"), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	if got := eval[string](t, ctx, `document.querySelector('[data-key="a.weights_gib"]').textContent.trim()`); !regexp.MustCompile(`^\d+,\d\d GiB$`).MatchString(got) {
		t.Errorf("/de/memory/ weights: got %q; want a decimal comma", got)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#lang-switch`)), chromedp.WaitVisible(chromedp.CSS(`html[lang="en"][data-engine="ready"]`)))
	if got := eval[string](t, ctx, `location.pathname + location.search + location.hash`); got != "/sub/memory/?ctx=4096#results" {
		t.Errorf("language switch: got %s; want /sub/memory/?ctx=4096#results", got)
	}
}

// containsWords reports whether text holds part as whole words: not
// inside a longer word, as "tokens/s" is inside the German
// "Ausgabetokens/s".
func containsWords(text, part string) bool {
	letter := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; ; {
		j := strings.Index(text[i:], part)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(part)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if (start == 0 || !letter(before)) && (end == len(text) || !letter(after)) {
			return true
		}
		i = start + 1
	}
}
