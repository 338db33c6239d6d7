package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/wasm/sitedata"
)

// layoutShifts lists the page's layout shifts so far (the Layout
// Instability API), each with the elements that moved, when their scores
// add up to 0.001 or more; otherwise "". One run in about ten, more on a
// busy machine, Chromium records a shift of 0.0000–0.0001 on a
// calculator, of elements that nothing on the page moves (the header's
// links, the presets' folded list): sub-pixel moves no reader sees. The
// shift this test was written for scored 0.018 to 0.023.
const layoutShifts = `new Promise(done => {
	const seen = [];
	const po = new PerformanceObserver(l => seen.push(...l.getEntries()));
	po.observe({type: 'layout-shift', buffered: true});
	setTimeout(() => { po.disconnect();
		const total = seen.reduce((sum, e) => sum + e.value, 0);
		done(total < 0.001 ? '' : seen.map(e => e.value.toFixed(4) + ': ' + e.sources.map(s => s.node ? s.node.nodeName + '.' + s.node.className : '?').join(', ')).join('; ')); }, 200);
})`

// Nothing on a calculator moves while its engine loads and answers: the
// loading line keeps its space, and the notice shown if the engine never
// starts is out of the flow. Before, starting the engine removed a
// zero-height notice that held the margins apart, and everything below
// the headline moved up 8 px (CLS 0.018-0.023 in Lighthouse).
func TestNoLayoutShiftWhileLoading(t *testing.T) {
	ctx, tco := ownBrowser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, width := range []int64{412, 1366} {
		do(t, ctx, chromedp.EmulateViewport(width, 823))
		for _, name := range sitedata.Calculators {
			waitReady(ctx, t, root+name+"/")
			if s := evalAsync[string](t, ctx, layoutShifts); s != "" {
				t.Errorf("%s at %d px: the page moved while loading: %s", name, width, s)
			}
		}
	}
}

// The header's theme menu is as wide before the parser reaches its
// options as after: on a busy machine Chromium painted the header between
// the menu and its options, 22 px wide, and the menu then grew to 133 px
// and moved the header's links (a shift of 0.0033). A copy of the menu
// without options stands for that moment, in each language.
func TestThemeMenuKeepsItsWidthWithoutOptions(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	do(t, ctx, chromedp.EmulateViewport(412, 823))
	for _, page := range []string{"tco/", "de/tco/"} {
		do(t, ctx, chromedp.Navigate(root+page))
		w := eval[[]float64](t, ctx, `(() => { const s = document.querySelector('select.theme'), e = s.cloneNode(false);
			s.after(e); const w = [s.getBoundingClientRect().width, e.getBoundingClientRect().width]; e.remove(); return w; })()`)
		if w[0] != w[1] {
			t.Errorf("%s: the theme menu is %v px wide with its options, %v px without", page, w[0], w[1])
		}
	}
}
