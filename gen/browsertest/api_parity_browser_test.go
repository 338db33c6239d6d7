package browsertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/sitedata"
)

// readCells reads every result cell the page shows: data-key -> its text
// (without the error band beside it), data-value, and the band's text and
// data-low and data-high.
const readCells = `Object.fromEntries([...document.querySelectorAll('td[data-key]')].map(e => {
	const b = e.querySelector('.band:not(.band-none)'), c = e.cloneNode(true);
	c.querySelectorAll('.band').forEach(x => x.remove());
	return [e.dataset.key, {text: c.textContent.trim(), value: e.dataset.value ?? '', band: b ? b.textContent : '',
		low: e.dataset.low ?? '', high: e.dataset.high ?? '', shown: !e.closest('[hidden]') && e.getClientRects().length > 0}]; }))`

// The API and the page in Chromium show the same figures: for every
// preset of every calculator and 10 queries drawn at random for each
// (wasm/api's tests compare 100 more each with calc.Set natively), every
// cell of the API's answer has the text and the value of the page's cell
// with the same data-key, once the engine has applied the link, and the
// page shows no cell the answer lacks. Each calculator's first link
// loads; the others open in place, as a reader's click on them does
// (TestPresetsOpenInPlaceAndBackReturns compares the two), and a link
// pinning an edition the engine has not loaded loads.
func TestAPIAndPageShowTheSameFigures(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	apiSrv := httptest.NewServer(api.New(&edgedata.Store{}, nil))
	defer apiSrv.Close()
	set := apitest.ContentSet(t)
	d, _ := set.Data("")
	compared := 0
	for _, name := range sitedata.Calculators {
		queries := append(apitest.Presets(d, name), apitest.Fuzzed(set, name, 10, 7)...)
		for _, q := range queries {
			res, body := apitest.Get(t, "GET", apiSrv.URL+"/api/v1/"+name+"?"+q)
			if res.StatusCode == http.StatusBadRequest {
				continue // a rejected value: the page shows the default instead
			}
			var a api.Answer
			if res.StatusCode != http.StatusOK || json.Unmarshal(body, &a) != nil {
				t.Fatalf("%s?%s: %d %s", name, q, res.StatusCode, body)
			}
			openLink(t, ctx, root+name+"/?"+q)
			page := eval[map[string]cell](t, ctx, readCells)
			inAPI := map[string]bool{}
			for _, tb := range a.Tables {
				for _, r := range tb.Rows {
					for _, c := range r.Cells {
						inAPI[c.Key] = true
						p, ok := page[c.Key]
						switch {
						case !ok:
							t.Errorf("%s?%s: %s is not on the page", name, q, c.Key)
						case p.Text != strings.TrimSpace(c.Text):
							t.Errorf("%s?%s: %s reads %q on the page, %q in the API", name, q, c.Key, p.Text, c.Text)
						case c.Value != nil && !sameNumber(p.Value, *c.Value):
							t.Errorf("%s?%s: %s is %s on the page, %v in the API", name, q, c.Key, p.Value, *c.Value)
						case p.Band != c.Band || c.Low != nil && (!sameNumber(p.Low, *c.Low) || !sameNumber(p.High, *c.High)):
							t.Errorf("%s?%s: %s has the band %q (%s to %s) on the page, %q in the API", name, q, c.Key, p.Band, p.Low, p.High, c.Band)
						}
					}
				}
			}
			var extra []string
			for k, c := range page {
				if !inAPI[k] && c.Shown {
					extra = append(extra, k)
				}
			}
			if len(extra) > 0 {
				// An old edition's page once kept the rows of entries
				// added later (the memory calculator's newer GPUs) with
				// the latest default scenario's figures.
				t.Errorf("%s?%s: the page shows %d cells the API does not have: %.300q", name, q, len(extra), extra)
			}
			compared++
		}
	}
	t.Logf("%d scenarios compared cell for cell", compared)
}

// sameNumber reports whether the page's data-value (JavaScript's or
// scenario.FormatNumber's text of a float64) is v.
func sameNumber(s string, v float64) bool {
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f == v
}

