package browsertest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/gen/sitetest"
)

// hfStandIn is a local server standing in for huggingface.co: the real
// config.json fixtures of wasm/hfmodel at /ORG/NAME/resolve/main/config.json,
// a gated model (401), a slow one (answers only when the page gives up or
// the test ends), one whose connection closes unanswered (Hugging Face
// out of reach), a malformed config, an unsupported architecture, and 404
// for everything else (among it every model.safetensors.index.json).
func hfStandIn(t *testing.T) *httptest.Server {
	t.Helper()
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*") // as huggingface.co, so that pages may read it
		repo, file, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/resolve/main/")
		switch {
		case !ok || file != "config.json":
			http.NotFound(w, r)
		case repo == "gated/model":
			http.Error(w, "Access to model gated/model is restricted.", http.StatusUnauthorized)
		case repo == "slow/model":
			select {
			case <-r.Context().Done():
			case <-stop:
			}
		case repo == "down/model":
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				_ = conn.Close()
			}
		case repo == "broken/model":
			_, _ = w.Write([]byte(`{"architectures": ["LlamaForCausalLM"], "hidden_size": 4096,`))
		case repo == "odd/model":
			_, _ = w.Write([]byte(`{"architectures": ["DbrxForCausalLM"], "d_model": 6144}`))
		default:
			b, err := os.ReadFile(filepath.Join("../../wasm/hfmodel/testdata", strings.Replace(repo, "/", "--", 1), "config.json"))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			_, _ = w.Write(b)
		}
	}))
	t.Cleanup(func() {
		close(stop)
		srv.Close()
	})
	return srv
}

// choose picks a value of the select named key, as a reader does.
func choose(t *testing.T, ctx context.Context, key, value string) {
	t.Helper()
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="`+key+`"]`), value))
	eval[any](t, ctx, `document.querySelector('[name="`+key+`"]').dispatchEvent(new Event('input', {bubbles: true}))`)
}

// hfLoad types a Hugging Face id into the page's field and presses Load;
// it returns what the page then says next to the field, and its figures.
func hfLoad(t *testing.T, ctx context.Context, id string) (status string, metrics map[string]string) {
	t.Helper()
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="m.hf"]`), id))
	eval[any](t, ctx, `document.getElementById('hf-load').click()`)
	return eval[string](t, ctx, `document.getElementById('hf-status').textContent`), eval[map[string]string](t, ctx, readMetrics)
}

