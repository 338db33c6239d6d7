package browsertest

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBillsThroughTheForm sets what a bill charges beyond the token
// prices through the pricing page's form, as a reader does: the
// processing region, a service tier and the cache lifetime change the
// figures, the link and the headline; an API without a price in the
// region says what is missing instead of a cost; shares over all the
// requests are refused next to their field; a German page starts in the
// EU.
func TestBillsThroughTheForm(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "pricing/"
	set := func(ctx context.Context, name, value string) {
		t.Helper()
		do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="`+name+`"]`), value))
		eval[any](t, ctx, `document.querySelector('[name="`+name+`"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	}
	// The page answers an edit, then writes it into the address (or
	// leaves out a default: gone).
	wait := func(ctx context.Context, part string, gone bool) {
		t.Helper()
		if got := evalAsync[string](t, ctx, `(async () => {
			for (let i = 0; i < 200 && location.search.includes(`+strconv.Quote(part)+`) == `+strconv.FormatBool(gone)+`; i++) await new Promise(r => setTimeout(r, 20));
			return location.search; })()`); strings.Contains(got, part) == gone {
			t.Fatalf("the address %q never took the edit (%s, gone %v)", got, part, gone)
		}
	}
	waitFor := func(ctx context.Context, part string) { t.Helper(); wait(ctx, part, false) }
	cell := func(ctx context.Context, key string) string {
		return eval[string](t, ctx, `(document.querySelector('#compare [data-key="`+key+`"]') || {textContent: '(none)'}).textContent.trim()`)
	}

	waitEngine(ctx, t, page+"?apis=claude-sonnet-4.5,mistral.mistral-large-2512,gpt-4.1")
	set(ctx, "region", "eu")
	waitFor(ctx, "region=eu")
	m := eval[map[string]string](t, ctx, readMetrics)
	// Mistral Large 3 in the EU, Mistral's regional inference at 1.1x:
	// 10,000 requests a day x (1,000 x $0.50 + 300 x $1.50) / 1e6 x 1.1
	// x 365.25 / 12 = $318.071875 a month.
	if got := m["mistral.mistral-large-2512.monthly_cost"]; got != "318.071875 USD" {
		t.Errorf("Mistral Large 3 in the EU: %q a month; want 318.071875 USD", got)
	}
	// The Claude API has no EU region; GPT-4.1 publishes no EU price.
	if m["claude-sonnet-4.5.monthly_cost"] != "" || m["gpt-4.1.monthly_cost"] != "" {
		t.Errorf("APIs without an EU price have costs: %v", m)
	}
	if got := cell(ctx, "api1.c-month"); got != "EU: not served" {
		t.Errorf("Claude Sonnet 4.5 in the EU: %q; want EU: not served", got)
	}
	if got := cell(ctx, "api3.c-month"); got != "EU: no price" {
		t.Errorf("GPT-4.1 in the EU: %q; want EU: no price", got)
	}
	if h := eval[string](t, ctx, `document.getElementById('headline-text').textContent`); !strings.Contains(h, "Mistral") {
		t.Errorf("headline %q; want the cheapest API priced in the EU", h)
	}

	// Anywhere again, with 40 % of GPT-4.1's requests at priority:
	// 0.6 x $0.0044 + 0.4 x $0.0077 = $0.00572 a request (OpenAI's
	// standard $2 / $8 and priority $3.50 / $14).
	set(ctx, "region", "global")
	wait(ctx, "region=", true)
	set(ctx, "prio", "0.4")
	waitFor(ctx, "prio=0.4")
	if got := eval[map[string]string](t, ctx, readMetrics)["gpt-4.1.cost_per_request"]; got != "0.00572 USD" {
		t.Errorf("GPT-4.1 at 40 %% priority: %q a request; want 0.00572 USD", got)
	}
	// Batch 0.7 and priority 0.4 take more than every request: the
	// priority share is refused next to its field, and priced as none.
	set(ctx, "batch", "0.7")
	waitFor(ctx, "batch=0.7")
	errs := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 200 && !document.getElementById('err-prio').textContent; i++) await new Promise(r => setTimeout(r, 20));
		return document.getElementById('err-prio').textContent; })()`)
	if !strings.Contains(errs, "more than all requests") {
		t.Errorf("error next to prio: %q; want the shares over all requests", errs)
	}

	// A 1-hour cache: Claude Sonnet 4.5 prices it, GPT-4.1 writes at
	// its input price and says so.
	set(ctx, "batch", "0")
	set(ctx, "prio", "0")
	set(ctx, "cache", "0.7")
	set(ctx, "ttl", "1h")
	waitFor(ctx, "ttl=1h")
	if note := eval[string](t, ctx, `document.querySelector('#compare [data-key="api3.c-month"]').title`); !strings.Contains(note, "Cache writes cost the input price") {
		t.Errorf("GPT-4.1's monthly cost note %q; want it to say writes cost the input price", note)
	}
	if m := eval[map[string]string](t, ctx, readMetrics); m["claude-sonnet-4.5.monthly_cost"] == "" {
		t.Errorf("Claude Sonnet 4.5 with a 1-hour cache has no cost: %v", m)
	}

	// A German page starts in the EU, and its link says so.
	de := strings.Replace(page, "/pricing/", "/de/pricing/", 1)
	waitEngine(ctx, t, de)
	if got := eval[string](t, ctx, `document.querySelector('[name="region"]').value`); got != "eu" {
		t.Errorf("German page's region %q; want eu", got)
	}
	if h := eval[string](t, ctx, `document.getElementById('headline-text').textContent`); !strings.Contains(h, "Mistral") {
		t.Errorf("German headline %q; want the cheapest API priced in the EU, a Mistral model", h)
	}
}
