package pricingview_test

import (
	"testing"
	"time"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/pricingview"
)

// day is a date's Unix time in milliseconds, as the chart's time axis has it.
func day(t *testing.T, date string) float64 {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		t.Fatal(err)
	}
	return float64(d.UnixMilli())
}

// The price history draws each API's output price as a step line from
// its first dated price to the scenario's edition (a price holds until
// the next row), on a time axis that spans the period the lines cover:
// the reader saw dots at the right edge of an axis with no set bounds,
// and hours across the four days of a comparison dated 2026-12-01 to
// 2026-12-04 (issue 45, point 4).
func TestHistoryChartSpansItsPricesPeriod(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		name, q, from, to string
		// want is each shown series' points as (date, output price in
		// USD per million tokens).
		want map[string][][2]any
	}{
		// content/data/api-genai.yaml: GPT-6 Astra $50, Claude Sonnet 5
		// $10, DeepSeek V4 Pro $1.98 output, each from 2026-12-01
		// (as of 2026-12-01), held to the edition of 2026-12-04.
		{"four days", "apis=openai.gpt-6-astra,anthropic.claude-sonnet-5,deepseek.deepseek-v4-pro&ed=2026-12-04", "2026-12-01", "2026-12-04",
			map[string][][2]any{
				"OpenAI GPT-6 Astra":        {{"2026-12-01", 50.0}, {"2026-12-04", 50.0}},
				"Anthropic Claude Sonnet 5": {{"2026-12-01", 10.0}, {"2026-12-04", 10.0}},
				"DeepSeek V4 Pro":           {{"2026-12-01", 1.98}, {"2026-12-04", 1.98}}, // the latest data's label (provider_once)
			}},
		// content/data/api.yaml: GPT-4o $15 output from 2024-05-13, $10
		// from 2024-10-02, held to the edition of 2026-12-06; its first
		// price is the comparison's earliest.
		{"since 2024", "apis=gpt-4o,anthropic.claude-sonnet-5&ed=2026-12-06", "2024-05-13", "2026-12-06",
			map[string][][2]any{"OpenAI GPT-4o": {{"2024-05-13", 15.0}, {"2024-10-02", 10.0}, {"2026-12-06", 10.0}}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := historyOf(t, build(t, d, c.q))
			if h.Kind != chart.Lines || !h.XTime || !h.Step {
				t.Errorf("history chart: kind %s, time axis %v, steps %v; want step lines on a time axis", h.Kind, h.XTime, h.Step)
			}
			if h.XMin != day(t, c.from) || h.XMax != day(t, c.to) {
				t.Errorf("time axis from %v to %v; want %s (%v) to %s (%v)", h.XMin, h.XMax, c.from, day(t, c.from), c.to, day(t, c.to))
			}
			x := h.Patch()["xAxis"].([]any)[0].(map[string]any)
			if x["min"] != h.XMin || x["max"] != h.XMax {
				t.Errorf("patch's time axis from %v to %v; want the chart's %v to %v", x["min"], x["max"], h.XMin, h.XMax)
			}
			found := 0
			for _, s := range h.Series {
				if s.Hidden {
					continue
				}
				if len(s.Points) == 0 || s.Points[0][0] < h.XMin || s.Points[len(s.Points)-1][0] != h.XMax {
					t.Errorf("%s: points %v; want them from the axis' start on to its end %v", s.Name, s.Points, h.XMax)
				}
				want, ok := c.want[s.Name]
				if !ok {
					continue
				}
				found++
				var pts [][2]float64
				for _, w := range want {
					pts = append(pts, [2]float64{day(t, w[0].(string)), w[1].(float64)})
				}
				if !equalPoints(s.Points, pts) {
					t.Errorf("%s: points %v; want %v", s.Name, s.Points, pts)
				}
			}
			if found != len(c.want) {
				t.Errorf("found %d of the series %v", found, c.want)
			}
		})
	}
}

func historyOf(t *testing.T, p pricingview.Page) chart.Chart {
	t.Helper()
	for _, c := range p.Charts {
		if c.ID == "chart-history" {
			return c
		}
	}
	t.Fatal("no chart-history")
	return chart.Chart{}
}

func equalPoints(a, b [][2]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
