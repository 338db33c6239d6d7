package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/infercost/infercost/wasm/sitedata"

	"github.com/PuerkitoBio/goquery"
	"github.com/andybalholm/brotli"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/gen/sitetest"
)

// browser opens a tab of headless Debian chromium (startBrowser) and
// returns it with /sub/tco/ of the site built under /sub/ and served on
// 127.0.0.1.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	return startBrowser(t), serveSite(t)
}

// ownBrowser is browser with a chromium of the test's own, as every test
// had before they shared one. The layout-shift test needs it: in a new
// browser context of the shared chromium it failed 2 of 18 runs on a
// busy machine (shifts of 0.003–0.009: the header's links, the pricing
// table), in a chromium of its own none of 18; the cause was not found
// (such a tab has the focus, and a window 56 px taller).
func ownBrowser(t *testing.T) (context.Context, string) {
	t.Helper()
	ctx, stop := newChromium(t)
	t.Cleanup(stop)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(cancel)
	failOnUncaught(t, ctx)
	withoutServiceWorker(t, ctx)
	return ctx, serveSite(t)
}

// serveSite serves the site built under /sub/ on 127.0.0.1 for the test
// and returns the URL of its /sub/tco/.
func serveSite(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(sitebuild.SiteHandler(buildSite(t, "/sub/"), "/sub/"))
	t.Cleanup(srv.Close)
	return srv.URL + "/sub/tco/"
}

// startBrowser opens a tab in a new browser context of the chromium that
// the test binary shares: a profile of the test's own, as an incognito
// window has (no cookies, storage or cache from another test), without
// the 1.5–2.5 s of starting a browser for every test. The tab and its
// browser context close when the test ends.
//
// The longest tests (walks over many links or presets, those that build
// a site of their own, and those that wait out a timeout) call
// t.Parallel: go test runs them after the others, two at a time
// (-parallel defaults to GOMAXPROCS), each in a browser context of its
// own, where one's waits for the engine, the network and the build leave
// the CPU to the other. Tests that measure layout or time stay
// sequential. Every test in parallel was slower: make test's go test
// took 768 s, against 661 s this way (one run each, load 5–9 and 5–6);
// every test but those of layout, as slow: the package's tests took 436
// s against 437 s and 807 CPU-seconds against 727 (one run each, load
// 3–6). A page's load keeps both cores busy.
//
// Its pages see a browser without service workers (withoutServiceWorker);
// the tests of the offline site and of the content security policy use
// startBrowserWithServiceWorker.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	ctx := startBrowserWithServiceWorker(t)
	withoutServiceWorker(t, ctx)
	return ctx
}

// withoutServiceWorker has the tab's pages run as in a browser without
// service workers ("serviceWorker" in navigator is false, as in Firefox's
// private windows), so that the site registers none. In a new browser
// context the worker installs on the first calculator's load and
// fetches, hashes and stores about 7.5 MB (the engine, ECharts, every
// data file and page); then every navigation passes through it. Four
// tabs of three loads each took 12.5–14.4 s without it, 14.6–18.7 s
// with it (three rounds, interleaved, load 2–4).
func withoutServiceWorker(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument,
		cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: "delete Navigator.prototype.serviceWorker"}); err != nil {
		t.Fatal(err)
	}
}

// startBrowserWithServiceWorker is startBrowser with service workers.
func startBrowserWithServiceWorker(t *testing.T) context.Context {
	t.Helper()
	sitetest.SkipInShort(t, "a browser test")
	ctx, cancel := chromedp.NewContext(sharedBrowser(t), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// A deadline for a hung browser only: the hostile links' walk takes
	// about 100 s on an idle machine, several times that on a busy one.
	ctx, cancel2 := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(cancel2)
	// Open the tab now, so that its browser context is known
	// (chromedp.FromContext(ctx).BrowserContextID).
	do(t, ctx)
	failOnUncaught(t, ctx)
	return ctx
}

// failOnUncaught fails the test, when it ends, for every exception the
// tab's pages did not catch: a script error that leaves a page half
// working (a formatter gone, an engine that never answers) may not show
// in the figure a test reads, or shows only as a timeout.
func failOnUncaught(t *testing.T, ctx context.Context) {
	t.Helper()
	var mu sync.Mutex
	var errs []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			mu.Lock()
			errs = append(errs, d.URL+": "+msg)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("uncaught in the page: %s", e)
		}
	})
}

