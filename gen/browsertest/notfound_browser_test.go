package browsertest

import (
	"net/http/httptest"
	"os"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
)

// TestNotFoundPageSpeaksThePathsLanguage opens missing paths in Chromium
// as GitHub Pages answers them, with the one 404 page: under /de/ the
// reader gets it in German (<html lang>, title, heading, navigation to
// the German pages, and no English message of the catalog), with a theme
// menu that works; elsewhere in English, the German page unseen. The
// page's CSP blocks nothing.
func TestNotFoundPageSpeaksThePathsLanguage(t *testing.T) {
	out := buildSite(t, "/sub/")
	srv := httptest.NewServer(sitebuild.SiteHandler(out, "/sub/"))
	t.Cleanup(srv.Close)
	ctx := startBrowser(t)
	// The swap runs under the page's CSP: any violation is collected.
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`,
	}); err != nil {
		t.Fatal(err)
	}
	msgs, err := sitebuild.MessageCatalogs(os.DirFS(repoRoot + "/content"))
	if err != nil {
		t.Fatal(err)
	}
	parts := englishParts(t)
	for _, c := range []struct{ path, lang string }{
		{"/sub/de/gibt-es-nicht/", "de"},
		{"/sub/de/methodology/tco/typo", "de"},
		{"/sub/missing/", "en"},
		{"/sub/deutsch/", "en"}, // not the German folder
	} {
		do(t, ctx, chromedp.Navigate(srv.URL+c.path), chromedp.WaitReady("body"))
		m := msgs[c.lang]
		state := eval[struct {
			Lang, Title, H1, Home, Tco string
		}](t, ctx, `({Lang: document.documentElement.lang, Title: document.title, H1: document.querySelector('h1').textContent,
			Home: document.querySelector('a.brand').getAttribute('href'),
			Tco: document.querySelector('nav a[href$="tco/"]').getAttribute('href')})`)
		want := struct{ Lang, Title, H1, Home, Tco string }{c.lang, m.T("layout.not_found") + " · InferCost", m.T("layout.not_found"),
			"/sub/" + sitebuild.LangPath(c.lang, ""), "/sub/" + sitebuild.LangPath(c.lang, "tco/")}
		if state != want {
			t.Errorf("%s: got %+v; want %+v", c.path, state, want)
		}
		if v := eval[[]string](t, ctx, `window.__csp`); len(v) > 0 {
			t.Errorf("%s: the CSP blocked %q", c.path, v)
		}
		if c.lang != "de" {
			if eval[int](t, ctx, `document.querySelectorAll('h1').length`) != 1 {
				t.Errorf("%s: more than one heading shows", c.path)
			}
			continue
		}
		text := eval[string](t, ctx, `document.title + '\n' + document.body.innerText + '\n' +
			[...document.querySelectorAll('[aria-label],[title],option')].map(e => (e.getAttribute('aria-label') || '') + (e.getAttribute('title') || '') + (e.matches('option') ? e.textContent : '')).join('\n')`)
		for _, p := range parts {
			if containsWords(text, p) {
				t.Errorf("%s shows English %q", c.path, p)
			}
		}
		// theme.js found the German page's menu: a choice is remembered.
		got := eval[string](t, ctx, `(() => { const s = document.getElementById('theme'); s.value = 'dark';
			s.dispatchEvent(new Event('change')); const v = localStorage.getItem('infercost-theme'); localStorage.removeItem('infercost-theme'); return v; })()`)
		if got != "dark" {
			t.Errorf("%s: the theme menu stored %q; want dark", c.path, got)
		}
	}
}
