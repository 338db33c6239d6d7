package browsertest

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
)

// When a part of the page cannot load, the page says so where the reader
// looks, and says what still works; nothing waits forever in silence.
func TestPartsThatFailToLoad(t *testing.T) {
	// Beside another test: the page loader's case waits out the 8 s
	// before its notice.
	t.Parallel()
	out := buildSite(t, "/sub/")
	files := sitebuild.SiteHandler(out, "/sub/")
	for _, tc := range []struct {
		name, missing string // a part, as a pattern of its path
		check         string // an expression true once the page says so
	}{
		{"worker script", `/worker\.[0-9a-f]+\.js$`, `document.documentElement.dataset.engine === 'failed' && /could not start: its script could not be loaded/.test(document.getElementById('engine-status').textContent)`},
		{"browser module", `/engine\.[0-9a-f]+\.wasm$`, `document.documentElement.dataset.engine === 'failed' && /could not start: its engine could not be downloaded \(HTTP 404\)\. .*tables, sources and methodology still work/.test(document.getElementById('engine-status').textContent)`},
		{"data file", `/data/tco\.[0-9a-f]+\.json$`, `document.documentElement.dataset.engine === 'failed' && /could not start: its data could not be downloaded \(HTTP 404\)/.test(document.getElementById('engine-status').textContent)`},
		{"page loader", `/app\.js$`, `document.querySelector('.status.stalled').offsetHeight > 0 && getComputedStyle(document.querySelector('.status.stalled')).visibility === 'visible' && /could not load: the figures shown are for the default scenario/.test(document.querySelector('.status.stalled').textContent)`},
		{"charts", `/echarts\.js$`, `(document.querySelector('.charts').scrollIntoView(), document.documentElement.dataset.charts === 'failed') && document.querySelectorAll('.chart-failed').length === 3 && /tables hold every figure/.test(document.querySelector('.chart-failed').textContent) && [...document.querySelectorAll('.chart-box')].every(b => b.closest('.chart-panel').hidden || b.offsetHeight === Number(b.dataset.height))`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			missing := regexp.MustCompile(tc.missing)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if missing.MatchString(r.URL.Path) {
					http.NotFound(w, r)
					return
				}
				files.ServeHTTP(w, r)
			}))
			defer srv.Close()
			ctx := startBrowser(t)
			do(t, ctx, chromedp.Navigate(srv.URL+"/sub/tco/"))
			// The loader shows the stalled notice after 8 s; allow 15.
			if !evalAsync[bool](t, ctx, `(async () => {
				for (let i = 0; i < 150; i++) { if (`+tc.check+`) return true; await new Promise(r => setTimeout(r, 100)); }
				return false; })()`) {
				t.Fatalf("the page does not say that the %s failed: status %q", tc.name,
					eval[string](t, ctx, `document.getElementById('engine-status').textContent`))
			}
			// The pre-rendered results are still there.
			if n := eval[int](t, ctx, `document.querySelectorAll('[data-metric]').length`); n < 15 {
				t.Errorf("only %d results left on the page", n)
			}
		})
	}

	// With scripts off: the notice says what works, and neither a loading
	// line nor empty chart boxes stand under it.
	srv := httptest.NewServer(files)
	defer srv.Close()
	ctx := startBrowser(t)
	do(t, ctx)
	cdpCall(t, ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
	do(t, ctx, chromedp.Navigate(srv.URL+"/sub/tco/"))
	notice := eval[string](t, ctx, `document.querySelector('.notice').textContent`)
	status := eval[string](t, ctx, `[...document.querySelectorAll('.status')].map(e => getComputedStyle(e).display).join(' ')`)
	charts := eval[string](t, ctx, `getComputedStyle(document.querySelector('.charts')).display`)
	if !strings.Contains(notice, "needs JavaScript") || status != "none none" || charts != "none" {
		t.Errorf("without scripts: notice %q, status lines %q, charts %q", notice, status, charts)
	}
}