// shared is the headless Debian chromium of the test binary: the context
// of its first tab, which owns the browser, and what stops it.
var shared struct {
	sync.Mutex
	ctx  context.Context
	stop func()
}

// sharedBrowser returns the first tab of the shared chromium, started on
// first use, or again if it has died (a crash fails the test it happens
// in, not every test after it).
func sharedBrowser(t *testing.T) context.Context {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx
	}
	if shared.stop != nil {
		shared.stop()
	}
	ctx, stop := newChromium(t)
	shared.ctx, shared.stop = ctx, stop
	return ctx
}

// newChromium starts headless Debian chromium with a new profile and
// returns the context of its first tab and what stops it.
func newChromium(t *testing.T) (context.Context, func()) {
	t.Helper()
	sitetest.SkipInShort(t, "a browser test")
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("the browser tests need Debian's chromium (make test installs it as root): ", err)
	}
	profile, err := os.MkdirTemp("", "infercost-chromium")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		// A laptop's window: at 1280 x 1800 Chromium composited and
		// rastered 2.3 million pixels a frame in software, about 0.7 of
		// the 2.8 CPU-seconds a calculator's load took here.
		chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 800),
		// Without the back/forward cache: with it, now and then (about one
		// walk over every page in 5 to 22) a tab stopped answering the
		// DevTools protocol after a navigation, Chromium idle, and the test
		// waited out its deadline; 45 walks without it, none. No test goes
		// back or forward.
		// And without the omnibox's WebUI popups, which Chromium 148
		// renders, hidden, in renderers of their own (chrome://omnibox-
		// popup.top-chrome/, a set per browser context) even headless:
		// a new browser context and its first load took 1.9–2.2
		// CPU-seconds instead of 3.3–3.9, a load after it 0.98–1.20
		// instead of 1.10–1.41 (ten and twenty loads, rounds
		// interleaved, load 3–4), and the package's tests 490 s instead
		// of 535 s (one run each, load 5).
		chromedp.Flag("disable-features", "BackForwardCache,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"),
		// No background threads compiling WebAssembly: V8 then no longer
		// compiles the whole 4.4 MB engine on every load, 0.5
		// CPU-seconds less a load with the worker's own time unchanged.
		// And only V8's baseline compiler (Liftoff), no optimising
		// tier-up: the same results from code that starts sooner. Twelve
		// loads of /tco/ took 9.1 s instead of 11.3 s (medians of three,
		// interleaved, load 2–4), the hostile links' walk 58 s instead
		// of 79 s and its longest engine answer 187 ms instead of 312 ms
		// (one run each, load 3–7).
		// The benchmarks (benchBrowser) keep Chromium's defaults, which
		// are what a reader's browser does.
		chromedp.Flag("js-flags", "--wasm-num-compilation-tasks=0 --liftoff-only"),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	stop := func() {
		cancelTab()
		cancelAlloc()
		_ = os.RemoveAll(profile)
	}
	if err := chromedp.Do(ctx); err != nil {
		stop()
		t.Fatal("start chromium: ", err)
	}
	return ctx, stop
}

// stopSharedBrowser stops the shared chromium, if it was started.
func stopSharedBrowser() {
	shared.Lock()
	defer shared.Unlock()
	if shared.stop != nil {
		shared.stop()
		shared.ctx, shared.stop = nil, nil
	}
}

