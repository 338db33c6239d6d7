package echart_test

import (
	"encoding/json"
	"testing"

	"github.com/infercost/infercost/site/echart"
	"github.com/infercost/infercost/wasm/chart"
)

// The browser merges chart.Patch into the full option by series id, so the
// full option must hold every series the patch names, with the same data,
// and the same axis, legend and mark values.
func TestPatchMatchesFullOption(t *testing.T) {
	for _, c := range []chart.Chart{
		{ID: "s", Kind: chart.Stacked, Categories: []string{"a: x", "b: y"}, Unit: "EUR", Series: []chart.Series{
			{ID: "gpus", Name: "GPUs", Values: []float64{1, 2}}, {ID: "rent", Name: "Rent", Values: []float64{0, 0}, Hidden: true}}},
		{ID: "l", Kind: chart.Lines, XName: "months", XMax: 36, Unit: "USD", Series: []chart.Series{
			{ID: "a", Name: "a", Points: [][2]float64{{0, 1}, {36, 2}}},
			{ID: "b", Name: "b", Points: [][2]float64{{0, 2}, {36, 1.5}}, Marks: []chart.Mark{{Name: "break-even", X: 20}}}}},
		{ID: "b", Kind: chart.Bars, Categories: []string{"a"}, Unit: "CNY", Series: []chart.Series{
			{ID: "cpt", Name: "Cost", Values: []float64{0.5}, Colors: []string{"#123456"}}}},
		timeChart,
	} {
		var full, patch map[string]any
		roundTrip(t, echart.New(c), &full)
		roundTrip(t, c.Patch(), &patch)
		for _, key := range []string{"xAxis", "yAxis", "legend"} {
			pm := patch[key].([]any)[0].(map[string]any)
			var fm map[string]any
			switch f := full[key].(type) {
			case []any:
				fm = f[0].(map[string]any)
			case map[string]any:
				fm = f
			}
			for k, v := range pm {
				if !equalJSON(fm[k], v) {
					t.Errorf("%s: %s.%s: full option %v, patch %v", c.ID, key, k, fm[k], v)
				}
			}
		}
		fs := full["series"].([]any)
		for i, s := range patch["series"].([]any) {
			ps, fs := s.(map[string]any), fs[i].(map[string]any)
			for k, v := range ps {
				fv := fs[k]
				if k == "markLine" {
					// go-echarts leaves an empty mark list out.
					d := fs[k].(map[string]any)["data"]
					if d == nil {
						d = []any{}
					}
					fv = map[string]any{"data": d}
				}
				if !equalJSON(fv, v) {
					t.Errorf("%s: series %d %s: full option %v, patch %v", c.ID, i, k, fv, v)
				}
			}
		}
	}
}

// timeChart is a price history (wasm/pricingview): step lines from
// 2026-12-01 (1,796,083,200,000 ms) to 2026-12-04 (1,796,342,400,000).
var timeChart = chart.Chart{ID: "h", Kind: chart.Lines, XTime: true, Step: true, XMin: 1796083200000, XMax: 1796342400000,
	Unit: "USD", Series: []chart.Series{{ID: "api1", Name: "a", Points: [][2]float64{{1796083200000, 50}, {1796342400000, 50}}}}}

// A time axis spans the chart's period, ticked no closer than a day: the
// price history's axis had no bounds and ticked hours across four days
// (issue 45, point 4). Its lines are steps that change at each price's
// date and hold until the next.
func TestTimeAxisSpansThePeriodByDays(t *testing.T) {
	var o struct {
		XAxis []struct {
			Type        string
			Min, Max    float64
			MinInterval float64
		}
		Series []struct{ Step string }
	}
	roundTrip(t, echart.New(timeChart), &o)
	x := o.XAxis[0]
	if x.Type != "time" || x.Min != timeChart.XMin || x.Max != timeChart.XMax || x.MinInterval != 86400000 {
		t.Errorf("time axis %+v; want type time from %v to %v, ticks at least 86,400,000 ms (a day) apart", x, timeChart.XMin, timeChart.XMax)
	}
	if o.Series[0].Step != "end" {
		t.Errorf("series step %q; want %q: a price holds from its date until the next", o.Series[0].Step, "end")
	}
}

func roundTrip(t *testing.T, v any, out any) {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
