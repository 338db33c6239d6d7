package browsertest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// chartHasJS defines chartHas(el, id), a promise resolved once the chart
// in el, scrolled to by the caller, draws series id with data and no
// chart on screen waits for a redraw, or after 10 s: a chart takes the
// engine's answer when it is on screen, some frames after the answer
// (charts.js), and before that shows the page's defaults, where a band
// may be empty, or a bar another scenario's (a German page's defaults
// beside the link's cells). Two frames first: until then the page may
// not yet know that the chart is on screen.
const chartHasJS = `const chartHas = async (el, id) => {
	await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	for (let i = 0; i < 200; i++) {
		const c = window.echarts && echarts.getInstanceByDom(el), s = c && c.getOption().series.find(x => x.id === id);
		if (s && s.data.length && !window.__infercostPendingCharts()) return;
		await new Promise(r => setTimeout(r, 50));
	}
};`

// readBand reads a cell's error band as the page shows it: the band's
// text and tooltip, and the cell's data-value, data-low and data-high.
const readBand = `(key => { const td = document.querySelector('td[data-key="' + key + '"]'), b = td && td.querySelector('.band');
	return td ? [b ? b.textContent : '', b ? b.title : '', td.dataset.value || '', td.dataset.low || '', td.dataset.high || ''] : []; })`

// bandText is a band as the page writes it: signed whole percentages,
// or a count's band in counts (countBand).
var (
	bandText  = regexp.MustCompile(`^[−+]?\d+ %…[−+]?\d+ %$|` + countBand.String())
	countBand = regexp.MustCompile(`^\d+…\d+$|^either way$`)
)

// checkBand fails t unless the cell of key shows a band whose bounds hold
// its value and whose tooltip says what it is (note).
func checkBand(t *testing.T, where, key, note string, got []string) string {
	t.Helper()
	if len(got) != 5 {
		t.Fatalf("%s: no cell %s", where, key)
	}
	num := func(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }
	v, low, high := num(got[2]), num(got[3]), num(got[4])
	if !bandText.MatchString(got[0]) || !strings.Contains(got[1], note) || !(low > 0 && low <= v && v <= high) {
		t.Errorf("%s: %s shows band %q (%q), value %s from %s to %s; want a band in percent, %q in its tooltip, low ≤ value ≤ high",
			where, key, got[0], got[1], got[2], got[3], got[4], note)
	}
	return got[0]
}