// readMetrics reads every headline result of the page:
// data-option.data-metric -> "data-value data-unit".
const readMetrics = `Object.fromEntries([...document.querySelectorAll('[data-metric]')].map(e => [e.dataset.option + '.' + e.dataset.metric, e.dataset.value + ' ' + e.dataset.unit]))`

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := step(ctx)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(stalled(ctx, err))
	}
}

// stepTimeout bounds one call into the tab. Now and then (once in about
// ten runs of the whole suite in CI, after BackForwardCache was turned
// off) a tab stops answering the DevTools protocol with Chromium idle;
// such a step then fails the test within minutes, not at the test's
// 10-minute deadline, and make test runs the test once more (gotestsum
// --rerun-fails) in a new tab. The longest honest step, a calculator's
// load on a busy machine with the engine's 120 s guard (settle), fits.
const stepTimeout = 3 * time.Minute

// step returns ctx with the deadline of one step. A tab not yet opened
// opens first without it: chromedp ties a tab's life to the context of
// its first call.
func step(ctx context.Context) (context.Context, context.CancelFunc) {
	if c := chromedp.FromContext(ctx); c != nil && c.Target == nil {
		_ = chromedp.Do(ctx) // an error comes again from the step itself
	}
	return context.WithTimeout(ctx, stepTimeout)
}

// stalled names a step's timeout as the tab's stall, so that the log
// tells it apart from a page that failed its check.
func stalled(ctx context.Context, err error) error {
	if ctx.Err() == context.DeadlineExceeded {
		return fmt.Errorf("the tab did not answer within %v (a stalled tab; make test reruns the test): %w", stepTimeout, err)
	}
	return err
}

// eval evaluates an expression once the engine has answered every input
// so far (it works in a worker, after the input event has returned).
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	ctx, cancel := step(ctx)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](settle+"return ("+expr+"); })()", chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, stalled(ctx, err))
	}
	return v
}

// framesJS defines nextFrames(n), a promise resolved after n animation frames.
const framesJS = `window.nextFrames = n => new Promise(r => { const f = k => k ? requestAnimationFrame(() => f(k - 1)) : r(); f(n); });`

// settle opens an async function that first waits until the engine has
// answered (see app.js, settled).
// A page whose engine never answers fails the test after two minutes
// instead of hanging it until go test's deadline.
const settle = `(async () => { if (window.__infercost) await Promise.race([window.__infercost.settled(),
	new Promise((_, fail) => setTimeout(() => fail(new Error('the engine has not answered every input in 120 s')), 120000))]); `

// evalAsync evaluates an expression that returns a promise, with nextFrames()
// defined, once the engine has answered every input so far, and waits for
// its value.
func evalAsync[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	ctx, cancel := step(ctx)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](framesJS+settle+"return await ("+expr+"); })()", chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, stalled(ctx, err))
	}
	return v
}

// waitEngine opens url and waits until the engine has applied its
// scenario, and returns the headline results (readMetrics). The page
// stays at its top and its charts are not loaded: tests that read them
// use waitReady.
func waitEngine(ctx context.Context, t *testing.T, url string) map[string]string {
	t.Helper()
	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	return eval[map[string]string](t, ctx, readMetrics)
}

// waitReady is waitEngine with the charts drawn too: ECharts loads when
// the charts come near the screen (app.js), so it scrolls to them, waits
// and scrolls back. That takes 0.35–0.55 s more a load than waitEngine
// on an idle machine (medians of nine loads of /tco/).
func waitReady(ctx context.Context, t *testing.T, url string) map[string]string {
	t.Helper()
	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	eval[any](t, ctx, `document.querySelector('.charts') ? document.querySelector('.charts').scrollIntoView() : 0`)
	do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`html[data-charts]`)))
	eval[any](t, ctx, `scrollTo(0, 0)`)
	return eval[map[string]string](t, ctx, readMetrics)
}

