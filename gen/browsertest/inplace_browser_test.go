package browsertest

import (
	"context"
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// openLink opens url, a calculator's, as a reader's click on a link to
// it does, and waits until the engine has answered: a scenario of the
// calculator on screen opens in place (links.js), and inPlace says so;
// another link loads.
func openLink(t *testing.T, ctx context.Context, url string) (inPlace bool) {
	t.Helper()
	href, _ := json.Marshal(url)
	// In place, the click has pushed the link's address before it
	// returns; a load still shows the old one, or a new page.
	inPlace = eval[bool](t, ctx, `(a => { window.__samePage = true; document.body.append(a); a.click(); a.remove();
		return window.__samePage === true && location.href === a.href; })(Object.assign(document.createElement('a'), {href: `+string(href)+`}))`)
	if inPlace {
		eval[any](t, ctx, `0`) // the engine's answer
		return true
	}
	// Read until the new page answers: a read may meet the old page, or
	// none while it unloads.
	for ready := false; !ready; {
		var err error
		ready, err = chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__samePage === undefined && document.documentElement.dataset.engine === 'ready'`))
		if err != nil && ctx.Err() != nil {
			t.Fatal(err)
		}
	}
	return false
}

// openInPlace is openLink for a link that must open in place.
func openInPlace(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if !openLink(t, ctx, url) {
		t.Fatalf("%s: the page loaded again instead of opening the link in place", url)
	}
}

// cell is a result cell as readCells reads it.
type cell struct {
	Text, Value, Band, Low, High string
	Shown                        bool
}

// shownCells reads every result cell the page shows (readCells).
func shownCells(t *testing.T, ctx context.Context) map[string]cell {
	t.Helper()
	page := eval[map[string]cell](t, ctx, readCells)
	maps.DeleteFunc(page, func(_ string, c cell) bool { return !c.Shown })
	return page
}

// A preset in a calculator's toolbar opens in place: the engine that is
// running computes it (no load, so no second start of the engine), the
// page then shows what a load of the preset's link shows, and Back
// returns to the scenario before it, as the reader left it. A link's
// own parameters (chart tab, handout title) follow the link. A link
// that pins a data edition the engine has not loaded loads as usual.
func TestPresetsOpenInPlaceAndBackReturns(t *testing.T) {
	ctx, tco := browser(t)
	for calc, own := range map[string]string{"tco/": "cur=EUR", "performance/": "b=64"} {
		page := strings.TrimSuffix(tco, "tco/") + calc
		waitEngine(ctx, t, page+"?"+own)
		before := shownCells(t, ctx)
		eval[any](t, ctx, `window.__samePage = true`)
		do(t, ctx, chromedp.Click(chromedp.CSS(`.toolbar details.presets summary`)),
			chromedp.Click(chromedp.CSS(`.toolbar details.presets a:nth-of-type(2)`)))
		got := eval[struct {
			Same, Folded bool
			Search       string
			Shown        []string
			Focus        string
		}](t, ctx, `({Same: window.__samePage === true, Search: location.search,
			Shown: [...document.querySelectorAll('[data-preset-source]:not([hidden])')].map(e => e.dataset.presetSource),
			Folded: !document.querySelector('.toolbar details.presets').open, Focus: document.activeElement.tagName})`)
		if !got.Same {
			t.Fatalf("%s: the preset's link loaded the page again", calc)
		}
		// The list folds, as on a load, and the focus is not left in it.
		if !got.Folded || got.Focus != "SUMMARY" {
			t.Errorf("%s: after the click the presets' list is folded %v, the focus on a %s; want folded, on its summary", calc, got.Folded, got.Focus)
		}
		preset := eval[string](t, ctx, `new URL(document.querySelector('.toolbar details.presets a:nth-of-type(2)').href).searchParams.get('preset')`)
		if !strings.Contains(got.Search, "preset="+preset) || len(got.Shown) != 1 || got.Shown[0] != preset {
			t.Errorf("%s: after the click the address has %q and the page shows the source of %q; want the preset %s", calc, got.Search, got.Shown, preset)
		}
		inPlace := shownCells(t, ctx)
		if len(inPlace) < 10 {
			t.Fatalf("%s: read %d cells", calc, len(inPlace))
		}
		waitEngine(ctx, t, page+"?preset="+preset)
		if loaded := shownCells(t, ctx); !maps.Equal(inPlace, loaded) {
			t.Errorf("%s: the preset opened in place shows other cells than its link loaded:\n in place %v\n   loaded %v", calc, inPlace, loaded)
		}

		// Back, from the preset opened in place to the scenario before.
		waitEngine(ctx, t, page+"?"+own)
		openInPlace(t, ctx, page+"?preset="+preset)
		eval[any](t, ctx, `history.back()`)
		do(t, ctx, chromedp.Poll[chromedp.Void](`!location.search.includes('preset=')`))
		if back := shownCells(t, ctx); !maps.Equal(back, before) {
			t.Errorf("%s: Back shows other cells than the scenario before:\n back %v\n want %v", calc, back, before)
		}
		if !eval[bool](t, ctx, `window.__samePage === true && location.search.includes('&`+own+`')`) {
			t.Errorf("%s: Back loaded the page again, or lost the scenario's %s: %s", calc, own, eval[string](t, ctx, `location.search`))
		}

		// A link's chart tab shows, and a link without one shows each
		// list's first, as a load does.
		tab := eval[string](t, ctx, `document.querySelectorAll('[role="tablist"] [role="tab"]')[1].id.replace(/^chart-/, '').replace(/-tab$/, '')`)
		selected := `[...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map(e => e.id).join(' ')`
		openInPlace(t, ctx, page+"?tab="+tab)
		withTab := eval[string](t, ctx, selected)
		openInPlace(t, ctx, page)
		if without := eval[string](t, ctx, selected); !strings.Contains(withTab, "chart-"+tab+"-tab") || strings.Contains(without, "chart-"+tab+"-tab") {
			t.Errorf("%s: tabs selected with ?tab=%s: %q, then without: %q; want it, then each list's first", calc, tab, withTab, without)
		}

		// So does the handout's title: the link's, else none.
		title := `document.querySelector('[data-handout="h.title"]').value`
		openInPlace(t, ctx, page+"?h.title=For+ACME")
		withTitle := eval[string](t, ctx, title)
		openInPlace(t, ctx, page)
		if without := eval[string](t, ctx, title); withTitle != "For ACME" || without != "" {
			t.Errorf("%s: the handout's title with h.title=For+ACME: %q, then without: %q; want it, then none", calc, withTitle, without)
		}

		// An edition the engine has not loaded: the link loads.
		if openLink(t, ctx, page+"?ed=2026-11-30") {
			t.Errorf("%s: a link to an edition the engine has not loaded opened in place", calc)
		}
	}
}
