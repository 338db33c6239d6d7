package browsertest

import (
	"math"
	"strconv"
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
	live := waitEngine(ctx, t, page)
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
	if again := waitEngine(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("fresh tab of %s differs", loc)
	}
	// The hostile URL keeps one valid value, the A100; its precision is
	// not one of the page's.
	a100 := waitEngine(ctx, t, page+"?gpu=a100-80gb-sxm")
	checkHostile(t, ctx, page+`?in=%3Cscript%3Ewindow.__pwned%3D1%3C/script%3E&tp=3&gpu=a100-80gb-sxm&prec=fp6&rate=NaN&model=%22%3E%3Cimg%20src%3Dx%3E`,
		a100, "in", "tp", "prec", "rate", "model")
	saveArtifact(t, "performance.png", fullScreenshot(t, ctx, 100))
}

// TestFP4OnBlackwellAndWeightOnlyOnHopper opens the estimator in FP4: on
// a B200 it serves more tokens per second than in FP8, everything else
// alike, and names the NVFP4 weight format; an H100 has no FP4 tensor
// cores, which the precision field's note says, and serves the NVFP4
// weights computed in BF16: no error, the NVFP4 format named, and each
// decode step faster than in BF16, as it reads a quarter of the bytes.
// The edition before refused FP4 there and fell back to BF16.
func TestFP4OnBlackwellAndWeightOnlyOnHopper(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "performance/"
	throughput := func(m map[string]string) float64 {
		t.Helper()
		f := strings.Fields(m["a.tokens_per_s_gpu"])
		if len(f) == 0 {
			t.Fatalf("no throughput among %v", m)
		}
		v, err := strconv.ParseFloat(f[0], 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			t.Fatalf("throughput %q is not a positive number", f[0])
		}
		return v
	}
	fieldError := `document.getElementById('err-prec').textContent`
	fp8 := throughput(waitEngine(ctx, t, page+"?gpu=b200&prec=fp8"))
	fp4 := throughput(waitEngine(ctx, t, page+"?gpu=b200&prec=fp4"))
	if fp4 <= fp8 {
		t.Errorf("B200: %v tokens/s per GPU in FP4, %v in FP8; want more in FP4", fp4, fp8)
	}
	if msg := eval[string](t, ctx, fieldError); msg != "" {
		t.Errorf("B200 in FP4: precision field says %q; want no error", msg)
	}
	if format := eval[string](t, ctx, `document.querySelector('[data-key="a.weights"]').textContent`); !strings.Contains(format, "NVFP4") {
		t.Errorf("B200 in FP4: weight format %q; want NVFP4", format)
	}

	bf16 := waitEngine(ctx, t, page+"?gpu=h100-sxm")
	weightOnly := waitEngine(ctx, t, page+"?gpu=h100-sxm&prec=fp4")
	if msg := eval[string](t, ctx, fieldError); msg != "" {
		t.Errorf("H100 in FP4: precision field's error %q; want none", msg)
	}
	if note := eval[string](t, ctx, `document.getElementById('note-prec').textContent`); !strings.Contains(note, "H100") || !strings.Contains(note, "FP4") || !strings.Contains(note, "BF16") {
		t.Errorf("H100 in FP4: precision note %q; want that the H100 has no FP4 and computes in BF16", note)
	}
	if format := eval[string](t, ctx, `document.querySelector('[data-key="a.weights"]').textContent`); !strings.Contains(format, "NVFP4") {
		t.Errorf("H100 in FP4: weight format %q; want NVFP4", format)
	}
	if msOf(t, weightOnly, "a.tpot_ms") >= msOf(t, bf16, "a.tpot_ms") {
		t.Errorf("H100: TPOT %v ms with FP4 weights, %v ms in BF16; want less with FP4", msOf(t, weightOnly, "a.tpot_ms"), msOf(t, bf16, "a.tpot_ms"))
	}
	refused := waitEngine(ctx, t, page+"?gpu=h100-sxm&prec=fp4&ed=2026-12-06")
	if msg := eval[string](t, ctx, fieldError); !strings.Contains(msg, "H100") || !strings.Contains(msg, "FP4") {
		t.Errorf("edition 2026-12-06, H100 in FP4: precision field says %q; want that the H100 has no FP4", msg)
	}
	if !mapsEqual(refused, waitEngine(ctx, t, page+"?gpu=h100-sxm&ed=2026-12-06")) {
		t.Errorf("edition 2026-12-06: H100 in FP4 shows other figures than in BF16")
	}
}

// TestTheBuildThroughTheForm names an engine build in /performance/'s
// link and form: engine=vllm@0.17 shows vLLM's newest era of builds
// without an error, the older builds (vllm@0.10) take longer to the first
// token (their compute efficiency is lower; their decode, at the same
// memory efficiency and step cost, is as fast), choosing
// the newest in the form takes the build out of the link, and a build
// that is no version is refused next to the field.
func TestTheBuildThroughTheForm(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "performance/?model=llama-3.1-70b&gpu=h100-sxm&tp=4"
	engine := `document.querySelector('[name="engine"]')`
	fieldError := `document.getElementById('err-engine').textContent`
	newest := waitEngine(ctx, t, page+"&engine=vllm@0.17")
	if v, label := eval[string](t, ctx, engine+`.value`), eval[string](t, ctx, engine+`.selectedOptions[0].textContent`); v != "vllm" || !strings.Contains(label, "0.19") {
		t.Errorf("engine=vllm@0.17: the field shows %q (%q); want vllm, its newest builds to 0.19", v, label)
	}
	if msg := eval[string](t, ctx, fieldError); msg != "" {
		t.Errorf("engine=vllm@0.17: the field says %q; want no error", msg)
	}
	older := waitEngine(ctx, t, page+"&engine=vllm@0.10")
	if eval[string](t, ctx, engine+`.value`) != "vllm@0.10" || msOf(t, older, "a.ttft_ms") <= msOf(t, newest, "a.ttft_ms") {
		t.Errorf("engine=vllm@0.10: field %q, TTFT %v ms against %v ms for the newest builds; want vllm@0.10, slower",
			eval[string](t, ctx, engine+`.value`), msOf(t, older, "a.ttft_ms"), msOf(t, newest, "a.ttft_ms"))
	}
	choose(t, ctx, "engine", "vllm")
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && location.search.includes('engine='); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if strings.Contains(loc, "engine=") {
		t.Errorf("after choosing vLLM's newest builds the link %s still names a build", loc)
	}
	waitEngine(ctx, t, page+"&engine=vllm@nightly")
	if msg := eval[string](t, ctx, fieldError); msg == "" {
		t.Errorf("engine=vllm@nightly: no error next to the engine field")
	}
}

// msOf is the latency cell key of a page's figures, in milliseconds.
func msOf(t *testing.T, m map[string]string, key string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.Fields(m[key] + " x")[0], 64)
	if err != nil {
		t.Fatalf("%s %q is not a number", key, m[key])
	}
	return v
}
