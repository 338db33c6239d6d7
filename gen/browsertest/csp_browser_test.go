package browsertest

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestEveryPageKeepsItsPolicyAndHead opens every page of the site and,
// on the calculators, uses what a reader uses (inputs, chart tabs,
// tooltips, legends, exports): the pages' Content-Security-Policy blocks
// nothing, their structured data (a script element of type
// application/ld+json, which the browser does not run) included. Each
// page then has exactly one canonical URL (the 404 page none) and its
// og:image is served by the local server as a PNG.
func TestEveryPageKeepsItsPolicyAndHead(t *testing.T) {
	// With the service worker, which the pages register, and which then
	// answers their requests.
	ctx := startBrowserWithServiceWorker(t)
	root := strings.TrimSuffix(serveSite(t), "tco/")
	// Violations are collected from the start of each document; a script
	// the test adds is not subject to the page's policy.
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample + ' ' + e.sourceFile.replace(/.*\//, '') + ':' + e.lineNumber + ':' + e.columnNumber));`,
	}); err != nil {
		t.Fatal(err)
	}
	structured := 0
	for _, path := range sitePaths(t, root) {
		addr := root + path
		calculator := slices.Contains([]string{"tco/", "memory/", "performance/", "pricing/"}, path)
		if !calculator {
			do(t, ctx, chromedp.Navigate(addr))
		} else {
			waitReady(ctx, t, addr)
			evalAsync[int](t, ctx, `(async () => {
				const form = document.getElementById('calc-form');
				const input = form.querySelector('input[type=number]');
				input.value = String(Number(input.value) + 1); input.dispatchEvent(new Event('input', {bubbles: true}));
				await window.__infercost.settled();
				for (const tab of [...document.querySelectorAll('[role=tab]')].concat(document.querySelector('[role=tab]') || [])) {
					tab.click(); await nextFrames(2);
				}
				for (const box of document.querySelectorAll('.chart-box')) {
					if (box.closest('.chart-panel').hidden) continue;
					box.scrollIntoView();
					await nextFrames(2);
					const c = box.querySelector('canvas'), r = c.getBoundingClientRect();
					for (const [fx, fy] of [[.5, .5], [.6, .3], [.4, .7]])
						c.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: r.left + r.width * fx, clientY: r.top + r.height * fy}));
					await nextFrames(3);
				}
				const legend = document.querySelector('button.legend-item');
				if (legend) { legend.click(); await nextFrames(2); legend.click(); }
				for (const b of document.querySelectorAll('button[data-export]')) { b.click(); await window.__infercost.settled(); }
				return 0; })()`)
		}
		if v := eval[[]string](t, ctx, `window.__csp`); len(v) > 0 {
			t.Errorf("%s: the CSP blocked %q", path, v)
		}
		if path == "tco/" && !strings.Contains(eval[string](t, ctx, `document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`), "script-src 'self'") {
			t.Error("no CSP on the calculator")
		}
		structured += pageHead(t, ctx, root, path)
	}
	if structured < 9 {
		t.Errorf("found %d JSON-LD documents; want at least one on every indexed page", structured)
	}
}

// pageHead checks the head of the page shown, root+path, as the page's
// scripts leave it: one canonical URL (the 404 page none) and an og:image
// that the local server serves as a PNG. It returns the page's number of
// JSON-LD documents.
func pageHead(t *testing.T, ctx context.Context, root, path string) int {
	t.Helper()
	h := eval[struct {
		Canonical int    `json:"canonical"`
		Image     string `json:"image"`
		LD        int    `json:"ld"`
	}](t, ctx, `({canonical: document.querySelectorAll('link[rel="canonical"]').length,
		image: (document.querySelector('meta[property="og:image"]') || {}).content || '',
		ld: document.querySelectorAll('script[type="application/ld+json"]').length})`)
	if path == "404.html" {
		if h.Canonical != 0 {
			t.Errorf("/404.html: %d canonical links; want none", h.Canonical)
		}
		return h.LD
	}
	if h.Canonical != 1 {
		t.Errorf("/%s: %d canonical links; want 1", path, h.Canonical)
	}
	// The card's absolute URL is the published site's: ask the local
	// server for its path.
	u, err := url.Parse(h.Image)
	if err != nil || u.Path == "" {
		t.Errorf("/%s: og:image %q", path, h.Image)
		return h.LD
	}
	res, err := http.Get(strings.TrimSuffix(root, "/sub/") + u.Path)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
		t.Errorf("/%s: og:image %s: %s, %s; want 200 OK, image/png", path, u.Path, res.Status, res.Header.Get("Content-Type"))
	}
	return h.LD
}

// sitePaths lists the site's pages below root: those linked from the
// home page, and from them, and the 404 page.
func sitePaths(t *testing.T, root string) []string {
	t.Helper()
	base := root[strings.Index(root[len("http://"):], "/")+len("http://"):]
	paths := []string{"", "404.html"}
	seen := map[string]bool{"": true, "404.html": true}
	for i := 0; i < len(paths); i++ {
		if paths[i] == "404.html" {
			continue
		}
		res, err := http.Get(root + paths[i])
		if err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		doc.Find("a[href]").Each(func(_ int, a *goquery.Selection) {
			href, _ := a.Attr("href")
			p, ok := strings.CutPrefix(strings.SplitN(strings.SplitN(href, "#", 2)[0], "?", 2)[0], base)
			if ok && !seen[p] && !strings.HasPrefix(p, "assets/") {
				seen[p] = true
				paths = append(paths, p)
			}
		})
	}
	if len(paths) < 10 {
		t.Fatalf("found only %v", paths)
	}
	return paths
}
