package browsertest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestEveryPageHasOneCanonicalURLAndACardThatLoads opens every page in
// Chromium: it has exactly one canonical URL (the 404 page none), its
// og:image is served by the local server as a PNG, and its structured
// data, a script element of type application/ld+json, breaks no rule of
// the Content-Security-Policy (the browser does not run it).
func TestEveryPageHasOneCanonicalURLAndACardThatLoads(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample));`,
	}); err != nil {
		t.Fatal(err)
	}
	type head struct {
		Canonical int      `json:"canonical"`
		Image     string   `json:"image"`
		LD        int      `json:"ld"`
		CSP       []string `json:"csp"`
	}
	structured := 0
	for _, path := range sitePaths(t, root) {
		do(t, ctx, chromedp.Navigate(root+path))
		h := eval[head](t, ctx, `({canonical: document.querySelectorAll('link[rel="canonical"]').length,
			image: (document.querySelector('meta[property="og:image"]') || {}).content || '',
			ld: document.querySelectorAll('script[type="application/ld+json"]').length, csp: window.__csp})`)
		structured += h.LD
		if len(h.CSP) > 0 {
			t.Errorf("/%s: the CSP blocked %q", path, h.CSP)
		}
		if path == "404.html" {
			if h.Canonical != 0 {
				t.Errorf("/404.html: %d canonical links; want none", h.Canonical)
			}
			continue
		}
		if h.Canonical != 1 {
			t.Errorf("/%s: %d canonical links; want 1", path, h.Canonical)
		}
		// The card's absolute URL is the published site's: ask the local
		// server for its path.
		u, err := url.Parse(h.Image)
		if err != nil || u.Path == "" {
			t.Errorf("/%s: og:image %q", path, h.Image)
			continue
		}
		res, err := http.Get(strings.TrimSuffix(root, "/sub/") + u.Path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
			t.Errorf("/%s: og:image %s: %s, %s; want 200 OK, image/png", path, u.Path, res.Status, res.Header.Get("Content-Type"))
		}
	}
	if structured < 9 {
		t.Errorf("found %d JSON-LD documents; want at least one on every indexed page", structured)
	}
}

// TestThemeMenuSwitchesPageAndChartsAndIsRemembered picks dark and light
// in the header's menu against the system's setting: the page's colours
// and the chart's text follow at once, a reload keeps the choice, and
// "System colours" follows the system again. The first frame after a
// reload is already in the picked theme.
func TestThemeMenuSwitchesPageAndChartsAndIsRemembered(t *testing.T) {
	ctx, page := browser(t)
	system := func(scheme string) {
		cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
	}
	// The page's background, the chart's text and axis labels, the menu.
	const probe = `(async () => { const box = document.querySelector('.chart-box'); box.scrollIntoView(); await nextFrames(3);
		const o = echarts.getInstanceByDom(box).getOption();
		return [getComputedStyle(document.body).backgroundColor, o.textStyle.color, o.yAxis[0].axisLabel.color, document.getElementById('theme').value].join(' | '); })()`
	pick := func(theme string) {
		eval[int](t, ctx, `(() => { const s = document.getElementById('theme'); s.value = '`+theme+`'; s.dispatchEvent(new Event('change')); return 0; })()`)
	}
	const light, dark = "rgb(255, 255, 255) | #1f2937 | #1f2937", "rgb(17, 24, 39) | #e5e7eb | #e5e7eb"
	check := func(step, want string) {
		t.Helper()
		if got := evalAsync[string](t, ctx, probe); got != want {
			t.Errorf("%s: got %q; want %q", step, got, want)
		}
	}

	// The first frame's background: a theme applied later would flash.
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `requestAnimationFrame(() => { window.__firstFrame = getComputedStyle(document.body || document.documentElement).backgroundColor; });`,
	}); err != nil {
		t.Fatal(err)
	}
	firstFrame := func(step, want string) {
		t.Helper()
		if got := eval[string](t, ctx, `window.__firstFrame`); got != want {
			t.Errorf("%s: the first frame's background is %q; want %q", step, got, want)
		}
	}

	system("light")
	waitReady(ctx, t, page)
	check("light system", light+" | ")
	pick("dark")
	check("dark picked", dark+" | dark")
	waitReady(ctx, t, page)
	check("dark picked, reloaded", dark+" | dark")
	firstFrame("dark picked, reloaded", "rgb(17, 24, 39)")
	// A picked dark theme is for the screen: the printed handout is light.
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print",
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}})
	if got := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); got != "rgb(255, 255, 255)" {
		t.Errorf("dark picked, printed: the background is %q; want white", got)
	}
	system("dark")
	pick("light")
	check("light picked on a dark system", light+" | light")
	waitReady(ctx, t, page)
	check("light picked on a dark system, reloaded", light+" | light")
	firstFrame("light picked on a dark system, reloaded", "rgb(255, 255, 255)")
	pick("")
	check("system colours on a dark system", dark+" | ")
}
