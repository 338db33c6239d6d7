package browsertest

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitetest"
)

// TestHostileAndHeavyLinks opens every link of the hostile corpus (sitetest.HostileURLs)
// and, for each calculator, the links with every number field at its
// largest and at its smallest allowed value, all together with the last
// choice of every list: each page becomes ready with only finite figures
// and runs no script from the link, and the engine is not on the page's
// main thread (it runs in a worker). Each field's own limits are links
// the engine answers alike whatever page shows them: wasm/calc's
// TestEveryFieldAtItsLimitsGivesSensibleFigures checks their figures,
// natively, in milliseconds a link instead of a page load each. How long the page goes
// without answering while the engine works is logged, not asserted: this
// machine is shared, and a timed assertion would fail with its load.
func TestHostileAndHeavyLinks(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	urls := sitetest.HostileURLs()
	for _, calc := range []string{"tco/", "memory/", "performance/", "pricing/"} {
		do(t, ctx, chromedp.Navigate(root+calc))
		fields := eval[[][]string](t, ctx, `[...document.querySelectorAll('#calc-form input[type=number]')].map(e => [e.name, e.min, e.max])`)
		choices := eval[[][]string](t, ctx, `[...document.querySelectorAll('#calc-form select')].map(e => [e.name, e.options[e.options.length - 1].value])`)
		var allMax, allMin []string
		for _, f := range fields {
			allMax, allMin = append(allMax, f[0]+"="+f[2]), append(allMin, f[0]+"="+f[1])
		}
		for _, c := range choices {
			allMax = append(allMax, c[0]+"="+c[1])
		}
		urls = append(urls, calc+"?"+strings.Join(allMax, "&"), calc+"?"+strings.Join(allMin, "&"))
	}
	var worstLag, worstHandler, worstWait float64
	for _, u := range urls {
		// A page that never becomes ready fails naming its link, instead
		// of the whole walk waiting for the test binary's timeout.
		ready, cancel := context.WithTimeout(ctx, time.Minute)
		err := chromedp.Do(ready, chromedp.Navigate(root+u), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
		cancel()
		if err != nil {
			t.Fatalf("%s: not ready within a minute: %v", u, err)
		}
		r := evalAsync[struct {
			Bad                []string
			Pwned, Main        bool
			Handler, Lag, Wait float64
		}](t, ctx, `(async () => {
			const bad = [...document.querySelectorAll('[data-value]')].filter(e => e.dataset.value !== '' && !isFinite(Number(e.dataset.value))).map(e => e.dataset.key + '=' + e.dataset.value)
				.concat([...document.querySelectorAll('.outputs td, .outputs th, #problems')].filter(e => /NaN|Infinity|\bInf\b|\d{40}/.test(e.textContent)).map(e => e.textContent));
			// A change that makes the engine work, and how long the page
			// goes without answering meanwhile: the longest gap between
			// 10 ms timers until the engine answers. The page first settles
			// after loading, and a gap is measured again once before it
			// counts: this machine is shared, and a page may pause for a
			// garbage collection of its own; an engine on the main thread
			// would block both. It has settled once its main thread is idle
			// (at most 300 ms: a fixed pause of 300 ms took 82 s of the
			// walk over 273 links).
			await new Promise(r => requestIdleCallback(r, {timeout: 300}));
			const e = document.querySelector('#calc-form input[type=number]');
			let handler = 0, lag = 0, t0 = 0;
			for (let attempt = 0; attempt < 2 && (attempt === 0 || lag > 100); attempt++) {
				t0 = performance.now();
				e.value = String(Number(e.value || 1) + 1); e.dispatchEvent(new Event('input', {bubbles: true}));
				handler = performance.now() - t0;
				let last = performance.now(), done = false;
				lag = 0;
				window.__infercost.settled().then(() => { done = true; });
				while (!done) { await new Promise(r => setTimeout(r, 10)); const now = performance.now(); lag = Math.max(lag, now - last - 10); last = now; }
			}
			return {Bad: bad, Pwned: !!window.__pwned, Main: typeof window.infercost !== 'undefined', Handler: handler, Lag: lag, Wait: performance.now() - t0}; })()`)
		if len(r.Bad) > 0 {
			t.Errorf("%s: figures that are not finite or sensible: %q", u, r.Bad)
		}
		if r.Pwned {
			t.Errorf("%s: a script from the link ran", u)
		}
		if r.Main {
			t.Errorf("%s: the engine runs on the page's main thread", u)
		}
		worstLag, worstHandler, worstWait = max(worstLag, r.Lag), max(worstHandler, r.Handler), max(worstWait, r.Wait)
	}
	t.Logf("%d links: longest input handler %.1f ms, longest the page went without answering %.1f ms, longest engine answer %.0f ms",
		len(urls), worstHandler, worstLag, worstWait)
}
