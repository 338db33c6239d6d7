package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLoadModesInBrowser switches /performance/ to a closed loop through
// the form: the users field appears and the rate's goes, the load table
// and the headline name the users, the most users within the target
// replaces the highest rate, and the link carries mode and users; a fresh
// tab of that link shows the same figures.
func TestLoadModesInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "performance/"
	open := waitReady(ctx, t, page)
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
	if again := waitReady(tab, t, loc); !mapsEqual(again, closed) {
		t.Errorf("fresh tab of %s differs:\n %v\n %v", loc, again, closed)
	}
	saveArtifact(t, "performance-closed-loop.png", fullScreenshot(t, ctx, 80))
}
