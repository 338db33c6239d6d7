package browsertest

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitetest"
)

// embedFigures reads an embedded calculator's answer: its headline and
// its key figures, one line each.
func embedFigures(s *goquery.Selection) string {
	lines := []string{strings.TrimSpace(s.Find(".headline-text").Text())}
	s.Find(".key-figures div").Each(func(_ int, d *goquery.Selection) { lines = append(lines, strings.TrimSpace(d.Text())) })
	return strings.Join(lines, "\n")
}

// readEmbedJS reads the same in the page, of the embed at index i.
const readEmbedJS = `(e => [e.querySelector('.headline-text').textContent.trim(),
	...[...e.querySelectorAll('.key-figures div')].map(d => d.textContent.trim())].join('\n'))(document.querySelectorAll('[data-embed]')[%d])`

// Every calculator embedded in an article, in each language, shows the
// figures the build computed, and the engine, once it has answered in
// the browser, shows the same.
func TestArticlesCalculatorsShowTheEnginesFigures(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	do(t, ctx, chromedp.EmulateViewport(390, 700))
	for name, a := range sitetest.Articles(t) {
		page := root + a.Path
		resp, err := http.Get(page)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		var built []string
		doc.Find("[data-embed]").Each(func(_ int, s *goquery.Selection) { built = append(built, embedFigures(s)) })
		if len(built) == 0 {
			t.Errorf("%s: %s shows no calculator", name, a.Path)
			continue
		}
		do(t, ctx, chromedp.Navigate(page))
		for i, want := range built {
			if strings.TrimSpace(strings.Split(want, "\n")[0]) == "" {
				t.Errorf("%s: calculator %d has no answer in the built page", name, i+1)
			}
			n := strconv.Itoa(i)
			// Scrolled to, the embed starts its engine; wait for its answer.
			ready := evalAsync[bool](t, ctx, `new Promise((ok, fail) => {
				const e = document.querySelectorAll('[data-embed]')[`+n+`];
				e.scrollIntoView();
				const start = Date.now();
				const poll = () => e.dataset.engine === 'ready' ? ok(true) :
					Date.now() - start > 120000 ? fail(new Error('no answer in 120 s')) : setTimeout(poll, 50);
				poll();
			})`)
			got := eval[string](t, ctx, strings.Replace(readEmbedJS, "%d", n, 1))
			if !ready || got != want {
				t.Errorf("%s, calculator %d: the engine shows\n%s\nthe build showed\n%s", name, i+1, got, want)
			}
		}
	}
}
