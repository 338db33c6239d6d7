package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMemoryPageInBrowser checks the memory calculator as the TCO test
// does: the pre-rendered figures equal the engine's, inputs change them
// and the URL, a fresh tab reproduces them, a hostile URL is contained,
// and the seed preset gives the article's batch sizes.
func TestMemoryPageInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "memory/"

	static := readStatic(t, page)
	live := waitEngine(ctx, t, page)
	if len(live) < 20 || !mapsEqual(static, live) {
		t.Fatalf("pre-rendered and engine values differ or are missing:\n static %v\n   live %v", static, live)
	}
	for _, m := range []string{"a.weights_gib", "a.kv_bytes_per_token", "a.kv_capacity_tokens", "a.max_sequences", "a.gpus_needed"} {
		if live[m] == "" {
			t.Errorf("metric %s missing", m)
		}
	}
	// Llama 3.1 8B by default: 2 x 8 KV heads x 128 x 2 B x 32 layers.
	if live["a.kv_bytes_per_token"] != "131072 bytes" {
		t.Errorf("a.kv_bytes_per_token = %q, want 131072 bytes", live["a.kv_bytes_per_token"])
	}

	// A longer context holds fewer sequences; a bigger model needs more GPUs.
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="ctx"]`), "32768"))
	eval[any](t, ctx, `document.querySelector('[name="ctx"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="model"]`), "llama-3.1-70b"))
	eval[any](t, ctx, `document.querySelector('[name="model"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	after := eval[map[string]string](t, ctx, readMetrics)
	if after["a.gpus_needed"] == live["a.gpus_needed"] || after["a.weights_gib"] == live["a.weights_gib"] {
		t.Errorf("70B model did not change the figures: %v -> %v", live, after)
	}
	// The address follows each answer 200 ms later (app.js): one may
	// carry the context and not yet the model.
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !(location.search.includes('ctx=32768') && location.search.includes('model=llama-3.1-70b')); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "model=llama-3.1-70b") || !strings.Contains(loc, "ctx=32768") {
		t.Errorf("URL does not carry the inputs: %s", loc)
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("fresh tab differs:\n got %v\nwant %v", again, after)
	}
	// The TCO link carries option A's GPU and the GPUs it needs.
	if href := eval[string](t, ctx, `document.getElementById('link-tco').href`); !strings.Contains(href, "tco/?a.gpu=h100-sxm&a.n=") {
		t.Errorf("TCO link %q lacks the GPU and count", href)
	}

	// Hostile input: errors next to the fields, defaults used, no script.
	checkHostile(t, ctx, page+`?ctx=%3Cscript%3Ewindow.__pwned%3D1%3C/script%3E&util=1.5&a.tp=3&model=%22%3E%3Cimg%20src%3Dx%3E&conc=-4`, live, "ctx", "util", "a.tp", "model", "conc")

	// Seed 002: the article's batch sizes from its own rule.
	seed := waitEngine(ctx, t, page+"?preset=seed-002")
	for l, want := range map[string]string{"a": "13", "b": "29", "c": "60", "d": "139"} {
		if got := seed[l+".max_sequences"]; got != want+" sequences" {
			t.Errorf("seed-002 option %s: %q, want %s sequences", l, got, want)
		}
		if got := seed[l+".max_sequences_claimed"]; got != want+" sequences" {
			t.Errorf("seed-002 option %s claim: %q", l, got)
		}
	}
	saveArtifact(t, "memory-seed-002.png", fullScreenshot(t, ctx, 100))
}
