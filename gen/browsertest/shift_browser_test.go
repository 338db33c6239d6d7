package browsertest

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

// Nothing in the header moves as the parser adds the elements after it.
// On a busy machine or a slow network Chromium paints a page it has only
// partly parsed, and the header has been painted without its options, its
// language link or its theme menu: the menu then grew from 22 px to
// 133 px (0.0033), and the search link, pushed right, moved left as the
// two arrived (0.0020 on /memory/ at 412 px). Removing the header's
// elements last first stands for each moment the parser could have
// painted, at phones', a tablet's and a laptop's widths, in each language.
func TestHeaderStaysPutWhileParsed(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, width := range []int64{320, 412, 768, 1366} {
		do(t, ctx, chromedp.EmulateViewport(width, 823))
		for _, page := range []string{"tco/", "de/tco/"} {
			do(t, ctx, chromedp.Navigate(root+page))
			moved := eval[[]string](t, ctx, `(() => {
				const els = [...document.querySelectorAll('header.site *')], moved = [];
				const name = e => e.nodeName.toLowerCase() + (e.className ? '.' + e.className : '') + ' "' + e.textContent.trim().slice(0, 20) + '"';
				const at = e => { const r = e.getBoundingClientRect(); return [r.left, r.top]; };
				for (let i = els.length - 1; i > 0; i--) {
					const after = els.slice(0, i).map(at);
					els[i].remove();
					els.slice(0, i).forEach((e, j) => { const [x, y] = at(e);
						if (Math.abs(x - after[j][0]) > 0.5 || Math.abs(y - after[j][1]) > 0.5)
							moved.push(name(e) + ' at ' + x + ',' + y + ' moves to ' + after[j] + ' when ' + name(els[i]) + ' arrives'); });
				}
				return moved;
			})()`)
			for _, m := range moved {
				t.Errorf("%s at %d px: %s", page, width, m)
			}
		}
	}
}

// A wide table is not painted before the parser reaches its end: its
// columns are as wide as their longest cells, and /pricing/'s moved as
// wider rows arrived (0.009 at 1,366 px). A table without its closing
// tfoot stands for the table the parser is still reading.
func TestWideTablesWaitForTheirEnd(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	do(t, ctx, chromedp.EmulateViewport(1366, 823))
	waitReady(ctx, t, root+"pricing/")
	seen := eval[[]string](t, ctx, `[...document.querySelectorAll('.results.wide table')].map(t => {
		const id = t.closest('section').id, whole = getComputedStyle(t).visibility;
		t.tFoot.remove(); const partial = getComputedStyle(t).visibility;
		return id + ': ' + whole + ' whole, ' + partial + ' while parsed'; })`)
	if len(seen) == 0 {
		t.Fatal("/pricing/ has no wide table")
	}
	for _, s := range seen {
		if !strings.HasSuffix(s, ": visible whole, hidden while parsed") {
			t.Errorf("/pricing/ table %s; want visible whole, hidden while parsed", s)
		}
	}
}
