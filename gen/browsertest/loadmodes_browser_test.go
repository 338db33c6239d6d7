package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLoadModesInBrowser switches /performance/ to a closed loop through
// the form: the users field appears and the rate's goes, the load table
// and the headline name the users, the most users within the target
// replaces the highest rate, and the link carries mode and users; a fresh
// tab of that link shows the same figures. The TCO page sizes its options
// for users in flight the same way: the demand field goes, the users and
// think time appear, and the GPUs for the demand name the users a replica
// serves, in the link and in a fresh tab of it. Requests of chat-like
// lengths change /performance/'s simulated figures and stay in its link.
func TestLoadModesInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "performance/"
	open := waitEngine(ctx, t, page)
	shown := func(key string) bool {
		t.Helper()
		return eval[bool](t, ctx, `!document.querySelector('[data-field="`+key+`"]').closest('[hidden]')`)
	}
	if !shown("rate") || shown("users") || shown("think") {
		t.Fatalf("open loop: rate shown %v, users %v, think %v; want only the rate", shown("rate"), shown("users"), shown("think"))
	}
	set := func(key, value string) {
		t.Helper()
		do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="`+key+`"]`), value))
		eval[any](t, ctx, `document.querySelector('[name="`+key+`"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	}
	set("mode", "closed")
	if shown("rate") || !shown("users") || !shown("think") {
		t.Errorf("closed loop: rate shown %v, users %v, think %v; want users and think", shown("rate"), shown("users"), shown("think"))
	}
	set("users", "8")
	closed := eval[map[string]string](t, ctx, readMetrics)
	title := eval[string](t, ctx, `document.getElementById('load-title').textContent`)
	headline := eval[string](t, ctx, `document.getElementById('headline-text').textContent`)
	if !strings.Contains(title, "8 users in flight") || !strings.Contains(headline, "With 8 users in flight") {
		t.Errorf("closed loop: table %q, headline %q; want them to name 8 users in flight", title, headline)
	}
	if closed["a.max_users_at_slo"] == "" || closed["a.max_rps_at_slo"] != "" || closed["a.p99_latency_ms"] == open["a.p99_latency_ms"] {
		t.Errorf("closed loop: metrics %v; want the most users instead of the highest rate, and a new P99", closed)
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !(location.search.includes('mode=closed') && location.search.includes('users=8')); i++)
			await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "mode=closed") || !strings.Contains(loc, "users=8") || strings.Contains(loc, "rate=") {
		t.Fatalf("link %s; want mode=closed and users=8, no rate", loc)
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, closed) {
		t.Errorf("fresh tab of %s differs:\n %v\n %v", loc, again, closed)
	}
	saveArtifact(t, "performance-closed-loop.png", fullScreenshot(t, ctx, 80))

	// Requests of chat-like lengths: the simulated figures change, the
	// batch table's (the roofline at the means) do not, and the link
	// keeps the choice.
	set("lens", "chat")
	chat := evalAsync[map[string]string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('lens=chat'); i++)
			await new Promise(r => setTimeout(r, 20));
		return `+readMetrics+`; })()`)
	if chat["a.p99_latency_ms"] == closed["a.p99_latency_ms"] || chat["a.tokens_per_s_gpu"] != closed["a.tokens_per_s_gpu"] {
		t.Errorf("chat-like lengths: metrics %v; want a new P99 and the batch's throughput as before %v", chat, closed)
	}
	if loc := eval[string](t, ctx, `location.href`); !strings.Contains(loc, "lens=chat") || !strings.Contains(loc, "users=8") {
		t.Errorf("link %s; want lens=chat with the users", loc)
	}

	// Expert parallelism: hidden for the dense model above, offered for a
	// mixture of experts; 8 expert groups slow one request's decode (the
	// busiest group's whole experts are read) and the link keeps them.
	if shown("ep") {
		t.Errorf("dense model: expert parallelism shown; want it hidden")
	}
	moe := waitEngine(ctx, t, page+"?model=deepseek-v3&gpu=h200-sxm&prec=fp8&kv=fp8&tp=8&b=1")
	if !shown("ep") {
		t.Fatalf("DeepSeek-V3: expert parallelism hidden; want it offered")
	}
	set("ep", "8")
	ep := evalAsync[map[string]string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('ep=8'); i++)
			await new Promise(r => setTimeout(r, 20));
		return `+readMetrics+`; })()`)
	if ep["a.tpot_ms"] == "" || ep["a.tpot_ms"] == moe["a.tpot_ms"] {
		t.Errorf("8 expert groups: time per output token %q; want it changed from %q", ep["a.tpot_ms"], moe["a.tpot_ms"])
	}

	// Within 10 s a replica of Llama 3.1 8B keeps 111 users (within 30 s
	// more than the simulated run's 400, on vLLM's newest builds).
	waitEngine(ctx, t, tco+"?slo=10&dem=1e9&a.pm=llama-3.1-8b")
	if !shown("dem") || shown("users") {
		t.Fatalf("TCO, open loop: demand shown %v, users %v; want the demand only", shown("dem"), shown("users"))
	}
	set("mode", "closed")
	if shown("dem") || !shown("users") || !shown("think") {
		t.Errorf("TCO, users in flight: demand shown %v, users %v, think %v; want users and think", shown("dem"), shown("users"), shown("think"))
	}
	set("users", "5000")
	sized := eval[string](t, ctx, `document.querySelector('[data-option="a"][data-metric="demand_gpus"]').textContent`)
	if !strings.Contains(sized, "users each") {
		t.Errorf("TCO, 5,000 users: GPUs for the demand %q; want replicas of so many users each", sized)
	}
	loc = evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('users=5000'); i++)
			await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "mode=closed") || !strings.Contains(loc, "users=5000") || strings.Contains(loc, "dem=") {
		t.Fatalf("TCO link %s; want mode=closed and users=5000, no demand", loc)
	}
	tab2, cancel2 := chromedp.NewContext(ctx)
	defer cancel2()
	waitEngine(tab2, t, loc)
	if again := eval[string](t, tab2, `document.querySelector('[data-option="a"][data-metric="demand_gpus"]').textContent`); again != sized {
		t.Errorf("fresh tab of %s: %q; want %q", loc, again, sized)
	}
}
