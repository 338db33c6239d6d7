package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The chart tab a reader chose is part of the link, and a currency round
// trip (USD → EUR → USD) gives back the amounts as typed, not rounded
// twice. At desktop and phone widths.
func TestTabAndCurrencyRoundTripInTheLink(t *testing.T) {
	ctx, tco := browser(t)
	for _, width := range []int64{1366, 390} {
		do(t, ctx, chromedp.EmulateViewport(width, 900))
		waitEngine(ctx, t, tco)
		// The second tab of the first tab list.
		id := eval[string](t, ctx, `(t => { t.click(); return t.getAttribute('aria-controls'); })(document.querySelectorAll('[role="tablist"] [role="tab"]')[1])`)
		eval[any](t, ctx, `window.dispatchEvent(new Event('pagehide'))`)
		link := eval[string](t, ctx, `location.href`)
		if !strings.Contains(link, "tab=") {
			t.Fatalf("at %d px: the link %q does not keep the chosen tab", width, link)
		}
		waitEngine(ctx, t, link)
		r := eval[struct {
			Shown    bool
			Problems string
		}](t, ctx, `({Shown: !document.getElementById('`+id+`').hidden, Problems: document.getElementById('problems').textContent})`)
		if !r.Shown || r.Problems != "" {
			t.Errorf("at %d px: the link's tab %s shown %v, problems %q", width, id, r.Shown, r.Problems)
		}

		// 27,513 dollars become about 23,700 euros (4 significant digits)
		// and exactly 27,513 dollars again.
		waitEngine(ctx, t, tco)
		unfold(t, ctx, "a.gp")
		do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="a.gp"]`), ""), chromedp.SendKeys(chromedp.CSS(`[name="a.gp"]`), "27513"+kb.Tab))
		for _, cur := range []string{"EUR", "USD"} {
			eval[any](t, ctx, `(s => { s.value = '`+cur+`'; s.dispatchEvent(new Event('input', {bubbles: true})); })(document.querySelector('[name="cur"]'))`)
		}
		if got := eval[string](t, ctx, `document.querySelector('[name="a.gp"]').value`); got != "27513" {
			t.Errorf("at %d px: USD → EUR → USD turned 27513 into %q", width, got)
		}
	}
}

// A link to a part of the page (#results) keeps its fragment when the
// page writes the scenario's canonical query into the address bar, so
// that the address a reader copies still points where theirs did.
func TestTheLinksFragmentSurvivesTheCanonicalQuery(t *testing.T) {
	ctx, tco := browser(t)
	waitEngine(ctx, t, tco+"?a.n=16#results")
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('ed='); i++) await new Promise(r => setTimeout(r, 20));
		return location.search + '|' + location.hash; })()`)
	if !strings.Contains(loc, "ed=") || !strings.Contains(loc, "a.n=16") || !strings.HasSuffix(loc, "|#results") {
		t.Errorf("address after the canonical query: %q; want the edition, a.n=16 and #results", loc)
	}
}
