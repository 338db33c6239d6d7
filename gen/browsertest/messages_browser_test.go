package browsertest

import (
	"strings"
	"testing"
)

// An unknown preset or parameter in a link is said on the page, and stays
// said while the page settles. Once the reader changes a value, the
// scenario is theirs: the address drops what was ignored, and so does the
// page.
func TestUnknownPresetAndParameterStayReported(t *testing.T) {
	ctx, tco := browser(t)
	for _, calc := range []string{"tco/", "memory/", "performance/", "pricing/"} {
		url := strings.TrimSuffix(tco, "tco/") + calc + "?preset=nope&zzz=1"
		waitEngine(ctx, t, url)
		problems := func() string {
			return eval[string](t, ctx, `document.getElementById('problems').textContent`)
		}
		check := func(when string) {
			t.Helper()
			if p := problems(); !strings.Contains(p, "Unknown preset") || !strings.Contains(p, "\u201czzz\u201d") {
				t.Errorf("%s %s: problems %q", calc, when, p)
			}
		}
		check("when ready")
		evalAsync[int](t, ctx, `new Promise(r => setTimeout(() => r(0), 1500))`)
		check("after 1.5 s")
		eval[int](t, ctx, `(() => { const e = document.querySelector('#calc-form input[type=number]');
			e.value = String(Number(e.value) + 1); e.dispatchEvent(new Event('input', {bubbles: true})); return 0; })()`)
		loc := evalAsync[string](t, ctx, `(async () => {
			for (let i = 0; i < 100 && location.search.includes('zzz'); i++) await new Promise(r => setTimeout(r, 20));
			return location.search; })()`)
		if p := problems(); strings.Contains(loc, "zzz") || strings.Contains(loc, "nope") || strings.Contains(p, "zzz") {
			t.Errorf("%s after an input: address %q, problems %q", calc, loc, p)
		}
	}
}

// A burst of inputs while the engine works is computed once more, for the
// newest value only: the engine never works on a scenario the reader has
// already left, and the page ends on the last value's figures.
func TestSupersededInputsAreDropped(t *testing.T) {
	ctx, tco := browser(t)
	perf := strings.TrimSuffix(tco, "tco/") + "performance/"
	waitEngine(ctx, t, perf)
	r := evalAsync[struct {
		Computations int
		In           string
		Query        string
	}](t, ctx, `(async () => {
		const api = window.__infercost, before = api.computations, e = document.querySelector('[name="in"]');
		for (let v = 101; v <= 130; v++) { e.value = String(v); e.dispatchEvent(new Event('input', {bubbles: true})); }
		await api.settled();
		await new Promise(r => setTimeout(r, 300));
		return {Computations: api.computations - before, In: e.value, Query: location.search}; })()`)
	if r.Computations != 2 {
		t.Errorf("30 inputs in a burst made %d computations; want 2 (the first, then the newest)", r.Computations)
	}
	if r.In != "130" || !strings.Contains(r.Query, "in=130") {
		t.Errorf("the page ends on in=%s, address %s; want the last value, 130", r.In, r.Query)
	}
	// The figures are those of in=130, as a fresh page computes them.
	shown := eval[map[string]string](t, ctx, readMetrics)
	if fresh := waitEngine(ctx, t, perf+"?in=130"); !mapsEqual(shown, fresh) {
		t.Errorf("figures after the burst differ from in=130's:\n got %v\nwant %v", shown, fresh)
	}
}

// Reset on a preset's page returns to the preset's figures; elsewhere to
// the defaults.
func TestResetReturnsToThePreset(t *testing.T) {
	ctx, tco := browser(t)
	preset := waitEngine(ctx, t, tco+"?preset=seed-000")
	change := `(() => { const e = document.querySelector('[name="a.n"]'); e.value = '3'; e.dispatchEvent(new Event('input', {bubbles: true})); return 0; })()`
	eval[int](t, ctx, change)
	if changed := eval[map[string]string](t, ctx, readMetrics); mapsEqual(changed, preset) {
		t.Fatal("changing a.n changed nothing")
	}
	eval[int](t, ctx, `(document.getElementById('reset').click(), 0)`)
	if back := eval[map[string]string](t, ctx, readMetrics); !mapsEqual(back, preset) {
		t.Errorf("after Reset on the preset's page:\n got %v\nwant %v", back, preset)
	}
	defaults := waitEngine(ctx, t, tco)
	eval[int](t, ctx, change)
	eval[int](t, ctx, `(document.getElementById('reset').click(), 0)`)
	if back := eval[map[string]string](t, ctx, readMetrics); !mapsEqual(back, defaults) {
		t.Errorf("after Reset without a preset:\n got %v\nwant %v", back, defaults)
	}
}
