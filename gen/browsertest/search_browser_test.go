package browsertest

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestSearchFindsPagesInTheReadersLanguage types queries into the search
// pages of the site built under /sub/, reached from the header, on a
// phone: English finds the memory article and its methodology page,
// German finds German articles only; the keyboard reaches and opens a
// result; nothing on screen moves as results come, the page does not
// scroll sideways, and the Content-Security-Policy blocks nothing.
func TestSearchFindsPagesInTheReadersLanguage(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample));
			window.__shift = 0; new PerformanceObserver(l => l.getEntries().forEach(e => { window.__shift += e.value; })).observe({type: 'layout-shift', buffered: true});`,
	}); err != nil {
		t.Fatal(err)
	}
	// search follows the header's search link from page, types the query
	// and returns the results' paths below root.
	search := func(page, query string) []string {
		t.Helper()
		do(t, ctx, chromedp.Navigate(root+page))
		link := eval[string](t, ctx, `document.querySelector('header.site a[rel=search]').href`)
		do(t, ctx, chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#search-input`)),
			chromedp.Focus(chromedp.CSS(`#search-input`)), chromedp.SendKeys(chromedp.CSS(`#search-input`), query))
		// The results are there when the list names the query it shows
		// (search.js); a search that never answers fails here.
		evalAsync[bool](t, ctx, `(async () => { const list = document.getElementById('search-results');
			for (let i = 0; i < 600 && list.dataset.query !== `+strconv.Quote(query)+`; i++) await new Promise(r => setTimeout(r, 50));
			return true; })()`)
		if got := eval[string](t, ctx, `document.getElementById('search-results').dataset.query`); got != query {
			t.Errorf("results are for %q; want %q", got, query)
		}
		var paths []string
		for _, href := range eval[[]string](t, ctx, `[...document.querySelectorAll('#search-results a')].map(a => a.href)`) {
			if !strings.HasPrefix(href, root) {
				t.Errorf("result %s is outside the site's base %s", href, root)
			}
			paths = append(paths, strings.TrimPrefix(href, root))
		}
		t.Logf("%s %q: %v; %.0f bytes downloaded (uncompressed) since navigation", link, query, paths,
			eval[float64](t, ctx, `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((n, e) => n + e.decodedBodySize, 0)`))
		if v := eval[[]string](t, ctx, `window.__csp`); len(v) > 0 {
			t.Errorf("%s: the CSP blocked %q", link, v)
		}
		// Counted whether or not a key was pressed just before.
		if shift := eval[float64](t, ctx, `window.__shift`); shift > 0 {
			t.Errorf("%s: layout shift %v while searching; want none", link, shift)
		}
		if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > 391 {
			t.Errorf("%s: page is %d px wide at a 390 px viewport", link, sw)
		}
		return paths
	}

	en := search("memory/", "KV cache")
	for _, want := range []string{"articles/kv-cache-batch-size/", "methodology/memory/"} {
		if !slices.Contains(en, want) {
			t.Errorf("English search for KV cache found %q; want %s among them", en, want)
		}
	}
	if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "en" {
		t.Errorf("English search page has lang %q", lang)
	}
	// From the field, Tab reaches the first result and Enter opens it.
	do(t, ctx, chromedp.KeyEvent(kb.Tab))
	if got := eval[string](t, ctx, `document.activeElement.href || document.activeElement.id`); got != root+en[0] {
		t.Errorf("Tab from the search field focuses %q; want the first result %s", got, root+en[0])
	}
	do(t, ctx, chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(chromedp.CSS(`article[data-testid=article]`)))
	if got := eval[string](t, ctx, `location.href`); got != root+en[0] {
		t.Errorf("Enter on the first result opened %s; want %s", got, root+en[0])
	}

	// "Schätzung" (estimate) is on German pages only: the home page's
	// answers, articles and methodology.
	de := search("de/articles/", "Schätzung")
	if len(de) == 0 {
		t.Error("German search for Schätzung found nothing")
	}
	for _, p := range de {
		if !strings.HasPrefix(p, "de/") {
			t.Errorf("German search for Schätzung found %s; want German pages only", p)
		}
	}
	if label := eval[string](t, ctx, `document.querySelector('label[for=search-input]').textContent.trim()`); label != "Suchbegriff" {
		t.Errorf("German search field is labelled %q; want Suchbegriff", label)
	}
}
