package browsertest

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/wasm/msg"
)

// answerJS reads the answer a page shows: its sentence, then each key
// figure as "label = figure".
const answerJS = `[document.getElementById('headline-text').textContent,
	...[...document.querySelectorAll('#key-figures div')].map(d => d.querySelector('dt').textContent + ' = ' + d.querySelector('dd').textContent)]`

// TestServerRenderedLinkWithoutJavaScript opens a preset's link of every
// calculator from the preview server in Chromium with JavaScript
// disabled, in English and in German (/de/): the page shows the link's
// answer and key figures in its language, and its notice says so. With
// JavaScript, the same link from the static host (the browser engine's
// answer, in German with the German catalog the page loads) shows the
// same, and so does the preview server's page once its engine has
// started.
func TestServerRenderedLinkWithoutJavaScript(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	s := servePreview(t, "/sub/")
	static := httptest.NewServer(sitebuild.SiteHandler(s.Out, "/sub/"))
	t.Cleanup(static.Close)
	ctx := startBrowser(t)
	do(t, ctx) // the browser starts; the tab below is its second
	// The tab without scripts: Chromium runs none of the page's, as with
	// JavaScript switched off in its settings.
	noJS, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	do(t, noJS)
	cdpCall(t, noJS, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
	for _, lang := range msg.Langs {
		calcs := s.CalcsIn(lang)
		for _, c := range sitebuild.Calculators(s.Editions.Latest()) {
			query := "preset=" + c.Presets[len(c.Presets)-1].Name
			link := sitebuild.LangPath(lang, c.Name()+"/?"+query)
			do(t, noJS, chromedp.Navigate(s.Root+link), chromedp.WaitVisible(chromedp.CSS("#key-figures")))
			off := eval[[]string](t, noJS, answerJS)
			if engine := eval[bool](t, noJS, `document.documentElement.hasAttribute('data-engine')`); engine {
				t.Fatalf("%s: the page's script ran in the tab without JavaScript", link)
			}
			if notice := eval[string](t, noJS, `document.querySelector('noscript p') ? document.querySelector('noscript p').textContent : ''`); !strings.HasPrefix(notice, calcs.Msgs.T("calc.noscript_rendered")) {
				t.Errorf("%s: without JavaScript the notice says %q; want this link's scenario", link, notice)
			}
			p := calcs.Page(c.Name(), query)
			want := []string{p.Headline.Text}
			for _, f := range p.Headline.Figures {
				want = append(want, sitetest.FigureShown(f))
			}
			if def := calcs.Page(c.Name(), "").Headline; def.Text == p.Headline.Text {
				t.Fatalf("%s: the preset's answer is the default scenario's, which proves nothing", link)
			}
			if !slices.Equal(off, want) {
				t.Errorf("%s: without JavaScript the page shows\n%q\nthe calculators give\n%q", link, off, want)
			}
			waitEngine(ctx, t, static.URL+"/sub/"+link)
			if on := eval[[]string](t, ctx, answerJS); !slices.Equal(off, on) {
				t.Errorf("%s: without JavaScript the server's page shows\n%q\nthe browser engine shows\n%q", link, off, on)
			}
			waitEngine(ctx, t, s.Root+link)
			if on := eval[[]string](t, ctx, answerJS); !slices.Equal(off, on) {
				t.Errorf("%s: the server's page with its engine started shows\n%q\nwithout JavaScript\n%q", link, on, off)
			}
		}
	}
}
