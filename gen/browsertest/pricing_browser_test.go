package browsertest

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestPricingPageInBrowser checks the pricing calculator: pre-rendered
// figures equal the engine's, an edit changes them and the URL, a fresh
// tab reproduces them, a hostile URL is contained, the seed preset shows
// the article's error, an old edition notes today's prices, and the
// table sorts and exports.
func TestPricingPageInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "pricing/"

	static := readStatic(t, page)
	live := waitEngine(ctx, t, page)
	if len(live) < 40 || !mapsEqual(static, live) {
		t.Fatalf("pre-rendered and engine values differ or are missing:\n static %v\n   live %v", static, live)
	}
	// The default compares the shortlist: today's flagships.
	if live["openai.gpt-6-astra.monthly_cost"] == "" || live["anthropic.claude-opus-5-5.monthly_cost"] == "" {
		t.Errorf("the default shortlist lacks today's flagships: %v", live)
	}
	// A link's own list of APIs fills the places the page has.
	defaults := live
	live = waitEngine(ctx, t, page+"?apis=gpt-4.1,holysheep-flat,deepseek.deepseek-v4-flash")
	if live["openai.gpt-6-astra.monthly_cost"] != "" {
		t.Errorf("apis= left the shortlist on the page: %v", live)
	}
	// GPT-4.1: 10,000 requests x (1,000 x $2 + 300 x $8) / 1e6 x 365.25 / 12.
	if live["gpt-4.1.monthly_cost"] != "1339.25 USD" {
		t.Errorf("GPT-4.1 monthly cost %q, want 1339.25 USD", live["gpt-4.1.monthly_cost"])
	}

	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="rpd"]`), "20000"))
	eval[any](t, ctx, `document.querySelector('[name="rpd"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	after := eval[map[string]string](t, ctx, readMetrics)
	if after["gpt-4.1.monthly_cost"] != "2678.5 USD" {
		t.Errorf("twice the requests: %q, want 2678.5 USD", after["gpt-4.1.monthly_cost"])
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('rpd=20000'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if again := waitEngine(tab, t, loc); !mapsEqual(again, after) {
		t.Errorf("fresh tab of %s differs", loc)
	}

	// Switching the currency converts the figures at the default rate.
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="cur"]`), "EUR"))
	eval[any](t, ctx, `document.querySelector('[name="cur"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	eur := eval[map[string]string](t, ctx, readMetrics)
	if !strings.HasSuffix(eur["gpt-4.1.monthly_cost"], " EUR") || eur["gpt-4.1.monthly_cost"] == after["gpt-4.1.monthly_cost"] {
		t.Errorf("after switching to EUR: %q", eur["gpt-4.1.monthly_cost"])
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="cur"]`), "USD"))
	eval[any](t, ctx, `document.querySelector('[name="cur"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	if back := eval[map[string]string](t, ctx, readMetrics); back["gpt-4.1.monthly_cost"] != "2678.5 USD" {
		t.Errorf("back in USD: %q", back["gpt-4.1.monthly_cost"])
	}

	// Sorting by monthly cost puts the cheapest list price first, the
	// dearest first the other way; the vendor's claim, though cheaper
	// than both, stays after the list prices either way.
	const priced = `[...document.querySelectorAll('#compare tbody tr')].filter(tr => tr.querySelector('[data-col="c-month"][data-metric]')).
		map(tr => tr.querySelector('[data-col="api"]').textContent.trim().split(' ')[0])`
	for _, want := range [][]string{{"DeepSeek", "OpenAI", "HolySheep"}, {"OpenAI", "DeepSeek", "HolySheep"}} {
		eval[any](t, ctx, `document.querySelector('button[data-sort="c-month"]').click()`)
		if got := eval[[]string](t, ctx, priced); !slices.Equal(got, want) {
			t.Errorf("sorted by monthly cost: %q; want %q", got, want)
		}
	}
	eval[any](t, ctx, `document.querySelector('button[data-sort="c-month"]').click()`)
	// The address follows the figures (history.replaceState after the
	// answer): wait until it has left EUR, as the rpd loop above waits.
	evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && location.search.includes('cur=EUR'); i++) await new Promise(r => setTimeout(r, 20));
		return location.search; })()`)
	// The exports of this scenario, as the page's buttons get them.
	csv := evalAsync[string](t, ctx, `window.__infercost.call('export', ['pricing', location.search.slice(1), 'csv', location.href])`)
	if !strings.HasPrefix(csv, "# InferCost pricing scenario") || !strings.Contains(csv, ",monthly_cost,gpt-4.1,2678.5,USD,") {
		t.Errorf("CSV export:\n%s", csv)
	}
	md := evalAsync[string](t, ctx, `window.__infercost.call('export', ['pricing', location.search.slice(1), 'md', location.href])`)
	if !strings.Contains(md, "| OpenAI GPT-4.1 | $2.00 |") {
		t.Errorf("Markdown export:\n%s", md)
	}

	// An old edition: May 2024 prices, a note and a link to today's.
	old := waitEngine(ctx, t, page+"?ed=2024-05-13")
	if old["gpt-4o.cost_per_request"] != "0.0095 USD" || old["gpt-4.1.monthly_cost"] != "" {
		t.Errorf("May 2024 edition: GPT-4o %q, GPT-4.1 %q", old["gpt-4o.cost_per_request"], old["gpt-4.1.monthly_cost"])
	}
	if note := eval[string](t, ctx, `document.getElementById('edition-note').innerText`); !strings.Contains(note, "2024-05-13") || !strings.Contains(note, "GPT-4o") {
		t.Errorf("no note about today's prices: %q", note)
	}
	if href := eval[string](t, ctx, `document.getElementById('edition-today').getAttribute('href')`); strings.Contains(href, "ed=2024-05-13") || !strings.Contains(href, "ed=") {
		t.Errorf("link to today's prices: %q", href)
	}

	// Hostile input.
	checkHostile(t, ctx, page+`?rpd=%3Cscript%3Ewindow.__pwned%3D1%3C/script%3E&cache=2&vs=%22%3E%3Cimg%20src%3Dx%3E&ed=2099-01-01&bm=-1`, defaults, "rpd", "cache", "vs", "ed", "bm")

	// Seed 000's ROI example: 500,000 requests of 1,000 tokens a month
	// at $2.50 per 1,000 tokens, $1,250,000; the reseller's ¥1 per million
	// at 7.14 yuan to the dollar, 500 / 7.14 = $70.03.
	seed := waitEngine(ctx, t, page+"?preset=seed-000-roi")
	cost, _ := strconv.ParseFloat(strings.TrimSuffix(seed["custom.monthly_cost"], " USD"), 64)
	if math.Abs(cost-1250000) > 1e-6 || seed["holysheep-flat.monthly_cost"] != "70.028011 USD" ||
		seed["holysheep-flat.monthly_cost_claimed"] != "70000 USD" {
		t.Errorf("seed-000-roi: %q, %q, claimed %q", seed["custom.monthly_cost"], seed["holysheep-flat.monthly_cost"], seed["holysheep-flat.monthly_cost_claimed"])
	}
	saveArtifact(t, "pricing-seed-000-roi.png", fullScreenshot(t, ctx, 100))
}

// The break-even chart, its legend and the printed handout follow the API
// the cluster is set against: by default the cheapest compared API (of
// GPT-4o and Claude Haiku 4.5, Haiku at $0.0025 a request against
// $0.0055: wasm/pricingview's TestTheClusterIsSetAgainstTheCheapestComparedAPI),
// then the one the reader chooses.
func TestPricingChartAndHandoutFollowTheChosenAPI(t *testing.T) {
	ctx, tco := browser(t)
	page := strings.TrimSuffix(tco, "tco/") + "pricing/"
	waitReady(ctx, t, page+"?apis=gpt-4o,claude-haiku-4.5")
	do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-breakeven-tab`)))
	// drawn waits until the chart's API line is named want (a redraw
	// follows the engine's answer), and returns what the chart, its
	// legend and the form show.
	drawn := func(want string) []string {
		return evalAsync[[]string](t, ctx, `(async () => { `+chartHasJS+` const el = document.getElementById('chart-breakeven'); el.scrollIntoView();
			await chartHas(el, 'api');
			const name = () => echarts.getInstanceByDom(el).getOption().series.find(s => s.id === 'api').name;
			for (let i = 0; i < 200 && name() !== `+strconv.Quote(want)+`; i++) await new Promise(r => setTimeout(r, 50));
			const vs = document.querySelector('[name="vs"]');
			return [name(), document.querySelector('#chart-breakeven-legend .legend-name').textContent, vs.options[vs.selectedIndex].textContent]; })()`)
	}
	if got := drawn("Anthropic Claude Haiku 4.5"); got[0] != "Anthropic Claude Haiku 4.5" || got[1] != got[0] || got[2] != got[0] {
		t.Errorf("by default the chart, its legend and the form show %q; want the cheapest compared API, Anthropic Claude Haiku 4.5", got)
	}

	do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="vs"]`), "gpt-4o"))
	eval[any](t, ctx, `document.querySelector('[name="vs"]').dispatchEvent(new Event('input', {bubbles: true}))`)
	if got := drawn("OpenAI GPT-4o"); got[0] != "OpenAI GPT-4o" || got[1] != got[0] {
		t.Errorf("after choosing GPT-4o the chart and its legend show %q", got)
	}
	// The handout as printed: the chart is on it, and its list of what
	// the scenario sets names the API chosen.
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
	handout := eval[[]string](t, ctx, `(dispatchEvent(new Event('beforeprint')), [document.getElementById('handout-changed').innerText,
		getComputedStyle(document.getElementById('chart-breakeven')).display, document.querySelector('#chart-breakeven-legend .legend-name').textContent])`)
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""})
	if !strings.Contains(handout[0], "OpenAI GPT-4o") || handout[1] == "none" || handout[2] != "OpenAI GPT-4o" {
		t.Errorf("the handout lists %q, prints the chart with display %q and the legend %q; want OpenAI GPT-4o", handout[0], handout[1], handout[2])
	}
}

// A bar's label reads as its cell (issue 36, point 8: "7,609" beside
// "$76.09" was a defect): the monthly chart writes each API's cost as
// the table's "Per month" column does, with the currency's symbol and
// cents only under 100, in English and in German.
func TestChartLabelsReadAsTheirCells(t *testing.T) {
	ctx, tco := browser(t)
	base := strings.TrimSuffix(tco, "tco/")
	for _, path := range []string{"pricing/", "de/pricing/"} {
		// Processed anywhere: a German page starts in the EU, where
		// none of these APIs has a price to draw.
		waitReady(ctx, t, base+path+"?apis=gpt-4o,claude-haiku-4.5,gpt-4.1&region=global")
		got := evalAsync[[][]string](t, ctx, `(async () => { `+chartHasJS+` const el = document.getElementById('chart-monthly'); el.scrollIntoView();
			await chartHas(el, 'monthly');
			const s = echarts.getInstanceByDom(el).getOption().series.find(x => x.id === 'monthly');
			const labels = s.data.map(d => s.label.formatter({value: d !== null && typeof d === 'object' ? d.value : d}));
			const cells = [...document.querySelectorAll('td[data-key$=".c-month"]')].map(td => {
				const c = td.cloneNode(true);
				c.querySelectorAll('.band').forEach(b => b.remove());
				return c.textContent.trim(); });
			return [labels, cells]; })()`)
		if len(got[0]) == 0 {
			t.Fatalf("%s: the monthly chart has no bars", path)
		}
		for _, l := range got[0] {
			if !slices.Contains(got[1], l) {
				t.Errorf("%s: the bar label %q is no cell's text %q", path, l, got[1])
			}
		}
	}
}
