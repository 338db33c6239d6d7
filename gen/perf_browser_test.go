package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPerformancePageInBrowser checks the estimator's page: pre-rendered
// figures equal the engine's, inputs change them and the URL, a fresh tab
// reproduces them, and a hostile URL is contained.
func TestPerformancePageInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "performance/"
	static := readStatic(t, page)
	live := waitReady(ctx, t, page)
	if len(live) < 8 || !mapsEqual(static, live) {
		t.Fatalf("pre-rendered and engine values differ or are missing:\n static %v\n   live %v", static, live)
	}
	for _, m := range []string{"a.ttft_ms", "a.tpot_ms", "a.tokens_per_s_gpu", "a.p99_latency_ms", "a.max_rps_at_slo"} {
		if live[m] == "" {
			t.Errorf("metric %s missing", m)
		}
	}
	// FP8 on the H100 is faster than BF16.
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="prec"]`), "fp8"))
	eval[any](t, ctx, `document.querySelector('[name="prec"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	after := eval[map[string]string](t, ctx, readMetrics)
	if after["a.tokens_per_s_gpu"] == live["a.tokens_per_s_gpu"] {
		t.Errorf("FP8 did not change the throughput: %v", after["a.tokens_per_s_gpu"])
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('prec=fp8'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitReady(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("fresh tab of %s differs", loc)
	}
	// The hostile URL keeps one valid value, the A100: FP8 is then wrong too.
	a100 := waitReady(ctx, t, page+"?gpu=a100-80gb-sxm")
	checkHostile(t, ctx, page+`?in=%3Cscript%3Ewindow.__pwned%3D1%3C/script%3E&tp=3&gpu=a100-80gb-sxm&prec=fp8&rate=NaN&model=%22%3E%3Cimg%20src%3Dx%3E`,
		a100, "in", "tp", "prec", "rate", "model")
	saveArtifact(t, "performance.png", fullScreenshot(t, ctx, 100))
}
