package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// screen is a viewport the layout is checked at: a phone, a tablet in
// portrait and a laptop.
type screen struct {
	W, H   int64
	Mobile bool
}

var layoutScreens = []screen{{390, 844, true}, {768, 1024, true}, {1366, 768, false}}

// keyColumns names, per results table, the columns a reader must see
// without scrolling sideways (the row labels always): what the table is
// for. A comparison's first two options; /pricing/'s monthly cost and
// what it says about self-hosting.
var keyColumns = map[string][]string{
	"tco/results": {"a", "b"}, "tco/breakdown": {"a", "b"}, "tco/compare": {"a", "b"}, "tco/claims": {"a", "b"},
	"memory/results": {"a", "b"}, "memory/claims": {"a", "b"}, "memory/fit": {"fit-pool", "fit-seqs", "fit-need"},
	"performance/results": {"a"}, "performance/load": {"a"},
	"pricing/compare": {"c-month", "be", "pb"}, "pricing/claims": {"cl-src", "cl-ours", "cl-ratio"}, "pricing/cluster": {"h-val"},
}

// layoutProbe measures, on the page as shown: the document y of the
// first result (the topmost [data-metric] on screen), the cells whose
// text reaches outside their scroll container's content or the viewport,
// and the key columns (keyColumns, by data-col; every column of a content
// page's table) that are not on screen without scrolling sideways.
const layoutProbe = `(() => {
	const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
	const ys = [...document.querySelectorAll('.outputs [data-metric]')].filter(shown).map(e => e.getBoundingClientRect().top + scrollY);
	const scroller = e => { for (let a = e.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return a; return null; };
	const clipped = [], hidden = [];
	for (const table of document.querySelectorAll('main table')) {
		if (!shown(table)) continue;
		const box = scroller(table);
		const b = box ? box.getBoundingClientRect() : {left: 0, right: innerWidth};
		// What the reader can reach: the container's scroll area, within the viewport.
		const reach = box ? [Math.max(b.left, 0) - box.scrollLeft, Math.max(b.left, 0) - box.scrollLeft + box.scrollWidth] : [0, innerWidth];
		const seen = [Math.max(b.left, 0), Math.min(b.right, innerWidth)];
		for (const cell of table.querySelectorAll('th, td')) {
			if (!shown(cell) || !cell.textContent.trim()) continue;
			const range = document.createRange();
			range.selectNodeContents(cell);
			const r = range.getBoundingClientRect(), c = cell.getBoundingClientRect();
			if (r.left < reach[0] - 1 || r.right > reach[1] + 1 || r.left < c.left - 1 || r.right > c.right + 1)
				clipped.push(cell.textContent.trim().slice(0, 40) + ' [' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(c.left) + '..' + Math.round(c.right) + ']');
		}
		const section = table.closest('.results');
		const calc = document.querySelector('[data-calculator]');
		const keys = section ? (KEYS[calc.dataset.calculator + '/' + section.id] || []) : null;
		// A content page's table shows every column on a laptop, its first two on narrower screens.
		const heads = keys ? [table.querySelector('thead th')].concat(keys.map(k => table.querySelector('thead th[data-col="' + k + '"]'))) :
			[...table.querySelectorAll('thead th')].slice(0, innerWidth >= 1366 ? undefined : 2);
		// Every cell of a key column, its heading (unless the table is
		// stacked into cards) and its figures, is on screen.
		heads.forEach((th, i) => {
			if (!th) { hidden.push((section ? section.id : 'table') + ': no column ' + keys[i - 1]); return; }
			const n = [...th.parentElement.children].indexOf(th) + 1;
			const cells = th.dataset.col ? table.querySelectorAll('[data-col="' + th.dataset.col + '"]') : table.querySelectorAll('tr > :nth-child(' + n + ')');
			for (const cell of cells) {
				if (!shown(cell) || !cell.textContent.trim()) continue;
				const range = document.createRange();
				range.selectNodeContents(cell);
				const r = range.getBoundingClientRect();
				if (r.left < seen[0] - 1 || r.right > seen[1] + 1) {
					hidden.push((section ? section.id : 'table') + ': ' + cell.textContent.trim().slice(0, 40) + ' [' + Math.round(r.left) + '..' + Math.round(r.right) + ']');
					break;
				}
			}
		});
	}
	return {first: ys.length ? Math.min(...ys) : -1, clipped: clipped, hidden: hidden};
})()`

type layoutReport struct {
	First   float64  `json:"first"`
	Clipped []string `json:"clipped"`
	Hidden  []string `json:"hidden"`
}

// TestLayoutAtEveryWidth opens every calculator and content page at a
// phone's, a tablet's and a laptop's width and checks that a phone shows a
// calculator's results within two screen heights (one swipe past the
// first screen), that no table cell's text is cut (outside its scroll
// container, its cell or the viewport), and that each table's key columns
// are on screen without scrolling sideways.
func TestLayoutAtEveryWidth(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	keys := "const KEYS = {"
	for id, cols := range keyColumns {
		keys += fmt.Sprintf("%q: ['%s'], ", id, strings.Join(cols, "', '"))
	}
	probe := "(() => { " + keys + "}; return " + layoutProbe + "; })()"
	for _, s := range layoutScreens {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if s.Mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		do(t, ctx, chromedp.EmulateViewport(s.W, s.H, opts...))
		for _, p := range []string{"tco/", "memory/", "performance/", "pricing/", "", "methodology/tco/", "methodology/memory/", "methodology/performance/", "methodology/pricing/"} {
			calc := strings.HasSuffix(p, "/") && !strings.HasPrefix(p, "methodology/") && p != ""
			if calc {
				waitReady(ctx, t, root+p)
			} else {
				do(t, ctx, chromedp.Navigate(root+p))
			}
			r := eval[layoutReport](t, ctx, probe)
			where := fmt.Sprintf("/%s at %d px", p, s.W)
			if calc {
				t.Logf("%s: first result at y = %.0f", where, r.First)
			}
			if calc && s.W == 390 && (r.First < 0 || r.First > float64(2*s.H)) {
				t.Errorf("%s: the first result is at y = %.0f; want it within two screen heights (%d px)", where, r.First, 2*s.H)
			}
			if len(r.Clipped) > 0 {
				t.Errorf("%s: %d cells' text is cut, e.g. %q", where, len(r.Clipped), r.Clipped[:min(5, len(r.Clipped))])
			}
			if len(r.Hidden) > 0 {
				t.Errorf("%s: key columns off screen: %q", where, r.Hidden)
			}
		}
	}
}
