package browsertest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// TestCustomModelAndGPUInBrowser chooses the custom model and GPU on the
// estimator through its form: their fields appear only then, start as
// the defaults' (Llama 3.1 8B on the H100 SXM, so the figures stay at the
// shared efficiencies, which the page is opened with: a custom GPU names
// no architecture), and what is typed into them changes the figures and
// the link, which a fresh tab reproduces.
func TestCustomModelAndGPUInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	df := datasettest.Load(t).Perf.Defaults
	page := strings.TrimSuffix(tco, "tco/") + "performance/?mfu=" + strconv.FormatFloat(df.ComputeEfficiency.Value, 'g', -1, 64) +
		"&mbu=" + strconv.FormatFloat(df.MemoryEfficiency.Value, 'g', -1, 64)
	live := waitEngine(ctx, t, page)
	const hidden = `[...document.querySelectorAll('fieldset[data-group="m"], fieldset[data-group="g"]')].map(f => f.hidden).join()`
	if got := eval[string](t, ctx, hidden); got != "true,true" {
		t.Fatalf("custom fieldsets hidden: %s; want both hidden before custom is chosen", got)
	}
	choose := func(name, value string) {
		t.Helper()
		do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="`+name+`"]`), value))
		eval[any](t, ctx, `document.querySelector('[name="`+name+`"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	}
	typeIn := func(name, value string) {
		t.Helper()
		do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="`+name+`"]`)))
		eval[any](t, ctx, `(() => { document.querySelector('[name="`+name+`"]').select(); return 0; })()`)
		do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="`+name+`"]`), value))
	}
	choose("model", "custom")
	choose("gpu", "custom")
	if got := eval[string](t, ctx, hidden); got != "false,false" {
		t.Fatalf("custom fieldsets hidden: %s; want both shown once custom is chosen", got)
	}
	if same := eval[map[string]string](t, ctx, readMetrics); !mapsEqual(same, live) {
		t.Errorf("the custom fields' defaults give other figures than Llama 3.1 8B on the H100 SXM:\n got %v\nwant %v", same, live)
	}
	// Half the layers and a B200's bandwidth: a faster decode.
	typeIn("m.l", "16")
	typeIn("g.bw", "8000")
	after := eval[map[string]string](t, ctx, readMetrics)
	if after["a.tpot_ms"] == live["a.tpot_ms"] || after["a.tokens_per_s_gpu"] == live["a.tokens_per_s_gpu"] {
		t.Errorf("typed fields did not change the figures: %v", after)
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('g.bw=8000'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	for _, want := range []string{"model=custom", "m.l=16", "gpu=custom", "g.bw=8000"} {
		if !strings.Contains(loc, want) {
			t.Errorf("link %s lacks %s", loc, want)
		}
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("fresh tab of %s differs:\n got %v\nwant %v", loc, again, after)
	}
	if got := eval[string](t, tab, hidden+` + ' ' + document.querySelector('[name="m.l"]').value`); got != "false,false 16" {
		t.Errorf("fresh tab: fieldsets hidden and layers %s; want shown and 16", got)
	}
}
