package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A calculator embedded in an article shows the figures gen computed
// while it is off screen, with no engine downloaded; once scrolled near,
// the engine's figures replace them, equal; its input (disabled until
// then) changes the answer, and its link opens the calculator with the
// same answer. An article without one never downloads the engine.
func TestEmbeddedCalculatorComesAliveNearTheScreen(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	type state struct {
		Text, Ready string
		Figures     []string
		Replaced    bool // the figures are new nodes, not the build's
		Disabled    bool // the block's input
		Engine      []string
	}
	const read = `(e => ({Text: e.querySelector('.headline-text').textContent, Ready: e.dataset.engine || '',
		Figures: [...e.querySelectorAll('.key-figures div')].map(d => d.textContent),
		Replaced: !e.querySelector('dd').prerendered, Disabled: e.querySelector('input').disabled,
		Engine: performance.getEntriesByType('resource').map(r => r.name).filter(n => /\.wasm$|worker\.[0-9a-f]+\.js$|\/data\//.test(n))}))(document.querySelector('[data-embed]'))`
	do(t, ctx, chromedp.EmulateViewport(390, 600), chromedp.Navigate(root+"methodology/tco/"))
	before := eval[state](t, ctx, `(document.querySelector('[data-embed] dd').prerendered = true, `+read+`)`)
	if before.Ready != "" || !before.Disabled || len(before.Engine) > 0 || !strings.Contains(before.Text, "€") || len(before.Figures) == 0 {
		t.Fatalf("off screen: %+v; want the build's figures and no engine downloaded", before)
	}
	eval[any](t, ctx, `document.querySelector('[data-embed]').scrollIntoView()`)
	do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-embed][data-engine="ready"]`)))
	after := eval[state](t, ctx, read)
	if !after.Replaced || after.Disabled || len(after.Engine) == 0 {
		t.Errorf("near the screen: %+v; want the engine's figures", after)
	}
	if after.Text != before.Text || strings.Join(after.Figures, "|") != strings.Join(before.Figures, "|") {
		t.Errorf("engine's answer %q %q; the build's %q %q", after.Text, after.Figures, before.Text, before.Figures)
	}

	// One year instead of the preset's three: the engine's answer, and the
	// link keeps the change.
	eval[any](t, ctx, `(f => { f.value = '1'; f.dispatchEvent(new Event('change', {bubbles: true})); })(document.querySelector('[data-embed] input[name=y]'))`)
	do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-embed][data-engine="ready"]`)))
	changed := eval[state](t, ctx, read)
	if changed.Text == before.Text || !strings.Contains(changed.Text, "Over 1 year") {
		t.Errorf("a period of one year: %q; want the engine's new answer", changed.Text)
	}
	link := eval[string](t, ctx, `document.querySelector('[data-embed] .embed-link').href`)
	if !strings.Contains(link, "/sub/tco/?") || !strings.Contains(link, "preset=seed-000") || !strings.Contains(link, "y=1") {
		t.Errorf("link %q; want the TCO calculator with the preset and y=1", link)
	}
	waitEngine(ctx, t, link)
	if h := eval[string](t, ctx, `document.getElementById('headline-text').textContent`); h != changed.Text {
		t.Errorf("calculator's headline %q; the article's %q", h, changed.Text)
	}

	for _, page := range []string{"articles/", "methodology/memory/"} {
		do(t, ctx, chromedp.Navigate(root+page))
		// Navigate returns after the load event: every script has run.
		got := eval[[]string](t, ctx, `[...performance.getEntriesByType('resource').map(r => r.name), ...[...document.scripts].map(s => s.src),
			...[...document.querySelectorAll('link[rel=preload]')].map(l => l.href)].filter(n => /\.wasm$|worker|embed\.js|app\.js/.test(n))`)
		if len(got) > 0 {
			t.Errorf("/%s, no calculator in it, downloaded %v", page, got)
		}
	}
}
