package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// historyChart is what the price history chart draws: its time axis'
// extent and tick labels, each shown series' step and data, and the
// tooltip's heading at the first series' first price.
type historyChart struct {
	Extent []string `json:"extent"`
	Ticks  []string `json:"ticks"`
	Series []struct {
		Name string       `json:"name"`
		Step string       `json:"step"`
		Data [][2]float64 `json:"data"`
	} `json:"series"`
	Tip string `json:"tip"`
}

// TestPriceHistoryDrawsStepsOverItsPeriod opens /pricing/ with three APIs
// priced from 2026-12-01 (content/data/api-genai.yaml) at the edition of
// 2026-12-04, and by default: the history chart's time axis spans the
// prices' period, ticked by days, not hours (issue 45 saw hours across
// four days); each price is a step line from its date to the edition;
// the tooltip heads with the date, not a count of milliseconds.
func TestPriceHistoryDrawsStepsOverItsPeriod(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	for _, c := range []struct{ q, from, to string }{
		{"?apis=openai.gpt-6-astra,anthropic.claude-sonnet-5,deepseek.deepseek-v4-pro&ed=2026-12-04", "2026-12-01", "2026-12-04"},
		// The seed's reseller's claim, from 2026-01-15 (content/data/api.yaml),
		// is the default comparison's earliest price.
		{"?ed=2026-12-06", "2026-01-15", "2026-12-06"},
		// GPT-4o's first price, 2024-05-13 (content/data/api.yaml).
		{"?apis=openai.gpt-6-astra,gpt-4o&ed=2026-12-06", "2024-05-13", "2026-12-06"},
	} {
		waitReady(ctx, t, root+"pricing/"+c.q)
		do(t, ctx, chromedp.Click(chromedp.CSS(`#chart-history-tab`)))
		h := evalAsync[historyChart](t, ctx, `(async () => { const el = document.getElementById('chart-history'); el.scrollIntoView(); await nextFrames(4);
			const chart = echarts.getInstanceByDom(el), axis = chart.getModel().getComponent('xAxis').axis;
			chart.dispatchAction({type: 'showTip', seriesIndex: 0, dataIndex: 0}); await nextFrames(2);
			const tip = el.querySelector('.tip-head');
			return {extent: axis.scale.getExtent().map(v => new Date(v).toISOString().slice(0, 10)),
				ticks: axis.getViewLabels().map(l => String(l.formattedLabel)), tip: tip ? tip.textContent : '',
				series: chart.getOption().series.filter(s => s.data.length).map(s => ({name: s.name, step: s.step, data: s.data}))}; })()`)
		if len(h.Extent) != 2 || h.Extent[0] != c.from || h.Extent[1] != c.to {
			t.Errorf("pricing/%s: time axis %v; want %s to %s", c.q, h.Extent, c.from, c.to)
		}
		for _, l := range h.Ticks {
			if strings.Contains(l, ":") {
				t.Errorf("pricing/%s: tick labels %q tick hours; want days at the finest", c.q, h.Ticks)
				break
			}
		}
		if len(h.Series) == 0 {
			t.Errorf("pricing/%s: no price history drawn", c.q)
		}
		for _, s := range h.Series {
			if s.Step != "end" || len(s.Data) < 2 || s.Data[len(s.Data)-1][1] != s.Data[len(s.Data)-2][1] {
				t.Errorf("pricing/%s: %s: step %q, data %v; want a step line whose last price holds to the edition", c.q, s.Name, s.Step, s.Data)
			}
		}
		if h.Tip != "2026-12-01" {
			t.Errorf("pricing/%s: the tooltip at the first series' first price heads %q; want its date 2026-12-01", c.q, h.Tip)
		}
	}
}
