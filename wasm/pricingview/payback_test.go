package pricingview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/pricingview"
)

// A payback later than the period over which the cluster's capex is
// spread says so: the default cluster (3 years, 36 months) pays back
// against the first API in 70.1 months, which read as an answer although
// the period ends 34 months before. Over 6 years (72 months) it is within.
// German pages start in euros at a German electricity price, with
// processing in the EU and their own comparison: their links here name
// the English page's dollars, US price (tco.yaml's
// electricity_usd_per_kwh), global processing and first API, so that
// both languages word one scenario.
func TestPaybackBeyondThePeriodSaysSo(t *testing.T) {
	d := load(t)
	de := msgtest.German(t)
	const us = "cur=USD&h.kwh=0.08&region=global&apis=openai.gpt-6-astra"
	for _, tc := range []struct {
		m           *msg.Catalog
		query, want string
	}{
		{msg.English, "", "70.1 months, beyond the 3-year period"},
		{de, us, "70,1 Monate, über den Zeitraum von 3 Jahren hinaus"},
		{msg.English, "h.y=1", "70.1 months, beyond the 1-year period"},
		{de, us + "&h.y=1", "70,1 Monate, über den Zeitraum von 1 Jahr hinaus"},
		{msg.English, "h.y=6", "70.1 months"},
		{de, us + "&h.y=6", "70,1 Monate"},
	} {
		p := pricingview.Build(pricingview.ResolveIn(tc.m, tc.query, d), d)
		if got := p.CellsByKey()["api1.pb"]; got.Text != tc.want || got.Value != 70.07 {
			t.Errorf("%s %q: api1.pb %q (%v); want %q (70.07)", tc.m.Lang, tc.query, got.Text, got.Value, tc.want)
		}
	}
}
