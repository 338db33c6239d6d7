package browsertest

import (
	"strings"
	"testing"
)

// A link's parameters that the calculator does not use are said on the
// page as in the API (a key given twice, an unknown version, a field that
// does not apply, an unknown key), and the page uses the first of
// repeated values. A field the reader's own edit hides (a mode switched)
// is not reported: its value leaves the link with no message.
func TestIgnoredParametersInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	problems := func() string {
		t.Helper()
		return eval[string](t, ctx, `document.getElementById('problems').textContent`)
	}
	waitEngine(ctx, t, tco+"?a.n=16&a.n=2&v=2&users=5&zzz=1")
	p := problems()
	for _, want := range []string{"\u201ca.n\u201d more than once", "version is not one", "\u201cUsers in flight\u201d does not apply", "\u201czzz\u201d"} {
		if !strings.Contains(p, want) {
			t.Errorf("problems %q; want %q", p, want)
		}
	}
	if n := eval[string](t, ctx, `document.querySelector('[name="a.n"]').value`); n != "16" {
		t.Errorf("a.n = %s; want the first value, 16", n)
	}

	waitEngine(ctx, t, strings.TrimSuffix(tco, "tco/")+"performance/?mode=closed&users=8")
	if p := problems(); p != "" {
		t.Fatalf("closed loop: problems %q", p)
	}
	// One input event, as a reader's choice sends: a second would compute
	// the canonical state again and hide what the first showed.
	loc := evalAsync[string](t, ctx, `(async () => {
		const e = document.querySelector('[name="mode"]');
		e.value = 'open';
		e.dispatchEvent(new Event('input', {bubbles: true}));
		await window.__infercost.settled();
		// The address follows once typing pauses.
		for (let i = 0; i < 100 && location.search.includes('users='); i++) await new Promise(r => setTimeout(r, 20));
		return location.search; })()`)
	if p := problems(); p != "" || strings.Contains(loc, "users=") {
		t.Errorf("after switching to the open loop: problems %q, address %q", p, loc)
	}
}
