package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPricingFindInBrowser finds a model on the pricing page at a
// desktop's and a phone's width: a model's name typed lists it first
// (issue 45: "gpt-5" listed 63 models by price, GPT-5 not among the first
// 20), typing a search and choosing a provider list it, its button adds it to the comparison and to the link's apis=,
// the link reopens the same search and comparison, and the button
// removes it again. On a phone the page does not scroll sideways and the
// button is large enough to tap.
func TestPricingFindInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "pricing/"
	const id, row = "groq.openai-gpt-oss-120b", "Groq openai/gpt-oss-120b"
	// compared lists the comparison's APIs; apis is the address bar's
	// list once it has caught up with the page (app.js writes it after
	// typing pauses).
	const compared = `[...document.querySelectorAll('#compare td[data-col="api"]')].map(td => td.textContent.trim()).filter(Boolean)`
	apis := func(want bool) string {
		return evalAsync[string](t, ctx, `(async () => {
			for (let i = 0; i < 100; i++) {
				const q = new URLSearchParams(location.search);
				if ((q.get('apis') || '').split(',').includes('`+id+`') === `+map[bool]string{true: "true", false: "false"}[want]+`) break;
				await new Promise(r => setTimeout(r, 20));
			}
			return location.href; })()`)
	}
	for _, w := range []int64{1280, 390} {
		do(t, ctx, chromedp.EmulateViewport(w, 844, chromedp.EmulateScale(1)))
		waitEngine(ctx, t, page)
		if !eval[bool](t, ctx, `!!document.querySelector('[name="q"]') && !!document.querySelector('#find')`) {
			t.Fatal("no search box or list of models found on the pricing page")
		}
		unfold(t, ctx, "q")
		do(t, ctx, chromedp.SendKeys(`[name="q"]`, "gpt-5"+kb.Tab))
		const shown = `[...document.querySelectorAll('#find tbody tr')].filter(tr => tr.offsetParent).slice(0, 3).map(tr =>
			tr.querySelector('[data-col="f-name"]').textContent.trim() + ' / ' + tr.querySelector('[data-col="f-prov"]').textContent.trim())`
		if got := eval[[]string](t, ctx, shown); len(got) == 0 || got[0] != "GPT-5 / OpenAI" {
			t.Errorf("%d px: searching gpt-5 lists first %q; want GPT-5 of OpenAI", w, got)
		}
		eval[any](t, ctx, `(q => { q.value = ''; q.dispatchEvent(new Event('input', {bubbles: true})) })(document.querySelector('[name="q"]'))`)
		do(t, ctx, chromedp.SendKeys(`[name="q"]`, "GPT-oss 120b"+kb.Tab))
		do(t, ctx, chromedp.SetValue(`[name="prov"]`, "groq"))
		eval[any](t, ctx, `document.querySelector('[name="prov"]').dispatchEvent(new Event('input', {bubbles: true}))`)
		first := `document.querySelector('#find tbody tr')`
		if got := eval[string](t, ctx, first+`.querySelector('[data-col="f-name"]').textContent.trim() + ' / ' + `+
			first+`.querySelector('[data-col="f-prov"]').textContent.trim()`); got != "openai/gpt-oss-120b / Groq" {
			t.Fatalf("%d px: first found %q", w, got)
		}
		if n := eval[float64](t, ctx, `[...document.querySelectorAll('#find tbody tr')].filter(tr => tr.offsetParent).length`); n != 1 {
			t.Errorf("%d px: %v rows shown for one match", w, n)
		}
		if got := eval[[]string](t, ctx, compared); strings.Contains(strings.Join(got, "|"), row) {
			t.Fatalf("%d px: compared before adding: %v", w, got)
		}
		button := `#find tbody tr:first-child button.toggle`
		if h := eval[float64](t, ctx, `document.querySelector('`+button+`').getBoundingClientRect().height`); h < 40 {
			t.Errorf("%d px: the button is %v px tall; want 40 at least", w, h)
		}
		if over := eval[float64](t, ctx, `document.documentElement.scrollWidth - innerWidth`); over > 0 {
			t.Errorf("%d px: the page scrolls %v px sideways", w, over)
		}
		do(t, ctx, chromedp.ScrollIntoView(button), chromedp.Click(button))
		if got := eval[[]string](t, ctx, compared); !strings.Contains(strings.Join(got, "|"), row) {
			t.Errorf("%d px: added, but the comparison shows %v", w, got)
		}
		if got := eval[string](t, ctx, `document.querySelector('`+button+`').textContent.trim()`); got != "In comparison: remove" {
			t.Errorf("%d px: the button says %q once added", w, got)
		}
		loc := apis(true)
		if !strings.Contains(loc, "q=gpt-oss+120b") || !strings.Contains(loc, "prov=groq") {
			t.Errorf("%d px: the link %s lacks the search", w, loc)
		}

		// The link reopens the same search and comparison.
		waitEngine(ctx, t, loc)
		if got := eval[string](t, ctx, `document.querySelector('[name="q"]').value + ' / ' + document.querySelector('[name="prov"]').value`); got != "gpt-oss 120b / groq" {
			t.Errorf("%d px: reopened search %q", w, got)
		}
		if got := eval[[]string](t, ctx, compared); !strings.Contains(strings.Join(got, "|"), row) {
			t.Errorf("%d px: reopened comparison %v", w, got)
		}
		do(t, ctx, chromedp.ScrollIntoView(button), chromedp.Click(button))
		if got := eval[[]string](t, ctx, compared); strings.Contains(strings.Join(got, "|"), row) {
			t.Errorf("%d px: removed, but the comparison shows %v", w, got)
		}
		if loc := apis(false); strings.Contains(loc, id) {
			t.Errorf("%d px: removed, but the link is %s", w, loc)
		}
	}
}
