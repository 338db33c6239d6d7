package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
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
	"plan/ranking": {"option", "monthly", "per_mtok"},
}

// layoutProbe measures, on the page as shown: the document y of the
// first result (the topmost [data-metric] on screen), the cells whose
// text reaches outside their cell, their scroll container's content or the
// viewport, the key columns (keyColumns, by data-col; a content page's
// table: every column on a laptop, the first two on narrower screens) that
// are not on screen without scrolling sideways, and the tables that
// scroll without sticky row labels and a scroll cue.
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
		// A table that scrolls sideways keeps its row labels and shows a cue.
		if (box && box.scrollWidth > box.clientWidth + 1 && (!/gradient/.test(getComputedStyle(box).backgroundImage) ||
			getComputedStyle(table.querySelector('tr > :first-child')).position !== 'sticky'))
			hidden.push('a table that scrolls without sticky row labels or a scroll cue: ' + table.querySelector('tr').textContent.trim().slice(0, 40));
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
// calculator's results within four screen heights: below the answer and
// the key inputs, which come first, while a bar keeps the answer in view
// (TestPhoneFormComesFirst; two screens before the form came first, when
// the inputs began 4,000 to 11,000 px down), that no table cell's text is cut (outside its scroll
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
	for _, p := range []string{"plan/", "tco/", "memory/", "performance/", "pricing/", "", "methodology/plan/", "methodology/tco/", "methodology/memory/", "methodology/performance/", "methodology/pricing/"} {
		calc := strings.HasSuffix(p, "/") && !strings.HasPrefix(p, "methodology/") && p != ""
		// One load, at the first width; the others are the same page
		// made wider.
		for i, s := range layoutScreens {
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
			if s.Mobile {
				opts = append(opts, chromedp.EmulateMobile)
			}
			do(t, ctx, chromedp.EmulateViewport(s.W, s.H, opts...))
			switch {
			case i > 0:
			case calc:
				waitReady(ctx, t, root+p)
			default:
				do(t, ctx, chromedp.Navigate(root+p))
			}
			r := evalAsync[layoutReport](t, ctx, "nextFrames(2).then(() => "+probe+")")
			where := fmt.Sprintf("/%s at %d px", p, s.W)
			if calc {
				t.Logf("%s: first result at y = %.0f", where, r.First)
			}
			if calc && s.W == 390 && (r.First < 0 || r.First > float64(4*s.H)) {
				t.Errorf("%s: the first result is at y = %.0f; want it within four screen heights (%d px)", where, r.First, 4*s.H)
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

// colourJS defines, in a page, rgb(css) (any CSS colour as [r, g, b, alpha],
// as a canvas writes it), lum(rgb) (relative luminance, WCAG 2) and
// ratio(a, b) (the contrast ratio of two colours).
const colourJS = `
const paint = document.createElement('canvas').getContext('2d');
const rgb = s => {
	if (!s || s === 'transparent') return [0, 0, 0, 0];
	paint.fillStyle = '#000'; paint.fillStyle = s; const c = paint.fillStyle;
	if (c.startsWith('#')) return c.slice(1).match(/../g).map(h => parseInt(h, 16)).concat([1]);
	const m = c.match(/[\d.]+/g).map(Number); return m.length === 3 ? m.concat([1]) : m;
};
const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; }); return .2126 * r + .7152 * g + .0722 * b; };
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + .05) / (y + .05); };
`

// contrastProbe finds, on the page as shown, the text whose colour has a
// contrast ratio below 4.5 (WCAG AA) with the background it sits on, and
// returns the page's background luminance and, for the chart on screen,
// its background, the contrast of its axis labels and its tooltip's
// background luminance. Backgrounds are the first opaque ones up the tree.
const contrastProbe = `(() => {` + colourJS + `
	const background = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c[3] > .5) return c; } return [255, 255, 255, 1]; };
	const low = [];
	for (const e of document.querySelectorAll('body *')) {
		if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
		if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && !/^(INPUT|SELECT)$/.test(e.tagName)) continue;
		const r = ratio(rgb(getComputedStyle(e).color), background(e));
		if (r < 4.5) low.push(e.tagName + '.' + e.className + ' "' + (e.textContent || e.value).trim().slice(0, 30) + '" ' + r.toFixed(2));
	}
	const out = {page: lum(background(document.body)), low: low.slice(0, 8), lowCount: low.length};
	const box = [...document.querySelectorAll('.chart-box')].find(b => b.getClientRects().length);
	if (box && window.echarts && echarts.getInstanceByDom(box)) {
		const o = echarts.getInstanceByDom(box).getOption(), bg = background(box);
		const option = o.backgroundColor && o.backgroundColor !== 'transparent' ? rgb(o.backgroundColor) : bg;
		const axis = o.yAxis[0].axisLabel && o.yAxis[0].axisLabel.color;
		out.chart = lum(option[3] > .5 ? option : bg);
		out.axis = axis ? ratio(rgb(axis), bg) : 0;
		// ECharts' tooltip is white unless the option says otherwise.
		out.tooltip = lum(rgb(o.tooltip[0].backgroundColor || '#fff'));
	}
	return out;
})()`

type contrastReport struct {
	Page     float64  `json:"page"`
	Low      []string `json:"low"`
	LowCount int      `json:"lowCount"`
	Chart    *float64 `json:"chart"`
	Axis     float64  `json:"axis"`
	Tooltip  float64  `json:"tooltip"`
}

// TestDarkModeStylesPagesAndCharts asks for the dark colour scheme, as a
// reader's system setting does, and checks that every page and every
// calculator's chart turn dark, with text (axis labels too) at a contrast
// of at least 4.5:1.
func TestDarkModeStylesPagesAndCharts(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
	// A dark background: relative luminance below 0.05 (#3f3f3f is 0.05).
	const dark = 0.05
	for _, p := range []string{"tco/", "memory/", "performance/", "pricing/", "", "methodology/tco/", "methodology/pricing/"} {
		calc := p != "" && !strings.HasPrefix(p, "methodology/")
		if calc {
			waitReady(ctx, t, root+p)
			evalAsync[int](t, ctx, `(async () => { document.querySelector('.chart-box').scrollIntoView(); await nextFrames(3); return 1; })()`)
		} else {
			do(t, ctx, chromedp.Navigate(root+p))
		}
		r := eval[contrastReport](t, ctx, contrastProbe)
		if r.Page > dark {
			t.Errorf("/%s: the page's background has luminance %.2f in dark mode; want at most %.2f", p, r.Page, dark)
		}
		if r.LowCount > 0 {
			t.Errorf("/%s: %d texts have a contrast below 4.5:1 in dark mode, e.g. %q", p, r.LowCount, r.Low)
		}
		if !calc {
			continue
		}
		switch {
		case r.Chart == nil:
			t.Errorf("/%s: no chart drawn", p)
		case *r.Chart > dark || r.Tooltip > dark:
			t.Errorf("/%s: chart background luminance %.2f, tooltip %.2f in dark mode; want at most %.2f", p, *r.Chart, r.Tooltip, dark)
		case r.Axis < 4.5:
			t.Errorf("/%s: the chart's axis labels have a contrast of %.2f:1 in dark mode; want at least 4.5", p, r.Axis)
		}
	}
}