// The estimator's figures show their error band beside them, as the
// engine computes it for the scenario on screen: a decode-heavy request
// takes the decode-heavy band, the throughput chart shades the band
// around its line, the TCO calculator's cost per token of an estimated
// option carries the throughput's band inverted, and the break-even and
// sequences charts shade their estimated lines.
func TestEstimatedFiguresShowTheirBand(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")

	// Short requests, whose KV cache lets decode turn compute-bound at a
	// critical batch (with the default lengths it never does on vLLM's
	// newest builds): a figure without a band.
	waitReady(ctx, t, root+"performance/?in=128&out=64")
	tps := checkBand(t, "performance", "a.tokens_per_s_gpu", "published runs of this kind (throughput, balanced)",
		eval[[]string](t, ctx, readBand+`('a.tokens_per_s_gpu')`))
	checkBand(t, "performance", "a.ttft_ms", "time to first token", eval[[]string](t, ctx, readBand+`('a.ttft_ms')`))
	if none := eval[string](t, ctx, `document.querySelector('td[data-key="a.critical_batch"] .band-none').title`); !strings.HasPrefix(none, "No band") {
		t.Errorf("critical batch: band mark %q; want why it has none", none)
	}
	// The batch chart's band: its shaded width stacked on the lower bound,
	// in ECharts' own option, as many points as the line.
	chart := eval[[]float64](t, ctx, `(() => { const o = echarts.getInstanceByDom(document.getElementById('chart-batch')).getOption();
		const s = id => o.series.find(x => x.id === id);
		return [s('tps').data.length, s('tps-band').data.length, s('tps-lo').data.length, s('tps-band').stack === s('tps-lo').stack ? 1 : 0,
			s('tps-band').data[4][2], s('tps').data[4][1], s('tps-band').data[4][3]]; })()`)
	if len(chart) != 7 || chart[0] == 0 || chart[1] != chart[0] || chart[2] != chart[0] || chart[3] != 1 || !(chart[4] < chart[5] && chart[5] < chart[6]) {
		t.Errorf("batch chart's band: %v; want as many points as the line, stacked, low < value < high", chart)
	}
	waitReady(ctx, t, root+"performance/?in=128&out=2048")
	decode := checkBand(t, "performance, 128 in / 2,048 out", "a.tokens_per_s_gpu", "(throughput, decode-heavy)",
		eval[[]string](t, ctx, readBand+`('a.tokens_per_s_gpu')`))
	if decode == tps {
		t.Errorf("decode-heavy band %q is the balanced one", decode)
	}

	// Option a's throughput estimated for Llama 3.1 70B, the others'
	// published figures, without a band (b.pm= and c.pm=: from edition
	// 2026-12-06 every option starts estimated).
	waitReady(ctx, t, tco+"?a.pm=llama-3.1-70b&b.pm=&c.pm=")
	cost := eval[[]string](t, ctx, readBand+`('a.cost_per_mtok')`)
	checkBand(t, "tco", "a.cost_per_mtok", "inversely proportional", cost)
	tokens := eval[[]string](t, ctx, readBand+`('a.tokens')`)
	checkBand(t, "tco", "a.tokens", "(throughput,", tokens)
	// −32 %…+12 % of the tokens is −11 %…+47 % of the cost: the signs
	// swap and each bound is the other's reciprocal (1/0.68 = 1.47).
	pct := regexp.MustCompile(`[−+]?\d+`)
	tb, cb := pct.FindAllString(tokens[0], 2), pct.FindAllString(cost[0], 2)
	signed := func(s string) float64 {
		f, _ := strconv.ParseFloat(strings.Replace(s, "−", "-", 1), 64)
		return f / 100
	}
	if len(tb) == 2 && len(cb) == 2 {
		if d := (1+signed(tb[0]))*(1+signed(cb[1])) - 1; d < -0.02 || d > 0.02 {
			t.Errorf("tokens band %s, cost band %s: not inverted", tokens[0], cost[0])
		}
	}

	// The cost-per-token chart shades option a's bar from the cell's
	// lower to its upper bound: a range [bar index, width, low, high]
	// stacked on the invisible lower bound.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-per-token-tab`)))
	bar := evalAsync[[]float64](t, ctx, `(async () => { const el = document.getElementById('chart-per-token'); el.scrollIntoView(); await nextFrames(3);
		const o = echarts.getInstanceByDom(el).getOption(), s = id => o.series.find(x => x.id === id);
		return s('cost_per_mtok-band').data.length === 1 && s('cost_per_mtok-lo').stack === s('cost_per_mtok-band').stack ? s('cost_per_mtok-band').data[0] : []; })()`)
	if num := func(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }; len(bar) != 4 || bar[0] != 0 || bar[2] != num(cost[3]) || bar[3] != num(cost[4]) {
		t.Errorf("cost chart's band %v; want one range, [0, width, %s, %s], stacked", bar, cost[3], cost[4])
	}

	// An edit rewrites the figure, and leaves its band's element in place
	// when the band stays.
	costText := eval[string](t, ctx, `document.querySelector('td[data-key="a.cost_per_mtok"]').firstChild.nodeValue`)
	eval[any](t, ctx, `(() => { document.querySelector('td[data-key="a.cost_per_mtok"] .band').kept = 1;
		const e = document.getElementById('in-a.kwh'); e.value = '0.31'; e.dispatchEvent(new Event('input', {bubbles: true})); return 0; })()`)
	after := eval[[]string](t, ctx, `(() => { const td = document.querySelector('td[data-key="a.cost_per_mtok"]'), b = td.querySelector('.band');
		return [td.firstChild.nodeValue, b ? b.textContent : '', b && b.kept ? 'kept' : 'new', String(td.querySelectorAll('.band').length)]; })()`)
	if after[0] == costText || after[1] != cost[0] || after[2] != "kept" || after[3] != "1" {
		t.Errorf("after an edit the cost cell shows %q; want a new figure %q → other, the band %s in the same element, once", after, costText, cost[0])
	}

	// The GPUs for a demand and their TCO carry the GPUs at either end of
	// the throughput's band in an edition that sets
	// defaults.demand_gpus_at_bounds (today's data, from 2026-12-02), and
	// the count scaled as the throughput's reciprocal in one before: the
	// engine in the browser reads the rule from the edition's data file.
	waitReady(ctx, t, tco+"?a.pm=llama-3.1-70b&dem=1e10")
	if b := checkBand(t, "tco, a demand", "a.demand_gpus", "throughput is as far off", eval[[]string](t, ctx, readBand+`('a.demand_gpus')`)); !countBand.MatchString(b) {
		t.Errorf("tco, a demand: the GPUs' band is %q; want it in GPUs", b)
	}
	checkBand(t, "tco, a demand", "a.demand_tco", "at either end of their band", eval[[]string](t, ctx, readBand+`('a.demand_tco')`))
	waitReady(ctx, t, tco+"?a.pm=llama-3.1-70b&dem=1e10&ed=2026-12-01")
	checkBand(t, "tco, a demand in edition 2026-12-01", "a.demand_gpus", "inversely proportional", eval[[]string](t, ctx, readBand+`('a.demand_gpus')`))

	// With every option shown estimated (C, rented, too: without a model it
	// takes a throughput that is not estimated and has no band, and from
	// edition 2026-12-02 it is the cheapest), the cheapest heads the
	// answer: its key figure for the cost per token carries its cell's
	// band.
	waitReady(ctx, t, tco+"?a.pm=llama-3.1-70b&b.pm=llama-3.1-70b&c.pm=llama-3.1-70b")
	head := eval[[]string](t, ctx, `(() => { const dd = document.querySelector('#key-figures dd'), b = dd.querySelector('.band');
		const letter = document.querySelector('#key-figures dt').textContent.slice(-1).toLowerCase();
		const td = document.querySelector('td[data-key="' + letter + '.cost_per_mtok"]');
		return [dd.firstChild.nodeValue, b ? b.textContent : '', b ? b.title : '', td.firstChild.nodeValue, td.querySelector('.band').textContent]; })()`)
	if head[0] != head[3] || head[1] != head[4] || !bandText.MatchString(head[1]) || !strings.Contains(head[2], "inversely proportional") {
		t.Errorf("first key figure %q %q (%q); want its cell's %q %q", head[0], head[1], head[2], head[3], head[4])
	}

	// The break-even chart shades the self-hosted cost of an estimated
	// cluster: every volume's cost between the band's bounds, wider
	// somewhere, stacked on the invisible lower bound.
	waitReady(ctx, t, root+"pricing/?h.pm=llama-3.1-70b")
	checkBand(t, "pricing", "h.capacity", "(throughput,", eval[[]string](t, ctx, readBand+`('h.capacity')`))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-breakeven-tab`)))
	be := evalAsync[[]float64](t, ctx, `(async () => { `+chartHasJS+` const el = document.getElementById('chart-breakeven'); el.scrollIntoView();
		await chartHas(el, 'cluster-band');
		const o = echarts.getInstanceByDom(el).getOption(), s = id => o.series.find(x => x.id === id);
		const own = s('cluster').data, band = s('cluster-band').data;
		let within = 0, wider = 0;
		own.forEach((p, i) => { within += band[i] && band[i][2] <= p[1] && p[1] <= band[i][3] ? 1 : 0; wider += band[i] && band[i][2] < band[i][3] ? 1 : 0; });
		return [own.length, band.length, within, wider, s('cluster-lo').stack === s('cluster-band').stack ? 1 : 0]; })()`)
	if len(be) != 5 || be[0] == 0 || be[1] != be[0] || be[2] != be[0] || be[3] == 0 || be[4] != 1 {
		t.Errorf("break-even chart's band: %v; want [points, as many ranges, all holding the cost, some wider, stacked]", be)
	}

	// The sequences-by-context chart shades each option's line, and its
	// legend names the bands once.
	waitReady(ctx, t, root+"memory/?preset=seed-002")
	do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-concurrency-tab`)))
	seqs := evalAsync[[]float64](t, ctx, `(async () => { `+chartHasJS+` const el = document.getElementById('chart-concurrency'); el.scrollIntoView();
		await chartHas(el, 'd-band');
		const o = echarts.getInstanceByDom(el).getOption(), s = id => o.series.find(x => x.id === id);
		const names = o.legend[0].data.map(d => typeof d === 'string' ? d : d.name);
		return [s('a').data.length, s('a-band').data.length, s('d-band').data.length,
			names.filter(n => n === s('a-band').name).length, s('a-band').data[0][2] < s('a-band').data[0][3] ? 1 : 0,
			[...document.querySelectorAll('#chart-concurrency-legend li:not([hidden]) .legend-name')].filter(e => e.textContent === s('a-band').name).length]; })()`)
	if len(seqs) != 6 || seqs[0] == 0 || seqs[1] != seqs[0] || seqs[2] != seqs[0] || seqs[3] != 1 || seqs[4] != 1 || seqs[5] != 1 {
		t.Errorf("sequences chart's bands: %v; want [points, as many for a and d, the band named once in ECharts' legend, low < high, one button for them]", seqs)
	}
}