func TestTCOPageInBrowser(t *testing.T) {
	ctx, page := browser(t)

	// The pre-rendered values, read before the engine runs, equal the
	// engine's once it has applied the scenario.
	static := readStatic(t, page)
	live := waitReady(ctx, t, page)
	if len(live) < 15 {
		t.Fatalf("got %d metrics; want at least 15: %v", len(live), live)
	}
	if !mapsEqual(static, live) {
		t.Errorf("pre-rendered and engine values differ:\n static %v\n   live %v", static, live)
	}

	// Change the GPU count by script and the electricity price by keyboard.
	// Charts redraw in the next frame while on screen: scroll to it first.
	const chartData = `(async () => { const el = document.getElementById('chart-breakdown'); el.scrollIntoView();
		await nextFrames(3); return JSON.stringify(echarts.getInstanceByDom(el).getOption().series.map(s => s.data)); })()`
	before := eval[map[string]string](t, ctx, readMetrics)
	chartBefore := evalAsync[string](t, ctx, chartData)
	eval[any](t, ctx, `(() => { const e = document.getElementById('in-a.n'); e.value = '16'; e.dispatchEvent(new Event('input', {bubbles: true})); return 0; })()`)
	unfold(t, ctx, "a.kwh")
	do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="a.kwh"]`)))
	eval[any](t, ctx, `(() => { document.querySelector('[name="a.kwh"]').select(); return 0; })()`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="a.kwh"]`), "0.2"))
	after := eval[map[string]string](t, ctx, readMetrics)
	chartAfter := evalAsync[string](t, ctx, chartData)
	gpusBar := evalAsync[float64](t, ctx, `(async () => { await nextFrames(1);
		return echarts.getInstanceByDom(document.getElementById('chart-breakdown')).getOption().series.find(s => s.id === 'gpus').data[0]; })()`)
	if cell := eval[string](t, ctx, `document.querySelector('[data-key="a.capex_gpus"]').dataset.value`); strconv.FormatFloat(gpusBar, 'f', -1, 64) != cell {
		t.Errorf("breakdown chart shows GPUs of option a as %v; the table says %s", gpusBar, cell)
	}
	// The address bar follows once typing pauses.
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('a.kwh=0.2'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if before["a.tco"] == after["a.tco"] || before["a.capex"] == after["a.capex"] {
		t.Errorf("a.tco/a.capex did not change: %v -> %v", before["a.tco"], after["a.tco"])
	}
	if before["b.tco"] != after["b.tco"] {
		t.Errorf("b.tco changed with option a's inputs: %v -> %v", before["b.tco"], after["b.tco"])
	}
	if chartBefore == chartAfter {
		t.Error("breakdown chart option did not change")
	}
	if !strings.Contains(loc, "a.n=16") || !strings.Contains(loc, "a.kwh=0.2") {
		t.Errorf("URL does not carry the inputs: %s", loc)
	}

	// The same URL in a fresh tab shows the same numbers.
	tab, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()
	if again := waitReady(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("fresh tab differs:\n got %v\nwant %v", again, after)
	}

	// A hostile URL: field errors, defaults, no script run.
	hostile := page + `?a.n=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&a.kwh=NaN&b.gp=-5&b.tps=1e400` +
		`&a.gpu=%22%3E%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E&k=99&zzz=1`
	checkHostile(t, ctx, hostile, live, "a.n", "a.kwh", "b.gp", "b.tps", "a.gpu", "k")

	waitReady(ctx, t, page+"?preset=seed-000")
	saveArtifact(t, "tco-seed-000.jpg", fullScreenshot(t, ctx, 80))
}

