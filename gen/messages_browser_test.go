package main

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
		waitReady(ctx, t, url)
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