// An error band is explained where it is shown: under each table with a
// band in a shown cell a visible line says what the ranges are (and
// "±?"), in the page's language, with a link to the accuracy table;
// tables without bands have none. On a phone, which cannot hover, a tap
// on a band shows its note under it and a second tap hides it.
func TestBandsAreExplainedWhereShown(t *testing.T) {
	ctx, tco := browser(t)
	base := strings.TrimSuffix(tco, "tco/")
	const tables = `[...document.querySelectorAll('section.results:not([hidden])')].map(s => {
		const l = document.getElementById(s.id + '-bands');
		return [s.id, String(!!s.querySelector('tr:not([hidden]) > td:not([hidden]) .band')),
			String(!!l && l.getClientRects().length > 0), l ? l.textContent.trim() : '', l && l.querySelector('a') ? l.querySelector('a').pathname + l.querySelector('a').hash : ''];
	})`
	plain := 0 // tables without bands, whose line must be hidden
	for _, width := range []int64{1366, 390} {
		if width < 600 {
			do(t, ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		} else {
			do(t, ctx, chromedp.EmulateViewport(width, 900))
		}
		for _, tc := range []struct{ path, says, link string }{
			{"performance/", "10th to 90th percentile", "/sub/methodology/performance/#accuracy"},
			{"de/performance/", "10. bis 90. Perzentil", "/sub/de/methodology/performance/#accuracy"},
			{"tco/", "10th to 90th percentile", "/sub/methodology/performance/#accuracy"},
			{"memory/", "10th to 90th percentile", "/sub/methodology/performance/#accuracy"},
			{"pricing/", "10th to 90th percentile", "/sub/methodology/performance/#accuracy"},
		} {
			where := fmt.Sprintf("%s at %d px", tc.path, width)
			waitReady(ctx, t, base+tc.path)
			banded := 0
			for _, tb := range eval[[][]string](t, ctx, tables) {
				if tb[1] != tb[2] {
					t.Errorf("%s: table %s has a shown band: %s; its line on bands is shown: %s", where, tb[0], tb[1], tb[2])
				}
				if tb[1] == "false" {
					plain++
				}
				if tb[1] == "true" {
					banded++
					if !strings.Contains(tb[3], tc.says) || !strings.Contains(tb[3], "±?") || tb[4] != tc.link {
						t.Errorf("%s: table %s's line on bands %q links %q; want it to say %q and ±? and link %s", where, tb[0], tb[3], tb[4], tc.says, tc.link)
					}
				}
			}
			if banded == 0 {
				t.Errorf("%s: no table with bands", where)
			}
			if width > 600 {
				continue
			}
			// A tap on the first shown band, then another.
			eval[any](t, ctx, `document.querySelector('section.results:not([hidden]) tr:not([hidden]) > td:not([hidden]) .band').setAttribute('data-tapped', '')`)
			do(t, ctx, chromedp.ScrollIntoView(chromedp.CSS(`[data-tapped]`)), chromedp.Click(chromedp.CSS(`[data-tapped]`)))
			got := eval[[]string](t, ctx, `(b => { const n = b.nextElementSibling;
				return [b.title, b.getAttribute('aria-expanded'), n && n.className === 'band-note' && n.getClientRects().length ? n.textContent : '']; })(document.querySelector('[data-tapped]'))`)
			if got[0] == "" || got[1] != "true" || got[2] != got[0] {
				t.Errorf("%s: after a tap the band's note %q is shown as %q (expanded %s); want it under the band", where, got[0], got[2], got[1])
			}
			do(t, ctx, chromedp.Click(chromedp.CSS(`[data-tapped]`)))
			if left := eval[int](t, ctx, `document.querySelectorAll('.band-note').length`); left != 0 {
				t.Errorf("%s: a second tap left %d notes", where, left)
			}
		}
	}
	if plain == 0 {
		t.Error("no table without bands was seen: the hidden line is untested")
	}
}
