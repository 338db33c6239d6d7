package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// TestEveryPresetOpensWithItsExplanation follows the link of every preset
// that its calculator's toolbar lists by name: the page opens the
// preset, shows its explanation and the source of its rationale within
// the screen's width, at a desktop's width and then, without a reload,
// a phone's, and reports no problem and no rejected value.
func TestEveryPresetOpensWithItsExplanation(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	calcs := sitebuild.Calculators(datasettest.Load(t))
	desktop := chromedp.EmulateViewport(1366, 900)
	sizes := []struct {
		name string
		set  chromedp.Action[chromedp.Void]
	}{{"desktop", desktop}, {"phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)}}
	for _, c := range calcs {
		do(t, ctx, desktop)
		// The presets' links are read on the calculator's own page, as
		// served, once it is there: read on the page of the preset
		// before, one was missing twice on a busy machine, and the first
		// navigation of a fresh tab has once returned before the
		// toolbar. One load reads them all.
		do(t, ctx, chromedp.Navigate(root+c.Path), chromedp.WaitReady(chromedp.CSS(`.toolbar a[href$="?preset=`+c.Presets[len(c.Presets)-1].Name+`"]`)))
		links := eval[map[string][2]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('.toolbar a[href*="?preset="]')].map(a => [new URL(a.href).searchParams.get('preset'), [a.textContent, a.href]]))`)
		for _, p := range c.Presets {
			link, ok := links[p.Name]
			if !ok || link[0] != p.Title {
				t.Errorf("%s%s: the toolbar's link reads %q; want %q", c.Path, p.Name, link[0], p.Title)
				continue
			}
			for i, size := range sizes {
				where := fmt.Sprintf("%s %s%s", size.name, c.Path, p.Name)
				do(t, ctx, size.set)
				if i == 0 {
					// As a reader's click on the toolbar's link: in place.
					openLink(t, ctx, link[1])
				}
				got := evalAsync[map[string]any](t, ctx, fmt.Sprintf(`(async () => {
					await nextFrames(2); // the layout at the new width
					const shown = e => !!e && !e.closest('[hidden]') && e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().right <= innerWidth + 1;
					const ex = document.getElementById('explanation'), src = document.querySelector('[data-preset-source="%s"]');
					return {preset: new URLSearchParams(location.search).get('preset'), explanation: shown(ex) ? ex.textContent : '',
						source: shown(src) ? src.textContent : '', sourceLink: src?.querySelector('a')?.href ?? '',
						problems: [...document.querySelectorAll('#problems li')].map(li => li.textContent),
						invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map(e => e.name),
						nan: /NaN|Infinity/.test(document.querySelector('.outputs').innerText)};
				})()`, p.Name))
				if got["preset"] != p.Name {
					t.Errorf("%s: the link opened preset %v", where, got["preset"])
				}
				if got["explanation"] != p.Explanation {
					t.Errorf("%s: explanation shown %q; want %q", where, got["explanation"], p.Explanation)
				}
				if src, _ := got["source"].(string); !strings.Contains(src, "as of "+p.AsOf) || got["sourceLink"] == "" {
					t.Errorf("%s: source shown %q (link %v); want it with its date %s", where, src, got["sourceLink"], p.AsOf)
				}
				if probs, _ := got["problems"].([]any); len(probs) > 0 {
					t.Errorf("%s: problems %v", where, probs)
				}
				if inv, _ := got["invalid"].([]any); len(inv) > 0 {
					t.Errorf("%s: rejected values in %v", where, inv)
				}
				if got["nan"] == true {
					t.Errorf("%s: the results show NaN or Infinity", where)
				}
			}
		}
	}
}