// "Copy API call" copies the calculator's API URL with the scenario on
// screen, a changed input included, and the API answers that URL with
// the page's own headline. The site names its API (-api-url): a build
// without one has no such button (TestCopyAPICallOnlyWhereAnAPIAnswers).
func TestCopyAPICallAsksForTheScenarioOnScreen(t *testing.T) {
	ctx := startBrowser(t)
	site := httptest.NewServer(sitebuild.SiteHandler(buildSiteWith(t, sitebuild.Config{Base: "/sub/", APIURL: "https://api.example.org"}), "/sub/"))
	t.Cleanup(site.Close)
	tco := site.URL + "/sub/tco/"
	apiSrv := httptest.NewServer(api.New(&edgedata.Store{}, nil))
	defer apiSrv.Close()
	do(t, ctx, chromedp.Navigate(tco+"?preset=seed-000"), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	eval[any](t, ctx, `(() => {
		window.__copied = [];
		Object.defineProperty(navigator, 'clipboard', {value: {writeText: s => { window.__copied.push(s); return Promise.resolve(); }}});
		const e = document.querySelector('[name="a.n"]');
		e.value = '24'; e.dispatchEvent(new Event('input', {bubbles: true}));
	})()`)
	got := eval[struct {
		Copied   []string
		Headline string
	}](t, ctx, `(document.getElementById('copy-api').click(), {Copied: window.__copied,
		Headline: document.querySelector('#headline p').textContent.trim()})`)
	if len(got.Copied) != 1 {
		t.Fatalf("copied %q, want one API call", got.Copied)
	}
	u, err := url.Parse(got.Copied[0])
	if err != nil || u.Host != "api.example.org" || u.Path != "/api/v1/tco" || !strings.Contains(u.RawQuery, "a.n=24") || strings.Contains(u.RawQuery, "tab=") {
		t.Fatalf("copied %q, want https://api.example.org/api/v1/tco with the scenario's query and a.n=24", got.Copied[0])
	}
	res, body := apitest.Get(t, "GET", apiSrv.URL+u.Path+"?"+u.RawQuery)
	var a api.Answer
	if res.StatusCode != http.StatusOK || json.Unmarshal(body, &a) != nil {
		t.Fatalf("%s: %d %s", u, res.StatusCode, body)
	}
	if a.Headline.Text != got.Headline {
		t.Errorf("the API answers %q, the page shows %q", a.Headline.Text, got.Headline)
	}

	// A German page starts in euros at a German electricity price, which
	// the API, in English, does not: the call it copies names them
	// (pinned into its link), and the API answers with the page's
	// figures, in the page's currency.
	metrics := waitEngine(ctx, t, site.URL+"/sub/de/tco/")
	eval[any](t, ctx, `(() => {
		window.__copied = [];
		Object.defineProperty(navigator, 'clipboard', {value: {writeText: s => { window.__copied.push(s); return Promise.resolve(); }}});
	})()`)
	copied := eval[[]string](t, ctx, `(document.getElementById('copy-api').click(), window.__copied)`)
	if len(copied) != 1 || !strings.Contains(copied[0], "cur=EUR") || !strings.Contains(copied[0], "a.kwh=0.1833") {
		t.Fatalf("/de/tco/ copied %q; want an API call naming the euros and the German price", copied)
	}
	u, _ = url.Parse(copied[0])
	res, body = apitest.Get(t, "GET", apiSrv.URL+u.Path+"?"+u.RawQuery)
	a = api.Answer{}
	if res.StatusCode != http.StatusOK || json.Unmarshal(body, &a) != nil {
		t.Fatalf("%s: %d %s", u, res.StatusCode, body)
	}
	compared := 0
	for _, tab := range a.Tables {
		for _, r := range tab.Rows {
			for _, c := range r.Cells {
				page, ok := metrics[c.Option+"."+c.Metric]
				if !ok || c.Value == nil || c.Metric == "" {
					continue
				}
				compared++
				if v, unit, _ := strings.Cut(page, " "); unit != c.Unit || !sameNumber(v, *c.Value) {
					t.Errorf("/de/tco/ %s.%s: the page shows %s, the API %v %s", c.Option, c.Metric, page, *c.Value, c.Unit)
				}
			}
		}
	}
	if compared < 10 || metrics["b.tco"] == "" || !strings.HasSuffix(metrics["b.tco"], " EUR") {
		t.Errorf("/de/tco/: compared %d figures with the API (b.tco %q); want the page's, in EUR", compared, metrics["b.tco"])
	}
}
