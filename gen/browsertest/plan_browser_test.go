package browsertest

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPlanThroughTheForm changes the plan's model, volume, spare
// replicas and grid as a reader does: the ranking and the headline follow each
// change, the link
// reopens with the same figures in a fresh tab, and no ranked place
// shows a cost without a figure.
func TestPlanThroughTheForm(t *testing.T) {
	ctx, page := browser(t)
	plan := strings.TrimSuffix(page, "tco/") + "plan/"
	static := readStatic(t, plan)
	live := waitEngine(ctx, t, plan)
	if !mapsEqual(static, live) {
		t.Errorf("pre-rendered and engine values differ:\n static %v\n   live %v", static, live)
	}
	type answer struct {
		Headline, First string
		Ranked          int
	}
	read := func() answer {
		return eval[answer](t, ctx, `({Headline: document.getElementById('headline-text').textContent,
			First: document.querySelector('[data-key="r1.option"]').textContent.trim(),
			Ranked: document.querySelectorAll('[data-metric="monthly_cost"][data-value]').length})`)
	}
	def := read()
	if def.Ranked == 0 || !strings.Contains(def.Headline, def.First) {
		t.Fatalf("default plan: %+v; want ranked options and the first named in the headline", def)
	}

	// A small model: every GPU holds it, the ranking changes.
	choose(t, ctx, "model", "llama-3.1-8b")
	small := read()
	if small.Headline == def.Headline || !strings.Contains(small.Headline, "Llama 3.1 8B") {
		t.Errorf("after choosing Llama 3.1 8B the headline is %q", small.Headline)
	}

	// A hundredth of the volume, typed.
	do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="rpd"]`)))
	eval[any](t, ctx, `(() => { document.querySelector('[name="rpd"]').select(); return 0; })()`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="rpd"]`), "10000"))
	less := read()
	if less.Headline == small.Headline || !strings.Contains(less.Headline, "234 million tokens") {
		t.Errorf("after typing 10,000 requests a day the headline is %q; want 234 million tokens a month", less.Headline)
	}

	// One spare replica (N+1), typed in its folded group: every GPU
	// option takes one more replica, and its place says so.
	unfold(t, ctx, "spare")
	do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="spare"]`)))
	eval[any](t, ctx, `(() => { document.querySelector('[name="spare"]').select(); return 0; })()`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="spare"]`), "1"))
	spare := read()
	takes := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-key$=".takes"]')].map(e => e.textContent).filter(s => s.includes('spare'))`)
	if spare.Headline == less.Headline || len(takes) == 0 {
		t.Errorf("after typing one spare replica the headline is %q and no place counts a spare replica", spare.Headline)
	}

	// France's grid: each self-hosted place's CO2 falls to 56/481 of the
	// world's, an API's stays unpublished.
	co2 := `Object.fromEntries([...document.querySelectorAll('[data-key$=".co2"]')].filter(e => !e.closest('tr').hidden)
		.map(e => [e.dataset.key, e.dataset.value || e.textContent.trim()]))`
	world := eval[map[string]string](t, ctx, co2)
	unfold(t, ctx, "grid")
	choose(t, ctx, "grid", "fr")
	france := eval[map[string]string](t, ctx, co2)
	compared := 0
	for k, w := range world {
		a, errA := strconv.ParseFloat(w, 64)
		b, errB := strconv.ParseFloat(france[k], 64)
		switch {
		case errA != nil && w != france[k]:
			t.Errorf("%s: %q on the world's grid, %q on France's; want an API's cell to stay", k, w, france[k])
		case errA == nil && (errB != nil || math.Abs(b-a*56/481) > 1e-6*a):
			t.Errorf("%s: %v g on the world's grid, %q on France's; want 56/481 of it", k, a, france[k])
		case errA == nil:
			compared++
		}
	}
	if compared == 0 {
		t.Errorf("no place shows its CO2: %v", world)
	}
	after := eval[map[string]string](t, ctx, readMetrics)
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('grid=fr'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "model=llama-3.1-8b") || !strings.Contains(loc, "rpd=10000") || !strings.Contains(loc, "spare=1") {
		t.Fatalf("the link %s does not carry the model, the volume and the spare replica", loc)
	}

	// The link in a fresh tab: the same figures and answer.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("the link in a fresh tab differs:\n got %v\nwant %v", again, after)
	}
	if h := eval[string](t, tab, `document.getElementById('headline-text').textContent`); h != spare.Headline {
		t.Errorf("the link's headline %q; the page's %q", h, spare.Headline)
	}

	// Every ranked place with a cost has its figure; an empty place is
	// hidden.
	if bad := eval[[]string](t, ctx, `[...document.querySelectorAll('#ranking tbody tr')].filter(r => !r.hidden)
		.map(r => r.querySelector('[data-key$=".monthly"]')).filter(c => !c || !(+c.dataset.value > 0)).map(c => c ? c.dataset.key : 'row')`); len(bad) > 0 {
		t.Errorf("ranked places without a cost: %v", bad)
	}
}