// Charts sit behind tabs, one on screen at a time, chosen by keyboard too,
// and all of them are printed.
// The legend is HTML: its buttons hide and show series through ECharts,
// and keep their state while the figures change. Bars take a row per
// option, and the axes format numbers for the reader.
func TestChartTabsLegendAndLayout(t *testing.T) {
	ctx, page := browser(t)
	waitReady(ctx, t, page)
	const tabs = `[...document.querySelectorAll('[role=tab]')].map(t => t.id + ':' + t.getAttribute('aria-selected') + ':' +
		!document.getElementById(t.getAttribute('aria-controls')).hidden).join(' ')`
	if got := eval[string](t, ctx, tabs); got != "chart-breakdown-tab:true:true chart-cumulative-tab:false:false chart-per-token-tab:false:false" {
		t.Errorf("tabs at start: %s; want the first chart only", got)
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#chart-breakdown-tab`)), chromedp.KeyEvent(kb.ArrowRight))
	if got := eval[string](t, ctx, tabs); got != "chart-breakdown-tab:false:false chart-cumulative-tab:true:true chart-per-token-tab:false:false" {
		t.Errorf("tabs after the right arrow key: %s; want the second chart only", got)
	}
	if w := eval[float64](t, ctx, `echarts.getInstanceByDom(document.getElementById('chart-cumulative')).getWidth()`); w < 300 {
		t.Errorf("chart first shown in its tab is %v px wide; want it fitted to its panel", w)
	}
	const selected = `(async () => { await nextFrames(2); const o = echarts.getInstanceByDom(document.getElementById('chart-cumulative')).getOption();
		return [...document.querySelectorAll('#chart-cumulative-legend li:not([hidden]) button')].map(b =>
			b.textContent.trim() + '|' + b.getAttribute('aria-pressed') + '|' + (o.legend[0].selected[b.textContent.trim()] !== false)); })()`
	evalAsync[int](t, ctx, `(async () => { document.getElementById('chart-cumulative').scrollIntoView(); await nextFrames(3); return 1; })()`)
	shown := evalAsync[[]string](t, ctx, selected)
	if len(shown) != 3 {
		t.Fatalf("legend shows %v; want the three options", shown)
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#chart-cumulative-legend li:nth-child(2) button`)),
		chromedp.KeyEvent("\r"))
	// Changing option a renames its series; b stays hidden.
	eval[any](t, ctx, `(() => { const e = document.getElementById('in-a.n'); e.value = '16'; e.dispatchEvent(new Event('input', {bubbles: true})); return 0; })()`)
	after := evalAsync[[]string](t, ctx, selected)
	for i, want := range []string{"true|true", "false|false", "true|true"} {
		if i >= len(after) || !strings.HasSuffix(after[i], "|"+want) {
			t.Errorf("legend after hiding b and changing a: %v; want item %d pressed|drawn = %s", after, i, want)
		}
	}
	if !strings.HasPrefix(after[0], "a: 16 x") {
		t.Errorf("legend did not follow option a's new name: %v", after)
	}

	// A fourth option adds a row to the bar charts.
	height := `(async () => { await nextFrames(2); const el = document.getElementById('chart-breakdown');
		return [el.getBoundingClientRect().height, echarts.getInstanceByDom(el).getHeight()]; })()`
	do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-breakdown-tab`)))
	three := evalAsync[[]float64](t, ctx, height)
	eval[any](t, ctx, `(() => { const e = document.getElementById('in-k'); e.value = '4'; e.dispatchEvent(new Event('input', {bubbles: true})); return 0; })()`)
	four := evalAsync[[]float64](t, ctx, height)
	if four[0] != three[0]+40 || four[1] != four[0] {
		t.Errorf("breakdown box and chart heights: 3 options %v, 4 options %v; want 40 px more, chart filling its box", three, four)
	}

	// A printout shows every chart, fitted to the page.
	printed := evalAsync[string](t, ctx, `(async () => { dispatchEvent(new Event('beforeprint'));
		const during = [...document.querySelectorAll('.chart-box')].map(el => !el.closest('.chart-panel').hidden && echarts.getInstanceByDom(el).getWidth() > 300);
		dispatchEvent(new Event('afterprint'));
		const after = [...document.querySelectorAll('.chart-box')].map(el => !el.closest('.chart-panel').hidden);
		return during.join(' ') + ' / ' + after.join(' '); })()`)
	if printed != "true true true / true false false" {
		t.Errorf("charts shown and sized for print / after: %s; want all, then the selected tab's", printed)
	}

	labels := eval[[]string](t, ctx, `(() => { const o = echarts.getInstanceByDom(document.getElementById('chart-breakdown')).getOption();
		const tip = v => o.tooltip[0].formatter({name: 'A100', seriesName: 'GPUs', value: v, color: '#4e79a7'})[0];
		return [o.xAxis[0].axisLabel.formatter(1250000), tip(1294027.2).textContent, tip(0.90471).querySelector('b').textContent,
			tip(1).querySelector('.swatch').style.backgroundColor]; })()`)
	// The breakdown's figures are dollars, written as the tables write
	// them: compact on the axis, whole from $100 up, cents below.
	if strings.Join(labels, " | ") != "$1.25M | A100GPUs$1,294,027 | $0.90 | rgb(78, 121, 167)" {
		t.Errorf("axis label and tooltips read %q; want $1.25M, a tooltip of A100 with GPUs at $1,294,027 in its colour, and $0.90", labels)
	}
}

// checkHostile opens a URL of bad values (scripts, markup, NaN, out of
// range) and checks that each named field shows an error, no script ran,
// and the results are the defaults (live).
func checkHostile(t *testing.T, ctx context.Context, url string, live map[string]string, keys ...string) {
	t.Helper()
	bad := waitReady(ctx, t, url)
	errs := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('.error')].filter(e => e.textContent).map(e => [e.id, e.textContent]))`)
	for _, key := range keys {
		if errs["err-"+key] == "" {
			t.Errorf("no error shown next to %s (errors: %v)", key, errs)
		}
	}
	if eval[bool](t, ctx, `window.__pwned === 1 || document.querySelector('img[src=x]') !== null`) {
		t.Error("a script from the URL ran")
	}
	if !mapsEqual(bad, live) {
		t.Errorf("hostile URL did not fall back to the defaults:\n got %v\nwant %v", bad, live)
	}
}

