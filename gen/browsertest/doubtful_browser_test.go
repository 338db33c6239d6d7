package browsertest

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDoubtfulSetupsSaySo opens, on a desktop and on a phone, setups that
// cannot run or whose figures need a caveat, and checks that each page
// says so instead of showing figures as if all were well: a model that
// does not fit, a batch beyond the KV cache, a negative KV-cache pool,
// throughputs at different precisions, a break-even's direction, dashes
// without a reason, glyphs the fonts lack, sorting with "never" and empty
// rows, the pricing dates, and a chart label cut at the box's edge.
// Dashes and glyphs are read at the desktop width only: a cell's
// tooltip and the fonts do not change with the width.
func TestDoubtfulSetupsSaySo(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, width := range []int64{1366, 390} {
		t.Run(fmt.Sprint(width, "px"), func(t *testing.T) {
			if width < 600 {
				do(t, ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
			} else {
				do(t, ctx, chromedp.EmulateViewport(width, 900))
			}
			checkDoesNotFit(t, ctx, root)
			checkBatchBeyondKVCache(t, ctx, root)
			checkNegativePool(t, ctx, root)
			checkTCOCaveats(t, ctx, root)
			if width > 600 {
				checkDashesAndGlyphs(t, ctx, root)
			}
			checkPricingSortAndDates(t, ctx, root)
			checkMarkLabelInsideChart(t, ctx, root)
		})
	}
}

// shown is true when the element selected is laid out on the page.
func shown(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	return eval[bool](t, ctx, `(() => { const e = document.querySelector(`+"`"+sel+"`"+`);
		return !!e && e.getClientRects().length > 0 && !e.closest('[hidden]'); })()`)
}

// Llama 3.1 405B on one H100 does not fit (it needs 16 GPUs, see
// perfview's TestSetupThatDoesNotFitSaysSo): the estimator shows so in
// every cell, with no throughput, and the TCO estimator says so next to
// its field.
func checkDoesNotFit(t *testing.T, ctx context.Context, root string) {
	waitEngine(ctx, t, root+"performance/?model=llama-3.1-405b")
	const want = "does not fit: needs ≥ 16 GPUs"
	cells := eval[[]string](t, ctx, `[...document.querySelectorAll('#results td, #load td')].map(td => td.textContent.trim())`)
	for _, c := range cells {
		if c != want {
			t.Errorf("405B on 1 x H100: cells %q; want each to say %q", cells, want)
			break
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('[data-metric]').length`); n != 0 {
		t.Errorf("405B on 1 x H100: %d figures still given as results", n)
	}
	if p := eval[string](t, ctx, `document.getElementById('problems').textContent`); !strings.Contains(p, "needs ≥ 16 GPUs") || !shown(t, ctx, "#problems li") {
		t.Errorf("405B on 1 x H100: problems %q; want a visible one that says it needs ≥ 16 GPUs", p)
	}
	if !shown(t, ctx, `#results td`) {
		t.Error("405B on 1 x H100: the cells that say so are not shown")
	}

	waitEngine(ctx, t, root+"tco/?a.pm=llama-3.1-405b")
	if msg := eval[string](t, ctx, `document.getElementById('err-a.pm').textContent`); !strings.Contains(msg, "does not fit: needs ≥ 16 GPUs") {
		t.Errorf("TCO estimator with 405B on A100s: %q; want it to say it does not fit: needs ≥ 16 GPUs", msg)
	}
}

// A batch of 1,024 requests of 768 tokens on one H100 needs more KV cache
// than it holds: 548 fit (perfview's TestBatchBeyondTheKVCacheSaysSo).
func checkBatchBeyondKVCache(t *testing.T, ctx context.Context, root string) {
	waitEngine(ctx, t, root+"performance/?b=1024")
	cell := eval[string](t, ctx, `(document.querySelector('[data-key="a.max_batch"]') || {}).textContent || ''`)
	if !strings.HasPrefix(cell, "548 requests") || !strings.Contains(cell, "queued or preempted") {
		t.Errorf("batch 1,024 on 1 x H100: largest batch cell %q; want 548 requests and what happens to the rest", cell)
	}
	if p := eval[string](t, ctx, `document.getElementById('problems').textContent`); !strings.Contains(p, "vLLM would queue or preempt the rest") {
		t.Errorf("batch 1,024 on 1 x H100: problems %q; want a note on queueing", p)
	}
}

// The T4 cannot hold Llama 3.1 8B in BF16: its pool reads "does not fit"
// with how much is missing, never a negative size.
func checkNegativePool(t *testing.T, ctx context.Context, root string) {
	waitEngine(ctx, t, root+"memory/")
	got := eval[[]string](t, ctx, `(() => { const td = document.querySelector('[data-key="fit.t4.pool"]'); return [td.textContent.trim(), td.title]; })()`)
	if got[0] != "does not fit" || !strings.Contains(got[1], "2.61 GiB") {
		t.Errorf("T4's KV-cache pool: %q (tooltip %q); want does not fit, short by 2.61 GiB", got[0], got[1])
	}
	if neg := eval[[]string](t, ctx, `[...document.querySelectorAll('td')].map(td => td.textContent.trim()).filter(s => /^[-−]\d.*GiB$/.test(s))`); len(neg) > 0 {
		t.Errorf("negative sizes shown: %q", neg)
	}
}

// The default comparison of editions before 2026-12-06 notes that its
// throughputs are at different precisions, and the rented option's
// break-even says which way it goes (wasm/tcoview's
// TestBreakEvenSaysWhichWay): C has no capex, so it starts cheaper than A
// and becomes dearer. Today's default is like for like
// (TestTheDefaultScenarioIsLikeForLike).
func checkTCOCaveats(t *testing.T, ctx context.Context, root string) {
	waitEngine(ctx, t, root+"tco/?ed=2026-12-04")
	note := eval[string](t, ctx, `(document.getElementById('results-note') || {}).textContent || ''`)
	if !strings.Contains(note, "Not like for like") || !strings.Contains(note, "A in BF16 / FP16; B, C in FP8") || !shown(t, ctx, "#results-note") {
		t.Errorf("default TCO: results note %q; want a visible one on the precisions", note)
	}
	be := eval[[]string](t, ctx, `['a.capex', 'c.capex', 'c.breakeven_months'].map(k => { const e = document.querySelector('[data-key="' + k + '"]');
		return k.endsWith('capex') ? e.dataset.value : e.textContent.trim(); })`)
	capexA, _ := strconv.ParseFloat(be[0], 64)
	capexC, _ := strconv.ParseFloat(be[1], 64)
	way := "dearer" // the cheaper start ends at the break-even
	if capexC > capexA {
		way = "cheaper"
	}
	if want := "becomes " + way + " than A after 4.5 months"; be[2] != want {
		t.Errorf("C's break-even with A (capex %s against A's %s): %q; want %q", be[1], be[0], be[2], want)
	}
}

// glyphsJS defines missingGlyphs(text): the characters of text that
// Chromium draws with no font's glyph, found by drawing each character
// beside one no font has (a private-use code point) and comparing pixels.
const glyphsJS = `window.missingGlyphs = text => {
	const c = document.createElement('canvas'); c.width = c.height = 48;
	const g = c.getContext('2d', {willReadFrequently: true});
	g.font = '32px ' + getComputedStyle(document.body).fontFamily;
	const draw = ch => { g.clearRect(0, 0, 48, 48); g.fillText(ch, 4, 36); return g.getImageData(0, 0, 48, 48).data.join(); };
	const tofu = draw('\uE000');
	return [...new Set(text)].filter(ch => ch.codePointAt(0) > 0x7f && !/\s/.test(ch) && draw(ch) === tofu);
}`

// Every "–" cell says why in its tooltip, on each calculator and in the
// scenarios that show most of them, and no text shows a character the
// fonts lack (U+26D4, the no-entry sign, draws as an empty box).
func checkDashesAndGlyphs(t *testing.T, ctx context.Context, root string) {
	for _, p := range []string{"tco/", "tco/?dem=1e9&slo=0.001&a.pm=llama-2-7b", "memory/?model=flat", "memory/?preset=seed-002",
		"performance/?model=llama-3.1-405b", "performance/?model=gpt-oss-120b&gpu=l4&in=100000&out=30000", "pricing/", "pricing/?ed=2024-05-13"} {
		// The page's text, not its charts' (drawn on a canvas). The
		// second scenario of a calculator opens in place.
		openLink(t, ctx, root+p)
		if bare := eval[[]string](t, ctx, `[...document.querySelectorAll('td')].filter(td => td.textContent.trim() === '–' && !td.title).map(td => td.dataset.key)`); len(bare) > 0 {
			t.Errorf("%s: dashes without a reason: %v", p, bare)
		}
		eval[any](t, ctx, "("+glyphsJS+", 0)")
		if self := eval[[]string](t, ctx, `missingGlyphs('⛔–≥A')`); strings.Join(self, "") != "⛔" {
			t.Fatalf("the glyph check finds %q in '⛔–≥A'; want only ⛔", self)
		}
		text := `document.body.innerText + [...document.querySelectorAll('[title]')].map(e => e.title).join(' ') +
			[...document.querySelectorAll('option')].map(o => o.textContent).join(' ')`
		if missing := eval[[]string](t, ctx, `missingGlyphs(`+text+`)`); len(missing) > 0 {
			t.Errorf("%s: characters drawn as empty boxes: %q", p, missing)
		}
	}
}

// Sorting the pricing table by payback puts "never" above every figure
// in both directions (the vendor's claim, kept apart, after them); the
// heading and the rows say what their dates mean. The table shows the
// compared APIs only: the empty "Your price" row is hidden.
func checkPricingSortAndDates(t *testing.T, ctx context.Context, root string) {
	waitEngine(ctx, t, root+"pricing/")
	const column = `[...document.querySelectorAll('#compare tbody tr')].filter(tr => tr.getClientRects().length).
		map(tr => tr.querySelector('[data-col="pb"]').textContent.trim())`
	sortBy := `(() => { document.querySelector('button[data-sort="pb"]').click(); return 0; })()`
	for _, dir := range []string{"ascending", "descending"} {
		eval[any](t, ctx, sortBy)
		got := eval[[]string](t, ctx, column)
		firstNever, lastFigure := -1, -1
		for i, c := range got {
			if strings.HasPrefix(c, "never") && firstNever < 0 {
				firstNever = i
			}
			// A figure: "70.3 months", or with ", beyond the 3-year period".
			if strings.Contains(c, "months") && !strings.HasPrefix(c, "never") {
				lastFigure = i
			}
		}
		inOrder := firstNever > lastFigure
		if dir == "descending" {
			inOrder = firstNever == 0 && lastFigure > 0
		}
		if slices.Contains(got, "") || firstNever < 0 || lastFigure < 0 || !inOrder {
			t.Errorf("payback sorted %s: %q; want never above every figure, and no blank row", dir, got)
		}
	}
	if h := eval[string](t, ctx, `document.getElementById('compare-title').textContent`); !strings.Contains(h, "at the prices in force on ") {
		t.Errorf("pricing heading %q; want it to say the prices in force on its date", h)
	}
	if help := eval[string](t, ctx, `[...document.querySelectorAll('#compare td[data-col="api"]')].map(e => e.title).find(t => t.startsWith('Price in force since')) || ''`); !strings.HasPrefix(help, "Price in force since ") || !strings.Contains(help, "checked on ") {
		t.Errorf("pricing row note %q; want the day its price took effect and the day its source was checked", help)
	}
}

// The rate chart's mark, "P99 target: 34.34 requests/s" for the default
// scenario (the table's highest rate within the target), lies inside its
// chart box: ECharts draws labels past the canvas's edge, where they are
// cut, so the label's bounds are read from its drawing.
func checkMarkLabelInsideChart(t *testing.T, ctx context.Context, root string) {
	waitReady(ctx, t, root+"performance/")
	do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-rate-tab`)))
	labels := evalAsync[[]string](t, ctx, `(async () => { const el = document.getElementById('chart-rate'); el.scrollIntoView(); await nextFrames(4);
		const chart = echarts.getInstanceByDom(el), w = chart.getWidth(), h = chart.getHeight();
		return chart.getZr().storage.getDisplayList(true).filter(d => d.style && typeof d.style.text === 'string' && d.style.text.includes('target'))
			.map(d => { const r = d.getBoundingRect().clone(); if (d.transform) r.applyTransform(d.transform);
				const inside = r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h;
				return d.style.text + (inside ? '' : ' (outside: ' + [r.x, r.y, r.x + r.width, r.y + r.height].map(Math.round) + ' in ' + w + ' x ' + h + ')'); }); })()`)
	// The mark names the table's highest rate within the target.
	want := "P99 target: " + eval[string](t, ctx, `document.querySelector('[data-option="a"][data-metric="max_rps_at_slo"]').firstChild.textContent.trim()`)
	if len(labels) != 1 || labels[0] != want || !strings.HasSuffix(want, " requests/s") {
		t.Errorf("rate chart's mark labels: %q; want %q inside the chart", labels, want)
	}
}