// TestPlanLoadCurveThroughTheForm chooses the office-hours curve and
// then types hours, as a reader does: the busiest hour's rate follows
// the curve (38 % outside office hours: 168 / (40 + 128 x 0.38) = 1.895
// times the mean), rented places say they follow it by the hour, the
// link reopens with the same figures, spot offers wait for the share
// reclaimed until it is typed, and typed hours with a negative value get
// a message next to their field.
func TestPlanLoadCurveThroughTheForm(t *testing.T) {
	ctx, page := browser(t)
	plan := strings.TrimSuffix(page, "tco/") + "plan/"
	waitEngine(ctx, t, plan)
	value := func(key string) float64 {
		v, err := strconv.ParseFloat(eval[string](t, ctx, `document.querySelector('[data-key="`+key+`"]').dataset.value`), 64)
		if err != nil {
			t.Fatalf("%s has no value: %v", key, err)
		}
		return v
	}
	rate := value("requests_s")
	if p := value("peak_requests_s"); math.Abs(p-rate) > 1e-4 {
		t.Fatalf("a flat week's busiest hour runs %v requests/s, the mean %v", p, rate)
	}
	if !eval[bool](t, ctx, `document.querySelector('th[data-col="util"]').hidden`) {
		t.Error("a flat week shows the Busy column")
	}
	unfold(t, ctx, "curve")
	choose(t, ctx, "curve", "office")
	evalAsync[bool](t, ctx, `(async () => {
		for (let i = 0; i < 200 && !location.search.includes('curve=office'); i++) await new Promise(r => setTimeout(r, 20));
		return true; })()`)
	want := rate * 168 / (40 + 128*0.38)
	if p := value("peak_requests_s"); math.Abs(p-want) > 1e-3*want {
		t.Errorf("office hours: the busiest hour runs %v requests/s; want %v (1.895 x %v)", p, want, rate)
	}
	if eval[bool](t, ctx, `document.querySelector('th[data-col="util"]').hidden`) {
		t.Error("office hours: the Busy column stays hidden")
	}
	hourly := eval[[]string](t, ctx, `[...document.querySelectorAll('[data-key$=".takes"]')].map(e => e.textContent).filter(s => s.includes('by the hour'))`)
	if len(hourly) == 0 {
		t.Error("office hours: no rented place follows the curve by the hour")
	}
	after := eval[map[string]string](t, ctx, readMetrics)
	loc := eval[string](t, ctx, `location.href`)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("the office-hours link in a fresh tab differs:\n got %v\nwant %v", again, after)
	}

	// Spot offers wait below the ranking for the share of their capacity
	// reclaimed; typed, they leave that list.
	needsSpot := `document.querySelector('[data-key="u.needs_spot"]').textContent`
	if !strings.Contains(eval[string](t, ctx, needsSpot), "Spot VM") {
		t.Errorf("no spot offer waits for the share reclaimed: %q", eval[string](t, ctx, needsSpot))
	}
	unfold(t, ctx, "spot")
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="spot"]`), "5"))
	eval[any](t, ctx, `document.querySelector('[name="spot"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	if left := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 200 && `+needsSpot+`; i++) await new Promise(r => setTimeout(r, 20));
		return `+needsSpot+`; })()`); left != "" {
		t.Errorf("at 5 %% reclaimed spot offers still wait: %q", left)
	}

	// Typed hours with a negative one: the message is next to the field,
	// and the week stays flat.
	choose(t, ctx, "curve", "hours")
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="hours"]`), "1, 2, -1"))
	eval[any](t, ctx, `document.querySelector('[name="hours"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	msg := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 200 && !document.getElementById('err-hours').textContent; i++) await new Promise(r => setTimeout(r, 20));
		return document.getElementById('err-hours').textContent; })()`)
	if !strings.Contains(msg, "Number 3") {
		t.Errorf("typed hours 1, 2, -1: the field says %q; want it to name number 3", msg)
	}
	if p := value("peak_requests_s"); math.Abs(p-rate) > 1e-4 {
		t.Errorf("after bad hours the busiest hour runs %v requests/s; want the flat week's %v", p, rate)
	}
}