// fullScreenshot scrolls each shown chart (the selected tab's) into view,
// since charts redraw only on screen, then takes a screenshot of the whole
// page.
func fullScreenshot(t *testing.T, ctx context.Context, quality int) []byte {
	t.Helper()
	evalAsync[int](t, ctx, `(async () => { for (const el of document.querySelectorAll('.chart-box')) { el.scrollIntoView(); await nextFrames(3); }
		scrollTo(0, 0); await nextFrames(2); return 1; })()`)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(quality))
	if err != nil {
		t.Fatal(err)
	}
	return shot
}

// saveArtifact writes a test artifact to $INFERCOST_ARTIFACTS or artifacts/.
func saveArtifact(t *testing.T, name string, b []byte) {
	dir := os.Getenv("INFERCOST_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Logf("artifact %s not saved: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Logf("artifact %s not saved: %v", name, err)
	}
}

// readStatic reads the metrics of the page as served, without running it.
func readStatic(t *testing.T, page string) map[string]string {
	t.Helper()
	resp, err := http.Get(page)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	doc.Find("[data-metric]").Each(func(_ int, s *goquery.Selection) {
		o, _ := s.Attr("data-option")
		k, _ := s.Attr("data-metric")
		v, _ := s.Attr("data-value")
		u, _ := s.Attr("data-unit")
		m[o+"."+k] = v + " " + u
	})
	return m
}