// TestHuggingFaceModelInBrowser types Hugging Face ids into /memory/,
// /performance/ and /tco/: a model's figures come from its config.json, each failure
// is said next to the field and leaves the figures as they were, a newer
// load supersedes an older one, and each page's link reproduces the
// figures with the stand-in for huggingface.co gone.
func TestHuggingFaceModelInBrowser(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	hf := hfStandIn(t)
	out := buildSiteWith(t, sitebuild.Config{Base: "/sub/", HFBase: hf.URL})
	doc := sitetest.ReadDoc(t, filepath.Join(out, "memory", "index.html"))
	if csp, _ := doc.Find(`meta[http-equiv="Content-Security-Policy"]`).Attr("content"); !strings.Contains(csp, "connect-src 'self' "+hf.URL+";") {
		t.Errorf("CSP %q does not let the page read %s", csp, hf.URL)
	}
	site := httptest.NewServer(sitebuild.SiteHandler(out, "/sub/"))
	t.Cleanup(site.Close)
	ctx := startBrowser(t)
	waitEngine(ctx, t, site.URL+"/sub/memory/")

	load := func(id string) (string, map[string]string) { return hfLoad(t, ctx, id) }

	// The field is the custom model's, shown once Model is Custom.
	choose(t, ctx, "model", "custom")

	// A pasted config stands in for a gated one.
	ds, err := os.ReadFile("../../wasm/hfmodel/testdata/deepseek-ai--DeepSeek-V3/config.json")
	if err != nil {
		t.Fatal(err)
	}
	eval[any](t, ctx, `document.querySelector('[name="m.hf"]').value = ''`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`.hf-paste summary`)))
	pasted, _ := json.Marshal(string(ds))
	eval[any](t, ctx, `document.getElementById('hf-config').value = `+string(pasted))
	eval[any](t, ctx, `document.getElementById('hf-read').click()`)
	if s := eval[string](t, ctx, `document.getElementById('hf-status').textContent`); !strings.HasPrefix(s, "Loaded the pasted config.json") {
		t.Errorf("pasted config: %q", s)
	}
	// MLA: (512 + 64) x 2 bytes x 61 layers.
	if got := eval[map[string]string](t, ctx, readMetrics)["a.kv_bytes_per_token"]; got != "70272 bytes" {
		t.Errorf("DeepSeek-V3 pasted: KV %q per token; want 70272 bytes", got)
	}

	status, qwen := load("Qwen/Qwen3-30B-A3B")
	if !strings.HasPrefix(status, "Loaded Qwen/Qwen3-30B-A3B") {
		t.Errorf("status %q", status)
	}
	// 2 x 4 KV heads x 128 x 2 bytes x 48 layers.
	if qwen["a.kv_bytes_per_token"] != "98304 bytes" {
		t.Errorf("Qwen3-30B-A3B: KV %q per token; want 98304 bytes", qwen["a.kv_bytes_per_token"])
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll('[name="model"], [name="m.e"], [name="m.ept"]')].map(e => e.value).join(' ')`); got != "custom 128 8" {
		t.Errorf("model, experts, per token = %q; want custom 128 8", got)
	}

	for _, tc := range []struct{ id, want string }{
		{"nobody/nothing", "Not found: Hugging Face has no config.json for nobody/nothing."},
		{"gated/model", "the model is gated or private, or the id does not exist. Paste its config.json below instead."},
		{"broken/model", "Could not read broken/model: config.json is not valid JSON: invalid JSON at byte 60."},
		{"odd/model", `Could not read odd/model: architecture "DbrxForCausalLM" is not supported.`},
		{"not an id", "Type a Hugging Face id such as Qwen/Qwen3-30B-A3B"},
	} {
		status, after := load(tc.id)
		if !strings.Contains(status, tc.want) || eval[string](t, ctx, `document.getElementById('hf-status').dataset.error`) != "true" {
			t.Errorf("%s: status %q; want it to say %q as an error", tc.id, status, tc.want)
		}
		if !mapsEqual(after, qwen) {
			t.Errorf("%s changed the figures:\n got %v\nwant %v", tc.id, after, qwen)
		}
	}

	// A second load supersedes a slow first one.
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="m.hf"]`), "slow/model"))
	eval[any](t, ctx, `document.getElementById('hf-load').click()`)
	status, oss := load("openai/gpt-oss-20b")
	// 2 x 8 KV heads x 64 x 2 bytes x 24 layers.
	if !strings.HasPrefix(status, "Loaded openai/gpt-oss-20b") || oss["a.kv_bytes_per_token"] != "49152 bytes" {
		t.Errorf("gpt-oss-20b after a slow load: status %q, KV %q per token; want 49152 bytes", status, oss["a.kv_bytes_per_token"])
	}
	if got := eval[string](t, ctx, `document.querySelector('[name="m.q"]').value`); got != "mxfp4-moe" {
		t.Errorf("published format %q; want mxfp4-moe", got)
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !(location.search.includes('m.hf=openai') && location.search.includes('m.e=32')); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "model=custom") || !strings.Contains(loc, "m.hf=openai%2Fgpt-oss-20b") || !strings.Contains(loc, "m.e=32") {
		t.Errorf("link %s lacks the model's fields", loc)
	}

	// A server that never answers: the page gives up and says so.
	if status, after := load("slow/model"); !strings.Contains(status, "Hugging Face did not answer within 10 seconds.") || !mapsEqual(after, oss) {
		t.Errorf("slow server: status %q, figures %v; want the timeout said and %v", status, after, oss)
	}

	// /performance/ takes the same field: the estimator runs the model.
	perf := site.URL + "/sub/performance/"
	before := waitEngine(ctx, t, perf)
	choose(t, ctx, "model", "custom")
	status, qwenPerf := hfLoad(t, ctx, "Qwen/Qwen3-30B-A3B")
	if !strings.HasPrefix(status, "Loaded Qwen/Qwen3-30B-A3B") || qwenPerf["a.tpot_ms"] == before["a.tpot_ms"] {
		t.Errorf("/performance/: status %q, time per output token %q (Llama 3.1 8B: %q)", status, qwenPerf["a.tpot_ms"], before["a.tpot_ms"])
	}
	perfLoc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !(location.search.includes('m.hf=Qwen') && location.search.includes('m.e=128')); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)

	// On /tco/ an option's estimator takes the custom model, then the field
	// fills it.
	tco := site.URL + "/sub/tco/"
	waitEngine(ctx, t, tco)
	choose(t, ctx, "a.pm", "custom")
	typed := eval[map[string]string](t, ctx, readMetrics)
	status, qwenTCO := hfLoad(t, ctx, "Qwen/Qwen3-30B-A3B")
	if !strings.HasPrefix(status, "Loaded Qwen/Qwen3-30B-A3B") || mapsEqual(qwenTCO, typed) {
		t.Errorf("/tco/: status %q; figures unchanged from the default custom model: %v", status, qwenTCO)
	}
	tcoLoc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !(location.search.includes('m.hf=Qwen') && location.search.includes('m.e=128')); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if strings.Contains(tcoLoc, "model=") {
		t.Errorf("/tco/'s link %s carries a model field it has not", tcoLoc)
	}

	// The links alone reproduce the figures: nothing is fetched again.
	hf.Close()
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, oss) {
		t.Errorf("the link without Hugging Face:\n got %v\nwant %v", again, oss)
	}
	if !strings.Contains(eval[string](t, tab, `document.body.textContent`), "Custom model “openai/gpt-oss-20b”") {
		t.Error("the page does not name the custom model after its Hugging Face id")
	}
	if again := waitEngine(tab, t, perfLoc); !mapsEqual(again, qwenPerf) {
		t.Errorf("/performance/'s link without Hugging Face:\n got %v\nwant %v", again, qwenPerf)
	}
	if again := waitEngine(tab, t, tcoLoc); !mapsEqual(again, qwenTCO) {
		t.Errorf("/tco/'s link without Hugging Face:\n got %v\nwant %v", again, qwenTCO)
	}
}

