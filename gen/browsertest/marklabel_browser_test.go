package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// markLabel is a marker line's label as the chart draws it: its text,
// and its contrast with its halo (the text's border) and with the page
// around the chart.
type markLabel struct {
	Text string  `json:"text"`
	Halo float64 `json:"halo"`
	Page float64 `json:"page"`
}

// TestMarkLabelsReadOnTheirHalo reads, in the light and the dark colour
// scheme, each marker line's label as ECharts draws it (its element in
// zrender's display list): its text colour must have a contrast of at
// least 4.5:1 (WCAG AA) with its halo and with the page. In dark mode
// the labels were #333 on a white halo, a white smear on the dark page
// (issue 45).
func TestMarkLabelsReadOnTheirHalo(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	for _, scheme := range []string{"light", "dark"} {
		cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		// Each chart's marks by their names (content/i18n/en.yaml).
		for _, c := range []struct{ path, chart, mark string }{
			{"performance/", "chart-batch", "KV cache full"},
			{"performance/", "chart-rate", "P99 target"},
			{"tco/", "chart-cumulative", "break-even"},
		} {
			waitReady(ctx, t, root+c.path)
			do(t, ctx, chromedp.Click(chromedp.CSS(`#`+c.chart+`-tab`)))
			labels := evalAsync[[]markLabel](t, ctx, `(async () => {`+colourJS+`
				const el = document.getElementById('`+c.chart+`'); el.scrollIntoView(); await nextFrames(4);
				const page = rgb(getComputedStyle(document.body).backgroundColor);
				return echarts.getInstanceByDom(el).getZr().storage.getDisplayList(true)
					.filter(d => d.style && typeof d.style.text === 'string' && d.style.text.startsWith('`+c.mark+`'))
					.map(d => ({text: d.style.text, page: ratio(rgb(d.style.fill), page),
						halo: d.style.lineWidth > 0 ? ratio(rgb(d.style.fill), rgb(d.style.stroke)) : 21})); })()`)
			if len(labels) == 0 {
				t.Errorf("%s /%s %s: no mark labelled %q", scheme, c.path, c.chart, c.mark)
			}
			for _, l := range labels {
				if l.Halo < 4.5 || l.Page < 4.5 {
					t.Errorf("%s /%s %s: label %q has a contrast of %.2f:1 with its halo and %.2f:1 with the page; want at least 4.5:1",
						scheme, c.path, c.chart, l.Text, l.Halo, l.Page)
				}
			}
		}
	}
}