func TestSeedPresetInBrowser(t *testing.T) {
	ctx, page := browser(t)
	m := waitReady(ctx, t, page+"?preset=seed-000")
	// Figures pinned by wasm/tco's seed test, shown in EUR.
	for key, want := range map[string]string{"a.capex": "440000", "b.capex": "800000",
		"a.cost_per_mtok": "1.0549", "b.cost_per_mtok": "0.6172", "a.cost_per_mtok_claimed": "3.16"} {
		if !strings.HasPrefix(m[key], want) || !strings.HasSuffix(m[key], " EUR") {
			t.Errorf("%s: got %q; want %s... EUR", key, m[key], want)
		}
	}
	if _, ok := m["c.tco"]; ok {
		t.Error("option c shows although the preset compares two options")
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestReportSizes prints the browser module's size, its code by package
// and, for each calculator, what it downloads before it is ready (page,
// stylesheet, loader, worker, module, data file), gzipped as GitHub Pages
// serves it.
// It reports and asserts nothing; it runs only with INFERCOST_BENCH=1.
func TestReportSizes(t *testing.T) {
	if os.Getenv("INFERCOST_BENCH") == "" {
		t.Skip("set INFERCOST_BENCH=1 (make bench)")
	}
	raw, err := os.ReadFile(browserModule(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("bench: browser module raw %d B, gzip %d B, brotli %d B", len(raw), sitetest.Gzip(raw), br(raw))
	reportModuleByPackage(t)
	out := buildSite(t, "/sub/")
	for _, calc := range sitedata.Calculators {
		doc := sitetest.ReadDoc(t, filepath.Join(out, calc, "index.html"))
		files := []string{filepath.Join(calc, "index.html")}
		doc.Find(`link[rel="stylesheet"], link[rel="preload"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			for _, a := range []string{"href", "src", "data-worker"} {
				if v, ok := s.Attr(a); ok && s.ParentsFiltered("noscript").Length() == 0 {
					files = append(files, strings.TrimPrefix(strings.SplitN(v, "?", 2)[0], "/sub/"))
				}
			}
		})
		total := 0
		var parts []string
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(out, f))
			if err != nil {
				t.Fatal(err)
			}
			total += sitetest.Gzip(b)
			parts = append(parts, fmt.Sprintf("%s %d", filepath.Base(f), sitetest.Gzip(b)))
		}
		t.Logf("bench: /%s/ before ready: %d B gzipped (%s)", calc, total, strings.Join(parts, ", "))
	}
}

func pct(sorted []float64, p int) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(len(sorted)-1)*p/100]
}

func br(b []byte) int {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, brotli.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

// TestPagesFitAPhone loads every page at a phone's width and checks that
// nothing makes the page scroll sideways (wide tables scroll inside their
// own box), and saves a screenshot of the calculator.
func TestPagesFitAPhone(t *testing.T) {
	ctx, page := browser(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	root := strings.TrimSuffix(page, "tco/")
	pages := []string{"", "methodology/tco/", "methodology/memory/", "tco/", "tco/?preset=seed-000", "memory/", "memory/?preset=seed-002", "methodology/pricing/", "pricing/", "pricing/?preset=seed-000-roi", "methodology/performance/", "performance/", "articles/", "de/articles/"}
	for _, a := range sitetest.Articles(t) {
		pages = append(pages, a.Path)
	}
	for _, p := range pages {
		if strings.HasPrefix(p, "tco/") || strings.HasPrefix(p, "memory/") || strings.HasPrefix(p, "pricing/") || strings.HasPrefix(p, "performance/") {
			waitReady(ctx, t, root+p)
		} else {
			do(t, ctx, chromedp.Navigate(root+p))
		}
		wide := eval[[]string](t, ctx, `[...document.querySelectorAll('body *')].filter(e => {
			const r = e.getBoundingClientRect(); if (r.width === 0 || r.right <= innerWidth + 1) return false;
			for (let a = e.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return false;
			return true; }).slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id)`)
		if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > 391 || len(wide) > 0 {
			t.Errorf("%s: page is %d px wide at a 390 px viewport; too wide: %v", p, sw, wide)
		}
		// Bars leave less room for their names on a phone (echart.Layout).
		if p == "pricing/" {
			left := eval[float64](t, ctx, `Number(echarts.getInstanceByDom(document.querySelector('.chart-box')).getOption().grid[0].left)`)
			if left >= 156 {
				t.Errorf("%s: the bar chart keeps %v px for names on a phone; want the narrow layout", p, left)
			}
		}
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	saveArtifact(t, "tco-phone.png", shot)
}
