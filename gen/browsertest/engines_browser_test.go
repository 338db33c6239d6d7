package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEnginesInBrowser opens /memory/ with engine=sglang: option A shows
// SGLang's KV capacity on the H100 (418,846 tokens, worked out in
// memview.TestSGLangEngineOnTheMemoryPage) and the engine field says
// SGLang; switching the field to TGI changes the capacity and the link,
// and a fresh tab of that link shows the same figures. On /tco/, an
// option's estimator keeps its engine (a.pe) in the link when another
// of its fields (the batch) changes.
func TestEnginesInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	base := strings.TrimSuffix(tco, "tco/")
	set := func(key, value string) {
		t.Helper()
		do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="`+key+`"]`), value))
		eval[any](t, ctx, `document.querySelector('[name="`+key+`"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	}
	linkWith := func(parts ...string) string {
		t.Helper()
		cond := "true"
		for _, p := range parts {
			cond += ` && location.search.includes('` + p + `')`
		}
		return evalAsync[string](t, ctx, `(async () => {
			for (let i = 0; i < 100 && !(`+cond+`); i++) await new Promise(r => setTimeout(r, 20));
			return location.href; })()`)
	}

	sglang := waitEngine(ctx, t, base+"memory/?engine=sglang&k=2&a.gpu=h100-sxm&b.gpu=a100-40gb-sxm")
	if got := sglang["a.kv_capacity_tokens"]; got != "418846 tokens" {
		t.Errorf("SGLang on the H100: KV capacity %q; want 418846 tokens", got)
	}
	if v := eval[string](t, ctx, `document.querySelector('[name="engine"]').value`); v != "sglang" {
		t.Errorf("engine field %q; want sglang", v)
	}
	set("engine", "tgi")
	tgi := eval[map[string]string](t, ctx, readMetrics)
	if tgi["a.kv_capacity_tokens"] == sglang["a.kv_capacity_tokens"] {
		t.Errorf("TGI shows SGLang's capacity: %q", tgi["a.kv_capacity_tokens"])
	}
	loc := linkWith("engine=tgi")
	if !strings.Contains(loc, "engine=tgi") {
		t.Fatalf("link %s; want engine=tgi", loc)
	}
	tab, cancel := chromedp.NewContext(ctx)
	if again := waitEngine(tab, t, loc); !mapsEqual(again, tgi) {
		t.Errorf("fresh tab of %s differs:\n %v\n %v", loc, again, tgi)
	}
	cancel()

	waitEngine(ctx, t, tco+"?a.pm=llama-3.1-8b&a.pe=sglang")
	if v := eval[string](t, ctx, `document.querySelector('[name="a.pe"]').value`); v != "sglang" {
		t.Errorf("TCO option A's engine %q; want sglang", v)
	}
	set("a.pb", "48")
	if loc := linkWith("a.pb=48"); !strings.Contains(loc, "a.pb=48") || !strings.Contains(loc, "a.pe=sglang") {
		t.Errorf("TCO link %s; want a.pb=48 and a.pe=sglang", loc)
	}
}