// TestFailedHuggingFaceImportNamesNothing types Hugging Face ids into the
// custom model's field key by key, as a reader does, on /memory/ and
// /tco/, and loads them from a Hugging Face out of reach: the page says
// so, and neither its results nor its link name a model whose config it
// never read. Once a model has been read, a failed load of another keeps
// the name of the model whose figures the page shows.
func TestFailedHuggingFaceImportNamesNothing(t *testing.T) {
	t.Parallel()
	hf := hfStandIn(t)
	out := buildSiteWith(t, sitebuild.Config{Base: "/", HFBase: hf.URL})
	site := httptest.NewServer(sitebuild.SiteHandler(out, "/"))
	t.Cleanup(site.Close)
	ctx := startBrowser(t)
	// load types id into the field and presses Load; it returns what the
	// page says next to the field.
	load := func(id string) string {
		t.Helper()
		do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="m.hf"]`)))
		eval[any](t, ctx, `document.querySelector('[name="m.hf"]').select()`)
		do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="m.hf"]`), id), chromedp.Click(chromedp.CSS(`#hf-load`)))
		return eval[string](t, ctx, `document.getElementById('hf-status').textContent`)
	}
	// shown is what the page says, but for the status of the load; link,
	// the page's link once written (app.js writes it when the page is left).
	const shown = `document.body.textContent.replace(document.getElementById('hf-status').textContent, '')`
	const link = `(() => { dispatchEvent(new Event('pagehide')); return decodeURIComponent(location.search); })()`
	// around returns the text about s in page, or "" where it lacks s.
	around := func(page, s string) string {
		i := strings.Index(page, s)
		if i < 0 {
			return ""
		}
		return page[max(0, i-80):min(len(page), i+len(s)+40)]
	}
	for _, page := range []string{"memory/?model=custom", "tco/?a.pm=custom"} {
		before := waitEngine(ctx, t, site.URL+"/"+page)
		status := load("down/model")
		if !strings.Contains(status, "Could not reach Hugging Face") {
			t.Errorf("%s: status %q; want Hugging Face out of reach", page, status)
		}
		if got := around(eval[string](t, ctx, shown), "down/model"); got != "" {
			t.Errorf("%s: the page names the model that was not read: …%s…", page, got)
		}
		if got := eval[string](t, ctx, link); strings.Contains(got, "m.hf") {
			t.Errorf("%s: the link %s names the model that was not read", page, got)
		}
		if after := eval[map[string]string](t, ctx, readMetrics); !mapsEqual(after, before) {
			t.Errorf("%s: the failed load changed the figures:\n got %v\nwant %v", page, after, before)
		}

		if status := load("Qwen/Qwen3-4B"); !strings.HasPrefix(status, "Loaded Qwen/Qwen3-4B") {
			t.Fatalf("%s: status %q", page, status)
		}
		read := eval[map[string]string](t, ctx, readMetrics)
		load("down/model")
		got := eval[string](t, ctx, shown)
		if bad := around(got, "down/model"); bad != "" || around(got, "Qwen/Qwen3-4B") == "" {
			t.Errorf("%s: after a failed load the page says …%s…; want Qwen/Qwen3-4B named, whose figures it shows, and no other", page, bad)
		}
		if got := eval[string](t, ctx, link); !strings.Contains(got, "m.hf=Qwen/Qwen3-4B") {
			t.Errorf("%s: the link %s; want it to name Qwen/Qwen3-4B, whose figures it holds", page, got)
		}
		if after := eval[map[string]string](t, ctx, readMetrics); !mapsEqual(after, read) {
			t.Errorf("%s: the failed load changed Qwen3-4B's figures:\n got %v\nwant %v", page, after, read)
		}
	}
}
